package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/surveyor-game/surveyor/internal/egress"
	"github.com/surveyor-game/surveyor/notify/push/pushtest"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// The subscription holes: endpoints that name this machine or a network that is not the internet in a
// form other than the standard one (127.1, hexadecimal and octal forms, a single number), or an address
// of the shared (100.64.0.0/10) or benchmarking (198.18.0.0/15) blocks, were taken, and then pushed to.
// They are refused, and nothing is stored.
func TestPushRefusesEveryFormOfAPrivateAddress(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, bea, _ := twoPlayers(t, e, "")
	b := pushtest.NewBrowser(t)
	for _, host := range []string{"127.1", "127.0.1", "0x7f.0.0.1", "0x7f.1", "0177.0.0.1", "0177.1", "2130706433",
		"0x7f000001", "017700000001", "100.64.0.1", "100.127.255.254", "198.18.0.1", "198.19.255.254",
		"[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[fe80::1]", "[64:ff9b::a9fe:a9fe]", "[2002:a00:1::1]", "169.254.169.254",
		"0.0.0.0", "10.0.0.1", "router.home.arpa", "127.0.0.1"} {
		body := `{"subscription":{"endpoint":"https://` + host + `/push/x","keys":{"p256dh":"` + b.P256dh() + `","auth":"` + b.AuthB64() + `"}}}`
		if r := bea.do("POST", "/api/account/push", body); r.status != http.StatusBadRequest {
			t.Errorf("endpoint on %s: %d %s", host, r.status, r.body)
		}
	}
	var v struct{ Browsers []any }
	if err := json.Unmarshal(bea.must(bea.do("GET", "/api/account/notify", ""), 200).body, &v); err != nil || len(v.Browsers) != 0 {
		t.Fatalf("subscriptions stored: %+v %v", v.Browsers, err)
	}
}

// A subscription whose name passed the check but resolves to this machine when the push is sent (DNS
// rebinding, here the name localhost stored as if it had passed) is not pushed to: the push's connection is
// refused on the address it resolved to, and not retried.
func TestPushDoesNotConnectToANameThatResolvesToLoopback(t *testing.T) {
	t.Parallel()
	ps := pushtest.NewWatched(t)

	e, _, _ := accEnv(t)
	ada, _, id := twoPlayers(t, e, "")
	var mu sync.Mutex
	var pushErr error
	e.srv.social.OnDelivery(func(n store.Note, err error) {
		if n.Channel == store.ChannelPush {
			mu.Lock()
			pushErr = err
			mu.Unlock()
		}
	})
	var beaID string
	if u, err := e.srv.accounts.UserByKey(t.Context(), "bea"); err != nil {
		t.Fatal(err)
	} else {
		beaID = u.ID
	}
	b := pushtest.NewBrowser(t)
	endpoint := "https://localhost" + ps.Port + "/push/bea"
	data := `{"endpoint":"` + endpoint + `","keys":{"p256dh":"` + b.P256dh() + `","auth":"` + b.AuthB64() + `"}}`
	if err := e.srv.accounts.AddPushSub(t.Context(), store.PushSub{ID: httpkit.NewID(), UserID: beaID, Endpoint: endpoint, Data: []byte(data), Agent: "x", Created: e.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	eventually(t, "the push attempt", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return pushErr != nil || ps.Conns() > 0
	})
	mu.Lock()
	defer mu.Unlock()
	if n := ps.Conns(); n != 0 || !errors.Is(pushErr, egress.ErrRefused) {
		t.Fatalf("%d connections reached loopback; the push's error: %v", n, pushErr)
	}
}
