package carcassonne

import (
	"strings"
	"testing"
)

// refFeature flood-fills a feature from one segment using only the board (tile positions, types and
// rotations), as an independent check of the incremental union-find. It returns the segments reached and
// the city or road sides among them that face an empty cell.
func refFeature(g *Game, tile, seg int) (map[int]bool, int) {
	seen := map[int]bool{node(tile, seg): true}
	stack := []int{node(tile, seg)}
	open := 0
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t, s := n/maxSeg, n%maxSeg
		p := &g.board.tiles[t]
		sg := types[p.typ].segs[s]
		follow := func(d int, pick func(*orient) int8) {
			v := g.board.cell(int(p.cell) + step[d])
			if v == 0 {
				if sg.kind == City || sg.kind == Road {
					open++
				}
				return
			}
			nt := int(v - 1)
			m := node(nt, int(pick(g.board.tiles[nt].orient())))
			if !seen[m] {
				seen[m] = true
				stack = append(stack, m)
			}
		}
		switch sg.kind {
		case City, Road:
			sides := rotSides(sg.sides, int(p.rot))
			for d := 0; d < 4; d++ {
				if sides&(1<<d) != 0 {
					follow(d, func(o *orient) int8 { return o.sideSeg[(d+2)&3] })
				}
			}
		case Field:
			halves := rotHalves(sg.halves, int(p.rot))
			for h := 0; h < 8; h++ {
				if halves&(1<<h) != 0 {
					follow(h/2, func(o *orient) int8 { return o.halfSeg[oppHalf(h)] })
				}
			}
		}
	}
	return seen, open
}

func TestFeaturesMatchAFloodFill(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	floodFilledGames(t, DefaultOptions(), games, 4, true)
}

// floodFilledGames plays seeded random games (2 to 1+seats players) and checks the features after every
// move against flood fills (checkFeatures), and the final scoring too when final is set.
func floodFilledGames(t *testing.T, o Options, games, seats int, final bool) {
	t.Helper()
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(o, 2+int(seed)%seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for !g.Over() {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
			checkFeatures(t, g, seed)
		}
		if final {
			checkFinalScoring(t, g, seed)
		}
	}
}

// checkFeatures compares every road, city and field of the board with a flood fill: its segments, its open
// ends and the figures standing in it (monasteries, gardens and the River's water are no such feature).
func checkFeatures(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	for tile := 0; tile < g.board.ntiles; tile++ {
		for s, sg := range types[g.board.tiles[tile].typ].segs {
			if sg.kind == Monastery || sg.kind == Garden || sg.kind == River {
				continue
			}
			members, open := refFeature(g, tile, s)
			root := g.feat.find(node(tile, s))
			if int(g.feat.size[root]) != len(members) {
				t.Fatalf("seed %d: feature of tile %d segment %d has %d segments, flood fill finds %d", seed, tile, s, g.feat.size[root], len(members))
			}
			meeples := 0
			for m := range members {
				if g.feat.find(m) != root {
					t.Fatalf("seed %d: segment %d is connected but in another set", seed, m)
				}
				if g.feat.owner[m] != 0 {
					meeples++
				}
			}
			if sg.kind != Field && int(g.feat.open[root]) != open {
				t.Fatalf("seed %d: %s has %d open ends, flood fill finds %d", seed, sg.kind, g.feat.open[root], open)
			}
			if int(g.feat.meeples[root]) != meeples {
				t.Fatalf("seed %d: root counts %d meeples, segments hold %d", seed, g.feat.meeples[root], meeples)
			}
			if sg.kind != Field && open == 0 && meeples > 0 {
				t.Fatalf("seed %d: a completed %s still holds meeples", seed, sg.kind)
			}
		}
	}
}

