// Package botapi is the open bot API beside the match host (docs/bots.md): a bot account's event stream,
// the stream of one game's state for its seat, invitations by name (to bots and people), and making an
// account a bot. The host hands it what it needs of the matches as functions (Host).
package botapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// The open bot API (docs/bots.md): a bot account, written by anyone in any language, signs in with an API
// token, listens to its events (GET /api/bot/stream: invitations, games it has a seat in), follows each
// game (GET /api/bot/games/{id}/stream: its seat's state after every change) and moves with the same POST
// as a person. People invite a bot by name (POST /api/matches/{id}/invite). Both streams are
// newline-delimited JSON, one object per line, with an empty line every 15 seconds to keep the
// connection alive through proxies.

// botKeepAlive is the longest a stream stays silent.
const botKeepAlive = 15 * time.Second

// Event is one line of a bot's event stream.
type Event struct {
	Type    string          `json:"type"` // "invitation", "game_start"
	Match   string          `json:"match"`
	Game    string          `json:"game,omitempty"`
	Options json.RawMessage `json:"options,omitempty"`
	Seat    *game.Seat      `json:"seat,omitempty"`
	From    string          `json:"from,omitempty"`
}

// botHub delivers events to the bot accounts' streams. On one instance, an invitation to a bot whose
// stream is not open waits (the last 50 per bot, in memory) for its next connection. When instances share
// the database (shared set), every event is written there (bot:USER:ORDER, for a day) and every instance
// is woken: the one holding the bot's stream takes it, once, and delivers it; an invitation nobody takes
// waits there for the bot's next stream, on whichever instance.
type botHub struct {
	mu      sync.Mutex
	subs    map[string]map[chan Event]struct{}
	pending map[string][]Event
	takers  map[string]*sync.Mutex // by bot: held by each take of its shared events (taker)

	shared   store.Shared
	wake     func(ctx context.Context, userID string) // every instance's WakeHere
	instance string
	n        atomic.Uint64
	now      func() time.Time
}

// botEventLife is how long an event waits in the shared database for a bot's stream.
const botEventLife = 24 * time.Hour

func newBotHub() *botHub {
	return &botHub{subs: map[string]map[chan Event]struct{}{}, pending: map[string][]Event{}, takers: map[string]*sync.Mutex{},
		now: time.Now}
}

// taker is the lock that a new stream's take of the bot's waiting events and the wakes' takes hold in
// turn. A wake that comes between the stream's registration and its take (the database's notifications
// lag behind the invitations) would otherwise take what waited, all of it, past the cap of the newest
// maxWaiting, or share it with the stream's take, each capped alone.
func (h *botHub) taker(userID string) *sync.Mutex {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.takers[userID]
	if t == nil {
		t = &sync.Mutex{}
		h.takers[userID] = t
	}
	return t
}

// send delivers an event to every open stream of a bot; an invitation nobody hears is kept.
func (h *botHub) send(ctx context.Context, userID string, ev Event) {
	if h.shared != nil {
		// The key orders a bot's events by time, then by instance and count (fixed width, so that the 10th
		// event of one instant sorts after the 9th).
		key := fmt.Sprintf("bot:%s:%016x:%s:%016x", userID, h.now().UnixNano(), h.instance, h.n.Add(1))
		if err := h.shared.PutTemp(ctx, key, httpkit.MustJSON(ev), h.now().Add(botEventLife)); err == nil {
			h.wake(ctx, userID)
			return
		}
		// the database refused: deliver on this instance at least
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs[userID]) == 0 {
		if ev.Type == "invitation" {
			h.pending[userID] = lastWaiting(append(h.pending[userID], ev))
		}
		return
	}
	h.fanOut(userID, ev)
}

// fanOut hands ev to the bot's streams on this instance; h.mu is held.
func (h *botHub) fanOut(userID string, ev Event) {
	for c := range h.subs[userID] {
		select {
		case c <- ev:
		default: // a stream this far behind is dropped by its reader's deadline; nothing blocks the sender
		}
	}
}

