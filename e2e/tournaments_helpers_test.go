package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// player is a signed-in account driven through the HTTP API, as its own browser would (its session
// cookie, the site's Origin), against the server at base.
type player struct {
	t    *testing.T
	name string
	base string
	c    *http.Client
}

// newPlayer signs an account up on the server at base.
func newPlayer(t *testing.T, base, name string) *player {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &player{t: t, name: name, base: base, c: &http.Client{Jar: jar, Timeout: 20 * time.Second}}
	p.must("POST", "/api/account/signup", map[string]any{"name": name, "password": "correct horse"}, nil)
	return p
}

// at is the same account's session against another instance of the same database.
func (p *player) at(base string) *player {
	q := *p
	q.base = base
	jar, _ := cookiejar.New(nil)
	q.c = &http.Client{Jar: jar, Timeout: 20 * time.Second}
	q.must("POST", "/api/account/signin", map[string]any{"name": p.name, "password": "correct horse"}, nil)
	return &q
}

// do makes one call and returns its status and body.
func (p *player) do(method, path string, body any) (int, []byte) {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.base+path, rd)
	if err != nil {
		p.t.Fatal(err)
	}
	req.Header.Set("Origin", p.base)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// must makes a call that must succeed and decodes its answer into v (unless nil).
func (p *player) must(method, path string, body, v any) {
	p.t.Helper()
	code, out := p.do(method, path, body)
	if code/100 != 2 {
		p.t.Fatalf("%s %s %s: %d %s", p.name, method, path, code, out)
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			p.t.Fatalf("%s %s: %v: %s", method, path, err, out)
		}
	}
}

// tourSeat, tourPairing and tourRound are GET /api/tournaments/{id}/rounds (docs/api.md).
type tourSeat struct {
	Name   string  `json:"name"`
	Place  int     `json:"place"`
	Points float64 `json:"points"`
	Score  int     `json:"score"`
}

type tourPairing struct {
	Table  int        `json:"table"`
	Match  string     `json:"match"`
	Status string     `json:"status"`
	Seats  []tourSeat `json:"seats"`
}

type tourRound struct {
	Number   int           `json:"number"`
	Pairings []tourPairing `json:"pairings"`
}

func (p *player) rounds(id string) []tourRound {
	var r struct{ Rounds []tourRound }
	p.must("GET", "/api/tournaments/"+id+"/rounds", nil, &r)
	return r.Rounds
}

// tourObject is the part of the tournament object the tests read.
type tourObject struct {
	Status string   `json:"status"`
	Round  int      `json:"round"`
	Podium []string `json:"podium"`
	You    *struct {
		NextGame *struct {
			Match  string `json:"match"`
			Status string `json:"status"`
		} `json:"next_game"`
	} `json:"you"`
}

func (p *player) tournament(id string) tourObject {
	var o tourObject
	p.must("GET", "/api/tournaments/"+id, nil, &o)
	return o
}

// waitFor polls cond (an API question) until it holds, for at most 20 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %s", what)
		}
	}
}

// playOut plays a started match to its end through the API: whoever must act plays a legal move, chosen
// by the turn's number (so that a seed gives the same game). The players are the match's, by name.
func playOut(t *testing.T, match string, ps map[string]*player) {
	t.Helper()
	if !playUpTo(t, match, ps, 2000) {
		t.Fatalf("match %s never ended", match)
	}
}

