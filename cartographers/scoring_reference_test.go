package cartographers

import (
	"math/rand/v2"
	"testing"
)

// The reference scorer below reads each card text the plain way, on a refGrid with loops and a
// breadth-first search, sharing nothing with the bit-set code; the bit-set cards must agree with it on
// many random sheets.

type refGrid struct {
	k     [Size][Size]Kind
	ruins [Size][Size]bool
}

func refGridOf(s *Sheet) *refGrid {
	g := &refGrid{}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			g.k[r][c] = s.At(CellAt(r, c))
			g.ruins[r][c] = s.ruins.Has(CellAt(r, c))
		}
	}
	return g
}

var refDirs = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func refOn(r, c int) bool { return r >= 0 && r < Size && c >= 0 && c < Size }

func (g *refGrid) filled(r, c int) bool { return g.k[r][c] != Empty }

// sidesAll reports whether every on-map neighbour satisfies ok.
func (g *refGrid) sidesAll(r, c int, ok func(r, c int) bool) bool {
	for _, d := range refDirs {
		if nr, nc := r+d[0], c+d[1]; refOn(nr, nc) && !ok(nr, nc) {
			return false
		}
	}
	return true
}

func (g *refGrid) nextTo(r, c int, k Kind) int {
	n := 0
	for _, d := range refDirs {
		if nr, nc := r+d[0], c+d[1]; refOn(nr, nc) && g.k[nr][nc] == k {
			n++
		}
	}
	return n
}

// clusters lists the clusters of cells for which in is true, each as a list of (row, col).
func (g *refGrid) clusters(in func(r, c int) bool) [][][2]int {
	var seen [Size][Size]bool
	var out [][][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if seen[r][c] || !in(r, c) {
				continue
			}
			queue := [][2]int{{r, c}}
			seen[r][c] = true
			for i := 0; i < len(queue); i++ {
				p := queue[i]
				for _, d := range refDirs {
					nr, nc := p[0]+d[0], p[1]+d[1]
					if refOn(nr, nc) && !seen[nr][nc] && in(nr, nc) {
						seen[nr][nc] = true
						queue = append(queue, [2]int{nr, nc})
					}
				}
			}
			out = append(out, queue)
		}
	}
	return out
}

func (g *refGrid) kindClusters(k Kind) [][][2]int {
	return g.clusters(func(r, c int) bool { return g.k[r][c] == k })
}

// around is the set of cells outside the cluster next to it.
func refAround(cl [][2]int) map[[2]int]bool {
	in := map[[2]int]bool{}
	for _, p := range cl {
		in[p] = true
	}
	out := map[[2]int]bool{}
	for _, p := range cl {
		for _, d := range refDirs {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if refOn(q[0], q[1]) && !in[q] {
				out[q] = true
			}
		}
	}
	return out
}

func (g *refGrid) count(pred func(r, c int) bool) int {
	n := 0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if pred(r, c) {
				n++
			}
		}
	}
	return n
}

func (g *refGrid) lineFilled(cells [][2]int) bool {
	for _, p := range cells {
		if !g.filled(p[0], p[1]) {
			return false
		}
	}
	return true
}

func refRow(r int) (out [][2]int) {
	for c := 0; c < Size; c++ {
		out = append(out, [2]int{r, c})
	}
	return out
}

func refCol(c int) (out [][2]int) {
	for r := 0; r < Size; r++ {
		out = append(out, [2]int{r, c})
	}
	return out
}

func (g *refGrid) has(cells [][2]int, k Kind) int {
	n := 0
	for _, p := range cells {
		if g.k[p[0]][p[1]] == k {
			n++
		}
	}
	return n
}

// terrainTypes counts the terrain types of rulings 1 among the cells.
func (g *refGrid) terrainTypes(cells [][2]int) int {
	types := map[Kind]bool{}
	for _, p := range cells {
		switch k := g.k[p[0]][p[1]]; k {
		case Forest, Village, Farm, Water, Monster, Mountain, Hero:
			types[k] = true
		}
	}
	return len(types)
}

