package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// toyBots is a catalogue of bots for the toy game: "steady" always picks 3, "crash" panics, "cheat" plays
// an illegal pick. The server must survive the last two and play the game's automatic move instead.
type toyBots struct{ made *atomic.Int32 }

func (toyBots) Names(g string) []string {
	if g != "toy" {
		return nil
	}
	return []string{"steady", "cheat", "crash"}
}

func (b toyBots) New(g, name string) (game.Bot, error) {
	if b.made != nil {
		b.made.Add(1)
	}
	if !slices.Contains(b.Names(g), name) {
		return nil, fmt.Errorf("no bot %q", name)
	}
	return toyBot(name), nil
}

// Rating: "steady" plays at a fixed rating above a newcomer's; the others are unrated.
func (toyBots) Rating(g, name string) (game.FixedRating, bool) {
	if g == "toy" && name == "steady" {
		return steadyRating, true
	}
	return game.FixedRating{}, false
}

var steadyRating = game.FixedRating{Mu: 30, Sigma: 2}

type toyBot string

func (b toyBot) Name() string { return string(b) }

func (b toyBot) Move(st game.State, seat game.Seat) (json.RawMessage, error) {
	switch b {
	case "crash":
		panic("bot bug")
	case "cheat":
		return json.RawMessage(`{"pick":9}`), nil
	}
	return json.RawMessage(`{"pick":3}`), nil
}

// waitState long-polls the match as tok sees it until cond holds.
func (e *env) waitState(id, tok string, cond func(state) bool) state {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	st := e.state(id, tok)
	for !cond(st) {
		if time.Now().After(deadline) {
			e.t.Fatalf("match %s never reached the awaited state; last: %+v", id, st.Match)
		}
		st = decodeState(e.t, e.must(200, e.do("GET", "/api/matches/"+id+"?wait=2&after="+itoa(int(st.Seq)), tok, "")).body)
	}
	return st
}

