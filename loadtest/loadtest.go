// Package loadtest is `surveyor loadtest`: it plays many games at once through the public API and
// measures what a player sees (moves a second, the latency from a move to its broadcast, memory per game),
// with the server in this process, in a process of its own (--spawn, whose CPU time it then reads), or
// elsewhere (--server); --floor measures the least a server could spend on a move's sockets. It is tooling,
// apart from the binary's commands so that the binary's package holds only their wiring.
package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store"
)

// Summary is the command's line in the binary's list of commands.
const Summary = "play many concurrent games through the API on loopback and report moves/s and latency"

type loadOptions struct {
	games, seats, rounds, setupWorkers int
	warmup                             int
	gc                                 cli.GC
	db, cpuProfile, game, server       string
	think                              time.Duration
	// spawn runs the server in a process of its own (its CPU time and memory then measured apart),
	// noise runs a CPU-heavy process beside the test, wsMoves sends moves on each seat's WebSocket.
	spawn, noise, wsMoves bool
	proc                  *process // the spawned server, while it runs
	// idle games and conns WebSockets held on the spawned server beside the busy games (loadidle.go); the
	// server drops a match from memory idleAfter after its last use.
	idle, conns int
	idleAfter   time.Duration
	// floor measures the network floor of a move instead (loadfloor.go); floorClient is its child's
	// address to dial.
	floor       bool
	floorClient string
}

// loadReport is what a load test measured.
type loadReport struct {
	Games, Moves    int // Moves were measured; Played adds the warm-up moves
	Played          int
	Elapsed         time.Duration
	MovesPerSec     float64 // all moves over the whole run
	SteadyPerSec    float64 // moves between the 10th and 90th percentile of completion times
	P50, P99, Max   time.Duration
	BytesPerGame    float64 // server memory per active game, connections excluded
	HeapPerGameLive float64 // whole process heap per game while playing (server, clients and sockets)
	// With --spawn: the server process's CPU time over the play phase (setup excluded) per move played,
	// and its resident memory after setup and at the end of play.
	ServerCPUPerMove time.Duration
	// ClientCPUPerMove is this process's CPU time over the play phase a move, with --spawn: the clients'
	// share of the machine, which a server on a machine of its own would not pay.
	ClientCPUPerMove          time.Duration
	ServerRSSSetup, ServerRSS int64
	Idle                      *idleReport // with --idle or --conns
}

// loadtestFigures are the figures measured on the project's 2-core machine, for comparison.
const loadtestFigures = `Measured on the 2-core development machine, 22 Nov 2026, 01:48-01:52 UTC, defaults (GOGC 800, SQLite
synchronous FULL), 1000 games, --rounds 20 --think 190ms, --warmup 1:
  SQLite, one process:     5,185-5,218 moves/s steady, p50 1.2-2.1 ms, p99 5.9-10.0 ms (5 runs; 11.6 ms with --warmup 0)
  PostgreSQL, one process: 5,082-5,147 moves/s steady, p50 3.2-4.7 ms, p99 10.4-19.5 ms (3 runs)
  SQLite, --server:        5,186-5,200 moves/s steady, p50 1.6-1.7 ms, p99 9.1-16.7 ms (3 runs, a fresh
                           server each; 22-51 ms when one server holds the games of every run: its heap,
                           and its collections, grow by 1000 games a run)
  PostgreSQL, --server:    5,126-5,151 moves/s steady, p50 3.0-3.6 ms, p99 13.9-20.1 ms (3 runs, fresh server)
  Saturation (--think 0 --rounds 10): SQLite 10,900 moves/s (p99 125 ms), PostgreSQL 11,700 (p99 136 ms).
  p99 is set by garbage collection: its mark phase takes about half of the two cores for 50-70 ms, and
  moves queue meanwhile (10 interleaved runs: median p99 30 ms at GOGC 400, 12 ms at 800).
  Server memory per active game: toy 6.1 KB (20 rounds); each real game's (whole games, --game NAME
  --games 100) is in README.md.
26 Nov 2026, nothing else running, --spawn --ws-moves: 20,200-23,200 moves/s at saturation, 55-67 µs of
  server CPU a move; --think 45ms: 19,100 moves/s, p99 27.6 ms.
28 Nov 2026 (a faster day), the same: 31,700-33,500 moves/s, 40.5-42.8 µs (PostgreSQL: 24,400-26,900,
  35.0-39.5 µs and 17-20 µs in PostgreSQL's processes); --think 40ms: 22,600-23,300 moves/s, p99 13.8-26.2
  ms; --noise --think 60ms: 13,400-14,600 moves/s, p99 37-84 ms. The rest, and how, in docs/performance.md.`