// referenceScore scores one card by name on the refGrid.
func referenceScore(g *refGrid, name string) int {
	is := func(k Kind) func(r, c int) bool { return func(r, c int) bool { return g.k[r][c] == k } }
	switch name {
	case "Sentinel Wood":
		return g.count(func(r, c int) bool { return is(Forest)(r, c) && (r == 0 || c == 0 || r == Size-1 || c == Size-1) })
	case "Greenbough":
		n := 0
		for i := 0; i < Size; i++ {
			n += min(1, g.has(refRow(i), Forest)) + min(1, g.has(refCol(i), Forest))
		}
		return n
	case "Treetower":
		return g.count(func(r, c int) bool { return is(Forest)(r, c) && g.sidesAll(r, c, g.filled) })
	case "Stoneside Forest":
		scoring := map[[2]int]bool{}
		for _, cl := range g.kindClusters(Forest) {
			var ms [][2]int
			for p := range refAround(cl) {
				if g.k[p[0]][p[1]] == Mountain {
					ms = append(ms, p)
				}
			}
			if len(ms) >= 2 {
				for _, m := range ms {
					scoring[m] = true
				}
			}
		}
		return 3 * len(scoring)
	case "Canal Lake":
		return g.count(func(r, c int) bool {
			return (is(Water)(r, c) && g.nextTo(r, c, Farm) > 0) || (is(Farm)(r, c) && g.nextTo(r, c, Water) > 0)
		})
	case "Mages Valley":
		return 2*g.count(func(r, c int) bool { return is(Water)(r, c) && g.nextTo(r, c, Mountain) > 0 }) +
			g.count(func(r, c int) bool { return is(Farm)(r, c) && g.nextTo(r, c, Mountain) > 0 })
	case "The Golden Granary":
		n := 0
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if g.k[r][c] == Farm && g.ruins[r][c] {
					n += 3
				}
				if g.k[r][c] != Water {
					continue
				}
				for _, d := range refDirs {
					if nr, nc := r+d[0], c+d[1]; refOn(nr, nc) && g.ruins[nr][nc] {
						n++
						break
					}
				}
			}
		}
		return n
	case "Shoreside Expanse":
		n := 0
		for _, pair := range [2][2]Kind{{Farm, Water}, {Water, Farm}} {
		clusters:
			for _, cl := range g.kindClusters(pair[0]) {
				for _, p := range cl {
					if p[0] == 0 || p[1] == 0 || p[0] == Size-1 || p[1] == Size-1 || g.nextTo(p[0], p[1], pair[1]) > 0 {
						continue clusters
					}
				}
				n += 3
			}
		}
		return n
	case "Wildholds":
		n := 0
		for _, cl := range g.kindClusters(Village) {
			if len(cl) >= 6 {
				n += 8
			}
		}
		return n
	case "Great City":
		best := 0
		for _, cl := range g.kindClusters(Village) {
			ok := true
			for p := range refAround(cl) {
				ok = ok && g.k[p[0]][p[1]] != Mountain
			}
			if ok {
				best = max(best, len(cl))
			}
		}
		return best
	case "Greengold Plains":
		n := 0
		for _, cl := range g.kindClusters(Village) {
			var near [][2]int
			for p := range refAround(cl) {
				near = append(near, p)
			}
			if g.terrainTypes(near) >= 3 {
				n += 3
			}
		}
		return n
	case "Shieldgate":
		var sizes []int
		for _, cl := range g.kindClusters(Village) {
			sizes = append(sizes, len(cl))
		}
		for i := range sizes {
			for j := i + 1; j < len(sizes); j++ {
				if sizes[j] > sizes[i] {
					sizes[i], sizes[j] = sizes[j], sizes[i]
				}
			}
		}
		if len(sizes) < 2 {
			return 0
		}
		return 2 * sizes[1]
	case "Borderlands", "Dwarvenholds":
		n := 0
		for i := 0; i < Size; i++ {
			for _, line := range [2][][2]int{refRow(i), refCol(i)} {
				if g.lineFilled(line) && (name == "Borderlands" || g.has(line, Mountain) > 0) {
					n++
				}
			}
		}
		if name == "Borderlands" {
			return 6 * n
		}
		return 7 * n
	case "Lost Barony":
		best := 0
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				for side := 1; r+side <= Size && c+side <= Size; side++ {
					full := true
					for i := 0; i < side && full; i++ {
						for j := 0; j < side && full; j++ {
							full = g.filled(r+i, c+j)
						}
					}
					if !full {
						break
					}
					best = max(best, side)
				}
			}
		}
		return 3 * best
	case "The Broken Road":
		n := 0
		for k := 0; k < Size; k++ {
			var line [][2]int
			for i := 0; k+i < Size; i++ {
				line = append(line, [2]int{k + i, i})
			}
			if g.lineFilled(line) {
				n += 3
			}
		}
		return n
	case "The Cauldrons":
		return g.count(func(r, c int) bool { return !g.filled(r, c) && g.sidesAll(r, c, g.filled) })
	case "Faunlost Thicket":
		best := 0
		for c := 0; c < Size; c++ {
			run := 0
			for r := 0; r < Size; r++ {
				if g.k[r][c] == Forest {
					run++
					best = max(best, run)
				} else {
					run = 0
				}
			}
		}
		return 2 * best
	case "Deepwood":
		n := 0
		for _, cl := range g.kindClusters(Forest) {
			ok := len(cl) >= 5
			for p := range refAround(cl) {
				ok = ok && g.k[p[0]][p[1]] != Village
			}
			if ok {
				n += 6
			}
		}
		return n
	case "Heart of the Forest":
		return 2 * g.count(func(r, c int) bool { return is(Forest)(r, c) && g.sidesAll(r, c, is(Forest)) })
	case "Sleepy Valley":
		n := 0
		for r := 0; r < Size; r++ {
			if g.has(refRow(r), Forest) >= 3 {
				n += 4
			}
		}
		return n
	case "Craylund":
		n := 0
		for _, cl := range g.kindClusters(Farm) {
			w := 0
			for p := range refAround(cl) {
				if g.k[p[0]][p[1]] == Water {
					w++
				}
			}
			if w >= 3 {
				n += 7
			}
		}
		return n
	case "Ulem's Wallow":
		return 4 * g.count(func(r, c int) bool { return is(Water)(r, c) && g.nextTo(r, c, Farm) >= 2 })
	case "Clawsgrave Peaks":
		scoring := map[[2]int]bool{}
		for _, cl := range g.kindClusters(Water) {
			farm := false
			var ms [][2]int
			for p := range refAround(cl) {
				farm = farm || g.k[p[0]][p[1]] == Farm
				if g.k[p[0]][p[1]] == Mountain {
					ms = append(ms, p)
				}
			}
			for _, m := range ms {
				if farm {
					scoring[m] = true
				}
			}
		}
		return 5 * len(scoring)
	case "Jorekburg":
		n := 0
		for c := 0; c < Size; c++ {
			if f := g.has(refCol(c), Farm); f > 0 && f == g.has(refCol(c), Water) {
				n += 4
			}
		}
		return n
	case "Traylo Monastery", "Gnomish Colony":
		n := 0
		for _, cl := range g.kindClusters(Village) {
			in := map[[2]int]bool{}
			for _, p := range cl {
				in[p] = true
			}
			found := false
			for _, p := range cl {
				r, c := p[0], p[1]
				if name == "Traylo Monastery" {
					found = found || (in[[2]int{r, c + 1}] && in[[2]int{r, c + 2}] && in[[2]int{r, c + 3}]) ||
						(in[[2]int{r + 1, c}] && in[[2]int{r + 2, c}] && in[[2]int{r + 3, c}])
				} else {
					found = found || (in[[2]int{r, c + 1}] && in[[2]int{r + 1, c}] && in[[2]int{r + 1, c + 1}])
				}
			}
			if found && name == "Traylo Monastery" {
				n += 7
			} else if found {
				n += 6
			}
		}
		return n
	case "Outer Enclave":
		best := 0
		for _, cl := range g.kindClusters(Village) {
			e := 0
			for p := range refAround(cl) {
				if !g.filled(p[0], p[1]) {
					e++
				}
			}
			best = max(best, e)
		}
		return best
	case "Caravansary":
		best := 0
		for _, cl := range g.kindClusters(Village) {
			rows, cols := map[int]bool{}, map[int]bool{}
			for _, p := range cl {
				rows[p[0]], cols[p[1]] = true, true
			}
			best = max(best, len(rows)+len(cols))
		}
		return best
	case "Silos":
		n := 0
		for c := 0; c < Size; c += 2 {
			if g.lineFilled(refCol(c)) {
				n += 10
			}
		}
		return n
	case "Banded Hills":
		n := 0
		for r := 0; r < Size; r++ {
			if g.terrainTypes(refRow(r)) >= 5 {
				n += 4
			}
		}
		return n
	case "Starlit Sigil":
		n := 0
		for _, cl := range g.clusters(func(r, c int) bool { return !g.filled(r, c) }) {
			if len(cl) == 3 {
				n += 4
			}
		}
		return n
	}
	panic("no reference for " + name)
}

