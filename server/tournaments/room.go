// Package tournaments is the room of the tournaments beside the match host: Swiss, Swiss at tables,
// arena and correspondence league (docs/tournaments.md), created and entered by signed-in players. Each
// game is an ordinary match the host creates with the players' accounts bound to their seats; the room
// hears each game's end through the observer seam (observe.Observer) and never takes a result from a
// request. Pairing and ranking are the pure package tournament's; what several instances might do at
// once (start a tournament, pair a round, take an arena step, record a result) is claimed in the store.
package tournaments

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/store"
)

// The room's refusals, beside the kit's (docs/api.md lists them with their statuses).
const (
	CodeFull        = "tournament_full"
	CodeStarted     = "tournament_started"
	CodeJoined      = "already_joined"
	CodeNotJoined   = "not_joined"
	CodeWithdrawn   = "withdrawn"
	CodeNotCreator  = "not_creator"
	CodeCheckIn     = "check_in_closed"
	CodeNotArena    = "not_arena"
	CodeNotLeague   = "not_league"
	CodeNotFinished = "not_finished"
	CodeNotStarted  = "not_started"
	CodeNoBots      = "bots_not_allowed"
	CodeTooFew      = "not_enough_players"
	CodeTooMany     = "too_many_tournaments"
)

// Statuses of a tournament.
const (
	Upcoming  = "upcoming"
	Running   = "running"
	Finished  = "finished"
	Cancelled = "cancelled"
)

// Formats.
const (
	Swiss  = "swiss"
	Tables = "tables"
	Arena  = "arena"
	League = "league"
)

// Identity is who a request acts for.
type Identity interface {
	WhoIs(r *http.Request) (*accounts.Principal, error)
	SignedIn(r *http.Request, scope string) (*accounts.Principal, error)
}

// Clock is a tournament game's clock, as a match's.
type Clock struct {
	Mode    string `json:"mode"`
	Seconds int    `json:"seconds"`
}

// SeatSpec is one seat of a tournament match: an account, or a bot at a level.
type SeatSpec struct {
	Name   string
	UserID string // "" for a bot
	Bot    string // the bot's name in the game ("" for a person)
}

// Setup is a tournament match for the host to create and start: the seats in the pairing's order.
type Setup struct {
	Tournament string
	Game       string
	Options    json.RawMessage
	Clock      *Clock
	Rated      bool
	// Unlisted keeps the game out of the lobby's lists: an invite-only tournament's (its link opens it).
	Unlisted bool
	Seats    []SeatSpec
}

// Host is what the room needs of the server it serves in.
type Host struct {
	Accounts store.Accounts
	Store    store.Tournaments
	Ident    Identity
	Games    game.Registry
	Bots     game.Bots // nil: no bots
	Now      func() time.Time
	Log      *slog.Logger
	MaxBody  int64
	// Creating refuses a client that creates too much in a short time (the match host's limit on new
	// matches); nil: no limit.
	Creating func(r *http.Request) error
	// Start creates a tournament match, seats and binds its players, starts it and returns its id.
	Start func(ctx context.Context, s Setup) (string, error)
	// Resign resigns a seat of a match in play (a withdrawal, a forfeit); an ended game is no error.
	Resign func(ctx context.Context, matchID string, seat int) error
	// Idle are the seats of a match in play that must act and have not moved since it started, with those
	// waiting for their first turn who are absent as well (neither moved nor at the table); all reports
	// that every seat has moved (or the game is over): none will be idle again.
	Idle func(ctx context.Context, matchID string) (idle []int, all bool, err error)
	// Result is a finished match's ranks and scores and when it ended, by its log (false if it is not over
	// or cannot be read).
	Result func(ctx context.Context, matchID string) (res game.Result, at time.Time, ok bool)
	// Notify writes notes to the outbox; nil: none are written.
	Notify func(ctx context.Context, notes ...store.Note)
	// Go runs background work of the room (pairing the next round after a result).
	Go func(fn func(context.Context))
}

// Room is the tournaments of one server instance.
type Room struct {
	host   Host
	mu     sync.Mutex
	arenas map[string]*arenaFold // each arena as this instance last folded its log
	// moved are the games this instance found every seat had moved in: no forfeit to look for.
	moved map[string]bool
	// looked is when this instance last asked a game in play whether it had ended (observer.go)
	looked map[string]time.Time
	// live are the games in play this tick saw: what moved and looked keep past a tick (run.go prune)
	live map[string]bool
	// read are the arenas whose fold was read since the last prune: an arena no longer running stays
	// folded while its page is being read (run.go prune)
	read map[string]bool
	// rosters are the running arenas' players (arena.go)
	rosters map[string]map[string]store.Entrant
	// waking is when each tournament's break ends, for which this instance waits (rounds.go wake)
	waking map[string]time.Time
}

// New builds the room.
func New(h Host) *Room {
	return &Room{host: h, arenas: map[string]*arenaFold{}, moved: map[string]bool{}, looked: map[string]time.Time{}, live: map[string]bool{}, read: map[string]bool{}, rosters: map[string]map[string]store.Entrant{}, waking: map[string]time.Time{}}
}

// settings are a tournament's settings as stored (store.Tournament.Settings).
type settings struct {
	Name      string          `json:"name"`
	Game      string          `json:"game"`
	Options   json.RawMessage `json:"options"`
	Format    string          `json:"format"`
	Rated     bool            `json:"rated"`
	Bots      botsJSON        `json:"bots"`
	Clock     *Clock          `json:"clock"`
	Rounds    int             `json:"rounds"`
	Seats     seatsJSON       `json:"seats"`
	Duration  int             `json:"duration_seconds"`
	GroupSize int             `json:"group_size"`
	Promote   int             `json:"promote"`
	CheckIn   int             `json:"check_in_seconds"`
	Forfeit   int             `json:"forfeit_seconds"`
	// RoundBreak is the pause between a round's last game and the next round (swiss, tables).
	RoundBreak int    `json:"round_break_seconds"`
	Season     int    `json:"season"`
	Previous   string `json:"previous"`
	// Divisions: a later season's players by division (NextSeason's lists), grouped at its start.
	Divisions [][]string `json:"divisions,omitempty"`
}

type botsJSON struct {
	Allowed bool   `json:"allowed"`
	Level   string `json:"level"`
}

type seatsJSON struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// loaded is a tournament with its settings read.
type loaded struct {
	store.Tournament
	set settings
}

func (t loaded) startsOrEnds() time.Time {
	if t.set.Format == Arena && !t.Started.IsZero() {
		return t.Started.Add(time.Duration(t.set.Duration) * time.Second)
	}
	return time.Time{}
}
