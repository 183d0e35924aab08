package carcassonne

import (
	"fmt"

	"github.com/surveyor-game/surveyor/carcassonne"
)

// benchLegalPlacements times listing every position and rotation of the drawn tile mid-game (40 tiles
// laid of 72, with the Land Surveyors), on 16 seeded random boards: one op is one listing.
func benchLegalPlacements() (func(int) error, error) {
	var games []*carcassonne.Game
	for seed := uint64(1); len(games) < 16; seed++ {
		g, err := carcassonne.NewGame(surveyorOptions(), 2, seed)
		if err != nil {
			return nil, err
		}
		rp := carcassonne.NewRandomPlayer(seed)
		for g.TilesPlaced() < 40 && !g.Over() {
			if err := g.Play(rp.Move(g)); err != nil {
				return nil, fmt.Errorf("bench game %d: %w", seed, err)
			}
		}
		if !g.Over() {
			games = append(games, g)
		}
	}
	buf := make([]carcassonne.Placement, 0, 1024)
	return func(i int) error {
		buf = games[i%len(games)].Placements(buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("board %d: no placement for the drawn tile", i%len(games))
		}
		return nil
	}, nil
}
