package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// An open page's event stream ends with its session: once Bea's password is changed from another device,
// the stream opened by her old session hears none of her new notes.
func TestPasswordChangeEndsTheOpenEventStream(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ev := bea.events(t)
	ev.next(t) // hello
	other := e.browser()
	other.must(other.do("POST", "/api/account/signin", `{"name":"Bea","password":"correct horse"}`), 200)
	other.must(other.do("POST", "/api/account/password", `{"old":"correct horse","new":"battery staple"}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	if heard := heardUntil(t, ev.r, "event: note"); strings.Contains(heard, "event: note") {
		t.Fatalf("the ended session's stream heard a new note: %q", heard)
	}
	if n := bea.do("GET", "/api/account", ""); n.status != 401 {
		t.Fatalf("the old session still works: %d", n.status)
	}
}

// A bot's event stream ends with its token: once revoked, the stream it opened hears no more invitations.
func TestRevokedTokenEndsTheBotStream(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	owner, botTok := botAccount(t, e, "Robo")
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	stream := tokenStream(t, e, "/api/bot/stream", botTok)
	var list struct{ Tokens []struct{ ID string } }
	json.Unmarshal(owner.must(owner.do("GET", "/api/account/tokens", ""), 200).body, &list)
	if len(list.Tokens) != 1 {
		t.Fatalf("tokens: %+v", list)
	}
	owner.must(owner.do("DELETE", "/api/account/tokens/"+list.Tokens[0].ID, ""), 200)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/matches/"+id+"/invite", `{"name":"Robo"}`), 200)
	if heard := heardUntil(t, stream, "invitation"); strings.Contains(heard, "invitation") {
		t.Fatalf("the revoked token's stream heard an invitation: %q", heard)
	}
}

// heardUntil reads a stream until the server ends it or a line holds marker, and returns what it heard.
func heardUntil(t *testing.T, r *bufio.Reader, marker string) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		var heard strings.Builder
		for {
			line, err := r.ReadString('\n')
			heard.WriteString(line)
			if err != nil || strings.Contains(line, marker) {
				got <- heard.String()
				return
			}
		}
	}()
	select {
	case heard := <-got:
		return heard
	case <-time.After(10 * time.Second): // a bound for a broken server, not a timing claim
		t.Fatalf("the stream neither ended nor told %q", marker)
		return ""
	}
}

// A match's socket opened with an API token plays no more once the token is revoked: its move is refused
// with 401 and the match does not move; the seat's other, live credentials still play.
func TestRevokedTokenSocketPlaysNoMore(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"script","scopes":["play","read"]}`), 201).json(t)
	w := e.dial(id, tok["token"].(string), -1)
	st := w.stateAt(0)
	ada.must(ada.do("DELETE", "/api/account/tokens/"+tok["id"].(string), ""), 200)
	w.send(`{"type":"move","id":"m1","move":{"pick":1}}`)
	if reply := string(w.next("error")); !strings.Contains(reply, `"m1"`) || !strings.Contains(reply, `"unauthorized"`) {
		t.Fatalf("the revoked token's move: %s", reply)
	}
	if now := decodeState(t, bea.do("GET", "/api/matches/"+id, "").body); now.Seq != st.Seq {
		t.Fatalf("the match moved from %d to %d", st.Seq, now.Seq)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
}

// A match's socket opened with an API token ends once the token is revoked, at its next keep-alive: it
// would otherwise go on showing the seat's view (and, at a running challenge's attempt, the attempt that
// only its player may watch) to whoever held the token, for as long as the connection lasts.
func TestRevokedTokenSocketIsEnded(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.WebSocketPing = 100 * time.Millisecond })
	ada, _, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"script","scopes":["read"]}`), 201).json(t)
	w := e.dial(id, tok["token"].(string), -1)
	w.stateAt(0)
	ada.must(ada.do("DELETE", "/api/account/tokens/"+tok["id"].(string), ""), 200)
	bound := time.After(10 * time.Second) // a bound for a broken server, not a timing claim
	for {
		select {
		case _, open := <-w.msgs:
			if !open {
				return
			}
		case <-bound:
			t.Fatal("the revoked token's socket is still open")
		}
	}
}

// tokensDown is a store whose API-token lookups fail while fail is set, as a database that went away
// for a moment would; failed counts the lookups that failed.
type tokensDown struct {
	*sqlite.Store
	fail   atomic.Bool
	failed atomic.Int32
}

// waitFailed waits until n token lookups have failed; false if they never do.
func (d *tokensDown) waitFailed(n int32) bool {
	bound := time.Now().Add(10 * time.Second) // a bound for a broken server, not a timing claim
	for d.failed.Load() < n {
		if time.Now().After(bound) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

func (d *tokensDown) Token(ctx context.Context, hash [32]byte) (store.APIToken, error) {
	if d.fail.Load() {
		d.failed.Add(1)
		return store.APIToken{}, errDown
	}
	return d.Store.Token(ctx, hash)
}

// A keep-alive that cannot ask the database about the socket's token (the database away for a moment)
// has not learnt that the token ended: the socket stays, rather than every account's table dropping at
// once at a database hiccup and all reconnecting together as it comes back.
func TestSocketKeptWhenItsCredentialCannotBeChecked(t *testing.T) {
	t.Parallel()
	var down *tokensDown
	e, _, _ := accEnv(t, func(c *Config) {
		c.WebSocketPing = 50 * time.Millisecond
		down = &tokensDown{Store: c.Accounts.(*sqlite.Store)}
		c.Accounts = down
	})
	ada, _, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"script","scopes":["read"]}`), 201).json(t)
	w := e.dial(id, tok["token"].(string), -1)
	seq := w.stateAt(0).Seq
	down.fail.Store(true)
	// A second failed look can only come from a socket that outlived the first.
	if !down.waitFailed(2) {
		t.Fatalf("the socket ended at a keep-alive that could not check its token (%d looks failed)", down.failed.Load())
	}
	down.fail.Store(false)
	// The socket still hears the table: Ada's move (by her session, not the token) reaches it.
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	if st := w.stateAt(seq + 1); st.Seq <= seq {
		t.Fatalf("after the database came back: state %d", st.Seq)
	}
}