const loadtestUsage = `usage: surveyor loadtest [--games N] [--think D] [--rounds N] [--warmup N] [--db URL | --server URL] [--game NAME]
       surveyor loadtest --floor [--games N] [--seats N] [--rounds N]

Plays many games at once through the public API and measures the path a player sees: each move is posted
over HTTP and timed until the resulting state arrives on the game's spectator WebSocket (with --ws-moves,
sent on the mover's WebSocket and timed until every seat's has brought the state). It reports the
steady throughput (the middle 80% of moves, leaving out the staggered start and the last games' tail),
the rate over the whole run, p50/p99/max latency, and memory per active game. Without --server the
server runs in this process, on a fresh SQLite file or the --db given, and shares the CPU with the
clients; with --server it drives a separate surveyor serve --toy --rate -1 --conns-per-addr 0 --ws-per-addr -1
(the load comes from one address, which the server otherwise caps).

` + loadtestFigures + `
`

// Run is `surveyor loadtest`: args are its flags (Usage), the report goes to stdout.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o loadOptions
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, loadtestUsage); fs.PrintDefaults() }
	fs.IntVar(&o.games, "games", 1000, "concurrent games")
	fs.IntVar(&o.seats, "seats", 2, "players per game")
	fs.IntVar(&o.rounds, "rounds", 10, "toy: rounds per game (each seat moves once a round)")
	fs.IntVar(&o.warmup, "warmup", 1, "toy: first rounds of each game played but not measured (each connection's first request grows stacks and buffers)")
	fs.StringVar(&o.game, "game", "toy", "toy (a minimal game, to measure the server itself), or a real game played to its end with each seat's first legal move")
	fs.StringVar(&o.db, "db", "", "SQLite file or postgres:// URL (default: SQLite in a temporary directory)")
	fs.DurationVar(&o.think, "think", 0, "mean pause of each game between moves, drawn from [think/2, 3·think/2) (0: as fast as possible, which measures saturation)")
	o.gc.Register(fs, "in-process server (as surveyor serve): ")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the play phase to `FILE` (with --spawn: the server's)")
	fs.BoolVar(&o.spawn, "spawn", false, "run the server as surveyor serve --toy in a process of its own (on --db if given), and report its CPU time per move and its memory")
	fs.BoolVar(&o.noise, "noise", false, "run a CPU-heavy process beside the test (surveyor sim on every core), as another program sharing the machine would")
	fs.BoolVar(&o.wsMoves, "ws-moves", false, "toy: each seat keeps a WebSocket and sends its moves on it, and a move is timed until every seat's has brought its state (default: moves by HTTP POST, timed until the state reaches a spectator WebSocket)")
	fs.IntVar(&o.idle, "idle", 0, "with --spawn: first create this many idle games in play (a move played, a one-day clock running), as correspondence games are, and report the server's memory for them")
	fs.IntVar(&o.conns, "conns", 0, "with --spawn: then open this many WebSockets (both seats of conns/2 idle games) and hold them while the busy games play")
	fs.DurationVar(&o.idleAfter, "idle-after", 2*time.Second, "with --spawn: the server's --idle-timeout, after which an untouched, unwatched game leaves its memory")
	fs.BoolVar(&o.floor, "floor", false, "measure the network floor of a move instead: on loopback, with the clients in a process of their own, one read and a write to each seat's socket a move, nothing else (the least CPU a WebSocket move can cost the server here)")
	fs.StringVar(&o.floorClient, "floor-client", "", "(internal) the clients of --floor, dialling `ADDR`")
	fs.StringVar(&o.server, "server", "", "drive the server at `URL` (e.g. http://127.0.0.1:8080, started with surveyor serve --toy --rate -1) instead of one in this process; --db is then unused and server memory is not measured")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil // the usage has been printed
	} else if err != nil {
		return err
	}
	if o.floorClient != "" {
		return floorClients(ctx, o.floorClient, o)
	}
	if o.floor {
		if err := checkFloorOptions(o); err != nil {
			return err
		}
		rep, err := runFloor(ctx, o)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "floor: %d moves (a %d-byte read, then a %d-byte write to each of %d seats) in %v\n", rep.Moves,
			floorMoveSize, floorStateSize, o.seats, rep.Elapsed.Round(time.Millisecond))
		fmt.Fprintf(stdout, "server CPU:   %.1f µs per move (this process, the sockets' system calls alone; clients in another process)\n",
			float64(rep.CPU.Nanoseconds())/1e3/float64(rep.Moves))
		return nil
	}
	if o.games < 1 || o.seats < 1 || o.seats > 4 || o.rounds < 1 || o.rounds > 20 || o.warmup < 0 || o.warmup >= o.rounds {
		return errors.New("--games ≥ 1, --seats 1..4, --rounds 1..20, --warmup 0..rounds-1")
	}
	if o.spawn && o.server != "" {
		return errors.New("--spawn starts its own server: give --server or --spawn, not both")
	}
	if (o.idle > 0 || o.conns > 0) && !o.spawn {
		return errors.New("--idle and --conns need --spawn: the server's memory is read from its own process")
	}
	if o.idle < 0 || o.conns < 0 || o.conns > 2*o.idle {
		return errors.New("--idle ≥ 0, --conns from 0 to twice --idle (two seats a game)")
	}
	if o.wsMoves && o.game != "toy" && o.game != "" {
		return errors.New("--ws-moves plays the toy game only")
	}
	o.setupWorkers = 32
	if o.server == "" && !o.spawn {
		if err := o.gc.Apply(); err != nil {
			return err
		}
	}
	if o.game == "" {
		o.game = "toy"
	}
	o.server = strings.TrimSuffix(o.server, "/")
	if o.server != "" && !strings.HasPrefix(o.server, "http://") && !strings.HasPrefix(o.server, "https://") {
		return errors.New("--server must be an http:// or https:// URL")
	}
	if o.game == "toy" {
		fmt.Fprintf(stdout, "loadtest: %d toy games of %d seats × %d rounds (%d moves measured after %d warm-up rounds), think %v, %s\n",
			o.games, o.seats, o.rounds, o.games*o.seats*(o.rounds-o.warmup), o.warmup, o.think, describeTarget(o))
	} else {
		fmt.Fprintf(stdout, "loadtest: %d whole %s games of %d seats, think %v, %s\n", o.games, o.game, o.seats, o.think, describeTarget(o))
	}
	rep, err := loadtest(ctx, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "moves:        %d measured, %d played in %v\n", rep.Moves, rep.Played, rep.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(stdout, "throughput:   %.0f moves/s steady (middle 80%% of moves), %.0f moves/s over the whole run\n", rep.SteadyPerSec, rep.MovesPerSec)
	fmt.Fprintf(stdout, "move→broadcast latency: p50 %v, p99 %v, max %v\n", rep.P50.Round(10*time.Microsecond),
		rep.P99.Round(10*time.Microsecond), rep.Max.Round(10*time.Microsecond))
	if rep.Idle != nil {
		rep.Idle.print(stdout)
	}
	if o.spawn {
		fmt.Fprintf(stdout, "server CPU:   %.1f µs per move (the server process's user and system time over the play phase)\n",
			float64(rep.ServerCPUPerMove.Nanoseconds())/1e3)
		fmt.Fprintf(stdout, "clients CPU:  %.1f µs per move (this process, the load test's clients, over the play phase)\n",
			float64(rep.ClientCPUPerMove.Nanoseconds())/1e3)
		fmt.Fprintf(stdout, "server memory: %.1f MB resident after setup, %.1f MB at the end of play (%.1f KB per game)\n",
			float64(rep.ServerRSSSetup)/(1<<20), float64(rep.ServerRSS)/(1<<20), float64(rep.ServerRSS)/1024/float64(rep.Games))
		return nil
	}
	if o.server != "" {
		fmt.Fprintf(stdout, "memory per active game: %.1f KB whole load-test process while playing (clients only; the server's is not measured with --server)\n",
			rep.HeapPerGameLive/1024)
		return nil
	}
	fmt.Fprintf(stdout, "memory per active game: %.1f KB in the server (state and log, no connections); %.1f KB whole process while playing\n",
		rep.BytesPerGame/1024, rep.HeapPerGameLive/1024)
	return nil
}