// takeShared takes the bot's events waiting in the shared database, in order; game_start events are left
// out when skipStarts (a new stream lists the bot's matches in play itself).
func (h *botHub) takeShared(ctx context.Context, userID string, skipStarts bool) []Event {
	keys, err := h.shared.TempKeys(ctx, "bot:"+userID+":", h.now())
	if err != nil {
		return nil
	}
	var out []Event
	for _, k := range keys {
		b, ok, err := h.shared.TakeTemp(ctx, k, h.now())
		if err != nil || !ok {
			continue // another instance's stream took it
		}
		var ev Event
		if json.Unmarshal(b, &ev) == nil && !(skipStarts && ev.Type == "game_start") {
			out = append(out, ev)
		}
	}
	return out
}

// wakeHere delivers the bot's waiting events if one of its streams is open on this instance.
func (h *botHub) wakeHere(ctx context.Context, userID string) {
	if h.shared == nil {
		return
	}
	t := h.taker(userID)
	t.Lock()
	defer t.Unlock()
	h.mu.Lock()
	open := len(h.subs[userID]) > 0
	h.mu.Unlock()
	if !open {
		return
	}
	evs := h.takeShared(ctx, userID, false)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range evs {
		h.fanOut(userID, ev)
	}
}

// listen opens a stream's channel and hands it the invitations that waited.
func (h *botHub) listen(ctx context.Context, userID string) (chan Event, []Event) {
	if h.shared != nil {
		t := h.taker(userID)
		t.Lock()
		defer t.Unlock()
	}
	h.mu.Lock()
	c := make(chan Event, 64)
	if h.subs[userID] == nil {
		h.subs[userID] = map[chan Event]struct{}{}
	}
	h.subs[userID][c] = struct{}{}
	waiting := h.pending[userID]
	delete(h.pending, userID)
	h.mu.Unlock()
	if h.shared != nil {
		waiting = lastWaiting(append(waiting, h.takeShared(ctx, userID, true)...))
	}
	return c, waiting
}

// maxWaiting is how many invitations wait for a bot's next stream: the newest.
const maxWaiting = 50

// lastWaiting keeps the newest maxWaiting of the invitations waiting for a bot (tables may invite a bot
// again and again: BotInviteBurst an hour each, and anyone seated may open a table).
func lastWaiting(evs []Event) []Event {
	return evs[max(0, len(evs)-maxWaiting):]
}

func (h *botHub) leave(userID string, c chan Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs[userID], c)
}

// botPrincipal is the bot account an API token with the play scope names; a person's token, a session or
// no credential is refused.
func (s *Room) botPrincipal(r *http.Request) (*accounts.Principal, error) {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return nil, err
	}
	if p.Token == nil || !p.User.Bot {
		return nil, httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "the bot API takes a bot account's API token (POST /api/account/bot makes an account a bot)")
	}
	return p, nil
}

// tokenEnded reports whether an open stream's token no longer names a bot account (revoked, the account
// gone or no bot). A database that cannot answer for a moment has not said so: ending every bot's stream
// then would have them all reconnect at once as it returns.
func (s *Room) tokenEnded(r *http.Request) bool {
	_, err := s.botPrincipal(r)
	if e := (*httpkit.Error)(nil); err != nil && !errors.As(err, &e) {
		return false // asked again at the next event or keep-alive
	}
	return err != nil
}

// BecomeBot is POST /api/account/bot: the signed-in account (by its session, not a token) becomes a bot
// account, for good. Its games with people are then unrated.
func (s *Room) BecomeBot(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot make its account a bot: sign in")
	}
	// A bot plays in no rated tournament: an account entered in one stays a person until it has left it,
	// said in words, rather than being withdrawn behind its back or playing on with its games unrated.
	if s.host.RatedEntry != nil {
		name, err := s.host.RatedEntry(r.Context(), p.User.ID)
		if err != nil {
			return fmt.Errorf("become a bot: %w", err)
		}
		if name != "" {
			return httpkit.Errf(http.StatusConflict, "in_rated_tournament",
				"you are entered in the rated tournament %q, which has not finished, and a bot plays in no rated tournament: leave it (or withdraw from it) first", name)
		}
	}
	u := p.User
	u.Bot = true
	if err := s.accounts.UpdateUser(r.Context(), u); err != nil {
		return fmt.Errorf("become a bot: %w", err)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"user": accounts.UserOut(u)})
	return nil
}

