package server

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// TestProfileCountsEveryGame: a profile's counts are of every finished game, not of the latest 200, and
// the first view of them, once the games ended, rebuilds no match into memory: each game's result was
// recorded as it ended, and the profile adds them up in the store.
func TestProfileCountsEveryGame(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.IdleTimeout = time.Minute })
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	const games = 203
	for i := range games {
		id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":1,"name":"Ada"}`), 201).json(t)["id"].(string)
		ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
		ada.must(ada.do("POST", "/api/matches/"+id+"/moves", fmt.Sprintf(`{"move":{"pick":%d}}`, 1+i%3)), 200)
	}
	e.clock.Advance(2 * time.Minute)
	e.srv.evictIdle()
	inMemory := func() int {
		e.srv.mu.Lock()
		defer e.srv.mu.Unlock()
		return len(e.srv.matches)
	}
	if n := inMemory(); n != 0 {
		t.Fatalf("%d matches in memory after eviction", n)
	}
	var p struct {
		Games []struct {
			Game        string
			Played, Won int
		}
		Solo []struct {
			Game         string
			Played, Best int
			Mean         float64
		}
		Finished []struct{ ID string }
	}
	stranger := e.browser()
	if err := json.Unmarshal(stranger.must(stranger.do("GET", "/api/users/Ada", ""), 200).body, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Games) != 1 || p.Games[0].Played != games || p.Games[0].Won != games {
		t.Errorf("games %+v, want %d toy games played and won", p.Games, games)
	}
	if len(p.Solo) != 1 || p.Solo[0].Played != games || p.Solo[0].Best < 1 || p.Solo[0].Mean <= 0 || p.Solo[0].Mean > float64(p.Solo[0].Best) {
		t.Errorf("solo %+v, want %d toy games with a best and a mean", p.Solo, games)
	}
	if len(p.Finished) != 50 {
		t.Errorf("%d finished games listed, want the latest 50", len(p.Finished))
	}
	if n := inMemory(); n != 0 {
		t.Errorf("the first view of the profile loaded %d matches into memory", n)
	}
}
