package social

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// The gate of notes. Notes are written in several places (a move's transaction, an invitation, a follow,
// a rematch), but every one of them reaches an account through the sender's fan-out (sender.go), whatever
// wrote it: the fan-out is where the account's preferences choose the channels, and where this gate first
// decides whether the note is delivered at all. A kind of note the gate does not know is not delivered.

// noteRule is what the gate knows of a kind of note.
type noteRule struct {
	// fromActor: the note carries the doing of the account that caused it, which chose to reach the
	// recipient (a follow, an invitation, a rematch): a recipient who blocked that account does not get it.
	// A note about the recipient's own game (their turn, its start and end, their clock) is the game's,
	// and comes whoever moved: a block must not make anyone miss their turn.
	fromActor bool
}

// noteRules has every kind of note.
var noteRules = map[string]noteRule{
	NoteTurn: {}, NoteStart: {}, NoteClock: {}, NoteEnd: {},
	NoteInvite: {fromActor: true}, NoteRematch: {fromActor: true}, NoteFollow: {fromActor: true},
	NoteChallenge: {}, NoteTournamentRound: {}, NoteTournamentCheckIn: {}, NoteTournamentEnd: {},
	NoteTournamentBreak: {},
}

// NoteRepeatWindow is how long a note is a repeat of an earlier one of the same kind, from the same
// actor, about the same subject: within it the account hears of it once.
const NoteRepeatWindow = time.Hour

// noteRepeatKey names what makes two notes the same: the recipient, the kind, the actor (an account, or a
// guest by name) and the subject (the match, the seat that must act and the match's step, so that two
// turns of one match are two notes; a tournament and its round, so that the breaks of two rounds, or the
// check-ins of two tournaments, notes about no match, are two notes).
func noteRepeatKey(n store.Note, d NoteData) string {
	actor := d.Actor
	if actor == "" {
		actor = "guest:" + d.By
	}
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%d\x00%d\x00%s\x00%d", n.UserID, n.Kind, actor, n.GameID, d.Seat, d.Seq, d.Tournament, d.Round)
}

// recentNotes remembers the notes this instance let through lately, by repeat key: the same burst of
// repeats may be fanned out in one round, before any of them is in the inbox the gate also reads.
type recentNotes struct {
	at map[string]time.Time
}

// seen reports whether key was let through within the window before now, and records it if not.
func (r *recentNotes) seen(key string, now time.Time) bool {
	if r.at == nil {
		r.at = map[string]time.Time{}
	}
	if t, ok := r.at[key]; ok && now.Sub(t) < NoteRepeatWindow {
		return true
	}
	if len(r.at) >= 100_000 {
		for k, t := range r.at {
			if now.Sub(t) >= NoteRepeatWindow {
				delete(r.at, k)
			}
		}
	}
	r.at[key] = now
	return false
}

// admit is the gate: it reports whether a new note is delivered. It refuses a kind it does not know, a
// note from an account the recipient blocked (for the kinds that carry an account's doing), and a repeat:
// a note like one the account got within NoteRepeatWindow, as its inbox (every instance's deliveries) and
// this instance's memory (the deliveries not yet in the inbox) tell. It returns the note's repeat key, for
// unadmit.
func (d *sender) admit(ctx context.Context, n store.Note) (bool, string, error) {
	rule, known := noteRules[n.Kind]
	if !known {
		d.s.log.Error("notifications: a note of an unknown kind is dropped", "kind", n.Kind)
		return false, "", nil
	}
	var nd NoteData
	if err := json.Unmarshal(n.Data, &nd); err != nil {
		d.s.log.Error("notifications: a note with unreadable data is dropped", "kind", n.Kind, "err", err)
		return false, "", nil
	}
	if rule.fromActor && nd.Actor != "" {
		blocked, err := d.s.accounts.Blocks(ctx, n.UserID, nd.Actor)
		if err != nil {
			return false, "", fmt.Errorf("note gate: %w", err)
		}
		if blocked {
			return false, "", nil
		}
	}
	now := d.s.now()
	key := noteRepeatKey(n, nd)
	recent, err := d.s.accounts.Inbox(ctx, n.UserID, 0, 50)
	if err != nil {
		return false, "", fmt.Errorf("note gate: %w", err)
	}
	for _, r := range recent {
		if now.Sub(r.Created) >= NoteRepeatWindow {
			break // newest first: the rest are older still
		}
		var rd NoteData
		if json.Unmarshal(r.Data, &rd) == nil && r.Kind == n.Kind && noteRepeatKey(r, rd) == key {
			return false, "", nil
		}
	}
	d.recentMu.Lock()
	defer d.recentMu.Unlock()
	return !d.recent.seen(key, now), key, nil
}

// unadmit forgets that a note was let through, when its fan-out failed and it will be tried again.
func (d *sender) unadmit(key string) {
	d.recentMu.Lock()
	defer d.recentMu.Unlock()
	delete(d.recent.at, key)
}

// KnownKind reports whether the gate has a rule for a kind of note (an unknown kind is never delivered).
func KnownKind(kind string) bool {
	_, ok := noteRules[kind]
	return ok
}
