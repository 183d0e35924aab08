package social

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Notifications (docs/notifications.md): when a signed-in player must act (a move, a start, an
// invitation, a rematch, a clock about to run out) or a game of theirs ends, the change that causes it
// writes a note to the store's outbox in the same transaction (Update.Notes), so that the note is exactly
// as durable as the change. The outbox is then worked by sender.go, on whichever instance claims it.

// Note kinds.
const (
	NoteTurn    = "turn"
	NoteStart   = "start"
	NoteClock   = "clock"
	NoteEnd     = "end"
	NoteInvite  = "invite"
	NoteRematch = "rematch"
	NoteFollow  = "follow"
	// NoteChallenge: the day's challenges are ready (server/challenges), for the accounts that asked.
	NoteChallenge = "challenge"
	// NoteTournamentRound: a tournament's round is paired, your game starts (or you sit out a bye).
	NoteTournamentRound = "tournament_round"
	// NoteTournamentCheckIn: a tournament's check-in is open and you have not checked in.
	NoteTournamentCheckIn = "tournament_checkin"
	// NoteTournamentEnd: a tournament ended; Place is yours.
	NoteTournamentEnd = "tournament_end"
	// NoteTournamentBreak: a round's games are over and the break before the next begins; Round is the
	// next, Deadline when it is paired.
	NoteTournamentBreak = "tournament_break"
)

// NoteData is a note's data.
type NoteData struct {
	Game string `json:"game,omitempty"` // the game definition's name
	By   string `json:"by,omitempty"`   // who caused it, by the name they go by (at the table: their seat's)
	// Actor is the account that caused it ("" for a guest or the clock): the gate (noterules.go) reads it
	// for blocks and repeats, and the inbox marks the name as an account's.
	Actor string `json:"actor,omitempty"`
	Seat  int    `json:"seat"` // the seat that must act (turn, start, clock)
	// Seq is the match's sequence number the note was written at: a turn or clock note whose seat has
	// acted since is stale, and is no longer pushed or mailed.
	Seq      int64      `json:"seq,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"` // clock notes; a break's: when the next round starts
	Sub      string     `json:"sub,omitempty"`      // push deliveries: the subscription
	// Tournament notes: the tournament's id and name, the round, your final place.
	Tournament string `json:"tournament,omitempty"`
	Title      string `json:"title,omitempty"`
	Round      int    `json:"round,omitempty"`
	Place      int    `json:"place,omitempty"`
}

// notes is the observer that writes them (observe.Observer): it runs when accounts are on.
type notes struct{}

func (notes) Before(ctx context.Context, e *observe.Snapshot) []store.Note {
	var out []store.Note
	switch e.Kind {
	case observe.Start:
		out = startNotes(e)
	case observe.Move:
		out = moveNotes(e)
	case observe.Rematch:
		out = rematchNotes(e)
	case observe.Resign, observe.Claim:
		if e.Finished {
			out = endNotes(e, game.Seat(e.Seat))
		}
	}
	// A player who sees the table needs no note about it (an instance that does not hold the player's
	// socket writes the note; the sender's fan-out looks again).
	if e.Present != nil {
		out = slices.DeleteFunc(out, func(n store.Note) bool { return e.AtTable(n.UserID) })
	}
	return out
}

func (notes) After(context.Context, *observe.Snapshot) {}

// note builds one outbox row about the event's match.
func note(e *observe.Snapshot, user, kind string, d NoteData) store.Note {
	return MatchNote(e.Game, e.Match, user, kind, e.At, d)
}

// MatchNote builds one outbox row about a match of a game.
func MatchNote(gameName, matchID, user, kind string, at time.Time, d NoteData) store.Note {
	d.Game = gameName
	return store.Note{UserID: user, Kind: kind, GameID: matchID, Data: httpkit.MustJSON(d), Due: at, Created: at}
}

// moveNotes are the notes a move causes: a turn note for every seat that must now take a new decision
// (the mover, at the table, excepted), a clock reminder where a long clock runs, and the end of the game
// for the others.
func moveNotes(e *observe.Snapshot) []store.Note {
	if e.Holders() == nil {
		return nil
	}
	mover := game.Seat(e.Seat)
	by, actor := e.Seats[mover].Name, e.Holder(mover)
	if e.Over {
		return endNotes(e, mover)
	}
	var out []store.Note
	for _, s := range e.ToActAfter {
		u := e.Holder(s)
		if u == "" || s == mover || u == actor || slices.Contains(e.ToActBefore, s) || e.Seats[s].Resigned {
			continue
		}
		out = append(out, note(e, u, NoteTurn, NoteData{By: by, Actor: actor, Seat: int(s), Seq: e.Seq}))
		out = append(out, clockNote(e, u, s)...)
	}
	return out
}

// endNotes tell the seated accounts, but the one whose event ended it, that the game is over.
func endNotes(e *observe.Snapshot, by game.Seat) []store.Note {
	if e.Holders() == nil {
		return nil
	}
	name, actor := e.Seats[by].Name, e.Holder(by)
	var out []store.Note
	for s := range e.Seats {
		if u := e.Holder(game.Seat(s)); u != "" && u != actor {
			out = append(out, note(e, u, NoteEnd, NoteData{By: name, Actor: actor, Seat: s, Seq: e.Seq}))
		}
	}
	return out
}

// startNotes tell the seated accounts, the host who started it excepted, that the game has begun.
func startNotes(e *observe.Snapshot) []store.Note {
	if e.Tournament != "" {
		return nil // the server started it, and the tournament's round note told its players
	}
	acct := e.Holders()
	var out []store.Note
	starter := observe.HostSeat
	actor := ""
	if starter >= 0 && int(starter) < len(acct) {
		actor = acct[starter]
	}
	for s, u := range acct {
		if u == "" || (actor != "" && u == actor) {
			continue
		}
		out = append(out, note(e, u, NoteStart, NoteData{By: e.Seats[max(starter, 0)].Name, Actor: actor, Seat: s, Seq: e.Seq}))
	}
	return out
}

// rematchNotes tell the other seated accounts that the asker wants to play again.
func rematchNotes(e *observe.Snapshot) []store.Note {
	acct := e.Holders()
	asker := e.Seat
	var out []store.Note
	for s, u := range acct {
		if u != "" && s != asker && u != acct[asker] {
			out = append(out, note(e, u, NoteRematch, NoteData{By: e.Seats[asker].Name, Actor: acct[asker], Seat: s}))
		}
	}
	return out
}

// clockNote is a reminder, due before a long clock runs out: a quarter of the time before, at most an
// hour. Short clocks are played at the table and get none.
func clockNote(e *observe.Snapshot, user string, s game.Seat) []store.Note {
	if int(s) >= len(e.Deadlines) || e.Deadlines[s].IsZero() {
		return nil
	}
	deadline := e.Deadlines[s]
	d := deadline.Sub(e.At)
	if d < 20*time.Minute {
		return nil
	}
	n := note(e, user, NoteClock, NoteData{Seat: int(s), Seq: e.Seq, Deadline: &deadline})
	n.Due = deadline.Add(-min(time.Hour, d/4))
	return []store.Note{n}
}

// stale reports whether a note no longer asks anything of its seat: a turn or clock note whose seat
// acted, or whose game ended, since it was written. A note about a match that cannot be read is stale.
func (s *Room) stale(ctx context.Context, n store.Note) bool {
	if n.GameID == "" {
		return false
	}
	var d NoteData
	if json.Unmarshal(n.Data, &d) != nil {
		return false
	}
	acted, err := s.host.Acted(ctx, n.GameID, d.Seat, d.Seq)
	if err != nil {
		return true
	}
	switch n.Kind {
	case NoteTurn, NoteClock:
		return acted
	}
	return false
}

// userHub wakes the inbox streams open on this instance when their account has new notes.
type userHub struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

func (h *userHub) listen(userID string) chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[string]map[chan struct{}]struct{}{}
	}
	if h.subs[userID] == nil {
		h.subs[userID] = map[chan struct{}]struct{}{}
	}
	c := make(chan struct{}, 1)
	h.subs[userID][c] = struct{}{}
	return c
}

func (h *userHub) leave(userID string, c chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs[userID], c)
	if len(h.subs[userID]) == 0 {
		delete(h.subs, userID)
	}
}

func (h *userHub) wake(userID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs[userID] {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// online reports whether the account has an inbox stream open on this instance.
func (h *userHub) online(userID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[userID]) > 0
}

// TableSeen marks read the notes about a match of the account whose page shows its table now, and
// tells the account's open pages the new count.
func (s *Room) TableSeen(ctx context.Context, user, matchID string) {
	n, err := s.accounts.MarkMatchRead(ctx, user, matchID)
	if err != nil {
		s.log.Error("notifications: read the notes of a table in view", "match", matchID, "err", err)
		return
	}
	if n > 0 {
		s.wakeUsers(ctx, []string{user})
	}
}

// wakeUsers tells the accounts' open pages, on every instance, that their inbox changed.
func (s *Room) wakeUsers(ctx context.Context, users []string) {
	if n := s.host.Notifier; n != nil {
		// Every instance, this one too, hears it from the store.
		if err := n.Wake(ctx, users); err != nil {
			s.log.Error("notifications: wake other instances", "err", err)
		} else {
			return
		}
	}
	for _, u := range users {
		s.inboxes.wake(u)
	}
}
