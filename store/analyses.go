package store

import (
	"context"
	"time"
)

// AnalysisState is a match's post-game analysis as stored (server/analysisroom): "running" with its
// progress (0..1), or "done" with the analysis's JSON.
type AnalysisState struct {
	Status   string
	Progress float64
	Result   []byte // the analysis's JSON once done
	Updated  time.Time
}

// The statuses of an analysis's row.
const (
	AnalysisRunning = "running"
	AnalysisDone    = "done"
)

// Analyses keeps the post-game analyses, one per match, shared by every instance: computed once.
type Analyses interface {
	// ClaimAnalysis makes the caller the one that computes a match's analysis: true when the match had
	// none, or a running one last updated before stale (its instance is taken for gone). Of two claims
	// racing, one wins; a done analysis is never claimed again.
	ClaimAnalysis(ctx context.Context, matchID string, now, stale time.Time) (bool, error)
	// AnalysisProgress records a running analysis's progress (0..1).
	AnalysisProgress(ctx context.Context, matchID string, progress float64, now time.Time) error
	// FinishAnalysis stores a running analysis's result: it is done.
	FinishAnalysis(ctx context.Context, matchID string, result []byte, now time.Time) error
	// DropAnalysis forgets a running analysis that failed, so that it may be asked for again.
	DropAnalysis(ctx context.Context, matchID string) error
	// Analysis reads a match's analysis; ErrNotFound when none was asked for.
	Analysis(ctx context.Context, matchID string) (AnalysisState, error)
}

var _ Analyses = SQLAccounts{}

func (a SQLAccounts) ClaimAnalysis(ctx context.Context, matchID string, now, stale time.Time) (bool, error) {
	// One statement: the primary key decides between two instances inserting at once, and a stale
	// running row is taken over only while it is still stale.
	n, err := a.DB.Exec(ctx, `INSERT INTO match_analyses (match_id, status, progress, result, updated) VALUES (?, 'running', 0, '', ?)
		ON CONFLICT (match_id) DO UPDATE SET progress = 0, updated = excluded.updated
		WHERE match_analyses.status = 'running' AND match_analyses.updated < ?`, matchID, micros(now), micros(stale))
	return n > 0, a.wrap("claim analysis", err)
}

func (a SQLAccounts) AnalysisProgress(ctx context.Context, matchID string, progress float64, now time.Time) error {
	_, err := a.DB.Exec(ctx, `UPDATE match_analyses SET progress = ?, updated = ? WHERE match_id = ? AND status = 'running'`,
		progress, micros(now), matchID)
	return a.wrap("analysis progress", err)
}

func (a SQLAccounts) FinishAnalysis(ctx context.Context, matchID string, result []byte, now time.Time) error {
	_, err := a.DB.Exec(ctx, `UPDATE match_analyses SET status = 'done', progress = 1, result = ?, updated = ?
		WHERE match_id = ? AND status = 'running'`, string(result), micros(now), matchID)
	return a.wrap("finish analysis", err)
}

func (a SQLAccounts) DropAnalysis(ctx context.Context, matchID string) error {
	_, err := a.DB.Exec(ctx, `DELETE FROM match_analyses WHERE match_id = ? AND status = 'running'`, matchID)
	return a.wrap("drop analysis", err)
}

func (a SQLAccounts) Analysis(ctx context.Context, matchID string) (AnalysisState, error) {
	var st AnalysisState
	var result string
	var updated int64
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&st.Status, &st.Progress, &result, &updated) },
		`SELECT status, progress, result, updated FROM match_analyses WHERE match_id = ?`, matchID)
	if err == ErrNotFound {
		return AnalysisState{}, err
	}
	if err != nil {
		return AnalysisState{}, a.wrap("read analysis", err)
	}
	st.Result, st.Updated = []byte(result), fromMicros(updated)
	return st, nil
}
