package main

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/internal/egress"
	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/notify/push"
	"github.com/surveyor-game/surveyor/rating"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

func init() {
	commands["bench"] = command{
		summary: "measure this machine: engine games/s, bot decisions, log appends, moves through the API, notifications sent",
		run:     runBench,
	}
}

// benchCase is one measurement; op names what one operation is. setup prepares it and returns a maker of
// workers (each with its own state) and what to release afterwards; parallel cases run one worker per CPU.
type benchCase struct {
	name, op string
	parallel bool
	workers  int // when above 0, the count of workers (parallel or not)
	setup    func() (worker func() (func(i int) error, error), done func(), err error)
}

// benchResult is one line of surveyor bench's report.
type benchResult struct {
	Name        string  `json:"name"`
	Op          string  `json:"op"`
	N           int     `json:"n"`
	NsPerOp     float64 `json:"ns_per_op"`
	OpsPerSec   float64 `json:"ops_per_sec"`
	BytesPerOp  int64   `json:"bytes_per_op"`
	AllocsPerOp int64   `json:"allocs_per_op"`
	// CPUNsPerOp is the process's CPU time (user and system, every thread) per op: above NsPerOp when
	// the op keeps several cores busy, below it when it waits (for the disk, say).
	CPUNsPerOp float64 `json:"cpu_ns_per_op"`
}

// benchCases are every game's benchmarks, then the store's and the server's.
func benchCases(tmp string) []benchCase {
	var out []benchCase
	for _, g := range games.All() {
		for _, b := range g.Benchmarks {
			out = append(out, benchCase{name: b.Name, op: b.Op, setup: func() (func() (func(int) error, error), func(), error) {
				return func() (func(int) error, error) { return b.Setup() }, func() {}, nil
			}})
		}
	}
	return append(out,
		benchCase{name: "store/sqlite-append-parallel", op: "append", parallel: true, setup: benchSQLiteAppend(tmp, false)},
		benchCase{name: "store/sqlite-append-with-note-parallel", op: "append", parallel: true, setup: benchSQLiteAppend(tmp, true)},
		// 256 games appending at once, as on a busy server: group commit's batches grow, and the CPU time
		// per append is what the store costs the server's cores.
		benchCase{name: "store/sqlite-append-256-games", op: "append", workers: 256, setup: benchSQLiteAppend(tmp, false)},
		benchCase{name: "server/move-through-api-sqlite", op: "move", setup: benchServerMove(tmp)},
		benchCase{name: "rating/rate-4-players", op: "game", setup: benchRate(4)},
		benchCase{name: "rating/rate-100-players", op: "game", setup: benchRate(100)},
		benchCase{name: "auth/verify-password", op: "check", setup: benchVerifyPassword},
		benchCase{name: "notify/mail-send", op: "mail", setup: benchMailSend},
		benchCase{name: "notify/push-send", op: "push", setup: benchPushSend},
	)
}

const benchUsage = `usage: surveyor bench [--only REGEXP] [--time D] [--json | --benchfmt]

Measures this machine with the project's own hot paths, each run for about --time: whole random games of
each engine, bot decisions, appends to the SQLite log (group commit, from as many goroutines as there are
CPUs), one toy move through the whole HTTP handler with its SQLite append (surveyor loadtest measures the
server over the network), and one notification sent: an e-mail through a whole SMTP session, a Web Push
encrypted and posted, each to a server in this process (its CPU time counted). Compare a host
with the figures in the issue notes and docs (a 2-core machine). The go test benchmarks of each package
(go test -bench . ./...) measure the same paths in more detail.

`

