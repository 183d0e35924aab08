package tournaments

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/tournament"
)

// A league: its players are split into groups of similar strength, each group a round robin played one
// round after another (rounds of every group together), with day clocks. The first season's groups are
// made by rating, each its own division; a later season's (NextSeason) from the divisions promotion and
// relegation made.

type group struct {
	number  int
	members []store.Entrant // strongest first, as the round robin is scheduled
}

func byStrength(a, b store.Entrant) int {
	return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.UserID, b.UserID))
}

// leagueGroups are the placed players by group.
func leagueGroups(es []store.Entrant) []group {
	var out []group
	for _, e := range es {
		if e.Group == 0 {
			continue
		}
		i := slices.IndexFunc(out, func(g group) bool { return g.number == e.Group })
		if i < 0 {
			out = append(out, group{number: e.Group})
			i = len(out) - 1
		}
		out[i].members = append(out[i].members, e)
	}
	slices.SortFunc(out, func(a, b group) int { return cmp.Compare(a.number, b.number) })
	for _, g := range out {
		slices.SortFunc(g.members, byStrength)
	}
	return out
}

// leagueRounds is the number of rounds of the largest group's round robin.
func leagueRounds(es []store.Entrant) int {
	n := 0
	for _, g := range leagueGroups(es) {
		k := len(g.members)
		n = max(n, k-1+k%2)
	}
	return n
}

// placeGroups splits a league's players into groups at its start.
func (s *Room) placeGroups(ctx context.Context, t loaded, in []store.Entrant) error {
	divisions := t.set.Divisions
	if divisions == nil {
		ordered := slices.Clone(in)
		slices.SortFunc(ordered, byStrength)
		groups, err := tournament.Groups(players(ordered), t.set.GroupSize)
		if err != nil {
			return err
		}
		for _, g := range groups {
			var ids []string
			for _, p := range g {
				ids = append(ids, p.ID)
			}
			divisions = append(divisions, ids)
		}
	}
	number := 0
	var placed []store.Entrant
	for d, ps := range seasonDivisions(divisions, in) {
		groups, err := tournament.Groups(ps, t.set.GroupSize)
		if err != nil {
			return err
		}
		for _, g := range groups {
			number++
			for _, p := range g {
				placed = append(placed, store.Entrant{UserID: p.ID, Division: d + 1, Group: number})
			}
		}
	}
	return s.host.Store.PlaceEntrants(ctx, t.ID, placed)
}

// seasonDivisions are the divisions a season starts with, of the players in it (in): each division's
// players still in, in its order, with those in no division (who joined this season) in the bottom one; a division
// left with one player merged into the one below it (above, for the bottom one), so that everyone has a
// group; the divisions left empty dropped, so that the top one is the first.
func seasonDivisions(divisions [][]string, in []store.Entrant) [][]tournament.Player {
	listed := map[string]bool{}
	var divs [][]tournament.Player
	for _, ids := range divisions {
		var ps []tournament.Player
		for _, id := range ids {
			listed[id] = true
			if i := slices.IndexFunc(in, func(e store.Entrant) bool { return e.UserID == id }); i >= 0 {
				ps = append(ps, tournament.Player{ID: id, Rating: in[i].Rating})
			}
		}
		divs = append(divs, ps)
	}
	var newcomers []tournament.Player
	for _, e := range in {
		if !listed[e.UserID] {
			newcomers = append(newcomers, tournament.Player{ID: e.UserID, Rating: e.Rating})
		}
	}
	slices.SortStableFunc(newcomers, func(a, b tournament.Player) int { return cmp.Compare(b.Rating, a.Rating) })
	if n := len(divs); n > 0 {
		divs[n-1] = append(divs[n-1], newcomers...)
	} else {
		divs = append(divs, newcomers)
	}
	divs = slices.DeleteFunc(divs, func(d []tournament.Player) bool { return len(d) == 0 })
	for i := 0; i < len(divs) && len(divs) > 1; i++ {
		if len(divs[i]) > 1 {
			continue
		}
		if i+1 < len(divs) {
			divs[i+1] = append(divs[i], divs[i+1]...)
		} else {
			divs[i-1] = append(divs[i-1], divs[i]...)
		}
		divs = slices.Delete(divs, i, i+1)
		i--
	}
	return divs
}

