package server

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

func TestRematch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{} })
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1},"max_seats":3,"name":"Ada","clock":{"mode":"move","seconds":60}}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bob := e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bob"}`)).json(t)["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"cheat","name":"Rob"}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	if r := e.do("POST", "/api/matches/"+id+"/rematch", ada, ""); r.errCode() != codeNotFinished {
		t.Fatalf("rematch during the game: %d %s", r.status, r.body)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", bob, `{"move":{"pick":2}}`))
	old := e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	watcher := e.dial(id, "", old.Seq)

	for _, c := range []struct{ tok, code string }{{"", codeUnauthorized}, {"nope", codeForbidden}} {
		if r := e.do("POST", "/api/matches/"+id+"/rematch", c.tok, ""); r.errCode() != c.code {
			t.Errorf("rematch with token %q: %d %s", c.tok, r.status, r.body)
		}
	}
	if r := e.do("POST", "/api/matches/zzzzzzzzzzzzzzzz/rematch", ada, ""); r.errCode() != codeNotFound {
		t.Errorf("rematch of an unknown match: %d %s", r.status, r.body)
	}

	// Bob asks first: he takes seat 0 of the new match, the bot follows; Ada then joins the same match.
	rb := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", bob, "")).json(t)
	next := rb["id"].(string)
	if next == id || rb["seat"] != float64(0) || rb["token"] == "" {
		t.Fatalf("Bob's rematch: %v", rb)
	}
	if s := watcher.stateAt(old.Seq + 1); s.Match.Rematch != next || s.Match.Status != statusFinished || s.Match.Moves != old.Match.Moves {
		t.Fatalf("the finished match's clients see %+v", s.Match)
	}
	ra := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	if ra["id"] != next || ra["seat"] != float64(2) {
		t.Fatalf("Ada's rematch: %v, want seat 2 of %s", ra, next)
	}
	st := e.state(next, "")
	names := []string{}
	for _, p := range st.Match.Players {
		names = append(names, p.Name+"/"+p.Bot)
	}
	if !slices.Equal(names, []string{"Bob/", "Rob/cheat", "Ada/"}) || st.Match.Status != statusOpen ||
		string(st.Match.Options) != string(old.Match.Options) || st.Match.MaxSeats != 3 || st.Match.Clock == nil || st.Match.Clock.Seconds != 60 {
		t.Fatalf("the rematch: %+v (players %v)", st.Match, names)
	}
	a, _ := e.store.Game(context.Background(), id)
	b, _ := e.store.Game(context.Background(), next)
	if a.Seed == b.Seed {
		t.Error("the rematch has the same seed: the same cards would come again")
	}
	// The rematch plays like any match, and the finished match keeps its record.
	e.must(200, e.do("POST", "/api/matches/"+next+"/start", rb["token"].(string), "")) // Bob asked first: the host
	var rec struct{ Moves []json.RawMessage }
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec)
	if len(rec.Moves) != old.Match.Moves {
		t.Errorf("the record of the finished match has %d moves, want %d", len(rec.Moves), old.Match.Moves)
	}
	// A server that loads the finished match from its log knows its rematch.
	fresh := newEnv(t, e.store, nil)
	if s := fresh.state(id, ""); s.Match.Rematch != next {
		t.Errorf("after a reload: rematch %q, want %q", s.Match.Rematch, next)
	}
}

