package tournaments

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// createRequest is POST /api/tournaments's body.
type createRequest struct {
	settings
	Visibility string    `json:"visibility"`
	MaxPlayers int       `json:"max_players"`
	StartsAt   time.Time `json:"starts_at"`
	// Break is settings.RoundBreak as asked: absent, the default.
	Break *int `json:"round_break_seconds"`
}

// Limits of a tournament's settings.
const (
	maxName       = 60
	maxRounds     = 20
	maxPlayers    = 1000
	defaultMax    = 64
	maxWindow     = 86400
	minArena      = 300
	maxArena      = 86400
	day           = 86400
	maxLeagueDays = 14
	// A Swiss's players get a minute between rounds by default: to see the standings, to breathe, to
	// come back from elsewhere (as lichess's and BGA's Swiss).
	defaultBreak = 60
	maxBreak     = 3600
	// maxUpcoming is how many tournaments one account may have upcoming at once: a club's season scheduled
	// ahead fits, and no account fills the upcoming list (the soonest hundred) with its own nor has every
	// instance's loop read thousands of them each few seconds.
	maxUpcoming = 20
)

func bad(format string, args ...any) error {
	return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, format, args...)
}

// check validates a new tournament's settings against the game and the server, and fills defaults.
func (s *Room) check(req *createRequest, now time.Time) error {
	req.Name = strings.TrimSpace(req.Name)
	if req.Name == "" || utf8.RuneCountInString(req.Name) > maxName {
		return bad("a tournament's name is 1 to %d characters", maxName)
	}
	if strings.ContainsFunc(req.Name, func(c rune) bool { return !unicode.IsPrint(c) }) {
		return bad("a tournament's name holds no control or invisible characters")
	}
	def, ok := s.host.Games[req.Game]
	if !ok {
		return bad("unknown game %q (see GET /api/games)", req.Game)
	}
	opts, err := def.CanonicalOptions(req.Options)
	if err != nil {
		return httpkit.Errf(http.StatusBadRequest, "bad_options", "%v", err)
	}
	req.Options = opts
	if req.Visibility == "" {
		req.Visibility = "public"
	}
	if req.Visibility != "public" && req.Visibility != "invite" {
		return bad(`visibility is "public" or "invite"`)
	}
	if req.MaxPlayers == 0 {
		req.MaxPlayers = defaultMax
	}
	if req.MaxPlayers < 2 || req.MaxPlayers > maxPlayers {
		return bad("max_players is 2 to %d", maxPlayers)
	}
	if !req.StartsAt.After(now) || req.StartsAt.After(now.AddDate(1, 0, 0)) {
		return bad("starts_at is a time in the future, within a year")
	}
	if req.CheckIn < 0 || req.CheckIn > maxWindow || req.Forfeit < 0 || req.Forfeit > maxWindow {
		return bad("check_in_seconds and forfeit_seconds are 0 to %d", maxWindow)
	}
	if req.Rated && req.Bots.Allowed {
		return bad("bots never play in a rated tournament")
	}
	if req.Bots.Allowed && !s.botKnown(req.Game, req.Bots.Level) {
		return bad("no bot %q for %s on this server", req.Bots.Level, req.Game)
	}
	if !req.Bots.Allowed {
		req.Bots.Level = ""
	}
	if err := checkClock(req.Clock, req.Format == League); err != nil {
		return err
	}
	// the seats these options allow (Carcassonne's sixth colour comes with an expansion)
	lo, hi, err := game.SeatRangeFor(def, req.Options)
	if err != nil {
		return httpkit.Errf(http.StatusBadRequest, "bad_options", "%v", err)
	}
	if err := checkFormat(&req.settings, lo, hi); err != nil {
		return err
	}
	if err := checkBreak(req); err != nil {
		return err
	}
	return checkRoom(req)
}

// checkRoom: a tournament takes at least the players one of its tables seats (a Swiss at tables), or it
// could never start.
func checkRoom(req *createRequest) error {
	if req.Format == Tables && req.MaxPlayers < req.Seats.Min {
		return bad("max_players is at least a table's %d seats", req.Seats.Min)
	}
	return nil
}

// checkBreak: a break between rounds is a Swiss's (at tables too), 0 to maxBreak seconds; an arena has no
// rounds, and a league's next round follows at once, its games lasting days.
func checkBreak(req *createRequest) error {
	swiss := req.Format == Swiss || req.Format == Tables
	req.RoundBreak = 0
	switch {
	case req.Break == nil:
		if swiss {
			req.RoundBreak = defaultBreak
		}
	case *req.Break < 0 || *req.Break > maxBreak:
		return bad("round_break_seconds is 0 to %d", maxBreak)
	case *req.Break > 0 && !swiss:
		return bad("only a Swiss has a break between rounds: an arena has no rounds, a league's follow at once")
	default:
		req.RoundBreak = *req.Break
	}
	return nil
}

// botKnown reports whether the server seats a bot of that name in the game.
func (s *Room) botKnown(gameName, level string) bool {
	return s.host.Bots != nil && level != "" && slices.Contains(s.host.Bots.Names(gameName), level)
}

