package accounts

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// sharedAccounts is fakeAccounts with a shared store in memory that, like the SQL ones, judges expiry
// only by the times it is given.
type sharedAccounts struct {
	fakeAccounts
	mu   sync.Mutex
	temp map[string]sharedTemp
}

type sharedTemp struct {
	v       []byte
	expires time.Time
}

var _ store.Shared = (*sharedAccounts)(nil)

func (s *sharedAccounts) PutTemp(_ context.Context, key string, value []byte, expires time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.temp == nil {
		s.temp = map[string]sharedTemp{}
	}
	s.temp[key] = sharedTemp{value, expires}
	return nil
}

func (s *sharedAccounts) TakeTemp(_ context.Context, key string, now time.Time) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.temp[key]
	delete(s.temp, key)
	return t.v, ok && t.expires.After(now), nil
}

func (s *sharedAccounts) DeleteTemp(context.Context, string) error { return nil }
func (s *sharedAccounts) TempKeys(context.Context, string, time.Time) ([]string, error) {
	return nil, nil
}
func (s *sharedAccounts) Recent(context.Context, string, time.Time) (int, time.Time, error) {
	return 0, time.Time{}, nil
}
func (s *sharedAccounts) AddRecent(context.Context, string, time.Time, int) error { return nil }
func (s *sharedAccounts) PruneShared(context.Context, time.Time, time.Time) error { return nil }

// A passkey sign-in ceremony lives ceremonyLife by the server's clock, the one the shared store's cleanup
// uses, not by the machine's: begun at the server's noon, it is still there a minute later and gone six
// minutes later, whatever the machine's clock says (here, months after the pinned one).
func TestPasskeyCeremonyFollowsServerClock(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   store.Accounts
	}{{"memory", &fakeAccounts{}}, {"shared", &sharedAccounts{}}} {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			a := New(tc.st, func() time.Time { return now }, slog.New(slog.DiscardHandler), func(string) {})
			a.Serve(Host{MaxBody: 1 << 16})
			finishAfter := func(d time.Duration) error {
				w := httptest.NewRecorder()
				r := httptest.NewRequest("POST", "http://example.org/api/account/passkeys/signin/begin", nil)
				now = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
				if err := a.PasskeySigninBegin(w, r); err != nil {
					t.Fatalf("begin: %v", err)
				}
				now = now.Add(d)
				r = httptest.NewRequest("POST", "http://example.org/api/account/passkeys/signin/finish", strings.NewReader(`{}`))
				for _, c := range w.Result().Cookies() {
					r.AddCookie(c)
				}
				return a.PasskeySigninFinish(httptest.NewRecorder(), r)
			}
			// Within its life the ceremony is found, and the (empty) assertion is what is refused.
			var ae *httpkit.Error
			if err := finishAfter(time.Minute); !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
				t.Errorf("finish a minute later: %v, want the passkey refused (401)", err)
			}
			if err := finishAfter(6 * time.Minute); !errors.As(err, &ae) || ae.Status != http.StatusBadRequest || !strings.Contains(ae.Error(), "ceremony") {
				t.Errorf("finish six minutes later: %v, want no ceremony under way (400)", err)
			}
		})
	}
}
