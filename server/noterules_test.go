package server

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// playOut plays a started toy match to its end, each seat picking 1.
func playOut(t *testing.T, ada, bea *browser, id string) {
	t.Helper()
	for round := 0; ; round++ {
		st := decodeState(t, bea.do("GET", "/api/matches/"+id, "").body)
		if st.Match.Status == statusFinished {
			return
		}
		if round > 10 {
			t.Fatal("the game did not end")
		}
		p := ada
		if st.You != nil && st.You.MustAct {
			p = bea
		}
		p.must(p.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	}
}

// flushInbox makes a note reach the account from a third account, and waits for it: the notes written
// before it have been worked by then (the outbox is worked oldest first, each round settled at once).
func flushInbox(t *testing.T, e *env, to *browser, toName, marker string) inboxJSON {
	t.Helper()
	m := e.browser()
	m.must(m.do("POST", "/api/account/signup", `{"name":"`+marker+`","password":"correct horse"}`), 201)
	m.must(m.do("POST", "/api/users/"+toName+"/follow", ""), 200)
	var in inboxJSON
	eventually(t, "the marker's note", func() bool {
		in = inboxJSON{}
		json.Unmarshal(to.must(to.do("GET", "/api/account/notifications", ""), 200).body, &in)
		for _, n := range in.Notes {
			if n.Kind == social.NoteFollow && n.By == marker {
				return true
			}
		}
		return false
	})
	return in
}

// The block's hole: an account that was blocked could still notify by asking for a rematch. Now nothing
// it asks reaches the one who blocked it, whatever the kind of note; a note of the game itself (the end)
// still comes.
func TestABlockedAccountsRematchNotifiesNobody(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	bea.must(bea.do("POST", "/api/users/Ada/block", ""), 200)
	playOut(t, ada, bea, id)
	ada.must(ada.do("POST", "/api/matches/"+id+"/rematch", ""), 200)
	in := flushInbox(t, e, bea, "Bea", "Marker")
	for _, n := range in.Notes {
		if n.Kind == social.NoteRematch || n.Kind == social.NoteFollow && n.By == "Ada" {
			t.Fatalf("Bea, who blocked Ada, was told: %+v", in.Notes)
		}
	}
	// The rematch is there all the same: Bea may join it if she likes.
	if st := decodeState(t, bea.do("GET", "/api/matches/"+id, "").body); st.Match.Rematch == "" {
		t.Fatal("no rematch was made")
	}
}

// The repeats' hole: following someone already followed answered 200 and wrote a new note every time
// (thirty requests, thirty notes and thirty mails). A follow is idempotent: a repeat changes nothing and
// tells no one; nor does following again after unfollowing within the hour.
func TestFollowingAgainNotifiesNobody(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, _ := twoPlayers(t, e, "")
	for range 30 {
		if r := ada.must(ada.do("POST", "/api/users/Bea/follow", ""), 200).json(t); r["follow"] != true {
			t.Fatalf("follow: %v", r)
		}
	}
	ada.must(ada.do("DELETE", "/api/users/Bea/follow", ""), 200)
	ada.must(ada.do("DELETE", "/api/users/Bea/follow", ""), 200)
	ada.must(ada.do("POST", "/api/users/Bea/follow", ""), 200)
	var fs struct{ Following []social.ContactOut }
	json.Unmarshal(ada.must(ada.do("GET", "/api/account/following", ""), 200).body, &fs)
	if len(fs.Following) != 1 || fs.Following[0].Name != "Bea" {
		t.Fatalf("Ada follows %+v", fs.Following)
	}
	in := flushInbox(t, e, bea, "Bea", "Marker")
	follows := 0
	for _, n := range in.Notes {
		if n.Kind == social.NoteFollow && n.By == "Ada" {
			follows++
		}
	}
	if follows != 1 {
		t.Fatalf("Bea was told %d times that Ada follows her: %+v", follows, in.Notes)
	}
}

// The gate holds for every kind of note and every way one is written: repeats written straight to the
// outbox (as a future kind's code might) are one note; notes from a blocked account are none for the kinds
// that carry its doing, and a turn still comes; an unknown kind is dropped; and each kind the server
// writes has its rule.
func TestTheGateOfNotes(t *testing.T) {
	t.Parallel()
	for _, k := range []string{social.NoteTurn, social.NoteStart, social.NoteClock, social.NoteEnd, social.NoteInvite, social.NoteRematch, social.NoteFollow} {
		if !social.KnownKind(k) {
			t.Errorf("the kind %q has no rule", k)
		}
	}
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	acc := e.srv.accounts
	ctx := context.Background()
	adaU, _ := acc.UserByKey(ctx, "ada")
	beaU, _ := acc.UserByKey(ctx, "bea")
	at := e.clock.Now()
	note := func(kind string, d social.NoteData) store.Note {
		return store.Note{UserID: beaU.ID, Kind: kind, GameID: id, Data: mustJSON(d), Due: at, Created: at}
	}
	from := social.NoteData{By: "Ada", Actor: adaU.ID, Seat: -1}
	e.srv.social.AddNotes(ctx, note(social.NoteInvite, from), note(social.NoteInvite, from), note(social.NoteInvite, from))
	e.srv.social.AddNotes(ctx, note(social.NoteTurn, social.NoteData{By: "Ada", Actor: adaU.ID, Seat: 1, Seq: 7}), note(social.NoteTurn, social.NoteData{By: "Ada", Actor: adaU.ID, Seat: 1, Seq: 7}))
	e.srv.social.AddNotes(ctx, note("gossip", from))
	in := flushInbox(t, e, bea, "Bea", "Marker")
	count := map[string]int{}
	for _, n := range in.Notes {
		count[n.Kind]++
	}
	if count[social.NoteInvite] != 1 || count[social.NoteTurn] != 1 || count["gossip"] != 0 {
		t.Fatalf("repeats and an unknown kind: %v", count)
	}
	firstTurn := int64(0)
	for _, n := range in.Notes {
		if n.Kind == social.NoteTurn {
			firstTurn = n.ID
		}
	}
	// An hour later the same invitation is news again.
	e.clock.Advance(social.NoteRepeatWindow + time.Minute)
	at = e.clock.Now()
	e.srv.social.AddNotes(ctx, note(social.NoteInvite, from))
	if in := flushInbox(t, e, bea, "Bea", "Marker2"); countKind(in, social.NoteInvite) != 2 {
		t.Fatalf("an invitation after the window: %+v", in.Notes)
	}
	// Blocked, Ada's invitations are dropped; her move's turn note still comes (Bea must not miss it): it
	// replaces the unread turn note of the table.
	bea.must(bea.do("POST", "/api/users/Ada/block", ""), 200)
	e.clock.Advance(social.NoteRepeatWindow + time.Minute)
	at = e.clock.Now()
	e.srv.social.AddNotes(ctx, note(social.NoteInvite, from), note(social.NoteRematch, from), note(social.NoteTurn, social.NoteData{By: "Ada", Actor: adaU.ID, Seat: 1, Seq: 9}))
	in = flushInbox(t, e, bea, "Bea", "Marker3")
	turns := slices.DeleteFunc(slices.Clone(in.Notes), func(n noteJSON) bool { return n.Kind != social.NoteTurn })
	if countKind(in, social.NoteInvite) != 2 || countKind(in, social.NoteRematch) != 0 || len(turns) != 1 || turns[0].ID <= firstTurn {
		t.Fatalf("notes from a blocked account: %+v", in.Notes)
	}
	_ = ada
}

func countKind(in inboxJSON, kind string) int {
	n := 0
	for _, x := range in.Notes {
		if x.Kind == kind {
			n++
		}
	}
	return n
}

// Tournament notes about no match are told apart by their tournament and round: the breaks before two
// rounds of one tournament, and the check-ins of two tournaments, within the hour are two notes each,
// while the same break told twice is one.
func TestTournamentNotesOfOtherRoundsAreNoRepeats(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, bea, _ := twoPlayers(t, e, "")
	ctx := context.Background()
	beaU, _ := e.srv.accounts.UserByKey(ctx, "bea")
	at := e.clock.Now()
	note := func(kind, tournament string, round int) store.Note {
		d := social.NoteData{Seat: -1, Tournament: tournament, Title: "Club night", Round: round, Game: "toy"}
		return store.Note{UserID: beaU.ID, Kind: kind, Data: mustJSON(d), Due: at, Created: at}
	}
	e.srv.social.AddNotes(ctx, note(social.NoteTournamentBreak, "t1", 2), note(social.NoteTournamentBreak, "t1", 2),
		note(social.NoteTournamentCheckIn, "t1", 0))
	e.srv.social.AddNotes(ctx, note(social.NoteTournamentBreak, "t1", 3), note(social.NoteTournamentCheckIn, "t2", 0))
	in := flushInbox(t, e, bea, "Bea", "Marker")
	if n := countKind(in, social.NoteTournamentBreak); n != 2 {
		t.Errorf("%d break notes, want 2 (rounds 2 and 3, round 2's once): %+v", n, in.Notes)
	}
	if n := countKind(in, social.NoteTournamentCheckIn); n != 2 {
		t.Errorf("%d check-in notes, want 2 (one of each tournament): %+v", n, in.Notes)
	}
}
