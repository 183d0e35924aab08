package tournaments

import (
	"context"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/tournament"
)

// line is one player's line in the standings, whatever the format (each format fills its own fields).
type line struct {
	user, name string
	fields     map[string]any
	group      int
}

// ranking is the standings, the leader first (a league's groups one after the other, the top division
// first).
func (s *Room) ranking(ctx context.Context, t loaded, es []store.Entrant, ps []store.TournamentPairing) ([]line, error) {
	fld := field(t, es, ps)
	names := map[string]store.Entrant{}
	for _, e := range es {
		names[e.UserID] = e
	}
	var out []line
	add := func(id string, group int, f map[string]any) {
		e := names[id]
		f["name"], f["withdrawn"] = e.Name, e.Withdrawn
		out = append(out, line{user: id, name: e.Name, fields: f, group: group})
	}
	switch t.set.Format {
	case Swiss:
		st, err := tournament.Standings(players(fld), swissRounds(ps, 0))
		if err != nil {
			return nil, err
		}
		for _, l := range st {
			add(l.ID, 0, map[string]any{"rank": l.Rank, "points": l.Points, "buchholz": l.Buchholz, "sonneborn_berger": l.SonnebornBerger, "games": l.Played, "byes": l.Byes})
		}
	case Tables:
		st, err := tournament.TableSwiss{Rounds: t.set.Rounds, MinSeats: t.set.Seats.Min, MaxSeats: t.set.Seats.Max}.Standings(players(fld), tableRounds(ps))
		if err != nil {
			return nil, err
		}
		games := map[string]int{}
		for _, p := range ps {
			for _, st := range p.Seats {
				if p.Status != stBye && p.Status != stPlaying {
					games[st.UserID]++
				}
			}
		}
		for _, l := range st {
			add(l.ID, 0, map[string]any{"rank": l.Rank, "points": l.Points, "score": l.Score, "games": games[l.ID], "byes": l.Byes})
		}
	case Arena:
		st, err := s.arenaStandings(ctx, t)
		if err != nil {
			return nil, err
		}
		for _, l := range st {
			// Once the arena is over nobody plays in it: a game still on at its end no longer counts, and the
			// fold, which has not heard of its end, would say its players still play.
			add(l.ID, 0, map[string]any{"rank": l.Rank, "points": l.Points, "wins": l.Wins, "games": l.Games, "streak": l.Streak,
				"fire": l.Streak >= 2, "paused": l.Paused, "playing": l.Playing && t.Status == Running})
		}
	case League:
		for _, g := range leagueGroups(fld) {
			st, err := tournament.LeagueStandings(players(g.members), swissRounds(ps, g.number))
			if err != nil {
				return nil, err
			}
			for _, l := range st {
				add(l.ID, g.number, map[string]any{"rank": l.Rank, "points": l.Points, "sonneborn_berger": l.SonnebornBerger, "games": l.Played})
			}
		}
	}
	return out, nil
}

