package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// storeSeat keeps a seat of a match created through the API in the browser, as the page does after
// creating or joining it.
func storeSeat(t *testing.T, ctx context.Context, e *env, id, token string, seat int, name string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	seatJSON, err := json.Marshal(map[string]any{"token": token, "seat": seat, "name": name})
	if err != nil {
		t.Fatal(err)
	}
	evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", %q), ""`, id, seatJSON))
}

// created is the answer to creating or joining a match.
type created struct {
	ID    string `json:"id"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// roomNames waits for the waiting room of match id and returns its players as shown.
func roomNames(t *testing.T, ctx context.Context, id string, n int) string {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`location.pathname === "/m/%s" && document.querySelectorAll('#room #players li').length === %d`, id, n))
	return evalString(t, ctx, `[...document.querySelectorAll('#room #players li')].map(li => li.textContent).join(" | ")`)
}

// TestRematchTwoPeople: a two-person Carcassonne game (its moves through the API) ends with both pages
// open and a spectator watching. Ada presses "Play again" in the final dialog and lands in the new match's
// waiting room; Bea's page then offers "Join the rematch" and says Ada waits there; the spectator is offered
// "Watch the rematch". Bea joins from the panel that stays, both names are in both waiting rooms, Ada
// starts and both pages show the new game.
func TestRematchTwoPeople(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	a := browser(t, "en-US")
	b := incognito(t, a)
	spec := incognito(t, a)

	var ada, bea created
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "options": map[string]bool{"surveyors": true},
		"max_seats": 2, "name": "Ada"}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]string{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
	id := ada.ID
	tokens := []string{ada.Token, bea.Token}
	opened := false
	for turn := 0; ; turn++ {
		var st carcState
		e.getJSON("/api/matches/"+id, ada.Token, &st)
		if st.View.Over {
			break
		}
		// The pages open for the last few tiles, so that they see the game end.
		if !opened && turn > 60 {
			opened = true
			storeSeat(t, a, e, id, ada.Token, 0, "Ada")
			storeSeat(t, b, e, id, bea.Token, 1, "Bea")
			for _, ctx := range []context.Context{a, b, spec} {
				run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
				waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
			}
		}
		tok := tokens[st.View.ToAct]
		e.postJSON("/api/matches/"+id+"/moves", tok, map[string]any{"move": pickCarc(e.carcLegal(id, tok), turn)}, nil)
	}
	if !opened {
		t.Fatal("the game ended before the pages were opened")
	}
	for _, ctx := range []context.Context{a, b} {
		waitJS(t, ctx, `!!document.querySelector('#final-modal #final-rematch')`)
		if got := evalString(t, ctx, `document.querySelector('#final-modal #final-rematch').textContent + " | " + document.querySelector('#final #rematch').textContent`); got != "Play again | Play again" {
			t.Errorf("before anyone asked, the rematch buttons read %q", got)
		}
	}
	waitJS(t, spec, `!!document.querySelector('#final')`)
	if evalString(t, spec, `String(!!document.querySelector('#rematch, #final-rematch, #watch-rematch'))`) != "false" {
		t.Error("the spectator is offered a rematch before anyone asked")
	}
	shot(t, a, "rematch-final")

	// Ada asks first, from the final dialog.
	click(t, a, "#final-modal #final-rematch")
	waitJS(t, a, `location.pathname !== "/m/`+id+`"`)
	next := matchID(t, a)
	if next == id {
		t.Fatal("Play again stayed on the finished match")
	}
	if tok, seat := seatOf(t, a, next); tok == "" || seat != 0 {
		t.Errorf("Ada's seat in the rematch is kept as %q, seat %d", tok, seat)
	}
	if got := roomNames(t, a, next, 1); got != "Ada (you)" {
		t.Errorf("Ada's waiting room shows %q", got)
	}
	shot(t, a, "rematch-room")

	// Bea's page learns of the rematch: the buttons now join it, and the notice names who waits.
	waitJS(t, b, `(b => b && b.textContent === "Join the rematch")(document.querySelector('#final #rematch'))`)
	if got := evalString(t, b, `document.querySelector('#final-modal #final-rematch').textContent`); got != "Join the rematch" {
		t.Errorf("the final dialog's button reads %q once Ada asked", got)
	}
	waitJS(t, b, `document.querySelector('#rematch-notice').textContent === "Waiting in the rematch: Ada."`)
	shot(t, b, "rematch-join")
	phoneShot(t, b, "rematch-join-phone", 1280, 1200)
	waitJS(t, spec, `!!document.querySelector('#watch-rematch')`)
	if got := evalString(t, spec, `document.querySelector('#watch-rematch').getAttribute('href') + " " + document.querySelector('#watch-rematch').textContent`); got != "/m/"+next+" Watch the rematch" {
		t.Errorf("the spectator's link is %q", got)
	}
	if evalString(t, spec, `String(!!document.querySelector('#rematch, #final-rematch'))`) != "false" {
		t.Error("the spectator is offered a seat in the rematch")
	}

	// Bea closes the dialog and joins from the panel that stays.
	click(t, b, "#final-close")
	waitJS(t, b, `!document.querySelector('#final-modal')`)
	click(t, b, "#final #rematch")
	if got := roomNames(t, b, next, 2); got != "Ada | Bea (you)" {
		t.Errorf("Bea's waiting room shows %q", got)
	}
	if got := roomNames(t, a, next, 2); got != "Ada (you) | Bea" {
		t.Errorf("Ada's waiting room shows %q once Bea joined", got)
	}
	if _, seat := seatOf(t, b, next); seat != 1 {
		t.Errorf("Bea's seat in the rematch is %d", seat)
	}

	click(t, a, "#start")
	for _, ctx := range []context.Context{a, b} {
		waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelector('#table').dataset.over === "0"`)
		if got := evalString(t, ctx, `String(document.querySelectorAll('#carc-board .cell-tile').length)`); got != "1" {
			t.Errorf("the rematch's board shows %s tiles, want the start tile alone", got)
		}
	}
	var st carcState
	e.getJSON("/api/matches/"+next, "", &st)
	if st.Match.Status != "playing" || len(st.Match.Players) != 2 || st.View.Turn != 0 {
		t.Errorf("the rematch is %q with %d players at turn %d", st.Match.Status, len(st.Match.Players), st.View.Turn)
	}
	// The finished game keeps its replay.
	run(t, spec, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, spec, `!!document.querySelector('#final #to-replay[href="/m/`+id+`/replay"]')`)
}

