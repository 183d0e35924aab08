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
