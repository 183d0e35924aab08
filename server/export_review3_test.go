package server

import (
	"context"
	"net/http"
	"testing"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// holdingSeats is the SQLite store whose first SeatsOf waits, once it has said so, until released: an
// export held in the middle of its work.
type holdingSeats struct {
	*sqlite.Store
	in, release chan struct{}
}

func (s *holdingSeats) SeatsOf(ctx context.Context, userID string, limit int) ([]store.SeatRef, error) {
	if s.in != nil {
		in := s.in
		s.in = nil
		close(in)
		<-s.release
	}
	return s.Store.SeatsOf(ctx, userID, limit)
}

// One account runs one export at a time: each reads, replays and holds in memory up to 2,000 games, so
// many at once from one account was a load without bound for a single request's price. A second while
// the first runs is 429 with a Retry-After; another account's export is not held back, and once the first
// is over the account exports again.
func TestReview3ExportOneAtATime(t *testing.T) {
	t.Parallel()
	hs := &holdingSeats{in: make(chan struct{}), release: make(chan struct{})}
	e, _, _ := accEnv(t, func(c *Config) {
		hs.Store = c.Accounts.(*sqlite.Store)
		c.Accounts = hs
	})
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	in := hs.in
	first := make(chan resp, 1)
	go func() { first <- ada.do("GET", "/api/account/export", "") }()
	<-in // the first export is under way
	r := ada.do("GET", "/api/account/export", "")
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Errorf("a second export while the first runs: %d %s", r.status, r.body)
	}
	bea.must(bea.do("GET", "/api/account/export", ""), 200)
	close(hs.release)
	if r := <-first; r.status != http.StatusOK {
		t.Fatalf("the first export: %d %s", r.status, r.body)
	}
	ada.must(ada.do("GET", "/api/account/export", ""), 200)
}
