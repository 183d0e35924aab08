package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/surveyor-game/surveyor/server/social"
)

// The names' hole: a guest could sit at a table under the exact name of an account, and notes and mails
// then showed that name. A guest may not take an account's name, nor one that reads as it (the look-alike
// rule of seats), when joining or opening a match; nor may another account. The account itself may, and
// its seat is marked as an account's, at the table and in the notes its moves cause, so that a guest and
// an account are told apart.
func TestAGuestCannotTakeAnAccountsName(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	bea := e.browser()
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	id := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":4,"options":{"rounds":2,"sequential":true}}`)).json(t)["id"].(string)
	for _, name := range []string{"Ada", "ada", "ADA", "АDА", "A.da", " Ada "} {
		if r := e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"`+name+`"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
			t.Errorf("a guest joining as %q: %d %s", name, r.status, r.body)
		}
		if r := bea.do("POST", "/api/matches/"+id+"/join", `{"name":"`+name+`"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
			t.Errorf("Bea joining as %q: %d %s", name, r.status, r.body)
		}
	}
	lobby := func() int {
		var v struct{ Matches []any }
		json.Unmarshal(e.must(200, e.do("GET", "/api/matches", "", "")).body, &v)
		return len(v.Matches)
	}
	before := lobby()
	if r := e.do("POST", "/api/matches", "", `{"game":"toy","name":"Ada"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
		t.Errorf("a guest opening a match as Ada: %d %s", r.status, r.body)
	}
	if after := lobby(); after != before {
		t.Errorf("a refused opening left a match: %d matches, %d before", after, before)
	}
	if st := e.state(id, ""); len(st.Match.Players) != 0 {
		t.Fatalf("refused joins took seats: %+v", st.Match.Players)
	}
	// Ada takes her own name; a guest takes a name no account holds; Bea takes hers.
	ada.must(ada.do("POST", "/api/matches/"+id+"/join", `{"name":"Ada"}`), 200)
	eve := e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Eve"}`)).json(t)["token"].(string)
	bea.must(bea.do("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`), 200)
	st := e.state(id, "")
	if p := st.Match.Players; len(p) != 3 || p[0].Account != "Ada" || p[1].Account != "" || p[2].Account != "Bea" {
		t.Fatalf("the seats' accounts: %+v", p)
	}
	// In the notes: Ada's move tells Eve nothing (a guest has no inbox) and Bea that an account moved; a
	// guest's move is a guest's.
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", eve, `{"move":{"pick":1}}`))
	in := waitInbox(t, bea, 2)
	byAccount := map[string]bool{}
	for _, n := range in.Notes {
		if n.Kind == social.NoteTurn {
			byAccount[n.By] = n.ByAccount
		}
	}
	if v, ok := byAccount["Eve"]; !ok || v {
		t.Errorf("Bea's turn after the guest Eve: %+v", in.Notes)
	}
	if in.Notes[len(in.Notes)-1].Kind != social.NoteStart || !in.Notes[len(in.Notes)-1].ByAccount {
		t.Errorf("the start, by Ada's account: %+v", in.Notes)
	}
}
