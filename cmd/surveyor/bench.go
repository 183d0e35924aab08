package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	carcbot "github.com/surveyor-game/surveyor/bot/carcassonne"
	cartobot "github.com/surveyor-game/surveyor/bot/cartographers"
	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

func init() {
	commands["bench"] = command{
		summary: "measure this machine: engine games/s, bot decisions, log appends, moves through the API",
		run:     runBench,
	}
}

// benchCase is one measurement; op names what one operation is.
type benchCase struct {
	name, op string
	run      func(b *testing.B)
}

// benchResult is one line of surveyor bench's report.
type benchResult struct {
	Name        string  `json:"name"`
	Op          string  `json:"op"`
	N           int     `json:"n"`
	NsPerOp     float64 `json:"nsPerOp"`
	OpsPerSec   float64 `json:"opsPerSec"`
	BytesPerOp  int64   `json:"bytesPerOp"`
	AllocsPerOp int64   `json:"allocsPerOp"`
}

func benchCases(tmp string) []benchCase {
	return []benchCase{
		{"cartographers/random-solo-game", "game", benchCartographersGames(cartographers.Options{}, 1)},
		{"cartographers/random-4-player-game-both-boxes", "game", benchCartographersGames(cartographers.Options{Preset: "both"}, 4)},
		{"carcassonne/random-game-surveyors", "game", benchCarcassonneGames},
		{"bot/cartographers-strong", "decision", benchCartographersBot(cartobot.Strong)},
		{"bot/cartographers-fast", "decision", benchCartographersBot(cartobot.Fast)},
		{"bot/carcassonne-greedy+", "decision", benchCarcassonneBot},
		{"store/sqlite-append-parallel", "append", benchSQLiteAppend(tmp)},
		{"server/move-through-api-sqlite", "move", benchServerMove(tmp)},
	}
}

