package e2e

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/cartographers"
)

// TestClientOrientationsMatchEngine runs the client's own shape module in the browser and checks that
// every orientation it previews, for every shape of every card and every hero's attack pattern, is the
// one the engine builds from the same rotation and flip: what the player sees is what gets played.
func TestClientOrientationsMatchEngine(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)

	type shapeCase struct {
		Cells [][2]int `json:"cells"`
		Want  []string `json:"want"` // normalised cells for rotation*2+flip
	}
	var shapes []shapeCase
	type heroCase struct {
		Offsets [][2]int `json:"offsets"`
		Want    []string `json:"want"`
	}
	var heroes []heroCase
	for _, c := range cartographers.Cards() {
		for _, o := range c.Options {
			sc := shapeCase{Cells: cartographers.CellList(o.Shape.Bits)}
			for rot := range 4 {
				for _, flip := range []bool{false, true} {
					sc.Want = append(sc.Want, normal(cartographers.CellList(o.Shape.Transform(rot, flip).Bits)))
				}
			}
			shapes = append(shapes, sc)
		}
		if len(c.Attack) > 0 {
			hc := heroCase{}
			for _, a := range c.Attack {
				hc.Offsets = append(hc.Offsets, [2]int{a.DRow, a.DCol})
			}
			for rot := range 4 {
				for _, flip := range []bool{false, true} {
					w := ""
					for i, a := range c.Attack {
						o := cartographers.TransformOffset(a, rot, flip)
						if i > 0 {
							w += ";"
						}
						w += fmt.Sprintf("%d,%d", o.DRow, o.DCol)
					}
					hc.Want = append(hc.Want, w)
				}
			}
			heroes = append(heroes, hc)
		}
	}
	if len(shapes) < 40 || len(heroes) != 4 {
		t.Fatalf("%d shapes and %d heroes: the card data is not what this test expects", len(shapes), len(heroes))
	}
	in, err := json.Marshal(map[string]any{"shapes": shapes, "heroes": heroes})
	if err != nil {
		t.Fatal(err)
	}
	// The page's module computes each orientation; Go compares.
	js := `(async () => {
		const m = await import("/js/cartographers/shapes.js");
		const data = ` + string(in) + `;
		const key = (cs) => cs.map(([r, c]) => r + "," + c).join(";");
		const out = { shapes: [], heroes: [] };
		for (const s of data.shapes) {
			const got = [];
			for (let rot = 0; rot < 4; rot++) for (const flip of [false, true]) got.push(key(m.orient(s.cells, rot, flip)));
			out.shapes.push(got);
		}
		for (const h of data.heroes) {
			const got = [];
			for (let rot = 0; rot < 4; rot++) for (const flip of [false, true]) got.push(key(m.orientOffsets(h.offsets, rot, flip)));
			out.heroes.push(got);
		}
		return JSON.stringify(out);
	})()`
	var got struct {
		Shapes [][]string `json:"shapes"`
		Heroes [][]string `json:"heroes"`
	}
	evalJSON(t, ctx, js, &got)
	for i, sc := range shapes {
		for j, w := range sc.Want {
			if got.Shapes[i][j] != w {
				t.Errorf("shape %v, rotation %d flip %v: client %s, engine %s", sc.Cells, j/2, j%2 == 1, got.Shapes[i][j], w)
			}
		}
	}
	for i, hc := range heroes {
		for j, w := range hc.Want {
			if got.Heroes[i][j] != w {
				t.Errorf("attack %v, rotation %d flip %v: client %s, engine %s", hc.Offsets, j/2, j%2 == 1, got.Heroes[i][j], w)
			}
		}
	}
}

// TestClientPreviewMatchesEngine runs the client's legality check (the red or coloured preview) over
// every placement of every offered shape at decisions of whole solo games, and compares the placements
// it calls legal with the engine's legal moves: the page must neither refuse a legal move nor offer an
// illegal one, in free, ruins and fallback modes alike.
func TestClientPreviewMatchesEngine(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)

	type decision struct {
		Map     string     `json:"map"`
		Mode    string     `json:"mode"`
		Targets [][2]int   `json:"targets"`
		Shapes  [][][2]int `json:"shapes"`
		legal   map[string]bool
	}
	var cases []decision
	modes := map[string]int{}
	for _, preset := range []string{"cartographers", "heroes"} {
		opts, err := cartographers.ParseOptions([]byte(`{"preset":"` + preset + `"}`))
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := cartographers.NewGame(opts, 1, seed)
			if err != nil {
				t.Fatal(err)
			}
			for turn := 0; !g.Over(); turn++ {
				v := g.View(0)
				moves := g.LegalMoves(0)
				if d := v.Decision; d != nil && d.Kind == "draw" && (turn%3 == 0 || d.Mode != "free") {
					c := decision{Map: v.Sheets[0].Map, Mode: d.Mode, Targets: d.Targets, legal: map[string]bool{}}
					if d.Mode == "fallback" {
						c.Shapes = [][][2]int{{{0, 0}}}
					} else {
						for _, s := range d.Card.Shapes {
							c.Shapes = append(c.Shapes, s.Cells)
						}
					}
					for _, m := range moves {
						opt := fmt.Sprint(m.Option)
						if m.Fallback {
							opt = "0"
						}
						c.legal[opt+"|"+cellsKey(cartographers.CellList(m.Cells))] = true
					}
					cases = append(cases, c)
					modes[d.Mode]++
				}
				if err := g.Play(0, moves[pickMove(turn, len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if modes["free"] == 0 || modes["ruins"] == 0 || modes["fallback"] == 0 {
		t.Fatalf("decisions by mode %v: every mode must be exercised", modes)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	js := `(async () => {
		const m = await import("/js/cartographers/shapes.js");
		const cases = ` + string(in) + `;
		const key = (cs) => cs.map(([r, c]) => r + "," + c).join(";");
		return JSON.stringify(cases.map(d => {
			const map = m.parseMap(d.map), ok = [];
			d.shapes.forEach((shape, opt) => {
				const seen = new Set();
				for (let rot = 0; rot < 4; rot++) for (const flip of [false, true]) {
					const o = m.orient(shape, rot, flip);
					if (seen.has(key(o))) continue;
					seen.add(key(o));
					for (let r = -3; r < 11; r++) for (let c = -3; c < 11; c++) {
						const cells = o.map(([dr, dc]) => [r + dr, c + dc]);
						if (m.check(map, cells, d.mode === "ruins" ? "ruins" : "free", d.targets).ok) ok.push(opt + "|" + key(cells));
					}
				}
			});
			return ok;
		}));
	})()`
	var got [][]string
	evalJSON(t, ctx, js, &got)
	for i, c := range cases {
		page := map[string]bool{}
		for _, k := range got[i] {
			page[k] = true
			if !c.legal[k] {
				t.Errorf("decision %d (%s): the page offers %s, which the engine refuses", i, c.Mode, k)
			}
		}
		for k := range c.legal {
			if !page[k] {
				t.Errorf("decision %d (%s): the page refuses %s, which the engine allows", i, c.Mode, k)
			}
		}
	}
	t.Logf("%d decisions compared, by mode %v", len(cases), modes)
}

// cellsKey is the client's key of a cell list: "r,c;r,c" in reading order.
func cellsKey(cells [][2]int) string {
	s := ""
	for i, c := range sortCells(cells) {
		if i > 0 {
			s += ";"
		}
		s += fmt.Sprintf("%d,%d", c[0], c[1])
	}
	return s
}
