package rating

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Defaults of the model, OpenSkill's: a new player's belief, and the noise and dynamics scaled to it.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	DefaultBeta  = DefaultSigma / 2
	DefaultKappa = 0.0001
	DefaultTau   = DefaultMu / 300
)

// ProvisionalSigma is the deviation above which a rating is provisional. A new player starts at 25/3
// (8.33). With the defaults, among new players finishing in random order, the mean Sigma falls to 6
// after about 12 two-player, 18 four-player or 26 six-player games. A big table teaches the model
// little about each player (c grows with the square root of the table), so a player of only
// 100-player games stays provisional for well over a thousand games: docs/ratings.md has the figures.
const ProvisionalSigma = 6.0

// ErrInput is wrapped by every error Rate and RateTeams return for input they cannot rate.
var ErrInput = errors.New("rating: bad input")

// Rating is the belief about one player's skill: a normal distribution of mean Mu and deviation Sigma.
type Rating struct {
	Mu, Sigma float64
}

// Ordinal is the conservative display value Mu - 3*Sigma, which leaderboards sort by: a new player's
// is 0 and grows as the model becomes sure of them, so one lucky game cannot top the board.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// DisplayBase and DisplayScale put the Ordinal on the scale players know from chess and game sites: a
// newcomer reads 1500, not 0 (nor -1.8 after a first loss), and a point of Ordinal is worth 20, so that
// one game moves a rating by a few tens, as elsewhere. Leaderboards sort the same either way.
const (
	DisplayBase  = 1500
	DisplayScale = 20
)

// Display is the one rating a player reads: the Ordinal on the players' scale, rounded.
func (r Rating) Display() int { return int(math.Round(DisplayBase + DisplayScale*r.Ordinal())) }

// Provisional reports whether the rating still rests on too few games to be shown as settled: its
// Sigma is above ProvisionalSigma.
func (r Rating) Provisional() bool { return r.Sigma > ProvisionalSigma }

// Model holds the parameters of the Weng-Lin Plackett-Luce update. The zero Model is invalid; start
// from Default.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the deviation of a player's performance in one game around their skill: how much luck
	// there is. Larger Beta makes each result count for less.
	Beta float64
	// Kappa is the floor of the factor that shrinks a variance in one update, so that Sigma stays
	// positive however surprising a result.
	Kappa float64
	// Tau is added to every Sigma (in quadrature: sigma² + tau²) before each update, as OpenSkill does
	// by default, so that a rating keeps some room to follow a player whose skill changes. 0 turns it
	// off; then Sigma never grows.
	Tau float64
	// LimitSigma keeps an update from leaving a Sigma above what it was before the game (OpenSkill's
	// limit_sigma). With Tau on, a player in a big game can otherwise end with a slightly larger Sigma,
	// and so a lower Ordinal, whatever their place: the game taught the model less than Tau forgot.
	LimitSigma bool
}

// Default is OpenSkill's default Plackett-Luce model: Mu 25, Sigma 25/3, Beta 25/6, Kappa 0.0001,
// Tau 25/300.
func Default() Model {
	return Model{Mu: DefaultMu, Sigma: DefaultSigma, Beta: DefaultBeta, Kappa: DefaultKappa, Tau: DefaultTau}
}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate returns every player's new rating after one free-for-all game, in the order given. ranks[i] is
// player i's place: 1 for the winner(s), smaller is better, equal ranks tie; places need not be dense
// (1, 2, 2, 4 and 1, 2, 2, 3 rate alike). The result does not depend on the order players are listed in.
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if err := checkRanks(len(players), ranks); err != nil {
		return nil, err
	}
	// Games of up to 8 keep their scratch on the stack: rating a Carcassonne game allocates only the
	// result.
	var buf [8]side
	sides := buf[:0]
	if len(players) > len(buf) {
		sides = make([]side, 0, len(players))
	}
	tau2 := m.Tau * m.Tau
	for i, p := range players {
		if err := checkRating(p); err != nil {
			return nil, fmt.Errorf("%w: player %d: %v", ErrInput, i, err)
		}
		sides = append(sides, side{idx: i, rank: ranks[i], mu: p.Mu, s2: p.Sigma*p.Sigma + tau2})
	}
	m.update(sides)
	out := make([]Rating, len(players))
	for _, s := range sides {
		p := players[s.idx]
		// A team of one: the player's share of the team's variance is 1.
		out[s.idx] = Rating{Mu: p.Mu + s.omega, Sigma: m.sigma(p.Sigma, s.s2, 1, s.delta)}
	}
	if err := checkOut(out); err != nil {
		return nil, err
	}
	return out, nil
}

// RateTeams is Rate for games between teams: ranks[i] is team i's place. A team's skill is the sum of
// its players' and its variance the sum of theirs; each player takes the share of the team's update
// that their variance is of the team's, so the player the model knows least about moves most. A game
// of teams of one rates exactly as Rate.
func (m Model) RateTeams(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if err := checkRanks(len(teams), ranks); err != nil {
		return nil, err
	}
	tau2 := m.Tau * m.Tau
	sides := make([]side, len(teams))
	n := 0
	for i, t := range teams {
		if len(t) == 0 {
			return nil, fmt.Errorf("%w: team %d has no players", ErrInput, i)
		}
		s := side{idx: i, rank: ranks[i]}
		for j, p := range t {
			if err := checkRating(p); err != nil {
				return nil, fmt.Errorf("%w: team %d player %d: %v", ErrInput, i, j, err)
			}
			s.mu += p.Mu
			s.s2 += p.Sigma*p.Sigma + tau2
		}
		sides[i] = s
		n += len(t)
	}
	m.update(sides)
	flat := make([]Rating, n)
	out := make([][]Rating, len(teams))
	for _, s := range sides {
		t := teams[s.idx]
		o := flat[:len(t):len(t)]
		flat = flat[len(t):]
		for j, p := range t {
			s2 := p.Sigma*p.Sigma + tau2
			share := s2 / s.s2
			o[j] = Rating{Mu: p.Mu + share*s.omega, Sigma: m.sigma(p.Sigma, s2, share, s.delta)}
		}
		if err := checkOut(o); err != nil {
			return nil, err
		}
		out[s.idx] = o
	}
	return out, nil
}

