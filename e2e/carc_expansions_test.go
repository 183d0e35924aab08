package e2e

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCarcassonneBaseTilesUnchanged: the client draws the 24 base tiles in every rotation, with figures on
// every segment, the meeple on every kind of spot and the shared definitions, byte for byte as it did
// before the expansions (testdata/carc-base-tiles.sha256 holds the hashes of what the client drew then).
func TestCarcassonneBaseTilesUnchanged(t *testing.T) {
	t.Parallel()
	want := map[string]string{}
	var order []string
	f, err := os.Open("testdata/carc-base-tiles.sha256")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, _ := strings.Cut(line, " ")
		want[k] = v
		order = append(order, k)
	}
	if len(order) != 24*4+6 {
		t.Fatalf("%d hashes in testdata, want %d", len(order), 24*4+6)
	}
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var drawn []string
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(tl => {
		const out = [];
		for (const l of tl.LETTERS) for (let r = 0; r < 4; r++) {
			const names = tl.segNames(l, r);
			out.push(tl.drawTile(l, r, { meeples: names.map((n, i) => ({ segment: n, seat: (i + r) % 5 })) }).outerHTML);
		}
		for (const k of ["", "field", "road", "city", "monastery"]) out.push(tl.meeple([40, 60], 2, { "data-x": "1" }, k).outerHTML);
		out.push(document.getElementById("carc-art").outerHTML);
		return JSON.stringify(out);
	})`, &drawn)
	if len(drawn) != len(order) {
		t.Fatalf("drew %d pictures, want %d", len(drawn), len(order))
	}
	for i, k := range order {
		sum := sha256.Sum256([]byte(drawn[i]))
		if got := hex.EncodeToString(sum[:]); got != want[k] {
			t.Errorf("%s is drawn differently from before the expansions", k)
		}
	}
	if n := evalString(t, ctx, `String(document.querySelectorAll('#carc-art-x').length)`); n != "0" {
		t.Errorf("the base tiles put the expansions' definitions in the page")
	}
}

// expansionRow is a tile row of the client's table, in the engine's keyed form.
type expansionRow struct {
	Name, Edges, Segments string
	Portal, Garden, Arms  bool
}

// drawnExpansionTile is what the page drew for one expansion tile in one rotation.
type drawnExpansionTile struct {
	Edges    string           `json:"edges"`
	Segs     []string         `json:"segs"`
	Names    []string         `json:"names"`
	Rivers   int              `json:"rivers"`
	Lake     int              `json:"lake"`
	Spring   int              `json:"spring"`
	Inns     int              `json:"inns"`
	Cathedra int              `json:"cathedrals"`
	Gardens  int              `json:"gardens"`
	Portals  int              `json:"portals"`
	Arms     int              `json:"arms"`
	Goods    map[string]int   `json:"goods"`
	Spots    map[string][]int `json:"spots"`
}

// TestCarcassonneExpansionTilesDrawn: every expansion tile type the client lists is drawn in every
// rotation with what its row says (each river, lake or spring, inn, cathedral, goods symbol, garden and
// portal as its own picture, every segment tagged by its move-form name), and a figure's spot on every
// segment but the river, inside the tile and clear of the others; the seven figures are drawn each by
// its own silhouette.
func TestCarcassonneExpansionTilesDrawn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var rows []expansionRow
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(tl => JSON.stringify(tl.EXPANSION_ROWS))`, &rows)
	// The five expansions' rows, each with at least one of the features the client draws for it.
	counts := map[string]int{}
	for _, r := range rows {
		counts[strings.TrimRight(r.Name, "0123456789")]++
	}
	for prefix, n := range map[string]int{"RV": 11, "IC": 17, "TB": 24, "MW": 8} {
		if counts[prefix] != n {
			t.Errorf("%d %s rows, want %d", counts[prefix], prefix, n)
		}
	}
	var drawn map[string]drawnExpansionTile
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(tl => {
		const out = {};
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		document.body.append(svg);
		for (const r of tl.EXPANSION_ROWS) for (let rot = 0; rot < 4; rot++) {
			const g = tl.drawTile(r.Name, rot);
			svg.append(g);
			const q = (sel) => g.querySelectorAll(sel).length;
			const goods = {};
			for (const u of g.querySelectorAll("use[data-goods]")) goods[u.dataset.goods] = (goods[u.dataset.goods] || 0) + 1;
			const spots = {};
			for (const n of tl.segNames(r.Name, rot)) spots[n] = tl.spotOf(r.Name, rot, n).map(Math.round);
			out[r.Name + "/" + rot] = { edges: g.dataset.edges, segs: [...new Set([...g.querySelectorAll("[data-seg]")].map(x => x.dataset.seg))].sort(),
				names: tl.segNames(r.Name, rot).slice().sort(), rivers: q("path.river[data-river]"), lake: q("path.lake"), spring: q("path.spring"),
				inns: q("use.inn"), cathedrals: q("use.cathedral"), gardens: q("use.garden[data-seg=garden]"), portals: q("use.portal"),
				arms: q("use.arms"), goods, spots };
		}
		svg.remove();
		return JSON.stringify(out);
	})`, &drawn)
	for _, r := range rows {
		var rivers, inns, cathedrals, gardens, lakes, springs, inner int
		goods := map[string]int{}
		var segs []string
		for _, part := range strings.Split(r.Segments, "|") {
			words := strings.Fields(part)
			segs = append(segs, words[0])
			switch words[0] {
			case "river":
				rivers++
				if slices.Contains(words, "lake") {
					lakes++
				} else if len(words) == 2 {
					springs++ // a river touching one side, not the lake
				}
			case "garden":
				gardens++
			case "field":
				// A field of borders only (">N >S"), closed in by cities: the engine's "field:inner".
				if !slices.ContainsFunc(words[1:], func(w string) bool { return !strings.HasPrefix(w, ">") }) {
					inner++
				}
			}
			for _, w := range words[1:] {
				switch w {
				case "inn":
					inns++
				case "cathedral":
					cathedrals++
				case "wine", "grain", "cloth":
					goods[w]++
				}
			}
		}
		for rot := 0; rot < 4; rot++ {
			k := r.Name + "/" + string(rune('0'+rot))
			d, ok := drawn[k]
			if !ok {
				t.Errorf("%s not drawn", k)
				continue
			}
			wantEdges := ""
			for s := range 4 {
				wantEdges += string(r.Edges[(s-rot+4)%4])
			}
			if d.Edges != wantEdges {
				t.Errorf("%s: edges %s, want %s", k, d.Edges, wantEdges)
			}
			if !slices.Equal(d.Segs, d.Names) {
				t.Errorf("%s: segments drawn %v, named %v", k, d.Segs, d.Names)
			}
			if slices.Contains(d.Names, "field:inner") != (inner == 1) {
				t.Errorf("%s: the segments named %v; the row has %d fields touching no side (field:inner)", k, d.Names, inner)
			}
			if len(d.Names) != len(segs)-rivers {
				t.Errorf("%s: %d segments named, want %d (no figure on the river)", k, len(d.Names), len(segs)-rivers)
			}
			if d.Rivers != rivers || d.Lake != lakes || d.Spring != springs {
				t.Errorf("%s: %d rivers, %d lakes, %d springs drawn; the row has %d rivers, %d lakes", k, d.Rivers, d.Lake, d.Spring, rivers, lakes)
			}
			if d.Inns != inns || d.Cathedra != cathedrals || d.Gardens != gardens || d.Portals != boolInt(r.Portal) || d.Arms != boolInt(r.Arms) {
				t.Errorf("%s: drawn %d inns, %d cathedrals, %d gardens, %d portals, %d coats of arms; the row says %d, %d, %d, %v, %v",
					k, d.Inns, d.Cathedra, d.Gardens, d.Portals, d.Arms, inns, cathedrals, gardens, r.Portal, r.Arms)
			}
			for _, g := range []string{"wine", "grain", "cloth"} {
				if d.Goods[g] != goods[g] {
					t.Errorf("%s: %d %s symbols drawn, the row has %d", k, d.Goods[g], g, goods[g])
				}
			}
			// Every spot inside the tile, off its edges; two spots' click circles (radius 11) apart.
			names := keys(d.Spots)
			for i, a := range names {
				p := d.Spots[a]
				if p[0] < 8 || p[0] > 92 || p[1] < 8 || p[1] > 92 {
					t.Errorf("%s: the spot of %s lies at %v, on the tile's edge", k, a, p)
				}
				for _, b := range names[i+1:] {
					q := d.Spots[b]
					if dx, dy := p[0]-q[0], p[1]-q[1]; dx*dx+dy*dy < 22*22 {
						t.Errorf("%s: the spots of %s %v and %s %v overlap", k, a, p, b, q)
					}
				}
			}
		}
	}

	// The figures: each kind its own outline (not a recoloured meeple), the large meeple bigger than the
	// meeple, the builder taller, the mage and the witch in no seat's colour.
	var figs map[string]struct {
		D      string  `json:"d"`
		W      float64 `json:"w"`
		H      float64 `json:"h"`
		Fill   string  `json:"fill"`
		Figure string  `json:"figure"`
	}
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(tl => {
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		svg.setAttribute("class", "carc-board");
		document.body.append(svg);
		const out = {};
		for (const f of ["meeple", "large", "abbot", "builder", "pig", "mage", "witch"]) {
			const g = f === "mage" || f === "witch" ? tl.neutralFigure([50, 50], f) : tl.meeple([50, 50], 1, {}, "", f);
			svg.append(g);
			const b = g.getBoundingClientRect(), body = g.querySelector(".meeple-body");
			out[f] = { d: body.getAttribute("d") + "|" + (g.getAttribute("transform").match(/scale\(([^)]*)\)/) || [])[1], w: b.width, h: b.height,
				fill: getComputedStyle(body).fill, figure: g.dataset.figure || "" };
		}
		svg.remove();
		return JSON.stringify(out);
	})`, &figs)
	outlines := map[string]string{}
	for f, g := range figs {
		if other, dup := outlines[g.D]; dup {
			t.Errorf("the %s and the %s share one outline", f, other)
		}
		outlines[g.D] = f
		if f != "meeple" && g.Figure != f {
			t.Errorf("the %s is tagged %q", f, g.Figure)
		}
	}
	if figs["large"].H <= figs["meeple"].H*1.2 {
		t.Errorf("the large meeple is %.0f px high, the meeple %.0f", figs["large"].H, figs["meeple"].H)
	}
	if figs["builder"].H <= figs["meeple"].H || figs["builder"].W >= figs["meeple"].W {
		t.Errorf("the builder (%.0fx%.0f) is not taller and narrower than the meeple (%.0fx%.0f)", figs["builder"].W, figs["builder"].H, figs["meeple"].W, figs["meeple"].H)
	}
	if figs["pig"].W <= figs["pig"].H {
		t.Errorf("the pig is %.0fx%.0f: not lying along the ground", figs["pig"].W, figs["pig"].H)
	}
	seatFill := figs["meeple"].Fill
	for _, f := range []string{"mage", "witch"} {
		if figs[f].Fill == seatFill || figs[f].Fill == "" {
			t.Errorf("the %s is filled %s, as a seat's figure", f, figs[f].Fill)
		}
	}
	// The sixth seat (Inns & Cathedrals): a colour and a mark of its own.
	var six struct {
		Fills []string `json:"fills"`
		Mark  string   `json:"mark"`
		Def   bool     `json:"def"`
	}
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(tl => {
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		svg.setAttribute("class", "carc-board");
		document.body.append(svg);
		const fills = [0, 1, 2, 3, 4, 5].map(seat => { const g = tl.meeple([50, 50], seat); svg.append(g); return getComputedStyle(g.querySelector(".meeple-body")).fill; });
		const mark = tl.meeple([50, 50], 5).querySelector(".meeple-mark").getAttribute("fill");
		svg.remove();
		return JSON.stringify({ fills, mark, def: !!document.getElementById("carc-mark-5") });
	})`, &six)
	if slices.Contains(six.Fills[:5], six.Fills[5]) || six.Mark != "url(#carc-mark-5)" || !six.Def {
		t.Errorf("the sixth seat's figure: fills %v, mark %s (defined: %v)", six.Fills, six.Mark, six.Def)
	}
	if figs["mage"].Fill == figs["witch"].Fill {
		t.Errorf("the mage and the witch share their colour %s", figs["mage"].Fill)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// expansionTable draws the Carcassonne table in the page for a made-up position of an expansions game
// (the engine of this branch plays only the base game): a river from its spring to its lake with a
// bridge, an inn, gardens, a cathedral, goods, portals, every figure on the board, the tile in hand a
// portal tile. The legal moves are the page's own (api.legal answers them) and the move sent is kept
// in window.sentMove. base draws a base game's position instead, with no field of the expansions.
const expansionTable = `(async (base, again) => {
	const { api } = await import("/js/api.js");
	const table = await import("/js/carcassonne/table.js");
	const tl = await import("/js/carcassonne/tiles.js");
	const seg = (tile, rot, kind, k = 0) => tl.segNames(tile, rot).filter(n => n.startsWith(kind))[k];
	const T = (x, y, tile, rot, meeples) => ({ x, y, tile, rotation: rot * 90, meeples: meeples && meeples.length ? meeples : undefined });
	let board, view;
	if (base) {
		board = [T(0, 0, "D", 0, []), T(1, 0, "U", 0, [{ seat: 1, segment: "road:W" }]), T(0, -1, "E", 2, [])];
		view = { seat: 0, players: 2, to_act: 0, turn: 3, tile: "V", draw_pile: 68, discarded: [], board, scores: [0, 0], supply: [7, 6],
			events: [], over: false };
	} else {
		board = [
			T(0, 0, "RV1", 0, []),
			T(0, 1, "RV10", 1, [{ seat: 2, segment: seg("RV10", 1, "road") }]),
			T(0, 2, "RV11", 0, []),
			T(1, 1, "IC1", 0, [{ seat: 0, segment: seg("IC1", 0, "road") }, { seat: 0, segment: seg("IC1", 0, "road"), figure: "builder" }]),
			T(1, 2, "IC2", 1, []),
			T(1, 0, "Mg", 1, [{ seat: 0, segment: "garden", figure: "abbot" }]),
			T(2, 1, "Vg", 2, [{ seat: 1, segment: seg("Vg", 2, "field"), figure: "pig" }, { seat: 1, segment: seg("Vg", 2, "field") }]),
			T(2, 0, "TB4", 1, [{ seat: 2, segment: seg("TB4", 1, "city") }]),
			T(3, 0, "IC11", 0, [{ seat: 1, segment: "city:N", figure: "large" }]),
			T(3, 1, "MW1", 0, []),
		];
		view = { seat: 0, players: 3, to_act: 0, turn: 10, tile: "MW3", draw_pile: 40, discarded: [], board, scores: [12, 9, 4], supply: [5, 6, 6],
			supplies: [{ meeple: 5, large: 1, abbot: 0, builder: 0, pig: 1 }, { meeple: 5, large: 0, abbot: 1, builder: 1, pig: 0 }, { meeple: 6, large: 1, abbot: 1, builder: 1, pig: 1 }],
			goods: [{ wine: 1, grain: 0, cloth: 2 }, { wine: 0, grain: 1, cloth: 0 }, { wine: 0, grain: 0, cloth: 0 }],
			neutral: [{ figure: "mage", x: 3, y: 0, segment: "city:N" }, { figure: "witch", x: 3, y: 1, segment: "road:E" }],
			events: [{ turn: 7, final: false, feature: "road", tiles: [{ x: 1, y: 1 }, { x: 0, y: 1 }], meeples: [1, 0, 0], receivers: [0], points: 6, base_points: 2,
				modifiers: [{ name: "inn", delta: 2 }, { name: "mage", delta: 2 }] }],
			over: false };
	}
	const moves = [];
	if (base) {
		for (const r of [0, 90]) for (const m of [undefined, "road:S"]) moves.push({ type: "place", x: 0, y: 1, rotation: r, meeple: m });
	} else {
		// MW3 east of MW1, turned a quarter: a meeple, the large meeple or the pig... and the abbot's recall,
		// each with one of three magic moves (a portal tile must move the mage or the witch).
		const magic = [{ figure: "mage", x: 3, y: 1, segment: "road:E" }, { figure: "witch", x: 2, y: 0, segment: seg("TB4", 1, "city") },
			{ figure: "mage", x: 4, y: 1, segment: "city:N" }];
		const stands = [{}, { meeple: "city:N" }, { meeple: "city:N", figure: "large" }, { meeple: "road:W" }, { meeple: "road:W", figure: "large" },
			{ meeple: "city:S" }, { recall: { x: 1, y: 0 } }];
		for (const mg of magic) for (const st of stands) moves.push({ type: "place", x: 4, y: 1, rotation: 90, ...st, magic: mg });
	}
	api.legal = async () => ({ moves });
	window.sentMove = null;
	api.move = async (id, token, mv) => { window.sentMove = mv; return new Promise(() => {}); };
	const main = document.querySelector("main") || document.body.appendChild(document.createElement("main"));
	main.id = "screen";
	const players = view.scores.map((_, seat) => ({ seat, name: ["Ana", "Bia", "Caio"][seat] }));
	const env = { match: { id: "x", game: "carcassonne", status: "playing", players, moves: 9 }, you: { seat: 0, must_act: true }, seq: 9 };
	const prev = again ? { ...view, board: view.board.slice(0, -1), turn: view.turn - 1 } : null;
	const s = { id: "x", env, view, prev, queue: [], closed: false, firstCarc: false, error: "", render: () => {} };
	window.carcState = s;
	table.noticeEvents(s);
	table.renderTable(main, s, () => "token", () => {});
	if (!window.carcKeys) {
		window.carcKeys = true;
		document.addEventListener("keydown", (e) => table.keyHandler(window.carcState, () => "token", () => {}, e));
	}
	return JSON.stringify("ok");
})`

// TestCarcassonneExpansionTable: on a made-up position with every expansion, the table shows every
// figure on the board, the goods and the other figures on the score table, the modifiers of a scoring;
// once the tile is placed, the choice of figure, the abbot's recall (a button, a click on the abbot, the
// A key) and the mage or witch to move (required: no confirm until chosen); the move sent carries them;
// the rules reference has an entry for every new feature and figure. A base game's position shows none
// of it.
func TestCarcassonneExpansionTable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var ok string
	evalJSON(t, ctx, expansionTable+`(false, false)`, &ok)
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelectorAll('#marks .cand').length > 0`)

	for sel, what := range map[string]string{
		`.cell-tile[data-cell="1,0"] .meeple[data-figure=abbot][data-seat="0"]`:   "the abbot in its garden",
		`.cell-tile[data-cell="3,0"] .meeple[data-figure=large][data-seat="1"]`:   "the large meeple in the cathedral city",
		`.cell-tile[data-cell="1,1"] .meeple[data-figure=builder][data-seat="0"]`: "the builder on the inn's road",
		`.cell-tile[data-cell="2,1"] .meeple[data-figure=pig][data-seat="1"]`:     "the pig in the field",
		`.cell-tile[data-cell="3,0"] .meeple.neutral[data-figure=mage]`:           "the mage",
		`.cell-tile[data-cell="3,1"] .meeple.neutral[data-figure=witch]`:          "the witch",
		`.cell-tile[data-cell="0,0"] path.spring`:                                 "the spring",
		`.cell-tile[data-cell="0,2"] path.lake`:                                   "the lake",
		`.cell-tile[data-cell="0,1"] path.bridge`:                                 "the bridge",
		`.cell-tile[data-cell="1,1"] use.inn`:                                     "the inn",
		`.cell-tile[data-cell="3,0"] use.cathedral`:                               "the cathedral",
		`.cell-tile[data-cell="2,0"] use[data-goods=grain]`:                       "the grain",
		`.cell-tile[data-cell="3,1"] use.portal`:                                  "the portal",
		`#carc-players tr[data-seat="0"] .goods[data-goods="1,0,2"]`:              "seat 0's goods",
		`#carc-players tr[data-seat="1"] td.figs [data-figure=abbot]`:             "seat 1's abbot in its supply",
	} {
		if evalString(t, ctx, `String(!!document.querySelector('`+sel+`'))`) != "true" {
			t.Errorf("the table does not show %s (%s)", what, sel)
		}
	}
	if txt := evalString(t, ctx, `document.querySelector('#events').innerText`); !strings.Contains(txt, "Inn +2") || !strings.Contains(txt, "Mage +2") {
		t.Errorf("the scoring does not list its modifiers: %q", txt)
	}

	// The tile placed: its choices.
	evalString(t, ctx, `(() => { const r = document.querySelector('#marks .cand[data-cell="4,1"]').getBoundingClientRect();
		document.querySelector('#carc-board').dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 })); return ""; })()`)
	waitJS(t, ctx, `!!document.querySelector('#figure-options')`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#figure-options button[data-figure]')].map(b => b.dataset.figure).join(",")`); got != "meeple,large" {
		t.Errorf("figures offered %q, want meeple,large", got)
	}
	// The abbot's garden at (1,0) has 5 tiles around it: recalling it scores 6.
	if got := evalString(t, ctx, `document.querySelector('#recall').innerText`); !strings.Contains(got, "Recall abbot (+6)") {
		t.Errorf("the recall button says %q", got)
	}
	if got := evalString(t, ctx, `String(document.querySelector('#confirm').disabled)`); got != "true" {
		t.Errorf("Confirm is enabled before the mage or the witch is moved")
	}
	screenshot(t, ctx, "carc-expansions-choices")
	// The large meeple on the city, then the witch by a click on her target on the board.
	click(t, ctx, `#figure-options button[data-figure=large]`)
	waitJS(t, ctx, `document.querySelectorAll('#meeple-options button[data-meeple]').length > 1`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#meeple-options button[data-meeple]')].map(b => b.dataset.meeple).filter(Boolean).join(",")`); got != "city:N,road:W" {
		t.Errorf("the large meeple is offered %q, want city:N,road:W", got)
	}
	click(t, ctx, `#meeple-options button[data-meeple="city:N"]`)
	click(t, ctx, `#magic-figures button[data-figure=witch]`)
	waitJS(t, ctx, `!!document.querySelector('#marks .magic-target[data-magic^="witch@2,0"]')`)
	evalString(t, ctx, `(() => { const r = document.querySelector('#marks .magic-target[data-magic^="witch@2,0"] circle').getBoundingClientRect();
		document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).dispatchEvent(new MouseEvent("click", { bubbles: true })); return ""; })()`)
	waitJS(t, ctx, `!document.querySelector('#confirm').disabled`)
	click(t, ctx, "#confirm")
	waitJS(t, ctx, `!!window.sentMove`)
	var sent struct {
		Meeple, Figure string
		Recall         *struct{ X, Y int }
		Magic          *struct {
			Figure, Segment string
			X, Y            int
		}
	}
	evalJSON(t, ctx, `JSON.stringify(window.sentMove)`, &sent)
	if sent.Meeple != "city:N" || sent.Figure != "large" || sent.Recall != nil || sent.Magic == nil || sent.Magic.Figure != "witch" || sent.Magic.X != 2 || sent.Magic.Y != 0 {
		t.Errorf("move sent %+v (magic %+v), want the large meeple on city:N and the witch to (2,0)", sent, sent.Magic)
	}

	// Again, recalling the abbot: by a click on the abbot, then by the A key, which undoes it.
	evalJSON(t, ctx, expansionTable+`(false, false)`, &ok)
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelectorAll('#marks .cand').length > 0`)
	evalString(t, ctx, `(() => { const r = document.querySelector('#marks .cand[data-cell="4,1"]').getBoundingClientRect();
		document.querySelector('#carc-board').dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 })); return ""; })()`)
	waitJS(t, ctx, `!!document.querySelector('#recall') && !!document.querySelector('.meeple.recallable')`)
	click(t, ctx, `.cell-tile[data-cell="1,0"] .meeple.recallable`)
	waitJS(t, ctx, `document.querySelector('#recall').getAttribute('aria-pressed') === "true"`)
	press(t, ctx, "a")
	waitJS(t, ctx, `document.querySelector('#recall').getAttribute('aria-pressed') === "false"`)
	press(t, ctx, "a")
	waitJS(t, ctx, `document.querySelector('#recall').getAttribute('aria-pressed') === "true"`)
	click(t, ctx, `#magic-options button[data-magic]`)
	click(t, ctx, "#confirm")
	waitJS(t, ctx, `!!window.sentMove`)
	sent.Meeple, sent.Figure, sent.Recall, sent.Magic = "", "", nil, nil
	evalJSON(t, ctx, `JSON.stringify(window.sentMove)`, &sent)
	if sent.Recall == nil || sent.Recall.X != 1 || sent.Recall.Y != 0 || sent.Meeple != "" || sent.Magic == nil {
		t.Errorf("move sent %+v, want the abbot recalled from (1,0), no figure stood, a magic move", sent)
	}

	// The rules reference, one tap away: an entry for every new feature and figure of the game.
	click(t, ctx, "#rules-open")
	waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#rules-modal [data-rule]')].map(n => n.dataset.rule).join(",")`); !strings.HasPrefix(got,
		"river,garden,inn,cathedral,goods,portal,large,abbot,builder,pig,mage,witch") {
		t.Errorf("rules entries %q", got)
	}
	screenshot(t, ctx, "carc-expansions-rules")
	click(t, ctx, "#rules-close")

	// The builder's second tile: the same seat to play again, told so.
	evalJSON(t, ctx, expansionTable+`(false, true)`, &ok)
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	evalString(t, ctx, `(() => { const r = document.querySelector('#marks .cand[data-cell="4,1"]').getBoundingClientRect();
		document.querySelector('#carc-board').dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 })); return ""; })()`)
	waitJS(t, ctx, `!!document.querySelector('#builder-again')`)
	press(t, ctx, "f")
	waitJS(t, ctx, `document.querySelector('#figure-options button.selected').dataset.figure === "large"`)
	expansionShots(t, ctx)

	// A base game: none of it.
	evalJSON(t, ctx, expansionTable+`(true, false)`, &ok)
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelectorAll('#marks .cand').length > 0`)
	evalString(t, ctx, `(() => { const r = document.querySelector('#marks .cand[data-cell="0,1"]').getBoundingClientRect();
		document.querySelector('#carc-board').dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 })); return ""; })()`)
	waitJS(t, ctx, `!!document.querySelector('#meeple-options')`)
	for _, sel := range []string{"#figure-options", "#recall", "#magic-options", "#builder-again", ".goods", "td.figs", ".meeple[data-figure]"} {
		if evalString(t, ctx, `String(!!document.querySelector('`+sel+`'))`) != "false" {
			t.Errorf("a base game shows %s", sel)
		}
	}
	if got := evalString(t, ctx, `document.querySelector('#controls .keys').innerText`); strings.Contains(got, "abbot") {
		t.Errorf("a base game's keys say %q", got)
	}
	click(t, ctx, "#rules-open")
	waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
	if got := evalString(t, ctx, `String(document.querySelectorAll('#rules-modal [data-rule]').length)`); got != "0" {
		t.Errorf("a base game's rules list %s entries of expansions", got)
	}
}

// expansionShots saves the table, every tile and every figure to look at, on a desktop and a phone, at
// 100% and 300% (zoomViews), when SURVEYOR_SHOTS names a directory.
func expansionShots(t *testing.T, ctx context.Context) {
	t.Helper()
	if os.Getenv("SURVEYOR_SHOTS") == "" {
		return
	}
	for _, v := range zoomViews {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(v.scale)}
		if v.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		run(t, ctx, chromedp.EmulateViewport(v.w, v.h, opts...))
		screenshot(t, ctx, "carc-expansions-table-"+v.name)
	}
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	var ok string
	evalJSON(t, ctx, `(async () => {
		const tl = await import("/js/carcassonne/tiles.js");
		const main = document.querySelector("main");
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		const names = tl.EXPANSION_ROWS.map(r => r.Name), per = 10, rows = Math.ceil(names.length / per) + 1;
		svg.setAttribute("viewBox", "-5 -5 " + (per * 110 + 10) + " " + (rows * 115 + 10));
		svg.setAttribute("class", "carc-board"); svg.style.cssText = "width: 100%; max-height: none; background: #cdbf9c";
		const figs = ["meeple", "large", "abbot", "builder", "pig"];
		names.forEach((n, i) => {
			const segs = tl.segNames(n, i % 4);
			const g = tl.drawTile(n, i % 4, { meeples: segs.slice(0, 2).map((s, k) => ({ segment: s, seat: (i + k) % 5, figure: figs[(i + k) % 5] })) });
			g.setAttribute("transform", "translate(" + (i % per) * 110 + " " + Math.floor(i / per) * 115 + ")");
			svg.append(g);
		});
		["meeple", "large", "abbot", "builder", "pig", "mage", "witch"].forEach((f, i) => {
			const at = [40 + i * 70, (rows - 1) * 115 + 50];
			svg.append(f === "mage" || f === "witch" ? tl.neutralFigure(at, f) : tl.meeple(at, i % 5, {}, "", f));
		});
		main.replaceChildren(svg);
		return JSON.stringify("ok");
	})()`, &ok)
	for _, v := range zoomViews {
		run(t, ctx, chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateScale(v.scale)))
		screenshot(t, ctx, "carc-expansions-tiles-"+v.name)
	}
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
}

// TestCarcassonneLobbyExpansions: the lobby offers the five expansions, each with its rules one tap away;
// the options it sends name the checked ones in the canonical order, and none checked sends a base game's
// options exactly as before (no expansions field).
func TestCarcassonneLobbyExpansions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
	evalString(t, ctx, `document.querySelector('#game').dispatchEvent(new Event('change')), ""`)
	var got string
	evalJSON(t, ctx, `(async () => JSON.stringify(JSON.stringify((await import("/js/carcassonne/index.js")).default.options(new FormData(document.querySelector('#create-form'))))))()`, &got)
	if got != `{"surveyors":false}` {
		t.Errorf("a base game's options %s", got)
	}
	if n := evalString(t, ctx, `String(document.querySelectorAll('[data-game=carcassonne] input[name=expansion]').length)`); n != "5" {
		t.Errorf("%s expansions offered, want 5", n)
	}
	// Inns & Cathedrals brings a sixth seat.
	if got := evalString(t, ctx, `document.querySelector('#seats').max`); got != "5" {
		t.Errorf("seats up to %s without Inns & Cathedrals, want 5", got)
	}
	click(t, ctx, `#exp-inns_cathedrals`)
	if got := evalString(t, ctx, `document.querySelector('#seats').max`); got != "6" {
		t.Errorf("seats up to %s with Inns & Cathedrals, want 6", got)
	}
	click(t, ctx, `#exp-inns_cathedrals`)
	click(t, ctx, `#exp-mage_witch`)
	click(t, ctx, `#exp-river`)
	click(t, ctx, `#surveyors`)
	evalJSON(t, ctx, `(async () => JSON.stringify(JSON.stringify((await import("/js/carcassonne/index.js")).default.options(new FormData(document.querySelector('#create-form'))))))()`, &got)
	if got != `{"surveyors":true,"expansions":["river","mage_witch"]}` {
		t.Errorf("options sent %s", got)
	}
	if os.Getenv("SURVEYOR_SHOTS") != "" {
		shot(t, ctx, "carc-expansions-lobby")
		phoneShot(t, ctx, "carc-expansions-lobby-phone", 1280, 1200)
		// In French (the lobby is drawn again: the choices are made again).
		setLang(t, ctx, "fr")
		run(t, ctx, chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
		evalString(t, ctx, `document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
		for _, c := range []string{"#exp-river", "#exp-abbot", "#exp-inns_cathedrals", "#exp-traders_builders", "#surveyors"} {
			click(t, ctx, c)
		}
		shot(t, ctx, "carc-expansions-lobby-fr")
		phoneShot(t, ctx, "carc-expansions-lobby-fr-phone", 1280, 1200)
		setLang(t, ctx, "en")
		run(t, ctx, chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
		evalString(t, ctx, `document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	}
	click(t, ctx, `[data-expansion-rules=traders_builders]`)
	waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
	if got := evalString(t, ctx, `[...document.querySelectorAll('#rules-modal [data-rule]')].map(n => n.dataset.rule).join(",")`); got != "goods,builder,pig" {
		t.Errorf("Traders & Builders' rules list %q", got)
	}
	click(t, ctx, "#rules-close")
}
