package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pastTheEdge lists the innermost elements, outside a scrolling box, that reach past the right edge of the
// screen: what makes a phone's page wider than the phone.
const pastTheEdge = `JSON.stringify((() => {
  const W = document.documentElement.clientWidth, out = [];
  const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) { if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX) && p !== document.documentElement && p !== document.body) return true; } return false; };
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= W + 1 || scrolls(e)) continue;
    if ([...e.children].some(c => c.getBoundingClientRect().right > W + 1)) continue;
    out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " " + JSON.stringify((e.textContent || "").trim().slice(0, 30)) + " right " + Math.round(r.right));
  }
  if (document.documentElement.scrollWidth > W) out.push("the page is " + document.documentElement.scrollWidth + " px wide on a " + W + " px screen");
  return out;
})())`

// TestReview3WebPhoneFitsInFrench: on a phone (390x844), in French, a signed-in player's lobby with an
// open table to join or watch, and a profile with solo titles, are no wider than the screen (the lobby's
// "Rejoindre" and "Regarder" pushed it 11 px wider, the solo titles' column 113 px), and the header's
// controls are each at least 40 px square, a finger's size (the name and the gear were 19 px tall, the
// language menu cut "Português").
func TestReview3WebPhoneFitsInFrench(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	ada, bea := newPlayer(t, e.url, "Ada"), newPlayer(t, e.url, "Bea")
	var solo struct{ ID string }
	ada.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	ada.must("POST", "/api/matches/"+solo.ID+"/start", map[string]any{}, nil)
	playOut(t, solo.ID, map[string]*player{"Ada": ada})
	bea.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Bea", "max_seats": 2}, nil)

	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	for _, p := range []struct{ path, ready string }{
		{"/", `!!document.querySelector('#signed-in-as') && !!document.querySelector('[data-watch]')`},
		{"/u/Ada", `!!document.querySelector('#solo td.titles')`},
	} {
		run(t, ctx, chromedp.Navigate(e.url+p.path))
		waitJS(t, ctx, p.ready)
		var over []string
		evalJSON(t, ctx, pastTheEdge, &over)
		if len(over) > 0 {
			t.Errorf("%s on a phone, in French: wider than the screen: %v", p.path, over)
		}
		shot(t, ctx, "review3web-phone-fr"+map[string]string{"/": "-lobby", "/u/Ada": "-profile"}[p.path])
	}
	var small []string
	evalJSON(t, ctx, `JSON.stringify(["#nav-tournaments", "#bell", "#signed-in-as", "#settings-link", "#lang"].flatMap(s => {
		const r = document.querySelector(s).getBoundingClientRect();
		return r.width >= 40 && r.height >= 40 ? [] : [s + " " + Math.round(r.width) + "x" + Math.round(r.height)];
	}))`, &small)
	if len(small) > 0 {
		t.Errorf("header controls smaller than a finger (40 px): %v", small)
	}
	// The lobby's choices (solo, with others, rated...) are tapped through their labels.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#mode-others')`)
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll("label:has(> input[type=checkbox]), label:has(> input[type=radio])")].flatMap(l => {
		const r = l.getBoundingClientRect();
		return r.height === 0 || r.height >= 40 ? [] : [l.textContent.trim() + " " + Math.round(r.height)];
	}))`, &small)
	if len(small) > 0 {
		t.Errorf("choices shorter than a finger (40 px): %v", small)
	}
	setLang(t, ctx, "pt")
	if w := evalString(t, ctx, `(s => { const c = document.createElement("canvas").getContext("2d"); c.font = getComputedStyle(s).font;
		return String(c.measureText(s.selectedOptions[0].text).width + 20 <= s.clientWidth); })(document.querySelector('#lang'))`); w != "true" {
		t.Error("the language menu cuts its Portuguese name on a phone")
	}
}

// TestReview3WebTableWordsInFrench, in French at 1280x900: the leaderboard's rating column says
// "Classement" (it said "Score solo", the solo game's figure, under the same key), while a finished solo
// game says "Score solo : N · Titre : ..." with French colons; its score box has one heading "Édits" over
// the season's two edicts (it read "Édit | Édit"); and the chat's field shows its whole hint (at its
// default width it cut "Dites quelque chose à la"). The header's keyboard focus shows in parchment.
func TestReview3WebTableWordsInFrench(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	ada := newPlayer(t, e.url, "Ada")
	var solo struct{ ID, Token string }
	ada.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	ada.must("POST", "/api/matches/"+solo.ID+"/start", map[string]any{}, nil)
	playOut(t, solo.ID, map[string]*player{"Ada": ada})

	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.EmulateViewport(1280, 900))
	run(t, ctx, chromedp.Navigate(e.url+"/leaderboard/carcassonne"))
	waitJS(t, ctx, `!!document.querySelector('#board-bots th')`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#board-bots th')].map(th => th.textContent).join(" | ")`); got != "Niveau du robot | Classement" {
		t.Errorf("the robots' ratings are headed %q", got)
	}
	// Keyboard focus in the dark header is drawn in parchment (the buttons' blue ring was dim on its ink).
	press(t, ctx, "\t")
	if got := evalString(t, ctx, `(e => e && e.closest("header.top") ? getComputedStyle(e).outlineColor : "focus on " + (e && e.outerHTML.slice(0, 60)))(document.activeElement)`); got != "rgb(246, 239, 221)" {
		t.Errorf("the header's first focused control is outlined in %s", got)
	}
	evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", JSON.stringify({token: %q, seat: 0})), ""`, solo.ID, solo.Token))
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+solo.ID))
	waitJS(t, ctx, `!!document.querySelector('#solo-title') && !!document.querySelector('#chat-text')`)
	if got := evalString(t, ctx, `document.querySelector('.solo-result').textContent`); !regexp.MustCompile(`^Score solo : -?\d+ · Titre : \S`).MatchString(got) {
		t.Errorf("the solo result reads %q", got)
	}
	if got := evalString(t, ctx, `[...document.querySelectorAll('#scorebox thead th')].map(th => th.textContent + (th.colSpan > 1 ? "×" + th.colSpan : "")).join(" | ")`); got != "Saison | Édits×2 | Pièces | Monstres | Total" {
		t.Errorf("the score box's headings read %q", got)
	}
	if got := evalString(t, ctx, `(s => { const c = document.createElement("canvas").getContext("2d"); c.font = getComputedStyle(s).font;
		return c.measureText(s.placeholder).width + 8 <= s.clientWidth ? "" : s.placeholder + " in " + s.clientWidth + " px"; })(document.querySelector('#chat-text'))`); got != "" {
		t.Errorf("the chat's field cuts its hint: %s", got)
	}
}

