package e2e

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDoubleClickSendsOneMove: Confirm clicked twice at once (in Portuguese) sends one move; the second
// click, landing while the first is in flight, must neither send a move built from the old decision nor
// show a refusal. The page was seen showing the engine's English refusal after such a double-click.
func TestDoubleClickSendsOneMove(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "pt-BR")
	holdSeat(t, ctx, e, id, token, "pt")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	for turn := range 3 {
		waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#confirm')`)
		before := e.moveCount(id)
		playThroughPage(t, ctx, e.legal(id, token)[0], byDoubleClick)
		// Whatever the second click did has been answered by now.
		time.Sleep(300 * time.Millisecond)
		if after := e.moveCount(id); after != before+1 {
			t.Fatalf("turn %d: a double-click made %d moves", turn, after-before)
		}
		if msg := evalString(t, ctx, `(document.querySelector('#move-error') || {}).textContent || ""`); msg != "" {
			t.Fatalf("turn %d: the double-click shows %q", turn, msg)
		}
		// A season that ends shows its scoring: close it.
		evalString(t, ctx, `(m => (m && m.querySelector('.primary').click(), ""))(document.querySelector('#season-modal'))`)
	}
}

// TestRefusalsAreTranslated: a refusal reaches the player in the page's language, from its code, never
// as the server's English message. A visitor to a Carcassonne match asks, in Portuguese, for the seat of a
// name already at the table.
func TestRefusalsAreTranslated(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	m := e.openMatch("carcassonne", 2)
	ctx := browser(t, "pt-BR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	evalString(t, ctx, `localStorage.setItem("surveyor.lang", "pt"), ""`)
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ctx, `!!document.querySelector('#join-form')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#join-name"), "ada"))
	click(t, ctx, "#join")
	waitJS(t, ctx, `document.querySelector('#room .error').textContent !== ""`)
	if got := evalString(t, ctx, `document.querySelector('#room .error').textContent`); got != "Este nome está em uso, ou se lê como um que está." {
		t.Errorf("the refusal reads %q, want the Portuguese for name_taken", got)
	}
}

// TestStartAsksAboutEmptySeats: a host who presses Start with seats still empty is asked what to do with
// them, never silently given a smaller game: wait (the room stays open), start with fewer (offered only
// where the game allows it), or seat bots in them and start.
func TestStartAsksAboutEmptySeats(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	m := e.openMatch("cartographers", 3)
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Bea"}, nil)
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, m.ID, m.Token, "en", `#start`)
	click(t, ctx, "#start")
	waitJS(t, ctx, `!!document.querySelector('#start-choice')`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#start-choice p')].map(p => p.textContent).join(" | ")`); got !=
		"One seat is still empty. | Seat a bot and startWait for playersStart with 2 players" {
		t.Errorf("the choice reads %q", got)
	}
	shot(t, ctx, "start-choice")
	click(t, ctx, "#start-wait")
	waitJS(t, ctx, `!document.querySelector('#start-choice')`)
	var st matchState
	e.getJSON("/api/matches/"+m.ID, "", &st)
	if len(st.Match.Players) != 2 || st.Match.Moves != 0 {
		t.Fatalf("waiting changed the match: %+v", st.Match)
	}
	click(t, ctx, "#start")
	click(t, ctx, "#start-fill-bots")
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
	e.getJSON("/api/matches/"+m.ID, "", &st)
	if len(st.Match.Players) != 3 || st.Match.Players[2].Bot == "" {
		t.Errorf("after seating a bot and starting, the players are %+v", st.Match.Players)
	}

	// Carcassonne needs two: alone at a table of two, the host is not offered to start alone.
	c := e.openMatch("carcassonne", 2)
	openTable(t, ctx, e, c.ID, c.Token, "en", `#start`)
	click(t, ctx, "#start")
	waitJS(t, ctx, `!!document.querySelector('#start-choice')`)
	if evalString(t, ctx, `String(!!document.querySelector('#start-fewer'))`) != "false" {
		t.Error("a Carcassonne host alone is offered to start alone")
	}
}

// moveCount is the number of moves a match has played.
func (e *env) moveCount(id string) int {
	e.t.Helper()
	var st struct {
		Match struct{ Moves int } `json:"match"`
	}
	e.getJSON("/api/matches/"+id, "", &st)
	return st.Match.Moves
}

// TestCreateDoubleClickedMakesOneMatch: the lobby's Create pressed twice at once (an impatient
// double-click) makes one match; the second press, landing while the first is in flight, created a second
// match, and the page went on to whichever answered last.
func TestCreateDoubleClickedMakesOneMatch(t *testing.T) {
	t.Parallel()
	var creates atomic.Int32
	count := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && r.URL.Path == "/api/matches" {
				creates.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	}
	e := newEnvServing(t, 3, nil, count)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#screen[data-lobby-shown] #create')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#name"), "Ada"))
	evalString(t, ctx, `(b => (b.click(), b.click(), ""))(document.querySelector('#create'))`)
	// Both presses' requests went before the first answer: by the time its table shows, both have come.
	waitJS(t, ctx, `location.pathname.startsWith("/m/") && !!document.querySelector('#main-sheet[data-ready]')`)
	if n := creates.Load(); n != 1 {
		t.Errorf("a double-click on Create made %d matches", n)
	}
}

// TestAddBotDoubleClickedAddsOne: in a waiting room for four, the host's Add a bot pressed twice at once
// adds one bot; the second press, landing while the first is in flight, added a second.
func TestAddBotDoubleClickedAddsOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	m := e.openMatch("cartographers", 4)
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, m.ID, m.Token, "en", `#bot-form:not([hidden]) #add-bot`)
	evalString(t, ctx, `(b => (b.click(), b.click(), ""))(document.querySelector('#add-bot'))`)
	// Both presses' requests went before the first answer: by the time the page shows a bot (it asks for
	// the room anew after adding one), both have come.
	waitJS(t, ctx, `document.querySelectorAll('#players li[data-bot]').length >= 1`)
	var st matchState
	e.getJSON("/api/matches/"+m.ID, "", &st)
	if n := len(st.Match.Players); n != 2 {
		t.Errorf("a double-click on Add a bot: %d players, want 2 (Ada and one bot)", n)
	}
}