// checkFinalScoring recomputes the final scoring from the finished board with flood fills and compares
// it, seat by seat, with the engine's final scoring events.
func checkFinalScoring(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	var want, got [maxPlayers]int
	for _, e := range g.Events() {
		if e.Final {
			for _, r := range e.Receivers {
				got[r] += e.Points
			}
		}
	}
	// award gives pts to the seats of greatest strength, and extra more to those of them in bonus (a pig's
	// seat: a point more per city).
	award := func(meeples [maxPlayers]int, pts int, bonus [maxPlayers]bool, extra int) {
		best := 0
		for _, m := range meeples {
			best = max(best, m)
		}
		for s, m := range meeples {
			if best > 0 && m == best {
				want[s] += pts
				if bonus[s] {
					want[s] += extra
				}
			}
		}
	}
	var none [maxPlayers]bool
	mage, witch := int(g.xs.mageWitch.at[0])-1, int(g.xs.mageWitch.at[1])-1
	done := map[int]bool{}
	for tile := 0; tile < g.board.ntiles; tile++ {
		p := &g.board.tiles[tile]
		for s, sg := range types[p.typ].segs {
			if done[node(tile, s)] || sg.kind == River {
				continue
			}
			if sg.kind == Monastery || sg.kind == Garden {
				if o := g.feat.owner[node(tile, s)]; o != 0 {
					var m [maxPlayers]int
					m[o-1] = 1
					award(m, 1+g.neighbours(int(p.cell)), none, 0)
				}
				continue
			}
			members, open := refFeature(g, tile, s)
			var m [maxPlayers]int
			var pigs [maxPlayers]bool
			tiles, armed, cities := map[int]bool{}, map[int]bool{}, map[int]bool{}
			inn, cathedral, withMage, withWitch := false, false, false, false
			for n := range members {
				done[n] = true
				nt := n / maxSeg
				switch o, fig := g.feat.owner[n], g.feat.fig[n]; {
				case o == 0, fig == Builder:
				case fig == Pig:
					pigs[o-1] = true // Traders & Builders: no follower, but its seat scores 4 per city
				case fig == LargeMeeple:
					m[o-1] += 2
				default:
					m[o-1]++
				}
				seg := types[g.board.tiles[nt].typ].segs[n%maxSeg]
				inn, cathedral = inn || seg.inn, cathedral || seg.cathedral
				withMage, withWitch = withMage || n == mage, withWitch || n == witch
				// A coat of arms is never drawn on a cap (IC16's cap S has none).
				if seg.kind == City && seg.nsides > 1 && specOf(int(g.board.tiles[nt].typ)).Arms {
					armed[nt] = true
				}
				tiles[nt] = true
				if sg.kind == Field {
					for c := 0; c < maxSeg; c++ {
						if seg.borders&(1<<c) == 0 {
							continue
						}
						city, cityOpen := refFeature(g, nt, c)
						if cityOpen == 0 {
							least := numNodes
							for x := range city {
								least = min(least, x)
							}
							cities[least] = true
						}
					}
				}
			}
			// An unfinished road or city: 1 per tile (and per coat of arms), nothing with an inn or a
			// cathedral; the witch halves it, rounded up; the mage adds a point per tile.
			v := len(tiles)
			if sg.kind == City {
				v += len(armed)
			}
			if inn || cathedral {
				v = 0
			}
			if withWitch {
				v = (v + 1) / 2
			}
			if withMage {
				v += len(tiles)
			}
			switch {
			case sg.kind == Field:
				award(m, 3*len(cities), pigs, len(cities))
			case open == 0:
			case sg.kind == Road, sg.kind == City:
				award(m, v, none, 0)
			}
		}
	}
	// Traders & Builders: 10 to every seat with the most tokens of a kind.
	for k := 0; k < numGoods; k++ {
		var m [maxPlayers]int
		for s := 0; s < g.players; s++ {
			m[s] = int(g.xs.traders.goods[s][k])
		}
		award(m, 10, none, 0)
	}
	if want != got {
		t.Fatalf("seed %d: final scoring %v, flood fill gives %v", seed, got, want)
	}
}

// TestMeepleOptionsMatchAFloodFill checks the meeple rule against flood fills: for every legal placement
// in random games, a segment is offered exactly when the feature it would belong to, once the tile is laid,
// holds no meeple (and the seat has one in supply).
func TestMeepleOptionsMatchAFloodFill(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	meepleOptionsGames(t, DefaultOptions(), games, 4)
}

