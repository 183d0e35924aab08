package rating

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkRate rates one game of n players: 2 to 6 for Carcassonne, 100 for a full Cartographers
// table.
func BenchmarkRate(b *testing.B) {
	m := Default()
	for _, n := range []int{2, 4, 6, 100} {
		ps, ranks := game(rand.New(rand.NewPCG(uint64(n), 1)), n, false)
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Rate(ps, ranks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
