package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// ArenaStanding is one player's line in an arena.
type ArenaStanding struct {
	Player
	Rank        int
	Points      int
	Games, Wins int
	Streak      int // wins in a row: from 2 on, the player is on fire and scores double
	Paused      bool
	Playing     bool
}

type arenaPlayer struct {
	ArenaStanding
	balance  int          // firsts minus seconds
	last     *arenaPlayer // the opponent of the last game
	opponent string       // the opponent of the game in play
	since    uint64       // when they began waiting
	waiting  bool
	slot     int // where in Arena.waiting, while waiting
}

// Arena is a running arena: players join, are paired as soon as they wait, finish games, pause and come
// back. Its methods change it; the same calls in the same order give the same pairings.
type Arena struct {
	players map[string]*arenaPlayer
	waiting []*arenaPlayer // kept in no particular order; Pair's ordering is total
	clock   uint64
	ended   bool
}

// NewArena returns an empty arena.
func NewArena() *Arena { return &Arena{players: map[string]*arenaPlayer{}} }

func (a *Arena) get(id string) (*arenaPlayer, error) {
	if a.ended {
		return nil, errors.New("tournament: the arena has ended")
	}
	p := a.players[id]
	if p == nil {
		return nil, fmt.Errorf("tournament: %q is not in the arena", id)
	}
	return p, nil
}

func (a *Arena) wait(p *arenaPlayer) {
	if p.waiting || p.Paused || p.Playing {
		return
	}
	a.clock++
	p.since, p.waiting, p.slot = a.clock, true, len(a.waiting)
	a.waiting = append(a.waiting, p)
}

func (a *Arena) unwait(p *arenaPlayer) {
	if p.waiting {
		p.waiting = false
		last := a.waiting[len(a.waiting)-1]
		a.waiting[p.slot], last.slot = last, p.slot
		a.waiting = a.waiting[:len(a.waiting)-1]
	}
}

// Join enters a player, who waits for a game at once.
func (a *Arena) Join(p Player) error {
	if a.ended {
		return errors.New("tournament: the arena has ended")
	}
	if p.ID == "" || a.players[p.ID] != nil {
		return fmt.Errorf("tournament: player %q empty or already in the arena", p.ID)
	}
	ap := &arenaPlayer{ArenaStanding: ArenaStanding{Player: p}}
	a.players[p.ID] = ap
	a.wait(ap)
	return nil
}

// Pause stops pairing a player (after the game in play, if any); their points stay.
func (a *Arena) Pause(id string) error {
	p, err := a.get(id)
	if err != nil {
		return err
	}
	p.Paused = true
	a.unwait(p)
	return nil
}

// Resume makes a paused player wait for a game again.
func (a *Arena) Resume(id string) error {
	p, err := a.get(id)
	if err != nil {
		return err
	}
	p.Paused = false
	a.wait(p)
	return nil
}

// Pair pairs a waiting player with the waiting player nearest their points: not their last opponent
// (nor one whose last opponent they were) while anyone else waits; then the longest waiting; then by id.
// ok is false when nobody else waits. The one who has sat first less often sits first.
func (a *Arena) Pair(id string) (g Pairing, ok bool, err error) {
	p, err := a.get(id)
	if err != nil {
		return Pairing{}, false, err
	}
	if !p.waiting {
		return Pairing{}, false, fmt.Errorf("tournament: %s is not waiting for a game", id)
	}
	var best *arenaPlayer
	var bestKey [3]int
	for _, c := range a.waiting {
		if c == p {
			continue
		}
		again := 0
		if c == p.last || c.last == p {
			again = 1
		}
		key := [3]int{again, max(c.Points-p.Points, p.Points-c.Points), int(c.since)}
		if best == nil || better(key, bestKey, c.ID, best.ID) {
			best, bestKey = c, key
		}
	}
	if best == nil {
		return Pairing{}, false, nil
	}
	a.unwait(p)
	a.unwait(best)
	p.Playing, best.Playing = true, true
	p.opponent, best.opponent = best.ID, p.ID
	first, second := p, best
	if cmp.Or(cmp.Compare(best.balance, p.balance), cmp.Compare(best.ID, p.ID)) < 0 {
		first, second = best, p
	}
	first.balance++
	second.balance--
	return Pairing{First: first.ID, Second: second.ID}, true, nil
}

// better says whether a candidate with key k and id beats the best so far: keys compared in order,
// then ids (only on a tie, as string comparisons cost more).
func better(k, best [3]int, id, bestID string) bool {
	for i := range k {
		if k[i] != best[i] {
			return k[i] < best[i]
		}
	}
	return id < bestID
}

// Finish records a game Pair made: points (a win 2, a draw 1, a loss 0, doubled for a player on fire),
// streaks, and both players waiting again unless paused.
func (a *Arena) Finish(g Pairing) error {
	_, _, err := a.FinishScored(g)
	return err
}

// FinishScored is Finish, also saying the points the game gave each side (fire included), as a page
// showing the game shows them.
func (a *Arena) FinishScored(g Pairing) (first, second int, err error) {
	p, err := a.get(g.First)
	if err != nil {
		return 0, 0, err
	}
	q, err := a.get(g.Second)
	if err != nil {
		return 0, 0, err
	}
	if !p.Playing || p.opponent != q.ID {
		return 0, 0, fmt.Errorf("tournament: %s and %s are not playing each other", p.ID, q.ID)
	}
	if g.Outcome == Pending || g.Outcome > BothLose {
		return 0, 0, fmt.Errorf("tournament: %s against %s finished without a result", p.ID, q.ID)
	}
	pp, qp := g.points()
	scores := [2]int{}
	for k, side := range []struct {
		pl  *arenaPlayer
		pts float64
	}{{p, pp}, {q, qp}} {
		pl := side.pl
		score := int(2 * side.pts)
		if pl.Streak >= 2 {
			score *= 2
		}
		pl.Points += score
		scores[k] = score
		pl.Games++
		if side.pts == 1 {
			pl.Wins++
			pl.Streak++
		} else {
			pl.Streak = 0
		}
		pl.Playing = false
		pl.opponent = ""
	}
	p.last, q.last = q, p
	a.wait(p)
	a.wait(q)
	return scores[0], scores[1], nil
}

// End closes the arena: nothing more is paired or recorded; the standings stay.
func (a *Arena) End() { a.ended = true }

// Has reports whether a player is in the arena.
func (a *Arena) Has(id string) bool { return a.players[id] != nil }

// Standings ranks by points, then wins, then rating, then id.
func (a *Arena) Standings() []ArenaStanding {
	out := make([]ArenaStanding, 0, len(a.players))
	for _, p := range a.players {
		out = append(out, p.ArenaStanding)
	}
	slices.SortFunc(out, func(x, y ArenaStanding) int {
		return cmp.Or(cmp.Compare(y.Points, x.Points), cmp.Compare(y.Wins, x.Wins), byRatingThenID(x.Player, y.Player))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}
