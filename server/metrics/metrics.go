// Package metrics is what an operator watches of a running server, in the Prometheus text format
// (docs/operations.md says what each figure means and when to worry).
//
// Each Server has its own registry, not the process-wide default one, so that tests and tools running
// several servers in one process keep their figures apart. The move path's recording is a few atomic
// additions on series resolved once (BenchmarkRecordMove measures it): the metrics stay far under the
// microsecond of CPU a move may spend on them.
package metrics

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Results of a move besides a refusal's code.
const (
	Accepted = "accepted"
	Repeated = "repeated" // a retry of a move already applied: answered, not played twice
)

// latencyBuckets span a move's life from a cached SQLite commit to a slow PostgreSQL one, in seconds.
var latencyBuckets = []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5}

// Metrics holds a server's series. The zero value is not usable; a nil *Metrics records nothing.
type Metrics struct {
	reg *prometheus.Registry

	moves     *prometheus.CounterVec
	accepted  prometheus.Counter
	repeated  prometheus.Counter
	refusedMu sync.Mutex
	refused   map[string]prometheus.Counter

	durable   prometheus.Observer
	broadcast prometheus.Observer
	batches   prometheus.Histogram
	botThink  *prometheus.HistogramVec
	notes     *prometheus.CounterVec
	signIns   *prometheus.CounterVec
	requests  *prometheus.CounterVec
}

// New builds a registry with the server's series and the Go runtime's and the process's own.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	f := func(c prometheus.Collector) { reg.MustRegister(c) }
	m := &Metrics{reg: reg, refused: map[string]prometheus.Counter{}}
	m.moves = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "surveyor_moves_total",
		Help: "Moves received, by result: accepted, repeated (an idempotent retry), or the refusal's error code."}, []string{"result"})
	f(m.moves)
	m.accepted = m.moves.WithLabelValues(Accepted)
	m.repeated = m.moves.WithLabelValues(Repeated)
	lat := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "surveyor_move_seconds",
		Help:    "Time from a move's arrival to its event being durable in the log (stage=durable), and to the new views being handed to every socket (stage=broadcast).",
		Buckets: latencyBuckets}, []string{"stage"})
	f(lat)
	m.durable, m.broadcast = lat.WithLabelValues("durable"), lat.WithLabelValues("broadcast")
	m.batches = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "surveyor_commit_batch_appends",
		Help:    "Appends committed together in one transaction (group commit).",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256}})
	f(m.batches)
	m.botThink = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "surveyor_bot_think_seconds",
		Help:    "Time a bot seat took to choose its move, by game.",
		Buckets: []float64{.0001, .001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"game"})
	f(m.botThink)
	m.notes = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "surveyor_notifications_total",
		Help: "Notifications delivered by this instance, by channel (push, mail) and result (sent, failed)."}, []string{"channel", "result"})
	f(m.notes)
	m.signIns = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "surveyor_signin_failures_total",
		Help: "Refused sign-ins, by kind: password (a wrong name or password), passkey, limited (refused by the wrong-password limit)."}, []string{"kind"})
	f(m.signIns)
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "surveyor_http_requests_total",
		Help: "HTTP requests answered, by status class (2xx, 3xx, 4xx, 5xx)."}, []string{"class"})
	f(m.requests)
	// The series docs/operations.md's alarms watch with rate() exist at 0 from the first scrape: rate()
	// needs a sample before an increase, so a series born at its first 5xx or wrong password would hide
	// that one from the alarm.
	for _, code := range []string{"conflict", "illegal_move", "bad_move"} {
		m.refusedCounter(code)
	}
	for _, class := range []string{"2xx", "3xx", "4xx", "5xx"} {
		m.requests.WithLabelValues(class)
	}
	for _, kind := range []string{"password", "passkey", "limited"} {
		m.signIns.WithLabelValues(kind)
	}
	for _, channel := range []string{"push", "mail"} { // store.ChannelPush, store.ChannelMail
		m.notes.WithLabelValues(channel, "sent")
		m.notes.WithLabelValues(channel, "failed")
	}
	return m
}

