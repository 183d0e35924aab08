// Package analysis reviews a finished game: for every decision of every seat, the move played, the
// strongest search's best move at that moment and what the played move cost in expected final points,
// under two lenses (what the player could know, and the deck known), with a summary per player. It is pure
// computation on a game record: no I/O, deterministic from the record and a seed. docs/analysis.md has the
// JSON schema and the definitions.
package analysis

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// ErrNotFinished is the refusal of a record whose game is not over: nothing is analysed while a game runs.
var ErrNotFinished = errors.New("the game is not over: only a finished game is analysed")

// Options are an analysis's settings.
type Options struct {
	// Seed draws the fair lens's samples: the same record and seed give the same analysis.
	Seed uint64
	// Samples is the fair lens's sampled futures a decision (0: the game's default).
	Samples int
	// Lenses are the lenses to analyse (none: both).
	Lenses []game.Lens
	// Progress, if set, is told after each decision judged: done of total (both lenses counted).
	Progress func(done, total int)
}

// Analysis is a finished game reviewed (docs/analysis.md).
type Analysis struct {
	Game    string   `json:"game"`
	Seats   int      `json:"seats"`
	Players []string `json:"players,omitempty"`
	// Seed and Samples are the analysis's own (Options), Samples resolved to the number used.
	Seed    uint64 `json:"seed"`
	Samples int    `json:"samples"`
	// Unit names the points of every value ("stars", "points"); Phases the parts of the game the losses
	// are summed by.
	Unit   string   `json:"unit"`
	Phases []string `json:"phases"`
	// Scores are the game's final scores by seat.
	Scores []int `json:"scores"`
	// Fair and Clairvoyant are the two lenses, each present when asked for.
	Fair        *Report `json:"fair,omitempty"`
	Clairvoyant *Report `json:"clairvoyant,omitempty"`
}

// Report is the analysis under one lens.
type Report struct {
	Lens game.Lens `json:"lens"`
	// Plan (the clairvoyant lens, where the game makes one: a solo Cartographers game without heroes) is
	// the final score that a plan of the whole game, made with the deck known, reaches: a score the seat
	// could have had, a floor under what perfect play of this deck gets.
	Plan      *float64   `json:"plan,omitempty"`
	Decisions []Decision `json:"decisions"`
	Players   []Player   `json:"players"`
}

// Decision is one move judged.
type Decision struct {
	// Move indexes the record's moves; Seat played it, in Phase.
	Move  int `json:"move"`
	Seat  int `json:"seat"`
	Phase int `json:"phase"`
	// Played and Best are moves in the game's JSON form; Cost is BestValue less Value, never negative.
	Played json.RawMessage `json:"played"`
	Best   json.RawMessage `json:"best"`
	Cost   float64         `json:"cost"`
	// PlayedWords and BestWords name the two moves in English as the game's story does, where the game
	// names moves (docs/analysis.md).
	PlayedWords string `json:"played_words,omitempty"`
	BestWords   string `json:"best_words,omitempty"`
	// Value and BestValue are the measure the moves are judged on, in expected final points; Expected and
	// BestExpected the seat's own expected final score after the move played and after the best.
	Value        float64 `json:"value"`
	BestValue    float64 `json:"best_value"`
	Expected     float64 `json:"expected"`
	BestExpected float64 `json:"best_expected"`
	// Samples is the futures the values are the mean of (0: valued one ply).
	Samples int `json:"samples"`
}

// Player is one seat's summary under a lens.
type Player struct {
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"`
	// Decisions is the number of the seat's decisions judged.
	Decisions int `json:"decisions"`
	// Lost is the sum of the costs, LostByPhase the same by phase.
	Lost        float64   `json:"lost"`
	LostByPhase []float64 `json:"lost_by_phase"`
	// Costliest indexes the report's Decisions: the seat's (up to) three costliest, costliest first, of
	// cost above zero.
	Costliest []int `json:"costliest"`
	// Accuracy is the mean over the seat's decisions of 100·e^(−cost/scale) (docs/analysis.md).
	Accuracy float64 `json:"accuracy"`
	// Series is the seat's expected final score after each of its decisions, for a chart.
	Series []Point `json:"series"`
}

// Point is the seat's expected final score after the record's move Move.
type Point struct {
	Move     int     `json:"move"`
	Expected float64 `json:"expected"`
}

