package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/cartographers"
)

// The moments of a two-player game that TestTwoPlayers does not reach on its own: a rift card (Rift Lands
// or Kethra's Gates), a hero, the 1x1 monster of an ambush whose shape fits nowhere on the victim's
// sheet, a Gorgon chosen by the player who drew it on the neighbour's sheet, and the zombies spreading
// on the player's own sheet after a season's scoring.
const (
	momentRift     = "rift"
	momentHero     = "hero"
	momentFallback = "ambush-fallback"
	momentGorgon   = "gorgon"
	momentZombies  = "zombies"
)

var allMoments = []string{momentRift, momentHero, momentFallback, momentGorgon, momentZombies}

// momentOf names the moment a decision of seat 0 is, or "".
func momentOf(d *cartographers.DecisionView) string {
	switch {
	case d == nil:
		return ""
	case d.Kind == "draw" && d.Card.Type == "rift":
		return momentRift
	case d.Kind == "hero":
		return momentHero
	case d.Kind == "ambush" && d.Mode == "fallback":
		return momentFallback
	case d.Kind == "gorgon":
		return momentGorgon
	}
	return ""
}

// nextMove is the policy both players follow: Bea (the highest seat to act) moves first, and every
// decision is the legal move that leaves the fewest empty spaces with an empty neighbour on the sheet it
// is about (a hero also counts its hits on the map, so that the page has hits to show). Such broken-up
// sheets are where a monster's shape soon fits nowhere, so the 1x1 fallback of a multiplayer ambush
// comes up within a game instead of almost never.
func nextMove(t *testing.T, g *cartographers.Game) (int, cartographers.Move) {
	t.Helper()
	seats := g.ToActSeats()
	seat := seats[len(seats)-1]
	d := g.View(seat).Decision
	best, bestOpen := cartographers.Move{}, -1
	for _, m := range g.LegalMoves(seat) {
		c := g.Clone()
		if err := c.Play(seat, m); err != nil {
			t.Fatalf("a legal move is refused: %v", err)
		}
		sh := c.Sheet(d.Sheet)
		e := sh.EmptySpaces()
		open := e.And(e.North().Or(e.South()).Or(e.East()).Or(e.West())).Count()
		// A hero's hits should land on the map, so that the page has hits to show.
		open -= 4 * sh.Hits().Count()
		if bestOpen < 0 || open < bestOpen {
			best, bestOpen = m, open
		}
	}
	return seat, best
}

// monsters counts the monster spaces of a sheet in the map text format.
func monsterCells(m string) map[[2]int]bool {
	out := map[[2]int]bool{}
	r, c := 0, 0
	for _, ch := range m {
		switch {
		case ch == '\n':
			if c > 0 {
				r, c = r+1, 0
			}
		case ch == ' ' || ch == '\t' || ch == '\r':
		default:
			if ch == 'X' || ch == 'x' {
				out[[2]int{r, c}] = true
			}
			c++
		}
	}
	return out
}

// zombieSpread tells the spaces of sheet 0 that became monsters without a move drawing them (the
// zombies spreading after a season's scoring), from the views before and after a move.
func zombieSpread(before, after cartographers.View, mv cartographers.Move, seat int) [][2]int {
	if len(after.Sheets[0].Seasons) == len(before.Sheets[0].Seasons) {
		return nil
	}
	was := monsterCells(before.Sheets[0].Map)
	var out [][2]int
	for cell := range monsterCells(after.Sheets[0].Map) {
		drawn := mv.Cells.Has(cartographers.CellAt(cell[0], cell[1])) && (seat == 0 || mv.Type == cartographers.DecideAmbush)
		if !was[cell] && !drawn {
			out = append(out, cell)
		}
	}
	return sortCells(out)
}

// momentsSeed finds a seed whose two-player game, played by nextMove, brings every moment to seat 0.
func momentsSeed(t *testing.T, opts cartographers.Options) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		g, err := cartographers.NewGame(opts, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for !g.Over() {
			before := g.View(0)
			seen[momentOf(before.Decision)] = true
			seat, mv := nextMove(t, g)
			if err := g.Play(seat, mv); err != nil {
				t.Fatal(err)
			}
			if len(zombieSpread(before, g.View(0), mv, seat)) > 0 {
				seen[momentZombies] = true
			}
		}
		if !slices.ContainsFunc(allMoments, func(m string) bool { return !seen[m] }) {
			return seed
		}
	}
	t.Fatalf("no seed below 200 brings all of %v to seat 0", allMoments)
	return 0
}

