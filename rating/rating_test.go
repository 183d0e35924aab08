package rating

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.15g, want %.15g (±%g)", what, got, want, tol)
	}
}

// OpenSkill's documented example: two teams of two new players, the first team wins, default model
// (Tau 25/300 applied). Source: openskill.py User Manual, "The Basics"
// (github.com/vivekjoshy/openskill.py docs/source/manual.rst):
//
//	p1: mu=26.964294621803063, sigma=8.177962604389991   (p2 the same)
//	p3: mu=23.035705378196937, sigma=8.177962604389991   (p4 the same)
func TestPublishedOpenSkillManual2v2(t *testing.T) {
	t.Parallel()
	m := Default()
	p := m.New()
	out, err := m.RateTeams([][]Rating{{p, p}, {p, p}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range out[0] {
		near(t, "winner mu", r.Mu, 26.964294621803063, 1e-12)
		near(t, "winner sigma", r.Sigma, 8.177962604389991, 1e-12)
	}
	for _, r := range out[1] {
		near(t, "loser mu", r.Mu, 23.035705378196937, 1e-12)
		near(t, "loser sigma", r.Sigma, 8.177962604389991, 1e-12)
	}
}

// The README example of openskill.js, repeated in the READMEs of openskill.py 1.0.x
// (pypi.org/project/openskill/1.0.2) and openskill.ex 1.0.1 (readme.hex.pm/openskill/1.0.1): teams
// of unequal players, a1 and a2 beat b1 and b2. Those versions added no Tau before updating; the
// figures are those of Tau = 0.
func TestPublishedOpenSkillReadme2v2Unequal(t *testing.T) {
	t.Parallel()
	m := Default()
	m.Tau = 0
	a1 := Rating{25, 25.0 / 3}
	a2 := Rating{32.444, 5.123}
	b1 := Rating{43.381, 2.421}
	b2 := Rating{25.188, 6.211}
	out, err := m.RateTeams([][]Rating{{a1, a2}, {b1, b2}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Rating{
		{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
		{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
	}
	for i := range want {
		for j := range want[i] {
			near(t, "mu", out[i][j].Mu, want[i][j].Mu, 1e-12)
			near(t, "sigma", out[i][j].Sigma, want[i][j].Sigma, 1e-12)
		}
	}
	// The same README: ordinal of (43.071274808241974, 2.4166900452721256) is 35.821204672425594.
	near(t, "ordinal", Rating{43.071274808241974, 2.4166900452721256}.Ordinal(), 35.821204672425594, 1e-12)
}

// Two new players, the first wins, default model; the paper's PL update (Weng and Lin 2011,
// Algorithm 4) worked by hand.
func TestHandTwoPlayers(t *testing.T) {
	t.Parallel()
	m := Default()
	out, err := m.Rate([]Rating{m.New(), m.New()}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	// Tau widens both: s2 = sigma² + tau². c² = sum over players of (s2 + beta²).
	s2 := 25.0/3*25.0/3 + 25.0/300*25.0/300
	c := math.Sqrt(2 * (s2 + 25.0/6*25.0/6))
	// Equal means: e_1 = e_2 = e. The winner's set C_1 is both (S_1 = 2e), the loser's only itself
	// (S_2 = e). The winner sums over q = 1 only, p = e/2e = 1/2: Omega = s2/c (1 - 1/2),
	// Delta = (sqrt(s2)/c) (s2/c²) (1/2)(1/2).
	omega := s2 / c * 0.5
	delta := math.Sqrt(s2) / c * s2 / (c * c) * 0.25
	// The loser sums over q = 1 (p = 1/2: -1/2 and 1/4) and q = 2 (p = e/e = 1: 0 and 0).
	near(t, "winner mu", out[0].Mu, 25+omega, 1e-12)
	near(t, "loser mu", out[1].Mu, 25-omega, 1e-12)
	near(t, "winner sigma", out[0].Sigma, math.Sqrt(s2*(1-delta)), 1e-12)
	near(t, "loser sigma", out[1].Sigma, math.Sqrt(s2*(1-delta)), 1e-12)
	// The same arithmetic by hand, to five places: s2 = 69.45139, c² = 2(69.45139 + 17.36111) =
	// 173.62500, c = 13.17668; Omega = 69.45139/13.17668/2 = 2.63539; Delta = (8.33375/13.17668)
	// (69.45139/173.625)/4 = 0.63246 * 0.40001 / 4 = 0.06325; sigma = sqrt(69.45139 * 0.93675) = 8.06590.
	near(t, "winner mu (by hand)", out[0].Mu, 27.63539, 1e-5)
	near(t, "loser mu (by hand)", out[1].Mu, 22.36461, 1e-5)
	near(t, "sigma (by hand)", out[0].Sigma, 8.06590, 1e-5)
}

// Three players of unequal ratings, the middle one wins and the favourite comes last; worked by hand
// from Algorithm 4.
func TestHandThreePlayers(t *testing.T) {
	t.Parallel()
	m := Default()
	a := Rating{30, 6}
	b := Rating{25, 25.0 / 3}
	cc := Rating{20, 4}
	out, err := m.Rate([]Rating{a, b, cc}, []int{3, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	tau2 := 25.0 / 300 * 25.0 / 300
	beta2 := 25.0 / 6 * 25.0 / 6
	s2a, s2b, s2c := 36+tau2, 25.0/3*25.0/3+tau2, 16+tau2
	c2 := s2a + s2b + s2c + 3*beta2
	c := math.Sqrt(c2)
	ea, eb, ec := math.Exp(30/c), math.Exp(25/c), math.Exp(20/c)
	// C_q for each place: first (B) has everyone, second (C) has C and A, third (A) only A.
	s1, s2, s3 := ea+eb+ec, ea+ec, ea
	// B won: sums over q = B only.
	pb1 := eb / s1
	omegaB := s2b / c * (1 - pb1)
	deltaB := math.Sqrt(s2b) / c * s2b / c2 * (pb1 * (1 - pb1))
	// C second: q = B (C is not q) and q = C (C is q).
	pc1, pc2 := ec/s1, ec/s2
	omegaC := s2c / c * (-pc1 + (1 - pc2))
	deltaC := math.Sqrt(s2c) / c * s2c / c2 * (pc1*(1-pc1) + pc2*(1-pc2))
	// A last: q = B, q = C, and q = A where p = ea/s3 = 1.
	pa1, pa2, pa3 := ea/s1, ea/s2, ea/s3
	omegaA := s2a / c * (-pa1 - pa2 + (1 - pa3))
	deltaA := math.Sqrt(s2a) / c * s2a / c2 * (pa1*(1-pa1) + pa2*(1-pa2) + pa3*(1-pa3))

	near(t, "A mu", out[0].Mu, 30+omegaA, 1e-12)
	near(t, "B mu", out[1].Mu, 25+omegaB, 1e-12)
	near(t, "C mu", out[2].Mu, 20+omegaC, 1e-12)
	near(t, "A sigma", out[0].Sigma, math.Sqrt(s2a*(1-deltaA)), 1e-12)
	near(t, "B sigma", out[1].Sigma, math.Sqrt(s2b*(1-deltaB)), 1e-12)
	near(t, "C sigma", out[2].Sigma, math.Sqrt(s2c*(1-deltaC)), 1e-12)
	if !(omegaA < 0 && omegaB > 0) {
		t.Errorf("hand figures: the upset should lower A (%g) and raise B (%g)", omegaA, omegaB)
	}
}

// Three players, A and C tie for first, B last; ties weighted by 1/A_q, A_q the size of q's tie.
func TestHandThreePlayersTie(t *testing.T) {
	t.Parallel()
	m := Default()
	m.Tau = 0
	a := Rating{30, 6}
	b := Rating{25, 25.0 / 3}
	cc := Rating{20, 4}
	out, err := m.Rate([]Rating{a, b, cc}, []int{1, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	beta2 := 25.0 / 6 * 25.0 / 6
	s2a, s2b, s2c := 36.0, 25.0/3*25.0/3, 16.0
	c2 := s2a + s2b + s2c + 3*beta2
	c := math.Sqrt(c2)
	ea, eb, ec := math.Exp(30/c), math.Exp(25/c), math.Exp(20/c)
	// Both first places have C_q = everyone; B's C_q is only B.
	s1, s2 := ea+eb+ec, eb
	// A sums over q = A (itself, A_q = 2) and q = C (A_q = 2).
	pa := ea / s1
	omegaA := s2a / c * ((1-pa)/2 + (-pa)/2)
	deltaA := math.Sqrt(s2a) / c * s2a / c2 * (pa*(1-pa)/2 + pa*(1-pa)/2)
	pc := ec / s1
	omegaC := s2c / c * ((-pc)/2 + (1-pc)/2)
	deltaC := math.Sqrt(s2c) / c * s2c / c2 * (pc*(1-pc)/2 + pc*(1-pc)/2)
	// B sums over q = A, q = C (each A_q = 2) and itself (p = eb/s2 = 1).
	pb, pbb := eb/s1, eb/s2
	omegaB := s2b / c * ((-pb)/2 + (-pb)/2 + (1 - pbb))
	deltaB := math.Sqrt(s2b) / c * s2b / c2 * (pb*(1-pb)/2 + pb*(1-pb)/2 + pbb*(1-pbb))

	near(t, "A mu", out[0].Mu, 30+omegaA, 1e-12)
	near(t, "B mu", out[1].Mu, 25+omegaB, 1e-12)
	near(t, "C mu", out[2].Mu, 20+omegaC, 1e-12)
	near(t, "A sigma", out[0].Sigma, math.Sqrt(s2a*(1-deltaA)), 1e-12)
	near(t, "B sigma", out[1].Sigma, math.Sqrt(s2b*(1-deltaB)), 1e-12)
	near(t, "C sigma", out[2].Sigma, math.Sqrt(s2c*(1-deltaC)), 1e-12)
}

// literal is Algorithm 4 for teams of one written as the paper states it, O(n²), with no grouping,
// shifting or sorting: the independent witness for games too big to work by hand.
func literal(m Model, ps []Rating, ranks []int) []Rating {
	n := len(ps)
	s2 := make([]float64, n)
	c2 := 0.0
	for i, p := range ps {
		s2[i] = p.Sigma*p.Sigma + m.Tau*m.Tau
		c2 += s2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	sumQ := make([]float64, n)
	countQ := make([]float64, n)
	for q := range ps {
		for s := range ps {
			if ranks[s] >= ranks[q] {
				sumQ[q] += math.Exp(ps[s].Mu / c)
			}
			if ranks[s] == ranks[q] {
				countQ[q]++
			}
		}
	}
	out := make([]Rating, n)
	for i, p := range ps {
		omega, delta := 0.0, 0.0
		for q := range ps {
			if ranks[q] > ranks[i] {
				continue
			}
			pr := math.Exp(p.Mu/c) / sumQ[q]
			if q == i {
				omega += (1 - pr) / countQ[q]
			} else {
				omega -= pr / countQ[q]
			}
			delta += pr * (1 - pr) / countQ[q]
		}
		omega *= s2[i] / c
		delta *= math.Sqrt(s2[i]) / c * s2[i] / c2
		out[i] = Rating{p.Mu + omega, math.Sqrt(s2[i] * math.Max(1-delta, m.Kappa))}
	}
	return out
}

// game is a random game of n: ratings spread as on a real board, places with ties when ties is set.
func game(rng *rand.Rand, n int, ties bool) ([]Rating, []int) {
	ps := make([]Rating, n)
	ranks := make([]int, n)
	for i := range ps {
		ps[i] = Rating{Mu: 10 + 30*rng.Float64(), Sigma: 1 + 7.5*rng.Float64()}
		ranks[i] = i + 1
		if ties {
			ranks[i] = 1 + rng.IntN(max(n/2, 1))
		}
	}
	rng.Shuffle(n, func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
	return ps, ranks
}

func TestMatchesLiteralFormula(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	m := Default()
	for _, n := range []int{2, 3, 4, 6, 17, 100} {
		for trial := range 20 {
			ps, ranks := game(rng, n, trial%2 == 1)
			got, err := m.Rate(ps, ranks)
			if err != nil {
				t.Fatal(err)
			}
			want := literal(m, ps, ranks)
			for i := range want {
				near(t, "mu", got[i].Mu, want[i].Mu, 1e-9)
				near(t, "sigma", got[i].Sigma, want[i].Sigma, 1e-9)
			}
		}
	}
}

func TestWinnerRisesLoserFalls(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	m := Default()
	for _, n := range []int{2, 4, 6, 100} {
		for range 50 {
			ps, ranks := game(rng, n, false)
			out, err := m.Rate(ps, ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ps {
				if ranks[i] == 1 && !(out[i].Mu > ps[i].Mu) {
					t.Errorf("n=%d: winner's mu %g -> %g", n, ps[i].Mu, out[i].Mu)
				}
				if ranks[i] == n && !(out[i].Mu < ps[i].Mu) {
					t.Errorf("n=%d: last's mu %g -> %g", n, ps[i].Mu, out[i].Mu)
				}
			}
		}
	}
}

func TestEverySigmaShrinks(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	// Without Tau, for any ratings and any result.
	m := Default()
	m.Tau = 0
	for _, n := range []int{2, 3, 6, 100} {
		for trial := range 50 {
			ps, ranks := game(rng, n, trial%2 == 1)
			out, err := m.Rate(ps, ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ps {
				if !(out[i].Sigma < ps[i].Sigma) {
					t.Errorf("n=%d: sigma %g -> %g", n, ps[i].Sigma, out[i].Sigma)
				}
			}
		}
	}
	// With Tau the update still shrinks every variance it starts from, sigma² + tau². Whether the
	// result is below the sigma before the game depends on the table: in a game of 100 new players
	// the update is so small that the players in the middle end a hair above 25/3 (see
	// docs/ratings.md); LimitSigma keeps them at or below it.
	m = Default()
	for _, limit := range []bool{false, true} {
		m.LimitSigma = limit
		for _, n := range []int{2, 4, 6, 100} {
			for trial := range 20 {
				ps, ranks := game(rng, n, trial%2 == 1)
				out, err := m.Rate(ps, ranks)
				if err != nil {
					t.Fatal(err)
				}
				for i := range out {
					if !(out[i].Sigma < math.Hypot(ps[i].Sigma, m.Tau)) {
						t.Errorf("n=%d: sigma %g widened to %g -> %g", n, ps[i].Sigma, math.Hypot(ps[i].Sigma, m.Tau), out[i].Sigma)
					}
					if limit && out[i].Sigma > ps[i].Sigma {
						t.Errorf("n=%d LimitSigma: sigma %g -> %g", n, ps[i].Sigma, out[i].Sigma)
					}
				}
			}
		}
	}
	// New players in games of up to 6, Carcassonne's tables, all leave with a smaller sigma.
	m = Default()
	for _, n := range []int{2, 4, 6} {
		ps := make([]Rating, n)
		ranks := make([]int, n)
		for i := range ps {
			ps[i], ranks[i] = m.New(), i+1
		}
		out, err := m.Rate(ps, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			if !(out[i].Sigma < m.Sigma) {
				t.Errorf("n=%d new players: sigma -> %g", n, out[i].Sigma)
			}
		}
	}
}

func TestMuChangesSumToZeroForEqualSigmas(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	m := Default()
	for _, n := range []int{2, 3, 4, 6, 100} {
		for trial := range 20 {
			ps, ranks := game(rng, n, trial%2 == 1)
			sigma := 1 + 7*rng.Float64()
			for i := range ps {
				ps[i].Sigma = sigma
			}
			out, err := m.Rate(ps, ranks)
			if err != nil {
				t.Fatal(err)
			}
			sum, moved := 0.0, 0.0
			for i := range ps {
				sum += out[i].Mu - ps[i].Mu
				moved += math.Abs(out[i].Mu - ps[i].Mu)
			}
			if moved == 0 {
				t.Fatalf("n=%d: nothing moved", n)
			}
			near(t, "sum of mu changes", sum, 0, 1e-9)
		}
	}
}

func TestTieBetweenEqualsMovesNoMu(t *testing.T) {
	t.Parallel()
	m := Default()
	for _, n := range []int{2, 3, 5, 100} {
		r := Rating{Mu: 31.5, Sigma: 4.25}
		ps := make([]Rating, n)
		ranks := make([]int, n)
		for i := range ps {
			ps[i], ranks[i] = r, 1
		}
		out, err := m.Rate(ps, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			near(t, "mu after a tie of equals", out[i].Mu, r.Mu, 1e-12)
			if !(out[i].Sigma < math.Hypot(r.Sigma, m.Tau)) {
				t.Errorf("n=%d: a tie is still evidence; sigma %g should shrink", n, out[i].Sigma)
			}
		}
	}
	// A tie for second between equals moves them alike.
	p := m.New()
	out, err := m.Rate([]Rating{p, p, p, p}, []int{1, 2, 2, 4})
	if err != nil {
		t.Fatal(err)
	}
	if out[1] != out[2] {
		t.Errorf("tied equals rated differently: %v %v", out[1], out[2])
	}
	if !(out[0].Mu > out[1].Mu && out[1].Mu > out[3].Mu) {
		t.Errorf("places not ordered: %v", out)
	}
}

func TestOrderInvariance(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	m := Default()
	for _, n := range []int{2, 4, 6, 100} {
		for trial := range 10 {
			ps, ranks := game(rng, n, trial%2 == 1)
			out, err := m.Rate(ps, ranks)
			if err != nil {
				t.Fatal(err)
			}
			perm := rng.Perm(n)
			ps2 := make([]Rating, n)
			ranks2 := make([]int, n)
			for i, j := range perm {
				ps2[i], ranks2[i] = ps[j], ranks[j]
			}
			out2, err := m.Rate(ps2, ranks2)
			if err != nil {
				t.Fatal(err)
			}
			for i, j := range perm {
				if out2[i] != out[j] {
					t.Errorf("n=%d: player %d rated %v listed one way, %v another", n, j, out[j], out2[i])
				}
			}
		}
	}
}

func TestRateTeamsOfOneIsRate(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	m := Default()
	ps, ranks := game(rng, 7, true)
	teams := make([][]Rating, len(ps))
	for i, p := range ps {
		teams[i] = []Rating{p}
	}
	a, err := m.Rate(ps, ranks)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.RateTeams(teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i] != b[i][0] {
			t.Errorf("player %d: Rate %v, RateTeams %v", i, a[i], b[i][0])
		}
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	m := Default()
	p := m.New()
	inf, nan := math.Inf(1), math.NaN()
	cases := []struct {
		name    string
		m       Model
		players []Rating
		ranks   []int
	}{
		{"no players", m, nil, nil},
		{"one player", m, []Rating{p}, []int{1}},
		{"fewer ranks", m, []Rating{p, p, p}, []int{1, 2}},
		{"more ranks", m, []Rating{p, p}, []int{1, 2, 3}},
		{"rank 0", m, []Rating{p, p}, []int{0, 1}},
		{"negative rank", m, []Rating{p, p}, []int{1, -2}},
		{"NaN mu", m, []Rating{p, {nan, 1}}, []int{1, 2}},
		{"infinite mu", m, []Rating{{inf, 1}, p}, []int{1, 2}},
		{"NaN sigma", m, []Rating{p, {25, nan}}, []int{1, 2}},
		{"infinite sigma", m, []Rating{p, {25, inf}}, []int{1, 2}},
		{"zero sigma", m, []Rating{p, {25, 0}}, []int{1, 2}},
		{"negative sigma", m, []Rating{p, {25, -1}}, []int{1, 2}},
		{"zero model", Model{}, []Rating{p, p}, []int{1, 2}},
		{"NaN beta", Model{Beta: nan, Kappa: 1e-4}, []Rating{p, p}, []int{1, 2}},
		{"negative tau", Model{Beta: 1, Kappa: 1e-4, Tau: -1}, []Rating{p, p}, []int{1, 2}},
		{"kappa above 1", Model{Beta: 1, Kappa: 2}, []Rating{p, p}, []int{1, 2}},
		{"ratings too far apart", m, []Rating{{1e6, 1}, {-1e6, 1}, {-1e6, 1}}, []int{1, 2, 2}},
	}
	for _, tc := range cases {
		out, err := tc.m.Rate(tc.players, tc.ranks)
		if !errors.Is(err, ErrInput) || out != nil {
			t.Errorf("%s: Rate = %v, %v; want ErrInput", tc.name, out, err)
		}
		teams := make([][]Rating, len(tc.players))
		for i, r := range tc.players {
			teams[i] = []Rating{r}
		}
		if out, err := tc.m.RateTeams(teams, tc.ranks); !errors.Is(err, ErrInput) || out != nil {
			t.Errorf("%s: RateTeams = %v, %v; want ErrInput", tc.name, out, err)
		}
	}
	if _, err := m.RateTeams([][]Rating{{p}, {}}, []int{1, 2}); !errors.Is(err, ErrInput) {
		t.Errorf("empty team: %v; want ErrInput", err)
	}
}

func TestOrdinalAndProvisional(t *testing.T) {
	t.Parallel()
	m := Default()
	near(t, "new ordinal", m.New().Ordinal(), 0, 1e-12)
	near(t, "ordinal", Rating{30, 2.5}.Ordinal(), 22.5, 0)
	if !m.New().Provisional() {
		t.Error("a new rating should be provisional")
	}
	if (Rating{25, ProvisionalSigma}).Provisional() {
		t.Error("sigma at the threshold is no longer provisional")
	}
	if !(Rating{25, math.Nextafter(ProvisionalSigma, 10)}).Provisional() {
		t.Error("sigma just above the threshold is provisional")
	}
}

// Kappa floors the factor a variance is multiplied by. With little luck (Beta 0.1) two players of
// sigma 8 carry nearly all of c² = 2(64 + 0.01), so Delta = (8/c)(64/c²)(1/2)(1/2) ≈ 0.0884 and
// 1 - Delta ≈ 0.91: a Kappa of 0.95 must hold the shrink at 0.95.
func TestKappaFloorsTheShrink(t *testing.T) {
	t.Parallel()
	m := Model{Beta: 0.1, Kappa: 0.95}
	out, err := m.Rate([]Rating{{25, 8}, {25, 8}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range out {
		near(t, "sigma", out[i].Sigma, math.Sqrt(64*0.95), 1e-12)
	}
	m.Kappa = 0.5 // no longer binding: 1 - Delta itself
	c2 := 2 * (64 + 0.01)
	delta := 8 / math.Sqrt(c2) * 64 / c2 * 0.25
	out, err = m.Rate([]Rating{{25, 8}, {25, 8}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "sigma", out[0].Sigma, math.Sqrt(64*(1-delta)), 1e-12)
}

// TestDisplay: the players' number is 1500 + 20 x ordinal, rounded: 1500 for a newcomer, 1950 for an
// ordinal of 22.5, 1463 for an ordinal of -1.833.
func TestDisplay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		r    Rating
		want int
	}{{Default().New(), 1500}, {Rating{30, 2.5}, 1950}, {Rating{22.364610506859503, 8.06590141354368}, 1463}} {
		if got := c.r.Display(); got != c.want {
			t.Errorf("%+v displays %d, want %d", c.r, got, c.want)
		}
	}
}