func TestBotSeats(t *testing.T) {
	t.Parallel()
	var made atomic.Int32
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{&made} })

	var games struct {
		Games []definitionInfo `json:"games"`
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/games", "", "")).body, &games)
	for _, g := range games.Games {
		if want := (toyBots{}).Names(g.Name); !slices.Equal(g.Bots, want) {
			t.Errorf("GET /api/games: %s offers bots %v, want %v", g.Name, g.Bots, want)
		}
	}

	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":3},"max_seats":4,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bots := "/api/matches/" + id + "/bots"
	// Refusals change nothing.
	for _, c := range []struct{ tok, body, code string }{
		{"", `{}`, codeUnauthorized},
		{"not-a-seat", `{}`, codeForbidden},
		{ada, `{"bot":"grandmaster"}`, codeBadRequest},
		{ada, `{"name":"` + strings.Repeat("x", 40) + `"}`, codeBadRequest},
		{ada, `{"name":"   "}`, codeBadRequest}, // as for a player: a blank name is refused, not replaced
		{ada, `{"level":1}`, codeBadJSON},
	} {
		if r := e.do("POST", bots, c.tok, c.body); r.errCode() != c.code {
			t.Errorf("add bot with token %q body %s: %d %s, want %s", c.tok, c.body, r.status, r.body, c.code)
		}
	}
	if st := e.state(id, ""); len(st.Match.Players) != 1 || st.Seq != 1 {
		t.Fatalf("refused requests changed the match: %+v", st.Match)
	}
	// The default bot, then named ones. A bot not given a name sits under a name of its own (its level shown
	// beside it by the page), none of the table's.
	names := map[string]bool{"Ada": true}
	for i, c := range []struct{ body, name, bot string }{
		{``, "", "steady"},
		{`{"bot":"cheat","name":"Cheater"}`, "Cheater", "cheat"},
		{`{"bot":"crash"}`, "", "crash"},
	} {
		r := e.must(200, e.do("POST", bots, ada, c.body)).json(t)
		name, _ := r["name"].(string)
		if r["seat"] != float64(i+1) || r["bot"] != c.bot || (c.name != "" && name != c.name) ||
			(c.name == "" && (name == "" || name == c.bot || names[name])) {
			t.Errorf("add bot %s: %v", c.body, r)
		}
		names[name] = true
	}
	if r := e.do("POST", bots, ada, ``); r.errCode() != codeFull {
		t.Errorf("a fifth seat: %d %s", r.status, r.body)
	}
	st := e.state(id, "")
	for i, p := range st.Match.Players {
		if want := []string{"", "steady", "cheat", "crash"}[i]; p.Bot != want {
			t.Errorf("players[%d].bot = %q, want %q", i, p.Bot, want)
		}
	}
	var lobby struct {
		Matches []struct {
			ID      string
			Summary lobbySummary
		}
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches?status=open", "", "")).body, &lobby)
	if len(lobby.Matches) != 1 || !slices.Equal(lobby.Matches[0].Summary.Bots, []string{"", "steady", "cheat", "crash"}) {
		t.Errorf("the lobby entry does not say which seats are bots: %+v", lobby.Matches)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	if r := e.do("POST", bots, ada, ``); r.errCode() != codeAlreadyStarted {
		t.Errorf("a bot after the start: %d %s", r.status, r.body)
	}
	// Every round Ada picks 1 and the bots answer by themselves; the crashing and cheating bots are
	// played for with the automatic move.
	for range 3 {
		e.waitState(id, ada, func(s state) bool { return s.You.MustAct || s.Match.Status == statusFinished })
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	}
	end := e.waitState(id, ada, func(s state) bool { return s.Match.Status == statusFinished })
	if end.Match.Moves != 12 {
		t.Fatalf("moves in effect %d, want 12 (3 rounds × 4 seats)", end.Match.Moves)
	}
	// The steady bot picked 3 each round: check it in the record, replayed by the engine.
	var rec game.Record
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec)
	for _, m := range rec.Moves {
		if m.Seat == 1 && string(m.Move) != `{"pick":3}` {
			t.Errorf("the steady bot played %s", m.Move)
		}
	}
	replayed, err := testGames.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := replayed.Result().Scores; !slices.Equal(got, end.Match.Result.Scores) {
		t.Errorf("replayed scores %v, served %v", got, end.Match.Result.Scores)
	}
	// Bot moves are logged as such, and no bot move can be taken back.
	evs, err := e.store.Events(t.Context(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var botMoves int
	for _, ev := range evs {
		var d moveData
		if ev.Kind == evMove && json.Unmarshal(ev.Data, &d) == nil && d.Auto == "bot" {
			botMoves++
		}
	}
	if botMoves != 9 {
		t.Errorf("%d bot moves logged, want 9", botMoves)
	}
	if n := made.Load(); n == 0 || n > 9 {
		t.Errorf("%d bots made for 9 bot moves", n)
	}
}

// A server that seats no bots says so; a bot seat has no token, so nobody can play for it.
func TestBotSeatsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	var games struct {
		Games []map[string]any `json:"games"`
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/games", "", "")).body, &games)
	for _, g := range games.Games {
		if _, ok := g["bots"]; ok {
			t.Errorf("a server without bots lists bots for %v", g["name"])
		}
	}
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	r := e.do("POST", "/api/matches/"+id+"/bots", ada, `{}`)
	if r.errCode() != codeBadRequest || !strings.Contains(string(r.body), "no bots") {
		t.Errorf("add a bot on a server without bots: %d %s", r.status, r.body)
	}
	e2 := newEnv(t, e.store, func(c *Config) { c.Bots = toyBots{}; c.BotDelay = time.Hour })
	e2.must(200, e2.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	e2.must(200, e2.do("POST", "/api/matches/"+id+"/start", ada, ""))
	for _, tok := range []string{"", " "} {
		if r := e2.do("POST", "/api/matches/"+id+"/moves", tok, `{"move":{"pick":1}}`); r.status/100 != 4 {
			t.Errorf("a move with token %q: %d %s", tok, r.status, r.body)
		}
	}
	// With an hour's delay, the bot has not played yet after Ada's move.
	e2.must(200, e2.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	if st := e2.state(id, ""); !slices.Equal(st.Match.ToAct, []game.Seat{1}) {
		t.Errorf("the bot played before its delay: to act %v", st.Match.ToAct)
	}
}

// A match reloaded from its log (another process, a restart) keeps its bot seats, and its bots go on.
func TestBotSeatsSurviveReload(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{}; c.BotDelay = time.Hour })
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":2},"max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	e.srv.Close() // the bot's turn was still scheduled

	fresh := newEnv(t, e.store, func(c *Config) { c.Bots = toyBots{} })
	// The bot plays its pending pick of round 1, then at once its pick of round 2 (toy rounds are
	// simultaneous), and Ada is left to act.
	st := fresh.waitState(id, ada, func(s state) bool { return s.Match.Moves == 3 })
	if st.Match.Players[1].Bot != "steady" || !slices.Equal(st.Match.ToAct, []game.Seat{0}) {
		t.Fatalf("after the reload: %+v", st.Match)
	}
	fresh.must(200, fresh.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":2}}`))
	if end := fresh.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished }); end.Match.Moves != 4 {
		t.Fatalf("the game ended with %d moves, want 4", end.Match.Moves)
	}
}

// The real bots play whole games of both engines against a player through the API, and the records
// replay to the scores the server announced.
func TestRealBotsThroughAPI(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(cartographers.Definition{}, carcassonne.Definition{})
	for _, c := range []struct {
		game    string
		options string
		bots    []string
	}{
		{"carcassonne", `{"surveyors":true}`, []string{""}},
		{"cartographers", `null`, []string{"strong", "fast"}},
	} {
		t.Run(c.game, func(t *testing.T) {
			e := newEnv(t, nil, func(cfg *Config) { cfg.Games = reg; cfg.Bots = games.Bots() })
			v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"`+c.game+`","options":`+c.options+`,"max_seats":`+itoa(1+len(c.bots))+`,"name":"Ada"}`)).json(t)
			id, ada := v["id"].(string), v["token"].(string)
			for _, b := range c.bots {
				e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"`+b+`"}`))
			}
			e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
			for moves := 0; ; moves++ {
				st := e.waitState(id, ada, func(s state) bool { return s.You.MustAct || s.Match.Status == statusFinished })
				if st.Match.Status == statusFinished {
					break
				}
				if moves > 500 {
					t.Fatal("the game does not end")
				}
				body, _ := json.Marshal(moveReq{Move: e.autoMove(id, 0)})
				e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ada, string(body)))
			}
			end := e.state(id, "")
			var rec game.Record
			json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec)
			replayed, err := reg.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !replayed.Over() || !slices.Equal(replayed.Result().Scores, end.Match.Result.Scores) {
				t.Fatalf("replayed scores %v, served %v", replayed.Result().Scores, end.Match.Result.Scores)
			}
			var botMoves int
			for _, m := range rec.Moves {
				if m.Seat != 0 {
					botMoves++
				}
			}
			if botMoves == 0 {
				t.Fatal("the bots made no move")
			}
			t.Logf("%s: %d moves, %d by bots, scores %v", c.game, len(rec.Moves), botMoves, end.Match.Result.Scores)
		})
	}
}