// Standings is GET /api/tournaments/{id}/standings.
func (s *Room) Standings(w http.ResponseWriter, r *http.Request) error {
	_, t, es, ps, err := s.viewed(r)
	if err != nil {
		return err
	}
	lines, err := s.ranking(r.Context(), t, es, ps)
	if err != nil {
		return err
	}
	round, _ := lastRound(ps)
	out := map[string]any{"format": t.set.Format, "round": round}
	if t.set.Format != League {
		rows := make([]map[string]any, 0, len(lines))
		for _, l := range lines {
			rows = append(rows, l.fields)
		}
		out["standings"] = rows
	} else {
		groups := []map[string]any{}
		division := map[int]int{}
		for _, e := range es {
			division[e.Group] = e.Division
		}
		for _, l := range lines {
			if n := len(groups); n == 0 || groups[n-1]["group"] != l.group {
				groups = append(groups, map[string]any{"group": l.group, "division": division[l.group], "standings": []map[string]any{}})
			}
			g := groups[len(groups)-1]
			g["standings"] = append(g["standings"].([]map[string]any), l.fields)
		}
		out["groups"] = groups
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

type seatJSON struct {
	Name   string  `json:"name"`
	Place  int     `json:"place"`
	Points float64 `json:"points"`
	Score  int     `json:"score"`
}

type pairingJSON struct {
	Table  int        `json:"table"`
	Match  string     `json:"match"`
	Status string     `json:"status"`
	Group  int        `json:"group,omitempty"`
	Seats  []seatJSON `json:"seats"`
}

type roundJSON struct {
	Number   int           `json:"number"`
	Started  time.Time     `json:"started_at"`
	Pairings []pairingJSON `json:"pairings"`
}

// gamePoints is what a finished game gave each seat in the tournament by its result alone (an arena's
// game won on fire gave twice as much: Rounds takes those from the arena's log).
func gamePoints(format string, p store.TournamentPairing, i int) float64 {
	if p.Status == stPlaying || p.Seats[i].Forfeit {
		return 0
	}
	if p.Status == stBye {
		if format == Tables {
			return -1 // set by the caller from the round's largest table
		}
		return 1
	}
	pts := 0.0
	for j, o := range p.Seats {
		switch {
		case j == i:
		case o.Forfeit || p.Seats[i].Place < o.Place:
			pts++
		case p.Seats[i].Place == o.Place:
			pts += 0.5
		}
	}
	if format == Arena {
		return 2 * pts
	}
	return pts
}

// Rounds is GET /api/tournaments/{id}/rounds: every round's games, byes and results.
func (s *Room) Rounds(w http.ResponseWriter, r *http.Request) error {
	_, t, es, ps, err := s.viewed(r)
	if err != nil {
		return err
	}
	names := map[string]string{}
	for _, e := range es {
		names[e.UserID] = e.Name
	}
	var scored map[int][2]int
	if t.set.Format == Arena {
		if scored, err = s.arenaScored(r.Context(), t); err != nil {
			return err
		}
	}
	rounds := []roundJSON{}
	for _, pr := range ps {
		if n := len(rounds); n == 0 || rounds[n-1].Number != pr.Round {
			rounds = append(rounds, roundJSON{Number: pr.Round, Started: pr.Started, Pairings: []pairingJSON{}})
		}
		rd := &rounds[len(rounds)-1]
		match := pr.MatchID
		if !realMatch(match) {
			match = ""
		}
		pj := pairingJSON{Table: pr.Table, Match: match, Status: pr.Status, Group: pr.Group, Seats: []seatJSON{}}
		for i, st := range pr.Seats {
			pts := gamePoints(t.set.Format, pr, i)
			if got, ok := scored[pr.Table]; ok && i < 2 {
				pts = float64(got[i]) // fire included
			} else if t.set.Format == Arena && !pr.Finished.IsZero() && !pr.Finished.Before(t.startsOrEnds()) {
				pts = 0 // over after the arena's end: it did not count
			}
			pj.Seats = append(pj.Seats, seatJSON{Name: names[st.UserID], Place: st.Place, Points: pts, Score: st.Score})
		}
		rd.Pairings = append(rd.Pairings, pj)
	}
	for i := range rounds {
		byeTablePoints(&rounds[i])
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"rounds": rounds})
	return nil
}

// byeTablePoints gives a table Swiss's byes their worth: a middle place at the round's largest table.
func byeTablePoints(r *roundJSON) {
	largest := 0
	for _, p := range r.Pairings {
		if p.Status != stBye {
			largest = max(largest, len(p.Seats))
		}
	}
	for i := range r.Pairings {
		for j := range r.Pairings[i].Seats {
			if r.Pairings[i].Seats[j].Points < 0 {
				r.Pairings[i].Seats[j].Points = float64(largest-1) / 2
			}
		}
	}
}
