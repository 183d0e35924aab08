// Package tournament pairs and ranks tournaments: a two-player Swiss, a Swiss for tables of 3 to 6, an
// arena and a correspondence league. It is pure: no I/O, no clock, no game named; a host stores the
// players and results, calls these functions, and plugs in the games. Everything is deterministic from
// its input, whatever the order of the players or of a round's games: ties are broken by rating (higher
// first) and then by id.
package tournament
