// Package metrics is boardbot's Prometheus endpoint: moves applied and refused by game,
// interaction latency, render time, Discord's responses by status, and, read from the store at
// each scrape, the outbox backlog with its oldest message's age and the running games by kind.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/storage"
)

// Metrics holds the counters. It is a bot.Observer; its other hooks are wired by the binary.
type Metrics struct {
	reg      *prometheus.Registry
	applied  *prometheus.CounterVec
	refused  *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	render   *prometheus.HistogramVec
	response *prometheus.CounterVec
	limited  *prometheus.CounterVec
	refusedT *prometheus.CounterVec
}

// New makes the metrics; store is read at each scrape for the backlog and the active games.
func New(store storage.Store) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		applied: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boardbot_moves_applied_total", Help: "Moves committed, by game.",
		}, []string{"game"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boardbot_moves_refused_total", Help: "Moves refused with a reason, by game.",
		}, []string{"game"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boardbot_interaction_ack_seconds", Help: "Time from an interaction's arrival to its acknowledgement, by type.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3},
		}, []string{"type"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boardbot_render_seconds", Help: "Time to draw one board image, by game.",
			Buckets: []float64{.005, .01, .02, .05, .1, .2, .5, 1},
		}, []string{"game"}),
		response: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boardbot_discord_responses_total", Help: "Responses of Discord's API, by HTTP status (\"error\" when none came).",
		}, []string{"status"}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boardbot_discord_rate_limited_total", Help: "Discord's 429 answers, by route and scope (user, global, shared, cloudflare).",
		}, []string{"route", "scope"}),
		refusedT: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boardbot_threads_refused_total", Help: "Games paused because their thread refused the bot's posts, by game.",
		}, []string{"game"}),
	}
	m.reg.MustRegister(m.applied, m.refused, m.latency, m.render, m.response, m.limited, m.refusedT, storeCollector{store},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// RateLimited counts one 429 of Discord on route (ids replaced) with its scope.
func (m *Metrics) RateLimited(route, scope string) { m.limited.WithLabelValues(route, scope).Inc() }

// ThreadRefused counts a game paused because its thread refuses the bot's posts.
func (m *Metrics) ThreadRefused(game string) { m.refusedT.WithLabelValues(game).Inc() }

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 10 * time.Second})
}

// MoveApplied and MoveRefused make Metrics a bot.Observer.
func (m *Metrics) MoveApplied(game string) { m.applied.WithLabelValues(game).Inc() }
func (m *Metrics) MoveRefused(game string) { m.refused.WithLabelValues(game).Inc() }

// Acked records an interaction's acknowledgement time (discord.Options.Acked).
func (m *Metrics) Acked(typ string, d time.Duration) {
	m.latency.WithLabelValues(typ).Observe(d.Seconds())
}

// Timed wraps a game's renderer so that each image drawn is timed.
func (m *Metrics) Timed(game string, png func(view any, meta render.Meta) ([]byte, error)) func(view any, meta render.Meta) ([]byte, error) {
	h := m.render.WithLabelValues(game)
	return func(view any, meta render.Meta) ([]byte, error) {
		start := time.Now()
		b, err := png(view, meta)
		h.Observe(time.Since(start).Seconds())
		return b, err
	}
}

// Transport wraps the HTTP transport of the Discord session to count responses by status.
func (m *Metrics) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return roundTripper{m, next}
}

type roundTripper struct {
	m    *Metrics
	next http.RoundTripper
}

func (r roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	status := "error"
	if err == nil {
		status = strconv.Itoa(resp.StatusCode)
	}
	r.m.response.WithLabelValues(status).Inc()
	return resp, err
}

// storeCollector reads the store's figures at scrape time, so they are never stale and cost
// nothing between scrapes.
type storeCollector struct{ store storage.Store }

var (
	backlogDesc = prometheus.NewDesc("boardbot_outbox_backlog", "Messages waiting in the outbox.", nil, nil)
	oldestDesc  = prometheus.NewDesc("boardbot_outbox_oldest_seconds", "Age of the oldest message waiting in the outbox (0 when empty).", nil, nil)
	activeDesc  = prometheus.NewDesc("boardbot_active_games", "Running games, by game.", []string{"game"}, nil)
	upDesc      = prometheus.NewDesc("boardbot_store_up", "1 when the store answered the scrape's query.", nil, nil)
)

func (storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- backlogDesc
	ch <- oldestDesc
	ch <- activeDesc
	ch <- upDesc
}

func (c storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := c.store.Stats(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(backlogDesc, prometheus.GaugeValue, float64(st.Queued))
	age := 0.0
	if !st.Oldest.IsZero() {
		age = time.Since(st.Oldest).Seconds()
	}
	ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age)
	for game, n := range st.Running {
		ch <- prometheus.MustNewConstMetric(activeDesc, prometheus.GaugeValue, float64(n), game)
	}
}

// Build publishes boardbot_build_info{version, go} = 1, so dashboards show which build runs
// and alerts can tell a restart into a new version from a crash loop.
func (m *Metrics) Build(version, goVersion string) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "boardbot_build_info", Help: "The running build: its version and Go release (always 1).",
	}, []string{"version", "go"})
	g.WithLabelValues(version, goVersion).Set(1)
	_ = m.reg.Register(g) // a second call keeps the first build's series
}