// openMatch creates an open match of game for seats, Ada at its first seat.
func (e *env) openMatch(game string, seats int) created {
	e.t.Helper()
	var m created
	e.postJSON("/api/matches", "", map[string]any{"game": game, "name": "Ada", "max_seats": seats}, &m)
	return m
}

// TestJoinDoubleClickedAsksOnce: a visitor's Join pressed twice at once asks for one seat. The second
// press, landing while the first was in flight, asked again under the same name; the server refused it
// (name_taken), and the redraw of the seated room hid that refusal, so nobody saw what had happened.
func TestJoinDoubleClickedAsksOnce(t *testing.T) {
	t.Parallel()
	var joins atomic.Int32
	count := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/join") {
				joins.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	}
	e := newEnvServing(t, 1, nil, count)
	m := e.openMatch("cartographers", 3)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ctx, `!!document.querySelector('#join-form')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#join-name"), "Bea"))
	evalString(t, ctx, `(b => (b.click(), b.click(), ""))(document.querySelector('#join'))`)
	// Both presses' requests went before the first answer: by the time the room shows Bea seated, both
	// have come.
	waitJS(t, ctx, `!document.querySelector('#join-form') && [...document.querySelectorAll('#players li')].some(li => li.textContent.includes("Bea"))`)
	if n := joins.Load(); n != 1 {
		t.Errorf("a double-click on Join asked %d times for a seat", n)
	}
	var st matchState
	e.getJSON("/api/matches/"+m.ID, "", &st)
	if n := len(st.Match.Players); n != 2 {
		t.Errorf("after a double-click on Join: %d players, want 2 (Ada and Bea)", n)
	}
}
