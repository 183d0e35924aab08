package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// RunAccounts runs the accounts suite. open returns a fresh, empty store for each subtest; the subtest
// closes it.
func RunAccounts(t *testing.T, open func(t *testing.T) store.Store) {
	runAs(t, open, []namedTest[store.Accounts]{
		{"Users", testUsers},
		{"UniqueKeyUnderRace", testUniqueKeyRace},
		{"Sessions", testSessions},
		{"Tokens", testTokens},
		{"Passkeys", testPasskeys},
		{"DeleteUser", testDeleteUser},
		{"Seats", testSeats},
		{"Ratings", testRatings},
		{"Leaderboard", testLeaderboard},
		{"OutboxWithAppend", testOutboxWithAppend},
		{"OutboxLeases", testOutboxLeases},
		{"OutboxRace", testOutboxRace},
		{"Inbox", testInbox},
		{"InboxPerTable", testInboxPerTable},
		{"PrefsAndPush", testPrefsAndPush},
		{"FollowsBlocksReports", testFollowsBlocksReports},
		{"ServerKey", testServerKey},
		{"Stats", testStats},
		{"Shared", testShared},
	})
	runAs(t, open, []namedTest[store.Challenges]{{"Challenges", testChallenges}})
	runAs(t, open, []namedTest[store.Analyses]{{"Analyses", testAnalyses}})
	runAs(t, open, []namedTest[store.Tournaments]{{"Tournaments", testTournaments}})
	runAs(t, open, []namedTest[resultsStore]{{"Results", testResults}})
}

// namedTest is one subtest of a suite on what a store implements besides store.Store.
type namedTest[T any] struct {
	name string
	fn   func(*testing.T, T)
}

// runAs runs each test on a fresh store seen as a T, failing if the store is not one.
func runAs[T any](t *testing.T, open func(t *testing.T) store.Store, tests []namedTest[T]) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { s.Close() })
			v, ok := s.(T)
			if !ok {
				var want *T
				t.Fatalf("%T does not implement %T", s, want)
			}
			tc.fn(t, v)
		})
	}
}

var ctx = context.Background()

func user(id, key string) store.User {
	return store.User{ID: id, Name: "N" + key, Key: key, PasswordHash: "$argon2id$h-" + id, Created: t0}
}

func mustCreate(t *testing.T, a store.Accounts, us ...store.User) {
	t.Helper()
	for _, u := range us {
		if err := a.CreateUser(ctx, u); err != nil {
			t.Fatalf("create %s: %v", u.ID, err)
		}
	}
}

func testUsers(t *testing.T, a store.Accounts) {
	u := user("u1", "ada")
	u.Bot = true
	mustCreate(t, a, u)
	got, err := a.UserByKey(ctx, "ada")
	if err != nil || got != u {
		t.Fatalf("by key: %+v, %v; want %+v", got, err, u)
	}
	if got, err := a.UserByID(ctx, "u1"); err != nil || got != u {
		t.Fatalf("by id: %+v, %v", got, err)
	}
	if err := a.CreateUser(ctx, user("u2", "ada")); !errors.Is(err, store.ErrNameTaken) {
		t.Fatalf("second account with key ada: %v, want ErrNameTaken", err)
	}
	for _, f := range []func() error{
		func() error { _, err := a.UserByKey(ctx, "nobody"); return err },
		func() error { _, err := a.UserByID(ctx, "nobody"); return err },
		func() error { return a.UpdateUser(ctx, user("nobody", "x")) },
	} {
		if err := f(); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown account: %v, want ErrNotFound", err)
		}
	}
	u.Name, u.Key, u.PasswordHash, u.Disabled = "Ada L", "adal", "$argon2id$new", true
	if err := a.UpdateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.UserByID(ctx, "u1"); got != u {
		t.Fatalf("after update %+v, want %+v", got, u)
	}
	mustCreate(t, a, user("u3", "bea"), user("u4", "cy"), user("u5", "ada"))
	if err := a.UpdateUser(ctx, store.User{ID: "u5", Name: "x", Key: "bea", Created: t0}); !errors.Is(err, store.ErrNameTaken) {
		t.Fatalf("renaming onto a taken key: %v", err)
	}
	page, err := a.ListUsers(ctx, "ada", 2)
	if err != nil || len(page) != 2 || page[0].Key != "adal" || page[1].Key != "bea" {
		t.Fatalf("list after ada, 2: %+v, %v", page, err)
	}
}

func testUniqueKeyRace(t *testing.T, a store.Accounts) {
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = a.CreateUser(ctx, user(fmt.Sprint("r", i), "same"))
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrNameTaken):
			t.Errorf("racing create: %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d of 8 racing creations of one key succeeded, want 1", ok)
	}
}

