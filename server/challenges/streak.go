package challenges

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// Profile is what a player's profile shows of the challenges (GET /api/users/{name}): the streak (the
// days in a row, up to today or yesterday, with a daily challenge of any game finished on its day), the
// longest one, and the challenges finished, the newest first.
type Profile struct {
	Streak     int      `json:"streak"`
	BestStreak int      `json:"best_streak"`
	Finished   []string `json:"finished"`
}

// historyLimit is how many finished challenges a profile lists.
const historyLimit = 30

// ProfileOf is an account's challenges for its profile, shown to the account itself (own) or to others.
// To others the challenges still running are left out, as the profile's games leave out their attempts
// (server/ratings, Host.Withheld): a running challenge's results are its players' own until it ends.
func (s *Room) ProfileOf(ctx context.Context, userID string, own bool) (Profile, error) {
	done, err := s.host.Challenges.FinishedChallenges(ctx, userID)
	if err != nil {
		return Profile{}, fmt.Errorf("challenges profile: %w", err)
	}
	// One instant for the whole profile: read per challenge, the clock could pass midnight half-way, and
	// the profile judge some challenges on one day and the rest, and the streak, on the next.
	now := s.host.Now()
	var cs []Challenge
	days := map[time.Time]bool{}
	for _, f := range done {
		c, ok := s.cat.parse(f.Challenge)
		if !ok || (!own && c.Running(now)) {
			continue
		}
		cs = append(cs, c)
		// A day counts when its daily was finished that day: past dailies played from the archive are
		// practice, and fill no day one missed.
		if !c.kind.Weekly && f.First.Before(c.Ends) {
			days[c.Starts] = true
		}
	}
	slices.SortFunc(cs, func(a, b Challenge) int {
		if d := b.Starts.Compare(a.Starts); d != 0 {
			return d
		}
		return strings.Compare(a.ID, b.ID)
	})
	out := Profile{Finished: []string{}}
	for _, c := range cs[:min(len(cs), historyLimit)] {
		out.Finished = append(out.Finished, c.ID)
	}
	out.Streak, out.BestStreak = streaks(days, now)
	return out, nil
}

// streaks are the streak running at now (alive until a day passes without a daily finished: today's
// may still come) and the longest one, in days.
func streaks(days map[time.Time]bool, now time.Time) (current, best int) {
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	from := today
	if !days[from] {
		from = today.AddDate(0, 0, -1)
	}
	for d := from; days[d]; d = d.AddDate(0, 0, -1) {
		current++
	}
	for d := range days {
		if days[d.AddDate(0, 0, -1)] {
			continue // not the first day of a run
		}
		n := 0
		for e := d; days[e]; e = e.AddDate(0, 0, 1) {
			n++
		}
		best = max(best, n)
	}
	return current, best
}

// Share is GET /api/challenges/{id}/share: the signed-in player's result at a challenge as text to
// share (the challenge, the score, the title a solo game gives, the streak), from their ranked attempt,
// or else their best finished practice. It tells nothing of the cards or tiles.
func (s *Room) Share(w http.ResponseWriter, r *http.Request) error {
	p, err := s.host.Ident.SignedIn(r, accounts.ScopeRead)
	if err != nil {
		return err
	}
	c, err := s.lookup(r.PathValue("id"))
	if err != nil {
		return err
	}
	mine, err := s.host.Challenges.AttemptsOf(r.Context(), c.ID, p.User.ID)
	if err != nil {
		return err
	}
	var best *store.ChallengeAttempt
	for i := range mine {
		a := &mine[i]
		if a.Finished.IsZero() || a.Abandoned {
			continue
		}
		if best == nil || (a.Ranked && !best.Ranked) || (a.Ranked == best.Ranked && a.Score > best.Score) {
			best = a
		}
	}
	if best == nil {
		return httpkit.Errf(http.StatusConflict, CodeUnfinished, "you have not finished an attempt at this challenge yet")
	}
	title := ""
	if res, _, _, ok := s.host.Result(r.Context(), best.MatchID); ok {
		var detail struct {
			Title string `json:"title"`
		}
		if b, err := json.Marshal(res.Detail); err == nil && json.Unmarshal(b, &detail) == nil {
			title = detail.Title
		}
	}
	prof, err := s.ProfileOf(r.Context(), p.User.ID, true)
	if err != nil {
		return err
	}
	unit := c.kind.Unit
	text := fmt.Sprintf("Surveyor %s %s challenge %s: %d %s", c.Game(), c.Period(), c.Starts.Format(dateForm), best.Score, unit)
	if title != "" {
		text += " — " + title
	}
	if !best.Ranked {
		text += " (practice)"
	}
	if prof.Streak > 1 {
		text += fmt.Sprintf(" · %d-day streak", prof.Streak)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"challenge": c.ID, "text": text, "score": best.Score,
		"title": title, "ranked": best.Ranked, "streak": prof.Streak, "match": best.MatchID})
	return nil
}
