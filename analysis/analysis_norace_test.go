//go:build !race

// The analysis's judgements on whole games, built without the race detector: the searches are
// CPU-bound and the detector makes them ten times slower (scripts/test runs them on their own).
package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// The tests use small sample counts: what they check holds for any count.
const (
	cartoSamples = 2
	carcSamples  = 1
)

// badMove is the move the games with a bad move play badly.
const badMove = 2

type table struct {
	name    string
	options string
	seats   int
	samples int
	// tried is the most legal moves tried for the bad move.
	tried int
}

var tables = []table{
	{"cartographers", `{}`, 1, cartoSamples, 16},
	{"carcassonne", `{"surveyors":true}`, 2, carcSamples, 1000},
}

// botGame plays a game whose every move is the fair judge's own best, asked about the engine's AutoMove at
// each decision (the best of the searched answers, of which the automatic move is one); at move bad (-1:
// none) the seat plays instead the legal move the judge values lowest.
func botGame(t testing.TB, tb table, seed uint64, bad int) game.Record {
	t.Helper()
	plugin, ok := games.Lookup(tb.name)
	if !ok {
		t.Fatalf("no game %s", tb.name)
	}
	rec := game.Record{Game: tb.name, Options: json.RawMessage(tb.options), Seed: seed, Seats: tb.seats}
	st, err := plugin.New(rec.Options, rec.Seats, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	judge := plugin.Review.NewJudge(game.LensFair, 7, tb.samples)
	for !st.Over() {
		seat := st.ToAct()[0]
		move, err := st.AutoMove(seat)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Moves) == bad {
			// Chosen on more samples than the test's, so that it is bad in most futures.
			move = worstMove(t, plugin.Review.NewJudge(game.LensFair, 7, 4*tb.samples), st, seat, tb.tried)
		} else if v, ok, err := judge.Judge(st, seat, move); err != nil {
			t.Fatal(err)
		} else if ok {
			move = v.Best
		}
		if err := st.Apply(seat, move); err != nil {
			t.Fatalf("move %d: %v", len(rec.Moves), err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: move})
	}
	return rec
}

// worstMove is the legal move of the seat that the judge values lowest.
func worstMove(t testing.TB, judge game.Judge, st game.State, seat game.Seat, maxTried int) json.RawMessage {
	t.Helper()
	var worst json.RawMessage
	low := 0.0
	// At most maxTried of the legal moves, spread over the list, so that the test stays fast.
	moves := st.LegalMoves(seat)
	step := max(1, len(moves)/maxTried)
	for k := 0; k < len(moves); k += step {
		m := moves[k]
		v, ok, err := judge.Judge(st, seat, m)
		if err != nil {
			t.Fatal(err)
		}
		if ok && (worst == nil || v.PlayedValue < low) {
			worst, low = m, v.PlayedValue
		}
	}
	if worst == nil {
		t.Fatal("no legal move valued")
	}
	return worst
}

// fixture is a game of a table played by botGame and its analysis with both lenses, made once for the
// tests that read it.
type fixture struct {
	rec game.Record
	a   *Analysis
}

var (
	fixturesMu sync.Mutex
	fixtures   = map[string]*fixture{}
)

// played is the fixture of table tb: its seat's best play (bad < 0) or a game with a bad move at move bad.
func played(t testing.TB, tb table, bad int) *fixture {
	t.Helper()
	key := fmt.Sprint(tb.name, bad)
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if f, ok := fixtures[key]; ok {
		return f
	}
	rec := botGame(t, tb, 5, bad)
	f := &fixture{rec: rec, a: analyse(t, rec, Options{Seed: 7, Samples: tb.samples})}
	fixtures[key] = f
	return f
}

