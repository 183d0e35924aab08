package e2e

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/server"
)

// TestDailyChallenge: a signed-in player finds today's challenges in the lobby, starts the Cartographers
// daily (ranked), plays it to its end (its moves sent through the API with the page's seat), and is led
// from the end screen to the challenge's leaderboard with the text to share; a second signed-in player is
// told the scores stay hidden until she has played hers, then sees both; a guest practises and opens the
// replay of their attempt; the profile counts the streak; the reminder is kept from the settings page.
// Ada's end screen offers her result to share as text beside the picture of her sheet (a PNG); Bea,
// finished, reviews her game from the board: the replay with the analysis, where a costly move reads in
// words with its cost in stars.
func TestDailyChallenge(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, 11, func(c *server.Config) { c.Analysis = analysis.Options{Samples: 1} }) // a cheap analysis
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	click(t, ctx, "#sign-in")
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-name"), "Ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, ctx, "#do-sign-up")
	waitJS(t, ctx, `!!document.querySelector('#signed-in-as')`)
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#challenges:not([hidden]) .challenge .challenge-play')`)
	cards := evalString(t, ctx, `[...document.querySelectorAll('#challenges .challenge')].map(c => c.dataset.challenge).join(" ")`)
	if n := len(strings.Fields(cards)); n != 3 || !strings.HasPrefix(cards, "cartographers-daily-") {
		t.Fatalf("the lobby's challenges: %q, want each game's daily and the weekly", cards)
	}
	if got := evalString(t, ctx, `document.querySelector('#challenges .challenge .challenge-play').textContent`); got != "Play (ranked)" {
		t.Fatalf("the daily's button reads %q", got)
	}
	shot(t, ctx, "challenges-lobby")
	phoneShot(t, ctx, "challenges-lobby-phone", 1440, 900)

	click(t, ctx, "#challenges .challenge .challenge-play")
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
	id := matchID(t, ctx)
	token, _ := seatOf(t, ctx, id)
	challenge := strings.Fields(cards)[0]
	// playOut plays a solo attempt to its end through the API with its seat, the moves spread over the
	// legal ones.
	playOut := func(id, token string) {
		for moves := 0; ; moves++ {
			var st struct {
				Match struct {
					Status string `json:"status"`
					ToAct  []int  `json:"to_act"`
				} `json:"match"`
			}
			e.getJSON("/api/matches/"+id, token, &st)
			if st.Match.Status == "finished" {
				break
			}
			if moves > 500 || !slices.Contains(st.Match.ToAct, 0) {
				t.Fatalf("after %d moves the solo challenge waits: %+v", moves, st.Match)
			}
			mv := legalMoves[json.RawMessage](e, id, token)
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": mv[moves%len(mv)]}, nil)
		}
	}
	playOut(id, token)
	waitJS(t, ctx, `!!document.querySelector('#final') && !!document.querySelector('#to-challenge-board')`)
	// The end screen leads to the challenge's board instead of the record, which holds the seed.
	if got := evalString(t, ctx, `document.querySelector('#to-challenge-board').getAttribute('href')`); got != "/challenge/"+challenge {
		t.Fatalf("the end screen's board link is %q", got)
	}
	// Beside it, the result to share: the text, and the sheet's picture (saved where the browser has no
	// share sheet that takes files, as headless Chromium). Reloaded, the end screen comes without the
	// seasons' scoring the game played meanwhile.
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `!!document.querySelector('#attempt-share:not([hidden]) #share-picture')`)
	if got := evalString(t, ctx, `document.querySelector('#attempt-share-text').textContent`); !regexp.MustCompile(`^Surveyor · Cartographers · daily challenge · .*: \d+ stars?`).MatchString(got) {
		t.Fatalf("the end screen's text to share: %q", got)
	}
	shot(t, ctx, "challenge-end-share")
	click(t, ctx, "#share-picture")
	waitJS(t, ctx, `!!document.querySelector('#picture-png') && document.querySelector('#picture-png').href.startsWith("blob:")`)
	var png struct{ Bytes, Width, Height int }
	evalJSON(t, ctx, `(d => JSON.stringify({Bytes: +d.bytes, Width: +d.width, Height: +d.height}))(document.querySelector('#picture-png').dataset)`, &png)
	// A sheet of 11 by 11 spaces drawn at twice its size: hundreds of pixels a side, tens of kilobytes.
	if png.Bytes < 20000 || png.Width < 400 || png.Height < 400 || png.Width > 4*png.Height || png.Height > 4*png.Width ||
		evalString(t, ctx, `document.querySelector('#picture-png').dataset.type`) != "image/png" {
		t.Fatalf("the shared picture: %+v", png)
	}
	if got := evalString(t, ctx, `document.querySelector('#share-picture-note').textContent`); got == "" {
		t.Fatal("the end screen does not say the picture was saved")
	}
	// Where the browser's share sheet takes files (a phone's), the picture goes there with the text.
	evalString(t, ctx, `navigator.canShare = (d) => !!(d.files && d.files.length);
		navigator.share = async (d) => { window.shared = {files: d.files.length, type: d.files[0].type, size: d.files[0].size, name: d.files[0].name, text: d.text}; }; ""`)
	click(t, ctx, "#share-picture")
	waitJS(t, ctx, `!!window.shared`)
	var shared struct {
		Files, Size      int
		Type, Name, Text string
	}
	evalJSON(t, ctx, `JSON.stringify(window.shared)`, &shared)
	if shared.Files != 1 || shared.Type != "image/png" || shared.Size < 20000 || shared.Name != "surveyor-"+challenge+".png" ||
		!strings.HasPrefix(shared.Text, "Surveyor · Cartographers · daily challenge") {
		t.Fatalf("shared with the device: %+v", shared)
	}
	if got := evalString(t, ctx, `document.querySelector('#share-picture-note').textContent`); got != "Shared." {
		t.Fatalf("after sharing the end screen says %q", got)
	}

	// A guest practises: the attempt is shown to its player only while the challenge runs, and the
	// page names its seat to see its replay.
	guest := incognito(t, ctx)
	run(t, guest, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(e.url+"/"))
	waitJS(t, guest, `!!document.querySelector('#challenges:not([hidden]) .challenge .challenge-play')`)
	if got := evalString(t, guest, `document.querySelector('#challenges .challenge .challenge-play').textContent`); got != "Practice" {
		t.Fatalf("a guest's button reads %q", got)
	}
	click(t, guest, "#challenges .challenge .challenge-play")
	waitJS(t, guest, `!!document.querySelector('#main-sheet[data-ready]')`)
	gid := matchID(t, guest)
	gtok, _ := seatOf(t, guest, gid)
	e.postJSON("/api/matches/"+gid+"/resign", gtok, struct{}{}, nil)
	run(t, guest, chromedp.Navigate(e.url+"/m/"+gid+"/replay"))
	waitJS(t, guest, `!!document.querySelector('#replay-step')`)
	// The lobby's card in French, on a desktop and a phone.
	evalString(t, guest, `localStorage.setItem("surveyor.lang", "fr"), ""`)
	run(t, guest, chromedp.Navigate(e.url+"/"))
	waitJS(t, guest, `!!document.querySelector('#challenges:not([hidden]) .challenge .challenge-play')`)
	if got := evalString(t, guest, `document.querySelector('#challenges h2').textContent + " / " + document.querySelector('#challenges .challenge-play').textContent`); got != "Défis du jour / S'entraîner" {
		t.Fatalf("the French card reads %q", got)
	}
	shot(t, guest, "challenges-lobby-fr")
	phoneShot(t, guest, "challenges-lobby-fr-phone", 1440, 900)
	// On a phone the lobby is as wide as the screen: no column kept wider by its longest option.
	run(t, guest, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile), chromedp.Reload())
	waitJS(t, guest, `!!document.querySelector('#challenges:not([hidden]) .challenge .challenge-play')`)
	if got := evalString(t, guest, `document.documentElement.scrollWidth + "x" + innerWidth`); got != "390x390" {
		t.Errorf("the French lobby on a 390 px phone is %s wide (page x layout viewport)", got)
	}
	run(t, guest, chromedp.EmulateViewport(1440, 900))

	// Bea signs in elsewhere and has not played: the board stays hidden from her, and says why.
	bea := incognito(t, ctx)
	run(t, bea, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(e.url+"/"))
	waitJS(t, bea, `!!document.querySelector('#sign-in')`)
	click(t, bea, "#sign-in")
	run(t, bea, chromedp.SendKeys(chromedp.CSS("#account-name"), "Bea"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, bea, "#do-sign-up")
	waitJS(t, bea, `!!document.querySelector('#signed-in-as')`)
	run(t, bea, chromedp.Navigate(e.url+"/challenge/"+challenge))
	waitJS(t, bea, `!!document.querySelector('#challenge-board-hidden')`)
	if got := evalString(t, bea, `document.querySelector('#challenge-board-hidden').textContent`); !strings.Contains(got, "Finish your ranked attempt") {
		t.Fatalf("Bea is told %q", got)
	}
	shot(t, bea, "challenge-board-hidden")

	// Bea plays her ranked attempt from her lobby; finished, she sees the board with both of them.
	run(t, bea, chromedp.Navigate(e.url+"/"))
	waitJS(t, bea, `!!document.querySelector('#challenges:not([hidden]) .challenge .challenge-play')`)
	click(t, bea, "#challenges .challenge .challenge-play")
	waitJS(t, bea, `!!document.querySelector('#main-sheet[data-ready]')`)
	beaID := matchID(t, bea)
	beaTok, _ := seatOf(t, bea, beaID)
	playOut(beaID, beaTok)
	run(t, bea, chromedp.Navigate(e.url+"/challenge/"+challenge))
	waitJS(t, bea, `document.querySelectorAll('#challenge-board tr[data-rank]').length === 2`)
	// She reviews her game from the board: the replay, its analysis asked for at once; a costly decision
	// of the fair lens leads to its step, which names the move in words and its cost in stars.
	click(t, bea, "#challenge-review")
	waitJS(t, bea, `!!document.querySelector('#main-sheet') && !!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-costly')`)
	shot(t, bea, "challenge-review")
	phoneShot(t, bea, "challenge-review-phone", 1440, 900)
	click(t, bea, `#analysis .an-lens[data-lens="fair"] .an-costly`)
	waitJS(t, bea, `!!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-cost')`)
	step := evalString(t, bea, `document.querySelector('#analysis .an-lens[data-lens="fair"] .an-step').innerText`)
	if !regexp.MustCompile(`Played: .*(Forest|Village|Farm|Water|Monster)( [A-K]\d+)+`).MatchString(step) ||
		!regexp.MustCompile(`Cost: \d+(\.\d+)? stars`).MatchString(step) || strings.Contains(step, "Cost: 0 ") {
		t.Fatalf("Bea's costly step reads %q", step)
	}
	shot(t, bea, "challenge-review-step")
	// The lobby's card, the board and the review in each language, on a desktop and a phone.
	for _, c := range []struct{ lang, review, analysis string }{
		{"en", "Review my game", "Analysis"}, {"fr", "Revoir ma partie", "Analyse"}, {"pt", "Rever minha partida", "Análise"},
	} {
		evalString(t, bea, `localStorage.setItem("surveyor.lang", "`+c.lang+`"), ""`)
		run(t, bea, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.url+"/"))
		waitJS(t, bea, `!!document.querySelector('#challenges:not([hidden]) .challenge-board-link')`)
		shot(t, bea, "challenge-lobby-"+c.lang)
		phoneShot(t, bea, "challenge-lobby-"+c.lang+"-phone", 1280, 800)
		click(t, bea, "#challenges .challenge-board-link")
		waitJS(t, bea, `!!document.querySelector('#challenge-review') && !!document.querySelector('#challenge-share-text')`)
		if got := evalString(t, bea, `document.querySelector('#challenge-review').textContent`); got != c.review {
			t.Errorf("%s: the board's review link reads %q", c.lang, got)
		}
		shot(t, bea, "challenge-board-"+c.lang)
		phoneShot(t, bea, "challenge-board-"+c.lang+"-phone", 1280, 800)
		click(t, bea, "#challenge-review")
		waitJS(t, bea, `!!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-costly')`)
		click(t, bea, `#analysis .an-lens[data-lens="fair"] .an-costly`)
		waitJS(t, bea, `!!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-cost')`)
		if got := evalString(t, bea, `document.querySelector('#analysis h3').textContent`); got != c.analysis {
			t.Errorf("%s: the analysis is headed %q", c.lang, got)
		}
		shot(t, bea, "challenge-review-"+c.lang)
		phoneShot(t, bea, "challenge-review-"+c.lang+"-phone", 1280, 800)
	}

	// Ada's lobby card now links the board, which ranks her and offers the text to share.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#challenges .challenge-board-link')`)
	if got := evalString(t, ctx, `document.querySelector('#challenges .challenge .challenge-play').textContent`); got != "Practice" {
		t.Fatalf("after the ranked attempt the daily's button reads %q", got)
	}
	if got := evalString(t, ctx, `document.querySelector('#challenges .challenge-review-link').getAttribute('href')`); got != "/m/"+id+"/replay?analyse=1" {
		t.Fatalf("the lobby card's review link leads to %q", got)
	}
	click(t, ctx, "#challenges .challenge-board-link")
	waitJS(t, ctx, `!!document.querySelector('#challenge-board tr[data-rank="1"]') && !!document.querySelector('#challenge-share-text')`)
	row := evalString(t, ctx, `document.querySelector('#challenge-board tr[data-rank="1"]').textContent`)
	share := evalString(t, ctx, `document.querySelector('#challenge-share-text').textContent`)
	// the text to share is the page's language's: the challenge's title, the score in stars
	if !strings.Contains(row, "Ada") || !strings.HasPrefix(share, "Surveyor · Cartographers · daily challenge · ") ||
		!regexp.MustCompile(`: \d+ stars?( |$)`).MatchString(share) {
		t.Fatalf("board row %q, share text %q", row, share)
	}
	shot(t, ctx, "challenge-board")
	phoneShot(t, ctx, "challenge-board-phone", 1440, 900)

	// Her profile counts the day in her streak.
	run(t, ctx, chromedp.Navigate(e.url+"/u/Ada"))
	waitJS(t, ctx, `!!document.querySelector('#challenge-streak')`)
	if got := evalString(t, ctx, `document.querySelector('#challenge-streak').textContent`); got != "Daily challenges: 1 day in a row · best 1 day" {
		t.Fatalf("the profile's streak reads %q", got)
	}
	if got := evalString(t, ctx, `document.querySelector('#challenges-finished a').getAttribute('href')`); got != "/challenge/"+challenge {
		t.Fatalf("the profile's finished challenge leads to %q", got)
	}

	// Ada asks to be told when the day's challenges are ready: kept at once, there after a reload.
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `!!document.querySelector('#notify-challenges') && !document.querySelector('#notify-challenges').closest('label').hidden`)
	click(t, ctx, "#notify-challenges")
	waitJS(t, ctx, `document.querySelector('#notify-msg').textContent !== ""`)
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `!!document.querySelector('#notify-challenges') && !document.querySelector('#notify-challenges').closest('label').hidden`)
	if got := evalString(t, ctx, `String(document.querySelector('#notify-challenges').checked)`); got != "true" {
		t.Fatal("the challenges reminder was not kept")
	}
}
