package tournament

import (
	"math"
	"math/bits"
)

// split seats a Swiss-for-tables round: n players in standing order (0 first) at tables of the sizes
// given (largest first, summing to n). The top-down fill (players in order fill the tables from the
// first) gives each player a home table; a player sits at their home table or one next to it, so each
// table holds players of similar standing. Among those splits the round has the fewest repeat pairs
// (two players at one table who have sat at one table before, met says whether i and j have; each pair
// counted once however often they met); among those, the first table takes the best-ranked players it
// can (its players' ranks compared best first), then the second, and so on.
//
// It returns each table's players as indices, in standing order. Because a player can only move one
// table, the choice is a shortest path along the tables, found exactly: the state between two tables is
// which players of the two home groups around it are seated already, at most 2^(2*maxSeats) states.
func split(sizes []int, met func(i, j int) bool) [][]int {
	if len(sizes) > 0 && sizes[0] > maxSplitSeats {
		return topDown(sizes)
	}
	return splitWithin(sizes, met, splitBudget)
}

// maxSplitSeats is the largest table split seats by the rule; larger tables are filled top-down, as
// the states between two tables (2^(2*seats)) and the ways to fill one grow too many.
const maxSplitSeats = 6

// topDown fills the tables in standing order from the first.
func topDown(sizes []int) [][]int {
	out := make([][]int, len(sizes))
	next := 0
	for t, size := range sizes {
		for range size {
			out[t] = append(out[t], next)
			next++
		}
	}
	return out
}

// splitBudget bounds the exact search, in steps (players tried at a table), so that a huge round with
// a dense history cannot stall its host; being a count, not a time, it keeps seating deterministic.
// Past it, split seats the tables one by one (see greedy). A round of 120 players at tables of 6 with
// four rounds behind takes 1.6 million steps (BenchmarkTableSwissPair).
const splitBudget = 20_000_000

func splitWithin(sizes []int, met func(i, j int) bool, budget int) [][]int {
	s := splitter{met: met, start: make([]int, len(sizes)+1), band: make([][]uint32, len(sizes)), budget: budget}
	for t, size := range sizes {
		s.start[t+1] = s.start[t] + size
	}
	s.floor = make([]uint32, len(sizes)+1)
	for t := len(sizes) - 1; t >= 0; t-- {
		s.floor[t] = s.floor[t+1] + s.cheapest(t)
	}
	s.memo = make([][]choice, len(sizes))
	for t := range s.memo {
		s.memo[t] = make([]choice, 1<<(s.start[t+1]-s.base(t)))
		for i := range s.memo[t] {
			s.memo[t][i].cost = unknown
		}
	}
	s.cost(0, 0)
	if s.budget < 0 {
		s.greedy()
	}
	out := make([][]int, len(sizes))
	state := uint32(0)
	for t := range sizes {
		ch := s.memo[t][state]
		for table := ch.table; table != 0; table &= table - 1 {
			out[t] = append(out[t], s.base(t)+bits.TrailingZeros32(table))
		}
		state = ch.next
	}
	return out
}

const (
	noSplit = math.MaxUint32 // no way to seat the tables from a state
	unknown = noSplit - 1    // not worked out yet
)

type splitter struct {
	met    func(i, j int) bool
	start  []int      // start[t] is the first player of home group t; start[len] is the count
	band   [][]uint32 // band[t][b]: whom player base(t)+b has sat with, among base(t)+0..31
	memo   [][]choice // memo[t][state]: the best way on from the state before table t
	floor  []uint32   // floor[t]: no way to seat tables t onwards has fewer repeats (see cheapest)
	budget int        // steps left for the exact search
}

// choice is the best way to seat tables t onwards from a state: its repeat pairs, table t's players and
// the state it leaves.
type choice struct {
	cost        uint32
	table, next uint32
}

// base is the first player of the band around table t: home groups t-1, t and t+1, who alone can sit
// there. The state before table t says which players of groups t-1 and t are seated already (bit b for
// player base(t)+b); all before are, none after.
func (s *splitter) base(t int) int { return s.start[max(t-1, 0)] }

// cost is the fewest repeat pairs at tables t onwards from the state; the first way found with that
// many (in each's order: the best-ranked table t) is kept. A way is not followed further once its table
// and the floor of the tables after it reach the best so far.
func (s *splitter) cost(t int, state uint32) uint32 {
	if t == len(s.memo) {
		return 0
	}
	if c := s.memo[t][state].cost; c != unknown {
		return c
	}
	best := choice{cost: noSplit}
	s.each(t, state, s.floor[t+1], &best.cost, func(table uint32, c uint32, next uint32) {
		if rest := s.cost(t+1, next); rest != noSplit && c+rest < best.cost {
			best = choice{c + rest, table, next}
		}
	})
	s.memo[t][state] = best
	return best.cost
}

