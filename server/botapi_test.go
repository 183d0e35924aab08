package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/botapi"
)

// botAccount signs a bot account up and returns its browser and an API token with both scopes.
func botAccount(t *testing.T, e *env, name string) (*browser, string) {
	t.Helper()
	b := e.browser()
	b.must(b.do("POST", "/api/account/signup", `{"name":"`+name+`","password":"correct horse"}`), 201)
	if u := b.must(b.do("POST", "/api/account/bot", ``), 200).json(t)["user"].(map[string]any); u["bot"] != true {
		t.Fatalf("the account did not become a bot: %v", u)
	}
	tok := b.must(b.do("POST", "/api/account/tokens", `{"name":"bot","scopes":["play","read"]}`), 201).json(t)["token"].(string)
	return b, tok
}

// exampleBot is the Python bot of docs/bots.md, taken from the page, so that the page's program is the one
// tested.
func exampleBot(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile("../docs/bots.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```python\n")
	code, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/bots.md has no python block")
	}
	path := filepath.Join(t.TempDir(), "bot.py")
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExampleBotPlaysWholeGames: the Python example bot of docs/bots.md, run as its own process against the
// server, is invited by a person to a Cartographers game and to a Carcassonne game, joins both through its
// event stream, plays them to the end through its game streams, and exits once both are over.
func TestExampleBotPlaysWholeGames(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed to run the example bot (scripts/test installs it)")
	}
	e, _, _ := accEnv(t, func(c *Config) { c.Games = game.NewRegistry(cartographers.Definition{}, carcassonne.Definition{}) })
	_, tok := botAccount(t, e, "Robo")
	playExampleBot(t, py, e, e.http.URL, tok, "cartographers", "carcassonne")
}

// The example bot rides out the server's refusals of too many requests (429 with Retry-After: a bot
// shares its address's rate limit with every other program there) by waiting and asking again. Before it
// did, a refused GET .../legal or move left it waiting for a state that would never come, the game stuck.
func TestExampleBotWaitsOutRateLimits(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed to run the example bot (scripts/test installs it)")
	}
	e, _, _ := accEnv(t, func(c *Config) { c.Games = game.NewRegistry(carcassonne.Definition{}) })
	_, tok := botAccount(t, e, "Robo")
	// In front of the server, as its rate limit would: the bot's first legal-move list and first move
	// are refused once each.
	var mu sync.Mutex
	refused := map[string]bool{}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind := r.Method + " " + path.Base(r.URL.Path)
		mu.Lock()
		refuse := r.Header.Get("Authorization") == "Bearer "+tok && (kind == "GET legal" || kind == "POST moves") && !refused[kind]
		refused[kind] = refused[kind] || refuse
		mu.Unlock()
		if refuse {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"error":{"code":"rate_limited","message":"too many requests; slow down","retry_after":1}}`))
			return
		}
		e.srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	playExampleBot(t, py, e, front.URL, tok, "carcassonne")
	if !refused["GET legal"] || !refused["POST moves"] {
		t.Fatalf("the bot was not refused as planned: %v", refused)
	}
}

// playExampleBot runs the example bot against base with its token; a person invites it to a game of each
// name in turn and plays with it to the end; the bot must then exit, having seen each game end.
func playExampleBot(t *testing.T, py string, e *env, base, tok string, gameNames ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, exampleBot(t), "--server", base, "--token", tok, "--games", strconv.Itoa(len(gameNames)))
	// The bot's output is copied in by a goroutine of exec's while the test may read it (a failure's
	// message): a plain strings.Builder raced there.
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	for _, g := range gameNames {
		id := ada.must(ada.do("POST", "/api/matches", `{"game":"`+g+`","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
		ada.must(ada.do("POST", "/api/matches/"+id+"/invite", `{"name":"robo"}`), 200)
		waitFor(t, &out, func() bool { return len(e.state(id, "").Match.Players) == 2 })
		ada.must(ada.do("POST", "/api/matches/"+id+"/start", ``), 200)
		waitFor(t, &out, func() bool {
			st := decodeState(t, ada.must(ada.do("GET", "/api/matches/"+id, ``), 200).body)
			if st.Match.Status == statusFinished {
				return true
			}
			if st.You != nil && st.You.MustAct {
				var legal struct{ Moves []json.RawMessage }
				json.Unmarshal(ada.must(ada.do("GET", "/api/matches/"+id+"/legal", ``), 200).body, &legal)
				ada.do("POST", "/api/matches/"+id+"/moves", `{"move":`+string(legal.Moves[0])+`}`)
			}
			return false
		})
		if st := e.state(id, ""); st.Match.Players[1].Name != "Robo" {
			t.Errorf("%s: seat 1 is %q, want the bot", g, st.Match.Players[1].Name)
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the example bot ended with %v:\n%s", err, out.String())
		}
	case <-time.After(time.Minute):
		t.Fatalf("the example bot did not exit after its two games:\n%s", out.String())
	}
	if n := strings.Count(out.String(), "game over:"); n != len(gameNames) {
		t.Errorf("the bot saw %d games end:\n%s", n, out.String())
	}
}