// meepleOptionsGames plays seeded random games (2 to 1+seats players) and checks, for every legal
// placement, that a segment is offered to a meeple exactly when the feature it would belong to holds no
// figure, the seat has a meeple, and it is no garden (the abbot's) nor the River's water.
func meepleOptionsGames(t *testing.T, o Options, games, seats int) {
	t.Helper()
	scratch := new(Game)
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(o, 2+int(seed)%seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed + 100)
		for !g.Over() {
			for _, p := range g.Placements(nil) {
				offered := map[int]bool{}
				for _, s := range g.MeepleOptions(p, nil) {
					offered[s] = true
				}
				*scratch = *g
				scratch.quiet = true
				cell, _ := cellOf(p.X, p.Y)
				idx := scratch.board.put(g.current, p.Rot, cell)
				scratch.feat.addTile(idx, &types[g.current])
				for s, sg := range types[g.current].segs {
					free := g.supply[g.toAct][Meeple] > 0 && sg.kind != Garden && sg.kind != River
					if sg.kind != Monastery {
						members, _ := refFeature(scratch, idx, s)
						for m := range members {
							free = free && scratch.feat.owner[m] == 0
						}
					}
					if free != offered[s] {
						t.Fatalf("seed %d: tile %s at %+v segment %d: flood fill says free %v, MeepleOptions %v", seed, types[g.current].name, p, s, free, offered[s])
					}
				}
			}
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// specOf is the table row a tile type was compiled from (the types follow the rows of tileSets in order).
func specOf(typ int) *tileSpec {
	for _, rows := range tileSets {
		if typ < len(rows) {
			return &rows[typ]
		}
		typ -= len(rows)
	}
	return nil
}

// refTurn works out from flood fills what a move scores during the game: the points per seat, and whether
// anyone scored (which turns the Land Surveyors piles). act names the active surveyor tile of the city,
// road and monastery piles. The values follow the rules page directly, not the engine's tally.
func refTurn(g *Game, m Move, act [3]string) (pts [maxPlayers]int, scored bool) {
	o := g.opts
	seat := g.toAct
	sc := *g
	sc.quiet = true
	cell, _ := cellOf(m.X, m.Y)
	idx := sc.board.put(g.current, m.Rot, cell)
	sc.feat.addTile(idx, &types[g.current])
	if m.Meeple != NoMeeple {
		sc.feat.setOwner(node(idx, m.Meeple), seat)
		sc.feat.fig[node(idx, m.Meeple)] = m.Figure
	}
	// The Mage & Witch: the magic part moves a figure before the scorings.
	var magic [2]int // the node (+1) of the mage and of the witch after the move, 0 off the board
	for f, at := range sc.xs.mageWitch.at {
		magic[f] = int(at)
	}
	if mg := m.Magic; mg.Figure == Mage || mg.Figure == Witch {
		magic[mg.Figure-Mage] = 0
		if !mg.Remove {
			at, _ := cellOf(mg.At.X, mg.At.Y)
			magic[mg.Figure-Mage] = node(int(sc.board.cell(at))-1, mg.Seg) + 1
		}
	}
	if m.Recall {
		// The Abbot: the abbot taken back scores its monastery or garden as at the end, the tile just laid
		// counted, untouched by the Land Surveyors, and turns no pile.
		at, _ := cellOf(m.RecallAt.X, m.RecallAt.Y)
		n := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if sc.board.cell(at+dy*gridW+dx) != 0 {
					n++
				}
			}
		}
		pts[seat] += n
		v := int(sc.board.cell(at)) - 1
		for _, sg := range [2]int8{types[sc.board.tiles[v].typ].monastery, types[sc.board.tiles[v].typ].garden} {
			if sg >= 0 {
				sc.feat.clearOwner(node(v, int(sg)))
			}
		}
	}
	award := func(meeples [maxPlayers]int, v int, everyone bool) {
		best := 0
		for _, n := range meeples {
			best = max(best, n)
		}
		if best == 0 {
			return
		}
		scored = true
		for s, n := range meeples {
			if n == best || (everyone && n > 0) {
				pts[s] += v
			}
		}
	}
	done := map[int]bool{}
	for s, sg := range types[g.current].segs {
		if sg.kind != City && sg.kind != Road {
			continue
		}
		members, open := refFeature(&sc, idx, s)
		if open != 0 || done[node(idx, s)] {
			continue
		}
		var meeples [maxPlayers]int
		tiles, nonCap, armed := map[int]bool{}, map[int]bool{}, map[int]bool{}
		inn, cathedral, mage, witch := false, false, false, false
		for x := range members {
			done[x] = true
			tl := x / maxSeg
			tiles[tl] = true
			switch ow, fig := sc.feat.owner[x], sc.feat.fig[x]; {
			case ow == 0, fig == Builder, fig == Pig:
				// Traders & Builders: the builder and the pig are no followers.
			case fig == LargeMeeple:
				meeples[ow-1] += 2 // Inns & Cathedrals: the large meeple counts as two meeples
			default:
				meeples[ow-1]++
			}
			mage = mage || magic[0] == x+1
			witch = witch || magic[1] == x+1
			typ := types[sc.board.tiles[tl].typ]
			seg := typ.segs[x%maxSeg]
			inn = inn || seg.inn
			cathedral = cathedral || seg.cathedral
			// A coat of arms is never drawn on a cap: a tile's coat of arms is in this city when one of
			// its segments here touches two sides or more (IC16's cap S has none).
			if seg.kind == City && seg.nsides > 1 && specOf(int(sc.board.tiles[tl].typ)).Arms {
				armed[tl] = true
			}
			// The arched caps are H, J and L's, the Abbot's Hg included (a base letter and a g).
			bad := seg.kind == City && seg.nsides == 1 && (o.Caps == "all" || len(typ.name) <= 2 && strings.Contains("HJL", typ.name[:1]))
			if !bad {
				nonCap[tl] = true
			}
		}
		n, arms, capOnly, farmhouses := len(tiles), len(armed), 0, 0
		for tl := range tiles {
			letter := types[sc.board.tiles[tl].typ].name
			if !nonCap[tl] {
				capOnly++
			}
			if letter == "K" || (o.Farmhouses == "KLWX" && strings.Contains("LWX", letter)) {
				farmhouses++
			}
		}
		// The page's order: the scoring tile's count and points per tile or coat of arms, an inn or a
		// cathedral's point more per tile (and per coat of arms), Wealth and Poverty last.
		jury, count, perTile, perArm, extra, bonus := false, n, 1, 0, 0, 0
		if sg.kind == City {
			perTile, perArm = 2, 2
		}
		if o.Surveyors {
			switch act[pileOf(sg.kind)] {
			case "citizens_jury":
				jury = true
			case "bad_neighbourhood":
				count = n - capOnly
			case "siege":
				perArm = 3
			case "street_fair":
				perTile = 2
			case "highway":
				count = 5
			case "peasant_uprising":
				extra = -farmhouses
			case "city_wealth", "road_wealth":
				bonus = 3
			case "city_poverty", "road_poverty":
				bonus = -3
			}
		}
		if sg.kind == Road && inn || sg.kind == City && cathedral {
			perTile++
			if sg.kind == City {
				perArm++
			}
		}
		v := count*perTile + arms*perArm + extra
		// The witch halves, rounded up, what the tile and the inn or cathedral made; the mage adds a point
		// per tile of the true count; Wealth and Poverty come after the witch.
		if witch {
			v = (v + 1) / 2
		}
		if mage {
			v += n
		}
		award(meeples, v+bonus, jury)
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := cell + dy*gridW + dx
			v := sc.board.cell(c)
			if v == 0 || sc.neighbours(c) != 8 {
				continue
			}
			// An Abbot's garden completed scores 9 for its abbot, untouched by the Land Surveyors, and
			// turns no pile (it is no road, city or monastery).
			if gs := types[sc.board.tiles[v-1].typ].garden; gs >= 0 {
				if owner := sc.feat.owner[node(int(v-1), int(gs))]; owner != 0 {
					pts[owner-1] += 9
				}
			}
			if types[sc.board.tiles[v-1].typ].monastery < 0 {
				continue
			}
			owner := sc.feat.owner[node(int(v-1), int(types[sc.board.tiles[v-1].typ].monastery))]
			if owner == 0 {
				continue
			}
			cities, roads := 0, 0
			for ey := -1; ey <= 1; ey++ {
				for ex := -1; ex <= 1; ex++ {
					if ex == 0 && ey == 0 && !o.MonasteryOwnTile {
						continue
					}
					edges := specOf(int(sc.board.tiles[sc.board.cell(c+ey*gridW+ex)-1].typ)).Edges
					if strings.Contains(edges, "C") {
						cities++
					}
					if strings.Contains(edges, "R") {
						roads++
					}
				}
			}
			val := 9
			if o.Surveyors {
				switch act[2] {
				case "hermit_monastery":
					val = 9 - cities
				case "pilgrimage_route":
					val = 9 + roads
				case "monastery_wealth":
					val = 12
				case "monastery_poverty":
					val = 6
				}
			}
			var meeples [maxPlayers]int
			meeples[owner-1] = 1
			award(meeples, val, false)
		}
	}
	return pts, scored
}