// ndjson starts a newline-delimited JSON stream and returns its writer of lines.
func ndjson(w http.ResponseWriter) (func(b []byte) error, error) {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) // a stream outlives the deadline on a request's body (see accountEvents)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	line := func(b []byte) error {
		// A stream's writes are checked against a deadline: a bot that stops reading is let go.
		rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := w.Write(append(b, '\n')); err != nil {
			return err
		}
		return rc.Flush()
	}
	return line, line([]byte{})
}

// Stream is GET /api/bot/stream: the bot's events, beginning with a game_start for every match in play
// where it holds a seat (so that a bot that restarts picks its games up) and the invitations that waited.
func (s *Room) Stream(w http.ResponseWriter, r *http.Request) error {
	p, err := s.botPrincipal(r)
	if err != nil {
		return err
	}
	refs, err := s.accounts.SeatsOf(r.Context(), p.User.ID, 100)
	if err != nil {
		return fmt.Errorf("bot stream: %w", err)
	}
	var first []Event
	for _, ref := range refs {
		if m, ok := s.host.InPlay(r.Context(), ref.GameID); ok {
			seat := game.Seat(ref.Seat)
			first = append(first, Event{Type: "game_start", Match: ref.GameID, Game: m.Game, Options: m.Options, Seat: &seat})
		}
	}
	events, waiting := s.hub.listen(r.Context(), p.User.ID)
	defer s.hub.leave(p.User.ID, events)
	line, err := ndjson(w)
	if err != nil {
		return nil
	}
	for _, ev := range append(first, waiting...) {
		if err := line(httpkit.MustJSON(ev)); err != nil {
			return nil
		}
	}
	tick := time.NewTicker(botKeepAlive)
	defer tick.Stop()
	for {
		var out []byte
		select {
		case ev := <-events:
			out = httpkit.MustJSON(ev)
		case <-tick.C:
			out = []byte{}
		case <-s.host.Drained:
			return nil
		case <-r.Context().Done():
			return nil
		}
		// A token revoked (by its owner, or by the operator's password reset) ends the stream it opened.
		if s.tokenEnded(r) {
			return nil
		}
		if err := line(out); err != nil {
			return nil
		}
	}
}

// GameStream is GET /api/bot/games/{id}/stream: the bot's seat's state (the object GET
// /api/matches/{id} answers) now and after every change, until the game is over or closed.
func (s *Room) GameStream(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.botPrincipal(r); err != nil {
		return err
	}
	feed, err := s.host.Follow(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	defer feed.Close()
	line, err := ndjson(w)
	if err != nil {
		return nil
	}
	tick := time.NewTicker(botKeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-feed.Wake:
			out := feed.Take()
			if out == nil {
				continue
			}
			if s.tokenEnded(r) {
				return nil // the token was revoked: its seat's state is no longer its to hear
			}
			if err := line(out); err != nil || over(out) {
				return nil
			}
		case <-tick.C:
			if s.tokenEnded(r) {
				return nil
			}
			if err := line([]byte{}); err != nil {
				return nil
			}
		case <-feed.Done:
			return nil
		case <-s.host.Drained:
			return nil
		case <-r.Context().Done():
			return nil
		}
	}
}

// over reports whether a state says the match has ended (finished, or closed before it started).
func over(envelope []byte) bool {
	var e struct {
		Match struct{ Status string } `json:"match"`
	}
	if json.Unmarshal(envelope, &e) != nil {
		return false
	}
	return e.Match.Status == "finished" || e.Match.Status == "closed"
}

