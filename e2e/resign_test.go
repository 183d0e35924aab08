package e2e

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// seatedMatch is a match made through the API, with its seats' tokens.
type seatedMatch struct {
	ID    string `json:"id"`
	Token string `json:"token"`
	Seat  int    `json:"seat"`
}

// takeSeat gives a browser the seat a token holds (as the page keeps it) and opens the match there.
func takeSeat(t *testing.T, e *env, ctx context.Context, id, token string, seat int) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	evalString(t, ctx, `localStorage.setItem("surveyor.seat.`+id+`", JSON.stringify({token: "`+token+`", seat: `+strconv.Itoa(seat)+`})), ""`)
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
}

// shots saves the page at desktop (1440x900) and phone (390x844) sizes when SURVEYOR_SHOTS is set.
func shots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	shot(t, ctx, name+"-desktop")
	phoneShot(t, ctx, name+"-phone", 1440, 900)
}

// openResign presses Resign on a table and checks what the dialog says resigning does there.
func openResign(t *testing.T, ctx context.Context, shotName, want string) {
	t.Helper()
	shots(t, ctx, shotName+"-resign-button")
	click(t, ctx, "#resign")
	waitJS(t, ctx, `!!document.querySelector('#resign-modal')`)
	if got := evalString(t, ctx, `document.querySelector('#resign-what').textContent`); got != want {
		t.Errorf("the dialog says %q, want %q", got, want)
	}
	shots(t, ctx, shotName+"-resign-dialog")
}

type endedMatch struct {
	Match struct {
		Status  string `json:"status"`
		Ended   string `json:"ended"`
		Players []struct {
			Name     string `json:"name"`
			Resigned bool   `json:"resigned"`
		} `json:"players"`
		Result *struct {
			Ranks []int `json:"ranks"`
		} `json:"result"`
	} `json:"match"`
}

// TestResignCartographers: a guest leaves the waiting room and comes back; in the game, the host opens the
// Resign dialog, keeps playing, then resigns; both pages (English and French) show the game over, the
// guest first.
func TestResignCartographers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	var ada seatedMatch
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "max_seats": 2, "name": "Ada"}, &ada)
	a := browser(t, "en-US")
	b := browser(t, "fr-FR")
	run(t, b, chromedp.Navigate(e.url+"/m/"+ada.ID))
	waitJS(t, b, `!!document.querySelector('#join-form')`)
	run(t, b, chromedp.SendKeys(chromedp.CSS("#join-name"), "Bea"))
	click(t, b, "#join")
	waitJS(t, b, `!!document.querySelector('#leave-table')`)
	shots(t, b, "room-leave-fr")
	evalString(t, b, `window.confirm = () => true, ""`)
	click(t, b, "#leave-table")
	waitJS(t, b, `!!document.querySelector('#join-form') && document.querySelectorAll('#players li').length === 1`)
	if got := evalString(t, b, `localStorage.getItem("surveyor.seat.`+ada.ID+`") || ""`); got != "" {
		t.Fatalf("the page kept the seat it left: %s", got)
	}
	var st endedMatch
	e.getJSON("/api/matches/"+ada.ID, "", &st)
	if len(st.Match.Players) != 1 {
		t.Fatalf("after Bea left, the server seats %+v", st.Match.Players)
	}
	click(t, b, "#join")
	waitJS(t, b, `!!document.querySelector('#leave-table')`)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, map[string]any{}, nil)

	takeSeat(t, e, a, ada.ID, ada.Token, 0)
	waitJS(t, a, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#resign')`)
	waitJS(t, b, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#resign')`)
	openResign(t, a, "carto", "The game ends and you lose.")
	click(t, a, "#resign-cancel")
	waitJS(t, a, `!document.querySelector('#resign-modal')`)
	e.getJSON("/api/matches/"+ada.ID, "", &st)
	if st.Match.Status != "playing" {
		t.Fatalf("Keep playing left the match %q", st.Match.Status)
	}
	click(t, a, "#resign")
	waitJS(t, a, `!!document.querySelector('#resign-confirm')`)
	click(t, a, "#resign-confirm")
	waitJS(t, a, `!!document.querySelector('#ended')`)
	waitJS(t, b, `!!document.querySelector('#ended')`)
	if got := evalString(t, a, `document.querySelector('#ended-why').textContent`); got != "Ada resigned." {
		t.Errorf("Ada reads %q", got)
	}
	if got := evalString(t, b, `document.querySelector('#ended-why').textContent`); got != "Ada a abandonné." {
		t.Errorf("Bea reads %q", got)
	}
	if got := evalString(t, b, `[...document.querySelectorAll('#standings li')].map(li => li.dataset.seat + ":" + li.dataset.rank).join(" ")`); got != "1:1 0:2" {
		t.Errorf("standings %q, want Bea first and Ada second", got)
	}
	if n := evalString(t, a, `String(document.querySelectorAll('#resign, #claim').length)`); n != "0" {
		t.Errorf("%s end buttons after the end", n)
	}
	if evalString(t, b, `String(!!document.querySelector('#ended #rematch') && !!document.querySelector('#ended #to-replay'))`) != "true" {
		t.Error("the end of a resigned game offers no rematch or replay")
	}
	shots(t, a, "carto-resigned")
	shots(t, b, "carto-resigned-fr")
	e.getJSON("/api/matches/"+ada.ID, "", &st)
	if st.Match.Status != "finished" || st.Match.Ended != "resigned" || st.Result() == nil || !slices.Equal(st.Result(), []int{2, 1}) {
		t.Fatalf("the server has %+v", st.Match)
	}
}

func (m endedMatch) Result() []int {
	if m.Match.Result == nil {
		return nil
	}
	return m.Match.Result.Ranks
}

// TestResignCarcassonne: at a table of three (Ada in the page, Bea through the API, a bot), Ada resigns and
// the game goes on, the server playing her seat; when Bea resigns too, the bot is left alone and wins.
func TestResignCarcassonne(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	var ada, bea seatedMatch
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 3, "name": "Ada"}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+ada.ID+"/bots", ada.Token, map[string]any{}, nil)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, map[string]any{}, nil)
	a := browser(t, "en-US")
	takeSeat(t, e, a, ada.ID, ada.Token, 0)
	waitJS(t, a, `!!document.querySelector('#carc-board[data-ready]') && !!document.querySelector('#resign')`)
	openResign(t, a, "carc", "The game goes on without you: the server plays your seat, ranked last.")
	click(t, a, "#resign-confirm")
	waitJS(t, a, `!!document.querySelector('.resigned-line[data-seat="0"]') && !document.querySelector('#resign')`)
	if got := evalString(t, a, `document.querySelector('.resigned-line').textContent`); got != "You resigned: the server plays your seat." {
		t.Errorf("after resigning Ada reads %q", got)
	}
	var st endedMatch
	e.getJSON("/api/matches/"+ada.ID, "", &st)
	if st.Match.Status != "playing" || !st.Match.Players[0].Resigned {
		t.Fatalf("after Ada resigned the server has %+v", st.Match)
	}
	// The players' table marks her seat, never lit as the one to play while the server plays it.
	waitJS(t, a, `!!document.querySelector('#carc-players tr[data-seat="0"].resigned .resigned-tag')`)
	if lit := evalString(t, a, `String(!!document.querySelector('#carc-players tr[data-seat="0"].to-act'))`); lit != "false" {
		t.Error("the resigned seat is lit as the one to play")
	}
	// The server plays Ada's turn when it comes: Bea and the bot play theirs in between.
	shots(t, a, "carc-resigned-playing")
	e.postJSON("/api/matches/"+ada.ID+"/resign", bea.Token, map[string]any{}, nil)
	waitJS(t, a, `!!document.querySelector('#ended')`)
	if got := evalString(t, a, `document.querySelector('#ended-why').textContent`); got != "Ada, Bea resigned." {
		t.Errorf("the end reads %q", got)
	}
	if got := evalString(t, a, `[...document.querySelectorAll('#standings li')].map(li => li.dataset.seat + ":" + li.dataset.rank).join(" ")`); got != "2:1 1:2 0:3" {
		t.Errorf("standings %q, want the bot, Bea, then Ada", got)
	}
	shots(t, a, "carc-resigned-ended")
}