// finishedToy plays a one-round toy match between Ada and Bob, with bots in the seats after theirs, to
// its end; it returns the match and the players' tokens.
func finishedToy(e *env, bots ...string) (id, ada, bob string) {
	e.t.Helper()
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1},"max_seats":`+itoa(2+len(bots))+`,"name":"Ada"}`)).json(e.t)
	id, ada = v["id"].(string), v["token"].(string)
	bob = e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bob"}`)).json(e.t)["token"].(string)
	for _, b := range bots {
		e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"`+b+`"}`))
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", bob, `{"move":{"pick":2}}`))
	e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	return id, ada, bob
}

// seatNames lists a match's seats as name/bot.
func (e *env) seatNames(id string) []string {
	e.t.Helper()
	var names []string
	for _, p := range e.state(id, "").Match.Players {
		names = append(names, p.Name+"/"+p.Bot)
	}
	return names
}

// Asking twice (a double click, a request retried after a lost response) gives the asker the seat taken
// the first time, with the same token, rather than a second seat that would shut another player out.
func TestRematchAskedTwiceKeepsOneSeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ada, bob := finishedToy(e)
	first := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	again := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	if again["id"] != first["id"] || again["seat"] != first["seat"] || again["token"] != first["token"] {
		t.Fatalf("Ada asked twice: %v then %v", first, again)
	}
	next := first["id"].(string)
	rb := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", bob, "")).json(t)
	if rb["id"] != next || rb["seat"] != float64(1) || rb["token"] == first["token"] {
		t.Fatalf("Bob's rematch: %v", rb)
	}
	if names := e.seatNames(next); !slices.Equal(names, []string{"Ada/", "Bob/"}) {
		t.Fatalf("the rematch seats %v", names)
	}
	// Each token plays its own seat of the rematch.
	st := e.state(next, first["token"].(string))
	if st.You == nil || st.You.Seat != 0 {
		t.Fatalf("Ada's token in the rematch: %+v", st.You)
	}
}

// A bot of the finished match that this server does not offer (another instance's catalogue, --no-bots)
// leaves its seat free: the asker still gets a seat, and the response says so.
func TestRematchWithoutTheBot(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{} })
	id, ada, _ := finishedToy(e, "steady")
	plain := newEnv(t, e.store, nil)
	r := plain.must(200, plain.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	next := r["id"].(string)
	if names := plain.seatNames(next); !slices.Equal(names, []string{"Ada/"}) {
		t.Fatalf("the rematch seats %v", names)
	}
	// Asking again changes nothing.
	plain.must(200, plain.do("POST", "/api/matches/"+id+"/rematch", ada, ""))
	if names := plain.seatNames(next); !slices.Equal(names, []string{"Ada/"}) {
		t.Fatalf("after asking again the rematch seats %v", names)
	}
}

// Two instances that have not heard of each other's changes (two servers on one SQLite file never do)
// asked for the rematch of one match: one new match results, not a second left open and empty in the
// lobby, and both players sit in it.
func TestRematchOnTwoInstances(t *testing.T) {
	t.Parallel()
	a := newEnv(t, nil, nil)
	id, ada, bob := finishedToy(a)
	b := newEnv(t, a.store, nil)
	b.state(id, "") // B holds the finished match, and will not hear of A's rematch
	ra := a.must(200, a.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	rb := b.must(200, b.do("POST", "/api/matches/"+id+"/rematch", bob, "")).json(t)
	if ra["id"] != rb["id"] {
		t.Fatalf("two rematches: %v and %v", ra["id"], rb["id"])
	}
	var lobby struct{ Matches []lobbyEntry }
	json.Unmarshal(a.must(200, a.do("GET", "/api/matches?status=open", "", "")).body, &lobby)
	if len(lobby.Matches) != 1 || lobby.Matches[0].ID != ra["id"] {
		t.Fatalf("open matches after the rematch: %+v", lobby.Matches)
	}
	// A third server reads the rematch from the log: A and B each hold a copy that missed the other's join.
	if names := newEnv(t, a.store, nil).seatNames(ra["id"].(string)); !slices.Equal(names, []string{"Ada/", "Bob/"}) {
		t.Fatalf("the rematch seats %v", names)
	}
}

// interloper appends a join of its own to a match just before the first bot join the server appends to
// it, as another instance seating a player at that moment would: the server's append then conflicts.
type interloper struct {
	store.Store
	skip atomic.Value // a match id to leave alone
	done atomic.Bool
}

func (s *interloper) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	if skip, _ := s.skip.Load().(string); skip != "" && skip != id && len(evs) == 1 && evs[0].Kind == evJoin &&
		strings.Contains(string(evs[0].Data), `"bot"`) && s.done.CompareAndSwap(false, true) {
		h := hashToken("eve")
		ev := store.Event{Kind: evJoin, Seat: int(after), At: evs[0].At,
			Data: mustJSON(joinData{Name: "Eve", Token: hex.EncodeToString(h[:])})}
		if _, err := s.Store.Append(ctx, id, after, store.Update{}, ev); err != nil {
			return 0, err
		}
	}
	return s.Store.Append(ctx, id, after, up, evs...)
}

// The first asker's seat and the bots are seated one append at a time; when another instance seats
// someone in between, the retry seats the rest without seating the asker again.
func TestRematchConflictWhileSeating(t *testing.T) {
	t.Parallel()
	st := &interloper{Store: openSQLite(t)}
	e := newEnv(t, st, func(c *Config) { c.Bots = toyBots{} })
	st.skip.Store("")
	id, ada, _ := finishedToy(e, "steady", "cheat")
	st.skip.Store(id)
	r := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	if !st.done.Load() {
		t.Fatal("the interloper never interfered")
	}
	// The bots keep the names they sat under in the first game.
	before := e.seatNames(id)
	if names := e.seatNames(r["id"].(string)); !slices.Equal(names, []string{"Ada/", "Eve/", before[2], before[3]}) ||
		!strings.HasSuffix(before[2], "/steady") || !strings.HasSuffix(before[3], "/cheat") {
		t.Fatalf("the rematch of %v seats %v", before, names)
	}
}
