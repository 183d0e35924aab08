package challenges

import (
	"context"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// The reminder: an account that asks for it is told, once a day, that the day's challenges are ready (a
// note of kind "challenge" through the outbox, so by the channels the account chose: the page, push,
// mail). Every instance looks each minute; the store hands each account's reminder of the day to one.

// remindEvery is how often the room looks for a new day.
const remindEvery = time.Minute

// Run tells the accounts that asked of each new day's challenges until ctx ends.
func (s *Room) Run(ctx context.Context) {
	t := time.NewTicker(remindEvery)
	defer t.Stop()
	for {
		s.Remind(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Remind writes today's reminders not yet written, and returns how many it wrote.
func (s *Room) Remind(ctx context.Context) int {
	if s.host.Challenges == nil || s.host.Notify == nil {
		return 0
	}
	day := s.host.Now().UTC().Format(dateForm)
	s.mu.Lock()
	done := s.reminded == day
	s.mu.Unlock()
	if done {
		return 0
	}
	users, err := s.host.Challenges.ClaimReminders(ctx, day)
	if err != nil {
		s.host.Log.Error("challenges: claim reminders", "err", err)
		return 0
	}
	s.mu.Lock()
	s.reminded = day
	s.mu.Unlock()
	if len(users) == 0 {
		return 0
	}
	now := s.host.Now()
	notes := make([]store.Note, 0, len(users))
	for _, u := range users {
		notes = append(notes, store.Note{UserID: u, Kind: social.NoteChallenge, Data: httpkit.MustJSON(social.NoteData{Seat: -1}), Due: now, Created: now})
	}
	s.host.Notify(ctx, notes...)
	s.host.Log.Info("challenges: reminders written", "day", day, "accounts", len(users))
	return len(users)
}

// Reminder is GET and POST /api/challenges/reminder: whether the signed-in account is told when the
// day's challenges are ready; POST {"on": true|false} changes it.
func (s *Room) Reminder(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		On *bool `json:"on"`
	}
	if r.Method == http.MethodPost {
		if err := httpkit.Decode(w, r, s.host.MaxBody, &req, nil); err != nil {
			return err
		}
		if req.On == nil {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, `give "on": true or false`)
		}
	}
	scope := accounts.ScopeRead
	if req.On != nil {
		scope = accounts.ScopePlay // a read-only token looks; turning the reminder on or off is a change
	}
	p, err := s.host.Ident.SignedIn(r, scope)
	if err != nil {
		return err
	}
	if req.On != nil {
		if err := s.host.Challenges.SetReminder(r.Context(), p.User.ID, *req.On); err != nil {
			return err
		}
	}
	on, err := s.host.Challenges.Reminder(r.Context(), p.User.ID)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"on": on})
	return nil
}
