package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

func note(user, game, kind string, due time.Time) store.Note {
	return store.Note{UserID: user, Kind: kind, GameID: game, Data: json.RawMessage(`{"n":1}`), Due: due, Created: due}
}

func ids(ns []store.Note) []int64 {
	out := make([]int64, len(ns))
	for i, n := range ns {
		out[i] = n.ID
	}
	return out
}

// testOutboxWithAppend: notes ride on an append and are written only if it is.
func testOutboxWithAppend(t *testing.T, a store.Accounts) {
	s := a.(store.Store)
	mustCreate(t, a, user("u1", "ada"))
	if err := s.CreateGame(ctx, newGame("g1", t0)); err != nil {
		t.Fatal(err)
	}
	up := store.Update{Notes: []store.Note{note("u1", "g1", "turn", t0)}}
	if _, err := s.Append(ctx, "g1", 0, up, ev("move", 0, `{}`, t0)); err != nil {
		t.Fatal(err)
	}
	// A conflicting append writes neither its events nor its notes.
	up2 := store.Update{Notes: []store.Note{note("u1", "g1", "lost", t0)}}
	if _, err := s.Append(ctx, "g1", 0, up2, ev("move", 0, `{}`, t0)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale append: %v", err)
	}
	got, err := a.ClaimNotes(ctx, "i1", t0, time.Minute, 10)
	if err != nil || len(got) != 1 || got[0].Kind != "turn" || got[0].UserID != "u1" || got[0].GameID != "g1" ||
		string(got[0].Data) != `{"n":1}` || got[0].Attempts != 1 || !got[0].Due.Equal(t0) {
		t.Fatalf("claimed %+v, %v; want the one turn note", got, err)
	}
}

