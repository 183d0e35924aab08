package cartographers

import (
	"math/rand/v2"
	"testing"
)

// fullSheet is side A with every space drawn: "patchy", a random terrain per space (many small clusters,
// the hard case for the cluster cards), and "regions", terrain in 3x3 blocks (few large clusters).
func fullSheets() []struct {
	name  string
	sheet Sheet
} {
	rng := rand.New(rand.NewPCG(11, 12))
	patchy, _ := MapSide("A")
	regions, _ := MapSide("A")
	for c := Cell(0); c < Cells; c++ {
		if patchy.At(c) == Empty {
			patchy.Draw(Single(c), Kind(rng.IntN(int(Monster)+1)))
		}
		if regions.At(c) == Empty {
			regions.Draw(Single(c), Kind((c.Row()/3*4+c.Col()/3)%(int(Monster)+1)))
		}
	}
	return []struct {
		name  string
		sheet Sheet
	}{{"patchy", patchy}, {"regions", regions}}
}

// BenchmarkScoreAll scores all 32 cards on a full sheet.
func BenchmarkScoreAll(b *testing.B) {
	for _, fs := range fullSheets() {
		b.Run(fs.name, func(b *testing.B) {
			s := fs.sheet
			b.ReportAllocs()
			total := 0
			for b.Loop() {
				total = 0
				for i := range scoringCards {
					n, _ := scoringCards[i].Score(&s)
					total += n
				}
			}
			b.ReportMetric(float64(total), "stars")
		})
	}
}

// BenchmarkScoreEachCard shows which cards cost the most.
func BenchmarkScoreEachCard(b *testing.B) {
	s := fullSheets()[0].sheet
	for i := range scoringCards {
		c := &scoringCards[i]
		b.Run(c.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.Score(&s)
			}
		})
	}
}

func BenchmarkMonsterPenalty(b *testing.B) {
	s := halfFilledSheets()[1].sheet
	b.ReportAllocs()
	for b.Loop() {
		MonsterPenalty(&s)
	}
}

// TestScoringDoesNotAllocate keeps the scoring hot path allocation-free (an allocation count is exact,
// unlike a timing).
func TestScoringDoesNotAllocate(t *testing.T) {
	s := fullSheets()[0].sheet
	half := halfFilledSheets()[0].sheet
	out := make([]Placement, 0, 8*Cells)
	sh := MustShape("..##/###.")
	if n := testing.AllocsPerRun(20, func() {
		for i := range scoringCards {
			scoringCards[i].Score(&s)
		}
		MonsterPenalty(&s)
		out = half.Placements(sh, Bits{}, out[:0])
		half.CanPlace(sh, half.ruins)
	}); n != 0 {
		t.Fatalf("scoring and placement allocate %v times per run", n)
	}
}