// leagueRound is round n of every group's round robin; a game against a player who withdrew is theirs
// lost by forfeit, unplayed; a game between two who withdrew is not played and scores nothing
// (docs/tournaments.md, tournament.LeagueStandings).
func (s *Room) leagueRound(t loaded, es []store.Entrant, n int, mk func(table, group int, status string, ids ...string) store.TournamentPairing) ([]store.TournamentPairing, error) {
	var out []store.TournamentPairing
	withdrawn := map[string]bool{}
	for _, e := range es {
		withdrawn[e.UserID] = e.Withdrawn
	}
	for _, g := range leagueGroups(es) {
		ids := make([]string, len(g.members))
		for i, e := range g.members {
			ids[i] = e.UserID
		}
		rr, err := tournament.RoundRobin(ids)
		if err != nil {
			return nil, err
		}
		if n > len(rr) {
			continue
		}
		for _, game := range rr[n-1] {
			a, b := withdrawn[game.First], withdrawn[game.Second]
			if !a && !b {
				out = append(out, mk(len(out)+1, g.number, stPlaying, game.First, game.Second))
				continue
			}
			if a && b {
				continue
			}
			p := mk(len(out)+1, g.number, stForfeit, game.First, game.Second)
			p.Finished = p.Started
			for i, lost := range []bool{a, b} {
				p.Seats[i].Forfeit, p.Seats[i].Place = lost, 1
				if lost {
					p.Seats[i].Place = 2
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// NextSeason is POST /api/tournaments/{id}/next-season {"starts_at"}: a finished league's creator makes
// its next season, with its players moved up and down between divisions.
func (s *Room) NextSeason(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		StartsAt time.Time `json:"starts_at"`
	}
	p, t, es, err := s.acting(w, r, &req)
	if err != nil {
		return err
	}
	switch {
	case p.User.ID != t.Creator:
		return httpkit.Errf(http.StatusForbidden, CodeNotCreator, "only the league's creator makes its next season")
	case t.set.Format != League:
		return refuse(CodeNotLeague, "only a league has seasons")
	case t.Status != Finished:
		return refuse(CodeNotFinished, "the season is %s: the next is made once it has finished", t.Status)
	}
	now := s.host.Now()
	if !req.StartsAt.After(now) || req.StartsAt.After(now.AddDate(1, 0, 0)) {
		return bad("starts_at is a time in the future, within a year")
	}
	ps, err := s.host.Store.Pairings(r.Context(), t.ID)
	if err != nil {
		return err
	}
	lines, err := s.ranking(r.Context(), t, es, ps)
	if err != nil {
		return err
	}
	divisions, err := promoted(es, lines, t.set.Promote)
	if err != nil {
		return err
	}
	set := t.set
	set.Season, set.Previous, set.Divisions = t.set.Season+1, t.ID, divisions
	next := store.Tournament{ID: nextSeasonID(t.ID), Creator: t.Creator, Visibility: t.Visibility, Key: t.Key, Status: Upcoming,
		StartsAt: req.StartsAt, MaxPlayers: t.MaxPlayers, Created: now}
	if next.Settings, err = json.Marshal(set); err != nil {
		return err
	}
	// made once: a request repeated, at once or later, finds it made and enters whoever is missing
	if err := s.host.Store.AddTournament(r.Context(), next); err != nil && !errors.Is(err, store.ErrExists) {
		return err
	}
	for _, e := range es {
		if e.Withdrawn || e.Group == 0 {
			continue
		}
		ne := store.Entrant{Tournament: next.ID, UserID: e.UserID, Name: e.Name, Rating: s.rating(r.Context(), e.UserID, set.Game), Bot: e.Bot, Joined: now}
		if err := s.host.Store.AddEntrant(r.Context(), ne); err != nil && !errors.Is(err, store.ErrExists) && !errors.Is(err, store.ErrFull) {
			return err
		}
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]string{"id": next.ID})
	return nil
}

// nextSeasonID is the id of the season that follows a league's: one for each, whoever asks and however
// often.
func nextSeasonID(id string) string {
	h := sha256.Sum256([]byte("surveyor next season\x00" + id))
	return httpkit.IDEncoding.EncodeToString(h[:10])
}

// promoted are the next season's divisions: NextSeason on the final standings of each division's groups,
// those who withdrew left out.
func promoted(es []store.Entrant, lines []line, k int) ([][]string, error) {
	division := map[int]int{} // group → division
	out := 0
	for _, e := range es {
		if e.Group > 0 {
			division[e.Group] = e.Division
			out = max(out, e.Division)
		}
	}
	divs := make([][][]string, out)
	gidx := map[int]int{}
	for _, l := range lines {
		d := division[l.group] - 1
		i, ok := gidx[l.group]
		if !ok {
			i = len(divs[d])
			gidx[l.group] = i
			divs[d] = append(divs[d], nil)
		}
		divs[d][i] = append(divs[d][i], l.user)
	}
	next, err := tournament.NextSeason(divs, k)
	if err != nil {
		return nil, err
	}
	gone := map[string]bool{}
	for _, e := range es {
		gone[e.UserID] = e.Withdrawn
	}
	for d := range next {
		next[d] = slices.DeleteFunc(next[d], func(id string) bool { return gone[id] })
	}
	return next, nil
}
