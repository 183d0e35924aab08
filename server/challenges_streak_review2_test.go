package server

import (
	"net/http"
	"testing"
	"time"
)

// The streak counts the days on which the player finished a daily challenge (docs/api.md, *Challenges*):
// playing past dailies from the archive today does not fill the days one missed. Ada, who played nothing
// for three days, finishes the three past dailies and today's, all today: a streak of one day, not four.
// (She reads her own profile: others see today's running challenge only once it has ended.)
func TestChallengeReviewArchiveDoesNotFillTheStreak(t *testing.T) {
	t.Parallel()
	e, toks := challengeEnv(t, "Ada")
	e.clock.Advance(3 * 24 * time.Hour) // Monday 2026-05-04
	for _, day := range []string{"2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04"} {
		if st := e.playAttempt(e.startAttempt("cartographers-daily-"+day, toks["Ada"], ""), 1000); st.Match.Status != "finished" {
			t.Fatalf("the daily of %s did not finish: %+v", day, st.Match)
		}
	}
	p := e.must(http.StatusOK, e.do("GET", "/api/users/Ada", toks["Ada"], "")).json(t)["challenges"].(map[string]any)
	if p["streak"] != 1.0 || p["best_streak"] != 1.0 {
		t.Errorf("Ada's streak after one day of play: %v, want 1 and best 1", p)
	}
	if f, _ := p["finished"].([]any); len(f) != 4 {
		t.Errorf("Ada's finished challenges: %v, want the four she finished", p["finished"])
	}
}
