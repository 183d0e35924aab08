package cartographers

import (
	"reflect"
	"testing"
)

func TestSeasonEndsOnThreshold(t *testing.T) {
	t.Parallel()
	// Spring's threshold is 8: three 2-time cards (6) keep it going, the fourth (8) ends it.
	g := rig(t, Options{}, 1, "", "Hinterland Stream", "Homestead", "Orchard", "Treetop Village", "Great River")
	for n := 1; n <= 3; n++ {
		mustPlay(t, g, 0, g.LegalMoves(0)[0])
		if g.season != 0 {
			t.Fatalf("season ended after %d cards (%d time)", n, 2*n)
		}
	}
	mustPlay(t, g, 0, g.LegalMoves(0)[0])
	if g.season != 1 || len(g.players[0].seasons) != 4 {
		t.Fatalf("season %d after 8 time, want 1", g.season)
	}
	// Heroes thresholds: summer ends at 7, not 8.
	h := rig(t, Options{Seasons: "heroes"}, 1, "", "Hinterland Stream")
	if h.cfg.thresholds != [4]int{8, 7, 7, 6} {
		t.Fatalf("Heroes thresholds %v", h.cfg.thresholds)
	}
	if b := rig(t, Options{}, 1, "", "Hinterland Stream"); b.cfg.thresholds != [4]int{8, 8, 7, 6} {
		t.Fatalf("base thresholds %v", b.cfg.thresholds)
	}
}

func TestSeasonScoring(t *testing.T) {
	t.Parallel()
	// Spring scores edicts A and B: Sentinel Wood and Canal Lake here.
	o := Options{Edicts: []string{"Sentinel Wood", "Canal Lake", "Wildholds", "Borderlands"}}
	sheet := `
FF.........
...M.r.....
.r......Mr.
...X.......
...........
WA...M.....
...........
...........
.rM......r.
.....r.M...
...........`
	g := rig(t, o, 1, sheet, "Great River")
	p := &g.players[0]
	p.sheet.coins = 3
	g.scoreSeason()
	// Sentinel Wood: 2 forests on the edge. Canal Lake: water (5,0) next to farm (5,1) and back: 2.
	// Coins 3. Monster (3,3): empty neighbours (2,3) (4,3) (3,2) (3,4): -4.
	want := SeasonScore{Edicts: [2]int{2, 2}, Coins: 3, Monsters: 4, Total: 3}
	if p.seasons[0] != want || p.score != 3 || p.monsterLoss != 4 {
		t.Fatalf("spring %+v score %d loss %d, want %+v, 3, 4", p.seasons[0], p.score, p.monsterLoss, want)
	}
}

func TestRanksAndTieBreak(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{}, 5, "", "Great River")
	for i, sl := range [][2]int{{50, 3}, {60, 9}, {50, 1}, {60, 9}, {40, 0}} {
		g.players[i].score, g.players[i].monsterLoss = sl[0], sl[1]
	}
	// 60/9 and 60/9 share first; 50/1 beats 50/3 on fewer stars lost to monsters.
	if got, want := g.Ranks(), []int{4, 1, 3, 1, 5}; !reflect.DeepEqual(got, want) {
		t.Fatalf("ranks %v, want %v", got, want)
	}
}

func TestEveryGameEndsAfterWinter(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 100; seed++ {
		g := playRandom(t, Options{Preset: presetNames[seed%3]}, 1+int(seed%4), seed)
		for i := range g.players {
			p := &g.players[i]
			sum, loss := 0, 0
			for _, s := range p.seasons {
				sum += s.Total
				loss += s.Monsters
				if s.Total != s.Edicts[0]+s.Edicts[1]+s.Coins-s.Monsters {
					t.Fatalf("seed %d: season line %+v does not add up", seed, s)
				}
			}
			if sum != p.score || loss != p.monsterLoss {
				t.Fatalf("seed %d: score %d loss %d, seasons add to %d and %d", seed, p.score, p.monsterLoss, sum, loss)
			}
		}
		if g.season != 3 || !g.Over() || len(g.ToActSeats()) != 0 {
			t.Fatalf("seed %d: season %d over %v", seed, g.season, g.Over())
		}
	}
}
