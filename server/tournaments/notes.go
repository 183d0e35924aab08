package tournaments

import (
	"context"
	"fmt"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// The notes a tournament writes through the outbox: a round is paired (your game starts), check in, a
// break begins (the next round starts at …), the tournament ended with your place. Bots get none.

func (s *Room) note(ctx context.Context, t loaded, user, kind, match string, d social.NoteData) {
	if s.host.Notify == nil {
		return
	}
	s.host.Notify(ctx, s.noteOf(t, user, kind, match, d))
}

// noteOf is a note about the tournament, due now.
func (s *Room) noteOf(t loaded, user, kind, match string, d social.NoteData) store.Note {
	now := s.host.Now()
	d.Tournament, d.Title, d.Game = t.ID, t.set.Name, t.set.Game
	return store.Note{UserID: user, Kind: kind, GameID: match, Data: httpkit.MustJSON(d), Due: now, Created: now}
}

// roundNotes tells each player of a pairing that their game starts (or that they sit out: a bye, or a
// league game left unplayed by a withdrawal, with no seat in any game). A player who withdrew is told
// nothing more.
func (s *Room) roundNotes(ctx context.Context, t loaded, byID map[string]store.Entrant, p store.TournamentPairing) {
	for seat, st := range p.Seats {
		if e := byID[st.UserID]; e.Bot == "" && e.UserID != "" && !e.Withdrawn {
			if !realMatch(p.MatchID) {
				seat = -1
			}
			s.note(ctx, t, st.UserID, social.NoteTournamentRound, p.MatchID, social.NoteData{Seat: seat, Round: p.Round})
		}
	}
}

// remindCheckIn tells, once each, the players who have not checked in while check-in is open.
func (s *Room) remindCheckIn(ctx context.Context, t loaded) error {
	es, err := s.host.Store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, e := range es {
		if e.CheckedIn || e.Told || e.Bot != "" || e.Withdrawn {
			continue
		}
		// the flag is the claim: one instance tells each player
		ok, err := s.host.Store.SetEntrantFlag(ctx, t.ID, e.UserID, "told", true)
		if err != nil {
			return err
		}
		if ok {
			s.note(ctx, t, e.UserID, social.NoteTournamentCheckIn, "", social.NoteData{Seat: -1})
		}
	}
	return nil
}

// endNotes tells each player their final place (in their group, in a league).
func (s *Room) endNotes(ctx context.Context, t loaded, lines []line) {
	if s.host.Notify == nil {
		return
	}
	// One write for them all: a note each was a commit each, 1,000 of them (2.3 s) as an arena of 1,000 ended.
	notes := make([]store.Note, 0, len(lines))
	for _, l := range lines {
		rank, _ := l.fields["rank"].(int)
		if len(l.user) > 4 && l.user[:4] == "bot:" {
			continue
		}
		notes = append(notes, s.noteOf(t, l.user, social.NoteTournamentEnd, "", social.NoteData{Seat: -1, Place: rank}))
	}
	if len(notes) > 0 {
		s.host.Notify(ctx, notes...)
	}
}

// breakNoteLife is how long a round's claim on its break note waits for the break: a round lasts as long
// as its slowest game, and a claim never taken (the tournament ended early) is forgotten then.
const breakNoteLife = 400 * 24 * time.Hour

// breakClaim names the claim on the note of the break after a round, in the store the instances share.
func breakClaim(tournament string, round int) string {
	return fmt.Sprintf("tournament-break:%s:%d", tournament, round)
}

// armBreakNote leaves the claim on the note of the break after round n, when one follows it: the instance
// that paired the round puts it (the store let that instance alone store the round), and the first
// instance to see the break begin takes it, so that the players are told once. The claim of the break
// before round n, over now, goes if no instance took it (none looked during the break).
func (s *Room) armBreakNote(ctx context.Context, t loaded, n int) error {
	sh, ok := s.host.Store.(store.Shared)
	if !ok || s.host.Notify == nil || t.set.RoundBreak == 0 || (t.set.Format != Swiss && t.set.Format != Tables) {
		return nil
	}
	if n > 1 {
		if err := sh.DeleteTemp(ctx, breakClaim(t.ID, n-1)); err != nil {
			return fmt.Errorf("tournament %s: round %d: the last break's note: %w", t.ID, n, err)
		}
	}
	if n >= t.set.Rounds {
		return nil
	}
	if err := sh.PutTemp(ctx, breakClaim(t.ID, n), []byte{1}, s.host.Now().Add(breakNoteLife)); err != nil {
		return fmt.Errorf("tournament %s: round %d: break note: %w", t.ID, n, err)
	}
	return nil
}

// breakNotes tells the players still in (active) that round next starts at at, if this instance is the
// one to take the claim armBreakNote left: every instance looking during the break asks, one takes it.
func (s *Room) breakNotes(ctx context.Context, t loaded, active []store.Entrant, next int, at time.Time) error {
	sh, ok := s.host.Store.(store.Shared)
	if !ok || s.host.Notify == nil {
		return nil
	}
	_, took, err := sh.TakeTemp(ctx, breakClaim(t.ID, next-1), s.host.Now())
	if err != nil {
		return fmt.Errorf("tournament %s: break before round %d: %w", t.ID, next, err)
	}
	if !took {
		return nil
	}
	for _, e := range active {
		if e.Bot == "" && e.UserID != "" {
			s.note(ctx, t, e.UserID, social.NoteTournamentBreak, "", social.NoteData{Seat: -1, Round: next, Deadline: &at})
		}
	}
	return nil
}