func describeTarget(o loadOptions) string {
	var d string
	switch {
	case o.server != "":
		d = "server " + o.server
	case o.spawn:
		d = "server process of its own, store " + describeDB(o.db)
	default:
		d = "in-process server, store " + describeDB(o.db)
	}
	if o.wsMoves {
		d += ", moves on WebSockets"
	}
	if o.noise {
		d += ", beside a CPU-heavy process"
	}
	return d
}

func describeDB(db string) string {
	switch {
	case db == "":
		return "SQLite (temporary)"
	case strings.HasPrefix(db, "postgres"):
		return "PostgreSQL"
	}
	return "SQLite " + db
}

// loadtest starts a server on loopback, sets the games up, then plays them all at once: each game's
// driver posts a move over HTTP and waits until the game's spectator WebSocket receives the resulting
// state (with --ws-moves, sends it on the mover's WebSocket and waits until every seat's has it); the
// time between the two is the move-to-broadcast latency.
func loadtest(ctx context.Context, o loadOptions) (loadReport, error) {
	if o.game == "" {
		o.game = "toy"
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 4 * o.games, MaxIdleConnsPerHost: 4 * o.games}}
	if o.noise {
		noise, err := spawnNoise(ctx)
		if err != nil {
			return loadReport{}, err
		}
		defer noise.stop()
	}
	if o.spawn {
		p, err := spawnServer(ctx, o)
		if err != nil {
			return loadReport{}, err
		}
		defer p.stop()
		o.server, o.proc = p.url, p
	}
	var idle *idleReport
	if o.idle > 0 || o.conns > 0 {
		var conns []*websocket.Conn
		var err error
		idle, conns, err = idlePhase(ctx, client, o)
		defer func() {
			for _, c := range conns {
				c.CloseNow()
			}
		}()
		if err != nil {
			return loadReport{}, fmt.Errorf("idle games: %w", err)
		}
	}
	if o.server != "" {
		rep, runs, err := drive(ctx, client, o.server, o)
		closeRuns(runs)
		if err == nil && idle != nil {
			rep.Idle = idle
			err = idle.wake(ctx, client, o.server)
		}
		return rep, err
	}
	var rep loadReport
	dir, err := os.MkdirTemp("", "surveyor-loadtest-")
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(dir)
	st, _, err := cli.OpenStore(ctx, o.db, dir)
	if err != nil {
		return rep, err
	}
	defer st.Close()
	reg := game.NewRegistry(gametest.Definition{})
	if def, ok := games.Lookup(o.game); ok {
		reg[o.game] = def.Definition
	} else if o.game != "toy" {
		return rep, fmt.Errorf("unknown game %q", o.game)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := server.New(ctx, server.Config{Store: st, Games: reg, Logger: quiet, RateLimit: -1, WebSocketsPerAddr: -1})
	if err != nil {
		return rep, err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return rep, err
	}
	hs := &http.Server{Handler: srv.Handler(), ErrorLog: slog.NewLogLogger(quiet.Handler(), slog.LevelError)}
	go hs.Serve(ln)
	defer hs.Close()
	rep, runs, err := drive(ctx, client, "http://"+ln.Addr().String(), o)
	// The connections stay open while the server's memory is measured: closing them frees memory while
	// the games load, which would be subtracted from what they take.
	defer closeRuns(runs)
	if err != nil {
		return rep, err
	}
	// Server-side memory: a fresh server on the same store loads every game; the heap grows by what the
	// server keeps per active game.
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.id
	}
	rep.BytesPerGame, err = serverBytesPerGame(ctx, st, reg, ids)
	return rep, err
}