// each calls f with every way to fill table t from the state whose repeats plus after are below
// *limit, in order of the table's players' ranks (best first, compared lexicographically), with the
// table (bit b for player base(t)+b), its repeat pairs and the state before table t+1. Table t takes
// every unseated player of home group t-1 (who can sit no lower) and the rest from the unseated of
// group t and all of group t+1.
func (s *splitter) each(t int, state uint32, after uint32, limit *uint32, f func(table uint32, c uint32, next uint32)) {
	base, lo, mid := s.base(t), s.start[t], s.start[t+1]
	hi := s.start[min(t+2, len(s.start)-1)]
	met := s.metBand(t)
	table := (uint32(1)<<(lo-base) - 1) &^ state // group t-1's unseated
	if bits.OnesCount32(table) > mid-lo {
		return
	}
	var c uint32
	seen := uint32(0)
	for rest := table; rest != 0; rest &= rest - 1 {
		b := bits.TrailingZeros32(rest)
		c += uint32(bits.OnesCount32(met[b] & seen))
		seen |= 1 << b
	}
	var pool [32]uint8
	n := 0
	for i := lo; i < hi; i++ {
		if b := i - base; i >= mid || state&(1<<b) == 0 {
			pool[n] = uint8(b)
			n++
		}
	}
	p := picker{f: f, after: after, limit: limit, met: met, pool: pool[:n], size: mid - lo, shift: lo - base, state: state, budget: &s.budget}
	p.pick(0, table, c)
}

// picker fills one table from a pool of players, in every way, best-ranked first.
type picker struct {
	f      func(table uint32, c uint32, next uint32)
	after  uint32  // the least the tables after this one add
	limit  *uint32 // a table whose repeats, after added, reach this is not worth finishing
	met    []uint32
	pool   []uint8
	size   int
	shift  int    // from the state's bits to the next state's
	state  uint32 // the state before this table
	budget *int   // steps left, when counted
}

// pick adds players from pool[from:] to the table, c being the repeat pairs at it so far.
func (p *picker) pick(from int, table uint32, c uint32) {
	if c+p.after >= *p.limit {
		return
	}
	if p.budget != nil {
		if *p.budget--; *p.budget < 0 {
			return
		}
	}
	left := p.size - bits.OnesCount32(table)
	if left == 0 {
		p.f(table, c, (p.state|table)>>p.shift)
		return
	}
	for k := from; k <= len(p.pool)-left; k++ {
		b := p.pool[k]
		p.pick(k+1, table|1<<b, c+uint32(bits.OnesCount32(p.met[b]&table)))
	}
}

// cheapest is the fewest repeat pairs table t can have taken alone: its players from the three home
// groups around it, as if the tables next to it took no one. Added up over tables t onwards, it bounds
// the search below.
func (s *splitter) cheapest(t int) uint32 {
	base, hi := s.base(t), s.start[min(t+2, len(s.start)-1)]
	var pool [32]uint8
	for i := range hi - base {
		pool[i] = uint8(i)
	}
	best := uint32(noSplit)
	p := picker{met: s.metBand(t), pool: pool[:hi-base], size: s.start[t+1] - s.start[t], limit: &best,
		f: func(_ uint32, c uint32, _ uint32) { best = min(best, c) }}
	p.pick(0, 0, 0)
	return best
}

// metBand is whom each player of the band around table t has sat with, as bits, worked out once.
func (s *splitter) metBand(t int) []uint32 {
	if s.band[t] != nil {
		return s.band[t]
	}
	base, hi := s.base(t), s.start[min(t+2, len(s.start)-1)]
	out := make([]uint32, hi-base)
	for i := range out {
		for j := range out {
			if i != j && s.met(base+i, base+j) {
				out[i] |= 1 << j
			}
		}
	}
	s.band[t] = out
	return out
}

// greedy seats the tables one by one, once the exact search has run out of steps: each table, in order,
// takes the way with the fewest repeat pairs at it (the best-ranked first among equals) that leaves the
// next table no more players it must take than it has seats. It records its choices as split reads them.
func (s *splitter) greedy() {
	s.budget = math.MaxInt // uncounted: a table's ways are few
	state := uint32(0)
	for t := range s.memo {
		best := choice{cost: noSplit}
		s.each(t, state, 0, &best.cost, func(table uint32, c uint32, next uint32) {
			if t+1 < len(s.memo) {
				down := uint32(1)<<(s.start[t+1]-s.start[t]) - 1 // group t, left to table t+1
				if bits.OnesCount32(down&^next) > s.start[t+2]-s.start[t+1] {
					return
				}
			}
			best = choice{c, table, next}
		})
		s.memo[t][state] = best
		state = best.next
	}
}
