package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// TestCardNamesInTheirLanguage: at a Cartographers table with both boxes, in French and in Portuguese,
// the edicts carry their names in that language (the Portuguese rulebook's, "Metrópole" for Great City;
// ours in French, where the rulebook keeps the English), the card in play too, and no card of either box
// is named in English anywhere on the page, nor is a count written "moeda(s)". Screenshots at desktop and
// phone sizes (SURVEYOR_SHOTS) show whether the longer words fit.
func TestCardNamesInTheirLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	var created struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1,
		"options": map[string]any{"preset": "both", "edicts": []string{"Faunlost Thicket", "Canal Lake", "Great City", "Starlit Sigil"}}}, &created)
	e.postJSON("/api/matches/"+created.ID+"/start", created.Token, struct{}{}, nil)
	// A few turns played, so that the game log tells cards, coins and ambushes.
	for range 8 {
		moves := legalMoves[json.RawMessage](e, created.ID, created.Token)
		e.postJSON("/api/matches/"+created.ID+"/moves", created.Token, map[string]json.RawMessage{"move": moves[0]}, nil)
	}
	// Names a French or Portuguese player may read as an English one does: places of Nalos.
	same := map[string]bool{"Craylund": true, "Jorekburg": true, "Silos": true}
	var english []string
	for _, c := range cartographers.Cards() {
		english = append(english, c.Name)
	}
	for _, c := range cartographers.ScoringCards() {
		english = append(english, c.Name)
	}
	makeshift := regexp.MustCompile(`\p{L}\((s|es|x)\)`)

	for _, c := range []struct {
		lang   string
		edicts []string
	}{
		{"fr", []string{"Fourré des Faunes Perdus", "Lac aux Canaux", "Grande Cité", "Sceau Étoilé"}},
		{"pt", []string{"Matagal dos Faunos Perdidos", "Canal", "Metrópole", "Selo Estrelado"}},
	} {
		ctx := browser(t, c.lang)
		run(t, ctx, chromedp.EmulateViewport(1440, 900))
		openTable(t, ctx, e, created.ID, created.Token, c.lang, `#main-sheet[data-ready]`)
		waitJS(t, ctx, `!!document.querySelector('#edicts') && !!document.querySelector('.card-name')`)
		edicts := evalString(t, ctx, `[...document.querySelectorAll('#edicts .edict-name')].map(e => e.textContent).join("|")`)
		if want := strings.Join(c.edicts, "|"); edicts != want {
			t.Errorf("%s: edicts %q, want %q", c.lang, edicts, want)
		}
		var view struct {
			View struct {
				Decision struct{ Card struct{ Name string } } `json:"decision"`
			} `json:"view"`
		}
		e.getJSON("/api/matches/"+created.ID, created.Token, &view)
		if card := evalString(t, ctx, `document.querySelector('.card-name').textContent`); card == "" || card == view.View.Decision.Card.Name {
			t.Errorf("%s: the card in play is shown as %q (its English name is %q)", c.lang, card, view.View.Decision.Card.Name)
		}
		for _, size := range [][2]int64{{1440, 900}, {390, 844}} {
			run(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
			waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
			if wide := evalString(t, ctx, `String(document.documentElement.scrollWidth > window.innerWidth)`); wide == "true" {
				t.Errorf("%s at %dx%d: the page is wider than the screen", c.lang, size[0], size[1])
			}
			screenshot(t, ctx, fmt.Sprintf("words-table-%s-%d", c.lang, size[0]))
			// The rules reference lists every card of both boxes: none may be in English.
			click(t, ctx, "#rules-open")
			waitJS(t, ctx, `!!document.querySelector('#rules-modal .rule-cards')`)
			text := evalString(t, ctx, `document.body.innerText`)
			for _, n := range english {
				if !same[n] && strings.Contains(text, n) {
					t.Errorf("%s: the page names %q in English: %s", c.lang, n, lineWith(text, n))
				}
			}
			if m := makeshift.FindString(text); m != "" {
				t.Errorf("%s: the page writes a count as %q: %s", c.lang, m, lineWith(text, m))
			}
			// A card's name and its time share a line: a long name wraps inside the card, never past it.
			if over := evalString(t, ctx, `[...document.querySelectorAll('#rules-modal .rule-card')].filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.dataset.rule).join(", ")`); over != "" {
				t.Errorf("%s at %dx%d: these cards' entries overflow: %s", c.lang, size[0], size[1], over)
			}
			evalString(t, ctx, `document.querySelector('#rules-modal .rule-cards').scrollIntoView(), ""`)
			screenshot(t, ctx, fmt.Sprintf("words-rules-%s-%d", c.lang, size[0]))
			click(t, ctx, "#rules-close")
		}
	}
}

