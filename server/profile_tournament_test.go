package server

import (
	"strings"
	"testing"
	"time"
)

// A game of an invite-only tournament is its members': on Ada's profile a guest and a signed-in stranger
// see neither it nor its id in her rating history (her rating itself stays), while Bea, who played in
// it, and Ada herself see it listed.
func TestProfileHidesInviteOnlyTournamentGamesFromStrangers(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada, bea, cyd := ps["Ada"].b, ps["Bea"].b, ps["Cyd"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	club := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Club","game":"toy","format":"swiss","rounds":1,"rated":true,"forfeit_seconds":60,"clock":{"mode":"game","seconds":3600},"visibility":"invite","starts_at":"`+start+`"}`), 201).json(t)
	id, link := club["id"].(string), club["invite"].(string)
	key := link[strings.Index(link, "key=")+4:]
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/join", `{"key":"`+key+`"}`), 200)
	bea.must(bea.do("POST", "/api/tournaments/"+id+"/join", `{"key":"`+key+`"}`), 200)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	match := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0].Match
	e.clock.Advance(61 * time.Second)
	finishes(t, e, ada, id)

	profile := func(b *browser) string {
		t.Helper()
		var body string
		eventually(t, "the rated game in Ada's rating", func() bool {
			body = string(b.must(b.do("GET", "/api/users/Ada", ""), 200).body)
			return strings.Contains(body, `"ratings":[{`)
		})
		return body
	}
	for name, b := range map[string]*browser{"a guest": e.browser(), "a stranger": cyd} {
		if body := profile(b); strings.Contains(body, match) || !strings.Contains(body, `"finished":[]`) {
			t.Errorf("%s's view of Ada's profile shows the club's game %s: %s", name, match, body)
		}
	}
	for name, b := range map[string]*browser{"Bea, who played it": bea, "Ada herself": ada} {
		if body := profile(b); !strings.Contains(body, `"finished":[{"id":"`+match) {
			t.Errorf("%s does not see the club's game %s: %s", name, match, body)
		}
	}
}

// A profile counts the player's finished games without rebuilding them into memory each time it is seen:
// a finished game's facts are read once, so a stranger refreshing a profile holds no match in memory.
func TestProfileSeenAgainLoadsNoMatch(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.IdleTimeout = time.Minute })
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	playOut(t, ada, bea, id)
	inMemory := func() int {
		e.clock.Advance(2 * time.Minute)
		e.srv.evictIdle()
		e.srv.mu.Lock()
		defer e.srv.mu.Unlock()
		return len(e.srv.matches)
	}
	if n := inMemory(); n != 0 {
		t.Fatalf("%d matches in memory after eviction", n)
	}
	stranger := e.browser()
	first := string(stranger.must(stranger.do("GET", "/api/users/Ada", ""), 200).body)
	if !strings.Contains(first, `"finished":[{"id":"`+id) || !strings.Contains(first, `"played":1`) {
		t.Fatalf("the profile does not count the finished game: %s", first)
	}
	inMemory()
	stranger.must(stranger.do("GET", "/api/users/Ada", ""), 200)
	e.srv.mu.Lock()
	n := len(e.srv.matches)
	e.srv.mu.Unlock()
	if n != 0 {
		t.Fatalf("seeing the profile again loaded %d matches into memory", n)
	}
	if again := string(stranger.must(stranger.do("GET", "/api/users/Ada", ""), 200).body); again != first {
		t.Fatalf("the profile changed when seen again:\n%s\n%s", first, again)
	}
}
