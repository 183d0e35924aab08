package server

import (
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/challenges"
)

// A challenge attempt (server/challenges) is an ordinary match whose seed is its challenge's, the same
// for every player. While the challenge runs, what would give its order away stays on the server: the
// record (it holds the seed) is withheld from everyone, and the live table, its story, its replay and,
// once it is over, its analysis are shown to the attempt's own player only (a spectator of someone's
// attempt would see the cards before playing their own; the player has seen every card or tile drawn in
// it), without the setup a game tells only at its end (the Land Surveyors piles). Once the challenge has
// ended, its attempts are games like any other.

// challengeRunning reports whether m is an attempt at a challenge still running, and when it ends.
func (s *Server) challengeRunning(m *match) (time.Time, bool) {
	if m.cfg.Challenge == "" {
		return time.Time{}, false
	}
	return s.challenges.Ends(m.cfg.Challenge, s.now())
}

// challengeClosed refuses a player's move in an attempt begun while its challenge ran, once the
// challenge has ended: the day's game is played on its day (an attempt at a past challenge, begun from
// the archive, is played any time).
func (s *Server) challengeClosed(m *match) error {
	if m.cfg.Challenge == "" {
		return nil
	}
	ends, running := s.challenges.Ends(m.cfg.Challenge, s.now())
	if running || !m.row.Created.Before(ends) {
		return nil
	}
	return errf(http.StatusConflict, challenges.CodeEnded,
		"this challenge ended at %s: its attempts begun before then can no longer be played (play it again from the archive, as practice)", ends.Format(time.RFC3339))
}

// withheldRecord refuses the record of an attempt at a running challenge.
func (s *Server) withheldRecord(m *match) error {
	if ends, running := s.challengeRunning(m); running {
		return errf(http.StatusForbidden, challenges.CodeRunning,
			"the record of a challenge attempt holds the challenge's seed: it is available when the challenge ends (%s)", ends.Format(time.RFC3339))
	}
	return nil
}

// attemptSpectator refuses a spectator of an attempt at a running challenge (seat: the viewer's).
func (s *Server) attemptSpectator(m *match, seat game.Seat) error {
	if ends, running := s.challengeRunning(m); running && seat == game.Spectator {
		return errf(http.StatusForbidden, challenges.CodeRunning,
			"a challenge attempt is shown to its player only while the challenge runs (until %s)", ends.Format(time.RFC3339))
	}
	return nil
}

// ownAttempt refuses an attempt at a running challenge to anyone but the attempt's own player (a seat's
// token, or the account holding a seat): the analysis of a finished attempt tells no more than its
// replay, which its player has seen move by move.
func (s *Server) ownAttempt(r *http.Request, m *match) error {
	_, err := s.attemptViewer(r, m)
	return err
}

// untoldSetup are the narrative events that tell a game's hidden setup once it is over: left out of an
// attempt's story and replay while its challenge runs.
var untoldSetup = map[string]bool{"piles": true}

// withoutSetup drops from a told narrative what untoldSetup names.
func withoutSetup(evs []toldEvent) []toldEvent {
	out := evs[:0:0]
	for _, e := range evs {
		if !untoldSetup[e.Kind] {
			out = append(out, e)
		}
	}
	return out
}

// attemptViewer checks that the request may see m's story or replay, and reports whether the game's
// hidden setup must be left out of it (an attempt at a running challenge).
func (s *Server) attemptViewer(r *http.Request, m *match) (bool, error) {
	if _, running := s.challengeRunning(m); !running {
		return false, nil
	}
	seat, err := s.viewerSeat(r, m)
	if err != nil {
		return false, err
	}
	return true, s.attemptSpectator(m, seat)
}