// TestDatesInPageLanguage: a browser set to American English, the page to French then Portuguese: the
// profile's "joined" date is written as the page's language writes dates (it was the browser's "11/29/2026").
func TestDatesInPageLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	e.signUp(t, "Ada")
	now := time.Now()
	months := map[string][]string{
		"fr": {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
		"pt": {"jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."},
	}
	want := map[string]string{
		"fr": fmt.Sprintf("Inscrit le %d %s %d", now.Day(), months["fr"][now.Month()-1], now.Year()),
		"pt": fmt.Sprintf("Desde %d de %s de %d", now.Day(), months["pt"][now.Month()-1], now.Year()),
	}
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	for _, l := range []string{"fr", "pt"} {
		evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.lang", %q), ""`, l))
		run(t, ctx, chromedp.Navigate(e.url+"/u/Ada"))
		waitJS(t, ctx, `!!document.querySelector('#profile h2')`)
		text := evalString(t, ctx, `document.querySelector('#profile').innerText`)
		if !strings.Contains(text, want[l]) {
			t.Errorf("%s: the profile reads %q, want %q in it", l, lineWith(text, strings.Fields(want[l])[0]), want[l])
		}
	}
}

// TestCartographersStoryTranslated: every event the engine tells of Cartographers games with both boxes,
// solo and with others, is told by the client (cartographers/story.js) in French and Portuguese: none left
// to the engine's English, none with a placeholder or "undefined", none reading as the English line does,
// no card named in English and no count written "coin(s)".
func TestCartographersStoryTranslated(t *testing.T) {
	t.Parallel()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"both"}`))
	if err != nil {
		t.Fatal(err)
	}
	var events []game.Event
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		players := 1 + int(seed)%4
		g, err := cartographers.NewToldGame(opts, players, seed)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; !g.Over(); turn++ {
			for _, seat := range g.ToActSeats() {
				moves := g.LegalMoves(seat)
				if err := g.Play(seat, moves[(turn*7+seat)%len(moves)]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, e := range g.Narrative() {
			kinds[e.Kind]++
			if e.Kind == "placement" && strings.Contains(string(e.Data), `"by"`) {
				kinds["placement by another"]++
			}
		}
		events = append(events, g.Narrative()...)
	}
	for _, k := range []string{"edicts", "card", "placement", "placement by another", "coins", "season_score", "end"} {
		if kinds[k] == 0 {
			t.Fatalf("the games told no %q event (kinds %v): the test needs one", k, kinds)
		}
	}
	raw, err := json.Marshal(events)
	if err != nil {
		t.Fatal(err)
	}
	told := tellInLanguages(t, "cartographers", raw, 4) // language -> each event's line, nil where the client has none
	var english []string
	for _, c := range cartographers.Cards() {
		english = append(english, c.Name)
	}
	for _, c := range cartographers.ScoringCards() {
		english = append(english, c.Name)
	}
	same := map[string]bool{"Craylund": true, "Jorekburg": true, "Silos": true}
	bad := regexp.MustCompile(`\{|\}|\bundefined\b|\bNaN\b|\bnull\b|\p{L}\((s|es|x)\)`)
	untold := map[string]bool{}
	for _, l := range []string{"fr", "pt"} {
		for i, line := range told[l] {
			ev := events[i]
			if line == nil {
				untold[ev.Kind] = true
				continue
			}
			if m := bad.FindString(*line); m != "" {
				t.Errorf("%s, %s event %q told as %q: prints %q", l, ev.Kind, ev.Text, *line, m)
			}
			if told["en"][i] != nil && *told["en"][i] == *line {
				t.Errorf("%s, %s event told as in English: %q", l, ev.Kind, *line)
			}
			for _, n := range english {
				if !same[n] && strings.Contains(*line, n) {
					t.Errorf("%s, %s event told as %q: names %q in English", l, ev.Kind, *line, n)
				}
			}
		}
	}
	if len(untold) > 0 {
		t.Errorf("the client tells no text for these events, left in the engine's English: %v", untold)
	}
	t.Logf("%d events (%v) told in French and Portuguese", len(events), kinds)
}

// tellInLanguages has a game's client tell record events (JSON) in English, French and Portuguese, at a table
// of seats players named Player1...: for each language, each event's line, nil where the client tells none.
func tellInLanguages(t *testing.T, game string, events []byte, seats int) map[string][]*string {
	t.Helper()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var told map[string][]*string
	evalJSON(t, ctx, fmt.Sprintf(`Promise.all([import("/js/i18n.js"), import("/js/%s/story.js")]).then(([i18n, story]) => {
		const events = %s, match = {players: [...Array(%d).keys()].map(seat => ({seat, name: "Player" + (seat + 1)}))};
		const out = {};
		for (const l of ["en", "fr", "pt"]) {
			i18n.setLanguage(l);
			out[l] = events.map(ev => { const s = story.tell(ev, match); return typeof s === "string" && s ? s : null; });
		}
		i18n.setLanguage("en");
		return JSON.stringify(out);
	})`, game, events, seats), &told)
	return told
}
