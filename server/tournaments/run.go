package tournaments

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// The room's loop: every instance looks each few seconds at the tournaments upcoming and running, starts
// those due, tells those who have not checked in, forfeits absent players, pairs rounds whose previous
// round is over and ends what is over. Everything it does is claimed in the store, so that the instances
// may all look at once.

// tickEvery is how often the loop looks.
const tickEvery = 5 * time.Second

// Run ticks until ctx ends.
func (s *Room) Run(ctx context.Context) {
	t := time.NewTicker(tickEvery)
	defer t.Stop()
	for {
		s.Tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Tick does once what the loop does.
func (s *Room) Tick(ctx context.Context) {
	if s.host.Store == nil {
		return
	}
	ts, err := s.host.Store.ActiveTournaments(ctx)
	if err != nil {
		s.host.Log.Error("tournaments: active", "err", err)
		return
	}
	now := s.host.Now()
	defer s.prune(ts)
	for _, st := range ts {
		t, err := s.load(ctx, st.ID)
		if err != nil {
			s.host.Log.Error("tournaments: load", "tournament", st.ID, "err", err)
			continue
		}
		if err := s.tick(ctx, t, now); err != nil {
			s.host.Log.Error("tournaments: tick", "tournament", t.ID, "err", err)
		}
	}
}

func (s *Room) tick(ctx context.Context, t loaded, now time.Time) error {
	if t.Status == Upcoming {
		if checkInOpen(t, now) {
			if err := s.remindCheckIn(ctx, t); err != nil {
				return err
			}
		}
		if now.Before(t.StartsAt) {
			return nil
		}
		return s.start(ctx, t)
	}
	if err := s.forfeits(ctx, t, now); err != nil {
		return err
	}
	return s.advance(ctx, t)
}

// prune forgets what this instance kept of games no longer in play and of tournaments no longer active
// (an arena's fold is made again from its log when asked for; one read since the last prune is kept).
func (s *Room) prune(active []store.Tournament) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id := range s.moved {
		if !s.live[id] {
			delete(s.moved, id)
		}
	}
	for id := range s.looked {
		if !s.live[id] {
			delete(s.looked, id)
		}
	}
	s.live = map[string]bool{}
	on := map[string]bool{}
	for _, t := range active {
		on[t.ID] = true
	}
	for id := range s.waking {
		if !on[id] {
			delete(s.waking, id)
		}
	}
	for id := range s.arenas {
		if !on[id] {
			delete(s.rosters, id)
			// a finished arena whose page is being read keeps its fold: folding its whole log again at
			// each poll costs as much as the arena's every step
			if !s.read[id] {
				delete(s.arenas, id)
			}
		}
	}
	s.read = map[string]bool{}
}

// later advances a tournament in the background (after a result or a withdrawal).
func (s *Room) later(id string) {
	if s.host.Go == nil {
		return
	}
	s.host.Go(func(ctx context.Context) {
		t, err := s.load(ctx, id)
		if err == nil && t.Status == Running {
			err = s.advance(ctx, t)
		}
		if err != nil {
			s.host.Log.Error("tournaments: advance", "tournament", id, "err", err)
		}
	})
}

func seconds(n int) time.Duration { return time.Duration(n) * time.Second }

// checkInOpen: check-in opens check_in_seconds before the start and closes at it.
func checkInOpen(t loaded, now time.Time) bool {
	return t.set.CheckIn > 0 && t.Status == Upcoming && !now.Before(t.StartsAt.Add(-seconds(t.set.CheckIn))) && now.Before(t.StartsAt)
}

// playing are the entrants who will play when it starts: with a check-in, those who checked in.
func playing(t loaded, es []store.Entrant) []store.Entrant {
	var out []store.Entrant
	for _, e := range es {
		if !e.Withdrawn && (t.set.CheckIn == 0 || e.CheckedIn || e.Bot != "") {
			out = append(out, e)
		}
	}
	return out
}

// minPlayers is how few may start it: a table's least, or two.
func minPlayers(t loaded) int {
	if t.set.Format == Tables {
		return t.set.Seats.Min
	}
	return 2
}

// start starts a tournament: once, by whichever instance claims it. Those who did not check in are
// withdrawn, but from an arena, which they may still join while it runs (their place kept); with too
// few players left it is cancelled. The players are read after the claim: a join
// takes a place only while the tournament is upcoming, so none lands after the read but an arena's late
// joiner, checked in, whom their own join step enters (a second join step of a player changes nothing).
func (s *Room) start(ctx context.Context, t loaded) error {
	now := s.host.Now()
	ok, err := s.host.Store.SetTournamentStatus(ctx, t.ID, Upcoming, Running, now)
	if err != nil || !ok {
		return err
	}
	es, err := s.host.Store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	t.Status, t.Started = Running, now
	if _, err := s.leaveGone(ctx, t, es); err != nil {
		return err
	}
	in := playing(t, es)
	for _, e := range es {
		if !e.Withdrawn && !containsUser(in, e.UserID) && (t.set.Format != Arena || len(in) < minPlayers(t)) {
			if _, err := s.host.Store.SetEntrantFlag(ctx, t.ID, e.UserID, "withdrawn", true); err != nil {
				return err
			}
		}
	}
	if len(in) < minPlayers(t) {
		s.host.Log.Info("tournament cancelled: too few players", "tournament", t.ID, "players", len(in))
		_, err := s.host.Store.SetTournamentStatus(ctx, t.ID, Running, Cancelled, now)
		return err
	}
	s.host.Log.Info("tournament started", "tournament", t.ID, "players", len(in))
	switch t.set.Format {
	case League:
		if err := s.placeGroups(ctx, t, in); err != nil {
			return err
		}
	case Arena:
		return s.startArena(ctx, t, in)
	}
	return s.advance(ctx, t)
}

func containsUser(es []store.Entrant, user string) bool {
	for _, e := range es {
		if e.UserID == user {
			return true
		}
	}
	return false
}

// leaveGone withdraws the players whose account was deleted or disabled since they joined (es updated
// in place): nobody would ever sit at their table, and a round waits for every game. It reports how many
// it withdrew.
func (s *Room) leaveGone(ctx context.Context, t loaded, es []store.Entrant) (int, error) {
	n := 0
	if s.host.Accounts == nil { // a room without accounts (the package's own tests) has none to lose
		return 0, nil
	}
	for i, e := range es {
		if e.Withdrawn || e.Bot != "" {
			continue
		}
		u, err := s.host.Accounts.UserByID(ctx, e.UserID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return n, fmt.Errorf("tournament %s: account of %s: %w", t.ID, e.UserID, err)
		}
		if err == nil && !u.Deleted && !u.Disabled {
			continue
		}
		if _, err := s.host.Store.SetEntrantFlag(ctx, t.ID, e.UserID, "withdrawn", true); err != nil {
			return n, err
		}
		s.host.Log.Info("tournament: a player's account is gone, withdrawn", "tournament", t.ID, "user", e.UserID)
		es[i].Withdrawn = true
		n++
	}
	return n, nil
}