func hash(b byte) [32]byte {
	var h [32]byte
	h[0], h[31] = b, ^b
	return h
}

func testSessions(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	s1 := store.Session{Hash: hash(1), UserID: "u1", Created: t0, LastSeen: t0, Expires: t0.Add(time.Hour), Agent: "Firefox"}
	s2 := store.Session{Hash: hash(2), UserID: "u1", Created: t0.Add(time.Second), LastSeen: t0, Expires: t0.Add(time.Hour)}
	s3 := store.Session{Hash: hash(3), UserID: "u2", Created: t0, LastSeen: t0, Expires: t0.Add(time.Hour)}
	for _, s := range []store.Session{s1, s2, s3} {
		if err := a.CreateSession(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := a.Session(ctx, hash(1), t0.Add(time.Minute)); err != nil || got != s1 {
		t.Fatalf("session: %+v, %v; want %+v", got, err, s1)
	}
	if _, err := a.Session(ctx, hash(1), t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired session: %v, want ErrNotFound", err)
	}
	if _, err := a.Session(ctx, hash(9), t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown session: %v", err)
	}
	if err := a.TouchSession(ctx, hash(1), t0.Add(time.Hour), t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Session(ctx, hash(1), t0.Add(time.Hour)); err != nil || !got.Expires.Equal(t0.Add(2*time.Hour)) || !got.LastSeen.Equal(t0.Add(time.Hour)) {
		t.Fatalf("touched session: %+v, %v", got, err)
	}
	if ss, err := a.Sessions(ctx, "u1"); err != nil || len(ss) != 2 || ss[0].Hash != hash(1) {
		t.Fatalf("sessions of u1: %+v, %v", ss, err)
	}
	if err := a.DeleteSession(ctx, hash(2)); err != nil {
		t.Fatal(err)
	}
	if err := a.DeleteSessions(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if ss, _ := a.Sessions(ctx, "u1"); len(ss) != 0 {
		t.Fatalf("u1 still has %d sessions", len(ss))
	}
	if _, err := a.Session(ctx, hash(3), t0); err != nil {
		t.Fatalf("signing u1 out everywhere ended u2's session: %v", err)
	}
}

func testTokens(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	tk := store.APIToken{ID: "t1", Hash: hash(7), UserID: "u1", Name: "my bot", Scopes: []string{"play", "read"}, Created: t0}
	if err := a.CreateToken(ctx, tk); err != nil {
		t.Fatal(err)
	}
	got, err := a.Token(ctx, hash(7))
	if err != nil || got.ID != "t1" || got.UserID != "u1" || !slices.Equal(got.Scopes, tk.Scopes) || !got.LastUsed.IsZero() || !got.Created.Equal(t0) {
		t.Fatalf("token: %+v, %v", got, err)
	}
	if err := a.TouchToken(ctx, "t1", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if ts, err := a.Tokens(ctx, "u1"); err != nil || len(ts) != 1 || !ts[0].LastUsed.Equal(t0.Add(time.Minute)) {
		t.Fatalf("tokens: %+v, %v", ts, err)
	}
	if err := a.DeleteToken(ctx, "u2", "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another user's token deleted: %v", err)
	}
	if _, err := a.Token(ctx, hash(7)); err != nil {
		t.Fatal("a refused deletion removed the token")
	}
	if err := a.DeleteToken(ctx, "u1", "t1"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Token(ctx, hash(7)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a revoked token: %v", err)
	}
}

func testPasskeys(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"))
	p := store.Passkey{ID: []byte{1, 2, 3}, UserID: "u1", PublicKey: []byte{9, 9}, SignCount: 4, Data: []byte(`{"x":1}`), Name: "phone", Created: t0}
	if err := a.AddPasskey(ctx, p); err != nil {
		t.Fatal(err)
	}
	got, err := a.PasskeyByID(ctx, []byte{1, 2, 3})
	if err != nil || got.UserID != "u1" || got.SignCount != 4 || string(got.Data) != `{"x":1}` || string(got.PublicKey) != "\t\t" {
		t.Fatalf("passkey: %+v, %v", got, err)
	}
	p.SignCount = 5
	if err := a.UpdatePasskey(ctx, p); err != nil {
		t.Fatal(err)
	}
	if ps, err := a.Passkeys(ctx, "u1"); err != nil || len(ps) != 1 || ps[0].SignCount != 5 {
		t.Fatalf("passkeys: %+v, %v", ps, err)
	}
	if _, err := a.PasskeyByID(ctx, []byte{4}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown passkey: %v", err)
	}
	// Only its owner removes a passkey.
	mustCreate(t, a, user("u2", "bea"))
	if err := a.DeletePasskey(ctx, "u2", []byte{1, 2, 3}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another account removed Ada's passkey: %v", err)
	}
	if err := a.DeletePasskey(ctx, "u1", []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if ps, err := a.Passkeys(ctx, "u1"); err != nil || len(ps) != 0 {
		t.Fatalf("after removal: %+v, %v", ps, err)
	}
	if err := a.DeletePasskey(ctx, "u1", []byte{1, 2, 3}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removed twice: %v", err)
	}
}

func testDeleteUser(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"))
	a.CreateSession(ctx, store.Session{Hash: hash(1), UserID: "u1", Created: t0, LastSeen: t0, Expires: t0.Add(time.Hour)})
	a.CreateToken(ctx, store.APIToken{ID: "t1", Hash: hash(2), UserID: "u1", Name: "x", Scopes: []string{"read"}, Created: t0})
	a.AddPasskey(ctx, store.Passkey{ID: []byte{1}, UserID: "u1", PublicKey: []byte{1}, Data: []byte(`{}`), Created: t0})
	a.BindSeat(ctx, store.SeatRef{UserID: "u1", GameID: "g1", Seat: 0, Created: t0})
	a.ApplyRatings(ctx, []store.RatingChange{{UserID: "u1", Game: "toy", MatchID: "g1", After: store.Rating{Mu: 26, Sigma: 8, Games: 1}, At: t0}})
	if err := a.DeleteUser(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	u, err := a.UserByID(ctx, "u1")
	if err != nil || !u.Deleted || u.Name != "" || u.PasswordHash != "" || u.Key == "ada" {
		t.Fatalf("deleted account reads %+v, %v", u, err)
	}
	if _, err := a.UserByKey(ctx, "ada"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted account found by its old key: %v", err)
	}
	if _, err := a.Session(ctx, hash(1), t0); !errors.Is(err, store.ErrNotFound) {
		t.Error("the session outlived the account")
	}
	if _, err := a.Token(ctx, hash(2)); !errors.Is(err, store.ErrNotFound) {
		t.Error("the token outlived the account")
	}
	if _, err := a.PasskeyByID(ctx, []byte{1}); !errors.Is(err, store.ErrNotFound) {
		t.Error("the passkey outlived the account")
	}
	if seats, _ := a.SeatsOf(ctx, "u1", 10); len(seats) != 1 {
		t.Error("the account's seats were lost: its games must stay")
	}
	if h, _ := a.RatingHistory(ctx, "u1", "toy"); len(h) != 1 {
		t.Error("the rating history was lost")
	}
	mustCreate(t, a, user("u9", "ada")) // the name is free again
	if err := a.DeleteUser(ctx, "u1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
}

func testSeats(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	for i, r := range []store.SeatRef{
		{UserID: "u1", GameID: "g1", Seat: 0}, {UserID: "u1", GameID: "g2", Seat: 1}, {UserID: "u1", GameID: "g3", Seat: 2},
		{UserID: "u2", GameID: "g2", Seat: 0},
	} {
		r.Created = t0.Add(time.Duration(i) * time.Minute)
		if err := a.BindSeat(ctx, r); err != nil {
			t.Fatal(err)
		}
		if err := a.BindSeat(ctx, r); err != nil {
			t.Fatalf("binding twice: %v", err)
		}
	}
	got, err := a.SeatsOf(ctx, "u1", 2)
	if err != nil || len(got) != 2 || got[0].GameID != "g3" || got[1].GameID != "g2" || got[0].Seat != 2 {
		t.Fatalf("u1's two newest seats: %+v, %v", got, err)
	}
	holders, err := a.SeatHolders(ctx, "g2")
	if err != nil || len(holders) != 2 || holders[0].UserID != "u2" || holders[1].UserID != "u1" {
		t.Fatalf("holders of g2: %+v, %v", holders, err)
	}
	// Seat 0 of g2 removed: u2 holds nothing there, u1 moves up from 1 to 0.
	if err := a.RemoveSeat(ctx, "g2", 0); err != nil {
		t.Fatal(err)
	}
	holders, err = a.SeatHolders(ctx, "g2")
	if err != nil || len(holders) != 1 || holders[0].UserID != "u1" || holders[0].Seat != 0 {
		t.Fatalf("holders of g2 after removing seat 0: %+v, %v", holders, err)
	}
}

func testRatings(t *testing.T, a store.Accounts) {
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"))
	if _, err := a.Rating(ctx, "u1", "toy"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("rating before any game: %v", err)
	}
	m1 := []store.RatingChange{
		{UserID: "u1", Game: "toy", MatchID: "m1", Before: store.Rating{Mu: 25, Sigma: 8.3}, After: store.Rating{Mu: 27, Sigma: 7.9, Games: 1}, At: t0},
		{UserID: "u2", Game: "toy", MatchID: "m1", Before: store.Rating{Mu: 25, Sigma: 8.3}, After: store.Rating{Mu: 23, Sigma: 7.9, Games: 1}, At: t0},
	}
	if ok, err := a.ApplyRatings(ctx, m1); !ok || err != nil {
		t.Fatalf("apply m1: %v %v", ok, err)
	}
	again := slices.Clone(m1)
	again[0].After.Mu = 99
	if ok, err := a.ApplyRatings(ctx, again); ok || err != nil {
		t.Fatalf("apply m1 twice: %v %v, want false, nil", ok, err)
	}
	if r, err := a.Rating(ctx, "u1", "toy"); err != nil || r.Mu != 27 || r.Sigma != 7.9 || r.Games != 1 || !r.Updated.Equal(t0) {
		t.Fatalf("u1 after m1: %+v, %v", r, err)
	}
	// A match whose second change fails (u3 has no account) changes nothing, not even the first.
	bad := []store.RatingChange{
		{UserID: "u1", Game: "toy", MatchID: "m2", After: store.Rating{Mu: 50, Sigma: 1, Games: 2}, At: t0.Add(time.Hour)},
		{UserID: "no-such-user", Game: "toy", MatchID: "m2", After: store.Rating{Mu: 1, Sigma: 1, Games: 1}, At: t0.Add(time.Hour)},
	}
	if _, err := a.ApplyRatings(ctx, bad); err == nil {
		t.Log("the store accepted a rating of an unknown account (no foreign key): checking it did no harm")
	}
	r, _ := a.Rating(ctx, "u1", "toy")
	if hist, _ := a.RatingHistory(ctx, "u1", "toy"); r.Mu != 27 && !(r.Mu == 50 && len(hist) == 2) {
		t.Fatalf("a half-applied match: u1 at %v with history %+v", r.Mu, hist)
	}
	m3 := []store.RatingChange{{UserID: "u1", Game: "toy", MatchID: "m3", Before: store.Rating{Mu: 27, Sigma: 7.9},
		After: store.Rating{Mu: 28, Sigma: 7.5, Games: 2}, At: t0.Add(2 * time.Hour)}}
	a.ApplyRatings(ctx, m3)
	hist, err := a.RatingHistory(ctx, "u1", "toy")
	if err != nil || len(hist) < 2 || hist[0].MatchID != "m1" || hist[len(hist)-1].MatchID != "m3" || hist[0].Before.Mu != 25 || hist[0].After.Mu != 27 {
		t.Fatalf("history: %+v, %v", hist, err)
	}
}

func testLeaderboard(t *testing.T, a store.Accounts) {
	// Ordinals (mu - 3 sigma): cy 20, ada 15, bea 15 (ties by key), dee 30 but disabled, eve deleted.
	mustCreate(t, a, user("u1", "ada"), user("u2", "bea"), user("u3", "cy"), user("u4", "dee"), user("u5", "eve"))
	for _, c := range []struct {
		id        string
		mu, sigma float64
	}{{"u1", 24, 3}, {"u2", 21, 2}, {"u3", 26, 2}, {"u4", 33, 1}, {"u5", 40, 1}} {
		a.ApplyRatings(ctx, []store.RatingChange{{UserID: c.id, Game: "toy", MatchID: "m-" + c.id, After: store.Rating{Mu: c.mu, Sigma: c.sigma, Games: 5}, At: t0}})
	}
	dee, _ := a.UserByID(ctx, "u4")
	dee.Disabled = true
	a.UpdateUser(ctx, dee)
	a.DeleteUser(ctx, "u5")
	board, err := a.Leaderboard(ctx, "toy", 0, 10)
	var order []string
	for _, r := range board {
		order = append(order, r.UserID)
	}
	if err != nil || !slices.Equal(order, []string{"u3", "u1", "u2"}) {
		t.Fatalf("leaderboard %v, %v; want u3 u1 u2", order, err)
	}
	if board[0].Mu-3*board[0].Sigma != 20 || math.IsNaN(board[1].Sigma) {
		t.Fatalf("leaderboard values %+v", board)
	}
	page, _ := a.Leaderboard(ctx, "toy", 1, 1)
	if len(page) != 1 || page[0].UserID != "u1" {
		t.Fatalf("second page of one: %+v", page)
	}
	if other, _ := a.Leaderboard(ctx, "chess", 0, 10); len(other) != 0 {
		t.Fatalf("another game's board: %+v", other)
	}
}
