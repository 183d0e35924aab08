package challenges

import (
	"github.com/surveyor-game/surveyor/games"
	"testing"
	"time"
)

func TestParseNamesEachChallengeOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		id           string
		ok           bool
		starts, ends string
	}{
		{"cartographers-daily-2026-11-29", true, "2026-11-29", "2026-11-30"},
		{"carcassonne-daily-2026-12-31", true, "2026-12-31", "2027-01-01"},
		{"cartographers-weekly-2026-11-23", true, "2026-11-23", "2026-11-30"}, // a Monday
		{"cartographers-weekly-2026-11-24", false, "", ""},                    // a Tuesday
		{"cartographers-daily-2026-11-31", false, "", ""},
		{"cartographers-daily-2026-1-3", false, "", ""},
		{"cartographers-daily-", false, "", ""},
		{"carcassonne-weekly-2026-11-23", false, "", ""},
		{"cartographers-daily-2026-11-29x", false, "", ""},
		{"", false, "", ""},
	} {
		got, ok := newCatalog(games.Challenges()).parse(c.id)
		if ok != c.ok {
			t.Errorf("Parse(%q) ok = %v, want %v", c.id, ok, c.ok)
			continue
		}
		if ok && (got.Starts.Format(dateForm) != c.starts || got.Ends.Format(dateForm) != c.ends || got.ID != c.id) {
			t.Errorf("Parse(%q) = %s from %v to %v, want %s to %s", c.id, got.ID, got.Starts, got.Ends, c.starts, c.ends)
		}
	}
}

func TestTheWeekRunsFromMondayAndTheDayFromMidnightUTC(t *testing.T) {
	t.Parallel()
	// Sunday 2026-11-29 23:59 UTC is still in the week of Monday 23rd; a minute later the next begins.
	sunday := time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC)
	for _, c := range []struct {
		at   time.Time
		k    int
		want string
	}{
		{sunday, 2, "cartographers-weekly-2026-11-23"},
		{sunday.Add(time.Minute), 2, "cartographers-weekly-2026-11-30"},
		{sunday, 0, "cartographers-daily-2026-11-29"},
		{sunday.Add(time.Minute), 1, "carcassonne-daily-2026-11-30"},
		// A time in another zone counts in UTC: 00:30 at UTC+1 is still the day before in UTC.
		{time.Date(2026, 7, 1, 0, 30, 0, 0, time.FixedZone("UTC+1", 3600)), 0, "cartographers-daily-2026-06-30"},
	} {
		if got := newCatalog(games.Challenges())[c.k].of(c.at).ID; got != c.want {
			t.Errorf("at %v: %s, want %s", c.at, got, c.want)
		}
	}
}

func TestSeedsDependOnTheKeyAndTheChallenge(t *testing.T) {
	t.Parallel()
	a, _ := newCatalog(games.Challenges()).parse("cartographers-daily-2026-11-29")
	b, _ := newCatalog(games.Challenges()).parse("cartographers-daily-2026-11-30")
	k1, k2 := []byte("key one, thirty-two bytes long!!"), []byte("key two, thirty-two bytes long!!")
	if a.seed(k1) != a.seed(k1) {
		t.Fatal("a challenge's seed changes between calls")
	}
	if a.seed(k1) == b.seed(k1) || a.seed(k1) == a.seed(k2) {
		t.Fatal("two days, or two servers' keys, give one seed")
	}
	if a.seed(k1) == derive(k1, a.ID, "options") {
		t.Fatal("the seed is the number the options are drawn from")
	}
}

func TestStreaks(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		days          []int
		current, best int
	}{
		{nil, 0, 0},
		{[]int{20}, 1, 1},
		{[]int{18, 19}, 2, 2}, // today's may still come
		{[]int{17, 18}, 0, 2}, // a day was missed
		{[]int{1, 2, 3, 19, 20}, 2, 3},
		{[]int{10, 12, 14, 20}, 1, 1},
	} {
		set := map[time.Time]bool{}
		for _, d := range c.days {
			set[day(d)] = true
		}
		if cur, best := streaks(set, now); cur != c.current || best != c.best {
			t.Errorf("days %v: streak %d best %d, want %d %d", c.days, cur, best, c.current, c.best)
		}
	}
}