// A bot seat whose bot this server cannot make (restarted with --no-bots, or the bot is gone from a newer
// catalogue) is played with the game's automatic move: nobody else can play for it, so the game would
// otherwise stall for good.
func TestBotSeatWithoutItsBot(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{}; c.BotDelay = time.Hour })
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":3},"max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"steady"}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"cheat"}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	e.srv.Close()

	// Restarted without bots, then with a catalogue that lost "cheat". Toy rounds are simultaneous: after
	// Ada's pick the bots play the rest of the round and their pick of the next one.
	for i, bots := range []game.Bots{nil, onlySteady{}} {
		s := newEnv(t, e.store, func(c *Config) { c.Bots = bots })
		s.must(200, s.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
		s.waitState(id, ada, func(s state) bool { return s.Match.Moves == 5+3*i && s.You.MustAct })
		s.srv.Close()
	}
}

// onlySteady is the toy catalogue of a later version that dropped every bot but "steady".
type onlySteady struct{}

func (onlySteady) Names(g string) []string { return []string{"steady"} }

func (onlySteady) Rating(g, name string) (game.FixedRating, bool) { return toyBots{}.Rating(g, name) }

func (onlySteady) New(g, name string) (game.Bot, error) {
	if name != "steady" {
		return nil, fmt.Errorf("no bot %q", name)
	}
	return toyBot(name), nil
}

