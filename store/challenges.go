package store

import (
	"context"
	"errors"
	"time"
)

// ChallengeAttempt is one attempt at a daily or weekly challenge (server/challenges): an ordinary match
// marked with its challenge. Ranked is the account's one attempt that counts on the leaderboard.
type ChallengeAttempt struct {
	MatchID   string
	Challenge string
	UserID    string // "" for a guest
	Ranked    bool
	Started   time.Time
	Finished  time.Time // zero while in play
	Score     int       // once finished
	Abandoned bool      // the player resigned before the end
}

// ChallengeFinish is a challenge an account finished an attempt at, and when it first did.
type ChallengeFinish struct {
	Challenge string
	First     time.Time
}

// Challenges keeps the attempts at the challenges.
type Challenges interface {
	// AddAttempt stores a new attempt. A second ranked attempt of one account at one challenge is
	// ErrExists (two starts racing: the loser's attempt is then stored as practice by the caller).
	AddAttempt(ctx context.Context, a ChallengeAttempt) error
	// ClaimAttempt makes a guest's attempt an account's (ranked or not): false if the match is no
	// guest's attempt. Ranked when the account has a ranked attempt at the challenge already: ErrExists.
	ClaimAttempt(ctx context.Context, matchID, userID string, ranked bool) (bool, error)
	// FinishAttempt records an attempt's end once: false if the match is no attempt or already finished.
	FinishAttempt(ctx context.Context, matchID string, score int, abandoned bool, at time.Time) (bool, error)
	// AbandonUnfinished records as abandoned, without a score, at ends, every attempt at a challenge begun
	// before ends and still unfinished: an attempt is played on its challenge's day. It answers how many.
	AbandonUnfinished(ctx context.Context, challenge string, ends time.Time) (int, error)
	// AttemptsOf lists an account's attempts at a challenge, the oldest first.
	AttemptsOf(ctx context.Context, challenge, userID string) ([]ChallengeAttempt, error)
	// RankedFinished lists a challenge's finished ranked attempts, the best score first (the earlier
	// finish first among equal scores), the abandoned last; at most limit.
	RankedFinished(ctx context.Context, challenge string, limit int) ([]ChallengeAttempt, error)
	// FinishedChallenges lists the challenges an account finished an attempt at (not abandoned), ranked
	// or practice, each once, with when it first finished one (a streak counts a daily finished on its day).
	FinishedChallenges(ctx context.Context, userID string) ([]ChallengeFinish, error)

	// SetReminder turns an account's "today's challenges are ready" reminder on or off; Reminder says
	// whether it is on.
	SetReminder(ctx context.Context, userID string, on bool) error
	Reminder(ctx context.Context, userID string) (bool, error)
	// ClaimReminders marks day (2026-11-29) told for every account whose reminder is on and was not told
	// of day yet, and returns them: each account once a day, whichever instance asks first.
	ClaimReminders(ctx context.Context, day string) ([]string, error)
}

var _ Challenges = SQLAccounts{}

const attemptCols = `match_id, challenge, user_id, ranked, started, finished, score, abandoned`

func scanAttempt(r Rows) (ChallengeAttempt, error) {
	var a ChallengeAttempt
	var ranked, abandoned int
	var started, finished int64
	err := r.Scan(&a.MatchID, &a.Challenge, &a.UserID, &ranked, &started, &finished, &a.Score, &abandoned)
	a.Ranked, a.Abandoned, a.Started, a.Finished = ranked != 0, abandoned != 0, fromMicros(started), fromMicros(finished)
	return a, err
}