// The periods' edges, pinned to the last nanosecond before them: a day's end, a week's across the year's
// end (the week of Monday 2026-12-28 holds New Year's Day), a leap day, and Running at its exact bounds.
func TestPeriodsAtTheirLastInstant(t *testing.T) {
	t.Parallel()
	cat := newCatalog(games.Challenges())
	last := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC).Add(-1) }
	for _, c := range []struct {
		at   time.Time
		k    int
		want string
	}{
		{last(2026, 11, 29), 0, "cartographers-daily-2026-11-29"},
		{last(2026, 11, 29).Add(1), 0, "cartographers-daily-2026-11-30"},
		{last(2026, 12, 31), 1, "carcassonne-daily-2026-12-31"},
		{last(2026, 12, 31).Add(1), 1, "carcassonne-daily-2027-01-01"},
		{last(2026, 12, 31), 2, "cartographers-weekly-2026-12-28"},
		{last(2027, 1, 3), 2, "cartographers-weekly-2026-12-28"}, // the Sunday that ends it, in the new year
		{last(2027, 1, 3).Add(1), 2, "cartographers-weekly-2027-01-04"},
		{last(2028, 2, 28), 0, "cartographers-daily-2028-02-28"},
		{last(2028, 2, 28).Add(1), 0, "cartographers-daily-2028-02-29"},
		{last(2028, 2, 29).Add(1), 0, "cartographers-daily-2028-03-01"},
	} {
		got := cat[c.k].of(c.at)
		if got.ID != c.want {
			t.Errorf("at %v: %s, want %s", c.at, got.ID, c.want)
			continue
		}
		if !got.Running(c.at) || !got.Running(got.Starts) || got.Running(got.Ends) || got.Running(got.Starts.Add(-1)) {
			t.Errorf("%s: Running wrong at %v or at its bounds %v, %v", got.ID, c.at, got.Starts, got.Ends)
		}
		if again, ok := cat.parse(got.ID); !ok || !again.Starts.Equal(got.Starts) || !again.Ends.Equal(got.Ends) {
			t.Errorf("%s does not parse back to its period: %+v %v", got.ID, again, ok)
		}
	}
}

// A streak at the last instant of a day still counts yesterday's daily (today's may still come); at the
// next instant that day is the day before yesterday, and the streak is gone. Runs count across a month's,
// a year's and a leap day's ends.
func TestStreaksAtTheDaysEdge(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		days          []time.Time
		now           time.Time
		current, best int
	}{
		{[]time.Time{day(2026, 12, 30)}, day(2027, 1, 1).Add(-1), 1, 1},
		{[]time.Time{day(2026, 12, 30)}, day(2027, 1, 1), 0, 1},
		{[]time.Time{day(2026, 12, 31), day(2027, 1, 1)}, day(2027, 1, 2).Add(-1), 2, 2},
		{[]time.Time{day(2026, 11, 30), day(2026, 12, 1), day(2026, 12, 2)}, day(2026, 12, 3), 3, 3},
		{[]time.Time{day(2028, 2, 28), day(2028, 2, 29), day(2028, 3, 1)}, day(2028, 3, 2).Add(-1), 3, 3},
		{[]time.Time{day(2027, 2, 28), day(2027, 3, 1)}, day(2027, 3, 1), 2, 2},
	} {
		set := map[time.Time]bool{}
		for _, d := range c.days {
			set[d] = true
		}
		if cur, best := streaks(set, c.now); cur != c.current || best != c.best {
			t.Errorf("days %v at %v: streak %d best %d, want %d %d", c.days, c.now, cur, best, c.current, c.best)
		}
	}
}
