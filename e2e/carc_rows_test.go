package e2e

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// clientRow is the client's parsed copy of one tile type, and what it makes of it in each rotation.
type clientRow struct {
	Edges    string `json:"edges"`
	Arms     bool   `json:"arms"`
	Portal   bool   `json:"portal"`
	Garden   bool   `json:"garden"`
	Segments []struct {
		Kind      string   `json:"kind"`
		Sides     []int    `json:"sides"`
		Halves    []int    `json:"halves"`
		Inn       bool     `json:"inn"`
		Cathedral bool     `json:"cathedral"`
		Goods     []string `json:"goods"`
	} `json:"segments"`
	// Turned[r] is the tile turned r quarter turns: its edges, and each segment as "kind name sides" in
	// segment order (the name the move form gives it, the sides it touches as laid).
	Turned [4]struct {
		Edges    string   `json:"edges"`
		Segments []string `json:"segments"`
		Names    []string `json:"names"`
	} `json:"turned"`
}

// engineRow is a tile row as written in the engine's tables (carcassonne/tiles*.go, keyed tileSpec literals).
type engineRow struct {
	Name, Edges, Segments string
	Arms, Portal, Garden  bool
	File                  string
}

// engineRows reads every tileSpec row of the engine's tables from its source, so that the tables of
// expansions the engine does not deal yet are compared too; a table added later is found by itself.
func engineRows(t *testing.T) []engineRow {
	t.Helper()
	files, err := filepath.Glob("../carcassonne/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the engine's source: %v (%d files)", err, len(files))
	}
	var rows []engineRow
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", f, err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			fields := map[string]ast.Expr{}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						fields[id.Name] = kv.Value
					}
				}
			}
			if fields["Name"] == nil || fields["Edges"] == nil || fields["Segments"] == nil {
				return true
			}
			r := engineRow{File: filepath.Base(f)}
			r.Name, r.Edges, r.Segments = constString(t, fset, fields["Name"]), constString(t, fset, fields["Edges"]), constString(t, fset, fields["Segments"])
			r.Arms, r.Portal, r.Garden = constBool(fields["Arms"]), constBool(fields["Portal"]), constBool(fields["Garden"])
			rows = append(rows, r)
			return false
		})
	}
	return rows
}

// constString evaluates a string literal or a sum of string literals.
func constString(t *testing.T, fset *token.FileSet, e ast.Expr) string {
	t.Helper()
	switch v := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(v.Value); err == nil {
			return s
		}
	case *ast.BinaryExpr:
		if v.Op == token.ADD {
			return constString(t, fset, v.X) + constString(t, fset, v.Y)
		}
	case *ast.ParenExpr:
		return constString(t, fset, v.X)
	}
	t.Fatalf("%s: a tile row's field is not a constant string", fset.Position(e.Pos()))
	return ""
}

func constBool(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "true"
}

// segWords is a row's segment in a comparable form: its kind, sides, half-edges and marks (inn,
// cathedral, goods), the words of the engine's notation the client reads. The field's ">N" borders and the
// client's own "lake" are left out: the client does not draw from the one, the engine has not the other.
func segWords(kind string, sides, halves []int, marks []string) string {
	s := slices.Clone(sides)
	h := slices.Clone(halves)
	m := slices.Clone(marks)
	slices.Sort(s)
	slices.Sort(h)
	slices.Sort(m)
	return fmt.Sprintf("%s sides%v halves%v %s", kind, s, h, strings.Join(m, " "))
}

var (
	sideWords = []string{"N", "E", "S", "W"}
	halfWords = []string{"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"}
)

// parseEngineSegments reads the engine's Segments notation into segWords, one per segment.
func parseEngineSegments(segs string) []string {
	var out []string
	for _, part := range strings.Split(segs, "|") {
		words := strings.Fields(part)
		var sides, halves []int
		var marks []string
		for _, w := range words[1:] {
			switch {
			case slices.Contains(sideWords, w):
				sides = append(sides, slices.Index(sideWords, w))
			case slices.Contains(halfWords, w):
				halves = append(halves, slices.Index(halfWords, w))
			case strings.HasPrefix(w, ">"):
			default:
				marks = append(marks, w)
			}
		}
		out = append(out, segWords(words[0], sides, halves, marks))
	}
	slices.Sort(out)
	return out
}