// waitFor polls cond until it holds, failing with the bot's output after two minutes.
func waitFor(t *testing.T, out *syncBuffer, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); !cond(); time.Sleep(15 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out; the bot said:\n%s", out.String())
		}
	}
}

// The bot API's endpoints refuse a missing or wrong credential, a person's token, and bad invitations,
// and change nothing.
func TestBotAPIRefusals(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, botTok := botAccount(t, e, "Robo")
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	adaTok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"x","scopes":["play","read"]}`), 201).json(t)["token"].(string)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	for _, c := range []struct {
		method, path, tok, body string
		status                  int
	}{
		{"GET", "/api/bot/stream", "", "", 401},
		{"GET", "/api/bot/stream", "sv_wrong", "", 401},
		{"GET", "/api/bot/stream", adaTok, "", 403}, // a person's token
		{"GET", "/api/bot/games/" + id + "/stream", "", "", 401},
		{"GET", "/api/bot/games/" + id + "/stream", botTok, "", 403}, // the bot holds no seat there
		{"POST", "/api/account/bot", "", "", 401},
		{"POST", "/api/account/bot", adaTok, "", 403}, // a token cannot make its account a bot
		{"POST", "/api/matches/" + id + "/invite", "", `{"name":"Robo"}`, 401},
		{"POST", "/api/matches/" + id + "/invite", "sv_wrong", `{"name":"Robo"}`, 401},
		{"POST", "/api/matches/" + id + "/invite", adaTok, `{"name":"Nobody"}`, 404},
		{"POST", "/api/matches/" + id + "/invite", adaTok, `{"name":"Ada"}`, 400},  // not a bot
		{"POST", "/api/matches/" + id + "/invite", botTok, `{"name":"Robo"}`, 403}, // not seated
	} {
		if r := e.do(c.method, c.path, c.tok, c.body); r.status != c.status {
			t.Errorf("%s %s with %q: %d %s, want %d", c.method, c.path, c.tok, r.status, r.body, c.status)
		}
	}
	if me := ada.must(ada.do("GET", "/api/account", ``), 200).json(t)["user"].(map[string]any); me["bot"] == true {
		t.Error("a refused request made Ada a bot")
	}
	if st := e.state(id, ""); len(st.Match.Players) != 1 {
		t.Errorf("the refused invitations changed the match: %+v", st.Match.Players)
	}
}

// An invitation made while the bot is away waits for its stream, which then also lists the games in play
// where it holds a seat.
func TestBotStreamDeliversWaitingInvitations(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, botTok := botAccount(t, e, "Robo")
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/matches/"+id+"/invite", `{"name":"Robo"}`), 200)
	req, _ := http.NewRequestWithContext(t.Context(), "GET", e.http.URL+"/api/bot/stream", nil)
	req.Header.Set("Authorization", "Bearer "+botTok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	next := func() botapi.Event {
		t.Helper()
		for sc.Scan() {
			if len(strings.TrimSpace(sc.Text())) == 0 {
				continue
			}
			var ev botapi.Event
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
				t.Fatal(err)
			}
			return ev
		}
		t.Fatalf("the stream ended: %v", sc.Err())
		return botapi.Event{}
	}
	if ev := next(); ev.Type != "invitation" || ev.Match != id || ev.From != "Ada" || ev.Game != "toy" {
		t.Fatalf("first event %+v, want Ada's invitation", ev)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/join", botTok, `{"name":"Robo"}`))
	if ev := next(); ev.Type != "game_start" || ev.Match != id || ev.Seat == nil || *ev.Seat != 1 {
		t.Fatalf("after joining %+v, want game_start at seat 1", ev)
	}
}

// A rated match with a bot account (which has no fixed rating) is played and counted, not rated.
func TestBotAccountGamesAreUnrated(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, botTok := botAccount(t, e, "Robo")
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":2,"name":"Ada","rated":true}`), 201).json(t)["id"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/join", botTok, `{"name":"Robo"}`))
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ``), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", botTok, `{"move":{"pick":2}}`))
	if st := e.state(id, ""); st.Match.Status != statusFinished {
		t.Fatalf("status %s", st.Match.Status)
	}
	if p := e.profile("Ada"); len(p.Ratings) != 0 || len(p.Games) != 1 {
		t.Errorf("Ada after a rated game against a bot account: ratings %+v, games %+v (want none rated, one played)", p.Ratings, p.Games)
	}
}

