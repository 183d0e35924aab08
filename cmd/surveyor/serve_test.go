package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
)

// startServe runs surveyor serve with args and returns its base URL and a function that stops it (as
// SIGTERM would) and returns its exit code.
func startServe(t *testing.T, args ...string) (string, func() int) {
	t.Helper()
	return startServeLogging(t, io.Discard, args...)
}

// startServeLogging is startServe with the server's log written to logs.
func startServeLogging(t *testing.T, logs io.Writer, args ...string) (string, func() int) {
	t.Helper()
	base, _, stop := startServeOut(t, logs, args...)
	return base, stop
}

// lockedBuffer is a bytes.Buffer the server's goroutines and the test may use at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServeOut is startServeLogging that also hands over the lines serve prints after its first.
func startServeOut(t *testing.T, logs io.Writer, args ...string) (string, <-chan string, func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	// What serve says when it cannot start goes into the failure's message too.
	said := &lockedBuffer{}
	go func() {
		c := run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--log-level", "warn"}, args...), nil, pw,
			io.MultiWriter(logs, said))
		pw.Close()
		code <- c
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		cancel()
		c := <-code
		t.Fatalf("serve printed nothing (exit %d); its log:\n%s", c, said)
	}
	m := regexp.MustCompile(`serving on (https?://[a-z0-9.:-]+)/`).FindStringSubmatch(lines.Text())
	if m == nil {
		cancel()
		t.Fatalf("serve printed %q, want the address to open", lines.Text())
	}
	more := make(chan string, 16)
	go func() {
		for lines.Scan() {
			select {
			case more <- lines.Text():
			default:
			}
		}
		io.Copy(io.Discard, pr)
	}()
	stopped := false
	stop := func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		select {
		case c := <-code:
			return c
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop within 30 s")
			return -1
		}
	}
	t.Cleanup(func() { stop() })
	return m[1], more, stop
}

func httpDo(t *testing.T, method, url, tok, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v map[string]any
	b, _ := io.ReadAll(res.Body)
	json.Unmarshal(b, &v)
	return res.StatusCode, v
}

// servePlaysAndKeeps serves, plays a few Carcassonne moves, stops, serves again on the same database and
// checks that every accepted move is still there.
func servePlaysAndKeeps(t *testing.T, args ...string) {
	base, stop := startServe(t, args...)
	for _, p := range []string{"/healthz", "/readyz"} {
		if code, _ := httpDo(t, "GET", base+p, "", ""); code != 200 {
			t.Fatalf("%s: %d", p, code)
		}
	}
	res, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	id, toks := carcassonneMatch(t, base)
	var seq float64
	for range 4 {
		if seq = playFirstLegal(base, id, toks); seq <= 0 {
			t.Fatal("a legal move was refused")
		}
	}
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}

	base, _ = startServe(t, args...)
	_, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
	if st["seq"].(float64) != seq || st["match"].(map[string]any)["moves"].(float64) != 4 {
		t.Fatalf("after restart: seq %v moves %v, want seq %v and 4 moves", st["seq"], st["match"].(map[string]any)["moves"], seq)
	}
}

func TestServeSQLiteRestart(t *testing.T) {
	servePlaysAndKeeps(t, "--data", filepath.Join(t.TempDir(), "data"))
}

func TestServePostgresRestart(t *testing.T) {
	url, schema := pgtest.Schema(t)
	servePlaysAndKeeps(t, "--db", url+"&search_path="+schema)
}

