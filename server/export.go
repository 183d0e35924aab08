package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

// exportLimit is how many of an account's games one export holds, the newest first.
const exportLimit = 2000

// exportWait is the Retry-After of an export refused while the account's previous one runs.
const exportWait = 10 * time.Second

// exportGate lets each account make one export at a time on an instance: an export reads, replays and
// holds in memory up to exportLimit games, too much work for one request to be asked for many times at once.
type exportGate struct {
	mu  sync.Mutex
	now map[string]bool
}

func (g *exportGate) take(user string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.now[user] {
		return false
	}
	if g.now == nil {
		g.now = map[string]bool{}
	}
	g.now[user] = true
	return true
}

func (g *exportGate) give(user string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.now, user)
}

// exportGames is GET /api/account/export: every finished game of the signed-in account as a game record
// (docs/records.md), one JSON document a line, the newest first; a game still in play is left out until
// it ends (its record holds the seed, which must not leave the server before the end).
func (s *Server) exportGames(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopeRead)
	if err != nil {
		return err
	}
	if !s.exports.take(p.User.ID) {
		return tooMany(exportWait, "your export is already being made: one at a time")
	}
	defer s.exports.give(p.User.ID)
	seats, err := s.accounts.SeatsOf(r.Context(), p.User.ID, exportLimit)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="surveyor-games-`+s.now().UTC().Format("2006-01-02")+`.jsonl"`)
	rc := http.NewResponseController(w)
	seen := map[string]bool{}
	for _, seat := range seats {
		if seen[seat.GameID] { // an account holding two seats of one game (hot seat) exports it once
			continue
		}
		seen[seat.GameID] = true
		var rec game.Record
		done := false
		err := s.withMatch(r.Context(), seat.GameID, func(m *match) error {
			// An attempt at a running challenge waits for its end: its record holds the challenge's seed.
			if done = m.over() && s.withheldRecord(m) == nil; done {
				rec = m.namedRecord(len(m.moves))
			}
			return nil
		})
		if err != nil || !done {
			continue // a match that cannot be read is left out rather than failing the whole export
		}
		if told, err := s.games.ReplayTold(rec); err == nil {
			rec.Tell(told)
		}
		b, err := json.Marshal(rec)
		if err != nil {
			return fmt.Errorf("export %s: %w", seat.GameID, err)
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return nil // the client went away
		}
		rc.Flush()
	}
	return nil
}
