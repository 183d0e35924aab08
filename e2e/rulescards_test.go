package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/surveyor-game/surveyor/cartographers"
)

// refCard is one card as the client's cartographers/cards.js and the engine's card table describe it.
type refCard struct {
	Type      string   `json:"type"`
	Time      int      `json:"time"`
	Terrains  []string `json:"terrains"`
	Shapes    []string `json:"shapes"`
	Direction string   `json:"direction"`
	Attack    [][2]int `json:"attack"`
}

// TestRulesEveryCard: the rules reference lists every card the game's content may reveal, and a tap on the
// card in play opens its entry. The client's card table (cards.js) must be the engine's, card by card:
// type, time, terrains, shapes, arrow, attack pattern. In Portuguese, a solo game with both boxes: the
// reference shows the season lengths of the mixed game (8, 7, 7, 6), the 20 explore cards with their
// shapes (the coin on the first of two), the 2 ruins, the 2 rift cards, the 8 ambushes with their arrow
// (and the Heroes monsters' ability), the 4 heroes with their attack pattern, the penalty; Enter on the
// current card opens the reference at that card's entry, marked and in view. Later a hero comes: a tap on
// its card opens the hero's entry; so does a card named in the time track, and, in Carcassonne, the Land
// Surveyors tile in force.
func TestRulesEveryCard(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ctx := browser(t, "pt-BR")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	id, token := e.startSolo("both")
	openTable(t, ctx, e, id, token, "pt", `#main-sheet[data-ready]`)

	// The client's table against the engine's.
	var client map[string]refCard
	evalJSON(t, ctx, `import("/js/cartographers/cards.js").then(m => JSON.stringify(Object.fromEntries(
		[...m.BASE_EXPLORE, ...m.HEROES_EXPLORE, ...m.RUINS, m.BASE_RIFT, m.HEROES_RIFT, ...m.BASE_AMBUSH, ...m.HEROES_AMBUSH, ...m.HEROES]
		.map(c => [c.name, { type: c.type, time: c.time || 0, terrains: c.terrains || [], shapes: c.shapes || [], direction: c.direction || "", attack: c.attack || [] }]))))`, &client)
	types := []string{"explore", "ruins", "rift", "ambush", "hero"}
	n := 0
	for _, c := range cartographers.Cards() {
		n++
		want := refCard{Type: types[c.Type], Time: c.Time, Terrains: []string{}, Shapes: []string{}, Attack: [][2]int{}}
		for _, k := range c.Terrains {
			want.Terrains = append(want.Terrains, k.String())
		}
		for i, o := range c.Options {
			want.Shapes = append(want.Shapes, o.Shape.String())
			// The client prints the coin on the first of two shapes: so must the engine.
			if o.Coin != (len(c.Options) == 2 && i == 0) {
				t.Errorf("%s: shape %d coin %v", c.Name, i, o.Coin)
			}
		}
		if c.Type == cartographers.AmbushCard {
			want.Direction = c.Direction.String()
		}
		for _, a := range c.Attack {
			want.Attack = append(want.Attack, [2]int{a.DRow, a.DCol})
		}
		got, ok := client[c.Name]
		if !ok {
			t.Errorf("the client has no card %q", c.Name)
			continue
		}
		if gj, wj := mustJSON(got), mustJSON(want); gj != wj {
			t.Errorf("%s: the client has %s, the engine %s", c.Name, gj, wj)
		}
	}
	if len(client) != n {
		t.Errorf("the client has %d cards, the engine %d", len(client), n)
	}

	// Enter on the card in play opens its entry.
	var cur struct {
		View struct {
			Current  struct{ Name, Type string } `json:"current"`
			Decision *struct {
				Kind string `json:"kind"`
			} `json:"decision"`
		} `json:"view"`
	}
	e.getJSON("/api/matches/"+id, token, &cur)
	evalString(t, ctx, `document.querySelector("#current-card").focus(), ""`)
	press(t, ctx, kEnter)
	waitJS(t, ctx, `!!document.querySelector('#rules-modal .rule-focus')`)
	checkEntry(t, ctx, cur.View.Current.Name)
	var ref struct {
		Explore, Ruins, Rift, Ambush, Heroes, Coins, Arrows, Abilities, Hits int
		Seasons                                                              []string
		Text                                                                 string
	}
	evalJSON(t, ctx, `(() => { const m = document.querySelector('#rules-modal'); const sec = (k) => [...m.querySelectorAll('.rule-card')].filter(c => {
			const h = c.closest('.rule-cards').previousElementSibling; return (h.tagName === 'P' ? h.previousElementSibling : h).textContent === k; });
		return JSON.stringify({ Explore: sec('Cartas de exploração').length, Ruins: sec('Cartas de ruínas').length, Rift: sec('Cartas de fenda').length,
			Ambush: sec('Cartas de cilada').length, Heroes: sec('Heróis').length,
			Coins: sec('Cartas de exploração').filter(c => c.querySelector('.shape-icon .coin')).length,
			Arrows: sec('Cartas de cilada').filter(c => /[↻↺] passa no sentido/.test(c.textContent)).length,
			Abilities: sec('Cartas de cilada').filter(c => c.querySelector('.mark-icon')).length,
			Hits: sec('Heróis').filter(c => c.querySelectorAll('.shape-icon .hit').length >= 3).length,
			Seasons: [...m.querySelectorAll('#rule-seasons li')].map(li => li.textContent), Text: m.innerText }); })()`, &ref)
	if ref.Explore != 20 || ref.Ruins != 2 || ref.Rift != 2 || ref.Ambush != 8 || ref.Heroes != 4 {
		t.Errorf("the reference lists %d explore, %d ruins, %d rift, %d ambush cards and %d heroes; want 20, 2, 2, 8, 4",
			ref.Explore, ref.Ruins, ref.Rift, ref.Ambush, ref.Heroes)
	}
	if ref.Coins != 8 || ref.Arrows != 8 || ref.Abilities != 4 || ref.Hits != 4 {
		t.Errorf("%d explore cards show a coin (want 8), %d ambushes their arrow (8), %d an ability (4), %d heroes their pattern (4)",
			ref.Coins, ref.Arrows, ref.Abilities, ref.Hits)
	}
	for i, want := range []string{"Primavera", "Verão", "Outono", "Inverno"} {
		if i >= len(ref.Seasons) || !strings.HasPrefix(ref.Seasons[i], want) || !strings.Contains(ref.Seasons[i], fmt.Sprintf("chega a %d;", []int{8, 7, 7, 6}[i])) {
			t.Errorf("season %d reads %q", i, ref.Seasons)
		}
	}
	for _, want := range []string{"Decretos", "Cada jogador escolhe uma das formas", "espaço de ruínas vazio", "Fenda Planar", "Solo: o monstro vai",
		"Desenhe o herói", "custa uma estrela"} {
		if !strings.Contains(ref.Text, want) {
			t.Errorf("the reference in Portuguese lacks %q", want)
		}
	}
	shot(t, ctx, "rules-card-pt")
	phoneShot(t, ctx, "rules-card-pt-phone", 1440, 900)
	click(t, ctx, "#rules-close")
	waitJS(t, ctx, `!document.querySelector('#rules-modal')`)

	// A hero comes: a tap on its card opens the hero's entry.
	for turn := 0; cur.View.Decision == nil || cur.View.Decision.Kind != "hero"; turn++ {
		if turn > 60 {
			t.Fatal("no hero in 60 moves")
		}
		moves := e.legal(id, token)
		e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
		e.getJSON("/api/matches/"+id, token, &cur)
	}
	waitJS(t, ctx, `document.querySelector('#table').dataset.decision === "hero" && !document.querySelector('.modal-back')`)
	click(t, ctx, "#current-card")
	waitJS(t, ctx, `!!document.querySelector('#rules-modal .rule-focus')`)
	checkEntry(t, ctx, cur.View.Current.Name)
	shot(t, ctx, "rules-hero-pt")
	click(t, ctx, "#rules-close")
	waitJS(t, ctx, `!document.querySelector('#rules-modal')`)
	// A card revealed this season, named in the time track, opens its entry too.
	name := evalString(t, ctx, `document.querySelector('#timetrack .card-chip').dataset.card`)
	click(t, ctx, "#timetrack .card-chip")
	waitJS(t, ctx, `!!document.querySelector('#rules-modal .rule-focus')`)
	checkEntry(t, ctx, name)
	click(t, ctx, "#rules-close")

	// Carcassonne: the Land Surveyors tile in force opens its entry.
	carc := e.startCarcassonne(true)
	holdSeat(t, ctx, e, carc.ID, carc.Token, "pt")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+carc.ID))
	waitJS(t, ctx, `!!document.querySelector('#surveyors [data-pile="road"] .surveyor-name')`)
	shot(t, ctx, "carc-piles-pt")
	tile := evalString(t, ctx, `document.querySelector('#surveyors [data-pile="road"] .surveyor-name').dataset.surveyor`)
	click(t, ctx, `#surveyors [data-pile="road"] .surveyor-name`)
	waitJS(t, ctx, `!!document.querySelector('#rules-modal .rule-focus')`)
	checkEntry(t, ctx, tile)
	shot(t, ctx, "rules-surveyor-pt")
}

// checkEntry: the rules reference is open at the entry of the named card, marked and in the dialog's view.
func checkEntry(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var got struct {
		Name   string
		InView bool
	}
	evalJSON(t, ctx, `(() => { const f = document.querySelector('#rules-modal .rule-focus'), m = document.querySelector('#rules-modal .modal');
		const r = f.getBoundingClientRect(), b = m.getBoundingClientRect();
		return JSON.stringify({ Name: f.dataset.rule, InView: r.top >= b.top && r.bottom <= b.bottom && r.top >= 0 && r.bottom <= innerHeight }); })()`, &got)
	if got.Name != name || !got.InView {
		t.Errorf("the reference opened at %q (in view: %v), want %q", got.Name, got.InView, name)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