// drive sets the games up on the server at base, then plays them all at once and measures.
func drive(ctx context.Context, client *http.Client, base string, o loadOptions) (loadReport, []*gameRun, error) {
	var rep loadReport
	runs := make([]*gameRun, o.games)
	if err := parallel(ctx, o.games, o.setupWorkers, func(i int) error {
		r, err := setupGame(ctx, client, base, o)
		runs[i] = r
		return err
	}); err != nil {
		return rep, runs, fmt.Errorf("setup: %w", err)
	}
	lat := make([][]time.Duration, o.games)
	var heapLive atomic.Uint64
	if o.cpuProfile != "" && o.proc == nil { // a spawned server writes its own
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return rep, runs, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return rep, runs, err
		}
		defer pprof.StopCPUProfile()
	}
	var cpu0, self0 time.Duration
	if o.proc != nil {
		var err error
		if rep.ServerRSSSetup, err = o.proc.rss(); err != nil {
			return rep, runs, err
		}
		if cpu0, err = o.proc.cpu(); err != nil {
			return rep, runs, err
		}
		if self0, err = cli.SelfCPU(); err != nil {
			return rep, runs, err
		}
		if o.cpuProfile != "" && cli.ProfileRestart != nil {
			if err := o.proc.cmd.Process.Signal(cli.ProfileRestart); err != nil { // the profile of the play alone
				return rep, runs, fmt.Errorf("restart the server's profile: %w", err)
			}
		}
	}
	start := time.Now()
	for _, r := range runs {
		r.start = start
	}
	var wg sync.WaitGroup
	errc := make(chan error, o.games)
	for i, r := range runs {
		wg.Go(func() {
			l, err := r.play(ctx, client, base, o, i == 0, &heapLive)
			lat[i] = l
			if err != nil {
				errc <- err
			}
		})
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	close(errc)
	if err := <-errc; err != nil {
		return rep, runs, err
	}
	var cpu1, self1 time.Duration
	if o.proc != nil {
		var err error
		if cpu1, err = o.proc.cpu(); err != nil {
			return rep, runs, err
		}
		if self1, err = cli.SelfCPU(); err != nil {
			return rep, runs, err
		}
		if rep.ServerRSS, err = o.proc.rss(); err != nil {
			return rep, runs, err
		}
	}
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	rep.Games, rep.Moves = o.games, len(all)
	rep.Played = len(all)
	if o.game == "toy" {
		rep.Played += o.games * o.seats * o.warmup
	}
	rep.MovesPerSec = float64(rep.Played) / rep.Elapsed.Seconds()
	rep.SteadyPerSec = steadyRate(runs)
	rep.P50, rep.P99, rep.Max = all[len(all)/2], all[len(all)*99/100], all[len(all)-1]
	rep.HeapPerGameLive = float64(heapLive.Load()) / float64(o.games)
	if o.proc != nil {
		rep.ServerCPUPerMove = (cpu1 - cpu0) / time.Duration(rep.Played)
		rep.ClientCPUPerMove = (self1 - self0) / time.Duration(rep.Played)
	}
	return rep, runs, nil
}