// Move records a move received at start: accepted (durable at durable, broadcast at done), repeated, or
// refused with the given error code (durable and done are then ignored).
func (m *Metrics) Move(result string, start, durable, done time.Time) {
	if m == nil {
		return
	}
	switch result {
	case Accepted:
		m.accepted.Inc()
		m.durable.Observe(durable.Sub(start).Seconds())
		m.broadcast.Observe(done.Sub(start).Seconds())
	case Repeated:
		m.repeated.Inc()
	default:
		m.refusedCounter(result).Inc()
	}
}

// refusedCounter resolves a refusal's series once: the codes are the API's fixed list, so the labels
// stay few.
func (m *Metrics) refusedCounter(code string) prometheus.Counter {
	m.refusedMu.Lock()
	defer m.refusedMu.Unlock()
	c, ok := m.refused[code]
	if !ok {
		c = m.moves.WithLabelValues(code)
		m.refused[code] = c
	}
	return c
}

// Batch records one group commit of n appends.
func (m *Metrics) Batch(n int) {
	if m != nil {
		m.batches.Observe(float64(n))
	}
}

// BotThink records a bot's decision time.
func (m *Metrics) BotThink(game string, d time.Duration) {
	if m != nil {
		m.botThink.WithLabelValues(game).Observe(d.Seconds())
	}
}

// Notification records one delivery on a channel.
func (m *Metrics) Notification(channel string, err error) {
	if m == nil {
		return
	}
	result := "sent"
	if err != nil {
		result = "failed"
	}
	m.notes.WithLabelValues(channel, result).Inc()
}

// SignInFailed records a refused sign-in of the given kind.
func (m *Metrics) SignInFailed(kind string) {
	if m != nil {
		m.signIns.WithLabelValues(kind).Inc()
	}
}

// Request records an answered HTTP request by its status.
func (m *Metrics) Request(status int) {
	if m == nil {
		return
	}
	class := "2xx"
	switch {
	case status >= 500:
		class = "5xx"
	case status >= 400:
		class = "4xx"
	case status >= 300:
		class = "3xx"
	}
	m.requests.WithLabelValues(class).Inc()
}

// Gauge registers a figure read when scraped (open sockets, matches in memory).
func (m *Metrics) Gauge(name, help string, read func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, read))
}

// Probe is a set of figures read from the database when scraped: each call returns them by name, with an
// error when the database does not answer (the figures are then left out of that scrape, and
// surveyor_probe_up says so).
type Probe func(ctx context.Context) (map[string]float64, error)

// AddProbe registers a probe whose figures have the given names and help texts.
func (m *Metrics) AddProbe(help map[string]string, p Probe) {
	descs := map[string]*prometheus.Desc{}
	for name, h := range help {
		descs[name] = prometheus.NewDesc(name, h, nil, nil)
	}
	m.reg.MustRegister(&probe{descs: descs, read: p,
		up: prometheus.NewDesc("surveyor_probe_up", "1 when the database answered the scrape's queries, else 0.", nil, nil)})
}

type probe struct {
	descs map[string]*prometheus.Desc
	up    *prometheus.Desc
	read  Probe
}

func (p *probe) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range p.descs {
		ch <- d
	}
	ch <- p.up
}

func (p *probe) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	vals, err := p.read(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(p.up, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(p.up, prometheus.GaugeValue, 1)
	for name, d := range p.descs {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, vals[name])
	}
}

// Handler serves the registry in the Prometheus text format (or OpenMetrics, when the scraper asks).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// Code turns an error code into a label, so that an unexpected code cannot grow the series without end.
func Code(code string) string {
	if code == "" || len(code) > 40 || strings.ContainsFunc(code, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z') }) {
		return "other"
	}
	return code
}
