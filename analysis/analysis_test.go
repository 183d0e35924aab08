package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// autoGame is a solo game played by the engine's automatic moves: a finished record made at no cost.
func autoGame(t testing.TB, name, options string, seats int, seed uint64) game.Record {
	t.Helper()
	plugin, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("no game %s", name)
	}
	rec := game.Record{Game: name, Options: json.RawMessage(options), Seed: seed, Seats: seats}
	st, err := plugin.New(rec.Options, rec.Seats, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Over() {
		seat := st.ToAct()[0]
		move, err := st.AutoMove(seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(seat, move); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: move})
	}
	return rec
}

// The analysis of a whole game at the least cost (one sample, the fair lens): every decision of the seat
// judged, costs never negative, progress told for every move.
func TestAnalyseOneSample(t *testing.T) {
	t.Parallel()
	rec := autoGame(t, "cartographers", `{}`, 1, 23)
	calls, last := 0, 0
	a, err := Analyse(context.Background(), rec, Options{Samples: 1, Lenses: []game.Lens{game.LensFair},
		Progress: func(done, total int) { calls, last = calls+1, done; _ = total }})
	if err != nil {
		t.Fatal(err)
	}
	if a.Clairvoyant != nil || a.Fair == nil || a.Samples != 1 {
		t.Fatalf("asked for the fair lens alone with one sample: %+v", a)
	}
	if calls != len(rec.Moves) || last != len(rec.Moves) {
		t.Errorf("progress told %d times, last %d, for %d moves", calls, last, len(rec.Moves))
	}
	if len(a.Fair.Decisions) != len(rec.Moves) || a.Fair.Players[0].Decisions != len(rec.Moves) {
		t.Errorf("%d decisions judged of %d moves", len(a.Fair.Decisions), len(rec.Moves))
	}
	for _, d := range a.Fair.Decisions {
		if d.Cost < 0 || d.BestValue < d.Value {
			t.Errorf("move %d: cost %.2f, best %.2f, played %.2f", d.Move, d.Cost, d.BestValue, d.Value)
		}
	}
	if p := a.Fair.Players[0]; len(p.LostByPhase) != 4 || len(p.Costliest) > 3 || p.Accuracy <= 0 || p.Accuracy > 100 {
		t.Errorf("summary %+v", p)
	}
}

// A record that does not replay, of a game not over, or of an unknown game is refused with a clear error,
// before anything is judged.
func TestRefusals(t *testing.T) {
	t.Parallel()
	rec := autoGame(t, "cartographers", `{}`, 1, 17)
	progress := 0
	try := func(r game.Record) error {
		_, err := Analyse(context.Background(), r, Options{Samples: 1, Progress: func(int, int) { progress++ }})
		return err
	}
	unfinished := rec
	unfinished.Moves = rec.Moves[:len(rec.Moves)-1]
	if err := try(unfinished); !errors.Is(err, ErrNotFinished) {
		t.Errorf("an unfinished game: %v", err)
	}
	illegal := rec
	illegal.Moves = append([]game.RecordedMove{}, rec.Moves...)
	illegal.Moves[1] = rec.Moves[0] // the same spaces drawn twice
	if err := try(illegal); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("an illegal move: %v", err)
	}
	bad := rec
	bad.Moves = append([]game.RecordedMove{}, rec.Moves...)
	bad.Moves[0].Move = json.RawMessage(`{"type":"nonsense"}`)
	if err := try(bad); err == nil || !strings.Contains(err.Error(), "move 0") {
		t.Errorf("a malformed move: %v", err)
	}
	unknown := rec
	unknown.Game = "chess"
	if err := try(unknown); err == nil || !strings.Contains(err.Error(), `unknown game "chess"`) {
		t.Errorf("an unknown game: %v", err)
	}
	for _, lenses := range [][]game.Lens{{"psychic"}, {game.LensFair, game.LensFair}} {
		if _, err := Analyse(context.Background(), rec, Options{Samples: 1, Lenses: lenses, Progress: func(int, int) { progress++ }}); err == nil || !strings.Contains(err.Error(), "want fair or clairvoyant") {
			t.Errorf("lenses %v: %v", lenses, err)
		}
	}
	if progress != 0 {
		t.Errorf("%d decisions judged for refused records", progress)
	}
	if _, err := ParseLens("both"); err != nil {
		t.Error(err)
	}
	if _, err := ParseLens("psychic"); err == nil {
		t.Error("an unknown lens is accepted")
	}
}

// A cancelled context stops the analysis.
func TestCancelled(t *testing.T) {
	t.Parallel()
	rec := autoGame(t, "cartographers", `{}`, 1, 19)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyse(ctx, rec, Options{Samples: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled analysis: %v", err)
	}
}
