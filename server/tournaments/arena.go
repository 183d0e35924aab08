package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/tournament"
)

// An arena is the pure package's Arena folded from a log in the store (joins, pauses, results,
// pairings): every instance folds the same log into the same arena, and appends a step only at the next
// sequence number, so two instances never both pair from one state: the loser of a race folds the
// winner's step and tries again. Each instance keeps its fold and reads only the steps after it.

// arenaEvent is one step of an arena's log.
type arenaEvent struct {
	Kind    string             `json:"kind"` // join, pause, resume, pair, finish
	ID      string             `json:"id,omitempty"`
	Rating  int                `json:"rating,omitempty"`
	First   string             `json:"first,omitempty"`
	Second  string             `json:"second,omitempty"`
	Outcome tournament.Outcome `json:"outcome,omitempty"`
	Game    int                `json:"game,omitempty"` // a finished game's number (its pairing's table)
	// Absent are a finish step's players who lost it by forfeit: paused in the same step, so that no
	// instance pairs them again (each new opponent would wait forfeit_seconds for nothing) until they
	// resume themselves.
	Absent []string `json:"absent,omitempty"`
}

// arenaFold is an arena as far as this instance has read its log.
type arenaFold struct {
	a   *tournament.Arena
	seq int64
	// last is what the last pair step paired.
	last tournament.Pairing
	// scored is what each finished game gave its two players, by the game's number: a game won on fire
	// gave 4, which the game's result alone does not say.
	scored map[int][2]int
}

// apply folds one step. A step the arena refuses changes nothing, the same on every instance.
func (f *arenaFold) apply(e store.ArenaEvent) {
	f.seq = e.Seq
	var ev arenaEvent
	if json.Unmarshal(e.Data, &ev) != nil {
		return
	}
	f.last = tournament.Pairing{}
	switch ev.Kind {
	case "join":
		f.a.Join(tournament.Player{ID: ev.ID, Rating: ev.Rating})
	case "pause":
		f.a.Pause(ev.ID)
	case "resume":
		f.a.Resume(ev.ID)
	case "pair":
		if g, ok, err := f.a.Pair(ev.ID); ok && err == nil {
			f.last = g
		}
	case "finish":
		for _, id := range ev.Absent {
			f.a.Pause(id)
		}
		first, second, err := f.a.FinishScored(tournament.Pairing{First: ev.First, Second: ev.Second, Outcome: ev.Outcome})
		if err == nil && ev.Game != 0 {
			if f.scored == nil {
				f.scored = map[int][2]int{}
			}
			f.scored[ev.Game] = [2]int{first, second}
		}
	}
}

