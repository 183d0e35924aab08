package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/store"
)

func TestWebSocketPushAndResume(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	seq := e.state(id, "").Seq

	w0 := e.dial(id, ps[0].token, -1)
	w1 := e.dial(id, ps[1].token, -1)
	spec := e.dial(id, "", -1)
	for _, w := range []*wsConn{w0, w1, spec} {
		if s := w.stateAt(seq); s.Seq != seq {
			t.Fatalf("first message at seq %d, want the current state %d", s.Seq, seq)
		}
	}
	// A move over HTTP reaches every socket, each with its own view.
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":2}}`))
	s0, s1, ss := w0.stateAt(seq+1), w1.stateAt(seq+1), spec.stateAt(seq+1)
	if v := toyView(t, s0.View); v.MyPick != 2 || !s0.You.Undoable || s0.You.MustAct {
		t.Fatalf("seat 0 push %+v %+v", s0.You, v)
	}
	if v := toyView(t, s1.View); v.MyPick != 0 || !v.Picked[0] || !s1.You.MustAct {
		t.Fatalf("seat 1 push %+v %+v", s1.You, v)
	}
	if ss.You != nil || toyView(t, ss.View).MyPick != 0 {
		t.Fatalf("spectator push %+v", ss)
	}

	// A move over the socket is acknowledged with its sequence number.
	w1.send(`{"type":"move","id":"m1","move":{"pick":3}}`)
	var ok wsReply
	json.Unmarshal(w1.next("ok"), &ok)
	if ok.ID != "m1" || ok.Seq != seq+2 {
		t.Fatalf("ack %+v, want id m1 seq %d", ok, seq+2)
	}
	if s := w0.stateAt(seq + 2); toyView(t, s.View).Round != 1 {
		t.Fatalf("round did not close: %s", s.View)
	}
	// Errors on the socket name the request and change nothing.
	w1.send(`{"type":"move","id":"m2","move":{"pick":7}}`)
	var bad wsReply
	json.Unmarshal(w1.next("error"), &bad)
	if bad.ID != "m2" || bad.Error.Code != codeIllegalMove {
		t.Fatalf("error reply %+v", bad)
	}
	w1.send(`not json`)
	json.Unmarshal(w1.next("error"), &bad)
	if bad.Error.Code != codeBadJSON {
		t.Fatalf("error reply %+v", bad)
	}
	spec.send(`{"type":"move","move":{"pick":1}}`)
	json.Unmarshal(spec.next("error"), &bad)
	if bad.Error.Code != codeForbidden {
		t.Fatalf("spectator move reply %+v", bad)
	}
	w1.send(`{"type":"dance"}`)
	json.Unmarshal(w1.next("error"), &bad)
	if bad.Error.Code != codeBadRequest {
		t.Fatalf("unknown type reply %+v", bad)
	}
	if got := e.state(id, "").Seq; got != seq+2 {
		t.Fatalf("refused socket messages moved the match to %d", got)
	}

	// Resume: a client that has the current state is told it is up to date and then gets the next change;
	// one that is behind gets the current state at once.
	cur := seq + 2
	r := e.dial(id, ps[0].token, cur)
	var up wsReply
	json.Unmarshal(r.next("uptodate"), &up)
	if up.Seq != cur {
		t.Fatalf("uptodate %+v", up)
	}
	behind := e.dial(id, ps[1].token, seq)
	if s := behind.stateAt(0); s.Seq != cur {
		t.Fatalf("resume from %d got seq %d, want %d", seq, s.Seq, cur)
	}
	// A client ahead of the log (the database was restored from a backup since it last saw the match) is
	// told so, gets the current state, and then every change.
	ahead := e.dial(id, ps[1].token, cur+5)
	var rw wsReply
	json.Unmarshal(ahead.next("rewound"), &rw)
	if rw.Seq != cur {
		t.Fatalf("rewound %+v, want seq %d", rw, cur)
	}
	if s := ahead.stateAt(0); s.Seq != cur {
		t.Fatalf("a client ahead of the log got seq %d, want the current %d", s.Seq, cur)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	if s := r.stateAt(cur + 1); s.Seq != cur+1 {
		t.Fatalf("resumed socket got %d", s.Seq)
	}
	if s := ahead.stateAt(cur + 1); s.Seq != cur+1 {
		t.Fatalf("the rewound socket got %d after the next move", s.Seq)
	}

	// Wrong tokens are refused before the upgrade.
	res, err := http.Get(e.http.URL + "/api/matches/" + id + "/ws?token=bad")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("socket with a wrong token: %d", res.StatusCode)
	}
}

