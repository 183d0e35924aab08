package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/server/social"
)

// retryAfterAgrees checks a refusal by a limit: 429 rate_limited, a Retry-After header that is the body's
// retry_after, and a wait of at least least seconds (the real wait of the limit, not a token second).
func retryAfterAgrees(t *testing.T, what string, r resp, least int) {
	t.Helper()
	var v struct {
		Error struct {
			Code       string `json:"code"`
			RetryAfter int    `json:"retry_after"`
		} `json:"error"`
	}
	json.Unmarshal(r.body, &v)
	h, err := strconv.Atoi(r.header.Get("Retry-After"))
	switch {
	case r.status != http.StatusTooManyRequests || v.Error.Code != codeRateLimited:
		t.Errorf("%s: %d %s, want 429 rate_limited", what, r.status, r.body)
	case err != nil || h != v.Error.RetryAfter:
		t.Errorf("%s: Retry-After %q but the body says %d s", what, r.header.Get("Retry-After"), v.Error.RetryAfter)
	case h < least:
		t.Errorf("%s: told to retry after %d s, but the limit lasts %d s or more", what, h, least)
	}
}

// Every limit tells the truth: the Retry-After header of each 429 carries the same wait as its body, and
// that wait is the limit's own (an hour's window says minutes, not one second).
func TestEveryLimitSaysItsWaitInTheHeaderAndTheBody(t *testing.T) {
	t.Parallel()
	t.Run("requests per address", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.01, 2 })
		e.do("GET", "/api/games", "", "")
		e.do("GET", "/api/games", "", "")
		retryAfterAgrees(t, "the 3rd request", e.do("GET", "/api/games", "", ""), 90)
	})
	t.Run("matches per address", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 1000, 1000 })
		for range createBurst {
			e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy"}`))
		}
		retryAfterAgrees(t, "one match too many", e.do("POST", "/api/matches", "", `{"game":"toy"}`), 5)
	})
	t.Run("WebSocket messages", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.01, 30 })
		id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
		w := e.dial(id, ps[0].token, -1)
		w.next("state")
		var reply struct {
			Error *apiError `json:"error"`
		}
		for i := 0; i < 100; i++ {
			w.send(`{"type":"nonsense","id":"p` + itoa(i) + `"}`)
			reply.Error = nil
			json.Unmarshal(w.next("error"), &reply)
			if reply.Error != nil && reply.Error.Code == codeRateLimited {
				break
			}
		}
		if reply.Error == nil || reply.Error.Code != codeRateLimited || reply.Error.RetryAfter < 90 {
			t.Fatalf("a flood of messages: %+v", reply.Error)
		}
	})
	t.Run("WebSockets per address", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, nil, func(c *Config) { c.WebSocketsPerAddr = 1 })
		id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
		e.dial(id, ps[0].token, -1).next("state")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.http.URL, "http")+"/api/matches/"+id+"/ws?token="+ps[1].token, nil)
		if err == nil || res == nil {
			t.Fatalf("a second socket from the address: %v", err)
		}
		var r resp
		r.status, r.header = res.StatusCode, res.Header
		r.body = make([]byte, 512)
		n, _ := res.Body.Read(r.body)
		r.body = r.body[:n]
		retryAfterAgrees(t, "a WebSocket too many", r, 1)
	})
	t.Run("wrong passwords", func(t *testing.T) {
		t.Parallel()
		e, _, _ := accEnv(t)
		ada := e.browser()
		ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
		b := e.browser()
		for range accounts.FailBurst {
			b.do("POST", "/api/account/signin", `{"name":"Ada","password":"guess"}`)
		}
		retryAfterAgrees(t, "a sign-in after ten wrong passwords", b.do("POST", "/api/account/signin", `{"name":"Ada","password":"guess"}`), 60)
		// The account's own password checks count to the same limit.
		retryAfterAgrees(t, "a password change meanwhile", ada.do("POST", "/api/account/password", `{"old":"correct horse","new":"another horse"}`), 60)
	})
	t.Run("sign-ups per address", func(t *testing.T) {
		t.Parallel()
		// The operator's number (--signups-per-hour), not the default, is what counts.
		e, _, _ := accEnv(t, func(c *Config) { c.RateLimit, c.RateBurst, c.SignupsPerHour = 1000, 1000, 3 })
		for i := range 3 {
			b := e.browser()
			b.must(b.do("POST", "/api/account/signup", `{"name":"Player`+itoa(i)+`","password":"correct horse"}`), 201)
		}
		b := e.browser()
		retryAfterAgrees(t, "an account too many from one address", b.do("POST", "/api/account/signup", `{"name":"Eve","password":"correct horse"}`), 3000)
		if r := b.do("POST", "/api/account/signup", `{"name":"Eve","password":"correct horse"}`); !strings.Contains(string(r.body), "3 accounts an hour") {
			t.Errorf("the refusal names another limit than the operator's: %d %s", r.status, r.body)
		}
		if r := b.do("POST", "/api/account/signin", `{"name":"Player0","password":"correct horse"}`); r.status != 200 {
			t.Errorf("signing in after the sign-up limit: %d %s", r.status, r.body)
		}
	})
	t.Run("a taken name opens no account and counts none", func(t *testing.T) {
		t.Parallel()
		// A class picking names behind one address meets taken ones: each refusal (409 name_taken) opened
		// nothing, so it must not use up the address's sign-ups, nor cost a password hash.
		e, _, _ := accEnv(t, func(c *Config) { c.RateLimit, c.RateBurst, c.SignupsPerHour = 1000, 1000, 2 })
		b := e.browser()
		b.must(b.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
		for range 3 {
			g := e.browser()
			if r := g.do("POST", "/api/account/signup", `{"name":"Аda","password":"correct horse"}`); r.status != http.StatusConflict || r.errCode() != accounts.CodeNameTaken {
				t.Fatalf("a taken name: %d %s", r.status, r.body)
			}
		}
		g := e.browser()
		g.must(g.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	})
	t.Run("invitations, reports and chat", func(t *testing.T) {
		t.Parallel()
		e, _, _ := accEnv(t)
		ada, _, id := twoPlayers(t, e, "")
		open := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`), 201).json(t)["id"].(string)
		for i := range botapi.InviteBurst / 3 {
			names := []string{}
			for j := range 3 {
				n := fmt.Sprintf("Guest%c%c", 'a'+i, 'a'+j)
				g := e.browser()
				g.must(g.do("POST", "/api/account/signup", `{"name":"`+n+`","password":"correct horse"}`), 201)
				names = append(names, `"`+n+`"`)
			}
			ada.must(ada.do("POST", "/api/matches/"+open+"/invite", `{"names":[`+strings.Join(names, ",")+`]}`), 200)
		}
		retryAfterAgrees(t, "an invitation too many", ada.do("POST", "/api/matches/"+open+"/invite", `{"name":"Bea"}`), 3000)
		for range social.ReportBurst {
			ada.must(ada.do("POST", "/api/users/Bea/report", `{"text":"rude"}`), 201)
		}
		retryAfterAgrees(t, "a report too many", ada.do("POST", "/api/users/Bea/report", `{"text":"rude"}`), 3000)
		for range chatBurst {
			ada.must(ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hi"}`), 200)
		}
		retryAfterAgrees(t, "a message too many", ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hi"}`), 5)
	})
	t.Run("confirmation mails", func(t *testing.T) {
		t.Parallel()
		e, _, _, bea, _ := mailEnv(t)
		_ = e
		for i := range social.ConfirmBurst - 1 {
			bea.must(bea.do("POST", "/api/account/notify", `{"email":"bea`+itoa(i)+`@example.org"}`), 200)
		}
		retryAfterAgrees(t, "a confirmation mail too many", bea.do("POST", "/api/account/notify", `{"email":"bea9@example.org"}`), 3000)
	})
}

// writeError never lets a 429 leave without a wait, and the header then says the body's.
func TestWriteErrorGivesEveryRefusalByALimitAWait(t *testing.T) {
	t.Parallel()
	for _, ae := range []*apiError{errf(http.StatusTooManyRequests, codeRateLimited, "bare"), tooMany(0, "none"), tooMany(1500*time.Millisecond, "1.5 s"), tooMany(89*time.Second, "89 s")} {
		w := httptest.NewRecorder()
		writeError(w, ae)
		var v struct {
			Error struct {
				RetryAfter int `json:"retry_after"`
			} `json:"error"`
		}
		json.Unmarshal(w.Body.Bytes(), &v)
		if h := w.Header().Get("Retry-After"); h != strconv.Itoa(v.Error.RetryAfter) || v.Error.RetryAfter < 1 {
			t.Errorf("%s: header %q, body %d", ae.Message, h, v.Error.RetryAfter)
		}
	}
	if got := tooMany(1500*time.Millisecond, "x").RetryAfter; got != 2 {
		t.Errorf("1.5 s rounds up to %d s, want 2", got)
	}
}
