package cartographers

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
	"time"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

const playUsage = "usage: surveyor cartographers play [--auto] [--seed N] [--preset cartographers|heroes|both] [--side A-D] [--json]"

// playHelp documents the input syntax of an interactive game.
const playHelp = `Spaces are named as printed on the sheet: a row letter A-K (top to bottom) then a column 1-11
(left to right), for example C9. Type:
  TERRAIN SPACE...            draw the card: forest B2 B3 C3 (the shape is recognised in any rotation or
                              flip; with the 1x1 fallback, one space)
  SPACE [ROTATION] [flip]     place a hero; ROTATION is 0-3 quarter turns clockwise of its attack pattern
  SPACE                       the space a Gorgon or a Giant Troll destroys
  moves                       list a few legal moves
  help                        this text
  quit                        give up`

// playResult is the --json output of an automatic game.
type playResult struct {
	Seed    uint64                `json:"seed"`
	Options cartographers.Options `json:"options"`
	Edicts  []string              `json:"edicts"`
	Score   int                   `json:"score"`
	Par     int                   `json:"par"`
	Rating  int                   `json:"rating"`
	Title   string                `json:"title"`
	Coins   int                   `json:"coins"`
	Seasons []playSeason          `json:"seasons"`
	Map     string                `json:"map"`
	Record  game.Record           `json:"record"`
}

type playSeason struct {
	Name string `json:"name"`
	cartographers.SeasonScore
}

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, playUsage); fs.PrintDefaults() }
	auto := fs.Bool("auto", false, "let the built-in policy play the whole game")
	seed := fs.Uint64("seed", 0, "seed of the game (default: from the clock)")
	preset := fs.String("preset", "cartographers", "content preset: cartographers, heroes or both")
	side := fs.String("side", "", "map side A, B, C or D (default: the preset's)")
	asJSON := fs.Bool("json", false, "with --auto: print one JSON object")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w\n%s", err, playUsage)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected argument %q\n%s", fs.Arg(0), playUsage)
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		*seed = uint64(time.Now().UnixNano())
	}
	opts := cartographers.Options{Preset: *preset, Side: *side}
	rawOpts, err := json.Marshal(opts)
	if err != nil {
		return fmt.Errorf("options: %w", err)
	}
	g, err := cartographers.NewToldGame(opts, 1, *seed)
	if err != nil {
		return err
	}
	rec := game.Record{Game: cartographers.Definition{}.Name(), Options: rawOpts, Seed: *seed, Seats: 1}
	if *auto {
		for !g.Over() {
			if err := ctx.Err(); err != nil {
				return err
			}
			m, err := g.AutoMove(0)
			if err != nil {
				return fmt.Errorf("auto move: %w", err)
			}
			if err := playAndRecord(g, &rec, m); err != nil {
				return err
			}
		}
		return printPlayResult(g, rec, *asJSON, stdout)
	}
	if *asJSON {
		return errors.New("--json needs --auto")
	}
	fmt.Fprintf(stdout, "Cartographers solo, preset %s, side %s, seed %d. Type help for the syntax.\n", g.Options().Preset, sideOf(g), *seed)
	in := bufio.NewScanner(stdin)
	for !g.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		showTurn(g, stdout)
		fmt.Fprint(stdout, "> ")
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return fmt.Errorf("read input: %w", err)
			}
			return errors.New("input ended before the game did")
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "exit":
			fmt.Fprintln(stdout, "game abandoned")
			return nil
		case "help", "?":
			fmt.Fprintln(stdout, playHelp)
			continue
		case "moves":
			listMoves(g, stdout)
			continue
		}
		m, err := parsePlayLine(g, line)
		if err == nil {
			err = playAndRecord(g, &rec, m)
		}
		if err != nil {
			fmt.Fprintf(stdout, "not allowed: %v\n", err)
		}
	}
	return printPlayResult(g, rec, false, stdout)
}

func sideOf(g *cartographers.Game) string {
	if s := g.Options().Side; s != "" {
		return strings.ToUpper(s)
	}
	return g.View(0).Side
}