// TestCarcassonneRowsAgreeWithEngine compares the client's copy of every tile type with the engine, for
// the base game and every expansion, so that a table the engine gains is compared as soon as it exists:
//   - every row of the engine's tables (read from its source, played or not yet) has a client row with the
//     same edges, coat of arms, portal, garden and segments (kinds, sides, half-edges, inns, cathedrals,
//     goods);
//   - every tile type the engine deals in games with all the expansions it plays, met as the tile to lay,
//     has in each of the 4 rotations the client's edges and, segment by segment, the kind, the name of the
//     move form (the engine's own encoding) and the sides the engine gives it;
//   - every segment the engine's legal moves name in those games is one the client offers.
func TestCarcassonneRowsAgreeWithEngine(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var client map[string]clientRow
	evalJSON(t, ctx, `import("/js/carcassonne/tiles.js").then(m => {
		const out = {};
		for (const [id, tt] of Object.entries(m.TILES)) {
			const turned = [0, 1, 2, 3].map(r => ({ edges: m.edgesAt(id, r),
				segments: tt.segments.map(s => s.kind + " " + m.segName(s, r) + " " + s.sides.map(d => (d + r) % 4).sort().map(d => m.SIDES[d]).join("")),
				names: m.segNames(id, r) }));
			out[id] = { edges: tt.edges, arms: tt.arms, portal: !!tt.portal, garden: !!tt.garden, turned,
				segments: tt.segments.map(s => ({ kind: s.kind, sides: s.sides, halves: s.halves, inn: s.inn, cathedral: s.cathedral, goods: s.goods })) };
		}
		return JSON.stringify(out);
	})`, &client)

	// The tables, as written.
	rows := engineRows(t)
	byName := map[string]engineRow{}
	perFile := map[string]int{}
	for _, r := range rows {
		if _, dup := byName[r.Name]; dup {
			t.Errorf("the engine's tables name %s twice", r.Name)
		}
		byName[r.Name] = r
		perFile[r.File]++
		c, ok := client[r.Name]
		if !ok {
			t.Errorf("%s (%s): no client row", r.Name, r.File)
			continue
		}
		if c.Edges != r.Edges || c.Arms != r.Arms || c.Portal != r.Portal || c.Garden != r.Garden {
			t.Errorf("%s (%s): the engine's edges %s arms %v portal %v garden %v, the client's %s %v %v %v",
				r.Name, r.File, r.Edges, r.Arms, r.Portal, r.Garden, c.Edges, c.Arms, c.Portal, c.Garden)
		}
		var got []string
		for _, s := range c.Segments {
			marks := slices.Clone(s.Goods)
			if s.Inn {
				marks = append(marks, "inn")
			}
			if s.Cathedral {
				marks = append(marks, "cathedral")
			}
			got = append(got, segWords(s.Kind, s.Sides, s.Halves, marks))
		}
		slices.Sort(got)
		if want := parseEngineSegments(r.Segments); !slices.Equal(got, want) {
			t.Errorf("%s (%s): the engine's segments\n\t%v\nthe client's\n\t%v", r.Name, r.File, want, got)
		}
	}
	for _, f := range []string{"tiles.go", "tiles_river.go", "tiles_gardens.go", "tiles_inns.go", "tiles_traders.go", "tiles_magewitch.go"} {
		if perFile[f] == 0 {
			t.Errorf("no tile row read from carcassonne/%s", f)
		}
	}
	t.Logf("rows read from the engine's tables: %v", perFile)

	// The tile types the engine knows, each one a row of its tables.
	for typ := 0; typ < carcassonne.NumTileTypes; typ++ {
		if _, ok := byName[carcassonne.TileName(typ)]; !ok {
			t.Errorf("the engine's type %d %q is in none of its tables as read", typ, carcassonne.TileName(typ))
		}
	}

	// Every expansion the engine plays, all at once.
	all := playedExpansions()
	if !all.Has(carcassonne.RiverExp | carcassonne.AbbotExp) {
		t.Fatalf("the expansions played %v: the River and the Abbot are missing", all.Names())
	}
	seen := make([]bool, carcassonne.NumTileTypes)
	named := map[string]map[string]bool{} // tile/rotation -> names in legal moves
	games := 0
	for seed := uint64(1); seed <= 12; seed++ {
		opts := carcassonne.DefaultOptions()
		opts.Expansions = all
		opts.Surveyors = seed%2 == 0
		g, err := carcassonne.NewGame(opts, 2+int(seed%3), seed)
		if err != nil {
			t.Fatal(err)
		}
		games++
		rp := carcassonne.NewRandomPlayer(seed)
		for !g.Over() {
			typ, id := g.CurrentType(), g.Current()
			if !seen[typ] {
				seen[typ] = true
				compareTurned(t, g, id, client[id])
			}
			if seed <= 4 {
				noteSpots(t, g, named, "/")
			}
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k, set := range named {
		id, r, _ := strings.Cut(k, "/")
		rot, _ := strconv.Atoi(r)
		for n := range set {
			if c, ok := client[id]; !ok || !slices.Contains(c.Turned[rot].Names, n) {
				t.Errorf("%s turned %d°: the engine's legal moves stand a figure on %s, the client offers %v", id, 90*rot, n, c.Turned[rot].Names)
			}
		}
	}
	var unseen []string
	for typ, ok := range seen {
		if !ok {
			unseen = append(unseen, carcassonne.TileName(typ))
		}
	}
	t.Logf("expansions played %v: %d games, %d of %d types met and compared in 4 rotations, %d tile/rotations with figure spots named; not dealt in these games (compared as rows only): %v",
		all.Names(), games, carcassonne.NumTileTypes-len(unseen), carcassonne.NumTileTypes, len(named), unseen)
	if len(unseen) == carcassonne.NumTileTypes || len(named) == 0 {
		t.Fatal("no tile type compared through the engine's games")
	}
}

// compareTurned compares the tile the engine has drawn with the client's row, in the 4 rotations: the
// engine's segment kinds, the names its move form gives them and the sides they touch, and the edges
// those sides make (a side no city, road or river touches is a field).
func compareTurned(t *testing.T, g *carcassonne.Game, id string, c clientRow) {
	t.Helper()
	if c.Edges == "" {
		t.Errorf("%s: no client row", id)
		return
	}
	letter := map[carcassonne.Kind]byte{carcassonne.City: 'C', carcassonne.Road: 'R', carcassonne.River: 'W'}
	for r := 0; r < 4; r++ {
		edges := []byte("FFFF")
		var segs []string
		for seg := 0; ; seg++ {
			kind, ok := g.SegmentKind(seg)
			if !ok {
				break
			}
			sides := g.SegmentSides(seg, r)
			var on string
			for d := 0; d < 4; d++ {
				if sides&(1<<d) != 0 {
					on += sideWords[d]
					if l, ok := letter[kind]; ok {
						edges[d] = l
					}
				}
			}
			var mv struct {
				Meeple string `json:"meeple"`
			}
			if err := json.Unmarshal(g.EncodeMove(carcassonne.Move{Placement: carcassonne.Placement{Rot: r}, Meeple: seg}), &mv); err != nil {
				t.Fatal(err)
			}
			if kind != carcassonne.City && kind != carcassonne.Road && kind != carcassonne.River {
				on = "" // the engine gives sides for the features laid along them only
			}
			segs = append(segs, kind.String()+" "+mv.Meeple+" "+on)
		}
		got := c.Turned[r]
		mine := slices.Clone(got.Segments)
		for i, s := range mine {
			if strings.HasPrefix(s, "field ") || strings.HasPrefix(s, "monastery ") || strings.HasPrefix(s, "garden ") {
				mine[i] = s[:strings.LastIndexByte(s, ' ')+1]
			}
		}
		slices.Sort(mine)
		slices.Sort(segs)
		if string(edges) != got.Edges || !slices.Equal(segs, mine) {
			t.Errorf("%s turned %d°: the engine's edges %s and segments %q, the client's %s and %q", id, 90*r, edges, segs, got.Edges, mine)
		}
	}
}

// noteSpots adds to named, under the drawn tile's id, sep and its rotation in quarter turns, the segments
// the engine's legal moves of the position stand a figure on.
func noteSpots(t *testing.T, g *carcassonne.Game, named map[string]map[string]bool, sep string) {
	t.Helper()
	for _, raw := range g.LegalMoves(game.Seat(g.ToActSeat())) {
		var m carcMove
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if m.Meeple == "" {
			continue
		}
		k := fmt.Sprintf("%s%s%d", g.Current(), sep, m.Rotation/90)
		if named[k] == nil {
			named[k] = map[string]bool{}
		}
		named[k][m.Meeple] = true
	}
}

// playedExpansions are the expansions the engine plays today (it refuses a game with the others), so that
// the tests that play them grow with the engine.
func playedExpansions() carcassonne.Expansions {
	var all carcassonne.Expansions
	for bit := 0; bit < 16; bit++ {
		x := carcassonne.Expansions(1) << bit
		if len(x.Names()) == 0 {
			break
		}
		opts := carcassonne.DefaultOptions()
		opts.Expansions = x
		if _, err := carcassonne.NewGame(opts, 2, 1); err == nil {
			all |= x
		}
	}
	return all
}