// steadyRate is the rate at which moves completed between the 10th and the 90th percentile of completion
// times. The rate over the whole run understates what the server sustains: games start staggered and,
// with random think times, the last game ends well after most others, when few moves are left to play.
func steadyRate(runs []*gameRun) float64 {
	var done []time.Duration
	for _, r := range runs {
		if r != nil {
			done = append(done, r.done...)
		}
	}
	if len(done) < 10 {
		return 0
	}
	slices.Sort(done)
	lo, hi := len(done)/10, len(done)*9/10
	span := done[hi] - done[lo]
	if span <= 0 {
		return 0
	}
	return float64(hi-lo) / span.Seconds()
}

func closeRuns(runs []*gameRun) {
	for _, r := range runs {
		if r == nil {
			continue
		}
		if r.ws != nil {
			r.ws.CloseNow()
		}
		for _, s := range r.seats {
			s.c.CloseNow()
		}
		r.mv.close()
	}
}

func serverBytesPerGame(ctx context.Context, st store.Store, reg game.Registry, ids []string) (float64, error) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	fresh, err := server.New(ctx, server.Config{Store: st, Games: reg, Logger: quiet, RateLimit: -1, WebSocketsPerAddr: -1})
	if err != nil {
		return 0, err
	}
	defer fresh.Close()
	before := heapInUse()
	for _, id := range ids {
		if err := fresh.Warm(ctx, id); err != nil {
			return 0, err
		}
	}
	after := heapInUse()
	runtime.KeepAlive(fresh)
	return float64(int64(after)-int64(before)) / float64(len(ids)), nil
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// parallel runs fn(0..n-1) on workers goroutines, stopping at the first error.
func parallel(ctx context.Context, n, workers int, fn func(i int) error) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	var first error
	var once sync.Once
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
					next.Store(int64(n))
					return
				}
			}
		})
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

type gameRun struct {
	id   string
	toks []string
	ws   *websocket.Conn
	// when each move's state arrived, since the start of play: the first and last games to finish, the
	// ramp-up and the tail, are left out of the steady throughput
	start time.Time
	done  []time.Duration
	mv    *mover // posts the moves, on a connection opened at setup
	seqs  chan wsState
	// With --ws-moves: each seat's WebSocket, on which it moves and hears the states.
	seats []*seatConn
}

// wsState is what a driver needs from a pushed state.
type wsState struct {
	seq   int64
	over  bool
	toAct []int
}

// await waits for the pushed state with at least sequence number seq.
func (r *gameRun) await(seq int64) (wsState, error) {
	for {
		st, ok := <-r.seqs
		if !ok {
			return st, fmt.Errorf("game %s: websocket closed", r.id)
		}
		if st.seq >= seq {
			return st, nil
		}
	}
}

