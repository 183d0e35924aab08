// Package analysisroom is the room of the post-game analyses beside the match host: it runs the analysis
// of a finished match (package analysis) in the background, once, stores it with the match so that every
// viewer and every instance shares it, and serves its progress and its result.
package analysisroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// The room's refusals (docs/api.md lists them with their statuses).
const (
	// CodeNoAnalysis refuses the analysis of a game that has none (409).
	CodeNoAnalysis = "no_analysis"
	// CodeQueued refuses a new analysis to one who has as many waiting or running as one may (429).
	CodeQueued = "analyses_queued"
)

// perRequester is how many analyses one account (or, for guests, one address) may have waiting or
// running on an instance at once when the host does not say: each takes the instance's analysis turn for
// seconds, and one visitor asking for every finished game would hold everyone else's back.
const perRequester = 3

// staleAfter is how long a running analysis may go without a word before another request takes it
// over: its instance is then taken for gone. A whole game takes seconds; progress is written at least
// every heartbeat.
const (
	staleAfter = 2 * time.Minute
	heartbeat  = 20 * time.Second
	// progressEvery spaces the progress written to the store: a game has a few hundred decisions.
	progressEvery = 250 * time.Millisecond
)

// Host is what the room needs of the server it serves in.
type Host struct {
	Store store.Analyses // nil: the store keeps no analyses (every request is refused)
	// Record is a finished match's record with its players' names, or the refusal for the request's
	// viewer (no such match, not finished, an attempt at a running challenge that is not the viewer's).
	Record func(r *http.Request, id string) (game.Record, error)
	// Go runs fn in the background for as long as the server runs (ctx ends when it closes).
	Go  func(fn func(ctx context.Context))
	Now func() time.Time
	Log *slog.Logger
	// Options are the analyses' settings (Progress aside): the zero value is seed 0, both lenses, the
	// games' default samples. The tests lower them.
	Options analysis.Options
	// Busy is how many analyses may run at once on this instance (0: one); the others wait their turn.
	Busy int
	// Requester names who asks for an analysis, an account or else an address, for the limit of
	// PerRequester; wrong credentials are an error. nil: no limit.
	Requester func(r *http.Request) (string, error)
	// PerRequester is how many new analyses one requester may have waiting or running on this instance
	// at once (0: perRequester).
	PerRequester int
}

// Room runs and serves the analyses of one server instance.
type Room struct {
	host  Host
	turns chan struct{} // a token per analysis running on this instance
	mu    sync.Mutex
	wake  map[string]chan struct{} // closed when this instance's analysis of a match ends
	mine  map[string]int           // the analyses waiting or running on this instance, by requester
}

// New builds the room.
func New(h Host) *Room {
	n := h.Busy
	if n <= 0 {
		n = 1
	}
	if h.PerRequester <= 0 {
		h.PerRequester = perRequester
	}
	return &Room{host: h, turns: make(chan struct{}, n), wake: map[string]chan struct{}{}, mine: map[string]int{}}
}

// state is the answer of both endpoints.
type state struct {
	Status   string          `json:"status"` // "none", "running" or "done"
	Progress float64         `json:"progress"`
	Analysis json.RawMessage `json:"analysis,omitempty"`
}

// Start starts the analysis of a finished match unless it was started already, and answers its state
// (202 while it runs, 200 once done).
func (rm *Room) Start(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	rec, err := rm.analysable(r, id)
	if err != nil {
		return err
	}
	who := ""
	if rm.host.Requester != nil {
		if who, err = rm.host.Requester(r); err != nil {
			return err
		}
	}
	st, err := rm.read(r.Context(), id)
	if err != nil {
		return err
	}
	if st.Status == "none" {
		if err := rm.claim(r.Context(), who, id, rec); err != nil {
			return err
		}
		if st, err = rm.read(r.Context(), id); err != nil {
			return err
		}
	}
	status := http.StatusAccepted
	if st.Status == store.AnalysisDone {
		status = http.StatusOK
	}
	httpkit.WriteJSON(w, status, st)
	return nil
}

// claim starts the analysis of a match none has started (or whose instance went silent), unless its
// requester (who) has as many waiting or running as one may: the first of two instances to claim it
// runs it.
func (rm *Room) claim(ctx context.Context, who, id string, rec game.Record) error {
	if !rm.take(who) {
		return &httpkit.Error{Status: http.StatusTooManyRequests, Code: CodeQueued, RetryAfter: int(heartbeat.Seconds()),
			Message: fmt.Sprintf("you have %d analyses waiting or running: ask for this one once one of them is done", rm.host.PerRequester)}
	}
	now := rm.host.Now()
	won, err := rm.host.Store.ClaimAnalysis(ctx, id, now, now.Add(-staleAfter))
	if err != nil || !won {
		rm.give(who)
		if err != nil {
			return fmt.Errorf("start analysis of %s: %w", id, err)
		}
		return nil
	}
	done := make(chan struct{})
	rm.mu.Lock()
	rm.wake[id] = done
	rm.mu.Unlock()
	rm.host.Go(func(ctx context.Context) {
		defer func() {
			rm.give(who)
			rm.mu.Lock()
			delete(rm.wake, id)
			rm.mu.Unlock()
			close(done)
		}()
		rm.run(ctx, id, rec)
	})
	return nil
}

