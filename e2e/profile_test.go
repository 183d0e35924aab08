package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// signedClient is an account's HTTP client: its session cookie, and the Origin of the site's pages.
type signedClient struct {
	t *testing.T
	e *env
	c *http.Client
}

func (e *env) signUp(t *testing.T, name string) *signedClient {
	jar, _ := cookiejar.New(nil)
	s := &signedClient{t: t, e: e, c: &http.Client{Jar: jar}}
	s.post("/api/account/signup", map[string]any{"name": name, "password": "correct horse"}, nil)
	return s
}

func (s *signedClient) post(path string, body, v any) {
	s.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", s.e.url+path, bytes.NewReader(b))
	req.Header.Set("Origin", s.e.url)
	res, err := s.c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		s.t.Fatalf("POST %s: %d", path, res.StatusCode)
	}
	if v != nil {
		json.NewDecoder(res.Body).Decode(v)
	}
}

// TestProfileAndLeaderboard: after a rated Carcassonne game between two accounts, the winner's profile
// shows the rating, its chart and the game with its replay, and the leaderboard lists both, best first.
func TestProfileAndLeaderboard(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ada, bea := e.signUp(t, "Ada"), e.signUp(t, "Bea")
	var m struct{ ID, Token string }
	ada.post("/api/matches", map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Ada", "rated": true}, &m)
	var b struct{ Token string }
	bea.post("/api/matches/"+m.ID+"/join", map[string]any{"name": "Bea"}, &b)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
	toks := []string{m.Token, b.Token}
	var result struct {
		Match struct {
			Result struct{ Ranks []int } `json:"result"`
		} `json:"match"`
	}
	for turn := 0; ; turn++ {
		var st carcState
		e.getJSON("/api/matches/"+m.ID, m.Token, &st)
		if st.View.Over {
			e.getJSON("/api/matches/"+m.ID, m.Token, &result)
			break
		}
		tok := toks[st.View.ToAct]
		e.postJSON("/api/matches/"+m.ID+"/moves", tok, map[string]any{"move": pickCarc(e.carcLegal(m.ID, tok), turn)}, nil)
	}
	winner, loser := "Ada", "Bea"
	if result.Match.Result.Ranks[1] == 1 {
		winner, loser = "Bea", "Ada"
	}

	// Ada plays a solo Cartographers game too (the engine's first legal move each time).
	var solo struct{ ID, Token string }
	ada.post("/api/matches", map[string]any{"game": "cartographers", "max_seats": 1, "name": "Ada"}, &solo)
	e.postJSON("/api/matches/"+solo.ID+"/start", solo.Token, struct{}{}, nil)
	var soloEnd struct {
		Match struct {
			Result struct {
				Scores []int `json:"scores"`
				Detail struct {
					Title string `json:"title"`
				} `json:"detail"`
			} `json:"result"`
		} `json:"match"`
	}
	for {
		moves := e.legal(solo.ID, solo.Token)
		if len(moves) == 0 {
			break
		}
		e.postJSON("/api/matches/"+solo.ID+"/moves", solo.Token, map[string]any{"move": moves[0]}, nil)
	}
	e.getJSON("/api/matches/"+solo.ID, "", &soloEnd)

	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/u/Ada"))
	waitJS(t, ctx, `!!document.querySelector('#solo tr[data-game="cartographers"]')`)
	if best := evalString(t, ctx, `document.querySelector('#solo tr[data-game="cartographers"] .best').textContent`); best != strconv.Itoa(soloEnd.Match.Result.Scores[0]) {
		t.Errorf("Ada's best solo score reads %s, the game ended at %d", best, soloEnd.Match.Result.Scores[0])
	}
	if titles := evalString(t, ctx, `document.querySelector('#solo tr[data-game="cartographers"] .titles').textContent`); titles != soloEnd.Match.Result.Detail.Title+" × 1" {
		t.Errorf("Ada's titles read %q, the game gave %q", titles, soloEnd.Match.Result.Detail.Title)
	}
	run(t, ctx, chromedp.Navigate(e.url+"/u/"+winner))
	waitJS(t, ctx, `!!document.querySelector('#profile') && !!document.querySelector('.rating[data-game="carcassonne"] .rating-chart')`)
	// One number for people: 1500 + 20 x ordinal, the ordinal 27.6354 - 3 x 8.0659 = 3.4377, "?" while
	// provisional; mu and sigma only behind "Details".
	if got := evalString(t, ctx, `document.querySelector('.rating[data-game="carcassonne"] .rating-value').textContent`); got != "1,569?" {
		t.Errorf("the winner's rating reads %q, want 1,569? (1500 + 20 x 3.4377, provisional)", got)
	}
	if got := evalString(t, ctx, `String(document.querySelector('.rating[data-game="carcassonne"] details.rating-details').open)`); got != "false" {
		t.Error("the model's figures are open on the profile")
	}
	// Nowhere a null, undefined or NaN, with or without solo games (the winner may have none).
	for _, who := range []string{"Ada", "Bea"} {
		run(t, ctx, chromedp.Navigate(e.url+"/u/"+who))
		waitJS(t, ctx, `!!document.querySelector('#profile') && !!document.querySelector('#played')`)
		if text := evalString(t, ctx, `document.querySelector('#screen').textContent`); regexp.MustCompile(`null|undefined|NaN`).MatchString(text) {
			t.Errorf("%s's profile reads %q", who, text)
		}
	}
	run(t, ctx, chromedp.Navigate(e.url+"/u/"+winner))
	waitJS(t, ctx, `!!document.querySelector('#profile') && !!document.querySelector('.rating[data-game="carcassonne"] .rating-chart')`)
	if n := evalString(t, ctx, `String(document.querySelectorAll('.rating-chart .point').length)`); n != "1" {
		t.Errorf("the chart has %s points, want one rated game", n)
	}
	if got := evalString(t, ctx, `document.querySelector('#finished-games a').getAttribute('href')`); got != "/m/"+m.ID+"/replay" {
		t.Errorf("the finished game links to %q", got)
	}
	shot(t, ctx, "profile")
	phoneShot(t, ctx, "profile-phone", 1280, 1200)
	run(t, ctx, chromedp.Navigate(e.url+"/leaderboard/carcassonne"))
	waitJS(t, ctx, `document.querySelectorAll('#leaderboard tr[data-rank]').length === 2`)
	rows := evalString(t, ctx, `[...document.querySelectorAll('#leaderboard tr[data-rank]')].map(r => r.cells[1].textContent).join(",")`)
	if rows != winner+","+loser {
		t.Errorf("leaderboard rows %q, want %s first", rows, winner)
	}
	// The bots stand beside the people at their fixed ratings, the stronger first.
	if got := evalString(t, ctx, `[...document.querySelectorAll('#board-bots tr[data-bot]')].map(r => r.dataset.bot).join(",")`); got != "master,greedy+,hard,medium,auto,easy" {
		t.Errorf("the leaderboard's bots %q, want master,greedy+,hard,medium,auto,easy", got)
	}
	shot(t, ctx, "leaderboard")
	if !strings.Contains(evalString(t, ctx, `document.querySelector('#leaderboard h2').textContent`), "Carcassonne") {
		t.Error("the leaderboard does not name its game")
	}
	// The end screen of the rated game says what it did to both ratings.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ctx, `document.querySelectorAll('#rating-change span[data-seat]').length === 2`)
	want := map[string]string{winner: winner + " +69 → 1,569?", loser: loser + " −37 → 1,463?"}
	for seat, name := range []string{"Ada", "Bea"} {
		if got := evalString(t, ctx, fmt.Sprintf(`document.querySelector('#rating-change span[data-seat="%d"]').textContent`, seat)); got != want[name] {
			t.Errorf("the end screen tells %q for %s, want %q", got, name, want[name])
		}
	}
	shot(t, ctx, "rating-change")
}
