package server

import (
	"testing"
	"time"
)

// An account deleted is told nothing more: its daily reminder of the challenges went on being written
// into its inbox and outbox every day, for ever, for an account no one can sign in to (and its
// reminder row outlived it).
func TestReview3DeletedAccountNotReminded(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bob")
	for _, n := range []string{"Ada", "Bob"} {
		ps[n].b.must(ps[n].b.do("POST", "/api/challenges/reminder", `{"on":true}`), 200)
	}
	bob := ps["Bob"].b
	bob.must(bob.do("POST", "/api/account/delete", `{"password":"correct horse"}`), 200)
	e.clock.Advance(24 * time.Hour)
	if n := e.srv.challenges.Remind(t.Context()); n != 1 {
		t.Fatalf("the day's reminders went to %d accounts, want Ada's alone (Bob's account is deleted)", n)
	}
}