// playAndRecord plays a move and appends its JSON form to the record.
func playAndRecord(g *cartographers.Game, rec *game.Record, m cartographers.Move) error {
	raw, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode move: %w", err)
	}
	if err := g.Play(0, m); err != nil {
		return err
	}
	rec.Moves = append(rec.Moves, game.RecordedMove{Seat: 0, Move: raw})
	return nil
}

// showTurn prints the sheet and what the player has to decide.
func showTurn(g *cartographers.Game, w io.Writer) {
	v := g.View(0)
	fmt.Fprintf(w, "\n%s, time %d of %d. Coins %d, score so far %d.\n", v.SeasonName, v.Time, v.Threshold, v.Sheets[0].Coins, v.Sheets[0].Score)
	for _, e := range v.Edicts {
		fmt.Fprintf(w, "  edict %s: %-20s now %d\n", e.Letter, e.Card, e.Projected.Stars)
	}
	fmt.Fprintln(w, "; columns 1-11 left to right, rows A-K top to bottom")
	fmt.Fprint(w, v.Sheets[0].Map)
	if len(v.Sheets[0].Hits) > 0 {
		fmt.Fprintf(w, "hero hits on %s\n", spaceNames(v.Sheets[0].Hits))
	}
	d := v.Decision
	if d == nil {
		return
	}
	c := d.Card
	switch d.Kind {
	case "draw":
		fmt.Fprintf(w, "Card: %s (time %d). Terrains: %s.\n", c.Name, c.Time, strings.Join(d.Terrains, ", "))
		switch d.Mode {
		case "fallback":
			fmt.Fprintln(w, "No offered shape can be drawn (or the ruins demand cannot be met): draw one space.")
		case "ruins":
			fmt.Fprintf(w, "Ruins: the shape must cover one of %s.\n", spaceNames(d.Targets))
		}
		if d.Mode != "fallback" {
			for i, s := range c.Shapes {
				coin := ""
				if s.Coin {
					coin = " (coin)"
				}
				fmt.Fprintf(w, "  shape %d%s: %s\n", i, coin, s.Grid)
			}
		}
	case "hero":
		fmt.Fprintf(w, "Hero: %s attacks %v from its space (rotation and flip allowed: %v).\n", c.Name, c.Attack, d.MayRotate)
	case "gorgon", "troll":
		fmt.Fprintf(w, "%s: choose the space to destroy among %s.\n", c.Name, spaceNames(d.Targets))
	}
}

// spaceName is a space as printed on the sheet, for example C9 for (2, 8).
func spaceName(rc [2]int) string { return fmt.Sprintf("%c%d", 'A'+rc[0], rc[1]+1) }

func spaceNames(list [][2]int) string {
	names := make([]string, len(list))
	for i, rc := range list {
		names[i] = spaceName(rc)
	}
	return strings.Join(names, " ")
}

// parseSpace reads a printed space name such as C9 or k11.
func parseSpace(s string) (cartographers.Cell, error) {
	if len(s) < 2 {
		return 0, fmt.Errorf("%q is not a space (row A-K, column 1-11, as in C9)", s)
	}
	r := int(strings.ToUpper(s[:1])[0] - 'A')
	c, err := strconv.Atoi(s[1:])
	if err != nil || r < 0 || r >= cartographers.Size || c < 1 || c > cartographers.Size {
		return 0, fmt.Errorf("%q is not a space (row A-K, column 1-11, as in C9)", s)
	}
	return cartographers.CellAt(r, c-1), nil
}

