package release

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/surveyor-game/surveyor/internal/freeport"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
)

// repoRoot is the root of this repository's working tree.
func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("the upgrade test needs this repository's git history: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// build compiles surveyor from dir into out.
func build(t *testing.T, dir, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", out, "./cmd/surveyor")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", dir, err, b)
	}
}

// binaries builds the previous release (from git) and the working tree's surveyor.
func binaries(t *testing.T) (prev, cur string) {
	root := repoRoot(t)
	if err := exec.Command("git", "-C", root, "cat-file", "-e", PreviousRelease+"^{commit}").Run(); err != nil {
		t.Fatalf("commit %s (PreviousRelease) is not in this clone's history (a shallow clone? git fetch --unshallow): %v", PreviousRelease, err)
	}
	tmp := t.TempDir()
	src := filepath.Join(tmp, "prev-src")
	os.MkdirAll(src, 0o755)
	archive := exec.Command("git", "-C", root, "archive", "--format=tar", PreviousRelease)
	untar := exec.Command("tar", "-x", "-C", src)
	pipe, _ := archive.StdoutPipe()
	untar.Stdin = pipe
	if err := untar.Start(); err != nil {
		t.Fatal(err)
	}
	if err := archive.Run(); err != nil {
		t.Fatalf("git archive %s: %v", PreviousRelease, err)
	}
	if err := untar.Wait(); err != nil {
		t.Fatalf("untar: %v", err)
	}
	prev, cur = filepath.Join(tmp, "surveyor-prev"), filepath.Join(tmp, "surveyor-cur")
	var wg sync.WaitGroup
	wg.Go(func() { build(t, src, prev) })
	wg.Go(func() { build(t, root, cur) })
	wg.Wait()
	return prev, cur
}

// gamesMu guards players' games lists, read while they play (the slow player's one game, once created).
var gamesMu sync.Mutex

func slowGames(p *player) []string {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	return append([]string(nil), p.games...)
}

// backendServed is how many requests the balancer sent in to in and had answered.
func (in *instance) backendServed(lb *httptest.Server) int64 {
	bal := lb.Config.Handler.(*balancer)
	for _, be := range bal.backends {
		if be.base.Host == in.addr {
			return be.served.Load()
		}
	}
	return 0
}

// instance is one surveyor serve process at a fixed address.
type instance struct {
	addr string
	cmd  *exec.Cmd
	log  bytes.Buffer
}

// freeAddrs are n addresses for the instances: each is free between its instances' runs (a port of the
// kernel's ephemeral range could be taken then by any bind to port 0, or any outgoing connection).
func freeAddrs(t *testing.T, n int) []string {
	var addrs []string
	for _, p := range freeport.Ports(t, n) {
		addrs = append(addrs, freeport.Addr(p))
	}
	return addrs
}

// start runs bin serve at in.addr on db and waits until it is ready.
func (in *instance) start(t *testing.T, bin, db string) {
	t.Helper()
	in.log.Reset()
	in.cmd = exec.Command(bin, "serve", "--addr", in.addr, "--db", db, "--toy", "--no-bots", "--no-push",
		"--rate", "-1", "--conns-per-addr", "0", "--ws-per-addr", "-1", "--log-level", "warn", "--shutdown-timeout", "10s")
	in.cmd.Stdout, in.cmd.Stderr = io.Discard, &in.log
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if res, err := http.Get("http://" + in.addr + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
	}
	t.Fatalf("%s did not become ready:\n%s", bin, in.log.String())
}

// stop ends the process as an operator's service manager does (SIGTERM: a graceful shutdown).
func (in *instance) stop(t *testing.T) {
	t.Helper()
	in.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- in.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("instance %s exited with %v:\n%s", in.addr, err, in.log.String())
		}
	case <-time.After(30 * time.Second):
		in.cmd.Process.Kill()
		t.Fatalf("instance %s did not stop", in.addr)
	}
}

// balancer stands in for a load balancer: round robin over the instances its health checks find ready.
type balancer struct {
	backends []*backend
	next     atomic.Uint64
}

type backend struct {
	base   *url.URL
	rp     *httputil.ReverseProxy
	up     atomic.Bool
	served atomic.Int64 // requests it answered below 500
}

