package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrClosed is returned by Append after the store is closed.
var ErrClosed = errors.New("store closed")

// AppendReq is one Append waiting in a Batcher.
type AppendReq struct {
	Ctx   context.Context
	ID    string
	After int64
	Up    Update
	Evs   []Event
	res   chan error
}

// Done answers the request's caller.
func (r *AppendReq) Done(err error) { r.res <- err }

// Batcher implements group commit: appends from concurrent callers are handed to commit functions in
// batches, so that one transaction (and one disk flush) serves every append that arrived meanwhile.
type Batcher struct {
	reqs   chan *AppendReq
	mu     sync.RWMutex // held for writing only to close reqs
	closed bool
	wg     sync.WaitGroup
}

// NewBatcher starts workers goroutines, each calling commit with up to max requests at a time. commit
// must call Done on every request it is given.
func NewBatcher(workers, max int, commit func([]*AppendReq)) *Batcher {
	b := &Batcher{reqs: make(chan *AppendReq, 4*max)}
	for range workers {
		b.wg.Go(func() {
			batch := make([]*AppendReq, 0, max)
			for req := range b.reqs {
				batch = append(batch[:0], req)
			fill:
				for len(batch) < max {
					select {
					case r, ok := <-b.reqs:
						if !ok {
							break fill
						}
						batch = append(batch, r)
					default:
						break fill
					}
				}
				commit(batch)
			}
		})
	}
	return b
}

// Append queues an append and waits for its commit. Once queued, a request is always answered, so the
// caller knows whether its events are in the log even if ctx ends meanwhile.
func (b *Batcher) Append(ctx context.Context, id string, after int64, up Update, evs []Event) (int64, error) {
	if err := CheckAppend(id, after, evs); err != nil {
		return 0, err
	}
	req := &AppendReq{Ctx: ctx, ID: id, After: after, Up: up, Evs: evs, res: make(chan error, 1)}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return 0, fmt.Errorf("append to %s: %w", id, ErrClosed)
	}
	select {
	case b.reqs <- req:
		b.mu.RUnlock()
	case <-ctx.Done():
		b.mu.RUnlock()
		return 0, fmt.Errorf("append to %s: %w", id, ctx.Err())
	}
	if err := <-req.res; err != nil {
		return 0, err
	}
	return after + int64(len(evs)), nil
}

// Close stops accepting appends and waits until every queued one is committed.
func (b *Batcher) Close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	close(b.reqs)
	b.mu.Unlock()
	b.wg.Wait()
}
