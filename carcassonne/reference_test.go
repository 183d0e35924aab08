package carcassonne

import "testing"

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
			v := g.board.grid[int(p.cell)+step[d]]
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
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(DefaultOptions(), 2+int(seed%4), seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for !g.Over() {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
			for tile := 0; tile < g.board.ntiles; tile++ {
				for s, sg := range types[g.board.tiles[tile].typ].segs {
					if sg.kind == Monastery {
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
		checkFinalScoring(t, g, seed)
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
	award := func(meeples [maxPlayers]int, pts int) {
		best := 0
		for _, m := range meeples {
			best = max(best, m)
		}
		for s, m := range meeples {
			if best > 0 && m == best {
				want[s] += pts
			}
		}
	}
	done := map[int]bool{}
	for tile := 0; tile < g.board.ntiles; tile++ {
		p := &g.board.tiles[tile]
		for s, sg := range types[p.typ].segs {
			if done[node(tile, s)] {
				continue
			}
			if sg.kind == Monastery {
				if o := g.feat.owner[node(tile, s)]; o != 0 {
					var m [maxPlayers]int
					m[o-1] = 1
					award(m, 1+g.neighbours(int(p.cell)))
				}
				continue
			}
			members, open := refFeature(g, tile, s)
			var m [maxPlayers]int
			tiles, arms, cities := map[int]bool{}, 0, map[int]bool{}
			for n := range members {
				done[n] = true
				nt := n / maxSeg
				if o := g.feat.owner[n]; o != 0 {
					m[o-1]++
				}
				if !tiles[nt] && types[g.board.tiles[nt].typ].arms {
					arms++
				}
				tiles[nt] = true
				if sg.kind == Field {
					b := types[g.board.tiles[nt].typ].segs[n%maxSeg].borders
					for c := 0; c < maxSeg; c++ {
						if b&(1<<c) == 0 {
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
			switch {
			case sg.kind == Field:
				award(m, 3*len(cities))
			case open == 0:
			case sg.kind == Road:
				award(m, len(tiles))
			case sg.kind == City:
				award(m, len(tiles)+arms)
			}
		}
	}
	if want != got {
		t.Fatalf("seed %d: final scoring %v, flood fill gives %v", seed, got, want)
	}
}
