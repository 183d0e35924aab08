package tournaments

import (
	"context"
	"errors"
	"time"

	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Observer records a tournament game's result when its match ends: the only way a result is recorded.
func (s *Room) Observer() observe.Observer { return observer{s} }

type observer struct{ s *Room }

func (observer) Before(context.Context, *observe.Snapshot) []store.Note { return nil }

// After records the places and scores of a tournament game that has just ended (on the instance that
// logged its end), then pairs what follows in the background, outside the match's lock.
func (o observer) After(ctx context.Context, e *observe.Snapshot) {
	if !e.Finished || o.s.host.Store == nil {
		return
	}
	p, err := o.s.host.Store.PairingOfMatch(ctx, e.Match)
	if errors.Is(err, store.ErrNotFound) {
		return
	}
	if err != nil {
		o.s.host.Log.Error("tournament result", "match", e.Match, "err", err)
		return
	}
	if err := o.s.result(ctx, p, e.Ranks, e.Scores, e.At); err != nil {
		o.s.host.Log.Error("tournament result", "match", e.Match, "err", err)
	}
}

// result records a game's end once and has the tournament go on.
func (s *Room) result(ctx context.Context, p store.TournamentPairing, ranks, scores []int, at time.Time) error {
	status := stFinished
	for i := range p.Seats {
		if i < len(ranks) {
			p.Seats[i].Place = ranks[i]
		}
		if i < len(scores) {
			p.Seats[i].Score = scores[i]
		}
		if p.Seats[i].Forfeit {
			status = stForfeit
		}
	}
	if status == stForfeit {
		placeAbsent(p.Seats)
	}
	ok, err := s.host.Store.FinishPairing(ctx, p.MatchID, p.Seats, status, at)
	if err != nil || !ok {
		return err
	}
	p.Status, p.Finished = status, at
	if s.host.Go == nil {
		return nil
	}
	s.host.Go(func(ctx context.Context) {
		t, err := s.load(ctx, p.Tournament)
		if err == nil && t.Status == Running {
			if t.set.Format == Arena {
				err = s.arenaFinished(ctx, t, p)
			} else {
				err = s.advance(ctx, t)
			}
		}
		if err != nil {
			s.host.Log.Error("tournament: after a result", "tournament", p.Tournament, "err", err)
		}
	})
	return nil
}

// placeAbsent places the seats lost by forfeit last (each at the last place, none sharing it with those
// who played), below those who played in the order the game gave them: the game ranks only the first of
// two absent seats it resigned (the second's resignation came after its end).
func placeAbsent(seats []store.TournamentSeat) {
	places := make([]int, len(seats))
	for i, st := range seats {
		places[i] = len(seats)
		if st.Forfeit {
			continue
		}
		places[i] = 1
		for _, o := range seats {
			if !o.Forfeit && o.Place < st.Place {
				places[i]++
			}
		}
	}
	for i := range seats {
		seats[i].Place = places[i]
	}
}

// forfeits resigns, once, each seat that has not moved forfeit_seconds after its game started.
func (s *Room) forfeits(ctx context.Context, t loaded, now time.Time) error {
	if t.set.Forfeit == 0 || s.host.Idle == nil {
		return nil
	}
	ps, err := s.host.Store.Pairings(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if p.Status != stPlaying || !realMatch(p.MatchID) || now.Before(p.Started.Add(seconds(t.set.Forfeit))) {
			continue
		}
		s.mu.Lock()
		done := s.moved[p.MatchID]
		s.live[p.MatchID] = true
		s.mu.Unlock()
		if done {
			continue
		}
		idle, all, err := s.host.Idle(ctx, p.MatchID)
		if err != nil {
			return err
		}
		if all {
			s.mu.Lock()
			s.moved[p.MatchID] = true
			s.mu.Unlock()
		}
		// Every absent seat is marked before any is resigned: the first resignation may end the game, and
		// its result then counts them all absent.
		var marked []int
		for _, seat := range idle {
			ok, err := s.host.Store.ForfeitSeat(ctx, p.MatchID, seat)
			if err != nil {
				return err
			}
			if ok {
				marked = append(marked, seat)
			}
		}
		for _, seat := range marked {
			s.host.Log.Info("tournament forfeit", "tournament", t.ID, "match", p.MatchID, "seat", seat)
			if err := s.host.Resign(ctx, p.MatchID, seat); err != nil {
				return err
			}
		}
	}
	return nil
}

// lookEvery is how often a game in play is asked whether it has ended, should its end not have been heard
// (the instance that logged it stopped before telling its observers): longer than a match stays in an
// instance's memory unused (10 minutes), so that asking does not keep every tournament game loaded on
// every instance.
const lookEvery = 15 * time.Minute

// missedEnds records the results of games that ended unheard. The result is read from the match, as the
// observer would have had it; recording it twice is refused by the store. With all, every game in play is
// asked at once (an arena at its end: one over unheard before then counts).
func (s *Room) missedEnds(ctx context.Context, ps []store.TournamentPairing, now time.Time, all bool) error {
	if s.host.Result == nil {
		return nil
	}
	for _, p := range ps {
		if p.Status != stPlaying || !realMatch(p.MatchID) || (!all && now.Sub(p.Started) < lookEvery) {
			continue
		}
		s.mu.Lock()
		s.live[p.MatchID] = true
		last, seen := s.looked[p.MatchID]
		if all || !seen || now.Sub(last) >= lookEvery {
			s.looked[p.MatchID] = now
		}
		s.mu.Unlock()
		if !all && seen && now.Sub(last) < lookEvery {
			continue
		}
		res, at, over := s.host.Result(ctx, p.MatchID)
		if !over {
			continue
		}
		// The game is dated by its own end, not by when it is heard of: an arena's game over before the
		// arena's end counts, however late this look comes.
		if at.IsZero() || at.After(now) {
			at = now
		}
		s.host.Log.Warn("tournament: a game's end heard late", "tournament", p.Tournament, "match", p.MatchID, "ended", at)
		if err := s.result(ctx, p, res.Ranks, res.Scores, at); err != nil {
			return err
		}
		s.mu.Lock()
		delete(s.looked, p.MatchID)
		s.mu.Unlock()
	}
	return nil
}