func TestUndo(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 3, "")
	mv := func(p player, pick string) resp {
		return e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":`+pick+`}}`)
	}
	e.must(200, mv(ps[0], "1"))
	e.must(200, mv(ps[1], "1"))
	// Seat 0 takes its pick back while seat 2 has not drawn: it must act again.
	st := decodeState(t, e.must(200, e.do("POST", "/api/matches/"+id+"/undo", ps[0].token, "")).body)
	if !st.You.MustAct || st.You.Undoable || toyView(t, st.View).MyPick != 0 || st.Match.Moves != 1 {
		t.Fatalf("after undo %+v %s", st.You, st.View)
	}
	if !slices.Equal(st.Match.ToAct, []game.Seat{0, 2}) {
		t.Fatalf("to act after undo %v, want [0 2]", st.Match.ToAct)
	}
	// Undo twice is refused: seat 0 has no move left in this round.
	if r := e.do("POST", "/api/matches/"+id+"/undo", ps[0].token, ""); r.status != 409 || r.errCode() != codeNotUndoable {
		t.Fatalf("second undo: %d %s", r.status, r.body)
	}
	e.must(200, mv(ps[0], "3"))
	e.must(200, mv(ps[2], "2")) // closes the round: nothing can be taken back
	if r := e.do("POST", "/api/matches/"+id+"/undo", ps[2].token, ""); r.status != 409 || r.errCode() != codeNotUndoable {
		t.Fatalf("undo after the round closed: %d %s", r.status, r.body)
	}
	g, _ := e.store.Game(context.Background(), id)
	card := gametest.DeckOrder(g.Seed)[0]
	// Seats 0 and 1 would have tied on 1; after the undo seat 0 picked 3: picks 3, 1, 2 all score.
	if sc := toyView(t, e.state(id, "").View).Scores; !slices.Equal(sc, []int{3 * card, card, 2 * card}) {
		t.Fatalf("scores %v after round 1 with card %d", sc, card)
	}
	// Finish, then check the record leaves the undone move out.
	for i, p := range ps {
		e.must(200, mv(p, itoa(i+1)))
	}
	var rec game.Record
	r := e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", ""))
	if err := json.Unmarshal(r.body, &rec); err != nil {
		t.Fatal(err)
	}
	want := []game.RecordedMove{{Seat: 1, Move: json.RawMessage(`{"pick":1}`)}, {Seat: 0, Move: json.RawMessage(`{"pick":3}`)}, {Seat: 2, Move: json.RawMessage(`{"pick":2}`)}}
	if len(rec.Moves) != 6 {
		t.Fatalf("record has %d moves, want 6", len(rec.Moves))
	}
	for i, w := range want {
		if rec.Moves[i].Seat != w.Seat || string(rec.Moves[i].Move) != string(w.Move) {
			t.Fatalf("record move %d = %+v, want %+v", i, rec.Moves[i], w)
		}
	}
}

func TestUndoSequential(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":1,"sequential":true}`, 3, "")
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	// Seat 1 has acted on seat 0's move: seat 0 may no longer take it back, seat 1 may.
	if r := e.do("POST", "/api/matches/"+id+"/undo", ps[0].token, ""); r.errCode() != codeNotUndoable {
		t.Fatalf("seat 0 undo after seat 1 acted: %d %s", r.status, r.body)
	}
	st := decodeState(t, e.must(200, e.do("POST", "/api/matches/"+id+"/undo", ps[1].token, "")).body)
	if !slices.Equal(st.Match.ToAct, []game.Seat{1}) {
		t.Fatalf("to act after seat 1's undo: %v", st.Match.ToAct)
	}
}

