package store

import (
	"context"
	"time"
)

// Stats are the figures of the database an operator watches (server/metrics reads them at each scrape).
type Stats struct {
	// Playing counts the games in play, in memory on some instance or asleep in the log.
	Playing int
	// OutboxDue counts the notifications due and not yet delivered; OutboxOldest is the due time of the
	// oldest of them (zero when none is due). Rows due later (a digest's hour, a retry's pause) are not
	// counted: they are not late.
	OutboxDue    int
	OutboxOldest time.Time
}

// StatsReader is implemented by stores that can report Stats.
type StatsReader interface {
	Stats(ctx context.Context, now time.Time) (Stats, error)
}

// Stats reads the figures with two indexed queries (games by status, the outbox by due time).
func (a SQLAccounts) Stats(ctx context.Context, now time.Time) (Stats, error) {
	var st Stats
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&st.Playing) },
		`SELECT count(*) FROM games WHERE status = 'playing'`)
	if err != nil {
		return Stats{}, a.wrap("stats: games in play", err)
	}
	var oldest *int64
	err = a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&st.OutboxDue, &oldest) },
		`SELECT count(*), min(due) FROM outbox WHERE due <= ?`, micros(now))
	if err != nil {
		return Stats{}, a.wrap("stats: outbox", err)
	}
	if oldest != nil {
		st.OutboxOldest = fromMicros(*oldest)
	}
	return st, nil
}

// BatchObserver is implemented by stores that commit appends in batches (group commit).
type BatchObserver interface {
	ObserveBatches(fn func(n int))
}
