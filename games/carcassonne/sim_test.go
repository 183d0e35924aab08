package carcassonne

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/carcassonne"
)

// The simulator reports each seat's points by source, and in every game they add up to the seat's final
// score; with all five expansions and the Land Surveyors the expansions' sources show up (the inn or the
// cathedral, the goods, the mage or the witch, the Land Surveyors' tiles), and the builder's second tiles'
// share, not a source, is left out of the sum.
func TestSimCountsPointsBySource(t *testing.T) {
	mk, err := simulate(json.RawMessage(`{"expansions":["river","abbot","inns_cathedrals","traders_builders","mage_witch"],"surveyors":true}`), 2)
	if err != nil {
		t.Fatal(err)
	}
	play := mk()
	seen := map[string]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		out, err := play(seed, []string{"greedy+", "auto"})
		if err != nil {
			t.Fatal(err)
		}
		for s, score := range out.Scores {
			sum := 0
			for name, bySeat := range out.Counts {
				if strings.HasPrefix(name, carcassonne.PointsPrefix) {
					sum += bySeat[s]
					seen[strings.TrimPrefix(name, carcassonne.PointsPrefix)] += bySeat[s]
				}
			}
			if sum != score {
				t.Errorf("seed %d seat %d: points by source add up to %d, final score %d (%v)", seed, s, sum, score, out.Counts)
			}
		}
		if out.Counts["meeple stood"] == nil {
			t.Errorf("seed %d: the figure tallies are gone: %v", seed, out.Counts)
		}
	}
	for _, want := range [][]string{{"city"}, {"road"}, {"field"}, {"goods"}, {"surveyors"}, {"inn", "cathedral"}, {"mage", "witch"}} {
		some := false
		for _, name := range want {
			some = some || seen[name] != 0
		}
		if !some {
			t.Errorf("no points from %s in 3 games with every expansion: %v", strings.Join(want, " or "), seen)
		}
	}
	t.Logf("points by source over 3 games: %v", seen)
}

// A base game reports its points by source too (city, road, field, monastery), and nothing else.
func TestSimCountsBaseGamePoints(t *testing.T) {
	mk, err := simulate(nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	out, err := mk()(1, []string{"auto", "auto"})
	if err != nil {
		t.Fatal(err)
	}
	for name := range out.Counts {
		switch strings.TrimPrefix(name, carcassonne.PointsPrefix) {
		case "city", "road", "field", "monastery":
		default:
			t.Errorf("base game tally %q", name)
		}
	}
	if len(out.Counts) == 0 {
		t.Error("no points by source in a base game")
	}
}
