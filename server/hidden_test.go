package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
)

// autoMove asks the engine, inside the server, for the move AutoMove picks for a seat; the test then plays
// it through the public API like any client.
func (e *env) autoMove(id string, seat game.Seat) json.RawMessage {
	e.t.Helper()
	m, err := e.srv.get(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	defer m.mu.Unlock()
	mv, err := m.st.AutoMove(seat)
	if err != nil {
		e.t.Fatalf("AutoMove(%d): %v", seat, err)
	}
	return mv
}

// playOut plays a started match to its end through the API, with every seat and a spectator connected by
// WebSocket and polling over HTTP, so that every kind of payload is collected. It returns the number of
// moves played.
func (e *env) playOut(id string, ps []player, maxMoves int) int {
	e.t.Helper()
	socks := []*wsConn{e.dial(id, "", -1)}
	for _, p := range ps {
		socks = append(socks, e.dial(id, p.token, -1))
	}
	moves := 0
	for ; moves < maxMoves; moves++ {
		st := e.state(id, "")
		if st.Match.Status == "finished" {
			break
		}
		seat := st.Match.ToAct[moves%len(st.Match.ToAct)]
		p := ps[seat]
		e.must(200, e.do("GET", "/api/matches/"+id+"/legal", p.token, ""))
		for _, q := range ps {
			e.state(id, q.token)
		}
		body, _ := json.Marshal(moveReq{Move: e.autoMove(id, seat)})
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", p.token, string(body)))
		for _, w := range socks {
			w.stateAt(st.Seq + 1)
		}
	}
	if st := e.state(id, ""); st.Match.Status != "finished" {
		e.t.Fatalf("game not over after %d moves", moves)
	}
	return moves
}

// leak reports what secret a payload reveals: the seed in decimal or hexadecimal, or three consecutive
// cards of the hidden deck order (a view shows at most the current and the last card).
func leak(payload []byte, seed uint64, deck []int) []string {
	s := string(payload)
	var out []string
	for _, form := range []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16), strconv.FormatInt(int64(seed), 10)} {
		if strings.Contains(s, form) {
			out = append(out, "the seed "+form)
		}
	}
	for i := 0; i+3 <= len(deck); i++ {
		run := fmt.Sprintf("%d,%d,%d", deck[i], deck[i+1], deck[i+2])
		if strings.Contains(s, "["+run) || strings.Contains(s, ","+run) {
			out = append(out, "the deck order "+run)
		}
	}
	return out
}

// hiddenInfoLeaks plays games through the API and returns the leaks found in what clients received.
func hiddenInfoLeaks(t *testing.T, gameName string) []string {
	e := newEnv(t, nil, nil)
	var found []string
	for _, tc := range []struct {
		opts  string
		seats int
	}{{`{"rounds":6}`, 3}, {`{"rounds":5,"sequential":true}`, 2}, {`{"rounds":4}`, 1}} {
		id, ps := e.newMatch(gameName, tc.opts, tc.seats, "")
		e.playOut(id, ps, 200)
		g, err := e.store.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		deck := gametest.DeckOrder(g.Seed)
		e.mu.Lock()
		payloads := e.payloads
		e.payloads = nil
		e.mu.Unlock()
		if len(payloads) < 20 {
			t.Fatalf("only %d payloads collected", len(payloads))
		}
		for _, p := range payloads {
			for _, what := range leak(p, g.Seed, deck) {
				found = append(found, fmt.Sprintf("%s: %s in %.200s", id, what, p))
			}
		}
	}
	return found
}

func TestNoHiddenInformationReachesClients(t *testing.T) {
	t.Parallel()
	for _, l := range hiddenInfoLeaks(t, gametest.Name) {
		t.Error(l)
	}
}

// TestHiddenInformationCheckCatchesALeak runs the same check on a game whose views carry the seed and the
// deck: it must notice.
func TestHiddenInformationCheckCatchesALeak(t *testing.T) {
	t.Parallel()
	leaks := hiddenInfoLeaks(t, gametest.LeakyName)
	var seed, deck bool
	for _, l := range leaks {
		seed = seed || strings.Contains(l, "the seed")
		deck = deck || strings.Contains(l, "the deck order")
	}
	if !seed || !deck {
		t.Fatalf("leaky game not caught (seed %v, deck %v): %d leaks", seed, deck, len(leaks))
	}
}