func analyse(t testing.TB, rec game.Record, o Options) *Analysis {
	t.Helper()
	a, err := Analyse(context.Background(), rec, o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A seat that plays the judge's own best move every time loses (about) nothing: its accuracy is about 100.
func TestBestPlayCostsNothing(t *testing.T) {
	t.Parallel()
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			t.Parallel()
			a := played(t, tb, -1).a
			for _, p := range a.Fair.Players {
				if p.Decisions < 10 {
					t.Errorf("seat %d: %d decisions judged", p.Seat, p.Decisions)
				}
				// The judge's search sets differ in one answer between the game's making and its
				// analysis (the automatic move asked about), so a loss may show, seldom.
				if p.Lost > 0.05*float64(p.Decisions) || p.Accuracy < 97 {
					t.Errorf("seat %d played the judge's best and lost %.2f %s, accuracy %.1f", p.Seat, p.Lost, a.Unit, p.Accuracy)
				}
			}
		})
	}
}

// A deliberately bad move (the legal move the fair judge values lowest, on more samples than the test's)
// is among the seat's three costliest in the fair lens, with a positive cost. With the deck known it
// costs too, at least twice the seat's mean cost: the game's other moves were chosen without the deck, so
// that lens finds them costly too.
func TestBadMoveIsCostly(t *testing.T) {
	t.Parallel()
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			t.Parallel()
			f := played(t, tb, badMove)
			rec, a := f.rec, f.a
			for _, r := range []*Report{a.Fair, a.Clairvoyant} {
				p := r.Players[rec.Moves[badMove].Seat]
				t.Logf("%s: costs of seat %d:%s", r.Lens, p.Seat, costs(r, p.Seat))
				var d *Decision
				for i := range r.Decisions {
					if r.Decisions[i].Move == badMove {
						d = &r.Decisions[i]
					}
				}
				if d == nil {
					t.Fatalf("%s: the bad move is not judged", r.Lens)
				}
				if d.Cost <= 0 || bytes.Equal(d.Best, d.Played) {
					t.Errorf("%s: the bad move costs %.2f, best %s", r.Lens, d.Cost, d.Best)
				}
				costliest := false
				for _, i := range p.Costliest {
					costliest = costliest || r.Decisions[i].Move == badMove
				}
				if r.Lens == game.LensFair && !costliest {
					t.Errorf("fair: the bad move %d is not among the costliest %v", badMove, p.Costliest)
				}
				if mean := p.Lost / float64(p.Decisions); r.Lens == game.LensClairvoyant && d.Cost < 2*mean {
					t.Errorf("clairvoyant: the bad move costs %.2f, the seat's mean is %.2f", d.Cost, mean)
				}
				if p.Accuracy >= 100 || p.Lost <= 0 {
					t.Errorf("%s: accuracy %.1f, lost %.2f with a bad move", r.Lens, p.Accuracy, p.Lost)
				}
			}
		})
	}
}