// TestRematchAgainstBot: a Cartographers game against a bot (Ada's draws through the API) ends with her
// page open; the last season's dialog offers "Play again", which leads to the new match's waiting room
// with the same bot already seated.
func TestRematchAgainstBot(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	ctx := browser(t, "en-US")
	var ada created
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "options": map[string]string{"preset": "cartographers"},
		"max_seats": 2, "name": "Ada"}, &ada)
	level := ""
	var bots struct {
		Games []struct {
			Name string   `json:"name"`
			Bots []string `json:"bots"`
		} `json:"games"`
	}
	e.getJSON("/api/games", "", &bots)
	for _, g := range bots.Games {
		if g.Name == "cartographers" && len(g.Bots) > 0 {
			level = g.Bots[0] // the weakest, the quickest to play a game
		}
	}
	if level == "" {
		t.Fatal("the server offers no Cartographers bot")
	}
	e.postJSON("/api/matches/"+ada.ID+"/bots", ada.Token, map[string]string{"bot": level}, nil)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
	id := ada.ID
	// The page opens in the last season, so that the only scoring dialog it shows is the final one.
	playCartographers(t, e, id, []string{ada.Token}, func() {
		storeSeat(t, ctx, e, id, ada.Token, 0, "Ada")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
	})
	waitJS(t, ctx, `!!document.querySelector('#season-modal #final-rematch')`)
	if got := evalString(t, ctx, `document.querySelector('#season-modal #final-rematch').textContent + " | " + document.querySelector('#final #rematch').textContent`); got != "Play again | Play again" {
		t.Errorf("the rematch buttons read %q", got)
	}
	shot(t, ctx, "rematch-final-carto")
	click(t, ctx, "#season-modal #final-rematch")
	waitJS(t, ctx, `location.pathname !== "/m/`+id+`"`)
	next := matchID(t, ctx)
	// The bot keeps the name it sat under, its level beside it.
	room := regexp.MustCompile(`^Ada \(you\) \| \p{Lu}\p{Ll}+ \(bot · ` + level + `\)$`)
	if got := roomNames(t, ctx, next, 2); !room.MatchString(got) {
		t.Errorf("the rematch's waiting room shows %q, want Ada and the %s bot", got, level)
	}
	if got := evalString(t, ctx, `document.querySelector('#players li[data-bot]').dataset.bot`); got != level {
		t.Errorf("the rematch's bot is %q, want %q", got, level)
	}

	// Back on the finished match, the page knows this browser holds a seat in the rematch; in every language.
	for _, l := range []struct{ lang, button, notice string }{
		{"fr", "Aller à la revanche", "En attente dans la revanche : Ada."},
		{"pt", "Ir para a revanche", "Aguardando na revanche: Ada."},
		{"en", "Go to the rematch", "Waiting in the rematch: Ada."},
	} {
		evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.lang", %q), ""`, l.lang))
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `!!document.querySelector('#final #rematch') && /: Ada\.$/.test(document.querySelector('#rematch-notice').textContent)`)
		if got := evalString(t, ctx, `document.querySelector('#final #rematch').textContent + " | " + document.querySelector('#rematch-notice').textContent`); got != l.button+" | "+l.notice {
			t.Errorf("%s: the finished match's panel reads %q, want %q", l.lang, got, l.button+" | "+l.notice)
		}
	}
	shot(t, ctx, "rematch-held")
	click(t, ctx, "#final #rematch")
	if got := roomNames(t, ctx, next, 2); !room.MatchString(got) {
		t.Errorf("back in the rematch's waiting room: %q", got)
	}
	click(t, ctx, "#start")
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.over === "0"`)
}

// TestRematchStartedWithout: in a two-person Cartographers game (its draws through the API), Ada asks for
// the rematch and starts it alone; Bea's page, still on the finished game, offers "Join the rematch", and
// pressing it, now too late for a seat, takes her to watch the rematch instead of leaving her on an error.
func TestRematchStartedWithout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 9)
	ctx := browser(t, "en-US")
	var ada, bea created
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "options": map[string]string{"preset": "cartographers"},
		"max_seats": 2, "name": "Ada"}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]string{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
	id := ada.ID
	// Bea's page opens in the last season, so that the only scoring dialog it shows is the final one.
	playCartographers(t, e, id, []string{ada.Token, bea.Token}, func() {
		storeSeat(t, ctx, e, id, bea.Token, 1, "Bea")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
	})
	waitJS(t, ctx, `!!document.querySelector('#season-modal #final-rematch')`)
	var next created
	e.postJSON("/api/matches/"+id+"/rematch", ada.Token, struct{}{}, &next)
	e.postJSON("/api/matches/"+next.ID+"/start", next.Token, struct{}{}, nil)
	waitJS(t, ctx, `document.querySelector('#season-modal #final-rematch').textContent === "Join the rematch"`)
	click(t, ctx, "#season-modal #final-rematch")
	waitJS(t, ctx, `location.pathname === "/m/`+next.ID+`" && !!document.querySelector('#main-sheet[data-ready]')`)
	if got := evalString(t, ctx, `document.querySelector('#status').textContent`); !strings.Contains(got, "You are watching") {
		t.Errorf("Bea, too late for the rematch, reads %q", got)
	}
	if got := evalString(t, ctx, `String(localStorage.getItem("surveyor.seat.`+next.ID+`"))`); got != "null" {
		t.Errorf("Bea holds a seat in a rematch that started without her: %s", got)
	}
}

// playCartographers plays a Cartographers match to its end through the API: the seats whose tokens are
// given draw the test's pick of their legal moves, the others (bots) are waited for. lastSeason runs once,
// as the last season begins.
func playCartographers(t *testing.T, e *env, id string, tokens []string, lastSeason func()) {
	t.Helper()
	called := false
	for turn := 0; ; turn++ {
		var st struct {
			Seq   int `json:"seq"`
			Match struct {
				Status string `json:"status"`
				ToAct  []int  `json:"to_act"`
			} `json:"match"`
			View struct {
				Season int `json:"season"`
			} `json:"view"`
		}
		e.getJSON("/api/matches/"+id, tokens[0], &st)
		if st.Match.Status == "finished" {
			break
		}
		if !called && st.View.Season == 3 {
			called = true
			lastSeason()
		}
		acted := false
		for _, seat := range st.Match.ToAct {
			if seat < len(tokens) {
				moves := e.legal(id, tokens[seat])
				if len(moves) == 0 {
					t.Fatalf("seat %d must act but has no legal move", seat)
				}
				e.postJSON("/api/matches/"+id+"/moves", tokens[seat], map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
				acted = true
			}
		}
		if !acted {
			// A bot is drawing: wait for the next change.
			e.getJSON("/api/matches/"+id+"?after="+strconv.Itoa(st.Seq)+"&wait=5", tokens[0], nil)
		}
	}
	if !called {
		t.Fatal("the game ended before its last season was seen")
	}
}
