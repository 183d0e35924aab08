package social

import (
	"testing"
	"time"
)

// A digest goes out at the next DigestHour o'clock UTC, pinned just before and at the day's, year's and
// leap day's boundaries, and for a clock read in another zone (a server's time.Now is local time): the
// day is the UTC day, or the hour chosen could come out already past.
func TestNextDigest(t *testing.T) {
	newYork := time.FixedZone("UTC-5", -5*3600)
	for _, c := range []struct {
		now  time.Time
		hour int
		want time.Time
	}{
		{time.Date(2026, 11, 29, 7, 59, 59, 999e6, time.UTC), 8, time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)},
		{time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC), 8, time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)},
		{time.Date(2026, 11, 29, 23, 59, 59, 999e6, time.UTC), 0, time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)},
		{time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC), 0, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)},
		{time.Date(2028, 2, 28, 23, 0, 0, 0, time.UTC), 5, time.Date(2028, 2, 29, 5, 0, 0, 0, time.UTC)},
		{time.Date(2027, 2, 28, 23, 0, 0, 0, time.UTC), 5, time.Date(2027, 3, 1, 5, 0, 0, 0, time.UTC)},
		// 23:30 on the 29th in New York is 04:30 on the 30th UTC: the next 02:00 UTC is on the 1st.
		{time.Date(2026, 11, 29, 23, 30, 0, 0, newYork), 2, time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)},
		// 20:00 on the 29th in New York is 01:00 on the 30th UTC: the next 02:00 UTC is an hour away.
		{time.Date(2026, 11, 29, 20, 0, 0, 0, newYork), 2, time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)},
	} {
		got := nextDigest(c.now, c.hour)
		if !got.Equal(c.want) || !got.After(c.now) || got.Sub(c.now) > 24*time.Hour {
			t.Errorf("nextDigest(%v, %d) = %v, want %v", c.now, c.hour, got, c.want)
		}
	}
}