// arenaStandings are an arena's standings as its log stands now.
func (s *Room) arenaStandings(ctx context.Context, t loaded) ([]tournament.ArenaStanding, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.syncLocked(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return f.a.Standings(), nil
}

// arenaScored is what each finished game of an arena gave its players, by the game's number.
func (s *Room) arenaScored(ctx context.Context, t loaded) (map[int][2]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.syncLocked(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return maps.Clone(f.scored), nil
}

// waiting reports whether a player waits for a game, and whether anyone else does.
func (f *arenaFold) waiting(id string) (self, others bool) {
	for _, p := range f.a.Standings() {
		w := !p.Paused && !p.Playing
		if p.ID == id {
			self = w
		} else if w {
			others = true
		}
	}
	return self, others
}

// syncLocked reads the log's new steps; s.mu is held.
func (s *Room) syncLocked(ctx context.Context, id string) (*arenaFold, error) {
	s.read[id] = true
	f := s.arenas[id]
	if f == nil {
		f = &arenaFold{a: tournament.NewArena()}
		s.arenas[id] = f
	}
	evs, err := s.host.Store.ArenaEvents(ctx, id, f.seq)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		f.apply(e)
	}
	return f, nil
}

// arenaTries bounds the retries of a step lost to other instances.
const arenaTries = 50

// arenaStepIf appends a step at the next sequence number and folds it; when ok refuses the step on the
// folded arena, nothing is appended. It answers the step's number (0 when none), and what a pair step
// paired.
func (s *Room) arenaStepIf(ctx context.Context, t loaded, ev arenaEvent, ok func(*arenaFold) bool) (seq int64, last tournament.Pairing, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := json.Marshal(ev)
	if err != nil {
		return 0, last, err
	}
	for range arenaTries {
		f, err := s.syncLocked(ctx, t.ID)
		if err != nil {
			return 0, last, err
		}
		if ok != nil && !ok(f) {
			return 0, last, nil
		}
		e := store.ArenaEvent{Seq: f.seq + 1, Kind: ev.Kind, Data: data}
		err = s.host.Store.AppendArenaEvent(ctx, t.ID, e)
		if errors.Is(err, store.ErrExists) {
			continue
		}
		if err != nil {
			return 0, last, err
		}
		f.apply(e)
		return e.Seq, f.last, nil
	}
	return 0, last, fmt.Errorf("arena %s: %d steps lost to other instances in a row", t.ID, arenaTries)
}

func (s *Room) arenaStep(ctx context.Context, t loaded, ev arenaEvent) error {
	_, _, err := s.arenaStepIf(ctx, t, ev, nil)
	return err
}

// startArena enters the players and pairs them.
func (s *Room) startArena(ctx context.Context, t loaded, in []store.Entrant) error {
	for _, e := range in {
		if err := s.arenaStep(ctx, t, arenaEvent{Kind: "join", ID: e.UserID, Rating: e.Rating}); err != nil {
			return err
		}
	}
	s.pairWaiting(ctx, t)
	return nil
}

// enterArena enters a player who joined a running arena into its log, once, and pairs them at once if
// anyone waits. The tick enters those whom a join left out (an instance that stopped between the two).
func (s *Room) enterArena(ctx context.Context, t loaded, e store.Entrant) error {
	_, _, err := s.arenaStepIf(ctx, t, arenaEvent{Kind: "join", ID: e.UserID, Rating: e.Rating}, func(f *arenaFold) bool {
		return !f.a.Has(e.UserID)
	})
	if err != nil {
		return err
	}
	return s.pairArena(ctx, t, e.UserID)
}

// over reports whether an arena's time is up.
func (s *Room) over(t loaded) bool { return !s.host.Now().Before(t.startsOrEnds()) }

// pairArena pairs a waiting player with the waiting player nearest their points, if anyone else waits and
// the arena's time is not up, and creates the game's match.
func (s *Room) pairArena(ctx context.Context, t loaded, id string) error {
	if s.over(t) {
		return nil
	}
	seq, g, err := s.arenaStepIf(ctx, t, arenaEvent{Kind: "pair", ID: id}, func(f *arenaFold) bool {
		self, others := f.waiting(id)
		return self && others
	})
	if err != nil || seq == 0 || g.Second == "" {
		return err
	}
	// the game's number is its pair step's, unique in the arena
	p := store.TournamentPairing{Tournament: t.ID, Round: 1, Table: int(seq), Status: stPlaying, Started: s.host.Now(),
		Seats: []store.TournamentSeat{{UserID: g.First}, {UserID: g.Second}}}
	if err := s.host.Store.AddPairing(ctx, p); err != nil {
		return err
	}
	roster, err := s.roster(ctx, t.ID, g.First, g.Second)
	if err != nil {
		return err
	}
	return s.play(ctx, t, roster, []store.TournamentPairing{p})
}

// roster are a running arena's players by id, read again only when it lacks one of need (who joined
// since): a game's match needs only their names and bots, and reading a thousand players at each pairing
// would cost more than the pairing.
func (s *Room) roster(ctx context.Context, id string, need ...string) (map[string]store.Entrant, error) {
	s.mu.Lock()
	r := s.rosters[id]
	s.mu.Unlock()
	if r != nil && !slices.ContainsFunc(need, func(u string) bool { _, ok := r[u]; return !ok }) {
		return r, nil
	}
	es, err := s.host.Store.Entrants(ctx, id)
	if err != nil {
		return nil, err
	}
	r = byUser(es)
	s.mu.Lock()
	s.rosters[id] = r
	s.mu.Unlock()
	return r, nil
}

// pairWaiting pairs every waiting player it can.
func (s *Room) pairWaiting(ctx context.Context, t loaded) {
	st, err := s.arenaStandings(ctx, t)
	if err != nil {
		s.host.Log.Error("arena: fold", "tournament", t.ID, "err", err)
		return
	}
	var ids []string
	for _, p := range st {
		if !p.Paused && !p.Playing {
			ids = append(ids, p.ID)
		}
	}
	for _, id := range ids {
		if err := s.pairArena(ctx, t, id); err != nil {
			s.host.Log.Error("arena: pair", "tournament", t.ID, "player", id, "err", err)
		}
	}
}

// advanceArena pairs the waiting players while the arena runs, and ends it once its time is up (the games
// then in play do not count).
func (s *Room) advanceArena(ctx context.Context, t loaded) error {
	es, ps, err := s.games(ctx, t.ID)
	if err != nil {
		return err
	} else if err := s.repair(ctx, t, byUser(es), ps); err != nil {
		return err
	}
	// One instant decides whether the time is up: read twice, the clock could pass the end between the
	// look at the games in play (only the older ones asked, the arena running) and the decision to end
	// it, which then ended it without a game over before the end that nobody had heard of.
	now := s.host.Now()
	over := !now.Before(t.startsOrEnds())
	if err := s.missedEnds(ctx, ps, now, over); err != nil {
		return err
	}
	if !over {
		if err := s.enterLeftOut(ctx, t, es); err != nil {
			return err
		}
		s.pairWaiting(ctx, t)
		return nil
	}
	// The time is up: the arena ends now, and a game still in play no longer counts (docs/tournaments.md);
	// waiting for it kept an arena of minutes running as long as a game's clock of days, or for ever.
	// Every game in play was asked above whether it ended unheard; those over before the end count, folded
	// here before the arena finishes (the step that follows a result runs in the background, and would
	// find the arena finished).
	if es, ps, err = s.games(ctx, t.ID); err != nil {
		return err
	}
	for _, p := range ps {
		if (p.Status == stFinished || p.Status == stForfeit) && len(p.Seats) == 2 {
			if err := s.arenaFinishStep(ctx, t, p); err != nil {
				return err
			}
		}
	}
	return s.finish(ctx, t, es, ps)
}

// arenaFinished records an arena game's end in the log and pairs its two players again, but for those
// who lost it by forfeit: they are paused, as lichess does, until they resume. Their entrant's paused
// flag (what the tournament's JSON shows) is set before the step, so that a stop between the two leaves
// at worst a flag the page offers to undo.
func (s *Room) arenaFinished(ctx context.Context, t loaded, p store.TournamentPairing) error {
	if !p.Finished.IsZero() && !p.Finished.Before(t.startsOrEnds()) {
		return s.advanceArena(ctx, t) // over after the arena's end: it no longer counts
	}
	if err := s.arenaFinishStep(ctx, t, p); err != nil {
		return err
	}
	for _, st := range p.Seats {
		if err := s.pairArena(ctx, t, st.UserID); err != nil {
			return err
		}
	}
	if s.over(t) {
		return s.advanceArena(ctx, t)
	}
	return nil
}

// arenaFinishStep folds a game over before the arena's end into its log, once (a game the log has
// already scored, or one over after the end, is left as it is).
func (s *Room) arenaFinishStep(ctx context.Context, t loaded, p store.TournamentPairing) error {
	if !p.Finished.IsZero() && !p.Finished.Before(t.startsOrEnds()) {
		return nil
	}
	ev := arenaEvent{Kind: "finish", First: p.Seats[0].UserID, Second: p.Seats[1].UserID, Outcome: outcome(p), Game: p.Table}
	for _, st := range p.Seats {
		if !st.Forfeit {
			continue
		}
		if _, err := s.host.Store.SetEntrantFlag(ctx, t.ID, st.UserID, "paused", true); err != nil {
			return fmt.Errorf("arena %s: pause the absent %s: %w", t.ID, st.UserID, err)
		}
		ev.Absent = append(ev.Absent, st.UserID)
	}
	_, _, err := s.arenaStepIf(ctx, t, ev, func(f *arenaFold) bool {
		_, scored := f.scored[p.Table]
		return !scored
	})
	return err
}

// enterLeftOut enters into the log the players it lacks: a late joiner whose instance stopped before
// the join step, or a player of a start cut short.
func (s *Room) enterLeftOut(ctx context.Context, t loaded, es []store.Entrant) error {
	st, err := s.arenaStandings(ctx, t)
	if err != nil {
		return err
	}
	in := make(map[string]bool, len(st))
	for _, p := range st {
		in[p.ID] = true
	}
	for _, e := range playing(t, es) {
		if !in[e.UserID] {
			if err := s.enterArena(ctx, t, e); err != nil {
				return err
			}
		}
	}
	return nil
}