// TestReview3WebTouchHintInFrench: the Carcassonne tile's hint names what the player has. With a mouse,
// "Cliquez ... R ou la molette"; on a phone, which has neither keys nor wheel, "Touchez ... Pivoter" (it
// said "Cliquez ... R ou la molette" there too).
func TestReview3WebTouchHintInFrench(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	m := e.startCarcassonne(false)
	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", JSON.stringify({token: %q, seat: 0})), ""`, m.ID, m.Token))
	for _, c := range []struct {
		phone bool
		want  string
	}{{false, "Cliquez sur un emplacement en surbrillance ou glissez-y la tuile ; R ou la molette la fait pivoter."},
		{true, "Touchez un emplacement en surbrillance ou glissez-y la tuile ; Pivoter la fait tourner."}} {
		if c.phone {
			run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
		} else {
			run(t, ctx, chromedp.EmulateViewport(1280, 900))
		}
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
		waitJS(t, ctx, `!!document.querySelector('#carc-hint')`)
		if got := evalString(t, ctx, `document.querySelector('#carc-hint').textContent`); got != c.want {
			t.Errorf("phone %v: the tile's hint reads %q, want %q", c.phone, got, c.want)
		}
		if c.phone {
			// Once the tile lies, a tap on it turns it, said so.
			mv := e.carcLegal(m.ID, m.Token)[0]
			clickCell(t, ctx, mv.X, mv.Y)
			waitJS(t, ctx, `/^Posez un meeple/.test(document.querySelector('#carc-hint').textContent)`)
			if got := evalString(t, ctx, `document.querySelector('#carc-hint').textContent`); !strings.HasSuffix(got, "Toucher la tuile la fait pivoter.") {
				t.Errorf("with the tile laid, on a phone, the hint reads %q", got)
			}
		}
	}
}

// TestReview3WebFinishedCarcassonneStatus: a finished Carcassonne table's status line says the game is
// over, in Portuguese "Fim de jogo", without the empty pile's count beside it ("0 peça restante").
func TestReview3WebFinishedCarcassonneStatus(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	m := e.startCarcassonne(false)
	e.finishByAPI(m.ID, []string{m.Token, m.Bea})
	ctx := browser(t, "pt-BR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", JSON.stringify({token: %q, seat: 0})), ""`, m.ID, m.Token))
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ctx, `/Fim de jogo/.test(document.querySelector('.status')?.textContent || "")`)
	if got := evalString(t, ctx, `document.querySelector('.status').textContent`); strings.Contains(got, "restante") {
		t.Errorf("the finished table's status reads %q", got)
	}
}
