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
	for id := range cartographers.Cards {
		c := &cartographers.Cards[id]
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
		const m = await import("/js/shapes.js");
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
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Shapes [][]string `json:"shapes"`
		Heroes [][]string `json:"heroes"`
	}
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
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
