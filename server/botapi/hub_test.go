package botapi

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// memShared is the part of store.Shared the hub uses, in memory; beforeKeys runs once, at the first
// listing of keys.
type memShared struct {
	store.Shared // the rest: unused
	mu           sync.Mutex
	kv           map[string][]byte
	beforeKeys   func()
}

func (m *memShared) PutTemp(_ context.Context, key string, value []byte, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.kv[key] = value
	return nil
}

func (m *memShared) TempKeys(_ context.Context, prefix string, _ time.Time) ([]string, error) {
	m.mu.Lock()
	hook := m.beforeKeys
	m.beforeKeys = nil
	m.mu.Unlock()
	if hook != nil {
		hook()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var keys []string
	for k := range m.kv {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

func (m *memShared) TakeTemp(_ context.Context, key string, _ time.Time) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.kv[key]
	delete(m.kv, key)
	return v, ok, nil
}

// With instances sharing the database, the invitations that waited for a bot's stream are the last 50
// also when the wake of an invitation made before the stream opened comes once the stream is registered,
// before it takes what waited (the database's notifications lag): the wake then waits for the stream's
// take. It took them all itself and delivered them past the cap, which flaked
// TestReviewWaitingInvitationsAreTheLast50WhenShared.
func TestALateWakeLeavesTheWaitingInvitationsToTheStream(t *testing.T) {
	ctx := context.Background()
	sh := &memShared{kv: map[string][]byte{}}
	h := newBotHub()
	h.shared, h.wake, h.instance = sh, func(context.Context, string) {}, "i1"
	for i := range 60 {
		h.send(ctx, "u", Event{Type: "invitation", Match: fmt.Sprint("m", i)})
	}
	woken := make(chan struct{})
	sh.beforeKeys = func() { // the stream is registered, about to take what waited: the late wake
		go func() {
			defer close(woken)
			h.wakeHere(ctx, "u")
		}()
		select {
		case <-woken: // it did not wait for the stream's take
		case <-time.After(200 * time.Millisecond): // it waits, as it must: the stream takes first
		}
	}
	c, got := h.listen(ctx, "u")
	<-woken
	for len(c) > 0 {
		got = append(got, <-c)
	}
	if len(got) != maxWaiting || got[0].Match != fmt.Sprint("m", 60-maxWaiting) || got[len(got)-1].Match != "m59" {
		t.Errorf("the stream got %d invitations, from %q; want the newest %d, m%d to m59", len(got), got[0].Match, maxWaiting, 60-maxWaiting)
	}
}