func TestRecordAndReplay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	picks := [][2]int{{1, 1}, {3, 2}}
	for _, round := range picks {
		for seat, p := range round {
			e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[seat].token, `{"move":{"pick":`+itoa(p)+`}}`))
		}
	}
	r := e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", ""))
	if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="surveyor-toy-`+id+`.json"` {
		t.Fatalf("content disposition %q", cd)
	}
	rec, err := game.ReadRecord(bytesReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := e.store.Game(context.Background(), id)
	if rec.Game != "toy" || rec.Seed != g.Seed || rec.Seats != 2 || len(rec.Moves) != 4 {
		t.Fatalf("record %+v", rec)
	}
	st, err := testGames.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	deck := gametest.DeckOrder(g.Seed)
	// Round 1 is a tie (nothing scores); round 2: 3 × card and 2 × card.
	if res := st.Result(); !slices.Equal(res.Scores, []int{3 * deck[1], 2 * deck[1]}) {
		t.Fatalf("replayed scores %v with deck %v", res.Scores, deck[:2])
	}
	var step struct {
		Step, Steps int
		Move        game.RecordedMove
		View        gametest.View
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/replay/3", "", "")).body, &step)
	if step.Step != 3 || step.Steps != 4 || step.Move.Seat != 0 || string(step.Move.Move) != `{"pick":3}` ||
		step.View.Round != 1 || !step.View.Picked[0] || step.View.Card != deck[1] {
		t.Fatalf("replay step 3: %+v", step)
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/replay/0", "", "")).body, &step)
	if step.Step != 0 || step.View.Round != 0 || step.View.Picked[0] {
		t.Fatalf("replay step 0: %+v", step)
	}
	for _, bad := range []string{"5", "-1", "x"} {
		if r := e.do("GET", "/api/matches/"+id+"/replay/"+bad, "", ""); r.status != 400 {
			t.Errorf("replay step %s: %d %s", bad, r.status, r.body)
		}
	}
}

func TestMoveClockPlaysForLateSeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, `,"clock":{"mode":"move","seconds":30}`)
	st := e.state(id, "")
	start := e.clock.Now()
	if d := st.Match.Players[1].Deadline; d == nil || !d.Equal(start.Add(30*time.Second)) {
		t.Fatalf("seat 1 deadline %v, want start + 30 s", d)
	}
	e.clock.Advance(10 * time.Second)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":3}}`))
	e.clock.Advance(19 * time.Second)
	e.srv.expire(id) // 29 s: seat 1 still has time
	if st := e.state(id, ""); st.Match.Moves != 1 {
		t.Fatalf("clock fired early: %d moves", st.Match.Moves)
	}
	e.clock.Advance(2 * time.Second)
	e.srv.expire(id) // 31 s: seat 1's AutoMove (pick 2) is played
	st = e.state(id, "")
	if st.Match.Moves != 2 || toyView(t, st.View).Round != 1 {
		t.Fatalf("after timeout: %d moves, view %s", st.Match.Moves, st.View)
	}
	if last := toyView(t, st.View).Last; last == nil || !slices.Equal(last.Picks, []int{3, 2}) {
		t.Fatalf("round 1 picks %+v, want [3 2] (seat 1 auto-picked 2)", last)
	}
	// Each seat's new decision gets a fresh 30 s from the moment the round closed.
	now := e.clock.Now()
	for _, p := range st.Match.Players {
		if p.Deadline == nil || !p.Deadline.Equal(now.Add(30*time.Second)) {
			t.Fatalf("seat %d deadline %v, want %v", p.Seat, p.Deadline, now.Add(30*time.Second))
		}
	}
	// An auto move cannot be undone by the seat.
	if r := e.do("POST", "/api/matches/"+id+"/undo", ps[1].token, ""); r.errCode() != codeNotUndoable {
		t.Fatalf("undo of an auto move: %d %s", r.status, r.body)
	}
	evs, _ := e.store.Events(context.Background(), id, 0)
	var d moveData
	json.Unmarshal(evs[len(evs)-1].Data, &d)
	if d.Auto != "timeout" || evs[len(evs)-1].Seat != 1 {
		t.Fatalf("last event %+v, want seat 1's timeout move", evs[len(evs)-1])
	}
}

