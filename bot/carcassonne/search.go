package carcassonne

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"time"

	carc "github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// Search is the bot "master": a determinized Monte Carlo search over greedy+'s best moves.
//
// Greedy+ values every legal move by what it scores now and what a meeple left standing may bring; it does
// not see what the next tiles make of the board: a city a tile away from completion, an opponent's meeple
// that the next tile may join, a road that can no longer be closed because its hole needs a tile that is
// used up. Master keeps greedy+'s Candidates best moves and plays each out a few turns ahead on sampled
// futures: in each round it draws one future from the public facts (the tiles still face down, counted
// from the board, in a random order; the Land Surveyors tiles no one has seen, likewise: Determinize),
// plays every candidate in that same future, then lets greedy+ play every seat for Depth more turns, and
// values the end as if the game stopped there (the engine's final scoring, EndNow) plus what the meeples
// still in hand are worth. Every candidate meets the same futures, so that their differences are not
// drowned by the luck of the draw; candidates clearly behind the best are dropped as the rounds go, and
// the one with the best mean is played.
//
// It never reads the real order of the pile: every future it plays is a sample (TestNoHiddenInformation).
// Not safe for concurrent use: it keeps scratch games.
type Search struct {
	// Rounds is the number of sampled futures per decision; with Rounds > 0 the bot is deterministic (a
	// position and Seed give one move), which tests and the sim rely on. With Rounds 0 it plays rounds
	// until Budget has passed (at least one).
	Rounds int
	Budget time.Duration
	// Candidates is how many of greedy+'s best moves are searched; Depth how many turns are played after
	// the candidate before the position is valued.
	Candidates, Depth int
	// MeepleValue is the worth, in points, of a meeple in hand at the end of a look-ahead with the whole
	// pile still to come; it shrinks with the pile.
	MeepleValue float64
	// Seed varies the sampled futures; it is mixed with the turn, so a position gets its own futures.
	Seed uint64

	name string
	pe   plusEval
	// base is a copy of the position, world a sampled future of it; lines plays the candidates out there.
	base, world carc.Game
	lines       carc.Trial
	cands       []searchCand
	// played is the number of whole rounds of the last decision, for the measurements.
	played int
	// own is seat me's own part of the last value: its score and its figures in hand (the review's).
	own float64
}

// searchCand is a candidate move and its statistics over the rounds: the sum of its values and the sum of
// squares of its difference with the round's first candidate (greedy+'s choice), for the pruning test.
type searchCand struct {
	m       carc.Move
	sum, sq float64
	diffSum float64
	last    float64 // the value in the round under way
	n       int
	dropped bool
}

// Default settings. The server's budget is a wall clock: the server plays bot seats inline, under the
// match's lock, so it is kept well under a second; it still plays far more rounds than the sim's
// MasterRounds, a number of rounds so that the sim's figures repeat on any machine (docs/bots.md,
// "Search bot `master` (Carcassonne)", has the rounds measured). The 8 candidates, 6 turns of look-ahead
// and a meeple in hand worth 2 points with the whole pile to come were the first settings tried and are
// not tuned.
const (
	MasterBudget     = 300 * time.Millisecond
	MasterRounds     = 16
	masterCandidates = 8
	masterDepth      = 6
	masterMeeple     = 2.0
)

// NewMaster returns the search bot with a wall-clock budget per decision (rounds = 0) or a fixed number of
// rounds.
func NewMaster(budget time.Duration, rounds int) *Search {
	return &Search{Rounds: rounds, Budget: budget, Candidates: masterCandidates, Depth: masterDepth, MeepleValue: masterMeeple, name: "master"}
}

// Name is the bot's name in the registry and the sim.
func (s *Search) Name() string {
	if s.name == "" {
		return "master"
	}
	return s.name
}

// Move is the game.State form of Choose: st must be a *carcassonne.Game.
func (s *Search) Move(st game.State, seat game.Seat) (json.RawMessage, error) {
	g, ok := st.(*carc.Game)
	if !ok {
		return nil, fmt.Errorf("carcassonne master: state is %T, not a Carcassonne game", st)
	}
	if g.Over() {
		return nil, fmt.Errorf("carcassonne master: %w", game.ErrGameOver)
	}
	if int(seat) != g.ToActSeat() {
		return nil, fmt.Errorf("carcassonne master: %w: seat %d to play, not seat %d", game.ErrNotYourTurn, g.ToActSeat(), seat)
	}
	m, err := s.Choose(g)
	if err != nil {
		return nil, err
	}
	return g.EncodeMove(m), nil
}

