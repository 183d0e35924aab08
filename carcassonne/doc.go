// Package carcassonne is the rules engine of Carcassonne (2nd edition base game, 2 to 5 players) with the
// Land Surveyors mini-expansion, the River, the Abbot, Inns & Cathedrals, Traders & Builders and the Mage
// & Witch. It is pure Go with no I/O: a game is its options, its seed and the moves
// played, and replaying them rebuilds it exactly.
//
// # A turn
//
// NewGame lays the start tile, shuffles the 71 others from the seed and draws the first tile that fits
// somewhere (tiles that fit nowhere are set aside, game.go). The seat to act (ToActSeat) lays it: a Move
// is a Placement (cell and rotation) and, optionally, a meeple on one of the tile's segments. Play checks
// the placement against the board (board.go: each open cell keeps what its edges must match), joins the
// tile's segments into features (features.go: roads, cities, fields, monasteries, kept in a union-find),
// scores every road, city and monastery the tile completes (scoring.go), returns their meeples, and draws
// the next tile. When no tile is left, the incomplete features and the fields are scored (finalScoring).
//
// # The Land Surveyors
//
// With Options.Surveyors, three piles of scoring tiles (city, road, monastery) are shuffled at the setup.
// The top tile of a pile changes how every feature of its kind scores (a bonus, a penalty, other
// receivers); after each such scoring the pile turns to its next tile. surveyors.go holds the piles and
// each tile as one function named after it (citizensJury, streetFair...), applied to the tally of a
// scoring.
//
// # Expansions
//
// An expansion plugs into named points of the turn (expansions.go): its figures, the deck and start tile,
// setup (after the shuffle), a placement rule, where its figures stand, the rest of a move, scoring
// modifiers, what a tile completed and by whom, turnEnd, a second tile for the same seat, the final scoring, determinize, view and the narrative's setup line. Each is one
// file holding its value and its hooks (surveyors.go's landSurveyors, river.go, abbot.go, inns.go,
// traders.go, magewitch.go), its tile rows (tiles_river.go, tiles_gardens.go, tiles_inns.go,
// tiles_traders.go, tiles_magewitch.go), one line in the expansions list and one field of expansionStates;
// the base game calls the hooks of the expansions the options switch on and names none.
//
// # Where things are
//
//   - tiles.go: the 72 tiles, their edges and segments, and the tile sets; text.go: the board as text.
//   - board.go, features.go, meeples.go, scoring.go: the rules of the base game.
//   - expansions.go: the hook points; surveyors.go: the Land Surveyors; river.go: the River; abbot.go:
//     the Abbot; figures.go: the kinds of figures and the meeple's rule.
//   - moves.go: the JSON move form (docs/records.md); definition.go: the game contract (game.Definition
//     and game.State) hosts use; view.go: what every seat sees; narrative.go: the game told for records.
//   - policy.go: the greedy policy behind AutoMove, and a random player for benchmarks.
//
// The typed API (Game.Play, Game.Placements, Game.Reset) serves bots and benchmarks without allocating;
// the game.State methods wrap it with the JSON move form.
package carcassonne
