//go:build !race

// The review of a challenge attempt by its player while the challenge runs, built without the race
// detector: the analysis of a whole game is CPU-bound, and took a minute under it on a loaded machine
// (see analysis_carc_norace_test.go); TestChallengeRankedAttemptLeaderboardStreakAndShare covers the
// refusals under the detector.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// undrawnCards are the names of the explore, ambush and hero cards an attempt's game never drew: its
// decks' content (the heroes when the game plays with them) less every card its views showed, move by
// move (the season's revealed cards, the ambushes and heroes played, the card in play).
func (e *env) undrawnCards(id string) []string {
	e.t.Helper()
	m, err := e.srv.get(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	rec := m.record(len(m.moves))
	m.mu.Unlock()
	st, err := cartographers.Definition{}.New(rec.Options, 1, rec.Seed)
	if err != nil {
		e.t.Fatal(err)
	}
	g := st.(*cartographers.State).Game()
	drawn := map[string]bool{}
	note := func() {
		v, _ := json.Marshal(st.View(game.Spectator))
		var view struct {
			Revealed []string `json:"revealed"`
			Current  *struct {
				Name string `json:"name"`
			} `json:"current"`
			Specials []struct {
				Card struct {
					Name string `json:"name"`
				} `json:"card"`
			} `json:"specials"`
		}
		if err := json.Unmarshal(v, &view); err != nil {
			e.t.Fatal(err)
		}
		for _, n := range view.Revealed {
			drawn[n] = true
		}
		for _, sp := range view.Specials {
			drawn[sp.Card.Name] = true
		}
		if view.Current != nil {
			drawn[view.Current.Name] = true
		}
	}
	note()
	for _, mv := range rec.Moves {
		if err := st.Apply(mv.Seat, mv.Move); err != nil {
			e.t.Fatal(err)
		}
		note()
	}
	var names []string
	for _, c := range append(g.ExploreCards(), g.AmbushCards()...) {
		names = append(names, c.Card().Name)
	}
	for _, c := range cartographers.Cards() {
		if c.Type == cartographers.HeroCard && g.HeroesInPlay() {
			names = append(names, c.Name)
		}
	}
	var out []string
	for _, name := range names {
		if !drawn[name] {
			out = append(out, name)
		}
	}
	return out
}

// analyseAttempt has an attempt's player ask for its analysis and waits for it to be done; the answers
// are kept from then on only (keptPayloads).
func (e *env) analyseAttempt(a attempt) {
	e.t.Helper()
	e.mu.Lock()
	e.payloads = nil
	e.mu.Unlock()
	if r := e.do("POST", "/api/matches/"+a.ID+"/analysis", a.Token, ""); r.status != http.StatusAccepted && r.status != http.StatusOK {
		e.t.Fatalf("the player asks for the attempt's analysis: %d %.200s", r.status, r.body)
	}
	e.srv.analyses.Wait(a.ID)
}

// keptPayloads are the answers kept since analyseAttempt.
func (e *env) keptPayloads() [][]byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.payloads
}

// TestOwnFinishedAttemptReviewedWhileTheChallengeRuns: while a challenge runs, the player of a finished
// attempt may open its replay and its analysis (they have seen every card drawn in it), by its seat's
// token or the account holding the seat; the record with its seed stays withheld. Another player, a
// signed-out visitor, a wrong credential and the player of an unfinished attempt are refused in words,
// and nothing is analysed or stored for them. No answer the player gets holds the seed or a card the
// attempt never drew. Once the challenge has ended, anyone may read the analysis. The daily
// Cartographers challenge and the weekly one, with the Heroes content (its heroes and their monsters).
func TestOwnFinishedAttemptReviewedWhileTheChallengeRuns(t *testing.T) {
	for _, ch := range []string{dailyCarto, weekly} {
		t.Run(ch, func(t *testing.T) {
			// Each server draws its challenges' decks from a key of its own: one that deals a deck the
			// attempt draws whole leaves no undrawn card to look for, and another server is tried.
			for try := 1; !reviewOwnAttempt(t, ch); try++ {
				if try == 5 {
					t.Fatal("five attempts each drew every card: the check of undrawn cards would prove nothing")
				}
			}
		})
	}
}

