package carcassonne

import "testing"

// The set of unfinished roads' and cities' roots that the mage's and witch's moves walk is kept up to date
// as tiles are laid: after every move of seeded random games with every expansion, a bit is set exactly
// for the segments that are the root of an open road or city, whatever the Game held before its Reset.
func TestOpenRoadCitySetFollowsTheBoard(t *testing.T) {
	o := DefaultOptions()
	o.Surveyors, o.Expansions = true, RiverExp|AbbotExp|InnsCathedralsExp|TradersBuildersExp|MageWitchExp
	g := &Game{}
	checked := 0
	for seed := uint64(0); seed < 8; seed++ {
		if err := g.Reset(o, 2+int(seed%3), seed); err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for !g.over {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
			for tile := 0; tile < g.board.ntiles; tile++ {
				tt := &types[g.board.tiles[tile].typ]
				for s := 0; s < maxSeg; s++ {
					n := node(tile, s)
					want := s < len(tt.segs) && tt.segs[s].kind.roadOrCity() && g.feat.find(n) == n && g.feat.open[n] != 0
					if got := g.feat.openRC[n/64]&(1<<(n%64)) != 0; got != want {
						t.Fatalf("seed %d, %d tiles: tile %d (%s) segment %d: bit %v, want %v", seed, g.board.ntiles, tile, tt.name, s, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
