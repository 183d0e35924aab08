package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// playRated seats the named accounts (each signs up in its own browser), plays one round of the toy game
// where seat i picks picks[i], and returns the browsers.
func playRated(t *testing.T, e *env, names []string, picks []int, rated bool) (string, []*browser) {
	t.Helper()
	bs := make([]*browser, len(names))
	var id string
	for i, n := range names {
		bs[i] = e.browser()
		bs[i].must(bs[i].do("POST", "/api/account/signup", `{"name":"`+n+`","password":"correct horse"}`), 201)
		if i == 0 {
			id = bs[0].must(bs[0].do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":`+strconv.Itoa(len(names))+
				`,"name":"`+n+`","rated":`+strconv.FormatBool(rated)+`}`), 201).json(t)["id"].(string)
			continue
		}
		bs[i].must(bs[i].do("POST", "/api/matches/"+id+"/join", `{"name":"`+n+`"}`), 200)
	}
	bs[0].must(bs[0].do("POST", "/api/matches/"+id+"/start", ""), 200)
	for i, b := range bs {
		b.must(b.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":`+strconv.Itoa(picks[i])+`}}`), 200)
	}
	return id, bs
}

type profileResp struct {
	Name    string
	Ratings []struct {
		Game        string
		Rating      int
		Mu, Sigma   float64
		Ordinal     float64
		Games       int
		Provisional bool
	}
	Games []struct {
		Game        string
		Played, Won int
	}
	History map[string][]struct{ Match string }
}