func runBench(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, benchUsage); fs.PrintDefaults() }
	only := fs.String("only", "", "run only the measurements whose name matches `REGEXP`")
	dur := fs.Duration("time", time.Second, "how long to run each measurement")
	asJSON := fs.Bool("json", false, "print the results as a JSON array")
	goFormat := fs.Bool("benchfmt", false, "print the results in the format of go test -bench, which benchstat compares")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() != 0 || *dur <= 0 {
		return errors.New("usage: surveyor bench [--only REGEXP] [--time D] [--json | --benchfmt]")
	}
	re, err := regexp.Compile(*only)
	if err != nil {
		return fmt.Errorf("--only: %w", err)
	}
	tmp, err := os.MkdirTemp("", "surveyor-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var out []benchResult
	for _, c := range benchCases(tmp) {
		if !re.MatchString(c.name) {
			continue
		}
		res, err := measure(c, *dur)
		if err != nil {
			return fmt.Errorf("bench %s: %w", c.name, err)
		}
		out = append(out, res)
		if *goFormat {
			fmt.Fprintf(stdout, "Benchmark%s%s-%d\t%d\t%.1f ns/op\t%.1f cpu-ns/op\t%d B/op\t%d allocs/op\n", strings.ToUpper(c.name[:1]), c.name[1:],
				runtime.GOMAXPROCS(0), res.N, res.NsPerOp, res.CPUNsPerOp, res.BytesPerOp, res.AllocsPerOp)
		} else if !*asJSON {
			fmt.Fprintf(stdout, "%-48s %10s/%-8s %12.0f %s/s %10s CPU/%s %8d B/op %6d allocs/op\n", c.name, fmtNs(res.NsPerOp), c.op,
				res.OpsPerSec, plural(c.op), fmtNs(res.CPUNsPerOp), c.op, res.BytesPerOp, res.AllocsPerOp)
		}
	}
	if len(out) == 0 {
		return fmt.Errorf("no measurement matches %q", *only)
	}
	if *asJSON && !*goFormat {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	return nil
}

// plural is an op's name for many of them: games, pushes.
func plural(op string) string {
	if strings.HasSuffix(op, "sh") || strings.HasSuffix(op, "ch") || strings.HasSuffix(op, "s") || strings.HasSuffix(op, "x") {
		return op + "es"
	}
	return op + "s"
}

// fmtNs shows a duration to three significant figures (722.722µs was shown as such, its digits all noise).
func fmtNs(ns float64) string {
	unit := 1.0
	for ns >= 1000*unit {
		unit *= 10
	}
	return time.Duration(ns).Round(time.Duration(unit)).String()
}

// measure runs a case with more and more operations until one run lasts at least d, and reports that run.
// The binary measures itself rather than through package testing, which would come into the production
// binary with its flags.
func measure(c benchCase, d time.Duration) (benchResult, error) {
	worker, done, err := c.setup()
	if err != nil {
		return benchResult{}, err
	}
	defer done()
	workers := 1
	if c.parallel {
		workers = runtime.GOMAXPROCS(0)
	}
	if c.workers > 0 {
		workers = c.workers
	}
	ops := make([]func(int) error, workers)
	for w := range ops {
		if ops[w], err = worker(); err != nil {
			return benchResult{}, err
		}
	}
	var next atomic.Int64
	for n := 1; ; {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cpu0, err := cli.SelfCPU()
		if err != nil {
			return benchResult{}, err
		}
		start := time.Now()
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w, op := range ops {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < n/workers+boolInt(w < n%workers); i++ {
					if err := op(int(next.Add(1))); err != nil {
						errs[w] = err
						return
					}
				}
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		cpu1, err := cli.SelfCPU()
		if err != nil {
			return benchResult{}, err
		}
		runtime.ReadMemStats(&after)
		if err := errors.Join(errs...); err != nil {
			return benchResult{}, err
		}
		if elapsed >= d || n >= 1e9 {
			ns := float64(elapsed.Nanoseconds()) / float64(n)
			return benchResult{Name: c.name, Op: c.op, N: n, NsPerOp: ns, OpsPerSec: 1e9 / ns,
				BytesPerOp: int64(after.TotalAlloc-before.TotalAlloc) / int64(n), AllocsPerOp: int64(after.Mallocs-before.Mallocs) / int64(n),
				CPUNsPerOp: float64((cpu1 - cpu0).Nanoseconds()) / float64(n)}, nil
		}
		// Aim 20% past d from the rate seen, growing at least 2x and at most 100x a round.
		want := float64(n) * 1.2 * float64(d) / float64(max(elapsed, time.Microsecond))
		n = int(min(max(want, 2*float64(n)), 100*float64(n)))
	}
}

// benchRate rates one finished game of n players (ranks 1..n, ratings spread as players' are).
func benchRate(n int) func() (func() (func(int) error, error), func(), error) {
	return func() (func() (func(int) error, error), func(), error) {
		m := rating.Default()
		ps, ranks := make([]rating.Rating, n), make([]int, n)
		for i := range ps {
			ps[i] = rating.Rating{Mu: 10 + float64(i*37%30), Sigma: 1 + float64(i*13%8)}
			ranks[i] = (i*7)%n + 1
		}
		worker := func() (func(int) error, error) {
			return func(int) error {
				_, err := m.Rate(ps, ranks)
				return err
			}, nil
		}
		return worker, func() {}, nil
	}
}

// benchVerifyPassword checks a password against its argon2id hash, as every sign-in does (slow by design).
func benchVerifyPassword() (func() (func(int) error, error), func(), error) {
	h, err := auth.HashPassword("correct horse battery staple")
	if err != nil {
		return nil, nil, err
	}
	worker := func() (func(int) error, error) {
		return func(int) error {
			ok, _, err := auth.VerifyPassword(h, "correct horse battery staple")
			if err == nil && !ok {
				err = errors.New("the password does not match its hash")
			}
			return err
		}, nil
	}
	return worker, func() {}, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// benchSQLiteAppend appends one event at a time to distinct games from parallel workers, as moves of many
// matches arrive: one op is one append, committed (group commit shares the disk flushes).
// benchSQLiteAppend appends moves from as many goroutines as there are CPUs; withNote adds to each the
// outbox row of a move that hands the turn to another account (issue 13's notifications).
func benchSQLiteAppend(tmp string, withNote bool) func() (func() (func(int) error, error), func(), error) {
	return func() (func() (func(int) error, error), func(), error) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(tmp, fmt.Sprintf("append-%d.db", time.Now().UnixNano())))
		if err != nil {
			return nil, nil, err
		}
		var ids atomic.Int64
		data := json.RawMessage(`{"move":{"pick":1}}`)
		note := json.RawMessage(`{"game":"toy","by":"Ada","seat":1,"seq":2}`)
		worker := func() (func(int) error, error) {
			id := fmt.Sprint("g", ids.Add(1))
			if err := st.CreateGame(ctx, store.Game{ID: id, Game: "toy", Status: "playing"}); err != nil {
				return nil, err
			}
			var seq int64
			return func(int) error {
				now := time.Now()
				var up store.Update
				if withNote {
					up.Notes = []store.Note{{UserID: "u", Kind: "turn", GameID: id, Data: note, Due: now, Created: now}}
				}
				if _, err := st.Append(ctx, id, seq, up, store.Event{Kind: "move", Data: data, At: now}); err != nil {
					return err
				}
				seq++
				return nil
			}, nil
		}
		return worker, func() { st.Close() }, nil
	}
}

// benchServerMove posts toy moves through the whole HTTP handler (decode, token, engine, SQLite append,
// the mover's envelope), without the network: one op is one accepted move. A toy match lasts 20 moves, so
// every 20th op also creates and starts the next match.
func benchServerMove(tmp string) func() (func() (func(int) error, error), func(), error) {
	return func() (func() (func(int) error, error), func(), error) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(tmp, fmt.Sprintf("server-%d.db", time.Now().UnixNano())))
		if err != nil {
			return nil, nil, err
		}
		srv, err := server.New(ctx, server.Config{Store: st, Games: game.NewRegistry(gametest.Definition{}), RateLimit: -1,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			st.Close()
			return nil, nil, err
		}
		h := srv.Handler()
		call := func(path, tok, body string) (int, []byte, error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://bench"+path, strings.NewReader(body))
			if err != nil {
				return 0, nil, err
			}
			req.RemoteAddr = "127.0.0.1:1"
			if tok != "" {
				req.Header.Set("Authorization", "Bearer "+tok)
			}
			w := &benchWriter{header: http.Header{}, code: http.StatusOK}
			h.ServeHTTP(w, req)
			return w.code, w.body.Bytes(), nil
		}
		worker := func() (func(int) error, error) {
			var id, tok string
			moves := 20
			return func(int) error {
				if moves == 20 {
					var v struct{ ID, Token string }
					_, body, err := call("/api/matches", "", `{"game":"toy","options":{"rounds":20},"max_seats":1,"name":"bench"}`)
					if err != nil || json.Unmarshal(body, &v) != nil || v.Token == "" {
						return fmt.Errorf("create: %s %v", body, err)
					}
					if code, body, err := call("/api/matches/"+v.ID+"/start", v.Token, ""); err != nil || code != http.StatusOK {
						return fmt.Errorf("start: %d %s %v", code, body, err)
					}
					id, tok, moves = v.ID, v.Token, 0
				}
				if code, body, err := call("/api/matches/"+id+"/moves", tok, `{"move":{"pick":2}}`); err != nil || code != http.StatusOK {
					return fmt.Errorf("move: %d %s %v", code, body, err)
				}
				moves++
				return nil
			}, nil
		}
		return worker, func() { srv.Close(); st.Close() }, nil
	}
}

