package server

import (
	"net/http"
	"testing"
)

// A bot seated under a name of its host's choosing is held to the names' rules as a player is: it may not
// read as a player seated at the table, nor as an account (a bot called "Bea" beside Bea, or "Аda" with a
// Cyrillic A where Ada has an account, would pass for them at the table, in the chat and in the replay).
func TestBotNamesFollowTheRulesOfNames(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	host := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":4,"name":"Gus"}`)).json(t)
	id, tok := host["id"].(string), host["token"].(string)
	for _, name := range []string{"gus", "Ｇｕｓ", "Ada", "АDА"} {
		if r := e.do("POST", "/api/matches/"+id+"/bots", tok, `{"name":"`+name+`"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
			t.Errorf("a bot seated as %q: %d %s", name, r.status, r.body)
		}
	}
	if st := e.state(id, tok); len(st.Match.Players) != 1 {
		t.Fatalf("seats after the refusals: %+v", st.Match.Players)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/bots", tok, `{"name":"Robbie"}`))
	// Ada seats her own bot: not under her own name either.
	own := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`), http.StatusCreated).json(t)["id"].(string)
	if r := ada.do("POST", "/api/matches/"+own+"/bots", `{"name":"ada"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
		t.Errorf("Ada's bot seated as her: %d %s", r.status, r.body)
	}
}