func (e *env) profile(name string) profileResp {
	e.t.Helper()
	var p profileResp
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/users/"+name, "", "")).body, &p); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// A rated two-player game and a rated four-player game move every player's rating by the Plackett-Luce
// update. The expected figures were computed apart from this code, in Python, from Weng and Lin's
// Algorithm 4 with OpenSkill's defaults (the script gives OpenSkill's published team example exactly,
// rating/rating_test.go).
func TestRatedGamesMoveRatings(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	// The toy scores a unique pick times the card: Bea's 2 beats Ada's 1.
	id, _ := playRated(t, e, []string{"Ada", "Bea"}, []int{1, 2}, true)
	if st := e.state(id, ""); st.Match.Status != statusFinished {
		t.Fatalf("status %s", st.Match.Status)
	}
	want := map[string][2]float64{"Ada": {22.364610506859503, 8.06590141354368}, "Bea": {27.635389493140497, 8.06590141354368}}
	for name, w := range want {
		p := e.profile(name)
		if len(p.Ratings) != 1 || math.Abs(p.Ratings[0].Mu-w[0]) > 1e-9 || math.Abs(p.Ratings[0].Sigma-w[1]) > 1e-9 ||
			p.Ratings[0].Games != 1 || !p.Ratings[0].Provisional {
			t.Errorf("%s: %+v, want mu %v sigma %v after one provisional game", name, p.Ratings, w[0], w[1])
		}
		if len(p.History["toy"]) != 1 || p.History["toy"][0].Match != id || len(p.Games) != 1 || p.Games[0].Played != 1 {
			t.Errorf("%s's history %+v, games %+v", name, p.History, p.Games)
		}
	}
	if p := e.profile("bea"); p.Games[0].Won != 1 {
		t.Errorf("Bea's wins: %+v", p.Games)
	}
	// Four new players picking 1, 2, 3, 3: places 2, 1, 3, 3 (the two 3s tie at nothing).
	playRated(t, e, []string{"Cy", "Dee", "Eve", "Flo"}, []int{1, 2, 3, 3}, true)
	want4 := map[string][2]float64{"Cy": {26.55291815138952, 8.17961798837266}, "Dee": {27.795252672501135, 8.263571791259416},
		"Eve": {22.825914588054673, 8.084127880168786}, "Flo": {22.825914588054673, 8.084127880168786}}
	for name, w := range want4 {
		p := e.profile(name)
		if len(p.Ratings) != 1 || math.Abs(p.Ratings[0].Mu-w[0]) > 1e-9 || math.Abs(p.Ratings[0].Sigma-w[1]) > 1e-9 {
			t.Errorf("%s: %+v, want mu %v sigma %v", name, p.Ratings, w[0], w[1])
		}
	}
	// The leaderboard: by ordinal (mu - 3 sigma), best first: Bea 3.437, Dee 3.005, Cy 2.014, Eve and Flo
	// -1.427 (tied: by name), Ada -1.833.
	var board struct {
		Players []struct {
			Rank    int
			Name    string
			Ordinal float64
		}
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/leaderboard/toy", "", "")).body, &board)
	order := []string{}
	for _, p := range board.Players {
		order = append(order, p.Name)
	}
	if strings.Join(order, " ") != "Bea Dee Cy Eve Flo Ada" || board.Players[0].Rank != 1 || board.Players[5].Rank != 6 {
		t.Fatalf("leaderboard %v", order)
	}
	if r := e.do("GET", "/api/leaderboard/chess", "", ""); r.status != 404 {
		t.Fatalf("an unknown game's board: %d", r.status)
	}
	if r := e.do("GET", "/api/leaderboard/toy?limit=0", "", ""); r.status != 400 {
		t.Fatalf("limit 0: %d", r.status)
	}
}

// A bot with a rating of its own sits at a rated table and keeps its rating; the person's moves as against
// a player of that rating. Ada, new, loses to "steady" (mu 30, sigma 2): by the formulas (OpenSkill's
// defaults, computed apart in Python as above) she ends at mu 22.44870 and sigma 7.81132, losing less than
// the 22.36461 a loss to another newcomer costs. An unrated bot cannot sit at a rated table.
func TestRatedGameAgainstARatedBot(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	a := e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	id := a.must(a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":2,"name":"Ada","rated":true}`), 201).json(t)["id"].(string)
	if r := a.do("POST", "/api/matches/"+id+"/bots", `{"bot":"cheat"}`); r.status != http.StatusConflict || r.errCode() != codeUnratedBot {
		t.Fatalf("an unrated bot at a rated table: %d %s", r.status, r.body)
	}
	if st := e.state(id, ""); len(st.Match.Players) != 1 {
		t.Fatalf("the refused bot took a seat: %+v", st.Match.Players)
	}
	a.must(a.do("POST", "/api/matches/"+id+"/bots", `{"bot":"steady"}`), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/start", ""), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	p := e.profile("Ada")
	if len(p.Ratings) != 1 || math.Abs(p.Ratings[0].Mu-22.448696673388103) > 1e-9 ||
		math.Abs(p.Ratings[0].Sigma-7.81132297175074) > 1e-9 || p.Ratings[0].Games != 1 {
		t.Fatalf("Ada after losing to a bot rated 30/2: %+v", p.Ratings)
	}
	var board struct {
		Players []struct{ Name string }
		Bots    []struct {
			Name               string
			Mu, Sigma, Ordinal float64
		}
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/leaderboard/toy", "", "")).body, &board)
	if len(board.Players) != 1 || board.Players[0].Name != "Ada" {
		t.Errorf("the bot is ranked among people, or Ada is missing: %+v", board.Players)
	}
	if len(board.Bots) != 1 || board.Bots[0].Name != "steady" || board.Bots[0].Mu != 30 || board.Bots[0].Sigma != 2 || board.Bots[0].Ordinal != 24 {
		t.Errorf("the leaderboard's bots %+v, want steady at mu 30, sigma 2, ordinal 24, unchanged", board.Bots)
	}
}

// Casual matches, and rated ones with a guest, change no rating; a server without accounts refuses rated.
func TestUnratedGames(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	playRated(t, e, []string{"Ada", "Bea"}, []int{1, 2}, false)
	if p := e.profile("Ada"); len(p.Ratings) != 0 || len(p.Games) != 1 {
		t.Fatalf("a casual game: %+v", p)
	}
	a := e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Cy","password":"correct horse"}`), 201)
	id := a.must(a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":2,"name":"Cy","rated":true}`), 201).json(t)["id"].(string)
	guest := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Guest"}`)).json(t)["token"].(string)
	a.must(a.do("POST", "/api/matches/"+id+"/start", ""), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", guest, `{"move":{"pick":2}}`))
	if p := e.profile("Cy"); len(p.Ratings) != 0 {
		t.Fatalf("a rated match with a guest rated Cy: %+v", p.Ratings)
	}
	plain := newEnv(t, nil, nil)
	if r := plain.do("POST", "/api/matches", "", `{"game":"toy","rated":true}`); r.status != 400 {
		t.Fatalf("rated without accounts: %d", r.status)
	}
	if r := e.do("GET", "/api/users/Nobody", "", ""); r.status != 404 {
		t.Fatalf("unknown profile: %d", r.status)
	}
}

// A player's solo games make the profile's solo statistics: games, best and mean score.
func TestProfileSoloStatistics(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	var scores []int
	for _, pick := range []int{1, 3} {
		id := a.must(a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":1,"name":"Ada"}`), 201).json(t)["id"].(string)
		a.must(a.do("POST", "/api/matches/"+id+"/start", ""), 200)
		st := decodeState(t, a.must(a.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":`+strconv.Itoa(pick)+`}}`), 200).body)
		scores = append(scores, toyView(t, st.View).Scores[0])
	}
	var p struct {
		Solo []struct {
			Game   string
			Played int
			Best   int
			Mean   float64
		}
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/users/Ada", "", "")).body, &p)
	best := max(scores[0], scores[1])
	if len(p.Solo) != 1 || p.Solo[0].Played != 2 || p.Solo[0].Best != best || p.Solo[0].Mean != float64(scores[0]+scores[1])/2 {
		t.Fatalf("solo statistics %+v, scores %v", p.Solo, scores)
	}
}

// TestEndScreenRatingChange: a finished rated game tells each account's rating before and after on the
// players' scale (1500 + 20 x ordinal, rating.Display). Ada and Bea start at 1500 (ordinal 0); after Bea's
// win the figures of TestRatedGamesMoveRatings give Ada 22.36461 - 3 x 8.06590 = -1.83309, 1463, and Bea
// 27.63539 - 24.19770 = 3.43769, 1569. A casual game reads not rated, a running one is refused, an unknown
// one is not found.
func TestEndScreenRatingChange(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	type change struct {
		Seat                  int
		Name                  string
		Before, After, Change int
		Provisional           bool
	}
	type resp struct {
		Rated, Pending bool
		Seats          []change
	}
	id, _ := playRated(t, e, []string{"Ada", "Bea"}, []int{1, 2}, true)
	var got resp
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/ratings", "", "")).body, &got); err != nil {
		t.Fatal(err)
	}
	want := resp{Rated: true, Seats: []change{{0, "Ada", 1500, 1463, -37, true}, {1, "Bea", 1500, 1569, 69, true}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the rated game's changes are %+v, want %+v", got, want)
	}
	if p := e.profile("Bea"); len(p.Ratings) != 1 || p.Ratings[0].Rating != 1569 {
		t.Errorf("Bea's profile reads %+v, want 1569", p.Ratings)
	}
	casual, _ := playRated(t, e, []string{"Cy", "Dee"}, []int{1, 2}, false)
	got = resp{}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+casual+"/ratings", "", "")).body, &got)
	if got.Rated || len(got.Seats) != 0 {
		t.Errorf("a casual game's changes: %+v", got)
	}
	running := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Flo"}`)).json(t)["id"].(string)
	if r := e.do("GET", "/api/matches/"+running+"/ratings", "", ""); r.errCode() != codeNotFinished {
		t.Errorf("a game not over: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/api/matches/nosuchmatch/ratings", "", ""); r.status != 404 {
		t.Errorf("an unknown match: %d %s", r.status, r.body)
	}
}