// Choose picks the move of the seat to act.
func (s *Search) Choose(g *carc.Game) (carc.Move, error) {
	if g.Over() {
		return carc.Move{}, fmt.Errorf("carcassonne master: %w", game.ErrGameOver)
	}
	start := time.Now()
	me := g.ToActSeat()
	seed := mix(s.Seed, uint64(g.TilesPlaced()))
	if err := s.rank(g, seed); err != nil {
		return carc.Move{}, err
	}
	k := len(s.cands)
	if k == 1 {
		return s.cands[0].m, nil
	}
	s.played = 0
	for round := 0; ; round++ {
		s.played = round
		if s.Rounds > 0 && round >= s.Rounds {
			break
		}
		if s.Rounds <= 0 && round > 0 && time.Since(start) >= s.Budget {
			break
		}
		g.LookAhead(&s.world)
		if err := s.world.Determinize(mix(seed, uint64(round)+1)); err != nil {
			return carc.Move{}, fmt.Errorf("carcassonne master: %w", err)
		}
		s.lines.Reset(&s.world)
		// A round is kept only whole, so that every candidate still in has met the same futures: one
		// cut short by the clock is dropped, and the clock overruns by one play-out at most.
		late := false
		for i := range s.cands {
			c := &s.cands[i]
			if c.dropped {
				continue
			}
			if s.Rounds <= 0 && round > 0 && time.Since(start) >= s.Budget {
				late = true
				break
			}
			c.last = s.playOut(c.m, me)
		}
		if late {
			break
		}
		ref := s.cands[0].last
		for i := range s.cands {
			c := &s.cands[i]
			if c.dropped {
				continue
			}
			c.sum += c.last
			c.n++
			d := c.last - ref
			c.diffSum += d
			c.sq += d * d
		}
		s.prune(round)
	}
	best := -1
	for i := range s.cands {
		c := &s.cands[i]
		if c.dropped || c.n == 0 {
			continue
		}
		if best < 0 || c.sum/float64(c.n) > s.cands[best].sum/float64(s.cands[best].n) {
			best = i
		}
	}
	return s.cands[best].m, nil
}