func referencePenalty(g *refGrid) int {
	return g.count(func(r, c int) bool { return !g.filled(r, c) && g.nextTo(r, c, Monster) > 0 })
}

// shapedSheet draws random shapes of random kinds until about density of the map is filled, so that
// clusters, lines and squares of every size occur (single random cells would rarely make them).
func shapedSheet(rng *rand.Rand, density float64) Sheet {
	s, _ := MapSide(mapSideNames[rng.IntN(len(mapSideNames))])
	s.ruins = s.ruins.Or(randomCells(rng, 0.05))
	for tries := 0; tries < 400 && float64(s.Filled().Count()) < density*Cells; tries++ {
		sh := MustShape(testShapes[rng.IntN(len(testShapes))])
		ps := s.Placements(sh, Bits{}, nil)
		if len(ps) == 0 {
			continue
		}
		k := Kind(rng.IntN(int(Destroyed) + 1))
		if rng.IntN(3) > 0 {
			k = Kind(rng.IntN(int(Water) + 1))
		}
		s.Draw(ps[rng.IntN(len(ps))].Cells, k)
	}
	return s
}

func randomCells(rng *rand.Rand, p float64) Bits {
	var b Bits
	for c := Cell(0); c < Cells; c++ {
		if rng.Float64() < p {
			b = b.With(c)
		}
	}
	return b
}

func TestScoringAgreesWithReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 600; trial++ {
		var s Sheet
		if trial%2 == 0 {
			s = shapedSheet(rng, rng.Float64())
		} else {
			s = randomSheet(rng, rng.Float64())
		}
		g := refGridOf(&s)
		for _, c := range scoringCards {
			stars, counted := c.Score(&s)
			if want := referenceScore(g, c.Name); stars != want {
				t.Fatalf("trial %d: %s = %d, reference %d\n%s", trial, c.Name, stars, want, s.MapText())
			}
			if counted.AndNot(allCells).Any() || (stars == 0) != counted.Empty() {
				t.Fatalf("trial %d: %s gives %d stars and counts %v", trial, c.Name, stars, cellList(counted))
			}
		}
		if n, cells := MonsterPenalty(&s); n != referencePenalty(g) || cells.Count() != n {
			t.Fatalf("trial %d: monster penalty %d, reference %d\n%s", trial, n, referencePenalty(g), s.MapText())
		}
	}
}
