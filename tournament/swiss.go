package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Player is an entrant as the pairing sees them. Rating only orders players of equal points (the higher
// first), and ID settles what rating leaves equal, so that the same input always gives the same output.
type Player struct {
	ID        string
	Rating    int
	Withdrawn bool
}

// Outcome is a two-player game's result, seen from the first seat.
type Outcome int

const (
	Pending Outcome = iota
	FirstWins
	Draw
	SecondWins
	// BothLose is a double forfeit: neither player showed up, neither scores (a game played all the
	// same, for the pairing and the tie-breaks).
	BothLose
)

// Pairing is one game of a round: First sits first. A bye has Second == "" and counts as a win.
type Pairing struct {
	First, Second string
	Outcome       Outcome
}

// Bye says whether the pairing is a bye.
func (p Pairing) Bye() bool { return p.Second == "" }

// points is what each side scores: a win 1, a draw ½, a loss 0; a bye is a win.
func (p Pairing) points() (first, second float64) {
	if p.Bye() {
		return 1, 0
	}
	switch p.Outcome {
	case FirstWins:
		return 1, 0
	case Draw:
		return 0.5, 0.5
	case SecondWins:
		return 0, 1
	}
	return 0, 0
}

// Standing is one player's line in a two-player Swiss or a league group.
type Standing struct {
	Player
	Rank            int // 1 for the leader; players are never given equal ranks (the order is total)
	Points          float64
	Buchholz        float64
	SonnebornBerger float64
	Played          int // games with a result, byes excluded
	Byes            int
	Firsts, Seconds int // seats taken, pending games included
	Opponents       []string
	lastSeat        int // +1 first, -1 second, 0 none yet
	prevSeat        int // the seat before the last
}

// Swiss is a two-player Swiss of a set number of rounds.
type Swiss struct {
	Rounds int
}

// index checks players and rounds and builds each player's standing without tie-breaks.
func index(players []Player, rounds [][]Pairing) (map[string]*Standing, error) {
	st := make(map[string]*Standing, len(players))
	for _, p := range players {
		if p.ID == "" {
			return nil, errors.New("tournament: a player has an empty id")
		}
		if st[p.ID] != nil {
			return nil, fmt.Errorf("tournament: player %q listed twice", p.ID)
		}
		st[p.ID] = &Standing{Player: p}
	}
	for r, round := range rounds {
		seen := map[string]bool{}
		for _, g := range round {
			ids := []string{g.First}
			if !g.Bye() {
				ids = append(ids, g.Second)
			}
			for _, id := range ids {
				if st[id] == nil {
					return nil, fmt.Errorf("tournament: round %d names unknown player %q", r+1, id)
				}
				if seen[id] {
					return nil, fmt.Errorf("tournament: round %d pairs %q twice", r+1, id)
				}
				seen[id] = true
			}
			if g.Outcome < Pending || g.Outcome > BothLose {
				return nil, fmt.Errorf("tournament: round %d: unknown outcome %d", r+1, g.Outcome)
			}
			a, b := g.points()
			first := st[g.First]
			first.Points += a
			if g.Bye() {
				first.Byes++
				continue
			}
			second := st[g.Second]
			second.Points += b
			first.Firsts++
			second.Seconds++
			first.prevSeat, second.prevSeat = first.lastSeat, second.lastSeat
			first.lastSeat, second.lastSeat = 1, -1
			first.Opponents = append(first.Opponents, g.Second)
			second.Opponents = append(second.Opponents, g.First)
			if g.Outcome != Pending {
				first.Played++
				second.Played++
			}
		}
	}
	return st, nil
}

// Standings ranks players by points, then Buchholz, then Sonneborn-Berger, then rating, then id (see the
// package comment for how byes and withdrawals count).
func Standings(players []Player, rounds [][]Pairing) ([]Standing, error) {
	st, err := index(players, rounds)
	if err != nil {
		return nil, err
	}
	for _, round := range rounds {
		for _, g := range round {
			if g.Bye() || g.Outcome == Pending {
				continue
			}
			a, b := st[g.First], st[g.Second]
			a.Buchholz += b.Points
			b.Buchholz += a.Points
			pa, pb := g.points()
			a.SonnebornBerger += pa * b.Points
			b.SonnebornBerger += pb * a.Points
		}
	}
	out := make([]Standing, 0, len(st))
	for _, p := range players {
		out = append(out, *st[p.ID])
	}
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Buchholz, a.Buchholz),
			cmp.Compare(b.SonnebornBerger, a.SonnebornBerger), byRatingThenID(a.Player, b.Player))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

