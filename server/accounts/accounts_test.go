package accounts

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// None, the identity of a server without accounts, knows no one, even a request that carries an API
// token or a session cookie, and refuses with accounts_disabled what takes an account; what only follows
// from an account (marking a seat's holder, moving seats) does nothing.
func TestNoIdentity(t *testing.T) {
	t.Parallel()
	id := None{}
	r := httptest.NewRequest("GET", "/api/account", nil)
	r.Header.Set("Authorization", "Bearer sv_abcdef")
	r.AddCookie(&http.Cookie{Name: SessionCookie, Value: "secret"})
	ctx := context.Background()
	disabled := func(what string, err error) {
		var ae *httpkit.Error
		if !errors.As(err, &ae) || ae.Code != CodeNoAccounts || ae.Status != http.StatusNotFound {
			t.Errorf("%s: %v, want 404 %s", what, err, CodeNoAccounts)
		}
	}
	disabled("Available", id.Available())
	if p, err := id.WhoIs(r); p != nil || err != nil {
		t.Errorf("WhoIs: %v, %v; want no one", p, err)
	}
	p, err := id.SignedIn(r, ScopeRead)
	if p != nil {
		t.Errorf("SignedIn: %v", p)
	}
	disabled("SignedIn", err)
	if name, err := id.SeatName(r, "Ada"); name != "" || err != nil {
		t.Errorf("SeatName: %q, %v; want a guest's seat", name, err)
	}
	if h, err := id.SeatHolders(ctx, "m", 3); h != nil || err != nil {
		t.Errorf("SeatHolders: %v, %v; want nil (no accounts), which the notes read as such", h, err)
	}
	_, err = id.SeatOf(ctx, "m", "u")
	disabled("SeatOf", err)
	disabled("BindSeat", id.BindSeat(ctx, store.User{ID: "u"}, "m", 0))
	id.RemoveSeat(ctx, "m", 0) // nothing to move, and no panic
}
