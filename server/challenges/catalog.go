package challenges

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"github.com/surveyor-game/surveyor/game"
	"strings"
	"time"
)

// A challenge is named by its kind and the first day of its period, in UTC: "cartographers-daily-
// 2026-11-29", "cartographers-weekly-2026-11-23" (the Monday the week starts). The name is all there is
// of it: its seed and options follow from the name and the server's secret key, so that every instance
// agrees on them without storing anything, and a past challenge stays playable forever.

// kind is one series of challenges, as a game's entry offers it (game.ChallengeSeries).
type kind struct {
	prefix string // the ids' first part: the game's name and the period, "NAME-daily"
	game.ChallengeSeries
}

// catalog is the series the server runs, in the order they are listed.
type catalog []kind

func newCatalog(series []game.ChallengeSeries) catalog {
	out := make(catalog, len(series))
	for i, c := range series {
		period := "daily"
		if c.Weekly {
			period = "weekly"
		}
		out[i] = kind{prefix: c.Game + "-" + period, ChallengeSeries: c}
	}
	return out
}

const dateForm = "2006-01-02"

// Challenge is one challenge of a kind.
type Challenge struct {
	ID     string
	kind   *kind
	Starts time.Time
	Ends   time.Time
}

// Game is the challenge's game.
func (c Challenge) Game() string { return c.kind.Game }

// Period is "daily" or "weekly".
func (c Challenge) Period() string {
	if c.kind.Weekly {
		return "weekly"
	}
	return "daily"
}

// Running reports whether the challenge runs at now.
func (c Challenge) Running(now time.Time) bool { return !now.Before(c.Starts) && now.Before(c.Ends) }

// of is the challenge of kind k whose period holds t.
func (k *kind) of(t time.Time) Challenge {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	length := 24 * time.Hour
	if k.Weekly {
		day = day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)) // back to Monday
		length = 7 * length
	}
	return Challenge{ID: k.prefix + "-" + day.Format(dateForm), kind: k, Starts: day, Ends: day.Add(length)}
}

// parse reads a challenge's id; false if it names none (an unknown kind, a malformed date, a weekly
// challenge whose date is no Monday). It says nothing of whether the challenge has begun.
func (cat catalog) parse(id string) (Challenge, bool) {
	for i := range cat {
		k := &cat[i]
		date, ok := strings.CutPrefix(id, k.prefix+"-")
		if !ok {
			continue
		}
		day, err := time.Parse(dateForm, date)
		if err != nil || day.Format(dateForm) != date || day.Year() < 2000 || day.Year() > 9999 {
			return Challenge{}, false
		}
		c := k.of(day)
		return c, c.ID == id
	}
	return Challenge{}, false
}

// Ends is when the challenge an attempt is at ends, and whether it still runs at now (false for an id
// that names no challenge).
func (s *Room) Ends(id string, now time.Time) (time.Time, bool) {
	c, ok := s.cat.parse(id)
	if !ok {
		return time.Time{}, false
	}
	return c.Ends, c.Running(now)
}

// derive is a number the server alone can compute from its secret key, one per challenge and purpose.
func derive(key []byte, id, purpose string) uint64 {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(purpose + "\x00" + id))
	return binary.BigEndian.Uint64(mac.Sum(nil))
}

// seed is the challenge's seed: the deck order, edicts, ambushes (Cartographers), the tile order and the
// Land Surveyors piles (Carcassonne).
func (c Challenge) seed(key []byte) uint64 { return derive(key, c.ID, "seed") }

// rawOptions are the challenge's options before the game canonicalises them.
func (c Challenge) rawOptions(key []byte) json.RawMessage {
	b, _ := json.Marshal(c.kind.Options(derive(key, c.ID, "options")))
	return b
}