// rank fills s.cands with greedy+'s Candidates best moves of g, best first. They are valued on a sampled
// copy too: greedy+'s look-ahead of one move reads only scores, but a copy of the real game would hold
// the real order.
func (s *Search) rank(g *carc.Game, seed uint64) error {
	g.LookAhead(&s.base)
	if err := s.base.Determinize(seed); err != nil {
		return fmt.Errorf("carcassonne master: %w", err)
	}
	s.pe.values(&s.base, DefaultWeights)
	if len(s.pe.cands) == 0 {
		return fmt.Errorf("carcassonne master: tile %s fits nowhere", g.Current())
	}
	slices.SortStableFunc(s.pe.cands, func(a, b candidate) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	k := min(max(s.Candidates, 1), len(s.pe.cands))
	s.cands = s.cands[:0]
	for _, c := range s.pe.cands[:k] {
		s.cands = append(s.cands, searchCand{m: c.m})
	}
	return nil
}

// prune drops, every few rounds, the candidates clearly behind the leader (the best mean so far). Each
// candidate's values are kept as differences with the first candidate's in the same round: the first is
// greedy+'s choice and is never dropped, so the differences are always against the same move, and the
// luck of a round's draw, which every candidate shares, cancels out of them.
func (s *Search) prune(round int) {
	const every, minRounds, z = 4, 8, 2.5
	if round+1 < minRounds || (round+1)%every != 0 {
		return
	}
	// All candidates still in have met the same rounds; the leader is the best mean difference.
	lead := 0
	for i := range s.cands {
		if !s.cands[i].dropped && s.cands[i].diffSum > s.cands[lead].diffSum {
			lead = i
		}
	}
	n := float64(s.cands[0].n)
	leadMean, leadVar := moments(&s.cands[lead], n)
	for i := range s.cands {
		c := &s.cands[i]
		if c.dropped || i == 0 || i == lead {
			continue
		}
		mean, variance := moments(c, n)
		// The gap to the leader in standard errors; both differences are against the same first
		// candidate, and their variances are added as if they were independent, which overstates the
		// error (the same futures make them positively correlated) and so drops less than it could.
		if (leadMean-mean)/math.Sqrt((variance+leadVar)/n+1e-9) > z {
			c.dropped = true
		}
	}
}

// moments are the mean and variance of a candidate's differences with the first candidate over n rounds.
func moments(c *searchCand, n float64) (mean, variance float64) {
	mean = c.diffSum / n
	return mean, max(c.sq/n-mean*mean, 0)
}

// playOut plays a candidate in the sampled world, then Depth turns of greedy+ for every seat, and values
// the end for seat me.
func (s *Search) playOut(m carc.Move, me int) float64 {
	line := s.lines.Game()
	if err := line.Play(m); err != nil {
		// A candidate comes from the legal moves of this very position.
		panic(fmt.Sprintf("carcassonne master: candidate %+v refused: %v", m, err))
	}
	for d := 0; d < s.Depth && !line.Over(); d++ {
		if err := line.Play(s.pe.best(line, DefaultWeights)); err != nil {
			panic(fmt.Sprintf("carcassonne master: greedy+ move refused in a look-ahead: %v", err))
		}
	}
	left := line.DrawPileSize()
	// EndNow refuses only a game that is not a look-ahead copy, which a trial's always is.
	_ = line.EndNow()
	return s.value(line, me, left)
}

// value is seat me's score less the best other seat's, each with what its meeples in hand are still worth
// when left tiles remain (nothing at the end of the game).
func (s *Search) value(g *carc.Game, me, left int) float64 {
	per := s.MeepleValue * float64(left) / 70
	mine := float64(g.Score(me)) + per*inHand(g, me)
	s.own = mine
	other := math.Inf(-1)
	for seat := 0; seat < g.Players(); seat++ {
		if seat != me {
			other = max(other, float64(g.Score(seat))+per*inHand(g, seat))
		}
	}
	return mine - other
}

// inHand is a seat's figures in hand, in meeples' worth (handWorth).
func inHand(g *carc.Game, seat int) float64 {
	n := float64(g.Supply(seat))
	for f := carc.LargeMeeple; f <= carc.Witch; f++ {
		if k := g.FigureSupply(seat, f); k > 0 {
			n += handWorth(f) * float64(k)
		}
	}
	return n
}

// mix is a 64-bit hash of two numbers (splitmix64's finaliser), so that nearby seeds give unrelated samples.
func mix(a, b uint64) uint64 {
	z := a ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// plusEval is greedy+'s evaluation (bot.go) read through the engine's look-ahead accessors instead of the
// public View and the move form, which makes it cheap enough to play whole turns of look-ahead with:
// TestPlusEvalIsGreedyPlus checks that it chooses as greedy+ does.
type plusEval struct {
	trial   carc.Trial
	ps      []carc.Placement
	segs    []int
	moves   []carc.Move
	recalls []carc.Pos
	cands   []candidate
	mc      magicChooser
}

// values fills pe.cands with every legal move of g and its greedy+ value.
func (pe *plusEval) values(g *carc.Game, w Weights) {
	pe.cands = pe.cands[:0]
	pe.scan(g, w, true)
}

// best is greedy+'s move in g (ties to the first found, as greedy+).
func (pe *plusEval) best(g *carc.Game, w Weights) carc.Move {
	return pe.scan(g, w, false)
}

func (pe *plusEval) scan(g *carc.Game, w Weights, keep bool) carc.Move {
	me, n, left := g.ToActSeat(), g.Players(), g.DrawPileSize()
	pe.ps = g.Placements(pe.ps[:0])
	supply := g.Supply(me)
	cost := w.MeepleCost * float64(left) / 36 * 4 / float64(max(supply, 1))
	best, bestVal, first := carc.Move{Meeple: carc.NoMeeple}, 0.0, true
	pe.trial.Reset(g)
	pe.recalls = g.RecallOptions(pe.recalls[:0])
	try := func(m carc.Move) *carc.Game {
		sc := pe.trial.Game()
		if sc.Play(m) != nil {
			return nil
		}
		return sc
	}
	gain := func(after *carc.Game) float64 { return gainOf(g, after, me, n, w) }
	for _, p := range pe.ps {
		pe.moves = pe.moves[:0]
		pe.segs = append(g.MeepleOptions(p, pe.segs[:0]), carc.NoMeeple)
		for _, sg := range pe.segs {
			pe.moves = append(pe.moves, carc.Move{Placement: p, Meeple: sg})
		}
		pe.moves, pe.segs = figureMoves(g, p, pe.recalls, pe.segs, pe.moves)
		mg := pe.mc.best(g, p, w, try, gain)
		for _, m := range pe.moves {
			m.Magic = mg
			sc := try(m)
			if sc == nil {
				continue
			}
			v := gain(sc)
			switch {
			case m.Recall:
				v += recallValue(sc, m.RecallAt, left, w)
			case m.Meeple == carc.NoMeeple:
			case m.Figure == carc.Meeple:
				if sc.Supply(me) < supply {
					v += plusHope(g, m, left, w) - cost
				}
			case sc.FigureSupply(me, m.Figure) < g.FigureSupply(me, m.Figure):
				v += figureHope(m.Figure, plusHope(g, m, left, w)) - figureCost(m.Figure, left, cost, w)
			}
			if keep {
				pe.cands = append(pe.cands, candidate{m: m, v: v})
			}
			if first || v > bestVal {
				best, bestVal, first = m, v, false
			}
		}
	}
	return best
}

// plusHope is greedy+'s hope (bot.go) for a meeple left standing.
func plusHope(g *carc.Game, m carc.Move, left int, w Weights) float64 {
	late := min(1, float64(left)/20)
	k, _ := g.SegmentKind(m.Meeple)
	switch k {
	case carc.Monastery, carc.Garden:
		around := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if (dx != 0 || dy != 0) && g.Occupied(m.X+dx, m.Y+dy) {
					around++
				}
			}
		}
		fill := min(0.95, float64(left)/50)
		return float64(1+around) + float64(8-around)*fill
	case carc.City, carc.Road:
		sides := g.SegmentSides(m.Meeple, m.Rot)
		open := 0
		for d, sd := range sideNames {
			if sides&(1<<d) != 0 && !g.Occupied(m.X+sd.dx, m.Y+sd.dy) {
				open++
			}
		}
		f := 1 - w.PerOpen*float64(max(open-1, 0))
		if k == carc.City {
			return w.City * (0.5 + 0.5*late) * f
		}
		return w.Road * (0.5 + 0.5*late) * f
	case carc.Field:
		if left <= w.FarmLate {
			return w.Farmer
		}
		return w.FarmEarly
	}
	return 0
}
