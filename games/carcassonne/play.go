package carcassonne

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// carcassonneResult is the --json output: at least the final scores, the tiles laid and the game record,
// which `surveyor replay` turns back into the same scores.
type carcassonneResult struct {
	Scores      []int       `json:"scores"`
	Ranks       []int       `json:"ranks"`
	TilesPlaced int         `json:"tiles_placed"`
	Record      game.Record `json:"record"`
}

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("carcassonne play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	auto := fs.Bool("auto", false, "every seat plays the built-in greedy policy")
	seed := fs.Uint64("seed", 1, "seed of the tile and Land Surveyors shuffles")
	players := fs.Int("players", 2, "number of players, 2 to 5")
	surveyors := fs.Bool("surveyors", false, "play with the Land Surveyors")
	exps := fs.String("expansions", "", "comma-separated expansions to play with, e.g. river,abbot")
	optJSON := fs.String("options", "", `options object, e.g. {"farmhouses":"KLWX"} (--surveyors sets "surveyors")`)
	asJSON := fs.Bool("json", false, "print one JSON object with the scores, tiles placed and game record")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	opts, err := carcassonne.ParseOptions(json.RawMessage(*optJSON))
	if err != nil {
		return err
	}
	opts.Surveyors = opts.Surveyors || *surveyors
	if *exps != "" {
		names, err := json.Marshal(strings.Split(*exps, ","))
		if err != nil {
			return fmt.Errorf("encode expansions: %w", err)
		}
		var e carcassonne.Expansions
		if err := json.Unmarshal(names, &e); err != nil {
			return fmt.Errorf("--expansions: %w", err)
		}
		opts.Expansions |= e
	}
	rawOpts, err := json.Marshal(opts)
	if err != nil {
		return fmt.Errorf("encode options: %w", err)
	}
	st, err := carcassonne.Definition{}.New(rawOpts, *players, *seed)
	if err != nil {
		return err
	}
	g := st.(*carcassonne.Game)
	rec := game.Record{Game: carcassonne.Definition{}.Name(), Options: rawOpts, Seed: *seed, Seats: *players, Moves: []game.RecordedMove{}}
	in := bufio.NewScanner(stdin)
	for !g.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		seat := st.ToAct()[0]
		var move json.RawMessage
		if *auto {
			if move, err = st.AutoMove(seat); err != nil {
				return err
			}
		} else if move, err = askMove(g, seat, in, stdout); err != nil {
			return err
		}
		if err := st.Apply(seat, move); err != nil {
			if *auto {
				return fmt.Errorf("policy move %s: %w", move, err)
			}
			fmt.Fprintf(stdout, "refused: %v\n", err)
			continue
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: move})
	}
	rec.Tell(st)
	res := st.Result()
	if *asJSON {
		return json.NewEncoder(stdout).Encode(carcassonneResult{
			Scores: res.Scores, Ranks: res.Ranks, TilesPlaced: g.TilesPlaced(), Record: rec,
		})
	}
	fmt.Fprint(stdout, g.Text())
	fmt.Fprintf(stdout, "%d tiles placed\n", g.TilesPlaced())
	for s, sc := range res.Scores {
		fmt.Fprintf(stdout, "seat %d: %d points, rank %d\n", s+1, sc, res.Ranks[s])
	}
	return nil
}

// askMove shows the board and reads one move for a seat: a JSON move, or "X Y ROTATION [MEEPLE]" with the
// rotation in degrees; "moves" lists the legal moves.
func askMove(g *carcassonne.Game, seat game.Seat, in *bufio.Scanner, out io.Writer) (json.RawMessage, error) {
	fmt.Fprint(out, g.Text())
	fmt.Fprintf(out, "scores:")
	for s := 0; s < g.Players(); s++ {
		fmt.Fprintf(out, " %d (%d meeples)", g.Score(s), g.Supply(s))
	}
	fmt.Fprintf(out, "\nseat %d: lay tile %s (%d tiles left) as X Y ROTATION [MEEPLE], or \"moves\": ", seat+1, g.Current(), g.DrawPileSize())
	for {
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return nil, fmt.Errorf("read move: %w", err)
			}
			return nil, errors.New("input ended before the game did")
		}
		line := strings.TrimSpace(in.Text())
		switch {
		case line == "":
			continue
		case line == "moves":
			for _, m := range g.LegalMoves(seat) {
				fmt.Fprintln(out, string(m))
			}
			fmt.Fprint(out, "move: ")
			continue
		case strings.HasPrefix(line, "{"):
			return json.RawMessage(line), nil
		}
		f := strings.Fields(line)
		if len(f) < 3 || len(f) > 4 {
			fmt.Fprint(out, "want X Y ROTATION [MEEPLE]: ")
			continue
		}
		var n [3]int
		ok := true
		for i := range n {
			v, err := strconv.Atoi(f[i])
			ok = ok && err == nil
			n[i] = v
		}
		if !ok {
			fmt.Fprint(out, "X, Y and ROTATION are integers: ")
			continue
		}
		m := carcassonne.MoveJSON{Type: "place", X: &n[0], Y: &n[1], Rotation: &n[2]}
		if len(f) == 4 {
			m.Meeple = f[3]
		}
		raw, err := json.Marshal(m)
		if err != nil {
			return nil, fmt.Errorf("encode move: %w", err)
		}
		return raw, nil
	}
}
