package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// idleReport is what the load test measured of the idle games and held connections (--idle, --conns):
// the spawned server's resident memory at each step.
type idleReport struct {
	Games, Conns                   int
	RSSBase, RSSCreated, RSSAsleep int64 // before, right after creating the idle games, once they slept
	RSSConns                       int64 // with the connections open
	Woken, WokenRight              int   // sleeping games read back after the busy phase, and how many as they were

	games []idleGame
	conns int // games whose seats hold the connections: the first conns/2 (+1)
}

type idleGame struct {
	id   string
	toks []string
}

// idleClock is a correspondence game's clock: a day for each move.
const idleClock = `"clock":{"mode":"move","seconds":86400}`

// idlePhase creates o.idle games in play, waits for the server to put them to sleep, then opens o.conns
// WebSockets, both seats of the first games, each waiting for its first state, and reads the server's
// memory at each step. The connections are returned open: they are held while the busy games play.
func idlePhase(ctx context.Context, client *http.Client, o loadOptions) (*idleReport, []*websocket.Conn, error) {
	rep := &idleReport{Games: o.idle, Conns: o.conns, games: make([]idleGame, o.idle)}
	var err error
	if rep.RSSBase, err = o.proc.rss(); err != nil {
		return rep, nil, err
	}
	base := o.server
	err = parallel(ctx, o.idle, o.setupWorkers, func(i int) error {
		var created struct{ ID string }
		body := `{"game":"toy","options":{"rounds":20},"max_seats":2,` + idleClock + `}`
		if err := postJSON(ctx, client, base+"/api/matches", "", []byte(body), &created); err != nil {
			return err
		}
		g := idleGame{id: created.ID}
		for seat := range 2 {
			var j struct{ Token string }
			if err := postJSON(ctx, client, base+"/api/matches/"+g.id+"/join", "", []byte(fmt.Sprintf(`{"name":"p%d"}`, seat)), &j); err != nil {
				return err
			}
			g.toks = append(g.toks, j.Token)
		}
		if err := postJSON(ctx, client, base+"/api/matches/"+g.id+"/start", g.toks[0], nil, nil); err != nil {
			return err
		}
		if err := postJSON(ctx, client, base+"/api/matches/"+g.id+"/moves", g.toks[0], []byte(`{"move":{"pick":1}}`), nil); err != nil {
			return err
		}
		rep.games[i] = g
		return nil
	})
	if err != nil {
		return rep, nil, err
	}
	if rep.RSSCreated, err = o.proc.rss(); err != nil {
		return rep, nil, err
	}
	// Every game has slept once its idle time and half of it (the server looks that often) have passed.
	select {
	case <-time.After(o.idleAfter*3/2 + time.Second):
	case <-ctx.Done():
		return rep, nil, ctx.Err()
	}
	if rep.RSSAsleep, err = o.proc.rss(); err != nil {
		return rep, nil, err
	}

	conns := make([]*websocket.Conn, o.conns)
	rep.conns = (o.conns + 1) / 2
	err = parallel(ctx, o.conns, o.setupWorkers, func(i int) error {
		g := rep.games[i/2]
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/matches/"+g.id+"/ws",
			&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + g.toks[i%2]}}})
		if err != nil {
			return fmt.Errorf("websocket %d: %w", i, err)
		}
		conns[i] = c
		rctx, cancel := context.WithTimeout(ctx, moveTimeout)
		defer cancel()
		if _, b, err := c.Read(rctx); err != nil {
			return fmt.Errorf("websocket %d: %w", i, err)
		} else if _, ok := stateSeq(b); !ok {
			return fmt.Errorf("websocket %d: first message %.100q, want a state", i, b)
		}
		// The rest of what the server sends (nothing, while the game sleeps) is read and dropped, as a
		// page would, so that its pings are answered.
		go func() {
			for {
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
			}
		}()
		return nil
	})
	if err != nil {
		return rep, conns, err
	}
	if rep.RSSConns, err = o.proc.rss(); err != nil {
		return rep, conns, err
	}
	return rep, conns, nil
}

// wake reads back up to 100 of the idle games nobody watched, which slept: each must be rebuilt from its
// log as it was (started, one move played, the second seat to act).
func (rep *idleReport) wake(ctx context.Context, client *http.Client, base string) error {
	var mu sync.Mutex
	sleeping := rep.games[min(rep.conns, len(rep.games)):]
	n := min(100, len(sleeping))
	err := parallel(ctx, n, 8, func(i int) error {
		g := sleeping[i*len(sleeping)/n]
		req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/matches/"+g.id, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+g.toks[1])
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		var st struct {
			Match struct {
				Status string `json:"status"`
				Moves  int    `json:"moves"`
				ToAct  []int  `json:"to_act"`
			} `json:"match"`
		}
		if err := json.NewDecoder(res.Body).Decode(&st); err != nil || res.StatusCode != http.StatusOK {
			return fmt.Errorf("wake %s: %d %v", g.id, res.StatusCode, err)
		}
		mu.Lock()
		defer mu.Unlock()
		rep.Woken++
		if st.Match.Status == "playing" && st.Match.Moves == 1 && len(st.Match.ToAct) == 1 && st.Match.ToAct[0] == 1 {
			rep.WokenRight++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if rep.WokenRight != rep.Woken {
		return fmt.Errorf("%d of %d sleeping games came back from their logs changed", rep.Woken-rep.WokenRight, rep.Woken)
	}
	return nil
}

func (rep *idleReport) print(w io.Writer) {
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	if rep.Games > 0 {
		fmt.Fprintf(w, "idle games:   %d in play with a one-day clock: %.1f MB resident before, %.1f MB once created, %.1f MB once asleep: %.2f KB per game\n",
			rep.Games, mb(rep.RSSBase), mb(rep.RSSCreated), mb(rep.RSSAsleep), float64(rep.RSSAsleep-rep.RSSBase)/1024/float64(rep.Games))
	}
	if rep.Conns > 0 {
		fmt.Fprintf(w, "connections:  %d WebSockets (both seats of %d idle games, held in memory while watched): %.1f MB resident, %.2f KB per connection\n",
			rep.Conns, rep.conns, mb(rep.RSSConns), float64(rep.RSSConns-rep.RSSAsleep)/1024/float64(rep.Conns))
	}
	if rep.Woken > 0 {
		fmt.Fprintf(w, "woken:        %d sleeping games read back from their logs after the busy games, %d as they were\n", rep.Woken, rep.WokenRight)
	}
}