func TestServeFlags(t *testing.T) {
	o, err := parseServeFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.addr != "127.0.0.1:8080" || o.data != "data" || o.db != "" {
		t.Fatalf("defaults %+v, want 127.0.0.1:8080 with SQLite in ./data", o)
	}
	if o.gc != (cli.GC{Percent: 800}) {
		t.Fatalf("default collector %+v, want GOGC 800 and no memory limit", o.gc)
	}
	if o, err := parseServeFlags([]string{"--gc-percent", "150"}, io.Discard); err != nil || o.gc.Percent != 150 {
		t.Fatalf("--gc-percent 150: %d, %v", o.gc.Percent, err)
	}
	if o, err := parseServeFlags([]string{"--gc-percent", "-1", "--memory-limit", "1GiB"}, io.Discard); err != nil || o.gc != (cli.GC{Percent: -1, Limit: 1 << 30}) {
		t.Fatalf("--gc-percent -1 --memory-limit 1GiB: %+v, %v", o.gc, err)
	}
	if _, err := parseServeFlags([]string{"--memory-limit", "lots"}, io.Discard); err == nil {
		t.Fatal("--memory-limit lots accepted")
	}
	if o, err := parseServeFlags([]string{"--trusted-proxy", "127.0.0.1, 10.0.0.0/8", "--trusted-proxy", "fd00::1/8"}, io.Discard); err != nil ||
		fmt.Sprint(o.trusted) != "[127.0.0.1/32 10.0.0.0/8 fd00::/8]" {
		t.Fatalf("--trusted-proxy: %v, %v", o.trusted, err)
	}
	if _, err := parseServeFlags([]string{"--trusted-proxy", "proxy.local"}, io.Discard); err == nil {
		t.Fatal("--trusted-proxy with a host name accepted")
	}
	if _, err := parseServeFlags([]string{"--addr"}, io.Discard); err == nil {
		t.Fatal("--addr without a value accepted")
	}
	if _, err := parseServeFlags([]string{"extra"}, io.Discard); err == nil {
		t.Fatal("a stray argument accepted")
	}
	// 0 reads as "no sign-ups at all" to an operator, yet the server takes a zero for its default (30 an
	// hour): refused with the two meanings that exist rather than silently read as the default.
	if _, err := parseServeFlags([]string{"--signups-per-hour", "0"}, io.Discard); err == nil || !strings.Contains(err.Error(), "--signups-per-hour") {
		t.Fatalf("--signups-per-hour 0: %v, want refused", err)
	}
	if o, err := parseServeFlags([]string{"--signups-per-hour", "-1"}, io.Discard); err != nil || o.signups != -1 {
		t.Fatalf("--signups-per-hour -1: %d, %v", o.signups, err)
	}
	if c := run(context.Background(), []string{"serve", "--help"}, nil, io.Discard, io.Discard); c != 0 {
		t.Fatalf("serve --help: exit %d, want 0", c)
	}
	var errb bytes.Buffer
	if c := run(context.Background(), []string{"serve", "--log-level", "loud"}, nil, io.Discard, &errb); c != 1 || !strings.Contains(errb.String(), "debug, info, warn or error") {
		t.Fatalf("bad log level: exit %d, want 1 and the levels named: %s", c, errb.String())
	}
}

// serve --toy adds the toy game of the load test, which a plain serve does not offer, --no-bots takes the
// bots away, and --cpuprofile writes a profile.
func TestServeToyForLoadTests(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.prof")
	games := func(base string) string {
		res, err := http.Get(base + "/api/games")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	base, stop := startServe(t, "--data", filepath.Join(dir, "a"))
	if g := games(base); strings.Contains(g, `"name":"toy"`) {
		t.Error("serve offers the toy game without --toy")
	} else if !strings.Contains(g, `"bots":["easy","medium","auto","hard","fast","strong","master"],"default_bot":"strong"`) ||
		!strings.Contains(g, `"bots":["easy","auto","medium","hard","greedy+","master"],"default_bot":"greedy+"`) {
		// The levels from the weakest to the strongest by their measured ratings, the default apart.
		t.Errorf("serve does not offer the bots of both games in order of strength: %s", g)
	}
	stop()
	base, stop = startServe(t, "--data", filepath.Join(dir, "b"), "--toy", "--no-bots", "--cpuprofile", prof)
	if g := games(base); !strings.Contains(g, `"name":"toy"`) {
		t.Error("serve --toy does not offer the toy game")
	} else if strings.Contains(g, `"bots"`) {
		t.Errorf("serve --no-bots offers bots: %s", g)
	}
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Fatalf("CPU profile: %v, want a non-empty file", err)
	}
}

