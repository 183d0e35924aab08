package challenges

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"strings"
	"time"
)

// A challenge is named by its kind and the first day of its period, in UTC: "cartographers-daily-
// 2026-11-29", "cartographers-weekly-2026-11-23" (the Monday the week starts). The name is all there is
// of it: its seed and options follow from the name and the server's secret key, so that every instance
// agrees on them without storing anything, and a past challenge stays playable forever.

// kind is one series of challenges.
type kind struct {
	prefix string // the ids' first part: "cartographers-daily"
	game   string // the game definition's name
	weekly bool   // a challenge a week (from Monday) rather than a day
	// options are the challenge's options before the game canonicalises them; pick draws the choices the
	// seed does not make inside the engine (the map side), from a number derived from the key.
	options func(pick uint64) map[string]any
	// bots seat after the player, the game's deterministic bots: their moves follow from the position
	// alone, so that every player faces the same opponent in the same game.
	bots []string
}

// kinds are the challenges the server runs, in the order they are listed.
var kinds = []kind{
	{prefix: "cartographers-daily", game: "cartographers", options: func(pick uint64) map[string]any {
		return map[string]any{"preset": "cartographers", "side": []string{"A", "B"}[pick%2]}
	}},
	{prefix: "carcassonne-daily", game: "carcassonne", bots: []string{"greedy+"}, options: func(uint64) map[string]any {
		return map[string]any{"surveyors": true}
	}},
	// The week's is the longer game with the Heroes box: its decks, its thresholds, a hero each season.
	{prefix: "cartographers-weekly", game: "cartographers", weekly: true, options: func(pick uint64) map[string]any {
		return map[string]any{"preset": "heroes", "side": []string{"C", "D"}[pick%2]}
	}},
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
func (c Challenge) Game() string { return c.kind.game }

// Period is "daily" or "weekly".
func (c Challenge) Period() string {
	if c.kind.weekly {
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
	if k.weekly {
		day = day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)) // back to Monday
		length = 7 * length
	}
	return Challenge{ID: k.prefix + "-" + day.Format(dateForm), kind: k, Starts: day, Ends: day.Add(length)}
}

// Parse reads a challenge's id; false if it names none (an unknown kind, a malformed date, a weekly
// challenge whose date is no Monday). It says nothing of whether the challenge has begun.
func Parse(id string) (Challenge, bool) {
	for i := range kinds {
		k := &kinds[i]
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
func Ends(id string, now time.Time) (time.Time, bool) {
	c, ok := Parse(id)
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
	b, _ := json.Marshal(c.kind.options(derive(key, c.ID, "options")))
	return b
}