// Analyse reviews the finished game a record holds. A record that does not replay (a move refused, a
// narrative that differs), of a game not over or of a game without a review is refused, with an error
// saying why. ctx stops a long analysis between two decisions.
func Analyse(ctx context.Context, rec game.Record, o Options) (*Analysis, error) {
	plugin, ok := games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("analyse: unknown game %q", rec.Game)
	}
	rv := plugin.Review
	if rv == nil {
		return nil, fmt.Errorf("analyse: %s has no analysis", rec.Game)
	}
	final, err := games.Registry().Verify(rec)
	if err != nil {
		return nil, fmt.Errorf("analyse: %w", err)
	}
	if !final.Over() {
		return nil, fmt.Errorf("analyse: %w (%d moves recorded)", ErrNotFinished, len(rec.Moves))
	}
	lenses := o.Lenses
	if len(lenses) == 0 {
		lenses = []game.Lens{game.LensFair, game.LensClairvoyant}
	}
	for i, l := range lenses {
		if (l != game.LensFair && l != game.LensClairvoyant) || slices.Contains(lenses[:i], l) {
			return nil, fmt.Errorf("analyse: lens %q: want fair or clairvoyant, each once", l)
		}
	}
	samples := o.Samples
	if samples <= 0 {
		samples = rv.DefaultSamples
	}
	a := &Analysis{Game: rec.Game, Seats: rec.Seats, Players: rec.Players, Seed: o.Seed, Samples: samples,
		Unit: rv.Unit, Phases: rv.Phases, Scores: final.Result().Scores}
	done, total := 0, len(lenses)*len(rec.Moves)
	for _, lens := range lenses {
		judge := rv.NewJudge(lens, o.Seed, samples)
		if judge == nil {
			return nil, fmt.Errorf("analyse: %s has no %s lens", rec.Game, lens)
		}
		st, err := plugin.New(rec.Options, rec.Seats, rec.Seed)
		if err != nil {
			return nil, fmt.Errorf("analyse: %w", err)
		}
		r := &Report{Lens: lens}
		if lens == game.LensClairvoyant && rv.Plan != nil {
			score, ok, err := rv.Plan(st)
			if err != nil {
				return nil, fmt.Errorf("analyse: the plan: %w", err)
			}
			if ok {
				r.Plan = &score
			}
		}
		for i, m := range rec.Moves {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("analyse: %w", err)
			}
			v, ok, err := judge.Judge(st, m.Seat, m.Move)
			if err != nil {
				return nil, fmt.Errorf("analyse %s lens: move %d (seat %d): %w", lens, i, m.Seat, err)
			}
			if ok {
				d := decision(i, m, v)
				if err := nameMoves(&d, rv.Words, st); err != nil {
					return nil, fmt.Errorf("analyse %s lens: move %d (seat %d): %w", lens, i, m.Seat, err)
				}
				r.Decisions = append(r.Decisions, d)
			}
			if err := st.Apply(m.Seat, m.Move); err != nil {
				return nil, fmt.Errorf("analyse: move %d (seat %d): %w", i, m.Seat, err)
			}
			done++
			if o.Progress != nil {
				o.Progress(done, total)
			}
		}
		r.Players = summarise(r.Decisions, rec, len(rv.Phases), rv.AccuracyScale)
		if lens == game.LensFair {
			a.Fair = r
		} else {
			a.Clairvoyant = r
		}
	}
	return a, nil
}

// ParseLens reads a lens's name; "both" (or "") is both.
func ParseLens(s string) ([]game.Lens, error) {
	switch game.Lens(s) {
	case "", "both":
		return []game.Lens{game.LensFair, game.LensClairvoyant}, nil
	case game.LensFair, game.LensClairvoyant:
		return []game.Lens{game.Lens(s)}, nil
	}
	return nil, fmt.Errorf("unknown lens %q (fair, clairvoyant or both)", s)
}

// decision is a verdict as the report gives it: values rounded to hundredths, so that the JSON reads well
// and compares equal across runs, and the cost taken from the rounded values.
func decision(i int, m game.RecordedMove, v game.Verdict) Decision {
	// The move as recorded, without its spacing, so that it reads as the best move does.
	var played bytes.Buffer
	if json.Compact(&played, m.Move) == nil {
		m.Move = played.Bytes()
	}
	d := Decision{Move: i, Seat: int(m.Seat), Phase: v.Phase, Played: m.Move, Best: v.Best,
		Value: round(v.PlayedValue), BestValue: round(max(v.BestValue, v.PlayedValue)),
		Expected: round(v.PlayedExpected), BestExpected: round(v.BestExpected), Samples: v.Samples}
	d.Cost = round(d.BestValue - d.Value)
	if d.Cost <= 0 {
		// Nothing lost: the move played is as good as the best by the analysis's own measure.
		d.Cost, d.Best, d.BestValue, d.BestExpected = 0, m.Move, d.Value, d.Expected
	}
	return d
}

// nameMoves puts a decision's moves in words, where the game names moves; st is the position they are
// played in.
func nameMoves(d *Decision, words func(game.State, json.RawMessage) (string, error), st game.State) error {
	if words == nil {
		return nil
	}
	var err error
	if d.PlayedWords, err = words(st, d.Played); err != nil {
		return err
	}
	d.BestWords, err = words(st, d.Best)
	return err
}

func round(x float64) float64 { return math.Round(x*100) / 100 }

// summarise builds each seat's summary from the decisions of one lens.
func summarise(ds []Decision, rec game.Record, phases int, scale float64) []Player {
	ps := make([]Player, rec.Seats)
	acc := make([]float64, rec.Seats)
	for s := range ps {
		ps[s] = Player{Seat: s, LostByPhase: make([]float64, phases), Costliest: []int{}, Series: []Point{}}
		if s < len(rec.Players) {
			ps[s].Name = rec.Players[s]
		}
	}
	for i, d := range ds {
		p := &ps[d.Seat]
		p.Decisions++
		p.Lost += d.Cost
		if d.Phase >= 0 && d.Phase < phases {
			p.LostByPhase[d.Phase] += d.Cost
		}
		acc[d.Seat] += 100 * math.Exp(-d.Cost/scale)
		p.Series = append(p.Series, Point{Move: d.Move, Expected: d.Expected})
		if d.Cost > 0 {
			p.Costliest = append(p.Costliest, i)
		}
	}
	for s := range ps {
		p := &ps[s]
		p.Lost = round(p.Lost)
		for k := range p.LostByPhase {
			p.LostByPhase[k] = round(p.LostByPhase[k])
		}
		// Costliest first; of equal costs the earlier decision first.
		slices.SortStableFunc(p.Costliest, func(a, b int) int { return cmp.Compare(ds[b].Cost, ds[a].Cost) })
		p.Costliest = p.Costliest[:min(3, len(p.Costliest))]
		if p.Decisions > 0 {
			p.Accuracy = round(acc[s] / float64(p.Decisions))
		}
	}
	return ps
}
