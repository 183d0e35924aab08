package storetest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// testChallenges: one ranked attempt per account and challenge, an attempt finishes once, the
// leaderboard orders the finished ranked attempts by score with the abandoned last, and an account's
// finished challenges leave out the abandoned.
func testChallenges(t *testing.T, c store.Challenges) {
	ctx := context.Background()
	at := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	add := func(match, challenge, user string, ranked bool) error {
		at = at.Add(time.Minute)
		return c.AddAttempt(ctx, store.ChallengeAttempt{MatchID: match, Challenge: challenge, UserID: user, Ranked: ranked, Started: at})
	}
	for _, a := range []struct {
		match, challenge, user string
		ranked                 bool
	}{{"m1", "d1", "ada", true}, {"m2", "d1", "ada", false}, {"m3", "d1", "bob", true}, {"m4", "d1", "cy", true},
		{"m5", "d1", "", false}, {"m6", "d2", "ada", true}, {"m7", "d1", "dee", true}} {
		if err := add(a.match, a.challenge, a.user, a.ranked); err != nil {
			t.Fatalf("add %s: %v", a.match, err)
		}
	}
	if err := add("m8", "d1", "ada", true); !errors.Is(err, store.ErrExists) {
		t.Fatalf("a second ranked attempt: %v, want ErrExists", err)
	}
	for _, f := range []struct {
		match     string
		score     int
		abandoned bool
	}{{"m1", 30, false}, {"m2", 90, false}, {"m3", 45, false}, {"m4", 99, true}, {"m5", 80, false}, {"m6", 10, false}} {
		at = at.Add(time.Minute)
		if ok, err := c.FinishAttempt(ctx, f.match, f.score, f.abandoned, at); err != nil || !ok {
			t.Fatalf("finish %s: %v %v", f.match, ok, err)
		}
	}
	if ok, err := c.FinishAttempt(ctx, "m1", 99, false, at); err != nil || ok {
		t.Fatalf("finishing m1 again: %v %v, want false", ok, err)
	}
	if ok, err := c.FinishAttempt(ctx, "nope", 1, false, at); err != nil || ok {
		t.Fatalf("finishing no attempt: %v %v, want false", ok, err)
	}
	board, err := c.RankedFinished(ctx, "d1", 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range board {
		got = append(got, a.MatchID)
	}
	// m2 is practice, m5 a guest's, m7 still in play; m4 scored more but was abandoned.
	if want := []string{"m3", "m1", "m4"}; !slices.Equal(got, want) {
		t.Fatalf("leaderboard %v, want %v", got, want)
	}
	if board[1].Score != 30 || !board[1].Ranked || board[1].Finished.IsZero() || !board[2].Abandoned {
		t.Fatalf("leaderboard rows: %+v", board)
	}
	// The challenge ends with m7 in play, and an attempt begun from the archive after: m7 is abandoned,
	// ranked last; the later one, and the finished ones, are left as they are.
	ends := at.Add(time.Minute)
	if err := c.AddAttempt(ctx, store.ChallengeAttempt{MatchID: "m9", Challenge: "d1", UserID: "bob", Started: ends.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if n, err := c.AbandonUnfinished(ctx, "d1", ends); err != nil || n != 1 {
		t.Fatalf("abandon the unfinished: %d %v, want 1", n, err)
	}
	if n, err := c.AbandonUnfinished(ctx, "d1", ends); err != nil || n != 0 {
		t.Fatalf("abandon the unfinished again: %d %v, want 0", n, err)
	}
	board, err = c.RankedFinished(ctx, "d1", 10)
	if err != nil || len(board) != 4 || board[3].MatchID != "m7" || !board[3].Abandoned || board[3].Score != 0 || !board[3].Finished.Equal(ends) || board[0].MatchID != "m3" {
		t.Fatalf("the leaderboard once d1 has ended: %+v %v", board, err)
	}
	if bob, err := c.AttemptsOf(ctx, "d1", "bob"); err != nil || len(bob) != 2 || !bob[1].Finished.IsZero() {
		t.Fatalf("an attempt begun after the end was abandoned: %+v %v", bob, err)
	}
	mine, err := c.AttemptsOf(ctx, "d1", "ada")
	if err != nil || len(mine) != 2 || mine[0].MatchID != "m1" || !mine[0].Ranked || mine[1].Ranked {
		t.Fatalf("ada's attempts at d1: %+v %v", mine, err)
	}
	// each once, with its first finish: m1's at d1 (08:09, before m2's), m6's at d2 (08:14)
	done, err := c.FinishedChallenges(ctx, "ada")
	slices.SortFunc(done, func(a, b store.ChallengeFinish) int { return strings.Compare(a.Challenge, b.Challenge) })
	first := func(min int) time.Time { return time.Date(2026, 11, 29, 8, min, 0, 0, time.UTC) }
	if err != nil || len(done) != 2 || done[0].Challenge != "d1" || !done[0].First.Equal(first(9)) ||
		done[1].Challenge != "d2" || !done[1].First.Equal(first(14)) {
		t.Fatalf("ada finished %+v %v", done, err)
	}
	if done, err := c.FinishedChallenges(ctx, "cy"); err != nil || len(done) != 0 {
		t.Fatalf("cy abandoned, yet finished %v %v", done, err)
	}
	// A guest's attempt claimed: ranked for an account without one, refused ranked for Ada, once only.
	if ok, err := c.ClaimAttempt(ctx, "m5", "ada", true); !errors.Is(err, store.ErrExists) || ok {
		t.Fatalf("claiming a second ranked attempt for ada: %v %v, want ErrExists", ok, err)
	}
	if ok, err := c.ClaimAttempt(ctx, "m5", "eve", true); err != nil || !ok {
		t.Fatalf("eve claims the guest's attempt: %v %v", ok, err)
	}
	if ok, err := c.ClaimAttempt(ctx, "m5", "fay", false); err != nil || ok {
		t.Fatalf("an attempt claimed twice: %v %v", ok, err)
	}
	if eve, err := c.AttemptsOf(ctx, "d1", "eve"); err != nil || len(eve) != 1 || !eve[0].Ranked || eve[0].Score != 80 {
		t.Fatalf("eve's attempts after the claim: %+v %v", eve, err)
	}

	// Reminders: on, claimed once a day, off.
	for _, u := range []string{"ada", "bob"} {
		if err := c.SetReminder(ctx, u, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.SetReminder(ctx, "ada", true); err != nil { // a repeat changes nothing
		t.Fatal(err)
	}
	if on, err := c.Reminder(ctx, "ada"); err != nil || !on {
		t.Fatalf("ada's reminder: %v %v", on, err)
	}
	got, err = c.ClaimReminders(ctx, "2026-11-29")
	slices.Sort(got)
	if err != nil || !slices.Equal(got, []string{"ada", "bob"}) {
		t.Fatalf("claimed %v %v, want ada and bob", got, err)
	}
	if again, err := c.ClaimReminders(ctx, "2026-11-29"); err != nil || len(again) != 0 {
		t.Fatalf("claimed the same day twice: %v %v", again, err)
	}
	if err := c.SetReminder(ctx, "bob", false); err != nil {
		t.Fatal(err)
	}
	if on, err := c.Reminder(ctx, "bob"); err != nil || on {
		t.Fatalf("bob's reminder after off: %v %v", on, err)
	}
	if next, err := c.ClaimReminders(ctx, "2026-11-30"); err != nil || !slices.Equal(next, []string{"ada"}) {
		t.Fatalf("the next day claimed %v %v, want ada alone", next, err)
	}
}
