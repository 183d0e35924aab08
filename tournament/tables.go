package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// TableSizes splits n players into tables of min to max seats: the fewest byes that make a split
// possible, then the fewest tables, their sizes as even as can be (differing by one at most, larger
// tables first). It refuses seat limits outside 2..max and counts too small for one table.
func TableSizes(n, minSeats, maxSeats int) (sizes []int, byes int, err error) {
	if minSeats < 2 || maxSeats < minSeats {
		return nil, 0, fmt.Errorf("tournament: tables of %d to %d seats", minSeats, maxSeats)
	}
	for byes = 0; byes <= n-minSeats; byes++ {
		m := n - byes
		t := (m + maxSeats - 1) / maxSeats
		if m/t < minSeats {
			continue // more tables only make them smaller
		}
		sizes = make([]int, t)
		for i := range sizes {
			sizes[i] = m / t
			if i < m%t {
				sizes[i]++
			}
		}
		return sizes, byes, nil
	}
	return nil, 0, fmt.Errorf("tournament: %d players cannot fill a table of %d", n, minSeats)
}

// Seat is one player at a table: Place is their finishing place there (1 for first; players the game
// ranks equal share a place; 0 while the game is on) and Score the game's own points. Forfeit: the player
// never showed up and scores as last, whoever else did not (absent players do not share a place).
type Seat struct {
	ID      string
	Place   int
	Score   int
	Forfeit bool
}

// TableRound is one round of a Swiss for tables: the tables, their seats in playing order, and those
// sitting out.
type TableRound struct {
	Tables [][]Seat
	Byes   []string
}

// TableStanding is one player's line in a Swiss for tables.
type TableStanding struct {
	Player
	Rank      int
	Points    float64 // placement points, byes included
	Score     int     // the game's own points summed over the tables played: the tie-break
	Byes      int
	FirstSeat int // games begun in the first seat
}

// TableSwiss is a Swiss of a set number of rounds for a game of MinSeats to MaxSeats players.
type TableSwiss struct {
	Rounds             int
	MinSeats, MaxSeats int
}

// placementPoints: one point for each player at the table one finished ahead of, half for each one
// tied with; so n-1 for the winner of a table of n and 0 for the last.
func placementPoints(table []Seat, s Seat) float64 {
	if s.Forfeit {
		return 0
	}
	p := 0.0
	for _, o := range table {
		switch {
		case o.ID == s.ID:
		case o.Forfeit || o.Place > s.Place:
			p++
		case o.Place == s.Place:
			p += 0.5
		}
	}
	return p
}

// byePoints is what sitting out a round is worth: a middle place at the round's largest table.
func byePoints(r TableRound) float64 {
	largest := 0
	for _, t := range r.Tables {
		largest = max(largest, len(t))
	}
	return float64(max(largest-1, 0)) / 2
}

// Standings ranks by placement points, then the game's own score, then rating, then id.
func (s TableSwiss) Standings(players []Player, rounds []TableRound) ([]TableStanding, error) {
	st := make(map[string]*TableStanding, len(players))
	for _, p := range players {
		if p.ID == "" || st[p.ID] != nil {
			return nil, fmt.Errorf("tournament: player %q empty or listed twice", p.ID)
		}
		st[p.ID] = &TableStanding{Player: p}
	}
	for r, round := range rounds {
		seen := map[string]bool{}
		check := func(id string) (*TableStanding, error) {
			if st[id] == nil || seen[id] {
				return nil, fmt.Errorf("tournament: round %d: player %q unknown or seated twice", r+1, id)
			}
			seen[id] = true
			return st[id], nil
		}
		for _, id := range round.Byes {
			p, err := check(id)
			if err != nil {
				return nil, err
			}
			p.Byes++
			p.Points += byePoints(round)
		}
		for _, table := range round.Tables {
			for i, seat := range table {
				p, err := check(seat.ID)
				if err != nil {
					return nil, err
				}
				if i == 0 {
					p.FirstSeat++
				}
				if seat.Place < 0 || seat.Place > len(table) {
					return nil, fmt.Errorf("tournament: round %d: %s placed %d at a table of %d", r+1, seat.ID, seat.Place, len(table))
				}
				if seat.Place > 0 {
					p.Points += placementPoints(table, seat)
					p.Score += seat.Score
				}
			}
		}
	}
	out := make([]TableStanding, 0, len(st))
	for _, p := range players {
		out = append(out, *st[p.ID])
	}
	slices.SortFunc(out, func(a, b TableStanding) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Score, a.Score), byRatingThenID(a.Player, b.Player))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

// Pair seats the next round: byes go to the lowest-ranked of those with the fewest byes; the others
// sit at tables of similar standing with as few repeat seatings as can be (see split for the exact
// rule); at each table, whoever has begun fewest games in the first seat sits first, and the rest
// follow in that order (then standing).
func (s TableSwiss) Pair(players []Player, rounds []TableRound) (TableRound, error) {
	if s.Rounds < 1 {
		return TableRound{}, fmt.Errorf("tournament: a Swiss needs at least one round, not %d", s.Rounds)
	}
	if len(rounds) >= s.Rounds {
		return TableRound{}, fmt.Errorf("tournament: all %d rounds are paired", s.Rounds)
	}
	for r, round := range rounds {
		for _, t := range round.Tables {
			for _, seat := range t {
				if seat.Place == 0 {
					return TableRound{}, fmt.Errorf("tournament: round %d: %s has no result yet", r+1, seat.ID)
				}
			}
		}
	}
	st, err := s.Standings(players, rounds)
	if err != nil {
		return TableRound{}, err
	}
	order := slices.DeleteFunc(st, func(p TableStanding) bool { return p.Withdrawn })
	sizes, byes, err := TableSizes(len(order), s.MinSeats, s.MaxSeats)
	if err != nil {
		return TableRound{}, err
	}
	var out TableRound
	for ; byes > 0; byes-- {
		pick := len(order) - 1
		for i := len(order) - 1; i >= 0; i-- {
			if order[i].Byes < order[pick].Byes {
				pick = i
			}
		}
		out.Byes = append(out.Byes, order[pick].ID)
		order = slices.Delete(order, pick, pick+1)
	}
	met := satTogether(order, rounds)
	for _, idx := range split(sizes, met) {
		table := make([]TableStanding, len(idx))
		for i, j := range idx {
			table[i] = order[j]
		}
		slices.SortStableFunc(table, func(a, b TableStanding) int { return cmp.Compare(a.FirstSeat, b.FirstSeat) })
		seats := make([]Seat, len(table))
		for i, p := range table {
			seats[i] = Seat{ID: p.ID}
		}
		out.Tables = append(out.Tables, seats)
	}
	return out, nil
}

// satTogether says whether the players at indices i and j of order have sat at one table in an earlier
// round, from a bit set per player.
func satTogether(order []TableStanding, rounds []TableRound) func(i, j int) bool {
	index := make(map[string]int, len(order))
	for i, p := range order {
		index[p.ID] = i
	}
	words := (len(order) + 63) / 64
	bits := make([]uint64, len(order)*words)
	var at []int
	for _, round := range rounds {
		for _, table := range round.Tables {
			at = at[:0]
			for _, seat := range table {
				if i, ok := index[seat.ID]; ok {
					at = append(at, i)
				}
			}
			for _, i := range at {
				for _, j := range at {
					bits[i*words+j/64] |= 1 << (j % 64)
				}
			}
		}
	}
	return func(i, j int) bool { return bits[i*words+j/64]&(1<<(j%64)) != 0 }
}
