package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// yoursRow is one row of the lobby's "Your games" panel as the page shows it.
type yoursRow struct {
	ID      string `json:"id"`
	State   string `json:"state"`
	Game    string `json:"game"`
	Players string `json:"players"`
	Text    string `json:"text"`
}

// yoursRows waits for the panel's refresh number n (or a later one) and reads its rows.
func yoursRows(t *testing.T, ctx context.Context, n int) []yoursRow {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`Number((document.querySelector('#yours') || {dataset: {}}).dataset.refreshes || 0) >= %d`, n))
	var rows []yoursRow
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#yours > ul > li[data-yours]')].map(li => ({
		id: li.dataset.yours, state: li.dataset.state,
		game: li.querySelector('.yours-game').textContent, players: li.querySelector('.yours-players').textContent,
		text: li.querySelector('.yours-state').textContent})))`, &rows)
	return rows
}

// TestYourGames: Ada's browser holds seats in four matches created through the API (Carcassonne with Bea:
// one where Ada must act, with a move clock; one where Bea must; one played to its end; and one not started,
// with a bot seated) plus two dead seats (an unknown match, and a real match with a wrong token). The lobby's
// panel lists the four with Ada's turn first although it is the oldest, the dead seats are dropped from
// localStorage, the title counts one game awaiting her; after Bea moves through the API, a refresh
// (the page becoming visible) moves that match to "Your turn" and the title to two. The same panel in French
// and Portuguese, and screenshots on a desktop and a phone.
func TestYourGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 11)
	a := browser(t, "en-US")

	twoPeople := func(clock map[string]any) (created, created) {
		var ada, bea created
		req := map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Ada"}
		if clock != nil {
			req["clock"] = clock
		}
		e.postJSON("/api/matches", "", req, &ada)
		e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]string{"name": "Bea"}, &bea)
		e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
		return ada, bea
	}
	// Oldest first: the match awaiting Ada (90 min per move), the open one, the finished one, the one awaiting Bea.
	turn, _ := twoPeople(map[string]any{"mode": "move", "seconds": 5400})
	var open created
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 3, "name": "Ada"}, &open)
	var openBot struct{ Name string }
	e.postJSON("/api/matches/"+open.ID+"/bots", open.Token, map[string]string{"bot": "greedy+"}, &openBot)
	done, doneBea := twoPeople(nil)
	tokens := []string{done.Token, doneBea.Token}
	var result struct {
		Match struct {
			Result struct {
				Ranks []int `json:"ranks"`
			} `json:"result"`
		} `json:"match"`
	}
	for turn := 0; ; turn++ {
		var st carcState
		e.getJSON("/api/matches/"+done.ID, done.Token, &st)
		if st.View.Over {
			e.getJSON("/api/matches/"+done.ID, done.Token, &result)
			break
		}
		tok := tokens[st.View.ToAct]
		e.postJSON("/api/matches/"+done.ID+"/moves", tok, map[string]any{"move": pickCarc(e.carcLegal(done.ID, tok), turn)}, nil)
	}
	wait, waitBea := twoPeople(nil)
	e.postJSON("/api/matches/"+wait.ID+"/moves", wait.Token, map[string]any{"move": e.carcLegal(wait.ID, wait.Token)[0]}, nil)

	for _, c := range []created{turn, open, done, wait} {
		storeSeat(t, a, e, c.ID, c.Token, c.Seat, "Ada")
	}
	const unknown = "zzzzzzzzzzzzzzzz"
	storeSeat(t, a, e, unknown, "dead", 0, "Ada")
	var other created
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Cy"}, &other)
	storeSeat(t, a, e, other.ID, "not-the-token", 0, "Ada")

	// A solo game finished nine days ago, as an earlier visit kept it: it is folded away, and not asked
	// again (the server does not know it: asking would drop it as dead).
	const old = "oldoldoldoldold1"
	// The finished row and its seat in one script: a refresh of the page in between must see both or
	// neither (a seat without its row would be asked of the server, which does not know the match; a row
	// without its seat would be dropped).
	evalString(t, a, `localStorage.setItem("surveyor.finished", JSON.stringify({`+old+`: {id: "`+old+`",
		game: "cartographers", status: "finished", created: new Date(Date.now() - 9 * 86400e3).toISOString(), seat: 0,
		mustAct: false, deadline: null, players: [{seat: 0, name: "Ada", bot: ""}], toAct: [], rank: 1, asked: 1}})),
		localStorage.setItem("surveyor.seat.`+old+`", JSON.stringify({token: "old-token", seat: 0, name: "Ada"})), ""`)

	run(t, a, chromedp.Navigate(e.url+"/"))
	rows := yoursRows(t, a, 1)
	if got := evalString(t, a, `[...document.querySelectorAll('#yours details')].map(d =>
		d.querySelector('summary').textContent + " | " + [...d.querySelectorAll('li')].map(li => li.dataset.yours + " " + li.textContent)).join()`); got != "Finished more than a week ago (1) | "+old+" CartographersAdaFinished" {
		t.Errorf("the old finished game is shown as %q", got)
	}
	place := map[int]string{1: "1st", 2: "2nd"}[result.Match.Result.Ranks[0]]
	want := []yoursRow{
		{ID: turn.ID, State: "turn", Game: "Carcassonne", Players: "Ada, Bea"},
		{ID: wait.ID, State: "wait", Game: "Carcassonne", Players: "Ada, Bea", Text: "Waiting for Bea"},
		{ID: open.ID, State: "open", Game: "Carcassonne", Players: "Ada, " + openBot.Name + " (bot · expert)", Text: "Not started"},
		{ID: done.ID, State: "done", Game: "Carcassonne", Players: "Ada, Bea", Text: "Finished — you placed " + place},
	}
	// A move clock of 90 minutes, some seconds of which went by while the other matches were played.
	if len(rows) > 0 {
		if !regexp.MustCompile(`^Your turn · 1 h (29|30) min left$`).MatchString(rows[0].Text) {
			t.Errorf("the match awaiting Ada reads %q", rows[0].Text)
		}
		rows[0].Text = ""
	}
	if !slices.Equal(rows, want) {
		t.Errorf("the panel shows\n%v\nwant\n%v", rows, want)
	}
	// Nothing but the heading and the rows (a stray "null" once followed them).
	if got := evalString(t, a, `(p => p.textContent === [...p.querySelectorAll('h2, li, summary')].map(e => e.textContent).join("") ?
		"" : p.textContent)(document.querySelector('#yours'))`); got != "" {
		t.Errorf("the panel holds more than its rows: %q", got)
	}
	if got := evalString(t, a, `document.title`); got != "(1) Surveyor" {
		t.Errorf("title %q, want (1) Surveyor", got)
	}
	// The lobby's list of open games marks the bot seat too (from the lobby summary's bots).
	waitJS(t, a, `!!document.querySelector('li[data-match="`+open.ID+`"]')`)
	if got := evalString(t, a, `document.querySelector('li[data-match="`+open.ID+`"] span').textContent`); got != "Ada, "+openBot.Name+" (bot · expert) (2/3)" {
		t.Errorf("the open games list shows the match against a bot as %q", got)
	}
	for _, id := range []string{unknown, other.ID} {
		if got := evalString(t, a, `String(localStorage.getItem("surveyor.seat.`+id+`"))`); got != "null" {
			t.Errorf("the dead seat of %s was kept: %s", id, got)
		}
	}
	shot(t, a, "yours-lobby")
	run(t, a, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	shot(t, a, "yours-lobby-phone")
	run(t, a, chromedp.EmulateViewport(1280, 1200))

	// Bea moves; the next refresh shows the match as Ada's turn, newest of the two first.
	e.postJSON("/api/matches/"+wait.ID+"/moves", waitBea.Token, map[string]any{"move": e.carcLegal(wait.ID, waitBea.Token)[0]}, nil)
	n := evalString(t, a, `document.querySelector('#yours').dataset.refreshes`)
	evalString(t, a, `document.dispatchEvent(new Event("visibilitychange")), ""`)
	var refreshes int
	fmt.Sscan(n, &refreshes)
	// Well before the 30 s timer could do it: the refresh must come from the page becoming visible.
	vctx, cancel := context.WithTimeout(a, 10*time.Second)
	defer cancel()
	rows = yoursRows(t, vctx, refreshes+1)
	var got []string
	for _, r := range rows {
		got = append(got, r.ID+" "+r.State+" "+r.Text)
	}
	if len(rows) != 4 || rows[0].ID != wait.ID || rows[0].Text != "Your turn" || rows[1].ID != turn.ID || rows[1].State != "turn" {
		t.Errorf("after Bea's move the panel shows\n%s\nwant %s (Your turn) then %s", strings.Join(got, "\n"), wait.ID, turn.ID)
	}
	if got := evalString(t, a, `document.title`); got != "(2) Surveyor" {
		t.Errorf("title %q after Bea's move, want (2) Surveyor", got)
	}

	// The same panel in French and Portuguese (choosing a language draws the lobby anew).
	for _, lang := range []struct{ code, title, turn, open, done string }{
		{"fr", "Vos parties", "À vous", "Pas commencée", "Terminée — vous êtes "},
		{"pt", "Suas partidas", "Sua vez", "Não começou", "Terminada — você ficou em "},
	} {
		run(t, a, chromedp.SetValue(chromedp.CSS("#lang"), lang.code))
		evalString(t, a, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
		rows = yoursRows(t, a, 1)
		title := evalString(t, a, `document.querySelector('#yours h2').textContent`)
		if title != lang.title || len(rows) != 4 || rows[0].Text != lang.turn || rows[2].Text != lang.open ||
			!strings.HasPrefix(rows[3].Text, lang.done) {
			t.Errorf("%s: panel %q %v", lang.code, title, rows)
		}
	}
}

// TestYourGamesAtMost40: a browser holding seats in 45 open matches asks at most 40 of them per refresh (the
// API's burst is 60 per address), and the next refresh asks the others first, so that all 45 are listed.
func TestYourGamesAtMost40(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	a := browser(t, "en-US")
	var ids []string
	seatsJS := map[string]string{}
	for range 45 {
		var c created
		e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Ada"}, &c)
		ids = append(ids, c.ID)
		seatsJS["surveyor.seat."+c.ID] = fmt.Sprintf(`{"token":%q,"seat":%d,"name":"Ada"}`, c.Token, c.Seat)
	}
	raw, err := json.Marshal(seatsJS)
	if err != nil {
		t.Fatal(err)
	}
	run(t, a, chromedp.Navigate(e.url+"/"))
	evalString(t, a, `Object.entries(`+string(raw)+`).forEach(([k, v]) => localStorage.setItem(k, v)), ""`)
	// asked counts the requests for one match's state the page has made so far.
	const asked = `String(performance.getEntriesByType("resource").filter(r => /\/api\/matches\/[a-z0-9]{16}$/.test(new URL(r.name).pathname)).length)`
	run(t, a, chromedp.Navigate(e.url+"/"))
	rows := yoursRows(t, a, 1)
	if n := evalString(t, a, asked); len(rows) != 40 || n != "40" {
		t.Errorf("first refresh: %d rows after %s requests, want 40 and 40", len(rows), n)
	}
	evalString(t, a, `document.dispatchEvent(new Event("visibilitychange")), ""`)
	vctx, cancel := context.WithTimeout(a, 10*time.Second)
	defer cancel()
	rows = yoursRows(t, vctx, 2)
	var got []string
	for _, r := range rows {
		got = append(got, r.ID)
	}
	slices.Sort(got)
	slices.Sort(ids)
	if !slices.Equal(got, ids) {
		t.Errorf("second refresh lists %d of the 45 matches", len(got))
	}
	if n := evalString(t, a, asked); n != "80" {
		t.Errorf("%s requests after two refreshes, want 80", n)
	}
}
