package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
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

// NewAppendReq is a request as Append queues it, without CheckAppend: for a store's tests, which hand
// their commit a batch of their choosing and read each answer with Wait.
func NewAppendReq(ctx context.Context, id string, after int64, up Update, evs []Event) *AppendReq {
	return &AppendReq{Ctx: ctx, ID: id, After: after, Up: up, Evs: evs, res: make(chan error, 1)}
}

// Wait returns the request's answer.
func (r *AppendReq) Wait() error { return <-r.res }

// Batcher implements group commit: appends from concurrent callers are handed to commit functions in
// batches, so that one transaction (and one disk flush) serves every append that arrived meanwhile.
//
// There is no committer goroutine: a caller that finds fewer than workers commits in progress commits
// itself, its own append and whatever queued meanwhile. On a lightly loaded server most appends are
// committed by their own caller, without the two goroutine switches (caller to committer and back) that
// each cost a wait in the scheduler's run queue when the CPU is busy. Once its own append is answered, a
// committing caller hands what is still queued to a new goroutine and returns to its request, so that a
// steady stream of appends never holds one caller.
type Batcher struct {
	commit       func([]*AppendReq)
	workers, max int

	mu      sync.Mutex
	queue   []*AppendReq
	running int // commit loops at work; never 0 while the queue holds a request
	closed  bool
	idle    *sync.Cond // signalled when running drops to 0

	// Gather, when set, is how long a commit waits for more appends when its batch would be small
	// (under gatherBelow) although the batch before held several: appends are then arriving together,
	// and each commit costs its flush and its pages whatever it holds. A lone append (the batch before
	// held one) never waits. Set it before the first Append.
	Gather time.Duration
	last   int // requests in the last batch taken

	observe atomic.Pointer[func(n int)] // told each batch's size (ObserveBatches)
}

// ObserveBatches has fn told the number of appends of every batch committed from now on (the server's
// metrics); a later call replaces an earlier one.
func (b *Batcher) ObserveBatches(fn func(n int)) { b.observe.Store(&fn) }

// gatherBelow is the batch size from which a commit no longer waits for more.
const gatherBelow = 16

// NewBatcher returns a Batcher running at most workers commits at a time, each of up to max requests.
// commit must call Done on every request it is given.
func NewBatcher(workers, max int, commit func([]*AppendReq)) *Batcher {
	b := &Batcher{commit: commit, workers: workers, max: max}
	b.idle = sync.NewCond(&b.mu)
	return b
}

// Append queues an append and waits for its commit. Once queued, a request is always answered, so the
// caller knows whether its events are in the log even if ctx ends meanwhile.
func (b *Batcher) Append(ctx context.Context, id string, after int64, up Update, evs []Event) (int64, error) {
	if err := CheckAppend(id, after, evs); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("append to %s: %w", id, err)
	}
	req := NewAppendReq(ctx, id, after, up, evs)
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return 0, fmt.Errorf("append to %s: %w", id, ErrClosed)
	}
	b.queue = append(b.queue, req)
	lead := b.running < b.workers
	if lead {
		b.running++
	}
	b.mu.Unlock()
	if lead {
		b.loop(req)
	}
	if err := req.Wait(); err != nil {
		return 0, err
	}
	return after + int64(len(evs)), nil
}

// loop commits queued batches until the queue is empty or, when own is not nil, until own is answered;
// what is then still queued goes on in a new goroutine.
func (b *Batcher) loop(own *AppendReq) {
	var batch []*AppendReq
	for {
		b.mu.Lock()
		n := min(len(b.queue), b.max)
		if n == 0 {
			b.stop()
			return
		}
		if b.Gather > 0 && n < gatherBelow && b.last > 1 {
			b.mu.Unlock()
			time.Sleep(b.Gather)
			b.mu.Lock()
			n = min(len(b.queue), b.max)
		}
		b.last = n
		batch = append(batch[:0], b.queue[:n]...)
		rest := copy(b.queue, b.queue[n:])
		clear(b.queue[rest:])
		b.queue = b.queue[:rest]
		b.mu.Unlock()
		if fn := b.observe.Load(); fn != nil {
			(*fn)(n)
		}
		b.commitSafe(batch)
		if own != nil && slices.Contains(batch, own) {
			b.mu.Lock()
			if len(b.queue) == 0 {
				b.stop()
				return
			}
			b.mu.Unlock()
			go b.loop(nil)
			return
		}
	}
}

// commitSafe calls commit. Should it panic, the batch's callers are answered with an error and the queue
// goes on in a new loop before the panic carries on up the committing caller's stack: the Batcher must
// not be left counting a loop that no longer runs, or every later append would wait forever.
func (b *Batcher) commitSafe(batch []*AppendReq) {
	defer func() {
		if v := recover(); v != nil {
			for _, r := range batch {
				select { // a request already answered has a full (or read) buffer: the extra answer is dropped or unread
				case r.res <- fmt.Errorf("append to %s: commit panicked: %v", r.ID, v):
				default:
				}
			}
			go b.loop(nil)
			panic(v)
		}
	}()
	b.commit(batch)
}

// stop ends a commit loop; b.mu is held and released.
func (b *Batcher) stop() {
	b.running--
	if b.running == 0 {
		b.idle.Broadcast()
	}
	b.mu.Unlock()
}

// Close stops accepting appends and waits until every queued one is committed.
func (b *Batcher) Close() {
	b.mu.Lock()
	b.closed = true
	for b.running > 0 {
		b.idle.Wait()
	}
	b.mu.Unlock()
}
