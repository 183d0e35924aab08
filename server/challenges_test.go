package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// The test server's clock starts on Friday 2026-05-01 at 10:00 UTC (newEnv): these are its challenges.
const (
	dailyCarto = "cartographers-daily-2026-05-01"
	dailyCarc  = "carcassonne-daily-2026-05-01"
	weekly     = "cartographers-weekly-2026-04-27"
)

// challengeEnv is a server with accounts, both real games and their bots, and signed-in players' API
// tokens by name (their requests go through e.do, so every payload is kept).
func challengeEnv(t *testing.T, names ...string) (*env, map[string]string) {
	e, _, _ := accEnv(t, func(c *Config) {
		c.Games = game.NewRegistry(cartographers.Definition{}, carcassonne.Definition{})
		c.Analysis = analysis.Options{Samples: 1} // an attempt's analysis, cheap
		c.Bots = games.Bots()
		c.Challenges = games.Challenges()
	})
	toks := map[string]string{}
	for _, n := range names {
		b := e.browser()
		b.must(b.do("POST", "/api/account/signup", `{"name":"`+n+`","password":"correct horse"}`), http.StatusCreated)
		toks[n] = b.must(b.do("POST", "/api/account/tokens", `{"name":"t","scopes":["play","read"]}`), http.StatusCreated).json(t)["token"].(string)
	}
	return e, toks
}

// attempt is a started challenge attempt as POST /api/challenges/{id}/attempts answers it.
type attempt struct {
	ID       string `json:"id"`
	Seat     int    `json:"seat"`
	Token    string `json:"token"`
	Ranked   bool   `json:"ranked"`
	Practice string `json:"practice"`
}

func (e *env) startAttempt(challenge, tok, body string) attempt {
	e.t.Helper()
	var a attempt
	if err := json.Unmarshal(e.must(http.StatusCreated, e.do("POST", "/api/challenges/"+challenge+"/attempts", tok, body)).body, &a); err != nil {
		e.t.Fatal(err)
	}
	return a
}

