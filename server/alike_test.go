package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// threeBehindABalancer starts three instances with accounts on one PostgreSQL schema and a round-robin
// balancer in front, as an env whose requests go through it (each to the next instance).
func threeBehindABalancer(t *testing.T) (lb *env, in []*env) {
	open := sharedPostgres(t)
	withAccounts := func(c *Config) { c.Accounts = c.Store.(store.Accounts) }
	in = []*env{newEnv(t, open(), withAccounts), newEnv(t, open(), withAccounts), newEnv(t, open(), withAccounts)}
	var next atomic.Uint64
	proxies := make([]*httputil.ReverseProxy, len(in))
	for i, e := range in {
		u, _ := url.Parse(e.http.URL)
		proxies[i] = httputil.NewSingleHostReverseProxy(u)
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxies[next.Add(1)%uint64(len(proxies))].ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	return &env{t: t, http: front, store: in[0].store, clock: in[0].clock}, in
}

// What one instance's memory held is the same on every instance behind a balancer: each limit counts the
// requests that reached any instance (the margin: the requests of one account in flight at once, here
// none, since they are sent one after another), a bot's stream on one instance hears an invitation made
// on another, and a guest's seat is present on every instance.
func TestInstancesAlike(t *testing.T) {
	lb, in := threeBehindABalancer(t)
	ada := lb.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)

	t.Run("wrong passwords", func(t *testing.T) {
		b := lb.browser()
		for i := range accounts.FailBurst {
			if r := b.do("POST", "/api/account/signin", `{"name":"Ada","password":"guess"}`); r.status != http.StatusUnauthorized {
				t.Fatalf("wrong password %d: %d %s", i+1, r.status, r.body)
			}
		}
		// ten reached three instances: the eleventh is refused by whichever it reaches
		for range len(in) {
			retryAfterAgrees(t, "a sign-in after ten wrong passwords on three instances", b.do("POST", "/api/account/signin", `{"name":"Ada","password":"guess"}`), 60)
		}
	})
	t.Run("reports", func(t *testing.T) {
		bea := lb.browser()
		bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
		for range social.ReportBurst {
			ada.must(ada.do("POST", "/api/users/Bea/report", `{"text":"rude"}`), 201)
		}
		for range len(in) {
			retryAfterAgrees(t, "a report too many on three instances", ada.do("POST", "/api/users/Bea/report", `{"text":"rude"}`), 3000)
		}
	})
	t.Run("chat", func(t *testing.T) {
		id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`), 201).json(t)["id"].(string)
		for range chatBurst {
			ada.must(ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hi"}`), 200)
		}
		for range len(in) {
			retryAfterAgrees(t, "a message too many on three instances", ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hi"}`), 5)
		}
	})
	t.Run("a bot hears an invitation made on another instance", func(t *testing.T) {
		_, botTok := botAccount(t, lb, "Robo")
		// the bot's stream is on instance 1
		req, _ := http.NewRequestWithContext(t.Context(), "GET", in[1].http.URL+"/api/bot/stream", nil)
		req.Header.Set("Authorization", "Bearer "+botTok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		events := make(chan botapi.Event, 8)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				var ev botapi.Event
				if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Type != "" {
					events <- ev
				}
			}
		}()
		// Ada invites it through instance 0, with an API token of hers
		adaTok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"x","scopes":["play","read"]}`), 201).json(t)["token"].(string)
		id := in[0].must(201, in[0].do("POST", "/api/matches", adaTok, `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)["id"].(string)
		in[0].must(200, in[0].do("POST", "/api/matches/"+id+"/invite", adaTok, `{"name":"Robo"}`))
		select {
		case ev := <-events:
			if ev.Type != "invitation" || ev.Match != id || ev.From != "Ada" {
				t.Fatalf("the bot heard %+v, want Ada's invitation to %s", ev, id)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the bot's stream on instance 1 never heard the invitation made on instance 0")
		}
		// it joins through instance 2: its stream on instance 1 hears the game start
		in[2].must(200, in[2].do("POST", "/api/matches/"+id+"/join", botTok, `{"name":"Robo"}`))
		select {
		case ev := <-events:
			if ev.Type != "game_start" || ev.Match != id {
				t.Fatalf("after joining the bot heard %+v, want game_start", ev)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the bot's stream never heard that it joined on another instance")
		}
	})
	t.Run("a guest's presence", func(t *testing.T) {
		v := lb.must(201, lb.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Guest"}`)).json(t)
		id, tok := v["id"].(string), v["token"].(string)
		connected := func(e *env) bool {
			var p struct{ Seats []struct{ Connected bool } }
			json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/presence", "", "")).body, &p)
			return len(p.Seats) > 0 && p.Seats[0].Connected
		}
		for i, e := range in {
			if connected(e) {
				t.Fatalf("instance %d: the guest is present before opening the table", i)
			}
		}
		ws := in[2].dial(id, tok, 0) // the guest's table is open on instance 2
		ws.next("state")
		for i, e := range in {
			if !connected(e) {
				t.Errorf("instance %d: the guest at the table on instance 2 is not present", i)
			}
		}
		ws.c.CloseNow()
		for i, e := range in {
			eventually(t, "the guest gone on instance "+itoa(i), func() bool { return !connected(e) })
		}
	})
}
