package store

import (
	"context"
	"math"
	"time"
)

// SeatResult is what an account's seat of a finished game came to, as a profile counts it: written once
// as the game ends (or the first time a profile finds it missing), and added up in the store afterwards,
// so that a profile's counts are of every game at the cost of a few grouped rows.
type SeatResult struct {
	UserID  string
	GameID  string
	Seat    int
	Game    string    // the game definition's name
	Created time.Time // the game's creation, by which the latest are listed
	Won     bool      // the seat took first place (an abandoned solo game is not won)
	// Solo: a solo game played to its end, whose score is the player's.
	Solo  bool
	Score int
	// Title is the title the game's result names for a solo game ("" for none).
	Title      string
	Tournament string // the tournament it was a game of ("" for none)
	// WithheldUntil is when others may see it: a challenge attempt's result stays its player's own until the
	// challenge ends (zero: at once).
	WithheldUntil time.Time
}

// ResultTotal is a group of an account's results: of one game, won or not, solo or not, under one title,
// in one tournament that is not public ("" for every game of no tournament or of a public one, which
// anyone may see).
type ResultTotal struct {
	Game       string
	Tournament string
	Won, Solo  bool
	Title      string
	Count      int
	Best, Sum  int // of the scores
}

// Results are the per-seat results of finished games.
type Results interface {
	// RecordResults writes results; one written already is left as it is.
	RecordResults(ctx context.Context, rs []SeatResult) error
	// Unrecorded lists up to limit of an account's seats, newest first, whose game has the given status
	// (the host's "finished") and no result written.
	Unrecorded(ctx context.Context, userID, status string, limit int) ([]SeatRef, error)
	// ResultTotals adds up an account's results that others may see at the given time (the zero time: all
	// of them, for the account itself).
	ResultTotals(ctx context.Context, userID string, seenAt time.Time) ([]ResultTotal, error)
	// LatestResults are up to limit of an account's results seen at that time, the newest game first, each
	// Tournament kept only if the tournament is not public (as in ResultTotal).
	LatestResults(ctx context.Context, userID string, seenAt time.Time, limit int) ([]SeatResult, error)
	// ResultsIn are the ids of an account's games in a tournament.
	ResultsIn(ctx context.Context, userID, tournament string) ([]string, error)
}

var _ Results = SQLAccounts{}

// seenBy is the withheld_until bound for a view at seenAt: everything for the zero time.
func seenBy(seenAt time.Time) int64 {
	if seenAt.IsZero() {
		return math.MaxInt64
	}
	return seenAt.UnixMicro()
}

// privateTournament is a result's tournament if it is not public, empty otherwise: the grouping that lets a
// profile ask only about the tournaments whose games a viewer may not see.
const privateTournament = `CASE WHEN r.tournament = '' OR t.visibility = 'public' THEN '' ELSE r.tournament END`

func (a SQLAccounts) RecordResults(ctx context.Context, rs []SeatResult) error {
	for _, r := range rs {
		_, err := a.DB.Exec(ctx, `INSERT INTO seat_results (user_id, game_id, seat, game, created, won, solo, score, title, tournament, withheld_until)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game_id, seat) DO NOTHING`,
			r.UserID, r.GameID, r.Seat, r.Game, micros(r.Created), flag(r.Won), flag(r.Solo), r.Score, r.Title, r.Tournament, micros(r.WithheldUntil))
		if err != nil {
			return a.wrap("record result of "+r.GameID, err)
		}
	}
	return nil
}

func (a SQLAccounts) Unrecorded(ctx context.Context, userID, status string, limit int) ([]SeatRef, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT s.user_id, s.game_id, s.seat, s.created FROM seats s
		JOIN games g ON g.id = s.game_id
		LEFT JOIN seat_results r ON r.user_id = s.user_id AND r.game_id = s.game_id AND r.seat = s.seat
		WHERE s.user_id = ? AND g.status = ? AND r.user_id IS NULL
		ORDER BY s.created DESC, s.game_id LIMIT ?`, userID, status, limit)
	if err != nil {
		return nil, a.wrap("unrecorded seats", err)
	}
	defer done()
	ss, err := Collect(rows, scanSeat)
	return ss, a.wrap("unrecorded seats", err)
}

func (a SQLAccounts) ResultTotals(ctx context.Context, userID string, seenAt time.Time) ([]ResultTotal, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT r.game, `+privateTournament+` AS tb, r.won, r.solo, r.title, COUNT(*), MAX(r.score), CAST(SUM(r.score) AS BIGINT)
		FROM seat_results r LEFT JOIN tournaments t ON t.id = r.tournament
		WHERE r.user_id = ? AND r.withheld_until <= ?
		GROUP BY r.game, tb, r.won, r.solo, r.title ORDER BY r.game, tb`, userID, seenBy(seenAt))
	if err != nil {
		return nil, a.wrap("result totals", err)
	}
	defer done()
	out, err := Collect(rows, func(r Rows) (ResultTotal, error) {
		var t ResultTotal
		var won, solo, count, best, sum int64
		err := r.Scan(&t.Game, &t.Tournament, &won, &solo, &t.Title, &count, &best, &sum)
		t.Won, t.Solo, t.Count, t.Best, t.Sum = won != 0, solo != 0, int(count), int(best), int(sum)
		return t, err
	})
	return out, a.wrap("result totals", err)
}

func (a SQLAccounts) LatestResults(ctx context.Context, userID string, seenAt time.Time, limit int) ([]SeatResult, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT r.user_id, r.game_id, r.seat, r.game, r.created, r.won, r.solo, r.score, r.title, `+privateTournament+`, r.withheld_until
		FROM seat_results r LEFT JOIN tournaments t ON t.id = r.tournament
		WHERE r.user_id = ? AND r.withheld_until <= ?
		ORDER BY r.created DESC, r.game_id LIMIT ?`, userID, seenBy(seenAt), limit)
	if err != nil {
		return nil, a.wrap("latest results", err)
	}
	defer done()
	out, err := Collect(rows, func(r Rows) (SeatResult, error) {
		var s SeatResult
		var seat, created, won, solo, score, until int64
		err := r.Scan(&s.UserID, &s.GameID, &seat, &s.Game, &created, &won, &solo, &score, &s.Title, &s.Tournament, &until)
		s.Seat, s.Created, s.Won, s.Solo, s.Score, s.WithheldUntil = int(seat), fromMicros(created), won != 0, solo != 0, int(score), fromMicros(until)
		return s, err
	})
	return out, a.wrap("latest results", err)
}

func (a SQLAccounts) ResultsIn(ctx context.Context, userID, tournament string) ([]string, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT game_id FROM seat_results WHERE user_id = ? AND tournament = ?`, userID, tournament)
	if err != nil {
		return nil, a.wrap("results in "+tournament, err)
	}
	defer done()
	ids, err := Collect(rows, func(r Rows) (string, error) {
		var id string
		return id, r.Scan(&id)
	})
	return ids, a.wrap("results in "+tournament, err)
}