// TestMultiplayerMoments plays a two-player Heroes game: both seats follow nextMove through the HTTP API,
// except Ada's moments, which her page plays (and the zombies' spread, which her page must show). Each
// moment is checked against what the engine says about it.
func TestMultiplayerMoments(t *testing.T) {
	t.Parallel()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"heroes"}`))
	if err != nil {
		t.Fatal(err)
	}
	seed := momentsSeed(t, opts)
	g, err := cartographers.NewGame(opts, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, seed)
	var ada, bea struct {
		ID    string `json:"id"`
		Token string `json:"token"`
		Seat  int    `json:"seat"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "options": map[string]string{"preset": "heroes"},
		"max_seats": 2, "name": "Ada"}, &ada)
	id := ada.ID
	e.postJSON("/api/matches/"+id+"/join", "", map[string]string{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+id+"/start", ada.Token, struct{}{}, nil)

	ctx := browser(t, "en-US")
	openTable(t, ctx, e, id, ada.Token, "", `#main-sheet[data-ready]`)

	tokens := []string{ada.Token, bea.Token}
	seen := map[string]bool{}
	for moves := 0; !g.Over(); moves++ {
		if moves > 200 {
			t.Fatal("the game did not end after 200 moves")
		}
		before := g.View(0)
		seat, mv := nextMove(t, g)
		moment := ""
		var pageMove *cellMove
		if seat == 0 {
			moment = momentOf(before.Decision)
		}
		if moment != "" && !seen[moment] {
			seen[moment] = true
			syncPage(t, ctx, e, id, ada.Token)
			checkMomentShown(t, ctx, moment, before.Decision)
			shot(t, ctx, "moment-"+moment)
			var cm cellMove
			raw, _ := json.Marshal(mv)
			if err := json.Unmarshal(raw, &cm); err != nil {
				t.Fatal(err)
			}
			playThroughPage(t, ctx, cm, byClicks)
			pageMove = &cm
		} else {
			raw, err := json.Marshal(mv)
			if err != nil {
				t.Fatal(err)
			}
			e.postJSON("/api/matches/"+id+"/moves", tokens[seat], map[string]json.RawMessage{"move": raw}, nil)
		}
		if err := g.Play(seat, mv); err != nil {
			t.Fatal(err)
		}
		after := g.View(0)
		// The server's game is the test's own: the page sent exactly the move the engine chose.
		var env struct {
			View cartographers.View `json:"view"`
		}
		e.getJSON("/api/matches/"+id, ada.Token, &env)
		for i, sh := range after.Sheets {
			if env.View.Sheets[i].Map != sh.Map {
				t.Fatalf("after move %d (%s) the server's sheet %d is\n%s\nthe engine's\n%s", moves, moment, i, env.View.Sheets[i].Map, sh.Map)
			}
		}
		if pageMove != nil {
			checkMomentDrawn(t, ctx, e, id, ada.Token, after, before.Decision, *pageMove)
		}
		if spread := zombieSpread(before, after, mv, seat); len(spread) > 0 && !seen[momentZombies] {
			seen[momentZombies] = true
			checkZombiesShown(t, ctx, e, id, ada.Token, spread)
		}
	}
	for _, m := range allMoments {
		if !seen[m] {
			t.Errorf("moment %s never came (the seed search said it would)", m)
		}
	}
}