// An account's event stream whose credential cannot be checked for a moment (the database away) goes on:
// it ended at the first note of the hiccup, as if the token had been revoked, and every open page of
// every account reconnected at once as the database came back.
func TestEventStreamKeptWhenItsCredentialCannotBeChecked(t *testing.T) {
	t.Parallel()
	var down *tokensDown
	e, _, _ := accEnv(t, func(c *Config) {
		down = &tokensDown{Store: c.Accounts.(*sqlite.Store)}
		c.Accounts = down
	})
	ada, bea, _ := twoPlayers(t, e, "")
	tok := bea.must(bea.do("POST", "/api/account/tokens", `{"name":"pager","scopes":["read"]}`), 201).json(t)["token"].(string)
	r := tokenStream(t, e, "/api/account/events", tok)
	heardUntil(t, r, "event: hello")
	open := func() string {
		return ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
	}
	down.fail.Store(true)
	ada.must(ada.do("POST", "/api/matches/"+open()+"/invite", `{"name":"Bea"}`), 200)
	if !down.waitFailed(1) {
		t.Fatal("the stream never asked about its token")
	}
	down.fail.Store(false)
	ada.must(ada.do("POST", "/api/matches/"+open()+"/invite", `{"name":"Bea"}`), 200)
	if heard := heardUntil(t, r, "event: note"); !strings.Contains(heard, "event: note") {
		t.Fatalf("the stream ended at a credential it could not check: %q", heard)
	}
}

// tokenStream opens a stream (GET path) with an API token, closed at the test's end.
func tokenStream(t *testing.T, e *env, path, tok string) *bufio.Reader {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", e.http.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s: %v %v", path, resp, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return bufio.NewReader(resp.Body)
}

// A bot's stream whose token cannot be checked for a moment (the database away) goes on, as the pages'
// streams do: every bot would otherwise drop and reconnect at once as the database came back.
func TestBotStreamKeptWhenItsTokenCannotBeChecked(t *testing.T) {
	t.Parallel()
	var down *tokensDown
	e, _, _ := accEnv(t, func(c *Config) {
		down = &tokensDown{Store: c.Accounts.(*sqlite.Store)}
		c.Accounts = down
	})
	_, botTok := botAccount(t, e, "Robo")
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	stream := tokenStream(t, e, "/api/bot/stream", botTok)
	invite := func() {
		id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
		ada.must(ada.do("POST", "/api/matches/"+id+"/invite", `{"name":"Robo"}`), 200)
	}
	down.fail.Store(true)
	invite()
	if !down.waitFailed(1) {
		t.Fatal("the stream never asked about its token")
	}
	down.fail.Store(false)
	invite()
	if heard := heardUntil(t, stream, "invitation"); !strings.Contains(heard, "invitation") {
		t.Fatalf("the bot stream ended at a token it could not check: %q", heard)
	}
}
