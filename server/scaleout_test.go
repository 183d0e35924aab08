package server

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
)

// twoInstances starts two servers on one PostgreSQL schema, as two processes would be.
func twoInstances(t *testing.T) (*env, *env) { return twoInstancesWith(t, nil) }

func twoInstancesWith(t *testing.T, tweak func(*Config)) (*env, *env) {
	open := sharedPostgres(t)
	return newEnv(t, open(), tweak), newEnv(t, open(), tweak)
}

// sharedPostgres returns a function opening stores on one fresh PostgreSQL schema, one per instance.
func sharedPostgres(t *testing.T) func() store.Store {
	url, schema := pgtest.Schema(t)
	return func() store.Store {
		s, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 8})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

// Both instances hold the match and both try every bot move; the log lets one land each time, and the
// game ends with exactly one move per seat and round.
func TestScaleOutBots(t *testing.T) {
	t.Parallel()
	a, b := twoInstancesWith(t, func(c *Config) { c.Bots = toyBots{} })
	v := a.must(201, a.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":6},"max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	a.must(200, a.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	b.must(200, b.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"steady"}`))
	b.dial(id, "", -1) // B holds the match too, and hears of every change
	a.must(200, a.do("POST", "/api/matches/"+id+"/start", ada, ""))
	for i := range 6 {
		e := []*env{a, b}[i%2]
		// The round's own state: an instance that has not yet heard of the last round's moves also says
		// Ada must act, but of the round before.
		e.waitState(id, ada, func(s state) bool { return s.You.MustAct && s.Match.Moves >= 3*i })
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	}
	for _, e := range []*env{a, b} {
		if end := e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished }); end.Match.Moves != 18 {
			t.Fatalf("%d moves in effect, want 18", end.Match.Moves)
		}
	}
	evs, err := a.store.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 3+1+18 {
		t.Fatalf("%d events logged, want 22 (3 joins, the start, 18 moves)", len(evs))
	}
}

func TestScaleOutTwoInstances(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	id := a.must(201, a.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":4},"max_seats":3}`)).json(t)["id"].(string)
	ps := make([]player, 3)
	for i := range ps {
		e := []*env{a, b}[i%2] // seats join through either instance
		v := e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"p`+itoa(i)+`"}`)).json(t)
		ps[i] = player{seat: int(v["seat"].(float64)), token: v["token"].(string)}
		if ps[i].seat != i {
			t.Fatalf("join %d on instance %d got seat %d", i, i%2, ps[i].seat)
		}
	}
	b.must(200, b.do("POST", "/api/matches/"+id+"/start", ps[0].token, "")) // the host, through the other instance
	// A client on A learns of B's start (3 joins and the start), then a client on B sees a move accepted
	// by A, and the other way round.
	const seq = 4
	onA := a.dial(id, "", -1)
	if s := onA.stateAt(seq); s.Match.Status != "playing" {
		t.Fatalf("A's client after B's start: %+v", s.Match)
	}
	onB := b.dial(id, ps[1].token, -1)
	onB.stateAt(seq)
	a.must(200, a.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	if s := onB.stateAt(seq + 1); !toyView(t, s.View).Picked[0] || !s.You.MustAct {
		t.Fatalf("B's client after A's move: %+v %s", s.You, s.View)
	}
	b.must(200, b.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	if s := onA.stateAt(seq + 2); !toyView(t, s.View).Picked[1] {
		t.Fatalf("A's client after B's move: %s", s.View)
	}

	// Both instances race on the same match: every seat moves at once, alternating instances. Each move
	// is accepted exactly once, whichever instance appends first.
	var wg sync.WaitGroup
	for round := range 4 {
		for i, p := range ps {
			if round == 0 && i < 2 {
				continue // already played
			}
			e := []*env{a, b}[(i+round)%2]
			wg.Go(func() {
				r := e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":`+itoa(i+1)+`}}`)
				if r.status != 200 {
					t.Errorf("round %d seat %d: %d %s", round, i, r.status, r.body)
				}
			})
		}
		wg.Wait()
	}
	// Both instances converge on the same final state (4 events before play, 12 moves), and the log holds
	// each move once.
	final := onA.stateAt(16)
	if final.Seq != 16 || final.Match.Status != "finished" || final.Match.Moves != 12 {
		t.Fatalf("after the race A's client has %+v", final.Match)
	}
	if s := onB.stateAt(16); string(mustJSON(s.Match.Result)) != string(mustJSON(final.Match.Result)) {
		t.Fatalf("B's client saw result %+v, A's %+v", s.Match.Result, final.Match.Result)
	}
	evs, err := a.store.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var seats []int
	for _, ev := range evs {
		if ev.Kind == evMove {
			seats = append(seats, ev.Seat)
		}
	}
	slices.Sort(seats)
	if !slices.Equal(seats, []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}) {
		t.Fatalf("moves in the log by seat: %v", seats)
	}
}