// TestClaimVictoryInThePage: with a short move clock, Bea never plays; once her clock has run out and run
// a clock length more, Ada's page offers Claim victory, and claiming ends the game.
func TestClaimVictoryInThePage(t *testing.T) {
	e := newEnv(t, 5)
	var ada, bea seatedMatch
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "max_seats": 2, "name": "Ada",
		"clock": map[string]any{"mode": "move", "seconds": 2}}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	// The page waits in the room before the start, so that the clock's two seconds run from a page that is
	// there (a browser started within them on a loaded machine saw them out before its first look).
	a := browser(t, "en-US")
	takeSeat(t, e, a, ada.ID, ada.Token, 0)
	waitJS(t, a, `!!document.querySelector('#start')`)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, map[string]any{}, nil)
	waitJS(t, a, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#resign')`)
	if evalString(t, a, `String(!!document.querySelector('#claim'))`) != "false" {
		t.Fatal("Claim victory is offered before anyone's clock ran out")
	}
	waitJS(t, a, `!!document.querySelector('#claim')`)
	shots(t, a, "carto-claim")
	click(t, a, "#claim")
	waitJS(t, a, `!!document.querySelector('#ended') || !!document.querySelector('#match-actions .error')`)
	if msg := evalString(t, a, `(document.querySelector('#match-actions .error') || {}).textContent || ""`); msg != "" {
		t.Fatalf("the claim was refused: %s", msg)
	}
	if got := evalString(t, a, `document.querySelector('#ended-why').textContent`); got != "Ada claimed victory: the others had left." {
		t.Errorf("the end reads %q", got)
	}
	var st endedMatch
	e.getJSON("/api/matches/"+ada.ID, "", &st)
	if st.Match.Ended != "claimed" || !slices.Equal(st.Result(), []int{1, 2}) {
		t.Fatalf("the server has %+v", st.Match)
	}
}