func TestGameClockBank(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3,"sequential":true}`, 2, `,"clock":{"mode":"game","seconds":60}`)
	mv := func(p player) {
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":1}}`))
	}
	e.clock.Advance(20 * time.Second)
	mv(ps[0]) // seat 0 spent 20 s
	e.clock.Advance(50 * time.Second)
	mv(ps[1]) // seat 1 spent 50 s
	st := e.state(id, "")
	if b := st.Match.Players[0].BankMs; b == nil || *b != 40000 {
		t.Fatalf("seat 0 bank %v, want 40000 ms", b)
	}
	if b := st.Match.Players[1].BankMs; b == nil || *b != 10000 {
		t.Fatalf("seat 1 bank %v, want 10000 ms", b)
	}
	if d := st.Match.Players[0].Deadline; d == nil || !d.Equal(e.clock.Now().Add(40*time.Second)) {
		t.Fatalf("seat 0 deadline %v", d)
	}
	mv(ps[0])
	e.clock.Advance(11 * time.Second) // seat 1 runs out: from then on it is played for at once
	e.srv.expire(id)
	st = e.state(id, "")
	if st.Match.Moves != 4 || !slices.Equal(st.Match.ToAct, []game.Seat{0}) {
		t.Fatalf("after seat 1's bank ran out: %d moves, to act %v", st.Match.Moves, st.Match.ToAct)
	}
	mv(ps[0])
	e.srv.expire(id)
	if st := e.state(id, ""); st.Match.Status != "finished" {
		t.Fatalf("seat 1 with an empty bank was not played for: %+v", st.Match)
	}
}

// A new instance makes the clocks of the matches in play run: each is loaded once and, with nobody
// watching, put to sleep with an alarm for its deadline, which plays the late seat's move when it rings.
func TestClocksArmOnStartup(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, _ := e.newMatch("toy", `{"rounds":1}`, 2, `,"clock":{"mode":"move","seconds":5}`)
	e2 := newEnv(t, st, nil)
	if e2.loaded(id) || !e2.asleep(id) {
		t.Fatalf("new instance: loaded %v, asleep %v; want an alarm only", e2.loaded(id), e2.asleep(id))
	}
	e2.clock.Advance(6 * time.Second)
	e2.srv.ring(id)
	if st := e2.state(id, ""); st.Match.Moves != 2 || st.Match.Status != "finished" {
		t.Fatalf("after the alarm: %d moves, %s; want both seats played for", st.Match.Moves, st.Match.Status)
	}
	if e2.asleep(id) {
		t.Fatal("the alarm is still set after ringing")
	}
}

// A correspondence match nobody touches leaves memory, keeping only an alarm for its deadline; a request
// wakes it (the alarm is dropped: the match's own timer runs again), and the alarm plays a late seat.
func TestClockedMatchesSleepWhenIdle(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.IdleTimeout = time.Minute })
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, `,"clock":{"mode":"move","seconds":86400}`)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":3}}`))
	e.clock.Advance(2 * time.Minute)
	e.srv.evictIdle()
	if e.loaded(id) || !e.asleep(id) {
		t.Fatalf("idle clocked match: loaded %v, asleep %v; want an alarm only", e.loaded(id), e.asleep(id))
	}
	if st := e.state(id, ""); st.Match.Moves != 1 {
		t.Fatalf("woken match has %d moves, want 1", st.Match.Moves)
	}
	if !e.loaded(id) || e.asleep(id) {
		t.Fatalf("touched match: loaded %v, asleep %v; want in memory without an alarm", e.loaded(id), e.asleep(id))
	}
	e.clock.Advance(2 * time.Minute)
	e.srv.evictIdle()
	e.clock.Advance(24 * time.Hour)
	e.srv.ring(id)
	st := e.state(id, "")
	if st.Match.Moves != 2 || toyView(t, st.View).Round != 1 {
		t.Fatalf("after the alarm: %d moves, view %s; want seat 1 played for", st.Match.Moves, st.View)
	}
}

