package metrics

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestRecordedSeries(t *testing.T) {
	t.Parallel()
	m := New()
	t0 := time.Unix(0, 0)
	m.Move(Accepted, t0, t0.Add(3*time.Millisecond), t0.Add(4*time.Millisecond))
	m.Move(Repeated, t0, time.Time{}, t0)
	m.Move("illegal_move", t0, time.Time{}, t0)
	m.Move("illegal_move", t0, time.Time{}, t0)
	m.Batch(3)
	m.BotThink("carcassonne", 20*time.Millisecond)
	m.Notification("mail", nil)
	m.Notification("push", errors.New("refused"))
	m.SignInFailed("password")
	m.Request(503)
	m.Gauge("surveyor_test_gauge", "a test", func() float64 { return 7 })
	body := scrape(t, m)
	for _, want := range []string{
		`surveyor_moves_total{result="accepted"} 1`,
		`surveyor_moves_total{result="repeated"} 1`,
		`surveyor_moves_total{result="illegal_move"} 2`,
		`surveyor_move_seconds_bucket{stage="durable",le="0.002"} 0`,
		`surveyor_move_seconds_bucket{stage="durable",le="0.005"} 1`,
		`surveyor_move_seconds_sum{stage="broadcast"} 0.004`,
		`surveyor_commit_batch_appends_sum 3`,
		`surveyor_bot_think_seconds_count{game="carcassonne"} 1`,
		`surveyor_notifications_total{channel="mail",result="sent"} 1`,
		`surveyor_notifications_total{channel="push",result="failed"} 1`,
		`surveyor_signin_failures_total{kind="password"} 1`,
		`surveyor_http_requests_total{class="5xx"} 1`,
		`surveyor_test_gauge 7`,
	} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("missing %q", want)
		}
	}
}

// A nil *Metrics records nothing and does not panic (tools that build a server piece without it).
func TestNilRecordsNothing(t *testing.T) {
	var m *Metrics
	m.Move(Accepted, time.Now(), time.Now(), time.Now())
	m.Batch(1)
	m.BotThink("g", time.Second)
	m.Notification("mail", nil)
	m.SignInFailed("password")
	m.Request(200)
}

func TestCodeKeepsLabelsFew(t *testing.T) {
	for in, want := range map[string]string{"illegal_move": "illegal_move", "": "other", "Bad": "other",
		"x y": "other", strings.Repeat("a", 41): "other", "conflict": "conflict"} {
		if got := Code(in); got != want {
			t.Errorf("Code(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkRecordMove is what the metrics cost an accepted move: the counter and the two histograms
// (the three time.Now calls of the move path are outside, in the server; BenchmarkNow measures one).
func BenchmarkRecordMove(b *testing.B) {
	m := New()
	t0 := time.Now()
	d, e := t0.Add(time.Millisecond), t0.Add(2*time.Millisecond)
	b.ReportAllocs()
	for b.Loop() {
		m.Move(Accepted, t0, d, e)
	}
}

// BenchmarkRecordRefusal is a refused move's recording (a map read under a lock).
func BenchmarkRecordRefusal(b *testing.B) {
	m := New()
	t0 := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		m.Move("illegal_move", t0, t0, t0)
	}
}

func BenchmarkNow(b *testing.B) {
	var t time.Time
	for b.Loop() {
		t = time.Now()
	}
	_ = t
}

// The series that docs/operations.md's alarms watch with rate() are there at 0 from the first scrape:
// rate() needs a sample before the first increase, so a counter that only appears at its first 5xx, wrong
// password or failed mail would hide that first one from the alarm.
func TestAlarmedCountersStartAtZero(t *testing.T) {
	t.Parallel()
	body := scrape(t, New())
	for _, want := range []string{
		`surveyor_moves_total{result="accepted"} 0`,
		`surveyor_moves_total{result="conflict"} 0`,
		`surveyor_moves_total{result="illegal_move"} 0`,
		`surveyor_moves_total{result="bad_move"} 0`,
		`surveyor_http_requests_total{class="5xx"} 0`,
		`surveyor_http_requests_total{class="2xx"} 0`,
		`surveyor_signin_failures_total{kind="password"} 0`,
		`surveyor_signin_failures_total{kind="passkey"} 0`,
		`surveyor_signin_failures_total{kind="limited"} 0`,
		`surveyor_notifications_total{channel="mail",result="failed"} 0`,
		`surveyor_notifications_total{channel="push",result="sent"} 0`,
	} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("missing %q", want)
		}
	}
}
