package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// matchState is the part of a match's state the bot tests read.
type matchState struct {
	Match struct {
		ToAct   []int `json:"to_act"`
		Moves   int   `json:"moves"`
		Players []struct {
			Name string `json:"name"`
			Bot  string `json:"bot"`
		} `json:"players"`
	} `json:"match"`
}

// TestCartographersAgainstBotsFromLobby: the lobby's quick choice creates a Cartographers game against two
// bots at the level chosen and starts it; the bots draw by themselves, the player's move goes through the
// page, and the next card comes only once all three have drawn. Then a waiting room's "Add a bot" fills a
// seat of an open match.
func TestCartographersAgainstBotsFromLobby(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form') && !document.querySelector('#mode-bots').closest('label').hidden`)
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"))
	click(t, ctx, "#mode-bots")
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#bot-count"), "2"))
	level := evalString(t, ctx, `document.querySelector('#bot-level-new').options[0].value`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#bot-level-new"), level))
	click(t, ctx, "#create")
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mustAct === "1"`)
	id := matchID(t, ctx)
	token, _ := seatOf(t, ctx, id)
	var st matchState
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		e.getJSON("/api/matches/"+id, token, &st)
		if len(st.Match.ToAct) == 1 || time.Now().After(deadline) {
			break
		}
	}
	if len(st.Match.Players) != 3 || st.Match.Players[1].Bot != level || st.Match.Players[2].Bot != level {
		t.Fatalf("players %+v, want Ada and two %q bots", st.Match.Players, level)
	}
	if len(st.Match.ToAct) != 1 || st.Match.ToAct[0] != 0 || st.Match.Moves != 2 {
		t.Fatalf("after the start the bots have not drawn: toAct %v, %d moves", st.Match.ToAct, st.Match.Moves)
	}
	waitJS(t, ctx, `document.querySelectorAll('#opponents .opponent').length === 2`)
	shot(t, ctx, "carto-bots")
	// Another sheet, enlarged on a screen too short to hold it whole, opens at its top (it opened
	// scrolled down to its Close button).
	run(t, ctx, chromedp.EmulateViewport(1000, 560))
	click(t, ctx, `#opponents .opponent[data-seat="1"]`)
	waitJS(t, ctx, `!!document.querySelector('#sheet-modal')`)
	if evalString(t, ctx, `String((m => m.scrollHeight > m.clientHeight)(document.querySelector('#sheet-modal .modal')))`) != "true" {
		t.Error("the enlarged sheet fits the short screen: the check below proves nothing")
	}
	if top := evalString(t, ctx, `String(document.querySelector('#sheet-modal .modal').scrollTop)`); top != "0" {
		t.Errorf("the enlarged sheet opens scrolled %s px down", top)
	}
	click(t, ctx, "#sheet-close")
	waitJS(t, ctx, `!document.querySelector('#sheet-modal')`)
	run(t, ctx, chromedp.EmulateViewport(1280, 1200))
	playThroughPage(t, ctx, e.legal(id, token)[0], byClicks)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		e.getJSON("/api/matches/"+id, token, &st)
		if st.Match.Moves >= 5 || time.Now().After(deadline) {
			break
		}
	}
	if st.Match.Moves < 5 {
		t.Errorf("after Ada's draw the bots did not draw the next card: %d moves", st.Match.Moves)
	}

	// The waiting room of an open match: Add a bot at the chosen level fills the second seat.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	click(t, ctx, "#mode-others")
	click(t, ctx, "#create")
	waitJS(t, ctx, `!!document.querySelector('#bot-form:not([hidden]) #add-bot')`)
	evalString(t, ctx, fmt.Sprintf(`(s => { s.value = %q; s.dispatchEvent(new Event("change")); return ""; })(document.querySelector('#bot-level'))`, level))
	clickCentre(t, ctx, "#add-bot")
	waitJS(t, ctx, `document.querySelectorAll('#players li').length === 2 && !!document.querySelector('#players li[data-bot] .bot-tag')`)
	shot(t, ctx, "room-bot")
	if got := evalString(t, ctx, `document.querySelector('#players li[data-bot]').dataset.bot`); got != level {
		t.Errorf("bot seat marked %q, want %q", got, level)
	}
	if evalString(t, ctx, `String(!!document.querySelector('#bot-form'))`) != "false" {
		t.Error("Add a bot is still offered when every seat is taken")
	}
}
