package store

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestBatcherGroupsAndCloses(t *testing.T) {
	var mu sync.Mutex
	var sizes []int
	release, started := make(chan struct{}), make(chan struct{}, 10)
	b := NewBatcher(1, 8, func(batch []*AppendReq) {
		started <- struct{}{}
		<-release
		mu.Lock()
		sizes = append(sizes, len(batch))
		mu.Unlock()
		for _, r := range batch {
			r.Done(nil)
		}
	})
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
	for len(b.reqs) < 4 {
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if len(sizes) != 2 || sizes[0] != 1 || sizes[1] != 4 {
		t.Fatalf("batch sizes %v, want [1 4]", sizes)
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
