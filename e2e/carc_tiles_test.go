package e2e

import (
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/carcassonne"
)

// drawnTile is what the client draws for one tile type in one rotation: the edges it reports and the
// segments it tags, as read from the SVG the page builds.
type drawnTile struct {
	Edges    string   `json:"edges"`
	Segments []string `json:"segments"`
	Names    []string `json:"names"`
	Gap      float64  `json:"gap"`
}

// TestCarcassonneTilesAgreeWithEngine checks the client's copy of the 24 tile types against the engine
// in every rotation: the cells and rotations the client's edges allow must be the engine's placements in
// the positions of many games, and the segments the client draws on a tile must be the meeple spots the
// engine's legal moves name for it.
func TestCarcassonneTilesAgreeWithEngine(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var drawn map[string]drawnTile
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(m => {
		const out = {};
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		document.body.append(svg);
		for (const l of m.LETTERS) for (let r = 0; r < 4; r++) {
			const g = m.drawTile(l, r);
			svg.append(g);
			const spots = m.segNames(l, r).map(n => m.spotOf(l, r, n));
			let gap = 1000;
			for (const p of spots) for (const q of spots) if (p !== q) gap = Math.min(gap, Math.hypot(p[0] - q[0], p[1] - q[1]));
			out[l + r] = { edges: g.dataset.edges, segments: [...new Set([...g.querySelectorAll("[data-seg]")].map(x => x.dataset.seg))].sort(),
				names: m.segNames(l, r).slice().sort(), gap };
		}
		svg.remove();
		return JSON.stringify(out);
	})`, &drawn)
	if len(drawn) != 24*4 {
		t.Fatalf("the client draws %d tile orientations, want 96", len(drawn))
	}
	for k, d := range drawn {
		if !slices.Equal(d.Segments, d.Names) {
			t.Errorf("tile %s: segments drawn %v, named %v", k, d.Segments, d.Names)
		}
		// The meeple circles (radius 11) of two segments must not overlap, or a click could pick the wrong one.
		if d.Gap < 22 {
			t.Errorf("tile %s: two meeple spots only %.1f apart", k, d.Gap)
		}
	}
	if letters := carcassonne.TileLetters(); len(letters) != 24 {
		t.Fatalf("engine letters %q", letters)
	}
	for _, l := range carcassonne.TileLetters() {
		if _, ok := drawn[string(l)+"0"]; !ok {
			t.Errorf("the client lacks tile %c", l)
		}
	}

	// The engine's placements, compared with the client's edges, and the meeple spots the engine names.
	sideOff := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	named := map[string]map[string]bool{}
	positions := 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := carcassonne.NewGame(carcassonne.DefaultOptions(), 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := carcassonne.NewRandomPlayer(seed)
		for !g.Over() {
			v := g.View(0).(carcassonne.View)
			board := map[[2]int]string{}
			for _, tl := range v.Board {
				board[[2]int{tl.X, tl.Y}] = drawn[fmt.Sprintf("%s%d", tl.Tile, tl.Rotation/90)].Edges
			}
			letter := string(g.Current())
			want := map[string]bool{}
			for _, p := range g.Placements(nil) {
				want[fmt.Sprintf("%d,%d,%d", p.X, p.Y, p.Rot)] = true
			}
			got := map[string]bool{}
			for cell := range board {
				for _, o := range sideOff {
					x, y := cell[0]+o[0], cell[1]+o[1]
					if _, taken := board[[2]int{x, y}]; taken {
						continue
					}
					for r := 0; r < 4; r++ {
						mine, ok := drawn[fmt.Sprintf("%s%d", letter, r)].Edges, true
						for d, so := range sideOff {
							if theirs, there := board[[2]int{x + so[0], y + so[1]}]; there && theirs[(d+2)%4] != mine[d] {
								ok = false
							}
						}
						if ok {
							got[fmt.Sprintf("%d,%d,%d", x, y, r)] = true
						}
					}
				}
			}
			if !mapsEqual(got, want) {
				t.Fatalf("seed %d turn %d, tile %s: the client's edges allow %v, the engine %v", seed, v.Turn, letter, keys(got), keys(want))
			}
			noteSpots(t, g, named, "")
			positions++
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Every segment the engine lets a meeple stand on is one the client draws and names, and over these
	// games the engine names every segment of every tile in every rotation at least once.
	for k, d := range drawn {
		if !slices.Equal(keys(named[k]), d.Names) {
			t.Errorf("tile %s turned %d°: the engine's meeple spots %v, the client's segments %v", k[:1], 90*int(k[1]-'0'), keys(named[k]), d.Names)
		}
	}
	t.Logf("%d positions compared", positions)
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
