package store

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Tournament is a tournament as stored (server/tournaments): the columns the room queries by, and its
// settings as the room's JSON.
type Tournament struct {
	ID         string
	Creator    string // the account that created it
	Visibility string // "public" or "invite"
	Key        string // the invite key ("" for a public one)
	Status     string // "upcoming", "running", "finished", "cancelled"
	StartsAt   time.Time
	Started    time.Time // zero before the start
	Finished   time.Time // zero before the end
	Players    int       // entrants, kept by AddEntrant and RemoveEntrant
	MaxPlayers int
	Settings   json.RawMessage
	Created    time.Time
}

// Entrant is one player of a tournament: an account, or a bot entrant (Bot its level, UserID made up by
// the room).
type Entrant struct {
	Tournament string
	UserID     string
	Name       string
	Rating     int
	Bot        string
	Joined     time.Time
	CheckedIn  bool
	Withdrawn  bool
	Paused     bool
	// Division and Group place a league's player (0 for the other formats).
	Division, Group int
	// Told: the "check in" note was written.
	Told bool
}

// TournamentSeat is one seat of a pairing, in the match's seat order.
type TournamentSeat struct {
	UserID  string `json:"user"`
	Place   int    `json:"place,omitempty"` // 1 for first, 0 while playing
	Score   int    `json:"score,omitempty"`
	Forfeit bool   `json:"forfeit,omitempty"` // lost by not moving in time
}

// TournamentPairing is one game of a round (or a bye: one seat, status "bye").
type TournamentPairing struct {
	Tournament string
	Round      int
	Table      int
	Group      int
	MatchID    string
	Seats      []TournamentSeat
	Status     string // "playing", "finished", "forfeit", "bye"
	Started    time.Time
	Finished   time.Time
}

// ArenaEvent is one entry of an arena's log, from which every instance folds the same arena.
type ArenaEvent struct {
	Seq  int64
	Kind string
	Data json.RawMessage
}

// Tournaments keeps the tournaments. What two instances may do at once is settled here, not in memory:
// a round is stored once (AddRound), an arena's log grows one entry at each sequence number
// (AppendArenaEvent), a status moves once (SetTournamentStatus), a result is recorded once (FinishPairing).
type Tournaments interface {
	AddTournament(ctx context.Context, t Tournament) error
	// Tournament is ErrNotFound for an unknown id.
	Tournament(ctx context.Context, id string) (Tournament, error)
	// ListTournaments lists those of a status ("" for all but the cancelled) that are public or that the
	// account created or entered, at most limit: the soonest to start first for "upcoming", else the
	// latest first.
	ListTournaments(ctx context.Context, status, userID string, limit int) ([]Tournament, error)
	// ActiveTournaments are those upcoming or running, for the room's loop.
	ActiveTournaments(ctx context.Context) ([]Tournament, error)
	// SetTournamentStatus moves a tournament from one status to another and stamps at (the start or the
	// end): false when it was not in from (another instance moved it first).
	SetTournamentStatus(ctx context.Context, id, from, to string, at time.Time) (bool, error)

	// AddEntrant enters a player while the tournament is upcoming and has room: ErrExists when they are
	// in already, ErrFull when it is full or no longer upcoming.
	AddEntrant(ctx context.Context, e Entrant) error
	// AddLateEntrant enters a player while the tournament runs and has room (an arena's late join):
	// ErrExists when they are in already, ErrFull when it is full or not running.
	AddLateEntrant(ctx context.Context, e Entrant) error
	// RemoveEntrant takes a player out while the tournament is upcoming: false if they were not in.
	RemoveEntrant(ctx context.Context, tournament, userID string) (bool, error)
	// Entrants lists the players in joining order.
	Entrants(ctx context.Context, tournament string) ([]Entrant, error)
	// Entrant is one player (ErrNotFound if not in).
	Entrant(ctx context.Context, tournament, userID string) (Entrant, error)
	// SetEntrantFlag sets one of "checked_in", "withdrawn", "paused", "told" to on: false when the player
	// is not in or the flag was so already.
	SetEntrantFlag(ctx context.Context, tournament, userID, flag string, on bool) (bool, error)
	// CheckIn checks a player in while the tournament is upcoming: ErrNotUpcoming once it has started (or
	// ended), ErrNotFound when they are not in it; checking in twice is no error. It takes the tournament's
	// row as a start does, so that a check-in lands wholly before the start's read of its players, or is
	// refused.
	CheckIn(ctx context.Context, tournament, userID string) error
	// PlaceEntrants sets league players' divisions and groups (Entrant.Division, Group) all at once: another
	// instance sees every group made, or none.
	PlaceEntrants(ctx context.Context, tournament string, es []Entrant) error

	// AddRound stores a round and its pairings at once: ErrExists when the round is stored already.
	AddRound(ctx context.Context, tournament string, round int, at time.Time, ps []TournamentPairing) error
	// AddPairing stores one arena game: ErrExists when its table number is taken.
	AddPairing(ctx context.Context, p TournamentPairing) error
	// SwapPairingMatch sets a pairing's match id to to if it is from: false otherwise (another instance
	// claimed the pairing's match first). The room claims a pairing with a token before it creates the
	// match, then swaps the token for the match's id.
	SwapPairingMatch(ctx context.Context, tournament string, round, table int, from, to string) (bool, error)
	// Pairings lists a tournament's pairings by round and table.
	Pairings(ctx context.Context, tournament string) ([]TournamentPairing, error)
	// PairingOfMatch is the pairing a match plays: ErrNotFound for a match of no tournament.
	PairingOfMatch(ctx context.Context, matchID string) (TournamentPairing, error)
	// FinishPairing records a game's result once: false if it was recorded already.
	FinishPairing(ctx context.Context, matchID string, seats []TournamentSeat, status string, at time.Time) (bool, error)
	// ForfeitSeat marks a seat of a game in play as lost by forfeit, once: false if it was already.
	ForfeitSeat(ctx context.Context, matchID string, seat int) (bool, error)

	// AppendArenaEvent appends an arena's log entry at seq: ErrExists when seq is taken.
	AppendArenaEvent(ctx context.Context, tournament string, e ArenaEvent) error
	// ArenaEvents lists an arena's log after seq, in order.
	ArenaEvents(ctx context.Context, tournament string, after int64) ([]ArenaEvent, error)
}