const benchUsage = `usage: surveyor bench [--only REGEXP] [--time D] [--json]

Measures this machine with the project's own hot paths, each run for about --time: whole random games of
each engine, bot decisions, appends to the SQLite log (group commit, from as many goroutines as there are
CPUs), and one toy move through the whole HTTP handler with its SQLite append (surveyor loadtest measures the
server over the network). Compare a host
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
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() != 0 || *dur <= 0 {
		return errors.New("usage: surveyor bench [--only REGEXP] [--time D] [--json]")
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
	// testing.Benchmark reads its duration from the test flags, which only exist once registered.
	testing.Init()
	if err := flag.CommandLine.Set("test.benchtime", dur.String()); err != nil {
		return err
	}
	var out []benchResult
	for _, c := range benchCases(tmp) {
		if !re.MatchString(c.name) {
			continue
		}
		r := testing.Benchmark(c.run)
		if r.N == 0 {
			return fmt.Errorf("bench %s failed", c.name)
		}
		res := benchResult{Name: c.name, Op: c.op, N: r.N, NsPerOp: float64(r.T.Nanoseconds()) / float64(r.N),
			BytesPerOp: r.AllocedBytesPerOp(), AllocsPerOp: r.AllocsPerOp()}
		res.OpsPerSec = 1e9 / res.NsPerOp
		out = append(out, res)
		if !*asJSON {
			fmt.Fprintf(stdout, "%-48s %10s/%-8s %12.0f %s/s %8d B/op %6d allocs/op\n", c.name, fmtNs(res.NsPerOp), c.op,
				res.OpsPerSec, c.op+"s", res.BytesPerOp, res.AllocsPerOp)
		}
	}
	if len(out) == 0 {
		return fmt.Errorf("no measurement matches %q", *only)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	return nil
}

func fmtNs(ns float64) string {
	return time.Duration(ns).Round(time.Duration(max(1, ns/1000))).String()
}

// benchCartographersGames plays whole games of random legal moves: one op is one game.
func benchCartographersGames(o cartographers.Options, seats int) func(b *testing.B) {
	return func(b *testing.B) {
		rng := game.NewRNG(1, 2)
		buf := make([]cartographers.Placement, 0, 1024)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			g, err := cartographers.NewGame(o, seats, uint64(i))
			if err != nil {
				b.Fatal(err)
			}
			for !g.Over() {
				for _, seat := range g.ToActSeats() {
					var m cartographers.Move
					m, _, buf = g.RandomMove(seat, rng, buf)
					if err := g.Play(seat, m); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
}

func benchCarcassonneGames(b *testing.B) {
	o := carcassonne.DefaultOptions()
	o.Surveyors = true
	g := &carcassonne.Game{}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := g.Reset(o, 2, uint64(i)); err != nil {
			b.Fatal(err)
		}
		rp := carcassonne.NewRandomPlayer(uint64(i))
		for !g.Over() {
			if err := g.Play(rp.Move(g)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchCartographersBot times the bot's decisions through solo games it plays itself: one op is one
// decision (the move is then played, outside the timer's interest but inside the op).
func benchCartographersBot(level cartobot.Level) func(b *testing.B) {
	return func(b *testing.B) {
		bt := cartobot.New(level)
		var g *cartographers.Game
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if g == nil || g.Over() {
				var err error
				if g, err = cartographers.NewGame(cartographers.Options{}, 1, uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
			m, err := bt.Choose(g, 0)
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Play(0, m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func benchCarcassonneBot(b *testing.B) {
	bt := carcbot.New()
	o := carcassonne.DefaultOptions()
	o.Surveyors = true
	var g *carcassonne.Game
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if g == nil || g.Over() {
			var err error
			if g, err = carcassonne.NewGame(o, 2, uint64(i)); err != nil {
				b.Fatal(err)
			}
		}
		m, err := bt.Choose(g)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSQLiteAppend appends one event at a time to distinct games from parallel goroutines, as moves of
// many matches arrive: one op is one append, committed (group commit shares the disk flushes).
func benchSQLiteAppend(tmp string) func(b *testing.B) {
	return func(b *testing.B) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(tmp, fmt.Sprintf("append-%d.db", time.Now().UnixNano())))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		var next atomic.Int64
		data := json.RawMessage(`{"move":{"pick":1}}`)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			id := fmt.Sprint("g", next.Add(1))
			if err := st.CreateGame(ctx, store.Game{ID: id, Game: "toy", Status: "playing"}); err != nil {
				b.Error(err)
				return
			}
			var seq int64
			for pb.Next() {
				if _, err := st.Append(ctx, id, seq, store.Update{}, store.Event{Kind: "move", Data: data, At: time.Now()}); err != nil {
					b.Error(err)
					return
				}
				seq++
			}
		})
	}
}

// benchServerMove posts toy moves through the whole HTTP handler (decode, token, engine, SQLite append,
// the mover's envelope), without the network: one op is one accepted move.
func benchServerMove(tmp string) func(b *testing.B) {
	return func(b *testing.B) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(tmp, fmt.Sprintf("server-%d.db", time.Now().UnixNano())))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		srv, err := server.New(ctx, server.Config{Store: st, Games: game.NewRegistry(gametest.Definition{}), RateLimit: -1,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			b.Fatal(err)
		}
		defer srv.Close()
		h := srv.Handler()
		call := func(path, tok, body string) (int, []byte) {
			req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
			if tok != "" {
				req.Header.Set("Authorization", "Bearer "+tok)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec.Code, rec.Body.Bytes()
		}
		newMatch := func() (string, string) {
			var v struct{ ID, Token string }
			_, body := call("/api/matches", "", `{"game":"toy","options":{"rounds":20},"max_seats":1,"name":"bench"}`)
			if err := json.Unmarshal(body, &v); err != nil || v.Token == "" {
				b.Fatalf("create: %s", body)
			}
			if code, body := call("/api/matches/"+v.ID+"/start", v.Token, ""); code != http.StatusOK {
				b.Fatalf("start: %d %s", code, body)
			}
			return v.ID, v.Token
		}
		id, tok := newMatch()
		moves := 0
		b.ReportAllocs()
		for b.Loop() {
			if moves == 20 {
				b.StopTimer()
				id, tok = newMatch()
				moves = 0
				b.StartTimer()
			}
			if code, body := call("/api/matches/"+id+"/moves", tok, `{"move":{"pick":2}}`); code != http.StatusOK {
				b.Fatalf("move: %d %s", code, body)
			}
			moves++
		}
	}
}