// syncPage waits until the page shows the server's latest state and closes the season dialogs it opened.
func syncPage(t *testing.T, ctx context.Context, e *env, id, token string) {
	t.Helper()
	var env struct {
		Seq int `json:"seq"`
	}
	e.getJSON("/api/matches/"+id, token, &env)
	waitJS(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.seq) === %d && !!document.querySelector('#main-sheet[data-ready]')`, env.Seq))
	for evalString(t, ctx, `document.querySelector('#season-continue') ? "1" : ""`) == "1" {
		dismissSeason(t, ctx)
	}
}

// checkMomentShown compares what the page offers for a decision with the engine's decision d.
func checkMomentShown(t *testing.T, ctx context.Context, moment string, d *cartographers.DecisionView) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#table').dataset.decision === %q && document.querySelector('#table').dataset.mode === %q`, d.Kind, d.Mode))
	if got := evalString(t, ctx, `document.querySelector('#main-sheet').dataset.sheet`); got != fmt.Sprint(d.Sheet) {
		t.Errorf("%s: the page shows sheet %s, the decision is about sheet %d", moment, got, d.Sheet)
	}
	var shown struct {
		Terrains []string `json:"terrains"`
		Options  int      `json:"options"`
		Targets  []string `json:"targets"`
		Intro    string   `json:"intro"`
		Attack   bool     `json:"attack"`
		Fallback bool     `json:"fallback"`
		Rotate   bool     `json:"rotate"`
		Preview  []string `json:"preview"`
		Reason   string   `json:"reason"`
		Caption  string   `json:"caption"`
	}
	evalJSON(t, ctx, `JSON.stringify({
		terrains: [...document.querySelectorAll('#controls [data-terrain]')].map(b => b.dataset.terrain),
		options: document.querySelectorAll('#controls [data-option]').length,
		targets: [...document.querySelectorAll('#main-sheet .preview rect.target')].map(r => r.dataset.cell),
		intro: document.querySelector('#intro').textContent,
		attack: !!document.querySelector('#attack'),
		fallback: !!document.querySelector('#fallback'),
		rotate: !!document.querySelector('#rotate'),
		preview: [...document.querySelectorAll('#main-sheet .preview rect.pv')].map(r => r.getAttribute('class')),
		reason: document.querySelector('#reason').textContent,
		caption: (document.querySelector('#scorebox-caption') || {}).textContent || "",
	})`, &shown)
	// Under a neighbour's sheet the score box is still Ada's own, and says so.
	if wantCaption := map[bool]string{true: "Ada's score"}[d.Sheet != 0]; shown.Caption != wantCaption {
		t.Errorf("%s on sheet %d: the score box is captioned %q, want %q", moment, d.Sheet, shown.Caption, wantCaption)
	}
	switch moment {
	case momentRift:
		// A 1x1 of the five terrains the engine offers, each a button, in the engine's order.
		if !slices.Equal(shown.Terrains, d.Terrains) || len(d.Terrains) != 5 {
			t.Errorf("rift card %s: the page offers terrains %v, the engine %v", d.Card.Name, shown.Terrains, d.Terrains)
		}
		if shown.Options != 1 || shown.Fallback || shown.Rotate {
			t.Errorf("rift card: the page offers %d shapes (fallback %v, rotate %v), want the card's one 1x1 and no turning", shown.Options, shown.Fallback, shown.Rotate)
		}
		if want := d.Card.Name + ": draw a 1x1 of any of these five terrains."; shown.Intro != want {
			t.Errorf("rift card: intro %q, want %q", shown.Intro, want)
		}
		// No terrain is chosen yet: the preview must not wear one.
		if len(shown.Preview) != 1 || !strings.Contains(shown.Preview[0], "k-unchosen") || !strings.HasSuffix(shown.Reason, ": Choose a terrain") {
			t.Errorf("rift card before a terrain is chosen: preview %v, reason %q", shown.Preview, shown.Reason)
		}
	case momentHero:
		if !shown.Attack || !strings.HasPrefix(shown.Intro, "Hero:") {
			t.Errorf("hero: attack pattern shown %v, intro %q", shown.Attack, shown.Intro)
		}
		// The preview's crosses are the attack pattern's hits on the map from the previewed space.
		cur := parseCells(evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.cells`))[0]
		want := 0
		for _, a := range d.Card.Attack {
			if r, c := cur[0]+a[0], cur[1]+a[1]; r >= 0 && r < 11 && c >= 0 && c < 11 {
				want++
			}
		}
		if got := evalString(t, ctx, `String(document.querySelectorAll('#main-sheet .preview .preview-hit').length)`); got != fmt.Sprint(want) {
			t.Errorf("hero %s at %v: %s crosses previewed, the pattern has %d hits on the map", d.Card.Name, cur, got, want)
		}
	case momentFallback:
		if !shown.Fallback || shown.Options != 1 || shown.Rotate {
			t.Errorf("ambush fallback: 1x1 offered %v (%d options, rotate %v), want the 1x1 alone", shown.Fallback, shown.Options, shown.Rotate)
		}
		if want := "Ambush! " + d.Card.Name + " fits nowhere on Bea's map: draw a 1x1 monster anywhere on it."; shown.Intro != want {
			t.Errorf("ambush fallback: intro %q, want %q", shown.Intro, want)
		}
		if len(shown.Preview) != 1 || !strings.Contains(shown.Preview[0], "k-monster") {
			t.Errorf("ambush fallback: preview %v, want one monster space", shown.Preview)
		}
	case momentGorgon:
		want := make([]string, 0, len(d.Targets))
		for _, c := range d.Targets {
			want = append(want, fmt.Sprintf("%d,%d", c[0], c[1]))
		}
		slices.Sort(want)
		slices.Sort(shown.Targets)
		if !slices.Equal(shown.Targets, want) {
			t.Errorf("gorgon: the page frames %v, the engine lists %v", shown.Targets, want)
		}
		// The space shown is chosen at once (Confirm answers without a second click on it).
		if !strings.HasSuffix(shown.Reason, ": Placed: confirm or clear") {
			t.Errorf("gorgon: the preview starts on a target but says %q", shown.Reason)
		}
		checkTargetRefused(t, ctx, d)
	}
}

// checkZombiesShown: the page names the zombies' spread and outlines the new zombie spaces on Ada's sheet.
func checkZombiesShown(t *testing.T, ctx context.Context, e *env, id, token string, spread [][2]int) {
	t.Helper()
	var env struct {
		Seq int `json:"seq"`
	}
	e.getJSON("/api/matches/"+id, token, &env)
	waitJS(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.seq) === %d`, env.Seq))
	if notice := evalString(t, ctx, `(document.querySelector('#notice') || {}).textContent || ""`); !strings.Contains(notice, "The zombies spread.") {
		t.Errorf("after the zombies spread the notice says %q", notice)
	}
	for evalString(t, ctx, `document.querySelector('#season-continue') ? "1" : ""`) == "1" {
		dismissSeason(t, ctx)
	}
	if evalString(t, ctx, `document.querySelector('#main-sheet').dataset.sheet`) != "0" {
		t.Fatal("the page does not show Ada's own sheet after the season's scoring")
	}
	var shown []string
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#main-sheet .cell.changed[data-kind="monster"]')].map(g => g.dataset.cell))`, &shown)
	want := make([]string, 0, len(spread))
	for _, c := range spread {
		want = append(want, fmt.Sprintf("%d,%d", c[0], c[1]))
	}
	slices.Sort(shown)
	slices.Sort(want)
	if !slices.Equal(shown, want) {
		t.Errorf("the page outlines new zombie spaces %v, the engine spread to %v", shown, want)
	}
	shot(t, ctx, "moment-zombies")
}