// ErrFull refuses an entrant: the tournament is full, or no longer takes entrants.
var ErrFull = errors.New("the tournament is full or has started")

// ErrNotUpcoming refuses a check-in: the tournament has started.
var ErrNotUpcoming = errors.New("the tournament is no longer upcoming")

var _ Tournaments = SQLAccounts{}

const tournamentCols = `id, creator, visibility, invite_key, status, starts_at, started, finished, players, max_players, settings, created`

func scanTournament(r Rows) (Tournament, error) {
	var t Tournament
	var starts, started, finished, created int64
	var settings string
	err := r.Scan(&t.ID, &t.Creator, &t.Visibility, &t.Key, &t.Status, &starts, &started, &finished, &t.Players, &t.MaxPlayers, &settings, &created)
	t.StartsAt, t.Started, t.Finished, t.Created = fromMicros(starts), fromMicros(started), fromMicros(finished), fromMicros(created)
	t.Settings = json.RawMessage(settings)
	return t, err
}

func (a SQLAccounts) AddTournament(ctx context.Context, t Tournament) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO tournaments (`+tournamentCols+`) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?)`,
		t.ID, t.Creator, t.Visibility, t.Key, t.Status, micros(t.StartsAt), t.MaxPlayers, string(t.Settings), micros(t.Created))
	return a.wrap("add tournament", err)
}

func (a SQLAccounts) tournaments(ctx context.Context, op, query string, args ...any) ([]Tournament, error) {
	rows, done, err := a.DB.Query(ctx, query, args...)
	if err != nil {
		return nil, a.wrap(op, err)
	}
	defer done()
	out, err := Collect(rows, scanTournament)
	return out, a.wrap(op, err)
}

func (a SQLAccounts) Tournament(ctx context.Context, id string) (Tournament, error) {
	var t Tournament
	err := a.one(ctx, a.DB, func(r Rows) (err error) { t, err = scanTournament(r); return err },
		`SELECT `+tournamentCols+` FROM tournaments WHERE id = ?`, id)
	if errors.Is(err, ErrNotFound) {
		return t, err
	}
	return t, a.wrap("tournament", err)
}

func (a SQLAccounts) ListTournaments(ctx context.Context, status, userID string, limit int) ([]Tournament, error) {
	q := `SELECT ` + tournamentCols + ` FROM tournaments t WHERE (visibility = 'public' OR creator = ? OR EXISTS
		(SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.user_id = ?)) AND `
	args := []any{userID, userID}
	if status == "" {
		q += `status <> 'cancelled'`
	} else {
		q += `status = ?`
		args = append(args, status)
	}
	order := ` ORDER BY starts_at DESC, id DESC LIMIT ?`
	if status == "upcoming" {
		order = ` ORDER BY starts_at, id LIMIT ?`
	}
	return a.tournaments(ctx, "list tournaments", q+order, append(args, limit)...)
}

func (a SQLAccounts) ActiveTournaments(ctx context.Context) ([]Tournament, error) {
	return a.tournaments(ctx, "active tournaments", `SELECT `+tournamentCols+` FROM tournaments
		WHERE status IN ('upcoming', 'running') ORDER BY starts_at, id`)
}

func (a SQLAccounts) SetTournamentStatus(ctx context.Context, id, from, to string, at time.Time) (bool, error) {
	col := "started"
	if to != "running" {
		col = "finished"
	}
	n, err := a.DB.Exec(ctx, `UPDATE tournaments SET status = ?, `+col+` = ? WHERE id = ? AND status = ?`, to, micros(at), id, from)
	return n > 0, a.wrap("set tournament status", err)
}

const entrantCols = `tournament_id, user_id, name, rating, bot, joined, checked_in, withdrawn, paused, division, grp, told`

func scanEntrant(r Rows) (Entrant, error) {
	var e Entrant
	var joined int64
	var in, out, paused, told int
	err := r.Scan(&e.Tournament, &e.UserID, &e.Name, &e.Rating, &e.Bot, &joined, &in, &out, &paused, &e.Division, &e.Group, &told)
	e.Joined, e.CheckedIn, e.Withdrawn, e.Paused, e.Told = fromMicros(joined), in != 0, out != 0, paused != 0, told != 0
	return e, err
}

func (a SQLAccounts) AddEntrant(ctx context.Context, e Entrant) error {
	return a.addEntrant(ctx, e, "upcoming")
}

func (a SQLAccounts) AddLateEntrant(ctx context.Context, e Entrant) error {
	return a.addEntrant(ctx, e, "running")
}

// addEntrant enters a player while the tournament has the status and room.
func (a SQLAccounts) addEntrant(ctx context.Context, e Entrant, status string) error {
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		// The count is taken first: the update locks the tournament's row (PostgreSQL), so that two joins
		// at once cannot both take the last place.
		n, err := db.Exec(ctx, `UPDATE tournaments SET players = players + 1 WHERE id = ? AND status = ? AND players < max_players`, e.Tournament, status)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrFull
		}
		_, err = db.Exec(ctx, `INSERT INTO tournament_entrants (`+entrantCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0)`,
			e.Tournament, e.UserID, e.Name, e.Rating, e.Bot, micros(e.Joined), flag(e.CheckedIn))
		return err
	})
	if errors.Is(err, ErrFull) || errors.Is(err, ErrExists) {
		return err
	}
	return a.wrap("add entrant", err)
}