func byRatingThenID(a, b Player) int {
	return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
}

// pairKey names an unordered pair of players.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// The search's budgets, in steps: one attempt's, after which the search relaxes one step further, and a
// whole Pair call's, after which it goes straight to the last step (any rematch, which the first path
// meets). A hard case so costs tens of milliseconds, not seconds; being counts, not times, they keep
// pairing deterministic.
const (
	attemptBudget = 50_000
	totalBudget   = 1_000_000
)

// Pair pairs the next round from the players and the rounds played so far (every game with a result).
// See the package comment for the rules; the same input, in any order, gives the same pairings.
func (s Swiss) Pair(players []Player, rounds [][]Pairing) ([]Pairing, error) {
	if s.Rounds < 1 {
		return nil, fmt.Errorf("tournament: a Swiss needs at least one round, not %d", s.Rounds)
	}
	if len(rounds) >= s.Rounds {
		return nil, fmt.Errorf("tournament: all %d rounds are paired", s.Rounds)
	}
	for r, round := range rounds {
		for _, g := range round {
			if g.Outcome == Pending && !g.Bye() {
				return nil, fmt.Errorf("tournament: round %d: %s against %s has no result yet", r+1, g.First, g.Second)
			}
		}
	}
	st, err := index(players, rounds)
	if err != nil {
		return nil, err
	}
	var order []*Standing
	for _, p := range st {
		if !p.Withdrawn {
			order = append(order, p)
		}
	}
	if len(order) < 2 {
		return nil, fmt.Errorf("tournament: %d active players cannot be paired", len(order))
	}
	slices.SortFunc(order, func(a, b *Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), byRatingThenID(a.Player, b.Player))
	})
	met := map[[2]string]bool{}
	for _, p := range order {
		for _, o := range p.Opponents {
			met[pairKey(p.ID, o)] = true
		}
	}
	// Bye candidates: the fewest byes so far, lowest-ranked first.
	var byes []*Standing
	if len(order)%2 == 1 {
		least := order[0].Byes
		for _, p := range order {
			least = min(least, p.Byes)
		}
		for i := len(order) - 1; i >= 0; i-- {
			if order[i].Byes == least {
				byes = append(byes, order[i])
			}
		}
	} else {
		byes = []*Standing{nil}
	}
	// The search relaxes step by step: first it also keeps a next round pairable without a rematch
	// (looking one round ahead, when one is left) and refuses absolute seat clashes; then it drops the
	// look-ahead, then the seat rule; then it allows one rematch more, and so on.
	type step struct {
		allowed       int
		ahead, strict bool
	}
	var steps []step
	if len(rounds)+1 < s.Rounds {
		steps = append(steps, step{0, true, true}, step{0, true, false})
	}
	// With as many rematches allowed as there are games and no seat rule, the first path succeeds.
	for k := 0; k <= 2*(len(order)/2)+1; k++ {
		steps = append(steps, step{k / 2, false, k%2 == 0})
	}
	remaining := totalBudget
	for ti, try := range steps {
		allowed, strict := try.allowed, try.strict
		last := ti == len(steps)-1
		for _, bye := range byes {
			if remaining <= 0 && !last {
				break
			}
			rest := make([]*Standing, 0, len(order))
			for _, p := range order {
				if p != bye {
					rest = append(rest, p)
				}
			}
			budget := min(attemptBudget, remaining)
			if last {
				budget = len(rest) * len(rest)
			}
			m := matcher{met: met, budget: budget, partner: make([]int, len(rest)), cands: candidates(rest), strict: strict}
			for i := range m.partner {
				m.partner[i] = -1
			}
			if try.ahead {
				m.next = order
			}
			ok := m.match(rest, allowed)
			remaining -= budget - max(m.budget, 0)
			if !ok {
				continue
			}
			out := make([]Pairing, 0, len(order)/2+1)
			for i, j := range m.partner {
				if i < j {
					out = append(out, seat(rest[i], rest[j], len(rounds)))
				}
			}
			if bye != nil {
				out = append(out, Pairing{First: bye.ID})
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("tournament: no pairing of %d players found", len(order)) // not reached: see steps
}

type matcher struct {
	met     map[[2]string]bool
	budget  int
	partner []int
	cands   [][]int     // for each player, those below them in the order they are tried
	strict  bool        // refuse pairs who both need the same seat (see clash)
	next    []*Standing // when set, a pairing must leave these pairable again without a rematch
}

// due is the seat a player should have next (+1 first, -1 second, 0 either) and how strongly: 2 when
// they have sat in one seat twice more than the other or twice running (a third would break the rule),
// 1 when their seats are unbalanced by one, 0 when only their last seat says.
func due(p *Standing) (seat, strength int) {
	b := p.Firsts - p.Seconds
	switch {
	case b >= 2 || b <= -2:
		return -cmp.Compare(b, 0), 2
	case p.lastSeat != 0 && p.lastSeat == p.prevSeat:
		return -p.lastSeat, 2
	case b != 0:
		return -cmp.Compare(b, 0), 1
	}
	return -p.lastSeat, 0
}

// clash says how badly two players' due seats collide: the weaker of their claims to the same seat, plus
// one (0 when they want different seats or one wants none).
func clash(a, b *Standing) int {
	sa, fa := due(a)
	sb, fb := due(b)
	if sa == 0 || sa != sb {
		return 0
	}
	return 1 + min(fa, fb)
}

// candidates lists, for each player, the players below them: the nearest in points first, among equals
// those who are not due the same seat (so that both can have their due), then in standing order.
func candidates(order []*Standing) [][]int {
	out := make([][]int, len(order))
	for i, p := range order {
		for j := i + 1; j < len(order); j++ {
			out[i] = append(out[i], j)
		}
		slices.SortStableFunc(out[i], func(x, y int) int {
			return cmp.Or(cmp.Compare(p.Points-order[x].Points, p.Points-order[y].Points),
				cmp.Compare(clash(p, order[x]), clash(p, order[y])))
		})
	}
	return out
}

// match pairs the highest unpaired player with the first of their candidates that keeps the rematches
// within allowed, backtracking when the rest cannot be paired: players meet the nearest in points that
// they can, preferring one with whom both get their due seat.
func (m *matcher) match(order []*Standing, allowed int) bool {
	i := slices.Index(m.partner, -1)
	if i < 0 {
		if m.next == nil {
			return true
		}
		now := map[[2]string]bool{}
		for a, b := range m.partner {
			now[pairKey(order[a].ID, order[b].ID)] = true
		}
		return m.pairable(m.next, make([]bool, len(m.next)), len(m.next)%2, now)
	}
	for _, j := range m.cands[i] {
		if m.partner[j] >= 0 {
			continue
		}
		m.budget--
		if m.budget < 0 {
			return false
		}
		cost := 0
		if m.met[pairKey(order[i].ID, order[j].ID)] {
			cost = 1
		}
		if cost > allowed || m.strict && clash(order[i], order[j]) == 3 {
			continue
		}
		m.partner[i], m.partner[j] = j, i
		if m.match(order, allowed-cost) {
			return true
		}
		m.partner[i], m.partner[j] = -1, -1
	}
	return false
}

// pairable says whether players (those not taken) can all be paired, but for byes left, with none
// meeting someone they have met or meet now.
func (m *matcher) pairable(players []*Standing, taken []bool, byes int, now map[[2]string]bool) bool {
	i := slices.Index(taken, false)
	if i < 0 {
		return true
	}
	if m.budget--; m.budget < 0 {
		return false
	}
	taken[i] = true
	defer func() { taken[i] = false }()
	if byes > 0 && m.pairable(players, taken, byes-1, now) {
		return true
	}
	for j := i + 1; j < len(players); j++ {
		k := pairKey(players[i].ID, players[j].ID)
		if taken[j] || m.met[k] || now[k] {
			continue
		}
		taken[j] = true
		ok := m.pairable(players, taken, byes, now)
		taken[j] = false
		if ok {
			return true
		}
	}
	return false
}

// seat gives each their due seat (see due); when both are due the same one, the stronger claim has it;
// when the claims are equal too, the one who has sat first less often, then the higher-ranked in odd
// rounds and the lower in even ones (a is ranked above b).
func seat(a, b *Standing, played int) Pairing {
	sa, fa := due(a)
	sb, fb := due(b)
	aFirst := played%2 == 0
	switch {
	case sa != sb && (sa == 1 || sb == -1):
		aFirst = true
	case sa != sb:
		aFirst = false
	case fa != fb:
		aFirst = (fa > fb) == (sa == 1)
	case a.Firsts-a.Seconds != b.Firsts-b.Seconds:
		aFirst = a.Firsts-a.Seconds < b.Firsts-b.Seconds
	}
	if aFirst {
		return Pairing{First: a.ID, Second: b.ID}
	}
	return Pairing{First: b.ID, Second: a.ID}
}