// TestStaleInstanceCatchesUpOnConflict makes instance B miss A's move (its refresh is held off by the
// match lock) and checks that B's append fails, B reloads from the log, and the retry succeeds.
func TestStaleInstanceCatchesUpOnConflict(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	id, ps := a.newMatch("toy", `{"rounds":2}`, 2, "")
	b.state(id, "") // B loads the match
	onA := a.dial(id, "", -1)
	m, err := b.srv.get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	stale := m.seq
	a.must(200, a.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	if m.seq != stale {
		t.Fatal("B's match changed while locked")
	}
	err = m.move(context.Background(), 1, json.RawMessage(`{"pick":2}`), "")
	if !errors.Is(err, store.ErrConflict) {
		m.mu.Unlock()
		t.Fatalf("stale append: %v, want a conflict", err)
	}
	if m.gone || m.seq != stale+1 {
		m.mu.Unlock()
		t.Fatalf("after the conflict B is at %d (gone %v), want %d", m.seq, m.gone, stale+1)
	}
	if err := m.move(context.Background(), 1, json.RawMessage(`{"pick":2}`), ""); err != nil {
		m.mu.Unlock()
		t.Fatalf("retry after catching up: %v", err)
	}
	m.mu.Unlock()
	if v := toyView(t, onA.stateAt(stale+2).View); v.Round != 1 {
		t.Fatalf("A's client after B's move: %+v", v)
	}
}

// Two players of a finished match ask for the rematch at once, through different instances: both sit in
// one new match, and no second one is left open in the lobby.
func TestScaleOutRematch(t *testing.T) {
	t.Parallel()
	a, b := twoInstancesWith(t, func(c *Config) { c.Bots = toyBots{} })
	id, ada, bob := finishedToy(a, "steady")
	b.state(id, "") // B holds the finished match too
	var ra, rb map[string]any
	var wg sync.WaitGroup
	wg.Go(func() { ra = a.must(200, a.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t) })
	wg.Go(func() { rb = b.must(200, b.do("POST", "/api/matches/"+id+"/rematch", bob, "")).json(t) })
	wg.Wait()
	if ra["id"] != rb["id"] || ra["seat"] == rb["seat"] {
		t.Fatalf("Ada got %v, Bob %v", ra, rb)
	}
	var lobby struct{ Matches []lobbyEntry }
	json.Unmarshal(a.must(200, a.do("GET", "/api/matches?status=open", "", "")).body, &lobby)
	if len(lobby.Matches) != 1 {
		t.Fatalf("%d open matches after the rematch, want 1", len(lobby.Matches))
	}
	next := ra["id"].(string)
	names := a.waitState(next, "", func(s state) bool { return len(s.Match.Players) == 3 })
	var bots int
	for _, p := range names.Match.Players {
		if p.Bot != "" {
			bots++
		}
	}
	if bots != 1 {
		t.Fatalf("the rematch seats %+v", names.Match.Players)
	}
}

// The instance that made a change plays the bots' turn it brings; the others, which only heard of it,
// wait to take over should it fail, and so compute no bot move while it works.
func TestScaleOutBotsPlayedWhereTheChangeWasMade(t *testing.T) {
	t.Parallel()
	var madeA, madeB atomic.Int32
	open := sharedPostgres(t)
	a := newEnv(t, open(), func(c *Config) { c.Bots = toyBots{&madeA} })
	b := newEnv(t, open(), func(c *Config) { c.Bots = toyBots{&madeB} })
	v := a.must(201, a.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":5},"max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	a.must(200, a.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	a.must(200, a.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	watch := b.dial(id, "", -1) // B holds the match and hears every change
	a.must(200, a.do("POST", "/api/matches/"+id+"/start", ada, ""))
	for range 5 {
		a.waitState(id, ada, func(s state) bool { return s.You.MustAct })
		a.must(200, a.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	}
	end := a.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	watch.stateAt(end.Seq)
	if madeA.Load() == 0 || madeB.Load() != 0 {
		t.Fatalf("bots made: %d on A, where every change was made, and %d on B, which only heard of them", madeA.Load(), madeB.Load())
	}
}

// Should the instance that made the change not play the bots' turn (it stopped, or is stuck), another
// instance that heard of the change takes over after botTakeover.
func TestScaleOutBotTakeover(t *testing.T) {
	t.Parallel()
	open := sharedPostgres(t)
	a := newEnv(t, open(), func(c *Config) { c.Bots = toyBots{}; c.BotDelay = time.Hour }) // A never gets to it
	b := newEnv(t, open(), func(c *Config) { c.Bots = toyBots{} })
	v := a.must(201, a.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1,"sequential":true},"max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	a.must(200, a.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	watch := b.dial(id, "", -1)
	a.must(200, a.do("POST", "/api/matches/"+id+"/start", ada, ""))
	start := time.Now()
	a.must(200, a.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	end := b.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	if took := time.Since(start); end.Match.Moves != 2 || took < botTakeover {
		t.Fatalf("after %v: %d moves; want the bot's move played by B once botTakeover (%v) had passed", took, end.Match.Moves, botTakeover)
	}
	watch.stateAt(end.Seq)
}
