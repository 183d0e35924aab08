package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// TestSoloGame creates a solo game in the lobby and plays it to the end through the page, half the turns
// with the mouse and half with the keyboard only; the final score the page shows must be the one the
// engine computes by replaying the game's record. The Heroes game brings heroes, the Heroes monsters'
// choices and side C.
func TestSoloGame(t *testing.T) {
	t.Parallel()
	t.Run("cartographers-A", func(t *testing.T) {
		t.Parallel()
		soloGame(t, "cartographers", "A", 7, nil, true)
	})
	t.Run("heroes-C", func(t *testing.T) {
		t.Parallel()
		seed, kinds := heroesSeed(t)
		soloGame(t, "heroes", "C", seed, kinds, false)
	})
}

// checkHighlight taps each scoring card and checks that the sheet highlights the spaces the server's
// projection counts for it, and that the pale stars beside the card are the projected ones.
func checkHighlight(t *testing.T, ctx context.Context, e *env, id, token string) {
	t.Helper()
	var env struct {
		View cartographers.View `json:"view"`
	}
	e.getJSON("/api/matches/"+id, token, &env)
	for i, ed := range env.View.Edicts {
		click(t, ctx, fmt.Sprintf(`#edicts .edict[data-edict="%d"]`, i))
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#edicts .edict[data-edict="%d"]').classList.contains('pinned')`, i))
		got := evalString(t, ctx, `[...document.querySelectorAll('#main-sheet .highlight rect')].map(r =>
			Math.round(r.getAttribute('y') / 10) + "," + Math.round(r.getAttribute('x') / 10)).join(";")`)
		want := make([]string, len(ed.Projected.Counted))
		for j, c := range ed.Projected.Counted {
			want[j] = fmt.Sprintf("%d,%d", c[0], c[1])
		}
		if got != strings.Join(want, ";") {
			t.Errorf("edict %s highlights %q, its projection counts %q", ed.Letter, got, strings.Join(want, ";"))
		}
		stars := evalString(t, ctx, fmt.Sprintf(`document.querySelector('#edicts [data-proj="%d"]').textContent`, i))
		if !strings.HasPrefix(stars, fmt.Sprintf("★ %d ", ed.Projected.Stars)) {
			t.Errorf("edict %s shows %q, projected %d stars", ed.Letter, stars, ed.Projected.Stars)
		}
		click(t, ctx, fmt.Sprintf(`#edicts .edict[data-edict="%d"]`, i)) // untap
	}
}

// pickMove is how the solo test chooses among the legal moves: spread over the list so that shapes,
// terrains and orientations vary from turn to turn.
func pickMove(turn, n int) int { return (turn * 7919) % n }