// playUpTo plays at most n turns of a started match as playOut does, and says whether it ended.
func playUpTo(t *testing.T, match string, ps map[string]*player, n int) bool {
	t.Helper()
	var any1 *player
	for _, p := range ps {
		any1 = p
		break
	}
	for turn := 0; turn < n; turn++ {
		var env struct {
			Match struct {
				Status  string `json:"status"`
				ToAct   []int  `json:"to_act"`
				Players []struct {
					Seat int    `json:"seat"`
					Name string `json:"name"`
				} `json:"players"`
			} `json:"match"`
		}
		any1.must("GET", "/api/matches/"+match, nil, &env)
		if env.Match.Status == "finished" {
			return true
		}
		if len(env.Match.ToAct) == 0 {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		var who *player
		for _, pl := range env.Match.Players {
			if pl.Seat == env.Match.ToAct[0] {
				who = ps[pl.Name]
			}
		}
		if who == nil {
			t.Fatalf("match %s: seat %d is no test player's", match, env.Match.ToAct[0])
		}
		var legal struct{ Moves []json.RawMessage }
		who.must("GET", "/api/matches/"+match+"/legal", nil, &legal)
		if len(legal.Moves) == 0 {
			continue
		}
		code, out := who.do("POST", "/api/matches/"+match+"/moves", map[string]any{"move": legal.Moves[(turn*7)%len(legal.Moves)]})
		if code != http.StatusOK && code != http.StatusConflict {
			t.Fatalf("move in %s: %d %s", match, code, out)
		}
	}
	return false
}

// outcome is a finished two-player game's result as the game's engine gives it from the match's record:
// each seat's name and score for the tournament (1 a win, ½ a draw, 0 a loss), independent of the
// tournament code.
func outcome(t *testing.T, p *player, match string) (names [2]string, pts [2]float64) {
	t.Helper()
	var rec game.Record
	p.must("GET", "/api/matches/"+match+"/record", nil, &rec)
	st, err := games.Registry().Replay(rec)
	if err != nil {
		t.Fatalf("replaying %s: %v", match, err)
	}
	res := st.Result()
	if len(res.Ranks) != 2 {
		t.Fatalf("match %s: %d ranks", match, len(res.Ranks))
	}
	var env struct {
		Match struct {
			Players []struct {
				Seat     int    `json:"seat"`
				Name     string `json:"name"`
				Resigned bool   `json:"resigned"`
			} `json:"players"`
		} `json:"match"`
	}
	p.must("GET", "/api/matches/"+match, nil, &env)
	for _, pl := range env.Match.Players {
		names[pl.Seat] = pl.Name
	}
	switch {
	case res.Ranks[0] < res.Ranks[1]:
		pts = [2]float64{1, 0}
	case res.Ranks[0] > res.Ranks[1]:
		pts = [2]float64{0, 1}
	default:
		pts = [2]float64{0.5, 0.5}
	}
	// A resignation ends the game for the other seat, whatever the scores then.
	for _, pl := range env.Match.Players {
		if pl.Resigned {
			pts[pl.Seat], pts[1-pl.Seat] = 0, 1
		}
	}
	return names, pts
}

// fraction writes a score as the page does: whole numbers, then ¼, ½ or ¾ ("2½", "½", "1¼").
func fraction(v float64) string {
	whole := math.Floor(v)
	frac := map[float64]string{0.25: "¼", 0.5: "½", 0.75: "¾"}[math.Round((v-whole)*100)/100]
	if frac == "" {
		return fmt.Sprint(v)
	}
	if whole == 0 {
		return frac
	}
	return fmt.Sprint(whole) + frac
}

// shownRow is one line of the standings the page shows.
type shownRow struct {
	Name  string            `json:"name"`
	Rank  string            `json:"rank"`
	Cells map[string]string `json:"cells"`
}

// shownStandings reads the page's standings table.
func shownStandings(t *testing.T, ctx context.Context) []shownRow {
	t.Helper()
	var rows []shownRow
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#tour-standings tr[data-player]')].map(tr => ({
		name: tr.dataset.player, rank: tr.cells[0].textContent,
		cells: Object.fromEntries([...tr.querySelectorAll('td[data-col]')].map(td => [td.dataset.col, td.dataset.col === "fire" ? td.dataset.fire : td.textContent]))})))`, &rows)
	return rows
}

// shownPairings reads the page's pairings of a round: each game's link and its players' names in order.
func shownPairings(t *testing.T, ctx context.Context, round int) map[string]string {
	t.Helper()
	out := map[string]string{}
	evalJSON(t, ctx, fmt.Sprintf(`JSON.stringify(Object.fromEntries([...document.querySelectorAll('#tour-rounds details[data-round="%d"] li.pairing')].map(li =>
		[li.dataset.match || "bye", [...li.querySelectorAll('[data-seat-name]')].map(s => s.dataset.seatName).join(",") + "|" + (li.querySelector('[data-game-link]') ? li.querySelector('[data-game-link]').getAttribute('href') : "")])))`, round), &out)
	return out
}

// sameKeys tells whether two maps have the same keys and values, and says the first difference.
func sameMaps(a, b map[string]string) string {
	for k, v := range a {
		if b[k] != v {
			return fmt.Sprintf("%s: %q, want %q", k, b[k], v)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			return fmt.Sprintf("%s shown, not in the API's rounds", k)
		}
	}
	return ""
}

// expectedPairings is a round of the API as the page should show it.
func expectedPairings(r tourRound) map[string]string {
	out := map[string]string{}
	for _, p := range r.Pairings {
		var names []string
		for _, s := range p.Seats {
			names = append(names, s.Name)
		}
		link := ""
		switch p.Status {
		case "playing":
			link = "/m/" + p.Match
		case "finished", "forfeit":
			link = "/m/" + p.Match + "/replay"
		}
		key := p.Match
		if key == "" {
			key = "bye"
		}
		out[key] = strings.Join(names, ",") + "|" + link
	}
	return out
}

// tableOutcome is a finished game's result as the game's engine gives it from the match's record: each
// seat's name, rank (1 first; ties share) and score.
func tableOutcome(t *testing.T, p *player, match string) (names []string, ranks, scores []int) {
	t.Helper()
	var rec game.Record
	p.must("GET", "/api/matches/"+match+"/record", nil, &rec)
	st, err := games.Registry().Replay(rec)
	if err != nil {
		t.Fatalf("replaying %s: %v", match, err)
	}
	res := st.Result()
	var env struct {
		Match struct {
			Players []struct {
				Seat int    `json:"seat"`
				Name string `json:"name"`
			} `json:"players"`
		} `json:"match"`
	}
	p.must("GET", "/api/matches/"+match, nil, &env)
	names = make([]string, len(env.Match.Players))
	for _, pl := range env.Match.Players {
		names[pl.Seat] = pl.Name
	}
	return names, res.Ranks, res.Scores
}
