package challenges

import (
	"context"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/store"
)

// finishedOnly is a store whose one use here is the challenges an account finished.
type finishedOnly struct {
	store.Challenges
	done []store.ChallengeFinish
}

func (f finishedOnly) FinishedChallenges(context.Context, string) ([]store.ChallengeFinish, error) {
	return f.done, nil
}

// ticking is a clock a millisecond later at each read than at the one before, from start: a request that
// reads it at each step sees midnight pass half-way when start is just before it.
func ticking(start time.Time) func() time.Time {
	var mu sync.Mutex
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t := start
		start = start.Add(time.Millisecond)
		return t
	}
}

// A profile read as UTC midnight passes is of one instant: the clock read once, from the last millisecond
// of 2026-11-29. Seen by another, that day's daily, finished, is still running then (withheld), and the
// streak runs to the 28th. Read per challenge, the clock had passed midnight by the 29th's, which the
// profile then listed, with a streak of three, at an instant when it was running.
func TestProfileReadAcrossMidnightIsOfOneInstant(t *testing.T) {
	t.Parallel()
	now := ticking(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC).Add(-time.Millisecond))
	finished := func(day string, at time.Time) store.ChallengeFinish {
		return store.ChallengeFinish{Challenge: "cartographers-daily-" + day, First: at}
	}
	st := finishedOnly{done: []store.ChallengeFinish{
		finished("2026-11-27", time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)),
		finished("2026-11-28", time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)),
		finished("2026-11-29", time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)),
	}}
	room := New(Host{Challenges: st, Series: games.Challenges(), Now: now})
	p, err := room.ProfileOf(context.Background(), "u", false)
	if err != nil {
		t.Fatal(err)
	}
	// At 23:59:59.999 the 29th's daily runs: withheld from others, the streak runs to the 28th.
	if len(p.Finished) != 2 || p.Streak != 2 || p.BestStreak != 2 {
		t.Fatalf("profile at 23:59:59.999 seen by another: %+v, want the 27th's and 28th's dailies and a streak of 2", p)
	}
}

// boardStore records whether the board was settled, and lists no attempt.
type boardStore struct {
	store.Challenges
	settled *bool
}

func (b boardStore) AbandonUnfinished(context.Context, string, time.Time) (int, error) {
	*b.settled = true
	return 0, nil
}

func (b boardStore) RankedFinished(context.Context, string, int) ([]store.ChallengeAttempt, error) {
	return nil, nil
}

type guest struct{}

func (guest) WhoIs(*http.Request) (*accounts.Principal, error)            { return nil, nil }
func (guest) SignedIn(*http.Request, string) (*accounts.Principal, error) { return nil, nil }

// A leaderboard read as the challenge ends is judged at one instant: it is either still running (hidden
// from a guest) or ended, its attempts left in play settled as abandoned before the board is shown. Read
// per step, the clock (a millisecond later at each read, from two before midnight) had the settling find
// the challenge running and the check a moment later find it ended: a board shown without its abandoned.
func TestLeaderboardReadAsTheChallengeEndsIsOfOneInstant(t *testing.T) {
	t.Parallel()
	now := ticking(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC).Add(-2 * time.Millisecond))
	settled := false
	room := New(Host{Challenges: boardStore{settled: &settled}, Ident: guest{}, Games: game.NewRegistry(cartographers.Definition{}),
		Series: games.Challenges(), Now: now})
	req := httptest.NewRequest("GET", "/api/challenges/cartographers-daily-2026-11-29/leaderboard", nil)
	req.SetPathValue("id", "cartographers-daily-2026-11-29")
	rec := httptest.NewRecorder()
	err := room.Leaderboard(rec, req)
	if err == nil && !settled {
		t.Fatalf("the board was shown as ended (%s) without its attempts in play settled", rec.Body)
	}
}