// benchWriter is the least http.ResponseWriter the handler needs.
type benchWriter struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (w *benchWriter) Header() http.Header         { return w.header }
func (w *benchWriter) Write(b []byte) (int, error) { return w.body.Write(b) }
func (w *benchWriter) WriteHeader(code int)        { w.code = code }

// benchMailSend sends one notification e-mail through a whole SMTP session (dial, EHLO, MAIL, RCPT, DATA,
// QUIT) to an SMTP server in this process that discards it, as notify/mail's BenchmarkSend does to the
// tests' server (which also parses and keeps each message): one op is one message, both ends' CPU counted.
func benchMailSend() (func() (func(int) error, error), func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := smtp.NewServer(smtpSink{})
	srv.Domain = "bench.localhost"
	srv.ErrorLog = log.New(io.Discard, "", 0)
	go srv.Serve(ln)
	done := func() { ln.Close(); srv.Close() } // srv.Close misses a listener Serve has not registered yet
	cfg, err := mail.ParseURL("smtp://" + ln.Addr().String() + "?security=none&from=" + url.QueryEscape("Surveyor <noreply@example.org>"))
	if err != nil {
		done()
		return nil, nil, err
	}
	m := mail.Message{To: "Ana Sílva <ana@example.net>", Subject: "Á tua vez — Cartógrafos", ID: "turn.g42.m7.u3",
		Text: strings.Repeat("É a tua vez de jogar Cartógrafos.\n", 20), Unsubscribe: "https://surveyor.example.org/u?t=abc",
		Date: time.Date(2026, 3, 1, 18, 30, 5, 0, time.FixedZone("", 3600))}
	worker := func() (func(int) error, error) {
		return func(int) error { return cfg.Send(context.Background(), m) }, nil
	}
	return worker, done, nil
}

