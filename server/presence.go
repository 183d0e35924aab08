package server

// A seat's presence at its table across instances: a socket that holds a seat on this instance is written
// in the shared database as here:MATCH:SEAT:INSTANCE:N until a little after its next refresh, so that the
// presence of a guest (who has no account to be seen by) is right on every instance, not only the one
// holding the socket. With one instance on SQLite nothing is written: this instance's sockets are all.

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// presenceLife is how long a socket's mark lasts without a refresh; refreshed at a third of it, so that a
// mark outlives a missed refresh and an instance that died is forgotten within it.
const presenceLife = 90 * time.Second

type presence struct {
	shared   store.Shared // nil: one instance, nothing written
	instance string
	n        atomic.Uint64
	mu       sync.Mutex
	here     map[string]struct{} // this instance's marks
}

func newPresence(st store.Store, shared bool) *presence {
	p := &presence{instance: httpkit.NewID(), here: map[string]struct{}{}}
	if sh, ok := st.(store.Shared); ok && shared {
		p.shared = sh
	}
	return p
}

// arrive marks a socket holding seat at match id; the key it returns is given to leave. An error leaves
// the seat absent on the other instances, no worse than before.
func (p *presence) arrive(ctx context.Context, id string, seat game.Seat, now time.Time) (string, error) {
	if p.shared == nil || seat < 0 {
		return "", nil
	}
	key := "here:" + id + ":" + strconv.Itoa(int(seat)) + ":" + p.instance + ":" + strconv.FormatUint(p.n.Add(1), 36)
	p.mu.Lock()
	p.here[key] = struct{}{}
	p.mu.Unlock()
	return key, p.shared.PutTemp(ctx, key, []byte{}, now.Add(presenceLife))
}

func (p *presence) leave(ctx context.Context, key string) {
	if key == "" {
		return
	}
	p.mu.Lock()
	delete(p.here, key)
	p.mu.Unlock()
	p.shared.DeleteTemp(ctx, key)
}

// refresh renews this instance's marks (housekeeping, every presenceLife/3).
func (p *presence) refresh(ctx context.Context, now time.Time) error {
	if p.shared == nil {
		return nil
	}
	p.mu.Lock()
	keys := make([]string, 0, len(p.here))
	for k := range p.here {
		keys = append(keys, k)
	}
	p.mu.Unlock()
	for _, k := range keys {
		if err := p.shared.PutTemp(ctx, k, []byte{}, now.Add(presenceLife)); err != nil {
			return err
		}
	}
	return nil
}

// seats are the seats of match id that a socket holds on any instance.
func (p *presence) seats(ctx context.Context, id string, now time.Time) map[int]bool {
	if p.shared == nil {
		return nil
	}
	keys, err := p.shared.TempKeys(ctx, "here:"+id+":", now)
	if err != nil {
		return nil
	}
	out := map[int]bool{}
	for _, k := range keys {
		rest := strings.TrimPrefix(k, "here:"+id+":")
		seat, _, _ := strings.Cut(rest, ":")
		if n, err := strconv.Atoi(seat); err == nil {
			out[n] = true
		}
	}
	return out
}
