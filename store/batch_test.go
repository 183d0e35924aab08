package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sizingBatcher is a Batcher whose commits signal started as they begin, wait for release, then answer
// every request; sizes lists the sizes of the batches committed.
func sizingBatcher(max int) (b *Batcher, release, started chan struct{}, sizes func() string) {
	var mu sync.Mutex
	var got []int
	release, started = make(chan struct{}), make(chan struct{}, 16)
	b = NewBatcher(1, max, func(batch []*AppendReq) {
		started <- struct{}{}
		<-release
		mu.Lock()
		got = append(got, len(batch))
		mu.Unlock()
		for _, r := range batch {
			r.Done(nil)
		}
	})
	return b, release, started, func() string {
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprint(got)
	}
}

func TestBatcherGroupsAndCloses(t *testing.T) {
	b, release, started, sizes := sizingBatcher(8)
	ev := Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}
	var wg sync.WaitGroup
	for i := range 5 {
		if i == 1 {
			<-started // the committer holds request 0 alone
		}
		wg.Go(func() {
			if seq, err := b.Append(context.Background(), "g", int64(i), Update{}, []Event{ev, ev}); err != nil || seq != int64(i)+2 {
				t.Errorf("append %d: seq %d, %v", i, seq, err)
			}
		})
	}
	// The first request blocks the committer; the other four queue up behind it and form one batch.
	for queued := 0; queued < 4; {
		time.Sleep(time.Millisecond)
		b.mu.Lock()
		queued = len(b.queue)
		b.mu.Unlock()
	}
	close(release)
	wg.Wait()
	if got := sizes(); got != "[1 4]" {
		t.Fatalf("batch sizes %s, want [1 4]", got)
	}
	b.Close()
	b.Close()
	if _, err := b.Append(context.Background(), "g", 0, Update{}, []Event{ev}); !errors.Is(err, ErrClosed) {
		t.Fatalf("append after close: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewBatcher(1, 1, func([]*AppendReq) {}).Append(ctx, "g", 0, Update{}, nil); err == nil {
		t.Fatal("append without events accepted")
	}
}

// Under concurrent appends every request is answered once, no batch exceeds max, and no more than workers
// commits run at a time; Close waits for the last.
func TestBatcherConcurrentAppends(t *testing.T) {
	const workers, max, callers, each = 2, 4, 32, 50
	var running, peak, committed atomic.Int64
	b := NewBatcher(workers, max, func(batch []*AppendReq) {
		if n := running.Add(1); n > peak.Load() {
			peak.Store(n)
		}
		if len(batch) == 0 || len(batch) > max {
			t.Errorf("batch of %d", len(batch))
		}
		time.Sleep(50 * time.Microsecond)
		committed.Add(int64(len(batch)))
		running.Add(-1)
		for _, r := range batch {
			r.Done(nil)
		}
	})
	ev := Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}
	var wg sync.WaitGroup
	for g := range callers {
		wg.Go(func() {
			for i := range each {
				if seq, err := b.Append(context.Background(), fmt.Sprint("g", g), int64(i), Update{}, []Event{ev}); err != nil || seq != int64(i)+1 {
					t.Errorf("caller %d append %d: seq %d, %v", g, i, seq, err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.Close()
	if committed.Load() != callers*each {
		t.Errorf("%d requests committed, want %d", committed.Load(), callers*each)
	}
	if peak.Load() > workers {
		t.Errorf("%d commits ran at once, want at most %d", peak.Load(), workers)
	}
}

// A commit that panics fails its batch and takes the committing caller down with it, but leaves the
// Batcher working: later appends are committed and Close returns.
func TestBatcherSurvivesAPanickingCommit(t *testing.T) {
	var calls atomic.Int64
	b := NewBatcher(1, 8, func(batch []*AppendReq) {
		if calls.Add(1) == 1 {
			panic("disk on fire")
		}
		for _, r := range batch {
			r.Done(nil)
		}
	})
	ev := Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}
	func() {
		defer func() {
			if v := recover(); v != "disk on fire" {
				t.Errorf("first append: recovered %v, want the commit's panic", v)
			}
		}()
		b.Append(context.Background(), "g", 0, Update{}, []Event{ev})
	}()
	done := make(chan error, 1)
	go func() {
		_, err := b.Append(context.Background(), "g", 0, Update{}, []Event{ev})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("append after the panic: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("append after the panic never answered")
	}
	b.Close()
}

// With appends arriving together, a small batch waits Gather for more; a lone append never waits.
func TestBatcherGathersWhenAppendsArriveTogether(t *testing.T) {
	b, release, started, sizes := sizingBatcher(64)
	b.Gather = 300 * time.Millisecond
	ev := Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}
	var wg sync.WaitGroup
	appendAll := func(ids ...string) {
		for _, id := range ids {
			wg.Go(func() {
				if _, err := b.Append(context.Background(), id, 0, Update{}, []Event{ev}); err != nil {
					t.Errorf("append to %s: %v", id, err)
				}
			})
		}
	}
	waitQueued := func(n int) {
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(time.Millisecond) {
			b.mu.Lock()
			q := len(b.queue)
			b.mu.Unlock()
			if q >= n {
				return
			}
		}
		t.Fatalf("%d appends never waited in the queue", n)
	}
	// A lone append (no batch before it) is committed at once; two that queue behind it form a batch.
	appendAll("a0")
	<-started
	appendAll("a1", "a2")
	waitQueued(2)
	close(release)
	wg.Wait()
	// The batch before held two: the next append waits, and the two that come meanwhile join it.
	appendAll("b0")
	waitQueued(1)
	appendAll("b1", "b2")
	wg.Wait()
	if got := sizes(); got != "[1 2 3]" {
		t.Fatalf("batch sizes %s, want [1 2 3]", got)
	}
	// After a batch of one the next append does not wait, however long Gather is.
	b.mu.Lock()
	b.Gather = 10 * time.Millisecond
	b.mu.Unlock()
	appendAll("c0")
	wg.Wait()
	b.mu.Lock()
	b.Gather = time.Hour
	b.mu.Unlock()
	done := make(chan struct{})
	go func() {
		appendAll("d0")
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("a lone append after a batch of one waited for others")
	}
	b.Close()
}