// smtpSink is an SMTP backend, and its sessions, that accepts every message and discards it.
type smtpSink struct{}

func (smtpSink) NewSession(*smtp.Conn) (smtp.Session, error) { return smtpSink{}, nil }
func (smtpSink) Mail(string, *smtp.MailOptions) error        { return nil }
func (smtpSink) Rcpt(string, *smtp.RcptOptions) error        { return nil }
func (smtpSink) Reset()                                      {}
func (smtpSink) Logout() error                               { return nil }
func (smtpSink) Data(r io.Reader) error {
	if n, err := io.Copy(io.Discard, r); err != nil || n == 0 {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: fmt.Sprintf("empty or broken message: %v", err)}
	}
	return nil
}

// benchPushSend sends one Web Push, as notify/push's BenchmarkSend does: a VAPID-signed request whose payload
// is encrypted (aes128gcm) for a browser's subscription, whose P-256 key and auth secret are made here, posted
// to an HTTP server in this process that answers 201 as a push service does. One op is one push.
func benchPushSend() (func() (func(int) error, error), func(), error) {
	keys, err := push.GenerateKeys()
	if err != nil {
		return nil, nil, err
	}
	browser, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{ErrorLog: log.New(io.Discard, "", 0), Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.Copy(io.Discard, r.Body)
		if err != nil || r.Header.Get("Content-Encoding") != "aes128gcm" || !strings.HasPrefix(r.Header.Get("Authorization"), "vapid ") {
			w.WriteHeader(http.StatusBadRequest) // not an encrypted, signed push
			return
		}
		w.WriteHeader(http.StatusCreated)
	})}
	go srv.Serve(ln)
	var sub push.Subscription
	sub.Endpoint = "http://" + ln.Addr().String() + "/push"
	sub.Keys.P256dh = base64.RawURLEncoding.EncodeToString(browser.PublicKey().Bytes())
	sub.Keys.Auth = base64.RawURLEncoding.EncodeToString(auth)
	// The push service is on this machine, which the server's own egress rule refuses: the benchmark's
	// sender is let through to loopback, and pays the same dial-time check.
	s := &push.Sender{Keys: keys, Subject: "mailto:ops@example.com", Client: egress.Loopback.Client(15 * time.Second)}
	payload := []byte(`{"game":42,"msg":"your turn"}`)
	worker := func() (func(int) error, error) {
		return func(int) error { return s.Send(context.Background(), sub, payload, time.Hour, "", "") }, nil
	}
	return worker, func() { srv.Close() }, nil
}
