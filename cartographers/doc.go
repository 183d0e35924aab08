// Package cartographers is the rules engine of Cartographers: the base game, the Heroes content (heroes,
// the four Heroes monsters, map sides C and D, the Heroes explore cards and scoring cards) and the solo
// rules, for 1 to 100 players. It is pure Go with no I/O: a game is its options, its seed and the moves
// played, and replaying them rebuilds it exactly.
//
// # A turn
//
// NewGame draws the four edicts (the scoring cards under A, B, C and D) and shuffles the explore deck with
// the season's ambush (and hero). Each turn reveals one card (game.go): an explore or rift card is drawn by
// every player at once on their own sheet (a Decision of kind DecideDraw: an option's shape, a terrain,
// the cells, draw.go); a ruins card makes the next shape cover a ruins space (ruins.go); an ambush is drawn
// by the solo rules' walk (solo.go) or, with several players, by each sheet's neighbour (ambush.go); a
// hero is placed with its attack pattern (heroes.go). A Move answers the decision; Play checks it and, once
// every sheet is done, the game moves on. When a season's time reaches its threshold, its two edicts,
// the coins and the monster penalty are scored (season.go, scoring*.go), then the monsters with an
// effect act (monsters.go). Winter ends the game; Ranks breaks ties by the fewest stars lost to monsters.
//
// # Where things are
//
//   - cards.go: every explore, ruins, rift, ambush and hero card, and the season cards, one line each.
//   - scoring.go and scoring_*.go: the 32 scoring cards, each one short function named after the card with
//     its rule as the doc comment, in one table (ScoringCards).
//   - monsters.go: the Heroes monsters' effects; heroes.go: heroes and their hits.
//   - sheet.go, bits.go, shape.go, placement.go: the map as bit sets, shapes and their placements (listed,
//     or held as a PlacementSet of legal corners per orientation, counted and indexed without listing).
//   - cluster.go: clusters, flooded along rows in parallel by 128-bit additions; the scoring cards settle
//     clusters of one and two spaces in bulk.
//   - mapsides.go, maptext.go: the four map sides and the text form of a map (shared/formats).
//   - definition.go: the game contract hosts use (game.Definition, game.State); moves.go: the JSON move
//     form (docs/records.md); view.go: what a seat sees; narrative.go: the game told for records.
//   - policy.go: the simple policy behind AutoMove and the random player of benchmarks.
package cartographers