// seedOf is a match's seed as the server keeps it.
func (e *env) seedOf(id string) uint64 {
	e.t.Helper()
	g, err := e.store.Game(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return g.Seed
}

// playAttempt plays moves of seat 0 (AutoMove) until the game ends or n moves are played, waiting for
// the bots between; it returns the last state the player saw.
func (e *env) playAttempt(a attempt, n int) state {
	e.t.Helper()
	st := e.state(a.ID, a.Token)
	for played := 0; st.Match.Status != "finished" && played < n; {
		if !slices.Contains(st.Match.ToAct, 0) {
			st = decodeState(e.t, e.must(200, e.do("GET", "/api/matches/"+a.ID+"?after="+strconv.FormatInt(st.Seq, 10)+"&wait=10", a.Token, "")).body)
			continue
		}
		body, _ := json.Marshal(moveReq{Move: e.autoMove(a.ID, 0)})
		e.must(200, e.do("POST", "/api/matches/"+a.ID+"/moves", a.Token, string(body)))
		played++
		st = e.state(a.ID, a.Token)
	}
	return st
}

func TestChallengesAreTheSameGameForEveryoneAndNewTheNextDay(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	var list struct {
		Challenges []struct {
			ID      string          `json:"id"`
			Game    string          `json:"game"`
			Period  string          `json:"period"`
			Options json.RawMessage `json:"options"`
			Ends    time.Time       `json:"ends_at"`
		} `json:"challenges"`
	}
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/challenges", "", "")).body, &list); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range list.Challenges {
		ids = append(ids, c.ID)
	}
	if want := []string{dailyCarto, dailyCarc, weekly}; !slices.Equal(ids, want) {
		t.Fatalf("challenges %v, want %v", ids, want)
	}
	if got, want := list.Challenges[0].Ends, time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("the daily ends at %v, want %v", got, want)
	}
	if got, want := list.Challenges[2].Ends, time.Date(2026, 5, 4, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("the weekly ends at %v, want %v (Monday)", got, want)
	}
	if o := string(list.Challenges[2].Options); !strings.Contains(o, `"preset":"heroes"`) || !strings.Contains(o, `"heroes":true`) {
		t.Fatalf("the weekly is not played with the Heroes content: %s", o)
	}
	if o := string(list.Challenges[1].Options); !strings.Contains(o, `"surveyors":true`) {
		t.Fatalf("the Carcassonne daily is not played with the Land Surveyors: %s", o)
	}
	for _, ch := range []string{dailyCarto, dailyCarc, weekly} {
		a, b := e.startAttempt(ch, toks["Ada"], ""), e.startAttempt(ch, toks["Bob"], "")
		guest := e.startAttempt(ch, "", `{"name":"Cy"}`)
		ra, _ := e.store.Game(context.Background(), a.ID)
		rb, _ := e.store.Game(context.Background(), b.ID)
		rg, _ := e.store.Game(context.Background(), guest.ID)
		if ra.Seed != rb.Seed || ra.Seed != rg.Seed || string(ra.Options) != string(rb.Options) || string(ra.Options) != string(rg.Options) {
			t.Fatalf("%s: two players' attempts differ: seeds %d %d %d, options %s %s", ch, ra.Seed, rb.Seed, rg.Seed, ra.Options, rb.Options)
		}
		sa, sb := e.state(a.ID, a.Token), e.state(b.ID, b.Token)
		if string(sa.View) != strings.Replace(string(sb.View), `"Bob"`, `"Ada"`, -1) && string(sa.View) != string(sb.View) {
			t.Fatalf("%s: the first views differ:\n%s\n%s", ch, sa.View, sb.View)
		}
		if ch == dailyCarc {
			if len(sa.Match.Players) != 2 || sa.Match.Players[1].Bot != "greedy+" || sa.Match.Players[1].Name != sb.Match.Players[1].Name {
				t.Fatalf("the Carcassonne daily's bot seat: %+v vs %+v", sa.Match.Players, sb.Match.Players)
			}
		}
	}
	today := e.seedOf(e.startAttempt(dailyCarto, "", "").ID)
	e.clock.Advance(24 * time.Hour)
	next := e.startAttempt("cartographers-daily-2026-05-02", "", "")
	if e.seedOf(next.ID) == today {
		t.Fatal("the next day's challenge has the same seed")
	}
	if r := e.do("GET", "/api/challenges", "", ""); !strings.Contains(string(r.body), "cartographers-daily-2026-05-02") {
		t.Fatalf("the list did not move to the next day: %s", r.body)
	}
}