// take counts a new analysis for its requester, if they may have one more ("": no limit).
func (rm *Room) take(who string) bool {
	if who == "" {
		return true
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if rm.mine[who] >= rm.host.PerRequester {
		return false
	}
	rm.mine[who]++
	return true
}

// give forgets an analysis of its requester's once it has ended (or was never claimed).
func (rm *Room) give(who string) {
	if who == "" {
		return
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if rm.mine[who]--; rm.mine[who] <= 0 {
		delete(rm.mine, who)
	}
}

// Show answers a match's analysis: none asked yet, running with its progress, or done.
func (rm *Room) Show(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if _, err := rm.analysable(r, id); err != nil {
		return err
	}
	st, err := rm.read(r.Context(), id)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, st)
	return nil
}

// Wait returns once this instance's analysis of a match, if one runs, has ended: for tests and shutdown.
func (rm *Room) Wait(id string) {
	rm.mu.Lock()
	done := rm.wake[id]
	rm.mu.Unlock()
	if done != nil {
		<-done
	}
}

// analysable is the record of a finished match of a game that has an analysis, or the refusal.
func (rm *Room) analysable(r *http.Request, id string) (game.Record, error) {
	if rm.host.Store == nil {
		return game.Record{}, httpkit.Errf(http.StatusServiceUnavailable, httpkit.CodeUnavailable, "this server keeps no analyses")
	}
	rec, err := rm.host.Record(r, id)
	if err != nil {
		return game.Record{}, err
	}
	if p, ok := games.Lookup(rec.Game); !ok || p.Review == nil {
		return game.Record{}, httpkit.Errf(http.StatusConflict, CodeNoAnalysis, "%s games have no analysis", rec.Game)
	}
	return rec, nil
}

// read is a match's analysis as stored; a running one whose instance went silent reads as none, so that
// the next start takes it over.
func (rm *Room) read(ctx context.Context, id string) (state, error) {
	st, err := rm.host.Store.Analysis(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return state{Status: "none"}, nil
	}
	if err != nil {
		return state{}, fmt.Errorf("read analysis of %s: %w", id, err)
	}
	switch {
	case st.Status == store.AnalysisDone:
		return state{Status: st.Status, Progress: 1, Analysis: st.Result}, nil
	case st.Updated.Before(rm.host.Now().Add(-staleAfter)):
		return state{Status: "none"}, nil
	}
	return state{Status: st.Status, Progress: st.Progress}, nil
}

// run computes the analysis this instance claimed and stores it; a failure forgets the claim, so that it
// may be asked for again.
func (rm *Room) run(ctx context.Context, id string, rec game.Record) {
	log := rm.host.Log.With("match", id)
	err := rm.compute(ctx, id, rec)
	if err == nil {
		return
	}
	log.Error("analysis failed", "err", err)
	// The server may be closing: the claim is dropped all the same, briefly.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := rm.host.Store.DropAnalysis(dctx, id); err != nil {
		log.Error("cannot drop a failed analysis", "err", err)
	}
}

func (rm *Room) compute(ctx context.Context, id string, rec game.Record) error {
	// Wait for a turn, telling the store this claim is alive meanwhile.
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
wait:
	for {
		select {
		case rm.turns <- struct{}{}:
			break wait
		case <-tick.C:
			if err := rm.host.Store.AnalysisProgress(ctx, id, 0, rm.host.Now()); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	defer func() { <-rm.turns }()
	var last time.Time
	progress := func(done, total int) {
		// Written from the analysis's own goroutine between two decisions: a slow store slows it a little,
		// but never in the middle of a search.
		now := time.Now()
		if now.Sub(last) < progressEvery || total == 0 {
			return
		}
		last = now
		if err := rm.host.Store.AnalysisProgress(ctx, id, float64(done)/float64(total), rm.host.Now()); err != nil {
			rm.host.Log.Warn("cannot record an analysis's progress", "match", id, "err", err)
		}
	}
	o := rm.host.Options
	o.Progress = progress
	a, err := analysis.Analyse(ctx, rec, o)
	if err != nil {
		return err
	}
	b, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("analysis of %s: %w", id, err)
	}
	return rm.host.Store.FinishAnalysis(ctx, id, b, rm.host.Now())
}