func (a SQLAccounts) AddAttempt(ctx context.Context, at ChallengeAttempt) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO challenge_attempts (`+attemptCols+`) VALUES (?, ?, ?, ?, ?, 0, 0, 0)`,
		at.MatchID, at.Challenge, at.UserID, flag(at.Ranked), micros(at.Started))
	if err != nil && !errors.Is(err, ErrExists) {
		err = a.wrap("add challenge attempt", err)
	}
	return err
}

func (a SQLAccounts) ClaimAttempt(ctx context.Context, matchID, userID string, ranked bool) (bool, error) {
	n, err := a.DB.Exec(ctx, `UPDATE challenge_attempts SET user_id = ?, ranked = ? WHERE match_id = ? AND user_id = ''`,
		userID, flag(ranked), matchID)
	if err != nil && !errors.Is(err, ErrExists) {
		err = a.wrap("claim challenge attempt", err)
	}
	return n > 0, err
}

func (a SQLAccounts) FinishAttempt(ctx context.Context, matchID string, score int, abandoned bool, at time.Time) (bool, error) {
	n, err := a.DB.Exec(ctx, `UPDATE challenge_attempts SET finished = ?, score = ?, abandoned = ? WHERE match_id = ? AND finished = 0`,
		micros(at), score, flag(abandoned), matchID)
	return n > 0, a.wrap("finish challenge attempt", err)
}

func (a SQLAccounts) AbandonUnfinished(ctx context.Context, challenge string, ends time.Time) (int, error) {
	n, err := a.DB.Exec(ctx, `UPDATE challenge_attempts SET finished = ?, score = 0, abandoned = 1
		WHERE challenge = ? AND finished = 0 AND started < ?`, micros(ends), challenge, micros(ends))
	return int(n), a.wrap("abandon unfinished challenge attempts", err)
}

func (a SQLAccounts) attempts(ctx context.Context, op, query string, args ...any) ([]ChallengeAttempt, error) {
	rows, done, err := a.DB.Query(ctx, query, args...)
	if err != nil {
		return nil, a.wrap(op, err)
	}
	defer done()
	out, err := Collect(rows, scanAttempt)
	return out, a.wrap(op, err)
}

func (a SQLAccounts) AttemptsOf(ctx context.Context, challenge, userID string) ([]ChallengeAttempt, error) {
	return a.attempts(ctx, "challenge attempts", `SELECT `+attemptCols+` FROM challenge_attempts
		WHERE challenge = ? AND user_id = ? ORDER BY started, match_id`, challenge, userID)
}

func (a SQLAccounts) RankedFinished(ctx context.Context, challenge string, limit int) ([]ChallengeAttempt, error) {
	return a.attempts(ctx, "challenge leaderboard", `SELECT `+attemptCols+` FROM challenge_attempts
		WHERE challenge = ? AND ranked = 1 AND finished > 0 AND user_id <> ''
		ORDER BY abandoned, score DESC, finished, match_id LIMIT ?`, challenge, limit)
}

func (a SQLAccounts) FinishedChallenges(ctx context.Context, userID string) ([]ChallengeFinish, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT challenge, min(finished) FROM challenge_attempts
		WHERE user_id = ? AND finished > 0 AND abandoned = 0 GROUP BY challenge`, userID)
	if err != nil {
		return nil, a.wrap("finished challenges", err)
	}
	defer done()
	out, err := Collect(rows, func(r Rows) (ChallengeFinish, error) {
		var f ChallengeFinish
		var first int64
		err := r.Scan(&f.Challenge, &first)
		f.First = fromMicros(first)
		return f, err
	})
	return out, a.wrap("finished challenges", err)
}

func (a SQLAccounts) SetReminder(ctx context.Context, userID string, on bool) error {
	var err error
	if on {
		_, err = a.DB.Exec(ctx, `INSERT INTO challenge_reminders (user_id, last_day) VALUES (?, '') ON CONFLICT (user_id) DO NOTHING`, userID)
	} else {
		_, err = a.DB.Exec(ctx, `DELETE FROM challenge_reminders WHERE user_id = ?`, userID)
	}
	return a.wrap("set challenge reminder", err)
}

func (a SQLAccounts) Reminder(ctx context.Context, userID string) (bool, error) {
	var n int
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&n) }, `SELECT count(*) FROM challenge_reminders WHERE user_id = ?`, userID)
	return n > 0, a.wrap("challenge reminder", err)
}

func (a SQLAccounts) ClaimReminders(ctx context.Context, day string) ([]string, error) {
	var out []string
	// One statement marks and returns the rows, so that two instances claiming at once split them
	// rather than both telling the same account (each row is updated once).
	err := a.DB.Tx(ctx, func(db SQLDB) error {
		rows, done, err := db.Query(ctx, `UPDATE challenge_reminders SET last_day = ? WHERE last_day <> ? RETURNING user_id`, day, day)
		if err != nil {
			return err
		}
		defer done()
		out, err = Collect(rows, func(r Rows) (string, error) {
			var s string
			return s, r.Scan(&s)
		})
		return err
	})
	return out, a.wrap("claim challenge reminders", err)
}
