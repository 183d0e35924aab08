package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/store"
)

// Invitations made while a bot's stream is closed wait for it, the last 50 (docs/bots.md), also when the
// instances share PostgreSQL: players who invite the bot again and again (bots may be invited without an
// account, botapi.BotInviteBurst times an hour by each table, and anyone may open tables) cannot pile
// thousands on its next stream.
func TestReviewWaitingInvitationsAreTheLast50WhenShared(t *testing.T) {
	t.Parallel()
	open := sharedPostgres(t)
	st := open()
	e := newEnv(t, st, func(c *Config) { c.Accounts = st.(store.Accounts) })
	_, botTok := botAccount(t, e, "Robo")
	for range 60 / botapi.BotInviteBurst {
		first := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
		for range botapi.BotInviteBurst {
			e.must(http.StatusOK, e.do("POST", "/api/matches/"+first["id"].(string)+"/invite", first["token"].(string), `{"name":"Robo"}`))
		}
	}
	last := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Bea"}`)).json(t)
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+last["id"].(string)+"/invite", last["token"].(string), `{"name":"Robo"}`))
	req, _ := http.NewRequestWithContext(t.Context(), "GET", e.http.URL+"/api/bot/stream", nil)
	req.Header.Set("Authorization", "Bearer "+botTok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	n := 0
	for sc := bufio.NewScanner(resp.Body); sc.Scan(); {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var ev botapi.Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Match == last["id"] {
			break
		}
		n++
	}
	if n != 49 {
		t.Errorf("the stream gave %d waiting invitations before the newest, want the last 50 in all", n)
	}
}