// A table invites bots BotInviteBurst times an hour at most (each invitation is an event of its log, and
// a seat needs no account): the next is refused as the other limits refuse, 429 with its wait, and logs
// nothing. Requests without the seat's credential, or with a wrong one, are refused before they count,
// and another table's hour is its own.
func TestBotInvitationsLimitedPerTable(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	botAccount(t, e, "Robo")
	table := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
	id, tok := table["id"].(string), table["token"].(string)
	invite := func(id, tok string, n int) resp {
		t.Helper()
		return e.do("POST", "/api/matches/"+id+"/invite", tok, `{"names":[`+strings.TrimSuffix(strings.Repeat(`"Robo",`, n), ",")+`]}`)
	}
	events := func() int {
		t.Helper()
		evs, err := e.store.Events(context.Background(), id, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(evs)
	}
	before := events()
	for range botapi.BotInviteBurst/10 + 1 {
		for wrong, status := range map[string]int{"": http.StatusUnauthorized, "sv_wrong": http.StatusUnauthorized, tok + "x": http.StatusForbidden} {
			if r := invite(id, wrong, 10); r.status != status {
				t.Fatalf("an invitation with the credential %q: %d %s, want %d", wrong, r.status, r.body, status)
			}
		}
	}
	if n := events(); n != before {
		t.Fatalf("refused invitations logged %d events", n-before)
	}
	for i := range botapi.BotInviteBurst / 10 {
		if r := invite(id, tok, 10); r.status != http.StatusOK {
			t.Fatalf("invitations %d to %d of the hour: %d %s", 10*i+1, 10*i+10, r.status, r.body)
		}
	}
	before = events()
	retryAfterAgrees(t, "an invitation of a bot too many", invite(id, tok, 1), 3000)
	if n := events(); n != before {
		t.Fatalf("the refused invitation logged %d events", n-before)
	}
	other := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Bea"}`)).json(t)
	e.must(http.StatusOK, invite(other["id"].(string), other["token"].(string), 10))
	e.clock.Advance(time.Hour + time.Second)
	e.must(http.StatusOK, invite(id, tok, 1))
}

// An invitation the table refuses, from a signed-in player who holds no seat there, spends nothing of the
// inviter's hour: after more refusals than the hour allows, she still invites at her own table.
func TestInvitationsRefusedByTheTableSpendNothing(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	mine := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	theirs := bea.must(bea.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Bea"}`), 201).json(t)["id"].(string)
	for range botapi.InviteBurst + 1 {
		if r := ada.do("POST", "/api/matches/"+theirs+"/invite", `{"name":"Cyd"}`); r.status != http.StatusForbidden {
			t.Fatalf("an invitation at a table where Ada holds no seat: %d %s, want 403", r.status, r.body)
		}
	}
	ada.must(ada.do("POST", "/api/matches/"+mine+"/invite", `{"name":"Cyd"}`), 200)
}