func (a SQLAccounts) RemoveEntrant(ctx context.Context, tournament, userID string) (bool, error) {
	errNotIn := errors.New("not an entrant")
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		// The tournament's row first, as a join takes it: the update locks it (PostgreSQL), so that a start
		// at the same moment comes wholly before the leave (refused) or after it.
		n, err := db.Exec(ctx, `UPDATE tournaments SET players = players - 1 WHERE id = ? AND status = 'upcoming'`, tournament)
		if err != nil || n == 0 {
			return cmp.Or(err, errNotIn)
		}
		n, err = db.Exec(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?`, tournament, userID)
		if err != nil || n == 0 {
			return cmp.Or(err, errNotIn) // rolls the count back
		}
		return nil
	})
	if errors.Is(err, errNotIn) {
		return false, nil
	}
	return err == nil, a.wrap("remove entrant", err)
}

func (a SQLAccounts) Entrants(ctx context.Context, tournament string) ([]Entrant, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+entrantCols+` FROM tournament_entrants WHERE tournament_id = ? ORDER BY joined, user_id`, tournament)
	if err != nil {
		return nil, a.wrap("entrants", err)
	}
	defer done()
	out, err := Collect(rows, scanEntrant)
	return out, a.wrap("entrants", err)
}

func (a SQLAccounts) Entrant(ctx context.Context, tournament, userID string) (Entrant, error) {
	var e Entrant
	err := a.one(ctx, a.DB, func(r Rows) (err error) { e, err = scanEntrant(r); return err },
		`SELECT `+entrantCols+` FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?`, tournament, userID)
	if errors.Is(err, ErrNotFound) {
		return e, err
	}
	return e, a.wrap("entrant", err)
}

// entrantFlags are the columns SetEntrantFlag may set (never a name taken from a request).
var entrantFlags = map[string]bool{"checked_in": true, "withdrawn": true, "paused": true, "told": true}

func (a SQLAccounts) SetEntrantFlag(ctx context.Context, tournament, userID, name string, on bool) (bool, error) {
	if !entrantFlags[name] {
		return false, fmt.Errorf("%s: set entrant flag: no flag %q", a.Name, name)
	}
	n, err := a.DB.Exec(ctx, `UPDATE tournament_entrants SET `+name+` = ? WHERE tournament_id = ? AND user_id = ? AND `+name+` <> ?`,
		flag(on), tournament, userID, flag(on))
	return n > 0, a.wrap("set entrant flag", err)
}

func (a SQLAccounts) CheckIn(ctx context.Context, tournament, userID string) error {
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		// The tournament's row first, as a start's status change takes it: the update locks it
		// (PostgreSQL), so that a start waits for this check-in to commit, or this one sees it started.
		n, err := db.Exec(ctx, `UPDATE tournaments SET players = players WHERE id = ? AND status = 'upcoming'`, tournament)
		if err != nil || n == 0 {
			return cmp.Or(err, ErrNotUpcoming)
		}
		// both databases count a row the update matched, whether or not its value changes
		n, err = db.Exec(ctx, `UPDATE tournament_entrants SET checked_in = 1 WHERE tournament_id = ? AND user_id = ?`, tournament, userID)
		if err != nil || n == 0 {
			return cmp.Or(err, ErrNotFound)
		}
		return nil
	})
	if errors.Is(err, ErrNotUpcoming) || errors.Is(err, ErrNotFound) {
		return err
	}
	return a.wrap("check in", err)
}

func (a SQLAccounts) PlaceEntrants(ctx context.Context, tournament string, es []Entrant) error {
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		for _, e := range es {
			if _, err := db.Exec(ctx, `UPDATE tournament_entrants SET division = ?, grp = ? WHERE tournament_id = ? AND user_id = ?`,
				e.Division, e.Group, tournament, e.UserID); err != nil {
				return err
			}
		}
		return nil
	})
	return a.wrap("place entrants", err)
}

const pairingCols = `tournament_id, round, tbl, grp, match_id, seats, status, started, finished`

func scanPairing(r Rows) (TournamentPairing, error) {
	var p TournamentPairing
	var seats string
	var started, finished int64
	err := r.Scan(&p.Tournament, &p.Round, &p.Table, &p.Group, &p.MatchID, &seats, &p.Status, &started, &finished)
	if err == nil {
		err = json.Unmarshal([]byte(seats), &p.Seats)
	}
	p.Started, p.Finished = fromMicros(started), fromMicros(finished)
	return p, err
}

func insertPairing(ctx context.Context, db SQLDB, p TournamentPairing) error {
	seats, err := json.Marshal(p.Seats)
	if err != nil {
		return err
	}
	_, err = db.Exec(ctx, `INSERT INTO tournament_pairings (`+pairingCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.Tournament, p.Round, p.Table, p.Group, p.MatchID, string(seats), p.Status, micros(p.Started), micros(p.Finished))
	return err
}

func (a SQLAccounts) AddRound(ctx context.Context, tournament string, round int, at time.Time, ps []TournamentPairing) error {
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		// The round's row is the claim: a second instance pairing the same round fails here, whole.
		if _, err := db.Exec(ctx, `INSERT INTO tournament_rounds (tournament_id, number, started) VALUES (?, ?, ?)`,
			tournament, round, micros(at)); err != nil {
			return err
		}
		for _, p := range ps {
			if err := insertPairing(ctx, db, p); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrExists) {
		return err
	}
	return a.wrap("add round", err)
}

func (a SQLAccounts) AddPairing(ctx context.Context, p TournamentPairing) error {
	err := insertPairing(ctx, a.DB, p)
	if errors.Is(err, ErrExists) {
		return err
	}
	return a.wrap("add pairing", err)
}

func (a SQLAccounts) SwapPairingMatch(ctx context.Context, tournament string, round, table int, from, to string) (bool, error) {
	n, err := a.DB.Exec(ctx, `UPDATE tournament_pairings SET match_id = ? WHERE tournament_id = ? AND round = ? AND tbl = ? AND match_id = ?`,
		to, tournament, round, table, from)
	return n > 0, a.wrap("swap pairing match", err)
}

func (a SQLAccounts) Pairings(ctx context.Context, tournament string) ([]TournamentPairing, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+pairingCols+` FROM tournament_pairings WHERE tournament_id = ? ORDER BY round, tbl`, tournament)
	if err != nil {
		return nil, a.wrap("pairings", err)
	}
	defer done()
	out, err := Collect(rows, scanPairing)
	return out, a.wrap("pairings", err)
}

func (a SQLAccounts) PairingOfMatch(ctx context.Context, matchID string) (TournamentPairing, error) {
	if matchID == "" {
		return TournamentPairing{}, ErrNotFound
	}
	p, err := a.pairingOfMatch(ctx, a.DB, matchID)
	if errors.Is(err, ErrNotFound) {
		return p, err
	}
	return p, a.wrap("pairing of match", err)
}

func (a SQLAccounts) FinishPairing(ctx context.Context, matchID string, seats []TournamentSeat, status string, at time.Time) (bool, error) {
	b, err := json.Marshal(seats)
	if err != nil {
		return false, err
	}
	n, err := a.DB.Exec(ctx, `UPDATE tournament_pairings SET seats = ?, status = ?, finished = ? WHERE match_id = ? AND finished = 0`,
		string(b), status, micros(at), matchID)
	return n > 0, a.wrap("finish pairing", err)
}

func (a SQLAccounts) ForfeitSeat(ctx context.Context, matchID string, seat int) (bool, error) {
	done := false
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		p, err := a.pairingOfMatch(ctx, db, matchID)
		if err != nil || seat < 0 || seat >= len(p.Seats) || p.Seats[seat].Forfeit || !p.Finished.IsZero() {
			return err
		}
		old, _ := json.Marshal(p.Seats)
		p.Seats[seat].Forfeit = true
		b, _ := json.Marshal(p.Seats)
		// Compare-and-set on the seats as read: two instances marking at once, one wins.
		n, err := db.Exec(ctx, `UPDATE tournament_pairings SET seats = ? WHERE match_id = ? AND seats = ?`, string(b), matchID, string(old))
		done = n > 0
		return err
	})
	return done, a.wrap("forfeit seat", err)
}

func (a SQLAccounts) pairingOfMatch(ctx context.Context, db SQLDB, matchID string) (TournamentPairing, error) {
	var p TournamentPairing
	err := a.one(ctx, db, func(r Rows) (err error) { p, err = scanPairing(r); return err },
		`SELECT `+pairingCols+` FROM tournament_pairings WHERE match_id = ?`, matchID)
	return p, err
}

func (a SQLAccounts) AppendArenaEvent(ctx context.Context, tournament string, e ArenaEvent) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO tournament_arena_log (tournament_id, seq, kind, data) VALUES (?, ?, ?, ?)`,
		tournament, e.Seq, e.Kind, string(e.Data))
	if errors.Is(err, ErrExists) {
		return err
	}
	return a.wrap("append arena event", err)
}

func (a SQLAccounts) ArenaEvents(ctx context.Context, tournament string, after int64) ([]ArenaEvent, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT seq, kind, data FROM tournament_arena_log WHERE tournament_id = ? AND seq > ? ORDER BY seq`, tournament, after)
	if err != nil {
		return nil, a.wrap("arena events", err)
	}
	defer done()
	out, err := Collect(rows, func(r Rows) (ArenaEvent, error) {
		var e ArenaEvent
		var data string
		err := r.Scan(&e.Seq, &e.Kind, &data)
		e.Data = json.RawMessage(data)
		return e, err
	})
	return out, a.wrap("arena events", err)
}