// heroesSeed finds a seed whose Heroes solo game, played with pickMove, asks for a hero, a Gorgon and
// a Giant Troll decision, and returns how many decisions of each kind it asks for.
func heroesSeed(t *testing.T) (uint64, map[string]int) {
	t.Helper()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"heroes","side":"C"}`))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		g, err := cartographers.NewGame(opts, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for turn := 0; !g.Over(); turn++ {
			d := g.View(0).Decision
			if d == nil {
				t.Fatalf("seed %d: a solo game waits for nobody", seed)
			}
			kinds[d.Kind]++
			ms := g.LegalMoves(0)
			if err := g.Play(0, ms[pickMove(turn, len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		if kinds["hero"] > 0 && kinds["gorgon"] > 0 && kinds["troll"] > 0 {
			return seed, kinds
		}
	}
	t.Fatal("no seed below 200 brings a hero, a Gorgon and a Troll decision")
	return 0, nil
}

// soloGame plays one solo game through the page; want, when set, is how many decisions of each kind
// the engine asked for when it played the same moves.
func soloGame(t *testing.T, preset, side string, seed uint64, want map[string]int, shots bool) {
	e := newEnv(t, seed)
	ctx := browser(t, "en-US")
	shot := func(t *testing.T, ctx context.Context, name string) {
		if shots {
			screenshot(t, ctx, name)
		}
	}

	start := time.Now()
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	shot(t, ctx, "lobby")
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"))
	click(t, ctx, "#mode-solo")
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#preset"), preset), chromedp.SetValue(chromedp.CSS("#side"), side))
	click(t, ctx, "#create")
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mustAct === "1"`)
	t.Logf("from the lobby's Create to an interactive sheet: %v", time.Since(start).Round(time.Millisecond))
	id := matchID(t, ctx)
	// A fresh load of the match page: the time from navigation to the first interactive sheet.
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `performance.getEntriesByName("sheet-interactive").length > 0`)
	t.Logf("page load to interactive sheet: %s ms", evalString(t, ctx, `performance.getEntriesByName("sheet-interactive")[0].startTime.toFixed(0)`))
	token, seat := seatOf(t, ctx, id)
	if seat != 0 {
		t.Fatalf("solo seat %d, want 0", seat)
	}
	shot(t, ctx, "solo-start")
	if shots {
		// The same screen on a phone.
		run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		t.Logf("phone viewport: %s", evalString(t, ctx, `window.innerWidth + "x" + window.innerHeight`))
		screenshot(t, ctx, "solo-phone")
		run(t, ctx, chromedp.EmulateViewport(1920, 1080))
		screenshot(t, ctx, "solo-large")
		run(t, ctx, chromedp.EmulateViewport(1280, 1100))
	}

	turns, seasons := 0, 0
	sawRuins, sawFallback := false, false
	namedAmbushes := 0
	kinds := map[string]int{}
	for {
		// The page acts when the server says so: wait for a decision, a season's scoring or the end.
		waitJS(t, ctx, `!!document.querySelector('#season-continue') || !!document.querySelector('#final') ||
			(document.querySelector('#table') && document.querySelector('#table').dataset.decision !== "")`)
		if evalString(t, ctx, `document.querySelector('#season-continue') ? "1" : ""`) == "1" {
			seasons++
			if seasons == 1 {
				shot(t, ctx, "season-scoring")
			}
			dismissSeason(t, ctx)
			continue
		}
		if evalString(t, ctx, `document.querySelector('#final') ? "1" : ""`) == "1" {
			break
		}
		// An ambush drawn on the sheet is named in the notice, as the view names it.
		if notice := evalString(t, ctx, `(document.querySelector('#notice') || {}).textContent || ""`); strings.Contains(notice, "Ambush!") {
			var v struct {
				View cartographers.View `json:"view"`
			}
			e.getJSON("/api/matches/"+id, token, &v)
			last := ""
			for _, sp := range v.View.Specials {
				if sp.Card.Type == "ambush" {
					last = sp.Card.Name
				}
			}
			if last == "" || !strings.Contains(notice, last+" was drawn on your map") {
				t.Fatalf("notice %q does not name the ambush the view lists last (%q)", notice, last)
			}
			namedAmbushes++
		}
		mode := evalString(t, ctx, `document.querySelector('#table').dataset.mode`)
		kind := evalString(t, ctx, `document.querySelector('#table').dataset.decision`)
		if kinds[kind] == 0 && kind != "draw" {
			screenshot(t, ctx, preset+"-decision-"+kind)
		}
		kinds[kind]++
		// The preview starts where the shape may go: on a Ruins demand, on a ruins space (it began on an
		// illegal spot); a Troll's or Gorgon's space is chosen at once, so Confirm answers.
		if mode == "ruins" && evalString(t, ctx, `String(document.querySelectorAll('#main-sheet .pv').length > 0 && document.querySelectorAll('#main-sheet .pv.bad').length === 0)`) != "true" {
			t.Errorf("turn %d: a Ruins demand's preview starts on an illegal spot", turns)
		}
		if (kind == "troll" || kind == "gorgon") && evalString(t, ctx, `String(!document.querySelector('#confirm').disabled)`) != "true" {
			t.Errorf("turn %d: the %s's choice shows its space but Confirm is disabled", turns, kind)
		}
		// An ambush card's arrow is told in words, not left a lone glyph.
		if kind == "ambush" {
			if dir := evalString(t, ctx, `(document.querySelector('#current-card .card-dir') || {}).textContent || ""`); dir != "" && !strings.Contains(dir, "passes") {
				t.Errorf("turn %d: the ambush card's arrow reads %q", turns, dir)
			}
		}
		sawRuins = sawRuins || mode == "ruins"
		sawFallback = sawFallback || mode == "fallback"
		moves := e.legal(id, token)
		if len(moves) == 0 {
			t.Fatal("the page asks for a decision but the server lists no legal move")
		}
		// Spread the choices over the list so that shapes, terrains and orientations vary.
		mv := moves[pickMove(turns, len(moves))]
		if turns == 2 {
			shot(t, ctx, "placing")
		}
		if turns == 5 {
			checkHighlight(t, ctx, e, id, token)
		}
		playThroughPage(t, ctx, mv, placing(turns%3))
		turns++
		if turns > 80 {
			t.Fatal("the game did not end after 80 decisions")
		}
	}
	shot(t, ctx, "final")
	// A hero's marks are explained beside the map, whatever they lie on.
	if kinds["hero"] > 0 && evalString(t, ctx, `String(!!document.querySelector('#monster-legend li[data-legend="hits"]'))`) != "true" {
		t.Error("a map with a hero's marks has no word on them")
	}
	if seasons != 4 {
		t.Errorf("the page showed %d season scorings, want 4", seasons)
	}
	if namedAmbushes == 0 {
		t.Errorf("no ambush was announced by name during the game")
	}
	t.Logf("solo game: %d decisions %v, ruins demand seen: %v, fallback seen: %v", turns, kinds, sawRuins, sawFallback)
	if want != nil && !maps.Equal(kinds, want) {
		t.Errorf("the page asked for decisions %v, the engine for %v", kinds, want)
	}

	shown, err := strconv.Atoi(strings.TrimSpace(evalString(t, ctx, `document.getElementById('final-score-0').textContent`)))
	if err != nil {
		t.Fatal(err)
	}
	var rec game.Record
	e.getJSON("/api/matches/"+id+"/record", "", &rec)
	st, err := game.NewRegistry(cartographers.Definition{}).Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	res := st.Result()
	if shown != res.Scores[0] {
		t.Errorf("the page shows a final score of %d, the engine's replay gives %d", shown, res.Scores[0])
	}
	// The solo rating is the score minus the four cards' solo values; the page must say the same.
	d, _ := json.Marshal(res.Detail)
	var detail struct {
		Rating int    `json:"rating"`
		Title  string `json:"title"`
	}
	if err := json.Unmarshal(d, &detail); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(evalString(t, ctx, `document.getElementById('solo-rating').textContent`)); got != strconv.Itoa(detail.Rating) {
		t.Errorf("rating shown %q, want %d", got, detail.Rating)
	}
	if got := evalString(t, ctx, `document.getElementById('solo-title').textContent`); got != detail.Title {
		t.Errorf("title shown %q, want %q", got, detail.Title)
	}
	if got := strings.TrimSpace(evalString(t, ctx, `document.getElementById('sheet-score').textContent`)); got != strconv.Itoa(res.Scores[0]) {
		t.Errorf("score box total %q, want %d", got, res.Scores[0])
	}

	// The replay of the finished game steps through the moves.
	click(t, ctx, "#to-replay")
	waitJS(t, ctx, `!!document.querySelector('#replay-step')`)
	click(t, ctx, "#replay-last")
	waitJS(t, ctx, `document.querySelector('#replay-step').textContent.startsWith("Move `+strconv.Itoa(len(rec.Moves))+` ")`)
	shot(t, ctx, "replay")
	// Beside the board, the story: the edicts first, the final score last, the last move's events outlined.
	if first := evalString(t, ctx, `document.querySelector('#replay-story li').textContent`); !strings.HasPrefix(first, "Edicts: A ") {
		t.Errorf("the story starts %q", first)
	}
	if last := evalString(t, ctx, `[...document.querySelectorAll('#replay-story li')].pop().textContent`); !strings.HasPrefix(last, "Final: ") ||
		!strings.Contains(last, " "+strconv.Itoa(res.Scores[0])+" stars") {
		t.Errorf("the story ends %q, want the final %d stars", last, res.Scores[0])
	}
	if n := evalString(t, ctx, `String(document.querySelectorAll('#replay-story li.now').length)`); n == "0" {
		t.Error("the last step's events are not outlined in the story")
	}
	if shots {
		run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		screenshot(t, ctx, "replay-phone")
		run(t, ctx, chromedp.EmulateViewport(1280, 1100))
	}
	// One step back shows the sheet before the last move: the last move's spaces are empty there again.
	var last cellMove
	if err := json.Unmarshal(rec.Moves[len(rec.Moves)-1].Move, &last); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#replay-prev")
	waitJS(t, ctx, `document.querySelector('#replay-step').textContent.startsWith("Move `+strconv.Itoa(len(rec.Moves)-1)+` ")`)
	for _, c := range last.Cells {
		if k := evalString(t, ctx, fmt.Sprintf(`document.querySelector('#main-sheet [data-cell="%d,%d"]').dataset.kind`, c[0], c[1])); k != "empty" {
			t.Errorf("before the last move, space %v holds %s", c, k)
		}
	}
}