// TestInGameScoringMatchesAReference plays games under several option sets and checks every turn against
// refTurn: each seat's points, the scoring events naming the active tile of their pile, and the piles
// turning after, and only after, a turn in which someone scored. Half the moves are the greedy policy's,
// which completes far more features than random play does.
func TestInGameScoringMatchesAReference(t *testing.T) {
	sets := []Options{DefaultOptions(), surveyorOpts()}
	other := surveyorOpts()
	other.RoadBonus, other.MonasteryBonus, other.Farmhouses, other.Caps, other.MonasteryOwnTile = "wealth", "poverty", "KLWX", "arched", false
	sets = append(sets, other)
	// The River and the Abbot: river tiles in the scorings, gardens completed and abbots taken back, which
	// score untouched by the Land Surveyors and turn no pile.
	riverAbbot := surveyorOpts()
	riverAbbot.Expansions = RiverExp | AbbotExp
	sets = append(sets, riverAbbot)
	// Inns & Cathedrals too: inns and cathedrals under every scoring tile, large meeples, IC16's caps.
	inns := riverAbbot
	inns.Expansions |= InnsCathedralsExp
	sets = append(sets, inns)
	// Every expansion: builders and pigs count in no majority, the mage and the witch moved by the move.
	all := inns
	all.Expansions |= TradersBuildersExp | MageWitchExp
	sets = append(sets, all)
	games := 6
	if testing.Short() {
		games = 2
	}
	seen := map[string]bool{}
	for i, o := range sets {
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := NewGame(o, 2+int(seed%4), seed*7+uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			rp := NewRandomPlayer(seed + 3)
			for !g.Over() {
				m := rp.Move(g)
				if rp.rng.IntN(2) == 0 {
					m = g.GreedyMove()
				}
				var act [3]string
				var active [3]int
				if o.Surveyors {
					act = activeIDs(g)
					for p := range g.xs.surveyors.piles {
						active[p] = g.xs.surveyors.piles[p].active
					}
				}
				pts, scored := refTurn(g, m, act)
				before, nev := g.scores, len(g.events)
				turn := g.turn
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				for _, e := range g.Events()[nev:] {
					if e.Final {
						continue
					}
					want := ""
					// An abbot taken back and a garden are no scoring of a pile's zone.
					if o.Surveyors && !e.Recall && e.Feature != "garden" {
						want = act[pileOf(map[string]Kind{"city": City, "road": Road, "monastery": Monastery}[e.Feature])]
					}
					// The modifiers' changes add up to the points; the scoring tile's, first, is its delta.
					sum := 0
					for _, md := range e.Modifiers {
						sum += int(md.Delta)
					}
					if len(e.Modifiers) == 0 && e.Surveyor != "" {
						sum = e.SurveyorDelta
					}
					first := len(e.Modifiers) == 0 || want == "" || e.Modifiers[0].Name == want && int(e.Modifiers[0].Delta) == e.SurveyorDelta
					if e.Surveyor != want || sum != e.Points-e.BasePoints || !first {
						t.Fatalf("set %d seed %d turn %d: event %+v, want surveyor %q", i, seed, turn, e, want)
					}
					seen[e.Surveyor] = true
				}
				if g.Over() {
					break // the final scoring has its own reference (checkFinalScoring)
				}
				for s := 0; s < g.players; s++ {
					if g.scores[s]-before[s] != pts[s] {
						t.Fatalf("set %d seed %d turn %d: seat %d scored %d, reference %d (active %v)", i, seed, turn, s, g.scores[s]-before[s], pts[s], act)
					}
				}
				if o.Surveyors {
					for p := range g.xs.surveyors.piles {
						want := active[p]
						if scored {
							want = (want + 1) % g.xs.surveyors.piles[p].n
						}
						if g.xs.surveyors.piles[p].active != want {
							t.Fatalf("set %d seed %d turn %d: pile %d active %d, want %d (scored %v)", i, seed, turn, p, g.xs.surveyors.piles[p].active, want, scored)
						}
					}
				}
			}
		}
	}
	// The city and road tiles must all have been checked; monasteries rarely complete in such games, and
	// their tiles have hand-built tests (surveyors_test.go).
	for _, st := range surveyorTiles {
		if st.pile != Monastery && !seen[st.id] && !testing.Short() {
			t.Errorf("no scoring under %s was checked", st.id)
		}
	}
}
