package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// panelsOverflowing lists the page's panels whose content is wider than they are (a table pushed out of
// its column), and the page itself when it is wider than the screen.
const panelsOverflowing = `JSON.stringify([...document.querySelectorAll('.panel, #screen')].filter(p => p.offsetParent !== null && p.scrollWidth > p.clientWidth + 1)
	.map(p => (p.id || p.className) + " " + p.scrollWidth + ">" + p.clientWidth)
	.concat(document.documentElement.scrollWidth > innerWidth ? ["page " + document.documentElement.scrollWidth + ">" + innerWidth] : []))`

// TestCarcassonneTableFitsEveryLanguage: the table of a game with every expansion (three players, their
// goods and figures) keeps every panel's content inside it in English, French and Portuguese, at 1440x900
// and on a phone (390x844): the longer words of French and Portuguese ("Figurines", "Pontuação") once
// pushed the score table out of its column.
func TestCarcassonneTableFitsEveryLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	for _, l := range []string{"en", "fr", "pt"} {
		for _, v := range []struct {
			w, h  int64
			phone bool
		}{{1440, 900, false}, {390, 844, true}} {
			if v.phone {
				run(t, ctx, chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
			} else {
				run(t, ctx, chromedp.EmulateViewport(v.w, v.h))
			}
			var ok string
			evalJSON(t, ctx, `import("/js/i18n.js").then(m => { m.setLanguage("`+l+`"); return JSON.stringify("ok"); })`, &ok)
			evalJSON(t, ctx, expansionTable+`(false, false)`, &ok)
			waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
			var over []string
			evalJSON(t, ctx, panelsOverflowing, &over)
			if len(over) > 0 {
				t.Errorf("%s at %dx%d: content wider than its box: %v", l, v.w, v.h, over)
			}
			if v.phone {
				shot(t, ctx, "carc-table-"+l+"-phone")
			} else {
				shot(t, ctx, "carc-table-"+l)
			}
		}
	}
}
