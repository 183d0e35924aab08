package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// endHold holds the append that finishes a match, once it is in the log, until the request that made it
// is cancelled (its client gone): the moment between a game's last move being written and its observers
// recording what follows from it.
type endHold struct {
	*sqlite.Store
	committed chan<- struct{}
	once      sync.Once
	cancelled atomic.Bool // the request's context was cancelled while the append was held
}

func (h *endHold) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	n, err := h.Store.Append(ctx, id, after, up, evs...)
	if err == nil && up.Status == statusFinished {
		h.once.Do(func() {
			close(h.committed)
			select {
			case <-ctx.Done():
				h.cancelled.Store(true)
			case <-time.After(20 * time.Second):
			}
		})
	}
	return n, err
}

// ratedToTheEnd sets up a rated game between Ada and Bea, on a store that holds the append of its last
// move until the context it is written on is cancelled, and plays Ada's move: Bea's ends it. It answers
// the match, Bea's seat token and the hold.
func ratedToTheEnd(t *testing.T, tweak func(*Config)) (*env, string, *browser, string, *endHold, <-chan struct{}) {
	t.Helper()
	committed := make(chan struct{})
	h := &endHold{committed: committed}
	e, _, _ := accEnv(t, func(c *Config) {
		h.Store = c.Store.(*sqlite.Store)
		c.Store, c.Accounts = h, h
		if tweak != nil {
			tweak(c)
		}
	})
	id, b, tok := ratedOneMoveLeft(t, e)
	return e, id, b, tok, h, committed
}

// ratedOneMoveLeft has Ada and Bea sign up and start a rated game, and plays Ada's move: Bea's {"pick":2}
// ends it. It answers the match, Bea's browser and her seat token.
func ratedOneMoveLeft(t *testing.T, e *env) (string, *browser, string) {
	t.Helper()
	a, b := e.browser(), e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	b.must(b.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	id := a.must(a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":2,"name":"Ada","rated":true}`), 201).json(t)["id"].(string)
	tok := b.must(b.do("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`), 200).json(t)["token"].(string)
	a.must(a.do("POST", "/api/matches/"+id+"/start", ""), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	return id, b, tok
}

// bothRated checks, once the handling of the game's last move is over, that it was rated.
func bothRated(t *testing.T, e *env, id string, h *endHold) {
	t.Helper()
	// The move's handling, observers included, is over once the match's lock is free again.
	if err := e.srv.withMatch(context.Background(), id, func(*match) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if st := e.state(id, ""); st.Match.Status != statusFinished {
		t.Fatalf("status %s, want the game finished", st.Match.Status)
	}
	if !h.cancelled.Load() {
		t.Fatal("the server did not see Bea go away while her move was written")
	}
	for _, name := range []string{"Ada", "Bea"} {
		if p := e.profile(name); len(p.Ratings) != 1 || p.Ratings[0].Games != 1 {
			t.Errorf("%s's ratings after the game whose last move's client went away: %+v, want one game rated", name, p.Ratings)
		}
	}
}

// A rated game's last move sent over HTTP by a client that goes away once it is written still has the
// game rated. The observers that record a game's end (its ratings, a tournament's result, a challenge's
// score) write after the move's append; they used to get the request's context, cancelled when its client
// disconnects, so that the move was logged but its rating never recorded (nothing rates a game later).
func TestMoveRatedWhenItsClientGoesAway(t *testing.T) {
	t.Parallel()
	e, id, b, _, h, committed := ratedToTheEnd(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", e.http.URL+"/api/matches/"+id+"/moves", strings.NewReader(`{"move":{"pick":2}}`))
	req.Header.Set("Origin", b.origin)
	done := make(chan error, 1)
	go func() {
		res, err := b.c.Do(req)
		if err == nil {
			res.Body.Close()
		}
		done <- err
	}()
	select {
	case <-committed:
	case <-time.After(20 * time.Second):
		t.Fatal("Bea's move did not end the game")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Bea's request: %v, want it cancelled", err)
	}
	bothRated(t, e, id, h)
}

// The same over a WebSocket: a socket's context ends with its connection (here: its pings go unanswered
// once its client has gone), and a game's last move sent on it was logged but not rated.
func TestSocketMoveRatedWhenItsClientGoesAway(t *testing.T) {
	t.Parallel()
	e, id, _, tok, h, committed := ratedToTheEnd(t, func(c *Config) { c.WebSocketPing = 200 * time.Millisecond })
	w := e.dial(id, tok, -1)
	w.send(`{"type":"move","id":"last","move":{"pick":2}}`)
	select {
	case <-committed:
	case <-time.After(20 * time.Second):
		t.Fatal("Bea's move did not end the game")
	}
	w.c.CloseNow()
	bothRated(t, e, id, h)
}