// carcassonneMatch creates and starts a two-seat Carcassonne match and returns its id and seat tokens.
func carcassonneMatch(t *testing.T, base string) (string, []string) {
	t.Helper()
	code, v := httpDo(t, "POST", base+"/api/matches", "", `{"game":"carcassonne","max_seats":2,"name":"a"}`)
	if code != 201 {
		t.Fatalf("create: %d %v", code, v)
	}
	id, tok0 := v["id"].(string), v["token"].(string)
	_, v = httpDo(t, "POST", base+"/api/matches/"+id+"/join", "", `{"name":"b"}`)
	tok1 := v["token"].(string)
	if code, v := httpDo(t, "POST", base+"/api/matches/"+id+"/start", tok0, ""); code != 200 {
		t.Fatalf("start: %d %v", code, v)
	}
	return id, []string{tok0, tok1}
}

// playFirstLegal plays the first legal move of the seat that must act; it returns the new sequence number,
// 0 when the game is over, or -1 when the server did not accept the move.
func playFirstLegal(base, id string, toks []string) float64 {
	get := func(url, tok string) map[string]any {
		req, _ := http.NewRequest("GET", url, nil)
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil
		}
		defer res.Body.Close()
		var v map[string]any
		json.NewDecoder(res.Body).Decode(&v)
		return v
	}
	st := get(base+"/api/matches/"+id, "")
	m, _ := st["match"].(map[string]any)
	if m == nil {
		return -1
	}
	if m["status"] == "finished" {
		return 0
	}
	toAct, _ := m["to_act"].([]any)
	if len(toAct) == 0 {
		return -1
	}
	tok := toks[int(toAct[0].(float64))]
	legal := get(base+"/api/matches/"+id+"/legal", tok)
	moves, _ := legal["moves"].([]any)
	if len(moves) == 0 {
		return -1
	}
	body, _ := json.Marshal(map[string]any{"move": moves[0]})
	req, _ := http.NewRequest("POST", base+"/api/matches/"+id+"/moves", strings.NewReader(string(body)))
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	var v map[string]any
	json.NewDecoder(res.Body).Decode(&v)
	if res.StatusCode != 200 {
		return -1
	}
	return v["seq"].(float64)
}