// checkTargetRefused moves the Gorgon's preview with the arrow keys onto a space the engine does not
// list: the page must show it red, say why, and keep Confirm disabled.
func checkTargetRefused(t *testing.T, ctx context.Context, d *cartographers.DecisionView) {
	t.Helper()
	cur := parseCells(evalString(t, ctx, `document.querySelector('#main-sheet').dataset.cursor`))[0]
	listed := map[[2]int]bool{}
	for _, c := range d.Targets {
		listed[c] = true
	}
	for _, step := range []struct {
		dr, dc int
		key    string
	}{{0, 1, kArrowRight}, {0, -1, kArrowLeft}, {1, 0, kArrowDown}, {-1, 0, kArrowUp}} {
		to := [2]int{cur[0] + step.dr, cur[1] + step.dc}
		if to[0] < 0 || to[0] > 10 || to[1] < 0 || to[1] > 10 || listed[to] {
			continue
		}
		press(t, ctx, step.key)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#main-sheet').dataset.cursor === "%d,%d"`, to[0], to[1]))
		var got struct {
			Reason, Class string
			Bad, Disabled bool
		}
		evalJSON(t, ctx, `JSON.stringify({Reason: document.querySelector('#reason').textContent,
			Class: document.querySelector('#reason').className,
			Bad: !!document.querySelector('#main-sheet .preview rect.pv.bad'),
			Disabled: document.querySelector('#confirm').disabled})`, &got)
		want := fmt.Sprintf("%c%d: Choose one of the marked spaces", 'A'+to[0], to[1]+1)
		if got.Reason != want || got.Class != "reason bad" || !got.Bad || !got.Disabled {
			t.Errorf("gorgon preview on unlisted %v: %+v, want reason %q in red and Confirm disabled", to, got, want)
		}
		// Back where it was, for playThroughPage's arithmetic.
		press(t, ctx, map[string]string{kArrowRight: kArrowLeft, kArrowLeft: kArrowRight, kArrowDown: kArrowUp, kArrowUp: kArrowDown}[step.key])
		return
	}
	t.Fatalf("no unlisted space next to the Gorgon preview at %v", cur)
}

// holdSeat stores seat 0 of a match created through the API in the browser, as the page would after
// creating it, and the language choice if lang is set.
func holdSeat(t *testing.T, ctx context.Context, e *env, id, token, lang string) {
	t.Helper()
	storeSeat(t, ctx, e, id, token, 0, "Ada")
	if lang != "" {
		evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.lang", %q), ""`, lang))
	}
}