// Invite is POST /api/matches/{id}/invite {"name"} or {"names": [...]}: a seated player of an open match
// invites accounts by name. A bot hears it on its event stream and joins like anyone; a person gets a
// notification (unless they blocked the inviter), which leads to the match's page and its Join button.
// Inviting people takes an account (so that it can be blocked) and is limited to InviteBurst an hour;
// a table's invitations of bots, BotInviteBurst an hour.
func (s *Room) Invite(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Name  string   `json:"name"`
		Names []string `json:"names"`
	}
	if err := httpkit.Decode(w, r, s.host.MaxBody, &req, nil); err != nil {
		return err
	}
	names := req.Names
	if req.Name != "" {
		names = append(names, req.Name)
	}
	if len(names) == 0 || len(names) > 10 {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "invite 1 to 10 names")
	}
	var users []store.User
	for _, name := range names {
		u, err := s.accounts.UserByKey(r.Context(), auth.NameKey(strings.TrimSpace(name)))
		if errors.Is(err, store.ErrNotFound) || (err == nil && (u.Deleted || u.Disabled)) {
			return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no account named %q", name)
		} else if err != nil {
			return fmt.Errorf("invite: %w", err)
		}
		users = append(users, u)
	}
	var inviter *accounts.Principal
	people := 0
	for _, u := range users {
		if u.Bot {
			continue
		}
		people++
		p, err := s.ident.SignedIn(r, accounts.ScopePlay)
		if err != nil {
			return httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "sign in to invite people by name (bots can be invited by anyone seated)")
		}
		if p.User.ID == u.ID {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "that is you")
		}
		if blocked, err := s.accounts.Blocks(r.Context(), u.ID, p.User.ID); err != nil {
			return fmt.Errorf("invite: %w", err)
		} else if blocked {
			return httpkit.Errf(http.StatusForbidden, social.CodeBlocked, "%s does not take your invitations", u.Name)
		}
		inviter = p
	}
	invited := make([]string, len(users))
	for i, u := range users {
		invited[i] = u.Name
	}
	// The limits count once the inviting seat is known, so that a request the table refuses (no seat's
	// credential, another's) spends nothing of the inviter's hour nor of the table's; admit may be asked
	// again when the log is written anew after a conflict, and counts once.
	bots, admitted := len(users)-people, false
	admit := func() error {
		if admitted {
			return nil
		}
		if inviter != nil {
			if retry, err := s.invitations.Take(r.Context(), inviter.User.ID, s.now(), people); err != nil {
				return fmt.Errorf("invite: %w", err)
			} else if retry > 0 {
				return httpkit.TooMany(retry, "%d invitations an hour at most", InviteBurst)
			}
		}
		if bots > 0 {
			if retry, err := s.botInvitations.Take(r.Context(), r.PathValue("id"), s.now(), bots); err != nil {
				return fmt.Errorf("invite: %w", err)
			} else if retry > 0 {
				return httpkit.TooMany(retry, "%d invitations of bots an hour at most at one table", BotInviteBurst)
			}
		}
		admitted = true
		return nil
	}
	m, err := s.host.Invite(r, r.PathValue("id"), invited, admit)
	if err != nil {
		return err
	}
	ev := Event{Type: "invitation", Match: m.ID, Game: m.Game, Options: m.Options, From: m.From}
	var notes []store.Note
	at := s.now()
	for _, u := range users {
		if !u.Bot {
			notes = append(notes, social.MatchNote(m.Game, m.ID, u.ID, social.NoteInvite, at, social.NoteData{By: m.From, Actor: inviter.User.ID, Seat: -1}))
		}
	}
	for _, u := range users {
		if u.Bot {
			s.hub.send(r.Context(), u.ID, ev)
		}
	}
	s.host.Social.AddNotes(r.Context(), notes...)
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"invited": strings.Join(invited, ", ")})
	return nil
}

// InviteBurst is how many people one account may invite an hour.
const InviteBurst = 30

// BotInviteBurst is how many invitations of bots one table may make an hour: each is an event of the
// match's log, and a seat needs no account, so the table is what is counted.
const BotInviteBurst = 30

// Seated tells a bot account's stream that the server seated it in a match (a tournament's game), as
// Joined does for a seat it took itself.
func (s *Room) Seated(ctx context.Context, userID string, seat game.Seat, m Match) {
	s.hub.send(ctx, userID, Event{Type: "game_start", Match: m.ID, Game: m.Game, Options: m.Options, Seat: &seat})
}

// Joined tells a bot's stream that it now holds a seat of a match (it joined by its API token); match
// reads the match, only when the request is a bot's.
func (s *Room) Joined(r *http.Request, seat game.Seat, match func() Match) {
	p, err := s.ident.WhoIs(r)
	if err != nil || p == nil || p.Token == nil || !p.User.Bot {
		return
	}
	m := match()
	s.hub.send(r.Context(), p.User.ID, Event{Type: "game_start", Match: m.ID, Game: m.Game, Options: m.Options, Seat: &seat})
}