func newBalancer(ctx context.Context, addrs ...string) *balancer {
	b := &balancer{}
	for _, a := range addrs {
		u, _ := url.Parse("http://" + a)
		be := &backend{base: u, rp: httputil.NewSingleHostReverseProxy(u)}
		be.rp.ErrorLog = nil
		be.rp.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) { w.WriteHeader(http.StatusBadGateway) }
		b.backends = append(b.backends, be)
	}
	go func() {
		c := &http.Client{Timeout: 200 * time.Millisecond}
		for ctx.Err() == nil {
			for _, be := range b.backends {
				res, err := c.Get(be.base.String() + "/readyz")
				be.up.Store(err == nil && res.StatusCode == 200)
				if err == nil {
					res.Body.Close()
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return b
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := uint64(len(b.backends))
	start := b.next.Add(1)
	for i := range n {
		if be := b.backends[(start+i)%n]; be.up.Load() {
			sw := &httpkit.StatusWriter{ResponseWriter: w}
			be.rp.ServeHTTP(sw, r)
			if sw.Status < 500 {
				be.served.Add(1)
			}
			return
		}
	}
	w.WriteHeader(http.StatusServiceUnavailable)
}

// player plays toy games one after another through the balancer, each move resent with its
// idempotency key until acknowledged, as the browser client does after a failure.
type player struct {
	base    string
	acked   map[string]int // moves acknowledged per match
	pause   time.Duration  // between two moves
	hold    chan struct{}  // if not nil, the game's last move waits until it is closed
	longest time.Duration  // the longest a move took from first sending to its acknowledgement
	games   []string
	resent  int
}

func (p *player) call(method, path, tok, key, body string) (int, map[string]any, error) {
	req, _ := http.NewRequest(method, p.base+path, strings.NewReader(body))
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var v map[string]any
	json.NewDecoder(res.Body).Decode(&v)
	return res.StatusCode, v, nil
}

// must repeats a call until it is answered with want (a balancer between instances answers 502 or 503
// while one stops), giving up after a minute.
func (p *player) must(want int, method, path, tok, key, body string) (map[string]any, time.Duration, error) {
	start := time.Now()
	for try := 0; ; try++ {
		code, v, err := p.call(method, path, tok, key, body)
		if err == nil && code == want {
			return v, time.Since(start), nil
		}
		if err == nil && code < 500 {
			return nil, 0, fmt.Errorf("%s %s: %d %v", method, path, code, v)
		}
		if time.Since(start) > time.Minute {
			return nil, 0, fmt.Errorf("%s %s: no answer within a minute (last: %d %v)", method, path, code, err)
		}
		if try > 0 {
			p.resent++
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// game plays one whole two-seat toy game of 20 sequential rounds.
func (p *player) game(n int) error {
	v, _, err := p.must(201, "POST", "/api/matches", "", "", `{"game":"toy","options":{"rounds":20,"sequential":true},"max_seats":2,"name":"a"}`)
	if err != nil {
		return err
	}
	id, tok0 := v["id"].(string), v["token"].(string)
	v, _, err = p.must(200, "POST", "/api/matches/"+id+"/join", "", "", `{"name":"b"}`)
	if err != nil {
		return err
	}
	toks := []string{tok0, v["token"].(string)}
	if _, _, err := p.must(200, "POST", "/api/matches/"+id+"/start", tok0, "", ""); err != nil {
		return err
	}
	gamesMu.Lock()
	p.games = append(p.games, id)
	gamesMu.Unlock()
	for i := range 40 {
		key := fmt.Sprintf("g%d-m%d", n, i)
		_, took, err := p.must(200, "POST", "/api/matches/"+id+"/moves", toks[i%2], key, `{"move":{"pick":`+strconv.Itoa(1+i%3)+`}}`)
		if err != nil {
			return err
		}
		p.acked[id]++
		p.longest = max(p.longest, took)
		time.Sleep(p.pause)
		if i == 38 && p.hold != nil {
			<-p.hold
		}
	}
	return nil
}

// watch follows a match over a WebSocket through the balancer, reconnecting from the last sequence number
// it saw whenever its instance goes away, until it sees seq reach want; it reports the reconnections.
func watch(ctx context.Context, base, id string, want int64) (int, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + id + "/ws?since="
	var seen int64 = -1
	reconnects := -1
	for ctx.Err() == nil {
		reconnects++
		c, _, err := websocket.Dial(ctx, u+strconv.FormatInt(max(seen, 0), 10), nil)
		if err != nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				break
			}
			var m struct {
				Seq int64 `json:"seq"`
			}
			json.Unmarshal(b, &m)
			seen = max(seen, m.Seq)
			if seen >= want {
				c.Close(websocket.StatusNormalClosure, "")
				return reconnects, nil
			}
		}
		c.CloseNow()
	}
	return reconnects, fmt.Errorf("watcher of %s saw seq %d, want %d", id, seen, want)
}

// A rolling upgrade of two instances from the previous release to this tree, while players play through
// a load balancer: every acknowledged move is in the log once, the new binary's migrations run while the
// old one serves, and watchers reconnect by themselves.
func TestRollingUpgrade(t *testing.T) {
	url, schema := pgtest.Schema(t)
	db := url + "&search_path=" + schema
	if !strings.Contains(url, "?") {
		db = url + "?search_path=" + schema
	}
	prev, cur := binaries(t)
	addrs := freeAddrs(t, 2) // two distinct ports: two calls of a bind to port 0 could be handed the same
	a, b := &instance{addr: addrs[0]}, &instance{addr: addrs[1]}
	a.start(t, prev, db)
	b.start(t, prev, db)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lb := httptest.NewServer(newBalancer(ctx, a.addr, b.addr))
	defer lb.Close()

	const players = 4
	ps := make([]*player, players)
	var upgraded atomic.Bool
	errs := make(chan error, players)
	var wg sync.WaitGroup
	for i := range ps {
		ps[i] = &player{base: lb.URL, acked: map[string]int{}, pause: 5 * time.Millisecond}
		wg.Go(func() {
			// play until the upgrade is over, then one more game on the new instances
			for n := 0; ; n++ {
				done := upgraded.Load()
				if err := ps[i].game(i*1000 + n); err != nil {
					errs <- err
					return
				}
				if done {
					errs <- nil
					return
				}
			}
		})
	}
	// One slow game, watched over a WebSocket from before the upgrade to its end: the watcher's instance
	// goes away under it (both do), and it reconnects from the last sequence number it saw. Its last move
	// waits for the upgrade's end: timed by its pauses alone, the game could end before the second
	// instance stopped (a restart of the first taking 3 s on a loaded machine), and a watcher on that one
	// saw the end without a reconnection.
	upgradeDone := make(chan struct{})
	endUpgrade := sync.OnceFunc(func() { close(upgradeDone) })
	defer endUpgrade() // a failure before the upgrade's end leaves no game waiting
	slow := &player{base: lb.URL, acked: map[string]int{}, pause: 60 * time.Millisecond, hold: upgradeDone}
	slowDone := make(chan error, 1)
	go func() { slowDone <- slow.game(-1) }()
	for len(slowGames(slow)) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	type watched struct {
		reconnects int
		err        error
	}
	watcher := make(chan watched, 1)
	go func() {
		n, err := watch(ctx, lb.URL, slowGames(slow)[0], 43) // 2 joins, the start, 40 moves
		watcher <- watched{n, err}
	}()
	time.Sleep(700 * time.Millisecond) // games under way on the old binaries
	start := time.Now()
	a.stop(t)
	a.start(t, cur, db) // migrates while b, the previous release, serves
	// The previous release serves on the migrated database: the players' requests reach it (a bound for a
	// broken instance, not a timing claim).
	bBefore := b.backendServed(lb)
	for end := time.Now().Add(30 * time.Second); b.backendServed(lb) == bBefore && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	oldServedMigrated := b.backendServed(lb) - bBefore
	b.stop(t)
	b.start(t, cur, db)
	upgradeTook := time.Since(start)
	upgraded.Store(true)
	endUpgrade()
	wg.Wait()
	if err := <-slowDone; err != nil {
		t.Fatal(err)
	}
	w := <-watcher
	if w.err != nil || w.reconnects < 1 {
		t.Fatalf("the watcher of the slow game: %d reconnections, %v; want it to reconnect by itself and see the end", w.reconnects, w.err)
	}
	if oldServedMigrated == 0 {
		t.Fatal("the previous release served no request after the new binary migrated the database")
	}
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	// Every acknowledged move is in each match's log exactly once, as both new instances read it.
	var moves, resent int
	var longest time.Duration
	for _, p := range append(ps, slow) {
		resent += p.resent
		longest = max(longest, p.longest)
		for _, id := range p.games {
			for _, in := range []*instance{a, b} {
				res, err := http.Get("http://" + in.addr + "/api/matches/" + id)
				if err != nil {
					t.Fatal(err)
				}
				var v struct {
					Seq   int64 `json:"seq"`
					Match struct {
						Moves  int    `json:"moves"`
						Status string `json:"status"`
					} `json:"match"`
				}
				json.NewDecoder(res.Body).Decode(&v)
				res.Body.Close()
				if v.Match.Moves != p.acked[id] {
					t.Errorf("match %s on %s: %d moves in the log, %d acknowledged", id, in.addr, v.Match.Moves, p.acked[id])
				}
			}
			moves += p.acked[id]
		}
	}
	// The new binary's schema changes ran while the previous release served (above) and it went on
	// serving: every migration the working tree adds is an expand one.
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var applied []int
	rows, err := conn.Query(ctx, "SELECT version FROM schema_migrations WHERE NOT breaks ORDER BY version")
	if err != nil {
		t.Fatalf("the new binary did not record which migrations break older binaries: %v", err)
	}
	for rows.Next() {
		var v int
		rows.Scan(&v)
		applied = append(applied, v)
	}
	rows.Close()
	games := 0
	for _, p := range append(ps, slow) {
		games += len(p.games)
	}
	t.Logf("rolling upgrade %s -> working tree in %v: %d moves acknowledged in %d games by %d players, lost 0, doubled 0; %d requests resent; longest a move waited %v; the watcher reconnected %d times; the previous release answered %d requests after the new binary migrated; expand migrations applied while it served: %v",
		PreviousRelease[:7], upgradeTook.Round(time.Millisecond), moves, games, players+1, resent, longest.Round(time.Millisecond), w.reconnects, oldServedMigrated, applied)
}