// parsePlayLine turns one input line into a move for the pending decision.
func parsePlayLine(g *cartographers.Game, line string) (cartographers.Move, error) {
	d, _ := g.DecisionOf(0)
	fields := strings.Fields(line)
	switch d.Kind() {
	case cartographers.DecideDraw:
		k, ok := cartographers.TerrainByName(strings.ToLower(fields[0]))
		if !ok {
			return cartographers.Move{}, fmt.Errorf("start with a terrain (%s)", terrainList(g, d))
		}
		var cells cartographers.Bits
		for _, f := range fields[1:] {
			c, err := parseSpace(f)
			if err != nil {
				return cartographers.Move{}, err
			}
			cells = cells.With(c)
		}
		m := cartographers.Move{Type: d.Kind(), Terrain: k, Cells: cells, Fallback: d.Mode() == cartographers.DrawFallback}
		// The option is the one whose shape the spaces form; the engine explains a mismatch.
		for opt := range d.Card().Card().Options {
			if cartographers.ShapeMatches(d.Card(), opt, cells) {
				m.Option = opt
			}
		}
		return m, nil
	case cartographers.DecideHero:
		c, err := parseSpace(fields[0])
		if err != nil {
			return cartographers.Move{}, err
		}
		m := cartographers.Move{Type: d.Kind(), Cells: cartographers.Single(c)}
		for _, f := range fields[1:] {
			if strings.EqualFold(f, "flip") {
				m.Flip = true
			} else if r, err := strconv.Atoi(f); err == nil {
				m.Rotation = r
			} else {
				return cartographers.Move{}, fmt.Errorf("%q: want a rotation 0-3 or flip", f)
			}
		}
		return m, nil
	case cartographers.DecideGorgon, cartographers.DecideTroll:
		if len(fields) != 1 {
			return cartographers.Move{}, errors.New("name one space")
		}
		c, err := parseSpace(fields[0])
		if err != nil {
			return cartographers.Move{}, err
		}
		return cartographers.Move{Type: d.Kind(), Cells: cartographers.Single(c)}, nil
	}
	return cartographers.Move{}, errors.New("nothing to decide now")
}

func terrainList(g *cartographers.Game, d cartographers.Decision) string {
	var names []string
	for _, k := range g.Terrains(d) {
		names = append(names, k.String())
	}
	return strings.Join(names, ", ")
}

// listMoves prints up to ten legal moves in the input syntax.
func listMoves(g *cartographers.Game, w io.Writer) {
	moves := g.LegalMoves(0)
	step := max(1, len(moves)/10)
	for i := 0; i < len(moves); i += step {
		m := moves[i]
		cells := spaceNames(cartographers.CellList(m.Cells))
		switch m.Type {
		case cartographers.DecideDraw:
			fmt.Fprintf(w, "  %s %s\n", m.Terrain, cells)
		case cartographers.DecideHero:
			flip := ""
			if m.Flip {
				flip = " flip"
			}
			fmt.Fprintf(w, "  %s %d%s\n", cells, m.Rotation, flip)
		default:
			fmt.Fprintf(w, "  %s\n", cells)
		}
	}
	fmt.Fprintf(w, "(%d legal moves)\n", len(moves))
}

// printPlayResult prints the final sheet, the season scores, the rating and the title.
func printPlayResult(g *cartographers.Game, rec game.Record, asJSON bool, w io.Writer) error {
	rec.Tell(g)
	sheet := g.Sheet(0)
	res := playResult{Seed: g.Seed(), Options: g.Options(), Score: g.Score(0), Par: g.SoloPar(), Rating: g.SoloRating(),
		Title: cartographers.SoloTitle(g.SoloRating()), Coins: sheet.Coins(), Map: sheet.MapText(), Record: rec}
	edicts, cards, seasons, letters := g.Edicts(), cartographers.ScoringCards(), cartographers.Seasons(), cartographers.EdictNames()
	for _, e := range edicts {
		res.Edicts = append(res.Edicts, cards[e].Name)
	}
	for i, s := range g.SeasonScores(0) {
		res.Seasons = append(res.Seasons, playSeason{Name: seasons[i].Name, SeasonScore: s})
	}
	if asJSON {
		return json.NewEncoder(w).Encode(res)
	}
	fmt.Fprintf(w, "Cartographers solo, preset %s, side %s, seed %d\n", res.Options.Preset, sideOf(g), res.Seed)
	for i, name := range res.Edicts {
		fmt.Fprintf(w, "  edict %s: %s (solo %d)\n", letters[i], name, cards[edicts[i]].Solo)
	}
	fmt.Fprint(w, res.Map)
	for i, s := range res.Seasons {
		e := seasons[i].Edicts
		fmt.Fprintf(w, "%-6s  %s %2d  %s %2d  coins %2d  monsters -%d  = %d\n", s.Name,
			letters[e[0]], s.Edicts[0], letters[e[1]], s.Edicts[1], s.Coins, s.Monsters, s.Total)
	}
	fmt.Fprintf(w, "Score %d, rating %d (score - %d), title: %s\n", res.Score, res.Rating, res.Par, res.Title)
	return nil
}
