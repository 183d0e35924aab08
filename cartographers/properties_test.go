package cartographers

import (
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// TestGameProperties plays random games and checks after every move: coins never exceed the track,
// every space is in at most one layer, a legal placement never overlaps a filled space, a draw only
// fills spaces that were empty, and the printed content never changes (mountains, wastelands, ruins).
func TestGameProperties(t *testing.T) {
	t.Parallel()
	games := 300
	if testing.Short() {
		games = 50
	}
	var buf []Placement
	for n := 0; n < games; n++ {
		seed := uint64(n)
		g, err := NewGame(Options{Preset: presetNames[n%3], Side: mapSideNames[n%4]}, 1+n%3, seed)
		if err != nil {
			t.Fatal(err)
		}
		side, _ := MapSide(mapSideNames[n%4])
		rng := game.NewRNG(seed, 3)
		for !g.Over() {
			for _, seat := range g.ToActSeats() {
				d, i := g.DecisionOf(seat)
				s := &g.players[i].sheet
				if d.kind == DecideDraw || d.kind == DecideAmbush {
					for opt := range max(1, len(cardTable[d.card].Options)) {
						for _, p := range g.LegalDraws(i, d, opt, buf[:0]) {
							if p.Cells.Intersects(s.Filled()) {
								t.Fatalf("seed %d: legal placement %v overlaps a filled space", seed, CellList(p.Cells))
							}
							if d.mode == DrawRuins && !p.Cells.Intersects(d.targets) {
								t.Fatalf("seed %d: ruins placement %v misses the ruins", seed, CellList(p.Cells))
							}
						}
					}
				}
				filledBefore := s.Filled()
				m, _, b := g.RandomMove(seat, rng, buf)
				buf = b
				if err := g.Play(seat, m); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if (m.Type == DecideDraw || m.Type == DecideAmbush || m.Type == DecideHero) && m.Cells.Intersects(filledBefore) {
					t.Fatalf("seed %d: a draw covered a filled space", seed)
				}
			}
			for i := range g.players {
				s := &g.players[i].sheet
				if s.coins < 0 || s.coins > MaxCoins {
					t.Fatalf("seed %d: %d coins", seed, s.coins)
				}
				var union Bits
				total := 0
				for _, l := range s.layer {
					union = union.Or(l)
					total += l.Count()
				}
				if total != union.Count() {
					t.Fatalf("seed %d: a space is in two layers:\n%s", seed, s.MapText())
				}
				if s.layer[Mountain] != side.layer[Mountain] || s.layer[Wasteland] != side.layer[Wasteland] || s.ruins != side.ruins {
					t.Fatalf("seed %d: the printed map changed", seed)
				}
			}
		}
		if g.season != 3 {
			t.Fatalf("seed %d: ended in season %d", seed, g.season)
		}
	}
}
