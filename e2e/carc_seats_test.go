package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCarcassonneSixSeats: Inns & Cathedrals brings a sixth player. The list of games offers Carcassonne
// with 2 to 6 seats; in the lobby six seats may be chosen only with Inns & Cathedrals ticked (a six
// chosen comes down to five when it is unticked), and a table for six with others, and a game of six
// against five bots, are created from it.
func TestCarcassonneSixSeats(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	var list struct {
		Games []struct {
			Name     string `json:"name"`
			MinSeats int    `json:"min_seats"`
			MaxSeats int    `json:"max_seats"`
		} `json:"games"`
	}
	e.getJSON("/api/games", "", &list)
	found := false
	for _, g := range list.Games {
		if g.Name == "carcassonne" {
			found = true
			if g.MinSeats != 2 || g.MaxSeats != 6 {
				t.Errorf("/api/games offers Carcassonne with %d to %d seats, want 2 to 6", g.MinSeats, g.MaxSeats)
			}
		}
	}
	if !found {
		t.Fatalf("/api/games lists no Carcassonne: %+v", list)
	}

	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	lobby := func() {
		run(t, ctx, chromedp.Navigate(e.url+"/"))
		waitJS(t, ctx, `!!document.querySelector('#create-form')`)
		run(t, ctx, chromedp.SetValue(chromedp.CSS("#name"), "Ada"), chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
		evalString(t, ctx, `document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
		waitJS(t, ctx, `!document.querySelector('#mode-bots').closest('label').hidden`)
	}
	setNumber := func(sel, v string) {
		run(t, ctx, chromedp.SetValue(chromedp.CSS(sel), v))
		evalString(t, ctx, `document.querySelector('`+sel+`').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	}
	// expect checks a number field's most and value ("5 2") at a moment of the lobby (when).
	expect := func(sel, want, when string) {
		t.Helper()
		if got := evalString(t, ctx, `(f => f.max + " " + f.value)(document.querySelector('`+sel+`'))`); got != want {
			t.Errorf("%s (most, chosen) %q %s, want %s", sel, got, when, want)
		}
	}

	// With others, six seats; against bots, five bots: with Inns & Cathedrals only.
	for _, c := range []struct{ mode, field, start, most, less string }{
		{"#mode-others", "#seats", "5 2", "6", "5"},
		{"#mode-bots", "#bot-count", "4 1", "5", "4"},
	} {
		lobby()
		click(t, ctx, c.mode)
		expect(c.field, c.start, "without Inns & Cathedrals")
		click(t, ctx, "#exp-inns_cathedrals")
		setNumber(c.field, c.most)
		expect(c.field, c.most+" "+c.most, "with Inns & Cathedrals")
		click(t, ctx, "#exp-inns_cathedrals")
		expect(c.field, c.less+" "+c.less, "once Inns & Cathedrals is unticked")
		click(t, ctx, "#exp-inns_cathedrals")
		setNumber(c.field, c.most)
		shot(t, ctx, "carc-six-lobby"+strings.TrimPrefix(c.mode, "#mode"))
		click(t, ctx, "#create")
		if c.mode == "#mode-bots" {
			break
		}
		waitJS(t, ctx, `location.pathname.startsWith("/m/")`)
		var st struct {
			Match struct {
				MaxSeats int `json:"max_seats"`
			} `json:"match"`
		}
		e.getJSON("/api/matches/"+matchID(t, ctx), "", &st)
		if st.Match.MaxSeats != 6 {
			t.Errorf("the table for six opened with %d seats", st.Match.MaxSeats)
		}
		waitJS(t, ctx, `document.body.innerText.includes("1/6")`)
	}
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	var st struct {
		Match struct {
			Players []struct {
				Bot string `json:"bot"`
			} `json:"players"`
		} `json:"match"`
	}
	e.getJSON("/api/matches/"+matchID(t, ctx), "", &st)
	bots := 0
	for _, p := range st.Match.Players {
		if p.Bot != "" {
			bots++
		}
	}
	if len(st.Match.Players) != 6 || bots != 5 {
		t.Fatalf("the game against bots seats %d players, %d of them bots: want Ada and 5 bots", len(st.Match.Players), bots)
	}
	waitJS(t, ctx, `document.querySelectorAll('#carc-players tr[data-seat]').length === 6`)
	shot(t, ctx, "carc-six-table")
	phoneView(t, ctx, "carc-six-table-phone", 1440, 900)
}