// Every decision's best move is legal where it was judged and, judged as if played, valued as the analysis
// said, at least as the move played (the "honest about itself"); costs
// are never negative; the summaries add up; and once nothing is hidden (the last decision) both lenses
// value alike. (That the deck known values the best line higher holds in expectation only: a game's real
// order may be worse than the average the fair lens samples, docs/analysis.md.)
func TestHonestAndConsistent(t *testing.T) {
	t.Parallel()
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			t.Parallel()
			f := played(t, tb, badMove)
			rec, a := f.rec, f.a
			plugin, _ := games.Lookup(tb.name)
			if a.Unit != plugin.Review.Unit || len(a.Scores) != tb.seats {
				t.Fatalf("unit %q, scores %v", a.Unit, a.Scores)
			}
			var fairBest, clairBest float64
			rejudged := 0
			judges := map[game.Lens]game.Judge{
				game.LensFair:        plugin.Review.NewJudge(game.LensFair, 7, tb.samples),
				game.LensClairvoyant: plugin.Review.NewJudge(game.LensClairvoyant, 7, tb.samples),
			}
			for _, r := range []*Report{a.Fair, a.Clairvoyant} {
				st, err := plugin.New(rec.Options, rec.Seats, rec.Seed)
				if err != nil {
					t.Fatal(err)
				}
				next := 0
				lost := make([]float64, tb.seats)
				for i, m := range rec.Moves {
					if next < len(r.Decisions) && r.Decisions[next].Move == i {
						d := r.Decisions[next]
						next++
						if d.Cost < 0 || d.BestValue < d.Value || d.Cost != round(d.BestValue-d.Value) {
							t.Errorf("%s move %d: cost %.2f, best %.2f, played %.2f", r.Lens, i, d.Cost, d.BestValue, d.Value)
						}
						lost[d.Seat] += d.Cost
						if r.Lens == game.LensFair {
							fairBest += d.BestValue
						} else {
							clairBest += d.BestValue
						}
						if d.Cost > 0 {
							rejudged++
							// Played instead, the best move is valued as the analysis said: at least as
							// the move played, by the analysis's own measure.
							v, ok, err := judges[r.Lens].Judge(st, m.Seat, d.Best)
							if err != nil || !ok {
								t.Fatalf("%s move %d: the best move %s judged: %v %v", r.Lens, i, d.Best, ok, err)
							}
							if got := round(v.PlayedValue); got != d.BestValue || got < d.Value {
								t.Errorf("%s move %d: the best move played is valued %.2f, the analysis said %.2f (played %.2f)", r.Lens, i, got, d.BestValue, d.Value)
							}
						}
						try, _ := plugin.New(rec.Options, rec.Seats, rec.Seed)
						for _, earlier := range rec.Moves[:i] {
							if err := try.Apply(earlier.Seat, earlier.Move); err != nil {
								t.Fatal(err)
							}
						}
						if err := try.Apply(m.Seat, d.Best); err != nil {
							t.Errorf("%s move %d: the best move %s is refused: %v", r.Lens, i, d.Best, err)
						}
					}
					if err := st.Apply(m.Seat, m.Move); err != nil {
						t.Fatal(err)
					}
				}
				if next != len(r.Decisions) {
					t.Errorf("%s: %d decisions, %d matched to moves", r.Lens, len(r.Decisions), next)
				}
				for _, p := range r.Players {
					sum := 0.0
					for _, x := range p.LostByPhase {
						sum += x
					}
					if d := p.Lost - round(lost[p.Seat]); d > 0.02 || d < -0.02 || sum-p.Lost > 0.05 || p.Lost-sum > 0.05 {
						t.Errorf("%s seat %d: lost %.2f, decisions add to %.2f, phases to %.2f", r.Lens, p.Seat, p.Lost, lost[p.Seat], sum)
					}
					if len(p.Series) != p.Decisions {
						t.Errorf("%s seat %d: %d points for %d decisions", r.Lens, p.Seat, len(p.Series), p.Decisions)
					}
				}
			}
			lastF, lastC := a.Fair.Decisions[len(a.Fair.Decisions)-1], a.Clairvoyant.Decisions[len(a.Clairvoyant.Decisions)-1]
			if lastF.Value != lastC.Value || lastF.BestValue != lastC.BestValue {
				t.Errorf("last decision: fair %.2f/%.2f, clairvoyant %.2f/%.2f: nothing is hidden then", lastF.Value, lastF.BestValue, lastC.Value, lastC.BestValue)
			}
			// A solo Cartographers game of the base content has the clairvoyant beam's plan; this one
			// reaches more than the game played by a search that did not know the deck.
			if wantPlan := tb.name == "cartographers"; (a.Clairvoyant.Plan != nil) != wantPlan || a.Fair.Plan != nil {
				t.Errorf("plan %v (fair %v), want one: %v", a.Clairvoyant.Plan, a.Fair.Plan, wantPlan)
			} else if wantPlan && *a.Clairvoyant.Plan <= float64(a.Scores[0]) {
				t.Errorf("the plan knowing the deck reaches %.0f, the game scored %d", *a.Clairvoyant.Plan, a.Scores[0])
			} else if wantPlan {
				t.Logf("plan %.0f, score %d", *a.Clairvoyant.Plan, a.Scores[0])
			}
			// The game's last move ends it: the expected final score after it is the final score, exactly.
			for _, d := range []Decision{lastF, lastC} {
				if d.Move != len(rec.Moves)-1 || d.Expected != float64(a.Scores[d.Seat]) {
					t.Errorf("last decision (move %d of %d): expected %.2f, final score %d", d.Move, len(rec.Moves), d.Expected, a.Scores[d.Seat])
				}
			}
			if rejudged < 2 {
				t.Errorf("%d costly decisions re-judged: the game with a bad move should have some", rejudged)
			}
			n := float64(len(a.Fair.Decisions))
			t.Logf("mean best value: fair %.2f, clairvoyant %.2f", fairBest/n, clairBest/n)
		})
	}
}

