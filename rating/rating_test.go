package rating

import (
	"errors"
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// Two new players, no dynamics: the winner at mu 27.635231383473648, sigma 8.065506316323548, the loser at
// 22.364768616526352 and the same sigma (computed apart from this code, in Python, from Algorithm 4 of Weng
// and Lin (2011); the same script gives OpenSkill's published team figures below).
func TestTwoPlayersMatchOpenSkill(t *testing.T) {
	m := Default()
	m.Tau = 0
	got, err := m.Rate([]Rating{m.New(), m.New()}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	want := []Rating{{27.635231383473648, 8.065506316323548}, {22.364768616526352, 8.065506316323548}}
	for i := range want {
		if !near(got[i].Mu, want[i].Mu) || !near(got[i].Sigma, want[i].Sigma) {
			t.Errorf("player %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// OpenSkill's published team example (the README of openskill 3.3.0 on PyPI, "Usage"): a1 (25, 8.333) and
// a2 (32.444, 5.123) beat b1 (43.381, 2.421) and b2 (25.188, 6.211), without dynamics.
func TestTeamsMatchOpenSkill(t *testing.T) {
	m := Default()
	m.Tau = 0
	got, err := m.RateTeams([][]Rating{{m.New(), {32.444, 5.123}}, {{43.381, 2.421}, {25.188, 6.211}}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Rating{{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
		{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}}}
	for i := range want {
		for j := range want[i] {
			if !near(got[i][j].Mu, want[i][j].Mu) || !near(got[i][j].Sigma, want[i][j].Sigma) {
				t.Errorf("team %d player %d: %+v, want %+v", i, j, got[i][j], want[i][j])
			}
		}
	}
}

// Three and four players, with a tie and with the default dynamics (tau = 25/300): the figures were
// computed apart from this code, in Python, from Algorithm 4 of Weng and Lin (2011) as written above Rate.
func TestManyPlayersAndTies(t *testing.T) {
	m := Default()
	d := m.New()
	cases := []struct {
		in    []Rating
		ranks []int
		want  []Rating
	}{
		{[]Rating{d, d, d}, []int{1, 2, 2}, []Rating{
			{27.869048680749426, 8.205243377397993}, {23.565475659625285, 8.058224222802378}, {23.565475659625285, 8.058224222802378}}},
		{[]Rating{{30, 5}, {25, 25.0 / 3}, {20, 4}, {28, 6}}, []int{2, 1, 4, 3}, []Rating{
			{30.435867171158336, 4.954902857244956}, {28.6382834524426, 8.197923474321412},
			{19.18972883414687, 3.9791303314467568}, {27.308813901078896, 5.862657593341192}}},
		{[]Rating{d, d}, []int{1, 2}, []Rating{{27.635389493140497, 8.06590141354368}, {22.364610506859503, 8.06590141354368}}},
	}
	for ci, c := range cases {
		got, err := m.Rate(c.in, c.ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.want {
			if !near(got[i].Mu, c.want[i].Mu) || !near(got[i].Sigma, c.want[i].Sigma) {
				t.Errorf("case %d player %d: %+v, want %+v", ci, i, got[i], c.want[i])
			}
		}
	}
}

func TestProperties(t *testing.T) {
	m := Default()
	in := []Rating{{26, 7}, {24, 8}, {25, 6}, {25, 8.3}}
	ranks := []int{3, 1, 2, 4}
	got, _ := m.Rate(in, ranks)
	if got[1].Mu <= in[1].Mu || got[3].Mu >= in[3].Mu {
		t.Errorf("the winner %v or the last %v moved the wrong way", got[1], got[3])
	}
	for i := range in {
		if got[i].Sigma >= math.Sqrt(in[i].Sigma*in[i].Sigma+m.Tau*m.Tau) {
			t.Errorf("player %d's deviation did not shrink: %v", i, got[i].Sigma)
		}
	}
	// The order the players are listed in does not matter.
	perm := []int{2, 0, 3, 1}
	pin, pranks := make([]Rating, 4), make([]int, 4)
	for j, i := range perm {
		pin[j], pranks[j] = in[i], ranks[i]
	}
	pgot, _ := m.Rate(pin, pranks)
	for j, i := range perm {
		if !near(pgot[j].Mu, got[i].Mu) || !near(pgot[j].Sigma, got[i].Sigma) {
			t.Errorf("listing order changed player %d: %v vs %v", i, pgot[j], got[i])
		}
	}
	// Equal players: the means' changes sum to zero; a tie moves no mean.
	eq, _ := m.Rate([]Rating{m.New(), m.New(), m.New()}, []int{2, 1, 3})
	if s := eq[0].Mu + eq[1].Mu + eq[2].Mu - 75; math.Abs(s) > 1e-9 {
		t.Errorf("means changed by %v in all, want 0", s)
	}
	tie, _ := m.Rate([]Rating{m.New(), m.New()}, []int{1, 1})
	if !near(tie[0].Mu, 25) || !near(tie[1].Mu, 25) {
		t.Errorf("a tie of equals moved the means: %v", tie)
	}
	if r := m.New(); r.Ordinal() != 0 || !r.Provisional() {
		t.Errorf("a new rating: ordinal %v, provisional %v", r.Ordinal(), r.Provisional())
	}
}

func TestBadInput(t *testing.T) {
	m := Default()
	d := m.New()
	for _, c := range []struct {
		in    []Rating
		ranks []int
		err   error
	}{
		{[]Rating{d}, []int{1}, ErrTooFew},
		{[]Rating{d, d}, []int{1}, ErrBadRank},
		{[]Rating{d, d}, []int{0, 1}, ErrBadRank},
		{[]Rating{d, {math.NaN(), 1}}, []int{1, 2}, ErrBadMu},
		{[]Rating{d, {25, 0}}, []int{1, 2}, ErrBadMu},
		{[]Rating{d, {25, math.Inf(1)}}, []int{1, 2}, ErrBadMu},
	} {
		if _, err := m.Rate(c.in, c.ranks); !errors.Is(err, c.err) {
			t.Errorf("%v %v: %v, want %v", c.in, c.ranks, err, c.err)
		}
	}
}

func BenchmarkRate(b *testing.B) {
	for _, n := range []int{2, 4, 6, 100} {
		b.Run(string(rune('0'+n/100))+"-"+itoa(n), func(b *testing.B) {
			in := make([]Rating, n)
			ranks := make([]int, n)
			for i := range in {
				in[i] = Rating{25 + float64(i%7), 6 + float64(i%3)}
				ranks[i] = i%(n/2+1) + 1
			}
			m := Default()
			b.ReportAllocs()
			for b.Loop() {
				m.Rate(in, ranks)
			}
		})
	}
}

func itoa(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
