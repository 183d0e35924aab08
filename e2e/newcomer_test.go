package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNewcomerReadsTheLobbyAndTheInvite: the lobby offers clocks by speed in words (a mode and a length
// are asked only for a clock of one's own), and the invite page says what game, content and clock a
// visitor is joining.
func TestNewcomerReadsTheLobbyAndTheInvite(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	if evalString(t, ctx, `String(document.querySelector('.clock-custom').hidden)`) != "true" {
		t.Error("a clock's mode and length are asked while no clock of one's own is chosen")
	}
	presets := evalString(t, ctx, `[...document.querySelectorAll('#clock option')].map(o => o.textContent).join('|')`)
	for _, want := range []string{"1 minute a move", "5 minutes a move", "30 minutes per player for the game",
		"1 day a move", "3 days a move", "7 days a move"} {
		if !strings.Contains(presets, want) {
			t.Errorf("the lobby's clocks are %q, lacking %q", presets, want)
		}
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#clock"), "custom"))
	evalString(t, ctx, `document.querySelector('#create-form').dispatchEvent(new Event('change')), ""`)
	waitJS(t, ctx, `!document.querySelector('.clock-custom').hidden`)

	var m struct{ ID string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 3,
		"options": map[string]string{"preset": "heroes"}, "clock": map[string]any{"mode": "move", "seconds": 86400}}, &m)
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ctx, `!!document.querySelector('#joining-what')`)
	got := evalString(t, ctx, `document.querySelector('#joining-what').textContent`)
	for _, want := range []string{"Cartographers Heroes", "Map side C", "Clock: 1 day a move"} {
		if !strings.Contains(got, want) {
			t.Errorf("the invite page says %q, lacking %q", got, want)
		}
	}
	// The test's server is at 127.0.0.1: the page says the link reaches nobody else, in a player's words
	// (no command-line flag, no file name).
	local := evalString(t, ctx, `(document.querySelector('#invite-local') || {}).textContent || ""`)
	if !strings.Contains(local, "only on this computer") {
		t.Errorf("an invite link to 127.0.0.1 is offered without saying it works only here: %q", local)
	}
	if strings.Contains(local, "--") || strings.Contains(local, "README") {
		t.Errorf("the invite page speaks to an operator: %q", local)
	}
	shot(t, ctx, "invite")
}

// TestNoDeveloperNotesAtTheTable: a Heroes game on map side C shows players no note about where the
// side's data came from (it did: "This map side's data comes from a single source").
func TestNoDeveloperNotesAtTheTable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	id, token := e.startSolo("heroes")
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
	if text := evalString(t, ctx, `document.querySelector('#screen').innerText`); strings.Contains(text, "source") {
		t.Errorf("the table shows a developer's note: %q", lineWith(text, "source"))
	}
}

// TestPhoneConfirmInView: on a 390x844 phone, Confirm is on the screen while the map is, in both games:
// a turn needs no scrolling (it sat at y≈960 below the board).
func TestPhoneConfirmInView(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	carc := e.startCarcassonne(false)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	for _, c := range []struct{ id, token, ready string }{
		{id, token, "#main-sheet[data-ready]"},
		{carc.ID, carc.Token, "#carc-board[data-ready]"},
	} {
		holdSeat(t, ctx, e, c.id, c.token, "en")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+c.id))
		waitJS(t, ctx, `!!document.querySelector('`+c.ready+`') && !!document.querySelector('#confirm')`)
		var got struct{ Top, Bottom, Height float64 }
		evalJSON(t, ctx, `(r => JSON.stringify({Top: r.top, Bottom: r.bottom, Height: innerHeight}))(document.querySelector('#confirm').getBoundingClientRect())`, &got)
		if got.Top < 0 || got.Bottom > got.Height {
			t.Errorf("%s: Confirm at y %.0f-%.0f on a %.0f-px screen", c.ready, got.Top, got.Bottom, got.Height)
		}
		// The table prints no absent part as text ("null" sat under the board of a game without the Land
		// Surveyors, where the piles' panel is absent).
		if text := evalString(t, ctx, `document.querySelector('#screen').innerText`); regexp.MustCompile(`\bnull\b`).MatchString(text) {
			t.Errorf("%s: the table prints %q", c.ready, lineWith(text, "null"))
		}
		shot(t, ctx, "phone-confirm-"+c.id[:4])
		// A dialog covers the buttons at the screen's foot (they once showed through the rules' dialog).
		click(t, ctx, "#rules-open")
		waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
		if in := evalString(t, ctx, `String(!!document.elementFromPoint(innerWidth / 2, innerHeight - 20).closest('#rules-modal'))`); in != "true" {
			t.Errorf("%s: the screen's foot shows through the rules' dialog", c.ready)
		}
		click(t, ctx, "#rules-close")
	}
}