// TestRiftLandsSolo: the base game's rift card, Rift Lands, in a solo game; the early turns go through
// the API, the rift card through the page, which must offer the engine's five terrains and draw the one
// chosen.
func TestRiftLandsSolo(t *testing.T) {
	t.Parallel()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"cartographers"}`))
	if err != nil {
		t.Fatal(err)
	}
	var seed uint64
	turns := -1
	for seed = 1; seed < 300 && turns < 0; seed++ {
		g, err := cartographers.NewGame(opts, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 4; n++ {
			if d := g.View(0).Decision; d.Card.Name == "Rift Lands" {
				turns = n
				break
			}
			if err := g.Play(0, g.LegalMoves(0)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	seed--
	if turns < 0 {
		t.Fatal("no seed below 300 brings Rift Lands in a solo game's first four decisions")
	}
	g, err := cartographers.NewGame(opts, 1, seed)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, seed)
	id, token := e.startSolo("cartographers")
	for range turns {
		mv := g.LegalMoves(0)[0]
		raw, err := json.Marshal(mv)
		if err != nil {
			t.Fatal(err)
		}
		e.postJSON("/api/matches/"+id+"/moves", token, map[string]json.RawMessage{"move": raw}, nil)
		if err := g.Play(0, mv); err != nil {
			t.Fatal(err)
		}
	}
	ctx := browser(t, "en-US")
	holdSeat(t, ctx, e, id, token, "")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	syncPage(t, ctx, e, id, token)
	d := g.View(0).Decision
	checkMomentShown(t, ctx, momentRift, d)
	// The last of the five terrains, by clicks, where the engine's first legal 1x1 goes.
	var cm cellMove
	for _, m := range g.LegalMoves(0) {
		if m.Terrain.String() == d.Terrains[len(d.Terrains)-1] {
			raw, _ := json.Marshal(m)
			if err := json.Unmarshal(raw, &cm); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if len(cm.Cells) != 1 {
		t.Fatalf("no legal 1x1 of %s: %+v", d.Terrains[len(d.Terrains)-1], cm)
	}
	playThroughPage(t, ctx, cm, byClicks)
	c := cm.Cells[0]
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#main-sheet [data-cell="%d,%d"]').dataset.kind === %q`, c[0], c[1], cm.Terrain))
	shot(t, ctx, "rift-lands-drawn")
}

// startSolo creates and starts a solo game of a preset through the API, Ada in seat 0.
func (e *env) startSolo(preset string) (id, token string) {
	e.t.Helper()
	var created struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "options": map[string]string{"preset": preset},
		"max_seats": 1, "name": "Ada"}, &created)
	e.postJSON("/api/matches/"+created.ID+"/start", created.Token, struct{}{}, nil)
	return created.ID, created.Token
}

// cellKinds names the client's kind of each character of the map text format.
var cellKinds = map[rune]string{'.': "empty", 'r': "empty", 'F': "forest", 'f': "forest", 'V': "village", 'v': "village",
	'A': "farm", 'a': "farm", 'W': "water", 'w': "water", 'X': "monster", 'x': "monster", 'H': "hero", 'h': "hero",
	'M': "mountain", '#': "wasteland", '*': "destroyed", '+': "destroyed"}

// checkMomentDrawn: once a moment's move is played, the page shows its spaces as the engine's view after
// it does, on the sheet it was about (the main sheet or, for the neighbour's, the small one), and a
// hero's hits.
func checkMomentDrawn(t *testing.T, ctx context.Context, e *env, id, token string, after cartographers.View,
	d *cartographers.DecisionView, mv cellMove) {
	t.Helper()
	syncPage(t, ctx, e, id, token)
	grid := mapGrid(after.Sheets[d.Sheet].Map)
	sheet := fmt.Sprintf(`(document.querySelector('#main-sheet').dataset.sheet === "%d" ? document.querySelector('#main-sheet')
		: document.querySelector('#opponents .opponent[data-seat="%d"] svg'))`, d.Sheet, d.Sheet)
	for _, c := range mv.Cells {
		want := cellKinds[grid[c[0]][c[1]]]
		if got := evalString(t, ctx, fmt.Sprintf(`%s.querySelector('[data-cell="%d,%d"]').dataset.kind`, sheet, c[0], c[1])); got != want {
			t.Errorf("after the %s move the page shows space %v of sheet %d as %q, the engine as %q", d.Kind, c, d.Sheet, got, want)
		}
	}
	if d.Kind == "hero" {
		got := evalString(t, ctx, fmt.Sprintf(`String(%s.querySelectorAll('path.hit:not(.preview-hit)').length)`, sheet))
		if got != fmt.Sprint(len(after.Sheets[d.Sheet].Hits)) {
			t.Errorf("after the hero the page marks %s hits, the engine %d", got, len(after.Sheets[d.Sheet].Hits))
		}
	}
}
