package tournaments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/tournament"
)

// Pairing statuses.
const (
	stPlaying  = "playing"
	stFinished = "finished"
	stForfeit  = "forfeit"
	stBye      = "bye"
)

// field are the tournament's players: before the first round those who will play, then those paired.
func field(t loaded, es []store.Entrant, ps []store.TournamentPairing) []store.Entrant {
	if t.set.Format == League {
		return slices.DeleteFunc(slices.Clone(es), func(e store.Entrant) bool { return e.Group == 0 })
	}
	if len(ps) == 0 {
		return playing(t, es)
	}
	in := map[string]bool{}
	for _, p := range ps {
		for _, st := range p.Seats {
			in[st.UserID] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(es), func(e store.Entrant) bool { return !in[e.UserID] })
}

func players(es []store.Entrant) []tournament.Player {
	out := make([]tournament.Player, len(es))
	for i, e := range es {
		out[i] = tournament.Player{ID: e.UserID, Rating: e.Rating, Withdrawn: e.Withdrawn}
	}
	return out
}

// outcome is a finished two-seat game's result from its places.
func outcome(p store.TournamentPairing) tournament.Outcome {
	if p.Status == stPlaying || len(p.Seats) != 2 {
		return tournament.Pending
	}
	if p.Seats[0].Forfeit && p.Seats[1].Forfeit {
		return tournament.BothLose
	}
	switch a, b := p.Seats[0].Place, p.Seats[1].Place; {
	case a < b:
		return tournament.FirstWins
	case a > b:
		return tournament.SecondWins
	}
	return tournament.Draw
}

// swissRounds are the stored pairings as the pure package's rounds, group g only (0: all).
func swissRounds(ps []store.TournamentPairing, group int) [][]tournament.Pairing {
	var out [][]tournament.Pairing
	for _, p := range ps {
		if group != 0 && p.Group != group {
			continue
		}
		for len(out) < p.Round {
			out = append(out, nil)
		}
		g := tournament.Pairing{First: p.Seats[0].UserID, Outcome: outcome(p)}
		if len(p.Seats) > 1 {
			g.Second = p.Seats[1].UserID
		}
		out[p.Round-1] = append(out[p.Round-1], g)
	}
	return out
}

// tableRounds are the stored pairings as the pure package's table rounds.
func tableRounds(ps []store.TournamentPairing) []tournament.TableRound {
	var out []tournament.TableRound
	for _, p := range ps {
		for len(out) < p.Round {
			out = append(out, tournament.TableRound{})
		}
		r := &out[p.Round-1]
		if p.Status == stBye {
			r.Byes = append(r.Byes, p.Seats[0].UserID)
			continue
		}
		table := make([]tournament.Seat, len(p.Seats))
		for i, st := range p.Seats {
			table[i] = tournament.Seat{ID: st.UserID, Place: st.Place, Score: st.Score, Forfeit: st.Forfeit}
			if p.Status == stPlaying {
				table[i].Place = 0
			}
		}
		r.Tables = append(r.Tables, table)
	}
	return out
}

// lastRound is the number of the latest round paired (0 before any), and whether its games are all over.
func lastRound(ps []store.TournamentPairing) (round int, over bool) {
	over = true
	for _, p := range ps {
		if p.Round > round {
			round, over = p.Round, true
		}
		if p.Round == round && p.Status == stPlaying {
			over = false
		}
	}
	return round, over
}

// totalRounds is how many rounds the tournament has.
func totalRounds(t loaded, es []store.Entrant) int {
	if t.set.Format == League {
		return leagueRounds(es)
	}
	return t.set.Rounds
}

// advance pairs the next round once the last one's games are all over, or ends the tournament after its
// last round. The round is claimed in the store: another instance pairing it at once pairs nothing.
func (s *Room) advance(ctx context.Context, t loaded) error {
	if t.Status != Running {
		return nil
	}
	if t.set.Format == Arena {
		return s.advanceArena(ctx, t)
	}
	es, ps, err := s.games(ctx, t.ID)
	if err != nil {
		return err
	}
	if err := s.repair(ctx, t, byUser(es), ps); err != nil {
		return err
	}
	if err := s.missedEnds(ctx, ps, s.host.Now(), false); err != nil {
		return err
	}
	round, over := lastRound(ps)
	if !over || totalRounds(t, es) == 0 {
		return nil // a game is on, or a league's groups are being made (by the instance that started it)
	}
	active := slices.DeleteFunc(field(t, es, ps), func(e store.Entrant) bool { return e.Withdrawn })
	if round >= totalRounds(t, es) || (t.set.Format != League && len(active) < minPlayers(t)) {
		return s.finish(ctx, t, es, ps)
	}
	if at, ok := nextRoundAt(t, ps); ok && s.host.Now().Before(at) {
		s.wake(t.ID, at)
		return s.breakNotes(ctx, t, active, round+1, at) // the break between rounds
	}
	if gone, err := s.leaveGone(ctx, t, field(t, es, ps)); err != nil {
		return err
	} else if gone > 0 {
		return s.advance(ctx, t) // the round is paired from the players as they are now
	}
	n := round + 1
	next, err := s.pairRound(t, field(t, es, ps), ps, n)
	// A league's round whose every game is between two who withdrew has nothing to play: passed over.
	for err == nil && len(next) == 0 && t.set.Format == League && n < totalRounds(t, es) {
		n++
		next, err = s.pairRound(t, field(t, es, ps), ps, n)
	}
	if err != nil {
		return fmt.Errorf("pair round %d: %w", n, err)
	}
	if len(next) == 0 && t.set.Format == League {
		return s.finish(ctx, t, es, ps)
	}
	err = s.host.Store.AddRound(ctx, t.ID, n, s.host.Now(), next)
	if errors.Is(err, store.ErrExists) {
		return nil // another instance paired it
	}
	if err != nil {
		return err
	}
	s.host.Log.Info("tournament round paired", "tournament", t.ID, "round", n, "games", len(next))
	if err := s.armBreakNote(ctx, t, n); err != nil {
		s.host.Log.Error("tournaments: the break's note will not be sent", "tournament", t.ID, "round", n, "err", err)
	}
	return s.play(ctx, t, byUser(es), next)
}

// nextRoundAt is when the next round is paired, while the players have their break after the last
// round's last game: the same on every instance, from the stored results. False when the tournament
// takes no break, or is not between two rounds.
func nextRoundAt(t loaded, ps []store.TournamentPairing) (time.Time, bool) {
	round, over := lastRound(ps)
	if t.set.RoundBreak == 0 || round == 0 || !over || round >= t.set.Rounds || t.Status != Running {
		return time.Time{}, false
	}
	var end time.Time
	for _, p := range ps {
		if p.Round == round && p.Finished.After(end) {
			end = p.Finished
		}
	}
	return end.Add(seconds(t.set.RoundBreak)), true
}

// wake advances a tournament when its break ends, rather than at the loop's next look after it: once
// per break on this instance (the loop asks each few seconds). The wait is the server's real time.
func (s *Room) wake(id string, at time.Time) {
	s.mu.Lock()
	if s.waking[id].Equal(at) || s.host.Go == nil {
		s.mu.Unlock()
		return
	}
	s.waking[id] = at
	s.mu.Unlock()
	d := at.Sub(s.host.Now())
	s.host.Go(func(ctx context.Context) {
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
		s.later(id)
	})
}

// pairRound pairs round n of a Swiss, a Swiss at tables or a league.
func (s *Room) pairRound(t loaded, es []store.Entrant, ps []store.TournamentPairing, n int) ([]store.TournamentPairing, error) {
	now := s.host.Now()
	mk := func(table, group int, status string, ids ...string) store.TournamentPairing {
		p := store.TournamentPairing{Tournament: t.ID, Round: n, Table: table, Group: group, Status: status, Started: now}
		for _, id := range ids {
			p.Seats = append(p.Seats, store.TournamentSeat{UserID: id})
		}
		if status == stBye {
			p.Seats[0].Place, p.Finished = 1, now
		}
		return p
	}
	var out []store.TournamentPairing
	switch t.set.Format {
	case Swiss:
		games, err := tournament.Swiss{Rounds: t.set.Rounds}.Pair(players(es), swissRounds(ps, 0))
		if err != nil {
			return nil, err
		}
		for i, g := range games {
			if g.Bye() {
				out = append(out, mk(i+1, 0, stBye, g.First))
			} else {
				out = append(out, mk(i+1, 0, stPlaying, g.First, g.Second))
			}
		}
	case Tables:
		r, err := tournament.TableSwiss{Rounds: t.set.Rounds, MinSeats: t.set.Seats.Min, MaxSeats: t.set.Seats.Max}.Pair(players(es), tableRounds(ps))
		if err != nil {
			return nil, err
		}
		for _, table := range r.Tables {
			ids := make([]string, len(table))
			for i, st := range table {
				ids[i] = st.ID
			}
			out = append(out, mk(len(out)+1, 0, stPlaying, ids...))
		}
		for _, id := range r.Byes {
			out = append(out, mk(len(out)+1, 0, stBye, id))
		}
	case League:
		return s.leagueRound(t, es, n, mk)
	}
	return out, nil
}

// play creates the matches of a round's games and tells the players.
func (s *Room) play(ctx context.Context, t loaded, byID map[string]store.Entrant, ps []store.TournamentPairing) error {
	var errs []error
	for i := range ps {
		p := &ps[i]
		if p.Status == stPlaying {
			made, err := s.makeMatch(ctx, t, byID, p)
			if err != nil {
				errs = append(errs, fmt.Errorf("tournament %s round %d table %d: %w", t.ID, p.Round, p.Table, err))
			}
			if !made {
				continue
			}
		}
		s.roundNotes(ctx, t, byID, *p)
	}
	errs = append(errs, s.resignWithdrawn(ctx, t, ps))
	return errors.Join(errs...)
}

// fewSeats is how many seats are looked up one by one rather than with all the players (an arena's one
// game among a thousand players).
const fewSeats = 8

// withdrawnOf are those seated in ps who have withdrawn, as the store has it now.
func (s *Room) withdrawnOf(ctx context.Context, id string, ps []store.TournamentPairing) (map[string]bool, error) {
	out := map[string]bool{}
	var seated []string
	for _, p := range ps {
		for _, st := range p.Seats {
			seated = append(seated, st.UserID)
		}
	}
	if len(seated) <= fewSeats {
		for _, u := range seated {
			e, err := s.host.Store.Entrant(ctx, id, u)
			if err != nil {
				return nil, err
			}
			out[u] = e.Withdrawn
		}
		return out, nil
	}
	es, err := s.host.Store.Entrants(ctx, id)
	for _, e := range es {
		out[e.UserID] = e.Withdrawn
	}
	return out, err
}

// resignWithdrawn resigns, in the games just made, the seats of players who withdrew while they were
// paired: the withdrawal sets its flag before it looks for the player's games, and this looks at the flags
// after the games are stored, so one of the two always finds the game.
func (s *Room) resignWithdrawn(ctx context.Context, t loaded, ps []store.TournamentPairing) error {
	withdrawn, err := s.withdrawnOf(ctx, t.ID, ps)
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range ps {
		if p.Status != stPlaying || !realMatch(p.MatchID) {
			continue
		}
		for seat, st := range p.Seats {
			if withdrawn[st.UserID] {
				errs = append(errs, s.host.Resign(ctx, p.MatchID, seat))
			}
		}
	}
	return errors.Join(errs...)
}

// A pairing's match is claimed before it is made: its match id goes from "" (or a claim gone stale) to a
// claim of this instance's, then to the match's id. So two instances never make two matches of one
// pairing, and a pairing whose maker died before its match existed is made again later (repair).

const claimPrefix = "claim:"

// claimStale is how long a claim may stay unfinished before another instance makes the match instead.
const claimStale = 2 * time.Minute

func realMatch(id string) bool { return id != "" && !strings.HasPrefix(id, claimPrefix) }

// makeMatch claims a pairing and makes its match: false when another instance holds the claim.
func (s *Room) makeMatch(ctx context.Context, t loaded, byID map[string]store.Entrant, p *store.TournamentPairing) (bool, error) {
	claim := fmt.Sprintf("%s%d:%s", claimPrefix, s.host.Now().UnixMicro(), newKey())
	ok, err := s.host.Store.SwapPairingMatch(ctx, t.ID, p.Round, p.Table, p.MatchID, claim)
	if err != nil || !ok {
		return false, err
	}
	id, err := s.host.Start(ctx, setupOf(t, byID, *p))
	if err != nil {
		// the claim is given back, for the repair to try again
		s.host.Store.SwapPairingMatch(ctx, t.ID, p.Round, p.Table, claim, "")
		return false, err
	}
	if _, err := s.host.Store.SwapPairingMatch(ctx, t.ID, p.Round, p.Table, claim, id); err != nil {
		return false, err
	}
	p.MatchID = id
	return true, nil
}

// stale reports whether a pairing waits for a match no instance is making: unclaimed and paired a while
// ago, or claimed long ago.
func stale(p store.TournamentPairing, now time.Time) bool {
	if p.Status != stPlaying || realMatch(p.MatchID) {
		return false
	}
	at := p.Started
	if rest, ok := strings.CutPrefix(p.MatchID, claimPrefix); ok {
		us, _, _ := strings.Cut(rest, ":")
		n, err := strconv.ParseInt(us, 10, 64)
		if err != nil {
			return true
		}
		at = time.UnixMicro(n)
	}
	return now.Sub(at) >= claimStale
}

// repair makes the matches of pairings left without one.
func (s *Room) repair(ctx context.Context, t loaded, byID map[string]store.Entrant, ps []store.TournamentPairing) error {
	var todo []store.TournamentPairing
	for _, p := range ps {
		if stale(p, s.host.Now()) {
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	s.host.Log.Warn("tournament: making matches left unmade", "tournament", t.ID, "games", len(todo))
	return s.play(ctx, t, byID, todo)
}

// byUser indexes players by account.
func byUser(es []store.Entrant) map[string]store.Entrant {
	out := make(map[string]store.Entrant, len(es))
	for _, e := range es {
		out[e.UserID] = e
	}
	return out
}

// setupOf is the match of a pairing: its seats in the pairing's order, the tournament's game and clock.
func setupOf(t loaded, byID map[string]store.Entrant, p store.TournamentPairing) Setup {
	su := Setup{Tournament: t.ID, Game: t.set.Game, Options: t.set.Options, Clock: t.set.Clock, Rated: t.set.Rated,
		Unlisted: t.Visibility == "invite"}
	for _, st := range p.Seats {
		e := byID[st.UserID]
		seat := SeatSpec{Name: e.Name, UserID: e.UserID, Bot: e.Bot}
		if e.Bot != "" {
			seat.UserID = ""
		}
		su.Seats = append(su.Seats, seat)
	}
	return su
}

// finish ends a tournament, once, and tells each player their place.
func (s *Room) finish(ctx context.Context, t loaded, es []store.Entrant, ps []store.TournamentPairing) error {
	ok, err := s.host.Store.SetTournamentStatus(ctx, t.ID, Running, Finished, s.host.Now())
	if err != nil || !ok {
		return err
	}
	s.host.Log.Info("tournament finished", "tournament", t.ID)
	t.Status = Finished
	lines, err := s.ranking(ctx, t, es, ps)
	if err != nil {
		return err
	}
	s.endNotes(ctx, t, lines)
	return nil
}
