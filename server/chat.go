package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// Table chat: the players of a match (and, when its host allowed it at creation, signed-in spectators)
// talk at the table. A message is an event of the match's log, so that it is kept with the match, reaches
// every instance and every client like a move, and shows in the replay at the moment it was said. It is
// plain text, which the client shows as text; or one of the quick phrases, which each reader sees in their
// own language.

const (
	evChat = "chat"
	// chatMaxRunes is the longest message.
	chatMaxRunes = 300
	// chatShown is how many of the latest messages a match's state carries.
	chatShown = 100
	// chatBurst messages at most per chatWindow from one speaker.
	chatBurst  = 5
	chatWindow = 10 * time.Second
	// chatMaxPerMatch messages at most in a match: each is an event of its log, read whenever it loads.
	chatMaxPerMatch = 1000
	codeChatFull    = "chat_full"
)

// chatPhrases are the quick phrases, by code: the client translates them.
var chatPhrases = []string{"gg", "your_turn", "thanks", "good_luck", "well_played", "sorry", "hello"}

// chatData is a chat event's data and a message as the state shows it.
type chatData struct {
	N      int       `json:"n"`              // the message's number in the match, from 1
	Seat   game.Seat `json:"seat"`           // the speaker's seat, -1 for a spectator
	Name   string    `json:"name"`           // the speaker's name as seated (or account name)
	Text   string    `json:"text,omitempty"` // plain text
	Phrase string    `json:"phrase,omitempty"`
	After  int       `json:"after"` // moves played when it was said (where the replay shows it)
	At     time.Time `json:"at"`
}

// applyChat keeps a logged message.
func (m *match) applyChat(ev store.Event) error {
	var d chatData
	if err := json.Unmarshal(ev.Data, &d); err != nil {
		return err
	}
	m.chat = append(m.chat, d)
	return nil
}

// chatShownNow is the latest messages, for the state.
func (m *match) chatShownNow() []chatData {
	if len(m.chat) > chatShown {
		return m.chat[len(m.chat)-chatShown:]
	}
	return m.chat
}

// cleanChat checks a message's text: trimmed, 1 to chatMaxRunes characters, no control characters but
// the line break.
func cleanChat(text string) (string, error) { return httpkit.CleanText(text, chatMaxRunes) }

// postChat is POST /api/matches/{id}/chat {"text"} or {"phrase"}: a seated player says something at the
// table; a signed-in spectator too, if the host allowed it.
func (s *Server) postChat(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Text   string `json:"text"`
		Phrase string `json:"phrase"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	var text string
	switch {
	case req.Phrase != "" && req.Text != "":
		return errf(http.StatusBadRequest, codeBadRequest, "a message is a text or a phrase, not both")
	case req.Phrase != "":
		if !slices.Contains(chatPhrases, req.Phrase) {
			return errf(http.StatusBadRequest, codeBadRequest, "unknown phrase %q (have %s)", req.Phrase, strings.Join(chatPhrases, ", "))
		}
	default:
		t, err := cleanChat(req.Text)
		if err != nil {
			return err
		}
		text = t
	}
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		seat, name, err := s.chatSpeaker(r, m)
		if err != nil {
			return err
		}
		if err := s.chatBlocked(r, m, seat); err != nil {
			return err
		}
		if len(m.chat) >= chatMaxPerMatch {
			return errf(http.StatusConflict, codeChatFull, "this table has said %d messages, as many as a match keeps", chatMaxPerMatch)
		}
		now := s.now()
		if retry := m.chatLimited(seat, name, now); retry > 0 {
			return tooMany(retry, "%d messages at most every %s", chatBurst, chatWindow)
		}
		d := chatData{N: len(m.chat) + 1, Seat: seat, Name: name, Text: text, Phrase: req.Phrase, After: len(m.moves), At: now}
		return m.record1(r.Context(), store.Event{Kind: evChat, Seat: int(seat), At: now, Data: mustJSON(d)}, m.status())
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// chatSpeaker is who speaks: the seat the request's credential holds, or a signed-in spectator where the
// host allowed spectators to talk.
func (s *Server) chatSpeaker(r *http.Request, m *match) (game.Seat, string, error) {
	seat, err := s.viewerSeat(r, m)
	if err != nil {
		return 0, "", err
	}
	if seat != game.Spectator {
		if !s.mayPlay(r) {
			return 0, "", errf(http.StatusForbidden, codeForbidden, `the API token lacks the "play" scope`)
		}
		return seat, m.seats[seat].name, nil
	}
	if !m.cfg.SpectatorChat {
		return 0, "", errf(http.StatusForbidden, codeForbidden, "only the players talk at this table")
	}
	p, err := s.ident.SignedIn(r, scopePlay)
	if err != nil {
		var ae *apiError
		if errors.As(err, &ae) && ae.Code == codeNoAccounts {
			return 0, "", errf(http.StatusForbidden, codeForbidden, "only the players talk at this table")
		}
		return 0, "", err
	}
	return game.Spectator, p.User.Name, nil
}

// chatLimited is how long a speaker must wait before another message (0: not at all). It counts the
// speaker's messages in the match's log, which every instance holding the match has read (an append
// conflict makes the instance read the rest and try again), so a burst split across instances is counted
// whole.
func (m *match) chatLimited(seat game.Seat, name string, now time.Time) time.Duration {
	n, oldest := 0, time.Time{}
	for i := len(m.chat) - 1; i >= 0; i-- {
		c := m.chat[i]
		if now.Sub(c.At) >= chatWindow {
			break // messages are in the log's order, which is the order of their times
		}
		if c.Seat == seat && c.Name == name {
			n, oldest = n+1, c.At
		}
	}
	if n >= chatBurst {
		return chatWindow - now.Sub(oldest)
	}
	return 0
}

// chatBlocked refuses a message from an account that a player at the table has blocked: a blocked
// account cannot talk to the one who blocked it, at any table.
func (s *Server) chatBlocked(r *http.Request, m *match, seat game.Seat) error {
	acct := m.seatAccounts(r.Context())
	speaker := ""
	if seat >= 0 && int(seat) < len(acct) {
		speaker = acct[seat]
	} else if p, err := s.ident.WhoIs(r); err == nil && p != nil {
		speaker = p.User.ID
	}
	if speaker == "" {
		return nil
	}
	blocked, err := s.social.BlockedBy(r.Context(), acct, speaker)
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	if blocked {
		return errf(http.StatusForbidden, social.CodeBlocked, "a player at this table has blocked you: your messages are not shown here")
	}
	return nil
}
