package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// Groups splits players, in the order given (strongest first), into groups of at most size: as few groups
// as fit, their sizes differing by one at most, the larger first; each group takes the next players in
// order, so a group holds players of similar standing.
func Groups(players []Player, size int) ([][]Player, error) {
	if size < 2 {
		return nil, fmt.Errorf("tournament: groups of %d players", size)
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("tournament: %d players make no group", len(players))
	}
	n := (len(players) + size - 1) / size
	out := make([][]Player, n)
	rest := players
	for i := range out {
		k := len(players) / n
		if i < len(players)%n {
			k++
		}
		out[i], rest = slices.Clone(rest[:k]), rest[k:]
	}
	return out, nil
}

// RoundRobin schedules a group by the circle method: each player meets every other once, in n-1 rounds
// for n even and n rounds for n odd (when each player sits out one round: there is no bye pairing, as
// sitting out is worth nothing in a league). The first player stays put while the others turn. Seats go
// by the players' places in ids, so that nobody sits first more than once more than second, or the reverse.
func RoundRobin(ids []string) ([][]Pairing, error) {
	circle := slices.Clone(ids)
	if len(circle)%2 == 1 {
		circle = append(circle, "")
	}
	n := len(circle)
	pos := make(map[string]int, n)
	for i, id := range ids {
		if _, twice := pos[id]; twice || id == "" {
			return nil, fmt.Errorf("tournament: player %q empty or listed twice", id)
		}
		pos[id] = i
	}
	var rounds [][]Pairing
	for r := 0; r < n-1; r++ {
		var round []Pairing
		for i := range n / 2 {
			a, b := circle[i], circle[n-1-i]
			if a == "" || b == "" {
				continue
			}
			// The lower-listed of two sits first when their positions' sum is odd, else the other: each
			// player's seats then alternate along the list.
			pa, pb := pos[a], pos[b]
			if (pa < pb) != ((pa+pb)%2 == 1) {
				a, b = b, a
			}
			round = append(round, Pairing{First: a, Second: b})
		}
		rounds = append(rounds, round)
		// Turn everyone but the first: the last comes to the second place.
		last := circle[n-1]
		copy(circle[2:], circle[1:n-1])
		circle[1] = last
	}
	return rounds, nil
}

// NextSeason moves players between divisions after a season. divisions[d] holds division d's groups (0 is
// the top), each group its players in final standing order. The top k of each group go up a division
// and the bottom k down (none up from the top, none down from the bottom). Each new division lists its
// players: those come down first, then those who stayed, then those come up; within each, by place in
// their group, then by group. Hand the lists to Groups to make the next season's groups: the division
// sizes change when neighbouring divisions have different numbers of groups.
func NextSeason(divisions [][][]string, k int) ([][]string, error) {
	if k < 0 {
		return nil, fmt.Errorf("tournament: promoting %d players", k)
	}
	type move struct {
		class, place, group int
		id                  string
	}
	next := make([][]move, len(divisions))
	seen := map[string]bool{}
	for d, groups := range divisions {
		for g, group := range groups {
			if 2*k > len(group) && len(divisions) > 1 {
				return nil, fmt.Errorf("tournament: division %d group %d has %d players, too few to move %d up and %d down", d+1, g+1, len(group), k, k)
			}
			for place, id := range group {
				if seen[id] {
					return nil, fmt.Errorf("tournament: %q is in two groups", id)
				}
				seen[id] = true
				to, class := d, 1
				switch {
				case place < k && d > 0:
					to, class = d-1, 2
				case place >= len(group)-k && d < len(divisions)-1:
					to, class = d+1, 0
				}
				next[to] = append(next[to], move{class, place, g, id})
			}
		}
	}
	out := make([][]string, len(next))
	for d, moves := range next {
		slices.SortFunc(moves, func(a, b move) int {
			return cmp.Or(cmp.Compare(a.class, b.class), cmp.Compare(a.place, b.place), cmp.Compare(a.group, b.group))
		})
		for _, m := range moves {
			out[d] = append(out[d], m.id)
		}
	}
	return out, nil
}

// LeagueStandings ranks a league group. Games finished before a player withdrew stand; every game of a
// withdrawn player without a result (in play or not begun) is lost by them and won by their opponent,
// as a correspondence player who stops moving loses each game on time; a game between two withdrawn
// players is not played and scores nothing. Then Standings ranks the group, except that the withdrawn
// rank below everyone still in (so none takes a promotion place), among themselves by the same order.
func LeagueStandings(players []Player, rounds [][]Pairing) ([]Standing, error) {
	if _, err := index(players, rounds); err != nil {
		return nil, err
	}
	withdrawn := map[string]bool{}
	for _, p := range players {
		withdrawn[p.ID] = p.Withdrawn
	}
	settled := make([][]Pairing, len(rounds))
	for r, round := range rounds {
		settled[r] = slices.Clone(round)
		for i, g := range round {
			settled[r][i].Outcome = forfeit(g, withdrawn)
		}
	}
	st, err := Standings(players, settled)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(st, func(a, b Standing) int {
		return cmp.Compare(boolInt(a.Withdrawn), boolInt(b.Withdrawn))
	})
	for i := range st {
		st[i].Rank = i + 1
	}
	return st, nil
}

// forfeit is a league game's outcome once withdrawals are settled: a game without a result is won by
// the side still in when the other has withdrawn.
func forfeit(g Pairing, withdrawn map[string]bool) Outcome {
	if g.Outcome != Pending || g.Bye() || withdrawn[g.First] == withdrawn[g.Second] {
		return g.Outcome
	}
	if withdrawn[g.First] {
		return SecondWins
	}
	return FirstWins
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