func TestChallengeRankedAttemptLeaderboardStreakAndShare(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ada := e.startAttempt(dailyCarto, toks["Ada"], "")
	if !ada.Ranked || ada.Practice != "" {
		t.Fatalf("Ada's first attempt is not ranked: %+v", ada)
	}
	again := e.startAttempt(dailyCarto, toks["Ada"], "")
	if again.Ranked || !strings.Contains(again.Practice, "ranked attempt") {
		t.Fatalf("Ada's second attempt: %+v, want practice saying why", again)
	}
	if r := e.do("POST", "/api/challenges/"+dailyCarto+"/attempts", toks["Ada"], `{"ranked":true}`); r.status != http.StatusConflict || r.errCode() != "not_ranked" {
		t.Fatalf("a third attempt asked ranked: %d %s", r.status, r.body)
	}
	guest := e.startAttempt(dailyCarto, "", "")
	if guest.Ranked || !strings.Contains(guest.Practice, "sign in") {
		t.Fatalf("a guest's attempt: %+v", guest)
	}
	board := func(tok string) resp { return e.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", tok, "") }
	for who, tok := range map[string]string{"Ada": toks["Ada"], "a guest": ""} {
		if r := board(tok); r.status != http.StatusForbidden || r.errCode() != "challenge_unfinished" {
			t.Fatalf("%s saw the leaderboard before finishing: %d %s", who, r.status, r.body)
		}
	}
	final := e.playAttempt(ada, 1000)
	if final.Match.Status != "finished" || final.Match.Result == nil {
		t.Fatalf("Ada's attempt did not finish: %+v", final.Match)
	}
	score := final.Match.Result.Scores[0]
	// Bob starts his ranked attempt and gives up: he may see the board then, ranked after Ada.
	bob := e.startAttempt(dailyCarto, toks["Bob"], "")
	if r := board(toks["Bob"]); r.status != http.StatusForbidden {
		t.Fatalf("Bob saw the board during his attempt: %d %s", r.status, r.body)
	}
	e.must(200, e.do("POST", "/api/matches/"+bob.ID+"/resign", bob.Token, ""))
	var lb struct {
		Entries []struct {
			Rank      int    `json:"rank"`
			Name      string `json:"name"`
			Score     int    `json:"score"`
			Abandoned bool   `json:"abandoned"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(e.must(200, board(toks["Bob"])).body, &lb); err != nil {
		t.Fatal(err)
	}
	if len(lb.Entries) != 2 || lb.Entries[0].Name != "Ada" || lb.Entries[0].Score != score || lb.Entries[1].Name != "Bob" || !lb.Entries[1].Abandoned {
		t.Fatalf("leaderboard %+v, want Ada with %d then Bob abandoned", lb.Entries, score)
	}
	e.must(200, board(toks["Ada"]))
	// The record holds the seed: withheld while the challenge runs, from the player too; and no one but
	// the player sees the attempt.
	if r := e.do("GET", "/api/matches/"+ada.ID+"/record", ada.Token, ""); r.status != http.StatusForbidden || r.errCode() != "challenge_running" {
		t.Fatalf("the record of a running challenge's attempt: %d %.200s", r.status, r.body)
	}
	// Its analysis is its player's alone (TestOwnFinishedAttemptReviewedWhileTheChallengeRuns).
	for _, m := range []string{"POST", "GET"} {
		if r := e.do(m, "/api/matches/"+ada.ID+"/analysis", toks["Bob"], ""); r.status != http.StatusForbidden || r.errCode() != "challenge_running" {
			t.Fatalf("%s the analysis of someone else's attempt at a running challenge: %d %.200s", m, r.status, r.body)
		}
	}
	for _, path := range []string{"", "/story", "/replay/1"} {
		if r := e.do("GET", "/api/matches/"+ada.ID+path, "", ""); r.status != http.StatusForbidden {
			t.Fatalf("a spectator read %s of a running attempt: %d %.200s", path, r.status, r.body)
		}
		e.must(200, e.do("GET", "/api/matches/"+ada.ID+path, ada.Token, ""))
	}
	// Ada's own profile: a running challenge's results are its players' own until it ends
	// (TestProfileKeepsARunningChallengesResultToItsPlayer).
	profile := func() map[string]any {
		return e.must(200, e.do("GET", "/api/users/Ada", toks["Ada"], "")).json(t)["challenges"].(map[string]any)
	}
	if p := profile(); p["streak"] != 1.0 || p["best_streak"] != 1.0 {
		t.Fatalf("Ada's profile after one daily: %v", p)
	}
	// The next day: yesterday's challenge is in the archive, practice only; its record is out.
	e.clock.Advance(24 * time.Hour)
	if r := e.do("GET", "/api/challenges?archive=1", "", ""); !strings.Contains(string(r.body), `"id":"`+dailyCarto+`"`) {
		t.Fatalf("the archive lacks yesterday's: %s", r.body)
	}
	if r := e.do("POST", "/api/challenges/"+dailyCarto+"/attempts", toks["Bob"], `{"ranked":true}`); r.status != http.StatusConflict || r.errCode() != "not_ranked" {
		t.Fatalf("a past challenge asked ranked: %d %s", r.status, r.body)
	}
	if past := e.startAttempt(dailyCarto, toks["Bob"], ""); past.Ranked || !strings.Contains(past.Practice, "ended") {
		t.Fatalf("an attempt at a past challenge: %+v", past)
	}
	// Ada's practice begun yesterday cannot be played on today; one begun from the archive can.
	body, _ := json.Marshal(moveReq{Move: e.autoMove(again.ID, 0)})
	before := e.state(again.ID, again.Token).Seq
	if r := e.do("POST", "/api/matches/"+again.ID+"/moves", again.Token, string(body)); r.status != http.StatusConflict || r.errCode() != "challenge_ended" {
		t.Fatalf("a move in yesterday's attempt: %d %s", r.status, r.body)
	}
	if after := e.state(again.ID, again.Token).Seq; after != before {
		t.Fatalf("the refused move changed the match: seq %d → %d", before, after)
	}
	if st := e.playAttempt(e.startAttempt(dailyCarto, toks["Bob"], ""), 3); st.Match.Moves != 3 {
		t.Fatalf("an archive attempt took %d moves, want 3", st.Match.Moves)
	}
	rec := e.must(200, e.do("GET", "/api/matches/"+ada.ID+"/record", "", ""))
	var record game.Record
	if err := json.Unmarshal(rec.body, &record); err != nil || record.Seed != e.seedOf(ada.ID) {
		t.Fatalf("the record after the challenge: %v, seed %d", err, record.Seed)
	}
	e.must(200, e.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", "", ""))
	// Ada finishes today's daily too: a streak of two, which the text to share says.
	today := e.playAttempt(e.startAttempt("cartographers-daily-2026-05-02", toks["Ada"], ""), 1000)
	if p := profile(); p["streak"] != 2.0 || p["best_streak"] != 2.0 {
		t.Fatalf("Ada's profile after two dailies: %v", p)
	}
	var detail cartographers.ResultDetail
	b, _ := json.Marshal(today.Match.Result.Detail)
	json.Unmarshal(b, &detail)
	share := e.must(200, e.do("GET", "/api/challenges/cartographers-daily-2026-05-02/share", toks["Ada"], "")).json(t)
	want := fmt.Sprintf("Surveyor cartographers daily challenge 2026-05-02: %d stars — %s · 2-day streak", today.Match.Result.Scores[0], detail.Title)
	if share["text"] != want || detail.Title == "" {
		t.Fatalf("share text %q, want %q", share["text"], want)
	}
}

func TestChallengeBadInput(t *testing.T) {
	e, toks := challengeEnv(t, "Ada")
	for _, c := range []struct {
		method, path, tok, body string
		status                  int
		code                    string
	}{
		{"POST", "/api/challenges/chess-daily-2026-05-01/attempts", toks["Ada"], "", 404, "not_found"},
		{"POST", "/api/challenges/cartographers-daily-2026-5-1/attempts", toks["Ada"], "", 404, "not_found"},
		{"POST", "/api/challenges/cartographers-daily-2026-05-02/attempts", toks["Ada"], "", 404, "not_found"},  // tomorrow's
		{"POST", "/api/challenges/cartographers-weekly-2026-04-28/attempts", toks["Ada"], "", 404, "not_found"}, // not a Monday
		{"GET", "/api/challenges/nope/leaderboard", toks["Ada"], "", 404, "not_found"},
		{"GET", "/api/challenges/nope/share", toks["Ada"], "", 404, "not_found"},
		{"POST", "/api/challenges/" + dailyCarto + "/attempts", "sv_madeup", "", 401, "unauthorized"},
		{"GET", "/api/challenges", "sv_madeup", "", 401, "unauthorized"},
		{"GET", "/api/challenges/" + dailyCarto + "/leaderboard", "sv_madeup", "", 401, "unauthorized"},
		{"GET", "/api/challenges/" + dailyCarto + "/share", "", "", 401, "unauthorized"},
		{"GET", "/api/challenges/" + dailyCarto + "/share", toks["Ada"], "", 409, "challenge_unfinished"},
		{"POST", "/api/challenges/" + dailyCarto + "/attempts", toks["Ada"], `{"ranked":`, 400, "bad_json"},
		{"POST", "/api/challenges/" + dailyCarto + "/attempts", toks["Ada"], `{"seed":1}`, 400, "bad_json"},
		{"POST", "/api/challenges/" + dailyCarto + "/attempts", "", `{"name":"` + strings.Repeat("x", 200) + `"}`, 400, "bad_request"},
		{"GET", "/api/challenges?archive=yes", "", "", 400, "bad_request"},
	} {
		r := e.do(c.method, c.path, c.tok, c.body)
		if r.status != c.status || r.errCode() != c.code {
			t.Errorf("%s %s %q: %d %s, want %d %s", c.method, c.path, c.body, r.status, r.body, c.status, c.code)
		}
	}
	// Nothing was started by the refusals: Ada's first attempt is still her ranked one.
	if a := e.startAttempt(dailyCarto, toks["Ada"], ""); !a.Ranked {
		t.Fatalf("a refused request used Ada's ranked attempt: %+v", a)
	}
	// A cookie without this site's Origin is refused before the room (cross_site).
	b := e.browser()
	b.origin = ""
	if r := b.do("POST", "/api/challenges/"+dailyCarto+"/attempts", ""); r.status != http.StatusCreated {
		t.Fatalf("a guest without cookie or origin: %d %s", r.status, r.body)
	}
}

// TestNoServerWithoutAccountsRunsChallenges: the challenges need the accounts' store (its key, the
// attempts).
func TestNoServerWithoutAccountsRunsChallenges(t *testing.T) {
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(cartographers.Definition{}) })
	if r := e.do("GET", "/api/challenges", "", ""); r.errCode() != codeNoAccounts {
		t.Fatalf("challenges without accounts: %d %s", r.status, r.body)
	}
}

// futureOf is what an attempt had not revealed when it ended: its recorded moves replayed from its seed,
// then the game played on (AutoMove) to its end; the cards or tiles revealed after its last move.
func (e *env) futureOf(id string, def game.Definition, reveal revealOf) (seen int, future []string) {
	e.t.Helper()
	order, seen := e.orderOf(id, def, reveal)
	return seen, order[seen:]
}

// orderOf is the order of an attempt's cards or tiles, those it revealed (the first seen) and those the
// game played on to its end (AutoMove) would reveal after its last move.
func (e *env) orderOf(id string, def game.Definition, reveal revealOf) (order []string, seen int) {
	e.t.Helper()
	m, err := e.srv.get(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	rec, seats := m.record(len(m.moves)), len(m.seats)
	m.mu.Unlock()
	st, err := def.New(rec.Options, seats, rec.Seed)
	if err != nil {
		e.t.Fatal(err)
	}
	lastCard, lastPile := "", -1
	note := func() {
		v, _ := json.Marshal(st.View(game.Spectator))
		if card, pile := reveal(v); card != "" && (card != lastCard || pile != lastPile) {
			order = append(order, card)
			lastCard, lastPile = card, pile
		}
	}
	note()
	for _, mv := range rec.Moves {
		if err := st.Apply(mv.Seat, mv.Move); err != nil {
			e.t.Fatal(err)
		}
		note()
	}
	seen = len(order)
	for !st.Over() {
		s := st.ToAct()[0]
		mv, err := st.AutoMove(s)
		if err == nil {
			err = st.Apply(s, mv)
		}
		if err != nil {
			e.t.Fatal(err)
		}
		note()
	}
	return order, seen
}

// orderLeaks reports what of a secret a payload holds: the seed in any of its forms, or the next run
// cards (or tiles) of the order as a JSON list.
func orderLeaks(payload []byte, seed uint64, future []string, run int) []string {
	s := string(payload)
	var out []string
	for _, f := range []string{strconv.FormatUint(seed, 10), strconv.FormatInt(int64(seed), 10), strconv.FormatUint(seed, 16)} {
		if strings.Contains(s, f) {
			out = append(out, "the seed "+f)
		}
	}
	if len(future) >= run {
		q := make([]string, run)
		for i, c := range future[:run] {
			q[i] = strconv.Quote(c)
		}
		if next := strings.Join(q, ","); strings.Contains(s, next) {
			out = append(out, "the coming cards "+next)
		}
	}
	return out
}

// unseenCards are the names of an order's cards after its first seen that none of the seen ones bears
// (a season's cards come back the next season).
func unseenCards(order []string, seen int) []string {
	var out []string
	for _, c := range order[seen:] {
		if !slices.Contains(order[:seen], c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// namedLeaks reports the cards of names that a payload names (a JSON string of the name alone).
func namedLeaks(payload []byte, names []string) []string {
	var out []string
	for _, n := range names {
		if q, _ := json.Marshal(n); strings.Contains(string(payload), string(q)) {
			out = append(out, "the card not yet drawn "+string(q))
		}
	}
	return out
}

// TestChallengeAttemptsRevealNothingAhead starts attempts at each daily challenge and at the weekly
// (Heroes) one, ranked and practice, signed in and as a guest, plays a few moves or none, abandons them
// (resigns, or walks away), and reads everything a player may read meanwhile: the table, its story, its
// replay, its record, the export, the profile, the lists, the leaderboard, the text to share. No answer
// may hold the challenge's seed, or the cards or tiles that attempt had not yet revealed: in order, nor
// (Cartographers, whose cards have names of their own) any one card by its name, a hero or a monster of
// the Heroes content included.
func TestChallengeAttemptsRevealNothingAhead(t *testing.T) {
	for _, c := range []struct {
		challenge string
		def       game.Definition
		reveal    revealOf
		run       int
		byName    bool // a single card not yet drawn must not be named either
	}{
		{dailyCarto, cartographers.Definition{}, cartographersReveal, 3, true},
		{dailyCarc, carcassonne.Definition{}, carcassonneReveal, 4, false},
		// The week's, with the Heroes content: its heroes, its monsters' effects, the side C or D map.
		{weekly, cartographers.Definition{}, cartographersReveal, 3, true},
	} {
		t.Run(c.challenge, func(t *testing.T) {
			t.Parallel()
			e, toks := challengeEnv(t, "Ada")
			ada := toks["Ada"]
			take := func() [][]byte {
				e.mu.Lock()
				defer e.mu.Unlock()
				p := e.payloads
				e.payloads = nil
				return p
			}
			readAround := func(a attempt) {
				e.must(200, e.do("GET", "/api/matches/"+a.ID, a.Token, ""))
				e.must(200, e.do("GET", "/api/matches/"+a.ID+"/story", a.Token, ""))
				e.do("GET", "/api/matches/"+a.ID+"/replay/0", a.Token, "")
				e.do("GET", "/api/matches/"+a.ID+"/replay/1", a.Token, "")
				if r := e.do("GET", "/api/matches/"+a.ID+"/record", a.Token, ""); r.status == 200 {
					t.Fatalf("the record of an attempt at a running challenge: %.200s", r.body)
				}
				e.must(200, e.do("GET", "/api/account/export", ada, ""))
				e.must(200, e.do("GET", "/api/users/Ada", "", ""))
				e.must(200, e.do("GET", "/api/challenges", ada, ""))
				e.must(200, e.do("GET", "/api/challenges?archive=1", "", ""))
				e.do("GET", "/api/challenges/"+c.challenge+"/leaderboard", ada, "")
				e.do("GET", "/api/challenges/"+c.challenge+"/share", ada, "")
			}
			var seed uint64
			furthest, furthestUnseen, maxSeen := []string(nil), []string(nil), -1
			var all [][]byte
			for i, plan := range []struct {
				tok    string
				body   string
				moves  int
				resign bool
			}{
				{ada, "", 0, true},                  // the ranked attempt, resigned at once
				{ada, "", 3, true},                  // practice, a few moves, resigned
				{"", `{"name":"Cy"}`, 1, true},      // a guest's practice
				{"", `{"name":"Di"}`, 0, false},     // a guest who walks away
				{ada, `{"ranked":false}`, 2, false}, // practice left in play
			} {
				a := e.startAttempt(c.challenge, plan.tok, plan.body)
				if i == 0 {
					seed = e.seedOf(a.ID)
				} else if e.seedOf(a.ID) != seed {
					t.Fatal("two attempts at one challenge have different seeds")
				}
				e.playAttempt(a, plan.moves)
				if r := e.do("POST", "/api/matches/"+a.ID+"/leave", a.Token, ""); r.status == 200 {
					t.Fatalf("left a started attempt: %s", r.body)
				}
				if plan.resign {
					e.must(200, e.do("POST", "/api/matches/"+a.ID+"/resign", a.Token, ""))
				}
				readAround(a)
				story := e.must(200, e.do("GET", "/api/matches/"+a.ID+"/story", a.Token, "")).body
				if strings.Contains(string(story), `"kind":"piles"`) {
					t.Fatalf("the story of an attempt tells the Land Surveyors piles: %.300s", story)
				}
				order, seen := e.orderOf(a.ID, c.def, c.reveal)
				future, unseen := order[seen:], unseenCards(order, seen)
				if !c.byName {
					unseen = nil
				} else if probe, _ := json.Marshal(map[string]any{"next": unseen[len(unseen)-1]}); len(unseen) < c.run || len(namedLeaks(probe, unseen)) == 0 {
					t.Fatalf("attempt %d: the check by name has %d cards to look for, or does not see them", i, len(unseen))
				}
				if len(future) < 2*c.run {
					t.Fatalf("attempt %d revealed %d of %d: the check has too little ahead", i, seen, seen+len(future))
				}
				if probe, _ := json.Marshal(future[:c.run]); len(orderLeaks(probe, seed, future, c.run)) == 0 {
					t.Fatal("the check does not see the coming cards in their JSON form")
				}
				payloads := take()
				for _, p := range payloads {
					for _, l := range append(orderLeaks(p, seed, future, c.run), namedLeaks(p, unseen)...) {
						t.Errorf("attempt %d (%d revealed): %s in %.300s", i, seen, l, p)
					}
				}
				all = append(all, payloads...)
				if seen > maxSeen {
					furthest, furthestUnseen, maxSeen = future, unseen, seen
				}
			}
			// Nothing anyone received tells more than the furthest attempt had revealed.
			for _, p := range all {
				for _, l := range append(orderLeaks(p, seed, furthest, c.run), namedLeaks(p, furthestUnseen)...) {
					t.Errorf("beyond every attempt (%d revealed): %s in %.300s", maxSeen, l, p)
				}
			}
			t.Logf("%s: %d payloads checked, the furthest attempt revealed %d", c.challenge, len(all), maxSeen)
			if c.challenge != dailyCarc {
				return
			}
			// A game played to its end tells its Land Surveyors piles; an attempt's story keeps them while
			// the challenge runs (a practice attempt would give them away), and tells them once it has ended.
			a := e.startAttempt(c.challenge, ada, "")
			if st := e.playAttempt(a, 1000); st.Match.Status != "finished" {
				t.Fatalf("the attempt did not finish: %+v", st.Match)
			}
			piles := func() bool {
				return strings.Contains(string(e.must(200, e.do("GET", "/api/matches/"+a.ID+"/story", a.Token, "")).body), `"kind":"piles"`)
			}
			if piles() {
				t.Fatal("a finished attempt's story tells the piles while the challenge runs")
			}
			e.clock.Advance(24 * time.Hour)
			if !piles() {
				t.Fatal("the story does not tell the piles once the challenge has ended: the check above proves nothing")
			}
		})
	}
}

// TestChallengeReminder: an account that asked is told once a day that the day's challenges are ready,
// in its inbox (the outbox's channels); one that did not, or turned it off, is not.
func TestChallengeReminder(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	reminder := func(who, body string) bool {
		method := "GET"
		if body != "" {
			method = "POST"
		}
		return e.must(200, e.do(method, "/api/challenges/reminder", toks[who], body)).json(t)["on"].(bool)
	}
	if reminder("Ada", "") || !reminder("Ada", `{"on":true}`) || !reminder("Bob", `{"on":true}`) || reminder("Bob", `{"on":false}`) {
		t.Fatal("the reminder does not turn on and off")
	}
	for _, c := range []struct{ tok, body string }{{"", `{"on":true}`}, {"sv_madeup", `{"on":true}`}} {
		if r := e.do("POST", "/api/challenges/reminder", c.tok, c.body); r.status != http.StatusUnauthorized {
			t.Fatalf("a reminder without an account: %d %s", r.status, r.body)
		}
	}
	if r := e.do("POST", "/api/challenges/reminder", toks["Ada"], `{}`); r.status != http.StatusBadRequest {
		t.Fatalf("a reminder without on: %d %s", r.status, r.body)
	}
	kinds := func(who string) []string {
		var in struct{ Notes []struct{ Kind string } }
		json.Unmarshal(e.must(200, e.do("GET", "/api/account/notifications", toks[who], "")).body, &in)
		var out []string
		for _, n := range in.Notes {
			out = append(out, n.Kind)
		}
		return out
	}
	e.clock.Advance(24 * time.Hour) // the next day's challenges begin
	// (The room's own look comes each minute: this test ends long before its next.)
	if n := e.srv.challenges.Remind(context.Background()); n != 1 {
		t.Fatalf("the day's first look told %d accounts, want Ada alone", n)
	}
	if n := e.srv.challenges.Remind(context.Background()); n != 0 {
		t.Fatalf("a second look the same day told %d accounts again", n)
	}
	var got []string
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && len(got) == 0; time.Sleep(10 * time.Millisecond) {
		got = kinds("Ada")
	}
	if !slices.Equal(got, []string{"challenge"}) {
		t.Fatalf("Ada's inbox after the day began: %v, want one challenge note", got)
	}
	if b := kinds("Bob"); len(b) != 0 {
		t.Fatalf("Bob turned the reminder off, yet got %v", b)
	}
}

// TestGuestAttemptClaimedBySigningUp: a guest who finished an attempt and signs up holding its seat has it
// as the new account's ranked attempt, on the leaderboard; a second guest attempt claimed is practice.
func TestGuestAttemptClaimedBySigningUp(t *testing.T) {
	e, _ := challengeEnv(t)
	first := e.startAttempt(dailyCarto, "", `{"name":"Cy"}`)
	final := e.playAttempt(first, 1000)
	second := e.startAttempt(dailyCarto, "", `{"name":"Cy"}`)
	b := e.browser()
	body := fmt.Sprintf(`{"name":"Cy","password":"correct horse","seats":[{"match":%q,"token":%q},{"match":%q,"token":%q}]}`,
		first.ID, first.Token, second.ID, second.Token)
	b.must(b.do("POST", "/api/account/signup", body), http.StatusCreated)
	var lb struct {
		Entries []struct {
			Name  string `json:"name"`
			Score int    `json:"score"`
		} `json:"entries"`
		You struct{ Attempts int } `json:"you"`
	}
	if err := json.Unmarshal(b.must(b.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", ""), 200).body, &lb); err != nil {
		t.Fatal(err)
	}
	if len(lb.Entries) != 1 || lb.Entries[0].Name != "Cy" || lb.Entries[0].Score != final.Match.Result.Scores[0] || lb.You.Attempts != 2 {
		t.Fatalf("after the claim: %+v, want Cy's %d and two attempts", lb, final.Match.Result.Scores[0])
	}
	if a := e.startAttempt(dailyCarto, "", ""); a.Ranked {
		t.Fatal("a guest's attempt is ranked")
	}
}
