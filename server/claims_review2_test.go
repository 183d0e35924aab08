package server

import (
	"net/http"
	"strings"
	"testing"
)

// A seat an account holds is that account's: another account that comes by its token (a browser shared,
// a token copied from a link) claims it no more than a guest could take an account's name. Claiming binds
// only a guest's seats (docs/api.md, *Seats*), so the seat's notes, games list and the right to act for
// it from any device stay the holder's.
func TestReviewAnAccountsSeatIsNotClaimedByAnother(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Bob", "Eve")
	bob, eve := ps["Bob"].b, ps["Eve"].b
	v := bob.must(bob.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Bob"}`), http.StatusCreated).json(t)
	id, tok := v["id"].(string), v["token"].(string)
	claim := `{"seats":[{"match":"` + id + `","token":"` + tok + `"}]}`
	if got := eve.must(eve.do("POST", "/api/account/claim", claim), http.StatusOK).json(t)["claimed"].([]any); len(got) != 0 {
		t.Errorf("Eve claimed Bob's seat: %v", got)
	}
	if body := string(eve.must(eve.do("GET", "/api/account/games", ""), http.StatusOK).body); strings.Contains(body, id) {
		t.Errorf("Bob's match is in Eve's games: %s", body)
	}
	if st := decodeState(t, eve.must(eve.do("GET", "/api/matches/"+id, ""), http.StatusOK).body); st.You != nil {
		t.Errorf("Eve's session acts for Bob's seat: %+v", st.You)
	}
	// a guest's seat is claimed as ever, and claiming one's own again is harmless
	g := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Gus"}`)).json(t)
	guest := `{"seats":[{"match":"` + g["id"].(string) + `","token":"` + g["token"].(string) + `"}]}`
	if got := eve.must(eve.do("POST", "/api/account/claim", guest), http.StatusOK).json(t)["claimed"].([]any); len(got) != 1 {
		t.Errorf("Eve could not claim a guest's seat: %v", got)
	}
	if got := bob.must(bob.do("POST", "/api/account/claim", claim), http.StatusOK).json(t)["claimed"].([]any); len(got) != 1 {
		t.Errorf("Bob could not claim his own seat again: %v", got)
	}
}