func postJSON(ctx context.Context, c *http.Client, url, tok string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %d %s", url, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// mover posts the moves of one game and returns the sequence number of the state in each answer, of
// which only the fixed start is parsed. Over plain http:// it speaks HTTP/1.1 itself on a connection of its
// own (moves of a game are sequential): net/http's client wakes two more goroutines and makes some forty
// allocations a request, CPU time that the in-process client would take from the server it measures.
type mover struct {
	c    *http.Client // for https:// targets
	base string
	addr string // host:port for plain http://
	conn net.Conn
	br   *bufio.Reader
	req  []byte
	buf  bytes.Buffer
}

func newMover(c *http.Client, base string) *mover {
	mv := &mover{c: c, base: base}
	if u, err := url.Parse(base); err == nil && u.Scheme == "http" && u.Path == "" {
		mv.addr = u.Host
		if u.Port() == "" {
			mv.addr += ":80"
		}
	}
	return mv
}

// dial opens the game's connection if it has none (and over plain http:// only), so that a game's first
// move can be timed without a TCP handshake in it.
func (mv *mover) dial(ctx context.Context) error {
	if mv.conn != nil || mv.addr == "" {
		return nil
	}
	d := net.Dialer{Timeout: moveTimeout}
	conn, err := d.DialContext(ctx, "tcp", mv.addr)
	if err != nil {
		return err
	}
	mv.conn, mv.br = conn, bufio.NewReaderSize(conn, 4096)
	return nil
}

func (mv *mover) close() {
	if mv.conn != nil {
		mv.conn.Close()
		mv.conn = nil
	}
}

func (mv *mover) post(ctx context.Context, path, tok string, body []byte) (int64, error) {
	if mv.addr == "" {
		return mv.postHTTP(ctx, path, tok, body)
	}
	b, err := mv.postRaw(ctx, path, tok, body)
	if err != nil {
		mv.close()
		return 0, fmt.Errorf("POST %s: %w", path, err)
	}
	seq, ok := stateSeq(b)
	if !ok {
		return 0, fmt.Errorf("POST %s: the answer is not a state: %.200s", path, b)
	}
	return seq, nil
}

const moveTimeout = 30 * time.Second

// postRaw sends one request on the game's connection, dialling it first if needed, and returns the body
// of a 200 answer.
func (mv *mover) postRaw(ctx context.Context, path, tok string, body []byte) ([]byte, error) {
	if err := mv.dial(ctx); err != nil {
		return nil, err
	}
	mv.conn.SetDeadline(time.Now().Add(moveTimeout))
	r := append(mv.req[:0], "POST "...)
	r = append(r, path...)
	r = append(r, " HTTP/1.1\r\nHost: "...)
	r = append(r, mv.addr...)
	r = append(r, "\r\nContent-Type: application/json\r\nAuthorization: Bearer "...)
	r = append(r, tok...)
	r = append(r, "\r\nContent-Length: "...)
	r = strconv.AppendInt(r, int64(len(body)), 10)
	r = append(r, "\r\n\r\n"...)
	r = append(r, body...)
	mv.req = r
	if _, err := mv.conn.Write(r); err != nil {
		return nil, err
	}
	line, err := mv.br.ReadSlice('\n')
	if err != nil {
		return nil, err
	}
	// "HTTP/1.1 200 OK"
	status := 0
	if len(line) >= 12 {
		status, _ = strconv.Atoi(string(line[9:12]))
	}
	length, closing := -1, false
	for {
		h, err := mv.br.ReadSlice('\n')
		if err != nil {
			return nil, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		name, value, _ := bytes.Cut(h, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil || length < 0 {
				return nil, fmt.Errorf("bad Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Connection")):
			closing = bytes.EqualFold(value, []byte("close"))
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("answer %d without a Content-Length", status)
	}
	mv.buf.Reset()
	if _, err := io.CopyN(&mv.buf, mv.br, int64(length)); err != nil {
		return nil, err
	}
	if closing {
		mv.close()
	}
	if status != http.StatusOK {
		return nil, fmt.Errorf("%d %s", status, mv.buf.Bytes())
	}
	return mv.buf.Bytes(), nil
}

// postHTTP is post through net/http, for https:// targets.
func (mv *mover) postHTTP(ctx context.Context, path, tok string, body []byte) (int64, error) {
	url := mv.base + path
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := mv.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	mv.buf.Reset()
	if _, err := mv.buf.ReadFrom(res.Body); err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("POST %s: %d %s", url, res.StatusCode, mv.buf.Bytes())
	}
	seq, ok := stateSeq(mv.buf.Bytes())
	if !ok {
		return 0, fmt.Errorf("POST %s: the answer is not a state: %.200s", url, mv.buf.Bytes())
	}
	return seq, nil
}

func setupGame(ctx context.Context, c *http.Client, base string, o loadOptions) (*gameRun, error) {
	var created struct{ ID string }
	opts := fmt.Sprintf(`{"game":"toy","options":{"rounds":%d},"max_seats":%d}`, o.rounds, o.seats)
	if o.game != "toy" {
		opts = fmt.Sprintf(`{"game":%q,"max_seats":%d}`, o.game, o.seats)
	}
	if err := postJSON(ctx, c, base+"/api/matches", "", []byte(opts), &created); err != nil {
		return nil, err
	}
	r := &gameRun{id: created.ID, seqs: make(chan wsState, 64), mv: newMover(c, base)}
	for i := range o.seats {
		var j struct{ Token string }
		if err := postJSON(ctx, c, base+"/api/matches/"+r.id+"/join", "", []byte(fmt.Sprintf(`{"name":"bot%d"}`, i)), &j); err != nil {
			return nil, err
		}
		r.toks = append(r.toks, j.Token)
	}
	if err := postJSON(ctx, c, base+"/api/matches/"+r.id+"/start", r.toks[0], nil, nil); err != nil {
		return nil, err
	}
	if o.wsMoves {
		if err := r.dialSeats(ctx, base); err != nil {
			return nil, err
		}
		return r, nil
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/matches/"+r.id+"/ws", nil)
	if err != nil {
		return nil, fmt.Errorf("websocket: %w", err)
	}
	ws.SetReadLimit(1 << 20)
	if err := r.mv.dial(ctx); err != nil {
		ws.CloseNow()
		return nil, err
	}
	r.ws = ws
	go func() {
		defer close(r.seqs)
		rctx := readContext(ctx, ws)
		for {
			_, b, err := ws.Read(rctx)
			if err != nil {
				return
			}
			if o.game == "toy" {
				// The toy driver needs only the sequence number: reading it from the envelope's fixed start
				// keeps the in-process client from taking CPU time from the server it measures.
				if seq, ok := stateSeq(b); ok {
					r.seqs <- wsState{seq: seq}
				}
				continue
			}
			var m struct {
				Type  string `json:"type"`
				Seq   int64  `json:"seq"`
				Match struct {
					Status string `json:"status"`
					ToAct  []int  `json:"to_act"`
				} `json:"match"`
			}
			if json.Unmarshal(b, &m) == nil && m.Type == "state" {
				r.seqs <- wsState{seq: m.Seq, over: m.Match.Status == "finished", toAct: m.Match.ToAct}
			}
		}
	}()
	return r, nil
}

// dialSeats opens a WebSocket for each seat, as each player's page does, on which the seat sends its moves
// and hears the replies and the states. The driver reads them itself, in its own goroutine and into one
// buffer a seat: the clients share the machine with the server they measure, and a reader goroutine a
// socket with a channel to the driver cost them a third more CPU a move, taken from the server.
func (r *gameRun) dialSeats(ctx context.Context, base string) error {
	for seat, tok := range r.toks {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/matches/"+r.id+"/ws",
			&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tok}}})
		if err != nil {
			return fmt.Errorf("seat %d websocket: %w", seat, err)
		}
		c.SetReadLimit(1 << 20)
		r.seats = append(r.seats, &seatConn{c: c, rctx: readContext(ctx, c)})
	}
	return nil
}