// panicky is Toy with an engine bug: LegalMoves panics, and so does Apply for a pick of 3.
type panicky struct{ gametest.Definition }

func (panicky) Name() string { return "toy-panicky" }

func (p panicky) New(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	st, err := p.Definition.New(options, seats, seed)
	return panickyState{st.(*gametest.State)}, err
}

type panickyState struct{ *gametest.State }

func (panickyState) LegalMoves(game.Seat) []json.RawMessage { panic("LegalMoves bug") }

func (s panickyState) Apply(seat game.Seat, mv json.RawMessage) error {
	if string(mv) == `{"pick":3}` {
		panic("Apply bug")
	}
	return s.State.Apply(seat, mv)
}

func TestEnginePanicIsContained(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(gametest.Definition{}, panicky{}) })
	id, ps := e.newMatch("toy-panicky", `{"rounds":2}`, 2, "")
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	if r := e.do("GET", "/api/matches/"+id+"/legal", ps[1].token, ""); r.status != 500 || r.errCode() != codeInternal {
		t.Fatalf("legal moves of a panicking engine: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":3}}`); r.status != 500 || r.errCode() != codeInternal {
		t.Fatalf("move that panics the engine: %d %s", r.status, r.body)
	}
	// The match is rebuilt from its log: seat 0's move is there, seat 1's is not, and play goes on.
	st := e.state(id, ps[1].token)
	if st.Match.Moves != 1 || !st.You.MustAct {
		t.Fatalf("after the panics: %+v %+v", st.Match, st.You)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
}

// flakyStore fails every call while fail is set, as a database that went away would.
type flakyStore struct {
	store.Store
	fail atomic.Bool
}

var errDown = errors.New("database down")

func (f *flakyStore) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	if f.fail.Load() {
		return 0, errDown
	}
	return f.Store.Append(ctx, id, after, up, evs...)
}

func (f *flakyStore) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	if f.fail.Load() {
		return nil, errDown
	}
	return f.Store.Events(ctx, id, after)
}

func (f *flakyStore) Game(ctx context.Context, id string) (store.Game, error) {
	if f.fail.Load() {
		return store.Game{}, errDown
	}
	return f.Store.Game(ctx, id)
}

// TestStoreFailureLosesNothingAccepted: a move whose append fails is refused, the match is dropped from
// memory (its sockets are told to reconnect), and once the database is back the match is rebuilt from
// its log without that move.
func TestStoreFailureLosesNothingAccepted(t *testing.T) {
	t.Parallel()
	fs := &flakyStore{Store: openSQLite(t)}
	e := newEnv(t, fs, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	w := e.dial(id, ps[1].token, -1)
	seq := w.stateAt(0).Seq
	fs.fail.Store(true)
	if r := e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`); r.status != 500 || r.errCode() != codeInternal {
		t.Fatalf("move with the database down: %d %s", r.status, r.body)
	}
	timeout := time.After(10 * time.Second)
	for closed := false; !closed; {
		select {
		case _, ok := <-w.msgs:
			closed = !ok
		case <-timeout:
			t.Fatal("the socket of a dropped match stayed open")
		}
	}
	fs.fail.Store(false)
	st := e.state(id, ps[0].token)
	if st.Seq != seq || st.Match.Moves != 0 || !st.You.MustAct {
		t.Fatalf("after the outage: seq %d (want %d), %d moves, you %+v", st.Seq, seq, st.Match.Moves, st.You)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
}