// reviewOwnAttempt checks it on a new server; false when the attempt drew every card, so that no card was
// left to keep hidden (the checks after that point are then not made).
func reviewOwnAttempt(t *testing.T, challenge string) bool {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ctx := context.Background()
	ada := e.startAttempt(challenge, toks["Ada"], "")
	bob := e.startAttempt(challenge, toks["Bob"], "")
	path := "/api/matches/" + ada.ID + "/analysis"
	stored := func() bool {
		_, err := e.store.(store.Analyses).Analysis(ctx, ada.ID)
		return !errors.Is(err, store.ErrNotFound)
	}
	refused := func(method, p, tok string, status int, code string) {
		t.Helper()
		r := e.do(method, p, tok, "")
		if r.status != status || r.errCode() != code {
			t.Errorf("%s %s: %d %.200s, want %d %s", method, p, r.status, r.body, status, code)
		}
		var body struct {
			Error struct{ Message string } `json:"error"`
		}
		if json.Unmarshal(r.body, &body); len(body.Error.Message) < 20 {
			t.Errorf("%s %s: the refusal says no words: %s", method, p, r.body)
		}
	}
	e.playAttempt(ada, 2)
	for _, m := range []string{"POST", "GET"} {
		refused(m, path, ada.Token, http.StatusConflict, "not_finished")
	}
	refused("GET", "/api/matches/"+ada.ID+"/replay/1", ada.Token, http.StatusConflict, "not_finished")
	if st := e.playAttempt(ada, 1000); st.Match.Status != "finished" {
		t.Fatalf("Ada's attempt did not finish: %+v", st.Match)
	}
	for _, c := range []struct {
		who, tok     string
		status       int
		code         string
		replayStatus int
	}{
		{"signed out", "", http.StatusForbidden, "challenge_running", http.StatusForbidden},
		{"Bob's account", toks["Bob"], http.StatusForbidden, "challenge_running", http.StatusForbidden},
		{"Bob's seat in his own attempt", bob.Token, http.StatusForbidden, "forbidden", http.StatusForbidden},
		{"a made-up API token", "sv_madeup", http.StatusUnauthorized, "unauthorized", http.StatusUnauthorized},
	} {
		for _, m := range []string{"POST", "GET"} {
			refused(m, path, c.tok, c.status, c.code)
		}
		if r := e.do("GET", "/api/matches/"+ada.ID+"/replay/1", c.tok, ""); r.status != c.replayStatus {
			t.Errorf("%s read the replay of Ada's attempt: %d %.200s", c.who, r.status, r.body)
		}
	}
	if stored() {
		t.Fatal("a refused request started an analysis")
	}

	e.analyseAttempt(ada)
	var st struct {
		Status   string `json:"status"`
		Analysis *struct {
			Fair struct {
				Decisions []json.RawMessage `json:"decisions"`
			} `json:"fair"`
		} `json:"analysis"`
	}
	// By her account (another device, no seat token), then by the seat's token.
	for _, tok := range []string{toks["Ada"], ada.Token} {
		if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, tok, "")).body, &st); err != nil || st.Status != "done" ||
			st.Analysis == nil || len(st.Analysis.Fair.Decisions) == 0 {
			t.Fatalf("Ada reads her analysis: %v %+v", err, st)
		}
	}
	steps := e.state(ada.ID, ada.Token).Match.Moves
	for i := 0; i <= steps; i++ {
		e.must(http.StatusOK, e.do("GET", "/api/matches/"+ada.ID+"/replay/"+strconv.Itoa(i), ada.Token, ""))
	}
	refused("GET", "/api/matches/"+ada.ID+"/record", ada.Token, http.StatusForbidden, "challenge_running")
	refused("GET", path, toks["Bob"], http.StatusForbidden, "challenge_running")

	seed, undrawn := e.seedOf(ada.ID), e.undrawnCards(ada.ID)
	if len(undrawn) == 0 {
		return false
	}
	payloads := e.keptPayloads()
	for _, p := range payloads {
		for _, l := range orderLeaks(p, seed, nil, 1) {
			t.Errorf("%s in %.200s", l, p)
		}
		for _, name := range undrawn {
			if strings.Contains(string(p), strconv.Quote(name)) {
				t.Errorf("the undrawn card %q in %.200s", name, p)
			}
		}
	}
	t.Logf("%d answers checked; %d cards never drawn", len(payloads), len(undrawn))

	e.clock.Advance(7 * 24 * time.Hour) // the weekly's end too
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, "", "")).body, &st); err != nil || st.Status != "done" {
		t.Fatalf("the analysis once the challenge has ended: %v %+v", err, st)
	}
	return true
}

// TestOwnCarcassonneAttemptReviewedWhileTheChallengeRuns: the player of a finished Carcassonne daily
// attempt (against the challenge's bot) reads its analysis and replay while the challenge runs, and no
// answer holds the seed or the Land Surveyors piles, which the game tells only at its end; another
// player is refused.
func TestOwnCarcassonneAttemptReviewedWhileTheChallengeRuns(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ada, _ := e.finishedAttempt(dailyCarc, toks["Ada"])
	path := "/api/matches/" + ada.ID + "/analysis"
	if r := e.do("POST", path, toks["Bob"], ""); r.status != http.StatusForbidden || r.errCode() != "challenge_running" {
		t.Fatalf("Bob asks for Ada's analysis: %d %.200s", r.status, r.body)
	}
	e.analyseAttempt(ada)
	if body := e.must(http.StatusOK, e.do("GET", path, ada.Token, "")).body; !strings.Contains(string(body), `"status":"done"`) ||
		!strings.Contains(string(body), `"clairvoyant"`) {
		t.Fatalf("Ada's analysis: %.300s", body)
	}
	steps := e.state(ada.ID, ada.Token).Match.Moves
	for i := 0; i <= steps; i += 7 {
		e.must(http.StatusOK, e.do("GET", "/api/matches/"+ada.ID+"/replay/"+strconv.Itoa(i), ada.Token, ""))
	}
	e.must(http.StatusOK, e.do("GET", "/api/matches/"+ada.ID+"/replay/"+strconv.Itoa(steps), ada.Token, ""))
	seed := e.seedOf(ada.ID)
	for _, p := range e.keptPayloads() {
		for _, l := range orderLeaks(p, seed, nil, 1) {
			t.Errorf("%s in %.200s", l, p)
		}
		if strings.Contains(string(p), `"kind":"piles"`) {
			t.Errorf("the Land Surveyors piles in %.200s", p)
		}
	}
	// Once the challenge has ended the last step tells the piles: the check above could see them.
	e.clock.Advance(24 * time.Hour)
	if last := e.must(http.StatusOK, e.do("GET", "/api/matches/"+ada.ID+"/replay/"+strconv.Itoa(steps), "", "")).body; !strings.Contains(string(last), `"kind":"piles"`) {
		t.Fatal("the last step does not tell the piles once the challenge has ended: the check above proves nothing")
	}
}