// seatConn is a seat's WebSocket as the driver reads it.
type seatConn struct {
	c    *websocket.Conn
	rctx context.Context
	buf  bytes.Buffer
	seen int64 // the highest sequence number of a state read on it
}

// read returns the next message, valid until the next read; a state's sequence number is noted.
func (s *seatConn) read() ([]byte, error) {
	_, rd, err := s.c.Reader(s.rctx)
	if err != nil {
		return nil, err
	}
	s.buf.Reset()
	if _, err := s.buf.ReadFrom(rd); err != nil {
		return nil, err
	}
	b := s.buf.Bytes()
	if seq, ok := stateSeq(b); ok {
		s.seen = max(s.seen, seq)
	}
	return b, nil
}

// sendMove sends a seat's move on its WebSocket and returns the sequence number the server acknowledged.
func (r *gameRun) sendMove(ctx context.Context, seat int, msg []byte) (int64, error) {
	s := r.seats[seat]
	// Not given ctx, for which the library would make a cancellation hook each write: the socket is
	// closed when ctx ends (readContext), which ends a write too.
	if err := s.c.Write(context.WithoutCancel(ctx), websocket.MessageText, msg); err != nil {
		return 0, fmt.Errorf("game %s seat %d: send a move: %w", r.id, seat, err)
	}
	for {
		b, err := s.read()
		if err != nil {
			return 0, fmt.Errorf("game %s seat %d: read the reply to a move: %w", r.id, seat, err)
		}
		if _, ok := stateSeq(b); ok {
			continue
		}
		if seq, ok := seqAfter(b, `{"type":"ok","seq":`); ok {
			return seq, nil
		}
		var reply struct {
			Type  string          `json:"type"`
			Seq   int64           `json:"seq"`
			Error json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(b, &reply); err != nil {
			return 0, fmt.Errorf("game %s seat %d: unreadable reply %.100q", r.id, seat, b)
		}
		switch reply.Type {
		case "ok":
			return reply.Seq, nil
		case "error":
			return 0, fmt.Errorf("game %s seat %d: move refused: %s", r.id, seat, reply.Error)
		}
	}
}

// awaitSeats waits until every seat's WebSocket has brought the state with sequence number seq: the move
// has reached every player. What else comes on them is dropped, as the players' pages would take it.
func (r *gameRun) awaitSeats(seq int64) error {
	for seat, s := range r.seats {
		for s.seen < seq {
			if _, err := s.read(); err != nil {
				return fmt.Errorf("game %s seat %d: await state %d: %w", r.id, seat, seq, err)
			}
		}
	}
	return nil
}

// play makes every seat move once a round, in seat order, each move waiting for its broadcast.
func (r *gameRun) play(ctx context.Context, c *http.Client, base string, o loadOptions, sample bool, heap *atomic.Uint64) ([]time.Duration, error) {
	if o.game != "toy" {
		return r.playLegal(ctx, c, base, o, sample, heap)
	}
	lat := make([]time.Duration, 0, o.rounds*o.seats)
	path := "/api/matches/" + r.id + "/moves"
	mv := r.mv
	if o.think > 0 {
		// Games start out of step, so that paced moves are spread evenly instead of arriving in waves.
		time.Sleep(rand.N(o.think))
	}
	bodies := make([][]byte, len(r.toks))
	for seat := range bodies {
		if o.wsMoves {
			bodies[seat] = []byte(fmt.Sprintf(`{"type":"move","move":{"pick":%d}}`, seat%3+1))
		} else {
			bodies[seat] = []byte(fmt.Sprintf(`{"move":{"pick":%d}}`, seat%3+1))
		}
	}
	for round := range o.rounds {
		for seat, tok := range r.toks {
			t0 := time.Now()
			var seq int64
			var err error
			if o.wsMoves {
				if seq, err = r.sendMove(ctx, seat, bodies[seat]); err == nil {
					err = r.awaitSeats(seq)
				}
			} else if seq, err = mv.post(ctx, path, tok, bodies[seat]); err == nil {
				_, err = r.await(seq)
			}
			if err != nil {
				return lat, err
			}
			if round >= o.warmup {
				lat = append(lat, time.Since(t0))
				r.done = append(r.done, time.Since(r.start))
			}
			if o.think > 0 {
				time.Sleep(thinkTime(o.think))
			}
			if sample && round == o.rounds/2 && seat == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap.Store(ms.HeapAlloc)
			}
		}
	}
	return lat, nil
}

