// Package tournament pairs and ranks tournaments: a two-player Swiss, a Swiss for tables of 3 to 6, an
// arena and a correspondence league. It is pure: no I/O, no clock, no storage, no game named; a host
// stores the players and results, calls these functions, and plugs in the games. Everything is
// deterministic from its input, whatever the order of the players or of a round's games: where the rules
// leave players equal, the higher rating goes first and then the smaller id. docs/tournaments.md states
// the same rules for players.
//
// # Two-player Swiss (Swiss)
//
// A set number of rounds. A game is worth 1 for a win, ½ for a draw, 0 for a loss. Each round is paired
// from the standings by Swiss.Pair:
//   - Players still in (not withdrawn) are ordered by points, then rating, then id.
//   - For an odd count one player gets a bye, worth a win (1 point) and counted as no game, always one
//     of those with the fewest byes, so nobody has a second bye while someone still playing has none.
//     The search below relaxes step by step and at each step tries these candidates lowest-ranked
//     first, so the bye goes to the lowest-ranked candidate who passes the strictest step any
//     candidate passes: it moves up past a candidate whose sitting out would force a rematch, or
//     (before those rules are relaxed) leave the next round unpairable without a rematch, or pair two
//     players who both need the same seat absolutely.
//   - The highest unpaired player meets, among those below whom they have not met, the nearest in points,
//     and among those the one with whom both can have their due seat, then the highest-ranked; when that
//     leaves the rest unpairable, the search backtracks. Only when no pairing avoids rematches does it
//     accept one, then two, and so on: the fewest possible. Before allowing a rematch it first looks a
//     round ahead (when one is left): a round that leaves the next unpairable without a rematch is
//     refused while another exists. At each step it first refuses to pair two players who both need the
//     same seat absolutely (below). The search is bounded by a count of steps (not time), after which it
//     relaxes one step further.
//   - Seats: each player is due the seat they have had less often, or if even, the other seat from their
//     last game. The need is absolute when they have sat in one seat two games more than the other, or twice
//     running; then strong when unbalanced by one. When both are due the same seat, the stronger need has
//     it; when equal, the one who has sat first less often (counting firsts minus seconds) sits first,
//     and when that is equal too, the higher-ranked sits first in odd rounds, the lower in even ones. So
//     nobody sits in one seat three times running, or has it more than two games more than the other,
//     unless the round could not be paired otherwise without a rematch or, while a round is left after
//     it, without leaving the next round unpairable without one.
//
// Standings rank by points, then Buchholz, then Sonneborn-Berger, then rating, then id:
//   - Buchholz: the sum of the final points of the opponents met over the board. A bye adds nothing (it
//     has no opponent). A withdrawn opponent counts with the points they had when they left, since they
//     score no more; games a host records as forfeits count like any game, a double forfeit (BothLose:
//     neither player showed up, neither scores) too.
//   - Sonneborn-Berger: the final points of each opponent beaten, plus half those of each opponent drawn;
//     a bye adds nothing.
//   - Games without a result count for nothing, but their opponents count as met, so they are not
//     paired again; Swiss.Pair refuses to pair while a game of an earlier round has no result.
//
// # Swiss for tables (TableSwiss)
//
// For games of MinSeats to MaxSeats players. TableSizes splits the players: the fewest byes that allow
// tables within the limits, then the fewest tables, their sizes as even as possible, the larger first
// (e.g. 13 players at tables of 3 to 5: 5, 4, 4). Byes go to the lowest-ranked of those with the fewest
// byes. The others are seated by TableSwiss.Pair:
//   - Filling the tables in standing order from the first gives each player a home table. Each player
//     sits at their home table or one next to it, so each table holds players of similar standing.
//   - Among those seatings, the round has the fewest repeat pairs: two players at one table who have
//     sat at one table together in an earlier round (a pair counts once, however often they have).
//   - Among those, the first table takes the best-ranked players it can (its players' ranks compared
//     best first), then the second table, and so on. So when no seating has fewer repeat pairs than
//     the plain top-down fill, the tables are that fill.
//   - The choice is exact: between two tables, only which players of the two home groups around them
//     are seated matters, so a round is a shortest path through at most 2^(2*MaxSeats) states a table.
//     The search is bounded by a count of steps, 20 million (a round of 120 players at tables of 6,
//     four rounds in, takes 1.6 million; one of 600 with a dense history 15 million). Past it, the
//     tables are seated one by one from the first, each with the fewest repeat pairs it can have (the
//     best-ranked first among equals) while leaving the next table no more players it must take than
//     it has seats. Tables of more than six seats are filled top-down, as the states grow too many.
//   - At each table, those who have begun fewest games in the first seat sit first, then by standing.
//
// Placement points: one for each player at the table finished ahead of, half for each tied with (n-1
// for the winner of a table of n, 0 for the last, ties shared). A seat lost by forfeit (Seat.Forfeit: the
// player never showed up) scores 0 and is behind everyone who played; absent players share nothing. A bye is worth a middle place at the
// round's largest table, (n-1)/2. Standings: placement points, then the game's own score summed over
// the games, then rating, then id. Tables of different sizes in one round give their winners different
// points; TableSizes keeps the sizes within one of each other to keep that small. Standings and
// pairings do not depend on the order of the rounds, of a round's tables or of its byes.
//
// # Arena (Arena)
//
// Players join at any time, and a player who waits is paired at once (the host calls Pair for each
// finished or newly joined player) with the waiting player nearest their points; not with their last
// opponent, nor one whose last opponent they were, while anyone else waits; then the longest waiting;
// then by id. The one who has sat first less often sits first. A win scores 2, a draw 1, a loss 0; after
// two wins in a row a player is on fire and scores double (4 a win, 2 a draw) until a game they do not
// win, which ends the streak; a double forfeit gives both 0 and ends both streaks. A paused player is not
// paired (after any game in play) until they resume (the host pauses a player who lost by forfeit); their
// points stay. Standings: points, then wins, then rating, then id. The arena's duration is the
// host's: End stops all pairing and recording. Arena pairs in time linear in the waiting players.
// Unlike lichess, there is no berserk and no limit on points from draws: a host may add them.
//
// # Correspondence league (Groups, RoundRobin, LeagueStandings, NextSeason)
//
// Players in order of strength are split by Groups into groups of at most N, of similar standing.
// RoundRobin schedules a group by the circle method: everyone meets everyone once; with an odd count each
// player sits out one round, worth nothing. A group ranks by LeagueStandings: 1, ½, 0 a game; in a round
// robin Buchholz is equal within a tie, so Sonneborn-Berger decides, then rating, then id. A player who
// withdraws keeps the results of the games they finished; each of their games without a result is lost
// by them and won by their opponent, as a correspondence player who stops moving loses each game on
// time (a game between two withdrawn players is not played and scores nothing), and such forfeits count
// in the tie-breaks like any game. The withdrawn rank below everyone still in the group, so none takes
// a promotion place. Between seasons, NextSeason moves the top k of each group up a division and the
// bottom k down.
package tournament
