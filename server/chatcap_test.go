package server

import (
	"net/http"
	"testing"
	"time"
)

// A match keeps at most chatMaxPerMatch messages: each is an event of its log, read again whenever the
// match is loaded, and the players (or the signed-in spectators of a table that lets them talk) could
// otherwise add one every two seconds for as long as the match exists, finished or not. Past the cap a
// message is refused (409 chat_full) and the log does not grow.
func TestChatPerMatchIsBounded(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	for i := range chatMaxPerMatch {
		if i > 0 && i%(2*chatBurst) == 0 {
			e.clock.Advance(chatWindow)
		}
		e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/chat", ps[i%2].token, `{"phrase":"gg"}`))
	}
	e.clock.Advance(time.Minute)
	before := e.state(id, "").Seq
	r := e.do("POST", "/api/matches/"+id+"/chat", ps[0].token, `{"text":"one more"}`)
	if r.status != http.StatusConflict || r.errCode() != codeChatFull {
		t.Fatalf("message %d: %d %s", chatMaxPerMatch+1, r.status, r.body)
	}
	if after := e.state(id, "").Seq; after != before {
		t.Fatalf("the refused message moved the match from %d to %d", before, after)
	}
}