// playLegal plays a real game to its end: the first seat that must act plays its first legal move.
func (r *gameRun) playLegal(ctx context.Context, c *http.Client, base string, o loadOptions, sample bool, heap *atomic.Uint64) ([]time.Duration, error) {
	var lat []time.Duration
	mv := r.mv
	url := base + "/api/matches/" + r.id
	st, err := r.await(0)
	if err != nil {
		return lat, err
	}
	for !st.over && len(lat) < 10000 {
		if len(st.toAct) == 0 {
			return lat, fmt.Errorf("game %s: nobody to act", r.id)
		}
		tok := r.toks[st.toAct[0]]
		req, err := http.NewRequestWithContext(ctx, "GET", url+"/legal", nil)
		if err != nil {
			return lat, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := c.Do(req)
		if err != nil {
			return lat, err
		}
		var legal struct{ Moves []json.RawMessage }
		err = json.NewDecoder(res.Body).Decode(&legal)
		res.Body.Close()
		if err != nil || len(legal.Moves) == 0 {
			return lat, fmt.Errorf("game %s: no legal move (%v)", r.id, err)
		}
		body, _ := json.Marshal(map[string]json.RawMessage{"move": legal.Moves[0]})
		t0 := time.Now()
		seq, err := mv.post(ctx, "/api/matches/"+r.id+"/moves", tok, body)
		if err != nil {
			return lat, err
		}
		if st, err = r.await(seq); err != nil {
			return lat, err
		}
		lat = append(lat, time.Since(t0))
		r.done = append(r.done, time.Since(r.start))
		if sample && len(lat) == 20 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heap.Store(ms.HeapAlloc)
		}
		if o.think > 0 {
			time.Sleep(thinkTime(o.think))
		}
	}
	return lat, nil
}

// thinkTime is a pause drawn uniformly from [think/2, 3·think/2), of mean think. With a fixed pause, games
// that one stall delayed together (a slow commit, a GC, another process taking the CPU) would stay in
// step for the rest of the run and keep arriving as a wave; players do not think in lockstep.
func thinkTime(think time.Duration) time.Duration {
	return think/2 + rand.N(think)
}

// readContext is the context for a client WebSocket's reads until ctx ends: one that is never cancelled,
// for which the library makes no cancellation hook on every frame, with the socket closed when ctx ends.
// The clients share the machine with the server they measure: their CPU time is taken from it.
func readContext(ctx context.Context, c *websocket.Conn) context.Context {
	context.AfterFunc(ctx, func() { c.CloseNow() })
	return context.WithoutCancel(ctx)
}

// stateSeq reads the sequence number at the start of a state envelope, {"type":"state","seq":N,...}.
func stateSeq(b []byte) (int64, bool) {
	return seqAfter(b, `{"type":"state","seq":`)
}

// seqAfter reads the number after prefix at the start of b.
func seqAfter(b []byte, prefix string) (int64, bool) {
	if !bytes.HasPrefix(b, []byte(prefix)) {
		return 0, false
	}
	var n int64
	digits := 0
	for _, c := range b[len(prefix):] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int64(c-'0')
		digits++
	}
	return n, digits > 0
}