// checkClock: a clock is a match's ("move" or "game", a positive number of seconds); a league's is in whole
// days, 1 to 14. Every tournament has one, as on lichess and Board Game Arena: without it a player who
// walks away mid-game stalls the round (or the league, or the arena's pairing of the one left) for ever, as
// the no-show forfeit covers only the first move and only a clock lets the opponent claim the game.
func checkClock(c *Clock, league bool) error {
	if c == nil {
		if league {
			return bad("a league needs a clock in days: {\"mode\": \"move\", \"seconds\": 86400}")
		}
		return bad("a tournament needs a clock, or a player who walks away stalls it for ever: {\"mode\": \"game\", \"seconds\": 600} (a game's time per player) or {\"mode\": \"move\", \"seconds\": 60} (each move's)")
	}
	if c.Mode != "move" && c.Mode != "game" {
		return bad(`clock mode is "move" or "game"`)
	}
	if league && (c.Seconds%day != 0 || c.Seconds < day || c.Seconds > maxLeagueDays*day) {
		return bad("a league's clock is 1 to %d whole days (seconds a multiple of 86400)", maxLeagueDays)
	}
	if c.Seconds < 10 || c.Seconds > maxLeagueDays*day {
		return bad("clock seconds are 10 to %d", maxLeagueDays*day)
	}
	return nil
}

// checkFormat checks the format's own settings against the game's seats (lo to hi) and clears the others.
func checkFormat(set *settings, lo, hi int) error {
	rounds, seats, dur, group := set.Rounds, set.Seats, set.Duration, set.GroupSize
	set.Rounds, set.Seats, set.Duration, set.GroupSize = 0, seatsJSON{Min: 2, Max: 2}, 0, 0
	if set.Format != League {
		set.Promote = 0
	}
	twoSeats := lo <= 2 && hi >= 2
	switch set.Format {
	case Swiss, Tables:
		if rounds < 1 || rounds > maxRounds {
			return bad("rounds is 1 to %d", maxRounds)
		}
		set.Rounds = rounds
		if set.Format == Swiss {
			break
		}
		if seats.Min < 3 || seats.Max > 6 || seats.Min > seats.Max || seats.Min < lo || seats.Max > hi {
			return bad("seats at tables are 3 to 6, within the game's %d to %d", lo, hi)
		}
		set.Seats = seats
		return nil
	case Arena:
		if dur < minArena || dur > maxArena {
			return bad("an arena lasts %d to %d seconds", minArena, maxArena)
		}
		set.Duration = dur
	case League:
		if group < 3 || group > 12 {
			return bad("a league's groups are of 3 to 12 players")
		}
		set.GroupSize = group
		if set.Promote == 0 {
			set.Promote = 1
		}
		if set.Promote < 0 || 2*set.Promote > group {
			return bad("promote is 1 to half a group")
		}
	default:
		return bad(`format is "swiss", "tables", "arena" or "league"`)
	}
	if !twoSeats {
		return bad("this game is not played by two: choose tables")
	}
	return nil
}

// newKey is an invite key.
func newKey() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Create is POST /api/tournaments: a signed-in player creates a tournament.
func (s *Room) Create(w http.ResponseWriter, r *http.Request) error {
	var req createRequest
	if err := httpkit.Decode(w, r, s.host.MaxBody, &req, nil); err != nil {
		return err
	}
	p, err := s.host.Ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	if s.host.Creating != nil {
		if err := s.host.Creating(r); err != nil {
			return err
		}
	}
	now := s.host.Now()
	if req.Season != 0 || req.Previous != "" || req.Divisions != nil {
		return bad("season, previous and divisions are the server's: a league's next season is POST /api/tournaments/{id}/next-season")
	}
	req.Season = 1
	if err := s.check(&req, now); err != nil {
		return err
	}
	if err := s.roomToCreate(r.Context(), p.User.ID); err != nil {
		return err
	}
	t := store.Tournament{ID: httpkit.NewID(), Creator: p.User.ID, Visibility: req.Visibility, Status: Upcoming,
		StartsAt: req.StartsAt, MaxPlayers: req.MaxPlayers, Created: now}
	if t.Visibility == "invite" {
		t.Key = newKey()
	}
	var err2 error
	if t.Settings, err2 = json.Marshal(req.settings); err2 != nil {
		return err2
	}
	if err := s.host.Store.AddTournament(r.Context(), t); err != nil {
		return fmt.Errorf("create tournament: %w", err)
	}
	s.host.Log.Info("tournament created", "tournament", t.ID, "format", req.Format, "game", req.Game)
	out := map[string]string{"id": t.ID}
	if t.Key != "" {
		out["invite"] = inviteLink(loaded{Tournament: t})
	}
	httpkit.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// roomToCreate refuses an account that has maxUpcoming tournaments upcoming already (two creations at
// the same moment may both pass: the bound is against a flood, not exact).
func (s *Room) roomToCreate(ctx context.Context, user string) error {
	ts, err := s.host.Store.ActiveTournaments(ctx)
	if err != nil {
		return fmt.Errorf("create tournament: count upcoming: %w", err)
	}
	n := 0
	for _, t := range ts {
		if t.Creator == user && t.Status == Upcoming {
			n++
		}
	}
	if n >= maxUpcoming {
		return refuse(CodeTooMany, "you have %d tournaments upcoming, as many as one may: create another once one has started or been cancelled", n)
	}
	return nil
}