// The bot timer of a match dropped from memory (evicted, or rebuilt after a failure) must not play for
// the copy loaded after it, whose bots have their own timer and delay.
func TestStaleBotTimerLeavesTheReloadedMatchAlone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{}; c.BotDelay = time.Hour })
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":2},"max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, "")) // both seats act: the bot's timer is armed

	old, err := e.srv.get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	stale := old.botTimer
	if stale == nil {
		old.mu.Unlock()
		t.Fatal("no bot timer armed")
	}
	e.srv.forget(old)
	old.mu.Unlock()
	if st := e.state(id, ""); st.Match.Moves != 0 { // loads a new copy, which arms its own timer
		t.Fatalf("moves %d before any", st.Match.Moves)
	}
	stale.Reset(0) // the old copy's timer fires now
	time.Sleep(200 * time.Millisecond)
	if st := e.state(id, ""); st.Match.Moves != 0 {
		t.Fatalf("a stale timer played for the reloaded match: %d moves", st.Match.Moves)
	}
	m, err := e.srv.get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	armed := m.botTimer != nil
	m.mu.Unlock()
	if !armed {
		t.Fatal("the reloaded match lost its own bot timer")
	}
}

// TestBotSeatsHaveTheirOwnSeeds: two bot seats of one table, the same seat at two tables and the same seat
// at two points of a game each get their own seed; asked again, a decision gets the same one (a restart
// replays the bot's choice).
func TestBotSeatsHaveTheirOwnSeeds(t *testing.T) {
	t.Parallel()
	seeds := map[uint64]string{}
	for _, c := range []struct {
		id   string
		seat game.Seat
		seq  int64
	}{{"a", 1, 10}, {"a", 2, 10}, {"b", 1, 10}, {"a", 1, 11}, {"a", 0, 10}} {
		k := seatSeed(c.id, c.seat, c.seq)
		if other, ok := seeds[k]; ok {
			t.Errorf("%+v has the seed of %s", c, other)
		}
		seeds[k] = fmt.Sprint(c)
	}
	if seatSeed("a", 1, 10) != seatSeed("a", 1, 10) {
		t.Error("the same decision got two seeds")
	}
}

// TestBotCharactersNeverRepeatAName: bots seated one after another at a table each take a name no seat
// holds, a person's included (in any case), even past the list's length.
func TestBotCharactersNeverRepeatAName(t *testing.T) {
	t.Parallel()
	seats := []seatInfo{{name: "mira"}, {name: "Tomás"}}
	for range len(botNames) + 3 {
		name := botCharacter("table", seats)
		for _, s := range seats {
			if strings.EqualFold(s.name, name) {
				t.Fatalf("a bot seated as %q at a table of %v", name, seats)
			}
		}
		seats = append(seats, seatInfo{name: name, bot: "steady"})
	}
	if a, b := botCharacter("one", nil), botCharacter("two", nil); a == b && botCharacter("three", nil) == a {
		t.Errorf("three tables all seat %q first", a)
	}
}