// The same record and seed give the same analysis, byte for byte; another seed samples other futures.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			t.Parallel()
			f := played(t, tb, -1)
			enc := func(a *Analysis) []byte {
				raw, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				return raw
			}
			one := enc(f.a)
			fair := []game.Lens{game.LensFair}
			two := enc(analyse(t, f.rec, Options{Seed: 7, Samples: tb.samples, Lenses: fair}))
			other := enc(analyse(t, f.rec, Options{Seed: 8, Samples: tb.samples, Lenses: fair}))
			var again Analysis
			if err := json.Unmarshal(two, &again); err != nil {
				t.Fatal(err)
			}
			if again.Clairvoyant != nil {
				t.Error("asked for the fair lens alone")
			}
			again.Clairvoyant = f.a.Clairvoyant
			if !bytes.Equal(one, enc(&again)) {
				t.Error("two analyses of one record and seed differ")
			}
			if bytes.Equal(two, other) {
				t.Error("seeds 7 and 8 give the same analysis: the seed draws nothing")
			}
			for _, key := range []string{`"played":`, `"best":`, `"cost":`, `"accuracy":`, `"lost_by_phase":`, `"series":`, `"lens":"fair"`, `"lens":"clairvoyant"`} {
				if !bytes.Contains(one, []byte(key)) {
					t.Errorf("the JSON has no %s", key)
				}
			}
		})
	}
}

// costs lists a seat's decisions' costs, for a failure's message.
func costs(r *Report, seat int) string {
	var b strings.Builder
	for _, d := range r.Decisions {
		if d.Seat == seat {
			fmt.Fprintf(&b, " %d:%.2f", d.Move, d.Cost)
		}
	}
	return b.String()
}

// Every setup is analysed: Cartographers with the Heroes content at three seats (a monster a seat draws on
// a neighbour's sheet is the only move not judged) and Carcassonne with every expansion at three seats.
func TestEverySetup(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, options string
		samples       int
	}{
		{"cartographers", `{"preset":"both"}`, cartoSamples},
		{"carcassonne", `{"surveyors":true,"expansions":["river","abbot","inns_cathedrals","traders_builders","mage_witch"]}`, carcSamples},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec := autoGame(t, c.name, c.options, 3, 5)
			a := analyse(t, rec, Options{Samples: c.samples, Lenses: []game.Lens{game.LensFair}})
			judged := map[int]bool{}
			for _, d := range a.Fair.Decisions {
				judged[d.Move] = true
			}
			for i, m := range rec.Moves {
				var mv struct{ Type string }
				if err := json.Unmarshal(m.Move, &mv); err != nil {
					t.Fatal(err)
				}
				if neighbour := mv.Type == "ambush"; judged[i] == neighbour {
					t.Errorf("move %d (%s) judged: %v", i, m.Move, judged[i])
				}
			}
			if a.Fair.Plan != nil {
				t.Errorf("a plan in the fair lens: %v", *a.Fair.Plan)
			}
			for _, p := range a.Fair.Players {
				if p.Decisions < 10 || len(p.Series) != p.Decisions {
					t.Errorf("seat %d: %d decisions judged, %d points", p.Seat, p.Decisions, len(p.Series))
				}
			}
		})
	}
}