// sigma is a player's new deviation: their widened variance s2 shrunk by their share of the team's
// Delta, never by a factor below Kappa.
func (m Model) sigma(before, s2, share, delta float64) float64 {
	after := math.Sqrt(s2 * max(1-share*delta, m.Kappa))
	if m.LimitSigma {
		return min(after, before)
	}
	return after
}

// side is one team (or player) in the update: its place, summed mean and variance (tau included),
// and, after update, the paper's Omega (the change of the mean) and Delta (the relative shrink of
// the variance) before they are shared among the team's players.
type side struct {
	idx          int
	rank         int
	mu, s2       float64
	e            float64
	omega, delta float64
}

// update computes every side's Omega and Delta (Weng and Lin 2011, Algorithm 4, ties as OpenSkill
// weights them). Written literally, side i sums over every side q placed no worse than i, which is
// O(n²); grouping sides by place turns those sums into prefix sums over the groups, so after sorting
// it is O(n). Sorting by rank, mean and variance also fixes the order of every floating-point sum, so
// the result is the same, to the bit, whatever order the caller listed the sides in.
func (m Model) update(sides []side) {
	slices.SortFunc(sides, func(a, b side) int {
		if c := cmp.Compare(a.rank, b.rank); c != 0 {
			return c
		}
		if c := cmp.Compare(a.mu, b.mu); c != 0 {
			return c
		}
		return cmp.Compare(a.s2, b.s2)
	})
	beta2 := m.Beta * m.Beta
	c2 := 0.0
	top := math.Inf(-1)
	for _, s := range sides {
		c2 += s.s2 + beta2
		top = max(top, s.mu)
	}
	c := math.Sqrt(c2)
	// exp(mu/c) only ever appears in ratios, so shifting every exponent by the best mean changes
	// nothing but keeps the exponentials in range.
	for i := range sides {
		sides[i].e = math.Exp((sides[i].mu - top) / c)
	}
	// Backwards: S_g, the sum of e over every side placed no better than group g, parked in delta.
	suffix := 0.0
	for hi := len(sides); hi > 0; {
		lo := hi - 1
		for lo > 0 && sides[lo-1].rank == sides[hi-1].rank {
			lo--
		}
		for _, s := range sides[lo:hi] {
			suffix += s.e
		}
		for k := lo; k < hi; k++ {
			sides[k].delta = suffix
		}
		hi = lo
	}
	// Forwards: for side i in group g, sum over q in groups up to g of (1/A_q) * e_i/S_q is e_i times
	// the sum of 1/S over those groups (A_q sides each weighted 1/A_q), and likewise with 1/S² for the
	// squared term of Delta.
	inv, inv2 := 0.0, 0.0
	for lo := 0; lo < len(sides); {
		hi := lo + 1
		for hi < len(sides) && sides[hi].rank == sides[lo].rank {
			hi++
		}
		sum := sides[lo].delta
		inv += 1 / sum
		inv2 += 1 / (sum * sum)
		a := float64(hi - lo)
		for k := lo; k < hi; k++ {
			s := &sides[k]
			gamma := math.Sqrt(s.s2) / c
			s.omega = s.s2 / c * (1/a - s.e*inv)
			// p(1-p) summed is never negative; rounding of the difference could make it so.
			s.delta = gamma * s.s2 / c2 * max(s.e*inv-s.e*s.e*inv2, 0)
		}
		lo = hi
	}
}

func (m Model) check() error {
	switch {
	case !finite(m.Beta) || m.Beta <= 0:
		return fmt.Errorf("%w: model Beta %v is not positive", ErrInput, m.Beta)
	case !finite(m.Kappa) || m.Kappa <= 0 || m.Kappa > 1:
		return fmt.Errorf("%w: model Kappa %v is not in (0, 1]", ErrInput, m.Kappa)
	case !finite(m.Tau) || m.Tau < 0:
		return fmt.Errorf("%w: model Tau %v is negative", ErrInput, m.Tau)
	}
	return nil
}

func checkRanks(n int, ranks []int) error {
	if n < 2 {
		return fmt.Errorf("%w: %d sides; a game needs at least 2", ErrInput, n)
	}
	if len(ranks) != n {
		return fmt.Errorf("%w: %d ranks for %d sides", ErrInput, len(ranks), n)
	}
	for i, r := range ranks {
		if r < 1 {
			return fmt.Errorf("%w: rank %d of side %d is below 1", ErrInput, r, i)
		}
	}
	return nil
}

func checkRating(r Rating) error {
	if !finite(r.Mu) {
		return fmt.Errorf("Mu %v is not finite", r.Mu)
	}
	if !finite(r.Sigma) || r.Sigma <= 0 {
		return fmt.Errorf("Sigma %v is not positive", r.Sigma)
	}
	return nil
}

// checkOut refuses results that overflowed: only means thousands of points apart get there.
func checkOut(out []Rating) error {
	for _, r := range out {
		if !finite(r.Mu) || !finite(r.Sigma) {
			return fmt.Errorf("%w: ratings too far apart to compare", ErrInput)
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
