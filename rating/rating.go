// Package rating rates players from the results of free-for-all games of any size (a Carcassonne game of
// two to five, a Cartographers table of up to a hundred) with the Weng-Lin Bayesian approximation under the
// Plackett-Luce model (Weng and Lin 2011, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
// Algorithm 4), as OpenSkill does. A rating is a belief about a player's skill: a mean mu and a deviation
// sigma; each game moves the means by how surprising its ranking was and shrinks the deviations.
//
// One update is O(n²) in the players of a game: a hundred players take well under a millisecond.
package rating

import (
	"errors"
	"math"
)

// Rating is a belief about one player's skill.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Ordinal is the conservative value shown on leaderboards: mu - 3 sigma, a skill the player has with 99.7%
// confidence. A new player starts at 0.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// ProvisionalSigma is the deviation above which a rating is provisional: about a dozen games at a
// table of two bring a new player's 8.33 under it.
const ProvisionalSigma = 5.0

// Provisional reports whether the rating still rests on too few games to compare with others.
func (r Rating) Provisional() bool { return r.Sigma > ProvisionalSigma }

// Model holds the parameters of the update.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of performance around skill in one game.
	Beta float64
	// Kappa keeps a deviation from collapsing to zero in one update.
	Kappa float64
	// Tau is added (in quadrature) to each deviation before an update, so that ratings keep moving as
	// players improve rather than freezing after many games. 0 turns it off.
	Tau float64
}

// Default is OpenSkill's model: mu 25, sigma 25/3, beta sigma/2, kappa 0.0001, tau mu/300.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Errors of Rate.
var (
	ErrTooFew  = errors.New("rating: a game needs at least two players")
	ErrBadRank = errors.New("rating: ranks must be one per player, 1 for the winner(s)")
	ErrBadMu   = errors.New("rating: a rating must be finite with a positive deviation")
)

// Rate returns every player's rating after one game. ranks gives each player's place, 1 for the
// winner(s); players with equal ranks tied. The order of the players does not matter.
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	teams := make([][]Rating, len(players))
	for i := range players {
		teams[i] = players[i : i+1]
	}
	out, err := m.RateTeams(teams, ranks)
	if err != nil {
		return nil, err
	}
	flat := make([]Rating, len(out))
	for i, t := range out {
		flat[i] = t[0]
	}
	return flat, nil
}

// RateTeams rates a game between teams (a team's skill is the sum of its players'): each player's share
// of the team's change is their share of its variance. Surveyor's games are every player for themselves
// (teams of one); teams cost nothing more and let the code be checked against OpenSkill's team example.
func (m Model) RateTeams(teams [][]Rating, ranks []int) ([][]Rating, error) {
	n := len(teams)
	if n < 2 {
		return nil, ErrTooFew
	}
	if len(ranks) != n {
		return nil, ErrBadRank
	}
	mu := make([]float64, n)   // team means
	sig2 := make([]float64, n) // team variances, dynamics included
	c2 := 0.0
	for i, t := range teams {
		if ranks[i] < 1 || len(t) == 0 {
			return nil, ErrBadRank
		}
		for _, p := range t {
			if math.IsNaN(p.Mu) || math.IsInf(p.Mu, 0) || !(p.Sigma > 0) || math.IsInf(p.Sigma, 0) {
				return nil, ErrBadMu
			}
			mu[i] += p.Mu
			sig2[i] += p.Sigma*p.Sigma + m.Tau*m.Tau
		}
		c2 += sig2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	// e[i] = exp(mu_i / c); sum[q] sums it over the teams ranked at or below q; tied[q] counts q's ties.
	e := make([]float64, n)
	for i := range teams {
		e[i] = math.Exp(mu[i] / c)
	}
	sum := make([]float64, n)
	tied := make([]float64, n)
	for q := range teams {
		for i := range teams {
			if ranks[i] >= ranks[q] {
				sum[q] += e[i]
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i, t := range teams {
		var omega, delta float64
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			quot := e[i] / sum[q]
			if q == i {
				omega += (1 - quot) / tied[q]
			} else {
				omega -= quot / tied[q]
			}
			delta += quot * (1 - quot) / tied[q]
		}
		gamma := math.Sqrt(sig2[i]) / c
		omega *= sig2[i] / c
		delta *= gamma * sig2[i] / c2
		out[i] = make([]Rating, len(t))
		for j, p := range t {
			s2 := p.Sigma*p.Sigma + m.Tau*m.Tau
			share := s2 / sig2[i]
			out[i][j] = Rating{Mu: p.Mu + share*omega, Sigma: math.Sqrt(s2) * math.Sqrt(math.Max(1-share*delta, m.Kappa))}
		}
	}
	return out, nil
}
