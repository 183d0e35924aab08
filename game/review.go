package game

import "encoding/json"

// What a game brings to the post-game analysis (package analysis, docs/analysis.md): a judge that values
// each decision of a finished game with the game's strongest search, under one of two lenses.

// Lens is what the analysis may know of the cards or tiles still hidden at a decision.
type Lens string

const (
	// LensFair knows what the player knew: the hidden cards or tiles are sampled from what was public.
	LensFair Lens = "fair"
	// LensClairvoyant knows the real order of this game's cards or tiles: what a plan of this exact game
	// could reach.
	LensClairvoyant Lens = "clairvoyant"
)

// Reviewing is a game's part of the post-game analysis.
type Reviewing struct {
	// Unit names the points the values are in ("stars", "points").
	Unit string
	// Phases names the parts of a game the losses are summed by (seasons, thirds of the tile pile).
	Phases []string
	// AccuracyScale is the cost, in Unit, at which a decision's accuracy falls to 100/e (about 37).
	AccuracyScale float64
	// DefaultSamples is the fair lens's sampled futures a decision when the analysis asks for 0.
	DefaultSamples int
	// NewJudge makes a judge of one game's decisions under a lens; seed draws the fair lens's samples and
	// samples is their number a decision (0: DefaultSamples). A judge keeps scratch space: one per game.
	NewJudge func(lens Lens, seed uint64, samples int) Judge
	// Plan, if set, is the final score of seat 0 that a plan of the whole game made with the deck known
	// reaches from st, the game's start (ok false where the game makes none: nil means never).
	Plan func(st State) (score float64, ok bool, err error)
	// Words, if set, names a move in English as the game's story does, for st, the position it is played
	// in (a Carcassonne move's tile is the one drawn there): the analysis names each decision's moves by
	// it for people, beside their JSON form for programs.
	Words func(st State, move json.RawMessage) (string, error)
}

// Judge values decisions one at a time, in the order of a record's moves.
type Judge interface {
	// Judge values move, which seat is about to play in st (the position before it is applied). ok is false
	// for a move the analysis does not value (one that cannot change the seat's own score, such as a
	// monster drawn on a neighbour's sheet). The judge must not change st.
	Judge(st State, seat Seat, move json.RawMessage) (v Verdict, ok bool, err error)
}

// Verdict is one decision judged. Values are expected final points of the seat in the game's Unit, the
// mean over the lens's futures with the bot playing on: Value is what the best move is judged on (the
// seat's final score, or in a game won by margin its margin over the best other seat), Expected the
// seat's own final score.
type Verdict struct {
	// Phase indexes Reviewing.Phases.
	Phase int
	// Best is the move the search values highest, the played one among those searched, so that
	// BestValue >= PlayedValue.
	Best                         json.RawMessage
	BestValue, PlayedValue       float64
	BestExpected, PlayedExpected float64
	// Samples is the number of futures the values are the mean of (0: valued one ply, by the evaluation).
	Samples int
}
