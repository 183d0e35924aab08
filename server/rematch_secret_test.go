package server

import (
	"context"
	"regexp"
	"testing"
)

// A rematch's seat token cannot be worked out from what the database holds: whoever reads the finished
// match's log (a backup, a leaked dump) learns the hashes of its seat tokens, and a token derived from
// one of them would let that reader play the asker's seat in the rematch.
func TestRematchTokenNotDerivedFromTheDatabase(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ada, bob := finishedToy(e)
	evs, err := e.store.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var stored []string // every long hex string of the log: the seat tokens' hashes among them
	for _, ev := range evs {
		stored = append(stored, regexp.MustCompile(`[0-9a-f]{32,}`).FindAllString(string(ev.Data), -1)...)
	}
	if len(stored) < 2 {
		t.Fatalf("found %d hashes in the log, want the two seats' at least", len(stored))
	}
	for _, tok := range []string{ada, bob} {
		r := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", tok, "")).json(t)
		next, got := r["id"].(string), r["token"].(string)
		for _, h := range stored {
			if rematchToken(next, h) == got {
				t.Fatalf("the rematch token %s follows from %s, which the database holds", got, h)
			}
		}
		if st := e.state(next, got); st.You == nil || float64(st.You.Seat) != r["seat"] {
			t.Fatalf("the rematch token does not play its seat: %+v", st.You)
		}
	}
}

// Players who ask by their accounts (they hold no seat token) get a seat each with a token of its own;
// asking again gives back the seat, not a second one, without a token: the account acts for it.
func TestRematchByAccountsAskedTwice(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	bea.must(bea.do("POST", "/api/matches/"+id+"/resign", ""), 200)
	first := ada.must(ada.do("POST", "/api/matches/"+id+"/rematch", ""), 200).json(t)
	again := ada.must(ada.do("POST", "/api/matches/"+id+"/rematch", ""), 200).json(t)
	theirs := bea.must(bea.do("POST", "/api/matches/"+id+"/rematch", ""), 200).json(t)
	next := first["id"].(string)
	if first["token"] == "" || again["id"] != next || again["seat"] != first["seat"] || again["token"] != "" {
		t.Fatalf("Ada asked twice: %v then %v", first, again)
	}
	if theirs["id"] != next || theirs["seat"] == first["seat"] || theirs["token"] == "" || theirs["token"] == first["token"] {
		t.Fatalf("Bea's rematch %v beside Ada's %v", theirs, first)
	}
	if names := e.seatNames(next); len(names) != 2 {
		t.Fatalf("the rematch seats %v, want Ada and Bea once each", names)
	}
	// Ada's token and Ada's account both act for her seat; Bea's account for hers.
	if st := e.state(next, first["token"].(string)); st.You == nil || float64(st.You.Seat) != first["seat"] {
		t.Fatalf("Ada's token in the rematch: %+v", st.You)
	}
	ada.must(ada.do("POST", "/api/matches/"+next+"/start", ""), 200)
	if r := bea.do("POST", "/api/matches/"+next+"/resign", ""); r.status != 200 {
		t.Fatalf("Bea resigns the rematch by her account: %d %s", r.status, r.body)
	}
	// Neither a missing nor a wrong credential takes a seat.
	guest := e.browser()
	for _, c := range [][]string{nil, {"Authorization", "Bearer nope"}} {
		if r := guest.do("POST", "/api/matches/"+id+"/rematch", "", c...); r.status/100 != 4 {
			t.Fatalf("a rematch asked with %v: %d %s", c, r.status, r.body)
		}
	}
}
