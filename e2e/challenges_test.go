package e2e

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDailyChallenge: a signed-in player finds today's challenges in the lobby, starts the Cartographers
// daily (ranked), plays it to its end (its moves sent through the API with the page's seat), and is led
// from the end screen to the challenge's leaderboard with the text to share; a second signed-in player is
// told the scores stay hidden until she has played hers, then sees both; a guest practises and opens the
// replay of their attempt; the profile counts the streak; the reminder is kept from the settings page.
func TestDailyChallenge(t *testing.T) {
	e := newEnv(t, 11)
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

	// Ada's lobby card now links the board, which ranks her and offers the text to share.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#challenges .challenge-board-link')`)
	if got := evalString(t, ctx, `document.querySelector('#challenges .challenge .challenge-play').textContent`); got != "Practice" {
		t.Fatalf("after the ranked attempt the daily's button reads %q", got)
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