// TestShutdownLosesNoAcceptedMove stops the server while several games are being played and checks,
// after a restart, that every move the server acknowledged is in the log.
func TestShutdownLosesNoAcceptedMove(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	base, stop := startServe(t, "--data", data, "--rate", "-1")
	const n = 6
	ids, acked := make([]string, n), make([]float64, n)
	done := make(chan struct{})
	for i := range n {
		id, toks := carcassonneMatch(t, base)
		ids[i] = id
		go func() {
			defer func() { done <- struct{}{} }()
			for {
				seq := playFirstLegal(base, id, toks)
				if seq <= 0 {
					return // over, or the server is going away
				}
				acked[i] = seq
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}
	for range n {
		<-done
	}
	base, _ = startServe(t, "--data", data)
	total := 0.0
	for i, id := range ids {
		_, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
		if seq := st["seq"].(float64); seq < acked[i] {
			t.Fatalf("match %s: log at %v after restart, but move %v was acknowledged", id, seq, acked[i])
		}
		total += acked[i]
	}
	if total <= 3*n { // 3 events per match before play
		t.Fatal("no move was played before the shutdown: the test proves nothing")
	}
}

// TestRecordReplaysWithSurveyorReplay plays a whole game through the server, downloads its record and
// checks that surveyor replay reproduces the result the server announced.
func TestRecordReplaysWithSurveyorReplay(t *testing.T) {
	base, _ := startServe(t, "--data", filepath.Join(t.TempDir(), "data"), "--rate", "-1")
	id, toks := carcassonneMatch(t, base)
	for range 500 {
		seq := playFirstLegal(base, id, toks)
		if seq == 0 {
			break
		}
		if seq < 0 {
			t.Fatal("a legal move was refused")
		}
	}
	_, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
	result, _ := st["match"].(map[string]any)["result"].(map[string]any)
	if result == nil {
		t.Fatal("game not over after 500 moves")
	}
	res, err := http.Get(base + "/api/matches/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(res.Body)
	res.Body.Close()
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, rec, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if c := run(context.Background(), []string{"replay", "--json", file}, nil, &out, io.Discard); c != 0 {
		t.Fatalf("surveyor replay exited with %d", c)
	}
	var rep struct {
		Over   bool
		Result struct{ Scores []float64 }
	}
	if err := json.Unmarshal([]byte(out.String()), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Over || fmt.Sprint(rep.Result.Scores) != fmt.Sprint(result["scores"]) {
		t.Fatalf("replay says %+v, the server said %v", rep, result["scores"])
	}
}

// The operator's account tools on the server's database: list, reset a password (which signs the
// account out everywhere and prints the new one once), disable and enable.
func TestUserCommand(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	st, _, err := cli.OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	acc := st.(store.Accounts)
	for _, n := range []string{"Ada", "Bea"} {
		if err := acc.CreateUser(ctx, store.User{ID: "id-" + n, Name: n, Key: auth.NameKey(n), PasswordHash: "x", Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	acc.CreateSession(ctx, store.Session{Hash: [32]byte{1}, UserID: "id-Ada", Created: time.Now(), LastSeen: time.Now(), Expires: time.Now().Add(time.Hour)})
	acc.AddReport(ctx, store.Report{ID: "rep1", FromID: "id-Ada", AboutID: "id-Bea", GameID: "abcdefghijklmnop", Text: "rude\nin chat", Created: time.Now()})
	st.Close()
	user := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := run(ctx, append([]string{"user", "--data", dir}, args...), nil, &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, out := user("list"); code != 0 || !strings.Contains(out, "Ada") || !strings.Contains(out, "Bea") || !strings.Contains(out, "2 accounts") {
		t.Fatalf("list: %d %s", code, out)
	}
	code, out := user("reset-password", "ada")
	_, pw, _ := strings.Cut(out, "privately): ")
	pw, _, _ = strings.Cut(pw, "\n")
	if code != 0 || len(pw) != 20 {
		t.Fatalf("reset-password: %d %q", code, out)
	}
	if code, out := user("reports"); code != 0 || !strings.Contains(out, "rep1") || !strings.Contains(out, `"rude in chat"`) ||
		!strings.Contains(out, "abcdefghijklmnop") || !strings.Contains(out, "1 reports") || !strings.Contains(out, "open") {
		t.Fatalf("reports: %d %s", code, out)
	}
	if code, out := user("resolve", "rep1"); code != 0 || !strings.Contains(out, "resolved") {
		t.Fatalf("resolve: %d %s", code, out)
	}
	if code, out := user("reports"); code != 0 || !strings.Contains(out, "0 reports") {
		t.Fatalf("reports after resolving: %d %s", code, out)
	}
	if code, out := user("reports", "--all"); code != 0 || !strings.Contains(out, "resolved") {
		t.Fatalf("reports --all: %d %s", code, out)
	}
	if code, _ := user("resolve", "nope"); code == 0 {
		t.Fatal("resolving an unknown report succeeded")
	}
	if code, out := user("disable", "Bea"); code != 0 || !strings.Contains(out, "disabled") {
		t.Fatalf("disable: %d %s", code, out)
	}
	if code, _ := user("disable", "Nobody"); code == 0 {
		t.Fatal("disabling an unknown name succeeded")
	}
	st, _, _ = cli.OpenStore(ctx, "", dir)
	defer st.Close()
	acc = st.(store.Accounts)
	ada, _ := acc.UserByKey(ctx, "ada")
	if ok, _, _ := auth.VerifyPassword(ada.PasswordHash, pw); !ok {
		t.Fatal("the printed password does not sign Ada in")
	}
	if ss, _ := acc.Sessions(ctx, "id-Ada"); len(ss) != 0 {
		t.Fatal("a reset password left Ada's sessions open")
	}
	if bea, _ := acc.UserByKey(ctx, "bea"); !bea.Disabled {
		t.Fatal("Bea is not disabled")
	}
}

// The operator's figures are on the players' address for the operator's machines only; the profiler is
// only where --pprof-addr puts it.
func TestServeMetricsAndProfiler(t *testing.T) {
	// Port 0, and the port read from what serve prints: a port picked by the test and freed before
	// serve listened could be taken in between (CI saw serve exit 1 once that way).
	base, more, _ := startServeOut(t, io.Discard, "--data", t.TempDir(), "--pprof-addr", "127.0.0.1:0")
	var pprofAddr string
	select {
	case line := <-more:
		m := regexp.MustCompile(`profiler is on http://([0-9.:]+)/debug/pprof/`).FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("serve's second line %q, want the profiler's address", line)
		}
		pprofAddr = m[1]
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not say where its profiler is")
	}
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get(base + "/metrics"); code != 200 || !strings.Contains(body, "surveyor_matches_in_play 0") {
		t.Fatalf("/metrics from loopback: %d\n%.300s", code, body)
	}
	if _, body := get(base + "/debug/pprof/"); strings.Contains(body, "Types of profiles") {
		t.Fatal("the profiler answers on the players' address")
	}
	if code, body := get("http://" + pprofAddr + "/debug/pprof/"); code != 200 || !strings.Contains(body, "Types of profiles") {
		t.Fatalf("profiler: %d", code)
	}

	other, _ := startServe(t, "--data", t.TempDir(), "--metrics-from", "10.0.0.0/8")
	if code, body := get(other + "/metrics"); code != http.StatusForbidden || !strings.Contains(body, "metrics-from") {
		t.Fatalf("/metrics from outside --metrics-from: %d %s", code, body)
	}
	if _, err := parseServeFlags([]string{"--metrics-from", "everyone"}, io.Discard); err == nil {
		t.Fatal("--metrics-from everyone accepted")
	}
}

// An address already in use is refused before the server starts anything: one line saying so, not the
// errors of background work cut short (tournaments, challenges) logged at level ERROR as if something
// else had failed, and no database made.
func TestServeAddressInUse(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	data := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"serve", "--data", data, "--addr", held.Addr().String()}, nil, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "address already in use") || strings.Contains(errb.String(), `"level":"ERROR"`) {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if left, _ := os.ReadDir(data); len(left) != 0 {
		t.Fatalf("a refused start left %v", left)
	}
}

// A mistyped serve flag is said in one line with where to look, not buried under the forty lines of every
// flag's description.
func TestServeBadFlagIsShort(t *testing.T) {
	for _, args := range [][]string{{"--rate", "abc"}, {"--no-such-flag"}, {"--idle-timeout", "5"}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"serve"}, args...), nil, &out, &errb)
		if code == 0 || strings.Count(errb.String(), "\n") > 2 || !strings.Contains(errb.String(), "surveyor serve --help") ||
			!strings.Contains(errb.String(), strings.TrimLeft(args[0], "-")) {
			t.Errorf("serve %v: exit %d, stderr:\n%s", args, code, errb.String())
		}
	}
}

// Refused a port below 1024 (not root, no capability), serve says how to allow it, as the README does.
func TestListenErrorSaysHowToBindLowPorts(t *testing.T) {
	denied := &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EACCES)}
	if msg := listenError("listen", denied).Error(); !strings.Contains(msg, "setcap cap_net_bind_service=+ep") || !strings.Contains(msg, "permission denied") {
		t.Fatalf("permission denied: %q", msg)
	}
	inUse := &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EADDRINUSE)}
	if msg := listenError("listen", inUse).Error(); strings.Contains(msg, "setcap") || !strings.HasPrefix(msg, "listen: ") {
		t.Fatalf("address in use: %q", msg)
	}
}

// Listening on every interface (README: playing with friends), serve names the addresses to share, not
// only http://[::]:8080/, which leads nowhere from another machine.
func TestServeNamesTheAddressesToShare(t *testing.T) {
	ifaces := []net.Addr{
		&net.IPNet{IP: net.ParseIP("127.0.0.1"), Mask: net.CIDRMask(8, 32)},
		&net.IPNet{IP: net.ParseIP("192.168.1.20"), Mask: net.CIDRMask(24, 32)},
		&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
		&net.IPNet{IP: net.ParseIP("2001:db8::7"), Mask: net.CIDRMask(64, 128)},
	}
	for addr, want := range map[string]string{
		"[::]:8080":      "http://192.168.1.20:8080/ http://[2001:db8::7]:8080/",
		"0.0.0.0:8080":   "http://192.168.1.20:8080/",
		"127.0.0.1:8080": "",
		"10.0.0.5:8080":  "",
	} {
		if got := strings.Join(shareableURLs(addr, ifaces), " "); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
}
