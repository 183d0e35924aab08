package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestInvitationsAcceptedAndDeclined: the invitations of a table are in its match info with their states:
// pending when sent, accepted once the account takes a seat, declined when it says no. Declining is for the
// invited account alone, signed in, before the start; the states survive a reload from the log.
func TestInvitationsAcceptedAndDeclined(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	signup := func(name string) *browser {
		b := e.browser()
		b.must(b.do("POST", "/api/account/signup", `{"name":"`+name+`","password":"correct horse"}`), 201)
		return b
	}
	ada, bea, cy, dee := signup("Ada"), signup("Bea"), signup("Cy"), signup("Dee")
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`), 201).json(t)["id"].(string)
	invitations := func(e *env) string {
		var st struct {
			Match struct {
				Invitations []invitationInfo `json:"invitations"`
			} `json:"match"`
		}
		json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id, "", "")).body, &st)
		out := ""
		for _, iv := range st.Match.Invitations {
			out += iv.Name + ":" + iv.Status + " by " + iv.By + ";"
		}
		return out
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/invite", `{"names":["bea","Cy"]}`), 200)
	if got := invitations(e); got != "Bea:pending by Ada;Cy:pending by Ada;" {
		t.Fatalf("after the invitations: %q", got)
	}
	// Refusals: not invited, no credential, a wrong one, an unknown match; nothing changes.
	for _, c := range []struct {
		b      *browser
		tok    string
		path   string
		status int
	}{
		{dee, "", "/api/matches/" + id + "/decline", http.StatusForbidden},
		{nil, "", "/api/matches/" + id + "/decline", http.StatusUnauthorized},
		{nil, "sv_wrong", "/api/matches/" + id + "/decline", http.StatusUnauthorized},
		{bea, "", "/api/matches/nosuchmatch/decline", http.StatusNotFound},
	} {
		var r resp
		if c.b != nil {
			r = c.b.do("POST", c.path, "")
		} else {
			r = e.do("POST", c.path, c.tok, "")
		}
		if r.status != c.status {
			t.Errorf("decline %s as %v: %d %s, want %d", c.path, c.b != nil, r.status, r.body, c.status)
		}
	}
	if got := invitations(e); got != "Bea:pending by Ada;Cy:pending by Ada;" {
		t.Fatalf("refused declines changed the invitations: %q", got)
	}
	bea.must(bea.do("POST", "/api/matches/"+id+"/decline", ""), 200)
	bea.must(bea.do("POST", "/api/matches/"+id+"/decline", ""), 200) // the same answer twice
	cy.must(cy.do("POST", "/api/matches/"+id+"/join", `{"name":"Cy"}`), 200)
	if got := invitations(e); got != "Bea:declined by Ada;Cy:accepted by Ada;" {
		t.Fatalf("after Bea's no and Cy's seat: %q", got)
	}
	if r := cy.do("POST", "/api/matches/"+id+"/decline", ""); r.errCode() != codeConflict {
		t.Errorf("declining with a seat held: %d %s", r.status, r.body)
	}
	if got := invitations(newEnv(t, e.store, nil)); got != "Bea:declined by Ada;Cy:accepted by Ada;" {
		t.Errorf("reloaded from the log: %q", got)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	if r := bea.do("POST", "/api/matches/"+id+"/decline", ""); r.errCode() != codeAlreadyStarted {
		t.Errorf("declining a started table: %d %s", r.status, r.body)
	}
}
