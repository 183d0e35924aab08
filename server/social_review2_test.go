package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/notify/push/pushtest"
	"github.com/surveyor-game/surveyor/server/social"
)

// Blocking ends the blocked account's following you (docs/notifications.md). It may follow you again (the
// follow tells you nothing, and it is not told that it is blocked), but its list of follows no longer shows
// when you are online nor when you were last seen: a block is no way to keep watch on someone.
func TestReviewBlockedFollowerSeesNoPresence(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bob")
	ada, bob := ps["Ada"].b, ps["Bob"].b
	ada.events(t).next(t) // Ada has a page open: online, seen now
	bob.must(bob.do("POST", "/api/users/Ada/follow", ""), http.StatusOK)
	if body := string(bob.must(bob.do("GET", "/api/account/following", ""), http.StatusOK).body); !strings.Contains(body, `"online":true`) {
		t.Fatalf("Bob does not see Ada online before the block: %s", body)
	}
	ada.must(ada.do("POST", "/api/users/Bob/block", ""), http.StatusOK)
	bob.must(bob.do("POST", "/api/users/Ada/follow", ""), http.StatusOK)
	body := string(bob.must(bob.do("GET", "/api/account/following", ""), http.StatusOK).body)
	if !strings.Contains(body, `"name":"Ada"`) || strings.Contains(body, `"online":true`) || strings.Contains(body, `"seen"`) {
		t.Errorf("the blocked Bob's follows show Ada's presence: %s", body)
	}
	// unblocked, he sees it again
	ada.must(ada.do("DELETE", "/api/users/Bob/block", ""), http.StatusOK)
	if body := string(bob.must(bob.do("GET", "/api/account/following", ""), http.StatusOK).body); !strings.Contains(body, `"online":true`) {
		t.Errorf("Bob does not see Ada online once unblocked: %s", body)
	}
}

// Each note is pushed to every subscription of its account, by the outbox's few workers that every account
// shares: an account keeps a few browsers' subscriptions, the newest, not thousands that a script aims at
// hosts of its choosing (each note would cost the sender thousands of deliveries, the others' waiting).
func TestReviewPushSubscriptionsPerAccountAreBounded(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	bea := signUp(t, e, "Bea")["Bea"].b
	b := pushtest.NewBrowser(t)
	for i := range 3 * social.MaxBrowsers {
		body := `{"subscription":{"endpoint":"https://push.example.net/` + itoa(i) + `","keys":{"p256dh":"` + b.P256dh() + `","auth":"` + b.AuthB64() + `"}},"agent":"n` + itoa(i) + `"}`
		bea.must(bea.do("POST", "/api/account/push", body), http.StatusCreated)
		e.clock.Advance(time.Second)
	}
	var v struct{ Browsers []struct{ Agent string } }
	if err := json.Unmarshal(bea.must(bea.do("GET", "/api/account/notify", ""), http.StatusOK).body, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Browsers) != social.MaxBrowsers {
		t.Fatalf("%d subscriptions kept, want %d", len(v.Browsers), social.MaxBrowsers)
	}
	for _, br := range v.Browsers { // the newest are kept
		if n, err := strconv.Atoi(strings.TrimPrefix(br.Agent, "n")); err != nil || n < 2*social.MaxBrowsers {
			t.Errorf("an old subscription was kept: %q", br.Agent)
		}
	}
}
