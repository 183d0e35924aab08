package server

import (
	"encoding/json"
	"testing"

	"github.com/surveyor-game/surveyor/server/social"
)

// seatedPair is a started sequential toy match between the accounts Ada (seat 0, host) and Bea, with the
// seat token Bea's join answered (her page's socket carries it).
func seatedPair(t *testing.T, e *env) (ada, bea *browser, id, beaTok string) {
	t.Helper()
	ada, bea = e.browser(), e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	id = ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":5,"sequential":true},"max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	beaTok = bea.must(bea.do("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`), 200).json(t)["token"].(string)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	return ada, bea, id, beaTok
}

func (b *browser) inbox(t *testing.T) inboxJSON {
	t.Helper()
	var in inboxJSON
	if err := json.Unmarshal(b.must(b.do("GET", "/api/account/notifications", ""), 200).body, &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func (b *browser) pick(id string, n int) {
	b.t.Helper()
	b.must(b.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":`+itoa(n)+`}}`), 200)
}

// tell sends a socket message and waits for its answer.
func (w *wsConn) tell(msg string) {
	w.t.Helper()
	w.send(msg)
	var r wsReply
	if err := json.Unmarshal(w.next("ok"), &r); err != nil {
		w.t.Fatal(err)
	}
}

// A player whose page shows the table gets no note about it: her turn comes while she looks (no note),
// then while the tab is hidden (a note). Opening the table reads its notes.
func TestNoNoteAtTheTable(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id, beaTok := seatedPair(t, e)
	waitInbox(t, bea, 1) // the start
	ws := e.dial(id, beaTok, -1)
	ws.tell(`{"type":"visible"}`)
	if in := bea.inbox(t); in.Unread != 0 || in.Waiting != 0 || !in.Notes[0].Read {
		t.Fatalf("with the table in view, the start note is still unread: %+v", in)
	}
	ada.pick(id, 1) // Bea's turn, at the table
	bea.pick(id, 2)
	ws.tell(`{"type":"hidden"}`)
	ada.pick(id, 3) // Bea's turn, the tab hidden
	flushInbox(t, e, bea, "Bea", "Marker")
	// The turn note may be delivered after the marker's (a busy sender's rounds need not keep their
	// order), so the inbox is read until it holds one, and then taken as a set.
	var in inboxJSON
	var kinds map[string]int
	eventually(t, "the turn note", func() bool {
		in, kinds = bea.inbox(t), map[string]int{}
		for _, n := range in.Notes {
			if kinds[n.Kind]++; n.Kind == social.NoteTurn && n.Read {
				t.Fatalf("the turn note while the tab was hidden is read: %+v", in.Notes)
			}
		}
		return kinds[social.NoteTurn] > 0
	})
	if len(in.Notes) != 3 || kinds[social.NoteTurn] != 1 || kinds[social.NoteStart] != 1 || kinds[social.NoteFollow] != 1 {
		t.Fatalf("Bea's inbox %v, want the marker, one turn note (the one while hidden) and the start: %+v", kinds, in.Notes)
	}
}

// A new turn note replaces the unread one of the same table: two turns, one note.
func TestTwoTurnsOneUnreadNote(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id, _ := seatedPair(t, e)
	ada.pick(id, 1)
	first := waitInbox(t, bea, 2).Notes[0]
	if first.Kind != social.NoteTurn {
		t.Fatalf("newest note %+v, want the first turn", first)
	}
	bea.pick(id, 2)
	ada.pick(id, 3)
	in := flushInbox(t, e, bea, "Bea", "Marker")
	turns := 0
	for _, n := range in.Notes {
		if n.Kind == social.NoteTurn {
			turns++
			if n.ID <= first.ID {
				t.Fatalf("the first turn note was kept: %+v", in.Notes)
			}
		}
	}
	if turns != 1 || in.Unread != 3 || in.Waiting != 2 {
		t.Fatalf("%d turn notes, %d unread, %d waiting; want 1 turn note, 3 unread (start, turn, marker), 2 waiting (the table, the marker's follow): %+v",
			turns, in.Unread, in.Waiting, in.Notes)
	}
}

// A note is read by its id; Mark all read reads every note, and the bell falls to zero; it needs the account.
func TestMarkAllRead(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id, _ := seatedPair(t, e)
	ada.pick(id, 1)
	in := waitInbox(t, bea, 2)
	// One note read by its id (the panel reads a note it follows): the other stays unread, and the table
	// still waits.
	one := bea.must(bea.do("POST", "/api/account/notifications/read", `{"ids":[`+itoa(int(in.Notes[1].ID))+`]}`), 200).json(t)
	if one["unread"] != 1.0 || one["waiting"] != 1.0 {
		t.Fatalf("after reading one note by its id: %v", one)
	}
	r := bea.must(bea.do("POST", "/api/account/notifications/read-all", ""), 200).json(t)
	if r["unread"] != 0.0 || r["waiting"] != 0.0 {
		t.Fatalf("after marking all read: %v", r)
	}
	for _, n := range bea.inbox(t).Notes {
		if !n.Read {
			t.Fatalf("a note is still unread: %+v", n)
		}
	}
	if r := e.do("POST", "/api/account/notifications/read-all", "", ""); r.status != 401 {
		t.Fatalf("without an account: %d %s", r.status, r.body)
	}
}

// The bell counts the tables and invitations waiting on the player, not the notes: two notes about one
// table and one about another are two.
func TestBellCountsTables(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id, _ := seatedPair(t, e)
	ada.pick(id, 1) // start and turn of the first table
	id2 := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3,"sequential":true},"max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+id2+"/join", `{"name":"Bea"}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id2+"/start", ""), 200)
	in := waitInbox(t, bea, 3)
	if in.Unread != 3 || in.Waiting != 2 {
		t.Fatalf("unread %d, waiting %d; want 3 notes about 2 tables", in.Unread, in.Waiting)
	}
	// The stream tells the same count.
	name, data := bea.events(t).next(t)
	if name != "hello" || data["waiting"] != 2.0 || data["unread"] != 3.0 {
		t.Fatalf("the stream's first event %s %v", name, data)
	}
}