// TestSheetFitsADesktopScreen: at 1440x900 the whole sheet, row K and the coin track included, is on the
// screen without scrolling (row K and the coins sat below the fold).
func TestSheetFitsADesktopScreen(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
	var got struct{ Sheet, Coins, Height float64 }
	evalJSON(t, ctx, `JSON.stringify({Sheet: document.querySelector('#main-sheet').getBoundingClientRect().bottom,
		Coins: Math.max(...[...document.querySelectorAll('#main-sheet .coin')].map(c => c.getBoundingClientRect().bottom)),
		Height: innerHeight})`, &got)
	if got.Sheet > got.Height || got.Coins > got.Height {
		t.Errorf("at 1440x900 the sheet ends at y %.0f and its coins at %.0f, below the %.0f-px screen", got.Sheet, got.Coins, got.Height)
	}
	shot(t, ctx, "desktop-1440")
}

// TestPhoneReadsScoringRules: on a phone, where a scoring card's rule is not shown (it was only a hover
// tooltip, unreadable by touch), a tap on the card shows it.
func TestPhoneReadsScoringRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	openTable(t, ctx, e, id, token, "en", `#edicts .edict[data-edict="0"]`)
	visible := `getComputedStyle(document.querySelector('#edicts .edict[data-edict="0"] .rule')).display !== "none"`
	if evalString(t, ctx, `String(`+visible+`)`) != "false" {
		t.Fatal("the rule already shows on a phone: the test would prove nothing")
	}
	click(t, ctx, `#edicts .edict[data-edict="0"]`)
	waitJS(t, ctx, visible)
}

// TestZoomCoversNoTile: on a phone and on a desktop the Carcassonne zoom buttons do not lie over the board
// (they covered a tile, on a desktop the corner of one being placed and the meeple spot on it).
func TestZoomCoversNoTile(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	carc := e.startCarcassonne(false)
	for _, size := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := browser(t, "en-US")
			if size.phone {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
			} else {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
			}
			openTable(t, ctx, e, carc.ID, carc.Token, "en", `#carc-board[data-ready]`)
			over := evalString(t, ctx, `(() => { const b = document.querySelector('#carc-board').getBoundingClientRect();
				const z = document.querySelector('.zoom').getBoundingClientRect();
				return String(z.left < b.right && z.right > b.left && z.top < b.bottom && z.bottom > b.top); })()`)
			if over != "false" {
				t.Errorf("the zoom buttons lie over the board at %dx%d", size.w, size.h)
			}
		})
	}
}

// TestInviteABotByName: a host invites a bot account by name from the waiting room; an unknown name is
// refused in words, and so is a person's name from a guest (inviting people by name takes an account).
func TestInviteABotByName(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	bot := e.signUp(t, "Robo")
	bot.post("/api/account/bot", struct{}{}, nil)
	e.signUp(t, "Bea")
	var m struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 2}, &m)
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, m.ID, m.Token, "en", `#invite-bot-form`)
	for _, c := range []struct{ name, want string }{
		{"Nobody", "No account has that name."},
		{"Robo", "Invitation sent to Robo."},
		{"Bea", "Sign in to invite people by name, or send them the invite link."},
	} {
		// Typed in one go (the room may be drawn again between two steps: what was typed survives it).
		evalString(t, ctx, fmt.Sprintf(`(i => (i.value = %q, i.dispatchEvent(new Event('input')), ""))(document.querySelector('#invite-bot-name'))`, c.name))
		click(t, ctx, "#invite-bot")
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#invite-bot-said').textContent === %q`, c.want))
	}
}

// TestRulesOneTapAway: at either table the rules reference opens with a tap (or "?"): the scoring cards in
// play with their rules and the Heroes monsters' abilities; Carcassonne's scoring and every Land Surveyors tile.
func TestRulesOneTapAway(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("heroes")
	carc := e.startCarcassonne(true)
	ctx := browser(t, "pt-BR")
	for _, c := range []struct {
		id, token, ready string
		want             []string
	}{
		{id, token, "#main-sheet[data-ready]", []string{"Olhar da Górgona", "custa uma estrela"}},
		{carc.ID, carc.Token, "#carc-board[data-ready]", []string{"Peregrinação", "2 pontos por peça", "Júri"}},
	} {
		holdSeat(t, ctx, e, c.id, c.token, "pt")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+c.id))
		waitJS(t, ctx, `!!document.querySelector('`+c.ready+`') && !!document.querySelector('#rules-open')`)
		click(t, ctx, "#rules-open")
		waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
		shot(t, ctx, "rules-"+c.id[:4])
		text := evalString(t, ctx, `document.querySelector('#rules-modal').innerText`)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the rules reference lacks %q: %.300s", c.ready, w, text)
			}
		}
		click(t, ctx, "#rules-close")
		waitJS(t, ctx, `!document.querySelector('#rules-modal')`)
		press(t, ctx, "?")
		waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
		click(t, ctx, "#rules-close")
	}
}

// openTable opens a match's page as the seat a token holds, in a language, and waits for a selector.
func openTable(t *testing.T, ctx context.Context, e *env, id, token, lang, ready string) {
	t.Helper()
	holdSeat(t, ctx, e, id, token, lang)
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `!!document.querySelector('`+ready+`')`)
}
