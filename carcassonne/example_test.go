package carcassonne_test

import (
	"encoding/json"
	"fmt"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// A game from a seed: the tile the first player drew, where it fits, and one turn played.
func Example() {
	g, err := carcassonne.NewGame(carcassonne.DefaultOptions(), 2, 42)
	if err != nil {
		panic(err)
	}
	fmt.Printf("seat %d draws %s; %d tiles face down\n", g.ToActSeat(), g.Current(), g.DrawPileSize())
	places := g.Placements(nil)
	fmt.Printf("it fits in %d ways\n", len(places))
	if err := g.Play(carcassonne.Move{Placement: places[0], Meeple: carcassonne.NoMeeple}); err != nil {
		panic(err)
	}
	fmt.Printf("seat %d draws %s; %d tiles on the board\n", g.ToActSeat(), g.Current(), g.TilesPlaced())
	// Output:
	// seat 0 draws K; 70 tiles face down
	// it fits in 6 ways
	// seat 1 draws L; 2 tiles on the board
}

// The same game through the JSON contract hosts use: the legal moves of the seat to act, in the move
// form records keep.
func ExampleGame_LegalMoves() {
	st, err := carcassonne.Definition{}.New(nil, 2, 42)
	if err != nil {
		panic(err)
	}
	moves := st.LegalMoves(0)
	fmt.Println(len(moves), "legal moves; the first:", string(moves[0]))
	// Output:
	// 30 legal moves; the first: {"type":"place","x":0,"y":-1,"rotation":180}
}

// A record replays to the same game: here three turns of the greedy policy, replayed.
func ExampleDefinition_New() {
	st, _ := carcassonne.Definition{}.New(json.RawMessage(`{"surveyors":true}`), 3, 7)
	rec := game.Record{Game: "carcassonne", Options: json.RawMessage(`{"surveyors":true}`), Seed: 7, Seats: 3}
	for range 3 {
		seat := st.ToAct()[0]
		m, _ := st.AutoMove(seat)
		st.Apply(seat, m)
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: m})
	}
	again, err := game.NewRegistry(carcassonne.Definition{}).Replay(rec)
	if err != nil {
		panic(err)
	}
	a, _ := json.Marshal(st.View(game.Spectator))
	b, _ := json.Marshal(again.View(game.Spectator))
	fmt.Println("replayed the same game:", string(a) == string(b))
	// Output:
	// replayed the same game: true
}