// testOutboxLeases: a claimed row is nobody else's until its lease ends; settling removes or reschedules
// only rows the settler holds.
func testOutboxLeases(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"))
	var ns []store.Note
	for i := range 5 {
		ns = append(ns, note("u1", "g", "turn", t0.Add(time.Duration(i)*time.Second)))
	}
	ns = append(ns, note("u1", "g", "later", t0.Add(time.Hour)))
	if err := a.AddNotes(ctx, ns); err != nil {
		t.Fatal(err)
	}
	now := t0.Add(10 * time.Second)
	first, err := a.ClaimNotes(ctx, "A", now, time.Minute, 3)
	if err != nil || len(first) != 3 {
		t.Fatalf("A claims 3: %d, %v", len(first), err)
	}
	second, err := a.ClaimNotes(ctx, "B", now, time.Minute, 10)
	if err != nil || len(second) != 2 {
		t.Fatalf("B claims the other 2 due (not the one due later): %d, %v", len(second), err)
	}
	if len(slices.Concat(ids(first), ids(second))) != 5 || slices.ContainsFunc(ids(second), func(id int64) bool { return slices.Contains(ids(first), id) }) {
		t.Fatalf("claims overlap: %v %v", ids(first), ids(second))
	}
	// B delivers its own and settles A's row too: nothing happens to A's.
	if err := a.SettleNotes(ctx, "B", store.Settlement{Done: append(ids(second), first[0].ID)}); err != nil {
		t.Fatal(err)
	}
	// A dies. After its lease, B claims A's three again (attempt 2).
	if got, _ := a.ClaimNotes(ctx, "B", now.Add(30*time.Second), time.Minute, 10); len(got) != 0 {
		t.Fatalf("claimed %d rows still leased", len(got))
	}
	again, err := a.ClaimNotes(ctx, "B", now.Add(61*time.Second), time.Minute, 10)
	if err != nil || len(again) != 3 || again[0].Attempts != 2 || !slices.Equal(ids(again), ids(first)) {
		t.Fatalf("after A's lease: %+v, %v", again, err)
	}
	// A, back, cannot settle what it lost.
	if err := a.SettleNotes(ctx, "A", store.Settlement{Done: ids(first)}); err != nil {
		t.Fatal(err)
	}
	later := now.Add(200 * time.Second)
	retryAt := later.Add(time.Minute)
	err = a.SettleNotes(ctx, "B", store.Settlement{Done: ids(again)[:2],
		Retry: []store.Retry{{ID: again[2].ID, Due: retryAt}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := a.ClaimNotes(ctx, "C", later, time.Minute, 10); len(got) != 0 {
		t.Fatalf("after settling, %d rows are due before the retry", len(got))
	}
	got, _ := a.ClaimNotes(ctx, "C", t0.Add(2*time.Hour), time.Minute, 10)
	if len(got) != 2 || got[0].ID != again[2].ID || got[1].Kind != "later" {
		t.Fatalf("the retry and the later note: %+v", got)
	}
}

// testOutboxRace: instances claiming at once never get the same row.
func testOutboxRace(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"))
	var ns []store.Note
	for range 200 {
		ns = append(ns, note("u1", "g", "turn", t0))
	}
	if err := a.AddNotes(ctx, ns); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[int64]string{}
	var wg sync.WaitGroup
	for _, owner := range []string{"A", "B", "C", "D"} {
		wg.Go(func() {
			for {
				got, err := a.ClaimNotes(ctx, owner, t0, time.Minute, 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, n := range got {
					if o, dup := seen[n.ID]; dup {
						t.Errorf("row %d claimed by %s and %s", n.ID, o, owner)
					}
					seen[n.ID] = owner
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != 200 {
		t.Fatalf("%d of 200 rows claimed", len(seen))
	}
}

func testInbox(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	if n, err := a.Unread(ctx, "u1"); n != 0 || err != nil {
		t.Fatalf("unread at first: %d, %v", n, err)
	}
	st := store.Settlement{Inbox: []store.Note{note("u1", "g1", "turn", t0), note("u2", "g1", "turn", t0),
		note("u1", "g2", "start", t0.Add(time.Second))},
		Mailed: []store.Mailed{{UserID: "u1", GameID: "g1", At: t0}}}
	if err := a.SettleNotes(ctx, "A", st); err != nil {
		t.Fatal(err)
	}
	in, err := a.Inbox(ctx, "u1", 0, 10)
	if err != nil || len(in) != 2 || in[0].Kind != "start" || in[1].GameID != "g1" || in[0].ID <= in[1].ID {
		t.Fatalf("inbox newest first: %+v, %v", in, err)
	}
	if older, _ := a.Inbox(ctx, "u1", in[0].ID, 10); len(older) != 1 || older[0].ID != in[1].ID {
		t.Fatalf("inbox before %d: %+v", in[0].ID, older)
	}
	if since, _ := a.InboxSince(ctx, "u1", in[1].ID); len(since) != 1 || since[0].Kind != "start" {
		t.Fatalf("inbox since: %+v", since)
	}
	if n, _ := a.Unread(ctx, "u1"); n != 2 {
		t.Fatalf("unread %d, want 2", n)
	}
	a.MarkRead(ctx, "u1", in[1].ID)
	a.MarkRead(ctx, "u1", 0) // never moves back
	if n, _ := a.Unread(ctx, "u1"); n != 1 {
		t.Fatalf("unread after reading the first: %d", n)
	}
	if n, _ := a.Unread(ctx, "u2"); n != 1 {
		t.Fatalf("another account's unread: %d", n)
	}
	if at, err := a.LastMailed(ctx, "u1", "g1"); err != nil || !at.Equal(store.MicroTime(t0)) {
		t.Fatalf("last mailed %v, %v", at, err)
	}
	if at, err := a.LastMailed(ctx, "u1", "g2"); err != nil || !at.IsZero() {
		t.Fatalf("never mailed: %v, %v", at, err)
	}
	a.SettleNotes(ctx, "A", store.Settlement{Mailed: []store.Mailed{{UserID: "u1", GameID: "g1", At: t0.Add(time.Hour)}}})
	if at, _ := a.LastMailed(ctx, "u1", "g1"); !at.Equal(store.MicroTime(t0.Add(time.Hour))) {
		t.Fatalf("mailed again: %v", at)
	}
	// Pruning forgets the notes and mail records older than asked, and only those.
	if err := a.Prune(ctx, t0.Add(time.Millisecond), t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if in, _ := a.Inbox(ctx, "u1", 0, 10); len(in) != 1 || in[0].Kind != "start" {
		t.Fatalf("inbox after pruning: %+v", in)
	}
	if at, _ := a.LastMailed(ctx, "u1", "g1"); !at.IsZero() {
		t.Fatalf("a mail record older than asked was kept: %v", at)
	}
}

// A turn note replaces the unread turn note of its table (not a read one, nor another table's, nor another
// kind); the notes of one table are read together; the waiting count counts tables, not notes.
func testInboxPerTable(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	turn := func(user, game string, at time.Time) store.Note {
		n := note(user, game, "turn", at)
		n.Replace = true
		return n
	}
	settle := func(ns ...store.Note) {
		t.Helper()
		if err := a.SettleNotes(ctx, "A", store.Settlement{Inbox: ns}); err != nil {
			t.Fatal(err)
		}
	}
	settle(turn("u1", "g1", t0), turn("u2", "g1", t0), note("u1", "g1", "clock", t0), turn("u1", "g2", t0))
	first, _ := a.Inbox(ctx, "u1", 0, 10)
	a.MarkRead(ctx, "u1", first[len(first)-1].ID) // g1's first turn note is read
	settle(turn("u1", "g1", t0.Add(time.Second)))
	settle(turn("u1", "g1", t0.Add(2*time.Second)))
	in, err := a.Inbox(ctx, "u1", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range in {
		got = append(got, fmt.Sprintf("%s/%s/%v", n.GameID, n.Kind, n.Read))
	}
	want := []string{"g1/turn/false", "g2/turn/false", "g1/clock/false", "g1/turn/true"}
	if !slices.Equal(got, want) {
		t.Fatalf("inbox %v, want %v (the newest turn note of g1 alone unread)", got, want)
	}
	if !in[0].Created.Equal(store.MicroTime(t0.Add(2 * time.Second))) {
		t.Fatalf("the turn note kept is from %v, want the newest", in[0].Created)
	}
	if n, _ := a.Unread(ctx, "u1"); n != 3 {
		t.Fatalf("unread %d, want 3", n)
	}
	if n, _ := a.Waiting(ctx, "u1"); n != 2 {
		t.Fatalf("waiting %d, want 2 tables", n)
	}
	settle(note("u1", "", "follow", t0), note("u1", "", "follow", t0))
	if n, _ := a.Waiting(ctx, "u1"); n != 4 {
		t.Fatalf("waiting %d, want 2 tables and 2 notes about no table", n)
	}
	follows, _ := a.Inbox(ctx, "u1", 0, 2)
	if err := a.MarkNotesRead(ctx, "u2", []int64{follows[0].ID}); err != nil {
		t.Fatal(err)
	}
	if n, _ := a.Waiting(ctx, "u1"); n != 4 {
		t.Fatalf("another account read u1's note: waiting %d", n)
	}
	if err := a.MarkNotesRead(ctx, "u1", []int64{follows[0].ID, follows[1].ID}); err != nil {
		t.Fatal(err)
	}
	if n, _ := a.Waiting(ctx, "u1"); n != 2 {
		t.Fatalf("waiting after reading the two follows: %d", n)
	}
	if n, err := a.MarkMatchRead(ctx, "u1", "g1"); n != 2 || err != nil {
		t.Fatalf("reading g1 marked %d, %v; want its 2 unread notes", n, err)
	}
	if n, _ := a.Waiting(ctx, "u1"); n != 1 {
		t.Fatalf("waiting after reading g1: %d", n)
	}
	if n, _ := a.Unread(ctx, "u2"); n != 1 {
		t.Fatalf("another account's notes changed: %d unread", n)
	}
	newest, _ := a.Inbox(ctx, "u1", 0, 1)
	a.MarkRead(ctx, "u1", newest[0].ID)
	if n, _ := a.Waiting(ctx, "u1"); n != 0 {
		t.Fatalf("waiting after marking all read: %d", n)
	}
}

func testPrefsAndPush(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	if p, err := a.Prefs(ctx, "u1"); err != nil || p != store.DefaultPrefs("u1") {
		t.Fatalf("default prefs %+v, %v", p, err)
	}
	p := store.Prefs{UserID: "u1", Page: false, Push: true, Mail: store.MailDigest, DigestHour: 19, Email: "ada@example.org", Confirmed: true, Lang: "pt"}
	for range 2 {
		if err := a.SetPrefs(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := a.Prefs(ctx, "u1"); got != p {
		t.Fatalf("prefs %+v, want %+v", got, p)
	}
	sub := store.PushSub{ID: "p1", UserID: "u1", Endpoint: "https://push.example/1", Data: json.RawMessage(`{"endpoint":"https://push.example/1"}`), Agent: "Firefox", Created: t0}
	if err := a.AddPushSub(ctx, sub); err != nil {
		t.Fatal(err)
	}
	// The same browser, now signed in as u2, takes the endpoint over.
	sub2 := sub
	sub2.ID, sub2.UserID = "p2", "u2"
	if err := a.AddPushSub(ctx, sub2); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.PushSubs(ctx, "u1"); len(got) != 0 {
		t.Fatalf("u1 still has %d subscriptions", len(got))
	}
	if got, _ := a.PushSubs(ctx, "u2"); len(got) != 1 || got[0].ID != "p2" || got[0].Agent != "Firefox" || !got[0].Created.Equal(store.MicroTime(t0)) {
		t.Fatalf("u2's subscriptions: %+v", got)
	}
	if err := a.DeletePushSub(ctx, "u1", "p2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting another account's subscription: %v", err)
	}
	if err := a.DeletePushSub(ctx, "u2", "p2"); err != nil {
		t.Fatal(err)
	}
}

func testFollowsBlocksReports(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"), user("u3", "cy"))
	for i := range 2 {
		// The second follow is a repeat: it changes nothing, not even the date, and says so.
		if isNew, err := a.Follow(ctx, "u1", "u3", t0.Add(time.Duration(i)*time.Hour)); err != nil || isNew != (i == 0) {
			t.Fatalf("follow %d: new %v, %v", i+1, isNew, err)
		}
	}
	a.Follow(ctx, "u1", "u2", t0)
	if _, err := a.Follow(ctx, "u1", "u1", t0); err == nil {
		t.Fatal("following oneself succeeded")
	}
	a.Seen(ctx, "u2", t0.Add(time.Minute))
	a.Seen(ctx, "u2", t0.Add(2*time.Minute))
	if at, err := a.LastSeen(ctx, "u2"); err != nil || !at.Equal(store.MicroTime(t0.Add(2*time.Minute))) {
		t.Fatalf("last seen %v, %v", at, err)
	}
	if at, err := a.LastSeen(ctx, "u3"); err != nil || !at.IsZero() {
		t.Fatalf("never seen: %v, %v", at, err)
	}
	fs, err := a.Following(ctx, "u1")
	if err != nil || len(fs) != 2 || fs[0].Name != "Nbea" || !fs[0].Seen.Equal(store.MicroTime(t0.Add(2*time.Minute))) || !fs[1].Seen.IsZero() {
		t.Fatalf("following: %+v, %v", fs, err)
	}
	a.Unfollow(ctx, "u1", "u3")
	if fs, _ := a.Following(ctx, "u1"); len(fs) != 1 {
		t.Fatalf("after unfollow: %+v", fs)
	}
	if b, _ := a.Blocks(ctx, "u2", "u1"); b {
		t.Fatal("blocked before blocking")
	}
	a.Block(ctx, "u2", "u1", t0)
	if b, _ := a.Blocks(ctx, "u2", "u1"); !b {
		t.Fatal("block not kept")
	}
	if b, _ := a.Blocks(ctx, "u1", "u2"); b {
		t.Fatal("a block works both ways in the store")
	}
	if bl, _ := a.Blocked(ctx, "u2"); len(bl) != 1 || bl[0].UserID != "u1" {
		t.Fatalf("blocked list: %+v", bl)
	}
	a.Unblock(ctx, "u2", "u1")
	if b, _ := a.Blocks(ctx, "u2", "u1"); b {
		t.Fatal("unblock not kept")
	}
	for i, id := range []string{"r1", "r2"} {
		if err := a.AddReport(ctx, store.Report{ID: id, FromID: "u1", AboutID: "u2", GameID: "g", Text: "rude", Created: t0.Add(time.Duration(i) * time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.ResolveReport(ctx, "r1"); err != nil {
		t.Fatal(err)
	}
	if err := a.ResolveReport(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("resolving an unknown report: %v", err)
	}
	open, _ := a.Reports(ctx, false, 10)
	all, _ := a.Reports(ctx, true, 10)
	if len(open) != 1 || open[0].ID != "r2" || len(all) != 2 || all[0].ID != "r2" || !all[1].Resolved {
		t.Fatalf("reports: open %+v, all %+v", open, all)
	}
	// Deleting an account removes its follows both ways.
	if err := a.DeleteUser(ctx, "u2"); err != nil {
		t.Fatal(err)
	}
	if fs, _ := a.Following(ctx, "u1"); len(fs) != 0 {
		t.Fatalf("following a deleted account: %+v", fs)
	}
}

func testServerKey(t *testing.T, a store.Accounts) {
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Go(func() {
			v, err := a.ServerKey(ctx, "vapid", func() (string, error) { return string(rune('a' + i)), nil })
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	for _, v := range got {
		if v != got[0] || v == "" {
			t.Fatalf("instances got different keys: %q", got)
		}
	}
	if _, err := a.ServerKey(ctx, "other", func() (string, error) { return "", errors.New("no entropy") }); err == nil {
		t.Fatal("a failing make was not reported")
	}
}

// testStats: the operator's figures count the games in play and the notes due, not those due later.
func testStats(t *testing.T, a store.Accounts) {
	s := a.(store.Store)
	sr, ok := s.(store.StatsReader)
	if !ok {
		t.Fatalf("%T does not implement store.StatsReader", s)
	}
	st, err := sr.Stats(ctx, t0)
	if err != nil || st != (store.Stats{}) {
		t.Fatalf("empty database: %+v, %v", st, err)
	}
	for i, status := range []string{"playing", "playing", "open", "finished", "playing"} {
		id := fmt.Sprintf("g%d", i)
		if err := s.CreateGame(ctx, newGame(id, t0)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Append(ctx, id, 0, store.Update{Status: status}, ev("start", 0, `{}`, t0)); err != nil {
			t.Fatal(err)
		}
	}
	mustCreate(t, a, user("u1", "ada"))
	ns := []store.Note{note("u1", "g0", "turn", t0.Add(-time.Minute)), note("u1", "g1", "turn", t0.Add(-time.Second)),
		note("u1", "g1", "turn", t0), note("u1", "g2", "digest", t0.Add(time.Hour))}
	if err := a.AddNotes(ctx, ns); err != nil {
		t.Fatal(err)
	}
	st, err = sr.Stats(ctx, t0)
	want := store.Stats{Playing: 3, OutboxDue: 3, OutboxOldest: t0.Add(-time.Minute)}
	if err != nil || st.Playing != want.Playing || st.OutboxDue != want.OutboxDue || !st.OutboxOldest.Equal(want.OutboxOldest) {
		t.Fatalf("stats: got %+v, %v; want %+v", st, err, want)
	}
}

// testShared: temporary values are taken once and expire; recent actions are counted in their window.
func testShared(t *testing.T, a store.Accounts) {
	sh, ok := a.(store.Shared)
	if !ok {
		t.Fatalf("%T does not implement store.Shared", a)
	}
	if err := sh.PutTemp(ctx, "cer:1", []byte("one"), t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := sh.PutTemp(ctx, "cer:1", []byte("uno"), t0.Add(time.Minute)); err != nil { // replaced
		t.Fatal(err)
	}
	sh.PutTemp(ctx, "cer:2", []byte("two"), t0.Add(time.Second))
	sh.PutTemp(ctx, "here:m1:0:a", []byte{}, t0.Add(time.Minute))
	sh.PutTemp(ctx, "here:m1:1:b", []byte{}, t0.Add(time.Second))
	sh.PutTemp(ctx, "here:m10:0:a", []byte{}, t0.Add(time.Minute))
	if keys, err := sh.TempKeys(ctx, "here:m1:", t0.Add(2*time.Second)); err != nil || fmt.Sprint(keys) != "[here:m1:0:a]" {
		t.Fatalf("keys of here:m1: after one expired: %v, %v", keys, err)
	}
	if v, ok, err := sh.TakeTemp(ctx, "cer:1", t0); err != nil || !ok || string(v) != "uno" {
		t.Fatalf("take cer:1: %q %v %v", v, ok, err)
	}
	if _, ok, err := sh.TakeTemp(ctx, "cer:1", t0); err != nil || ok {
		t.Fatalf("cer:1 taken twice: %v %v", ok, err)
	}
	if _, ok, err := sh.TakeTemp(ctx, "cer:2", t0.Add(time.Second)); err != nil || ok {
		t.Fatalf("an expired value was taken: %v %v", ok, err)
	}
	sh.DeleteTemp(ctx, "here:m1:0:a")
	if keys, _ := sh.TempKeys(ctx, "here:m1:", t0); fmt.Sprint(keys) != "[here:m1:1:b]" {
		t.Fatalf("after a delete: %v", keys)
	}
	// two instances taking one value at once: one gets it
	sh.PutTemp(ctx, "cer:3", []byte("three"), t0.Add(time.Minute))
	var got sync.WaitGroup
	var mu sync.Mutex
	takers := 0
	for range 4 {
		got.Go(func() {
			if _, ok, err := sh.TakeTemp(ctx, "cer:3", t0); err == nil && ok {
				mu.Lock()
				takers++
				mu.Unlock()
			}
		})
	}
	got.Wait()
	if takers != 1 {
		t.Fatalf("%d takers of one value", takers)
	}

	if err := sh.AddRecent(ctx, "fail:ada", t0, 2); err != nil {
		t.Fatal(err)
	}
	sh.AddRecent(ctx, "fail:ada", t0.Add(time.Minute), 1)
	sh.AddRecent(ctx, "fail:bea", t0, 1)
	if n, oldest, err := sh.Recent(ctx, "fail:ada", t0); err != nil || n != 3 || !oldest.Equal(t0) {
		t.Fatalf("recent of ada: %d %v %v", n, oldest, err)
	}
	if n, oldest, _ := sh.Recent(ctx, "fail:ada", t0.Add(time.Second)); n != 1 || !oldest.Equal(t0.Add(time.Minute)) {
		t.Fatalf("recent of ada in a later window: %d %v", n, oldest)
	}
	if n, oldest, _ := sh.Recent(ctx, "fail:cyd", t0); n != 0 || !oldest.IsZero() {
		t.Fatalf("recent of nobody: %d %v", n, oldest)
	}
	if err := sh.PruneShared(ctx, t0.Add(time.Hour), t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := sh.Recent(ctx, "fail:ada", time.Time{}); n != 1 {
		t.Fatalf("after pruning: %d of ada's actions, want the later 1", n)
	}
	if keys, _ := sh.TempKeys(ctx, "", time.Time{}); len(keys) != 0 {
		t.Fatalf("expired values kept by the prune: %v", keys)
	}
}
