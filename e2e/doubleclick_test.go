package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDoubleClickSendsOneMove: Confirm clicked twice at once (in Portuguese) sends one move; the second
// click, landing while the first is in flight, must neither send a move built from the old decision nor
// show a refusal. The page was seen showing the engine's English refusal after such a double-click.
func TestDoubleClickSendsOneMove(t *testing.T) {
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
// as the server's English message. The host of a Carcassonne match, alone at it, presses Start in
// Portuguese (Carcassonne needs two players).
func TestRefusalsAreTranslated(t *testing.T) {
	e := newEnv(t, 1)
	var m struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2}, &m)
	ctx := browser(t, "pt-BR")
	openTable(t, ctx, e, m.ID, m.Token, "pt", `#start`)
	click(t, ctx, "#start")
	waitJS(t, ctx, `document.querySelector('#room .error').textContent !== ""`)
	if got := evalString(t, ctx, `document.querySelector('#room .error').textContent`); got != "A partida não começou (ou faltam jogadores)." {
		t.Errorf("the refusal reads %q, want the Portuguese for not_started", got)
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
