package game

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// What a game brings besides its Definition, so that the list of games (package games) can offer it to
// every host: the server seats its bots, the command line runs its commands, measures its hot paths and
// simulates it. None of these types names a game.

// Plugin is one game and everything it brings; package games holds the one list of them.
type Plugin struct {
	Definition
	// Bots are the game's bots, the default (strongest) first.
	Bots []BotSpec
	// Commands are the game's subcommands of the binary (surveyor NAME COMMAND).
	Commands []Command
	// Benchmarks are the game's hot paths for surveyor bench.
	Benchmarks []Benchmark
	// Sim plays the game fast between bots; nil if the game cannot be simulated.
	Sim Simulator
	// SimOnly names players the simulator alone may seat besides Bots: yardsticks that read what no player
	// may (a search told the deck's order), never offered to a table nor calibrated with the bots.
	SimOnly []string
	// SoloTitles are the titles a solo game can earn, best first (none for games without them).
	SoloTitles []string
	// Review values a finished game's decisions for the post-game analysis; nil if the game has none.
	Review *Reviewing
	// Challenges are the series of daily or weekly challenges the game offers (server/challenges): every
	// player of a period plays the same game.
	Challenges []ChallengeSeries
	// ScoreUnit is what the game's score counts, in English ("stars"), for texts that name it.
	ScoreUnit string
}

// ChallengeSeries is one series of challenges of a game: a challenge a day, or a week from Monday (UTC).
type ChallengeSeries struct {
	// Game is the game's name and Unit what its score counts; the list of games fills both in.
	Game, Unit string
	Weekly     bool
	// Options are a challenge's options before the game canonicalises them; pick is a number the server
	// derives from its secret key and the challenge, for the choices the seed does not make inside the
	// engine (a map side).
	Options func(pick uint64) map[string]any
	// Bots seat after the player: the game's deterministic bots (their moves follow from the position), so
	// that every player meets the same opponent in the same game.
	Bots []string
}

// Bot returns the spec of one of the game's bots; "" means its default. An unknown name is an error that
// lists the known ones.
func (p Plugin) Bot(name string) (BotSpec, error) {
	if len(p.Bots) == 0 {
		return BotSpec{}, fmt.Errorf("%s has no bots", p.Name())
	}
	if name == "" {
		return p.Bots[0], nil
	}
	for _, b := range p.Bots {
		if b.Name == name {
			return b, nil
		}
	}
	names := p.BotNames()
	slices.Sort(names)
	return BotSpec{}, fmt.Errorf("%s has no bot %q (have %s)", p.Name(), name, strings.Join(names, ", "))
}

// BotNames lists the game's bots, the default first.
func (p Plugin) BotNames() []string {
	out := make([]string, len(p.Bots))
	for i, b := range p.Bots {
		out[i] = b.Name
	}
	return out
}

// BotSpec is one bot a game offers: the name players choose it by and a maker of fresh instances (a Bot
// keeps scratch space, so each table gets its own).
type BotSpec struct {
	Name string
	New  func() Bot
	// Rating is the bot's rating as a player of its game, measured by `surveyor sim --calibrate` against the
	// game's other bots and kept fixed: people's rated games against the bot move their ratings, never the
	// bot's. The zero value means unrated, and a table with an unrated bot cannot be rated.
	Rating FixedRating
}

// FixedRating is a bot's rating on the scale people's ratings use (Weng-Lin mu and sigma, docs/ratings.md).
type FixedRating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Rated reports whether the rating was measured (a measured sigma is never zero).
func (r FixedRating) Rated() bool { return r.Sigma > 0 }

// AutoBot plays the engine's own simple policy (State.AutoMove): every game has it, and it is the baseline
// the other bots are measured against.
type AutoBot struct{}

// Name is "auto".
func (AutoBot) Name() string { return "auto" }

// Move returns the state's AutoMove for the seat.
func (AutoBot) Move(st State, seat Seat) (json.RawMessage, error) {
	m, err := st.AutoMove(seat)
	if err != nil {
		return nil, fmt.Errorf("auto bot: %w", err)
	}
	return m, nil
}

// Command is a command-line subcommand a game brings: `surveyor GAME NAME [ARGS]`.
type Command struct {
	Name    string
	Summary string
	Run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// Benchmark is one hot path of a game, measured by `surveyor bench` as repeated operations.
type Benchmark struct {
	// Name is unique across the binary, prefixed by the game ("carcassonne/random-game").
	Name string
	// Op names one operation ("game", "decision").
	Op string
	// Setup prepares a measurement and returns its operation; the runner calls op(0), op(1)... and times
	// them, so that setup is not counted. An op may use i to vary seeds.
	Setup func() (op func(i int) error, err error)
}

// SimOutcome is the result of one simulated game, by seat.
type SimOutcome struct {
	Scores []int
	Ranks  []int
	// Title and Rating are a solo game's title and rating, for games that have them.
	Title  string
	Rating int
	// Think is, by seat, the time its bot took for each of its decisions in order (the sim reports their
	// median, p99 and maximum).
	Think [][]time.Duration
	// Counts are named tallies by seat that the sim averages per game, such as the figures of an
	// expansion stood and taken back (nil for none).
	Counts map[string][]int
}

// SimGame plays one whole game from a seed, seat s played by the bot named bots[s], through the engine's
// typed API (no JSON: the simulator plays millions of moves). It is used by one goroutine at a time.
type SimGame func(seed uint64, bots []string) (SimOutcome, error)

// Simulator checks options and a seat count once and returns a maker of SimGames, one per worker, each
// with its own bots and buffers.
type Simulator func(options json.RawMessage, seats int) (func() SimGame, error)
