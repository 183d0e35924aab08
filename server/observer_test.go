package server

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// recorder is an observer that keeps what it was told, and writes one note with every move.
type recorder struct {
	mu    sync.Mutex
	calls []string // "before join 1", "after move 4", ...
	last  Snapshot
}

func (r *recorder) Before(_ context.Context, e *Snapshot) []store.Note {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, "before "+e.Kind+" "+itoa(int(e.Seq)))
	if e.Kind != evMove {
		return nil
	}
	return []store.Note{{UserID: "watcher", Kind: "observed", GameID: e.Match, Data: []byte(`{}`), Due: e.At, Created: e.At}}
}

func (r *recorder) After(_ context.Context, e *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, "after "+e.Kind+" "+itoa(int(e.Seq)))
	r.last = *e
}

// TestObserversHearEveryEvent: every logged event reaches the observers twice, before and after its
// append, in log order; the notes returned before are written with the event; a refused move is not heard.
func TestObserversHearEveryEvent(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	rec := &recorder{}
	e.srv.observe(rec)
	id, ps := e.newMatch("toy", `{"rounds":2,"sequential":true}`, 2, "")
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	if r := e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`); r.status == 200 {
		t.Fatalf("a move out of turn was accepted: %s", r.body)
	}
	rec.mu.Lock()
	calls, last := slices.Clone(rec.calls), rec.last
	rec.mu.Unlock()
	want := []string{"before join 1", "after join 1", "before join 2", "after join 2", "before start 3", "after start 3",
		"before move 4", "after move 4"}
	if !slices.Equal(calls, want) {
		t.Fatalf("observer calls\n got %q\nwant %q", calls, want)
	}
	if last.Match != id || last.Game != "toy" || last.Seat != 0 || len(last.Seats) != 2 || last.Seats[1].Name != "p1" ||
		!slices.Equal(last.ToActBefore, []game.Seat{0}) || !slices.Equal(last.ToActAfter, []game.Seat{1}) || last.Over ||
		len(last.Notes) != 1 || !last.At.Equal(e.clock.Now()) {
		t.Fatalf("snapshot of the move: %+v", last)
	}
	outbox, ok := e.store.(interface {
		ClaimNotes(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]store.Note, error)
	})
	if !ok {
		t.Fatal("the test store has no outbox")
	}
	ns, err := outbox.ClaimNotes(context.Background(), "test", e.clock.Now(), time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) != 1 || ns[0].Kind != "observed" || ns[0].GameID != id {
		t.Fatalf("outbox after the move: %+v", ns)
	}
}
