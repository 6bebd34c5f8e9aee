// Package metrics is boardbot's Prometheus endpoint: moves applied and refused by game,
// interaction latency (to the acknowledgement and to the final answer), render and AI think time,
// Discord's responses by status and its latency by route, the outbox's enqueue-to-post time, the
// gateway's connection and the token's acceptance, and, read from the store at each scrape, the
// outbox backlog with its oldest message's age and the games by state and by kind. Every series
// that can be known in advance is there from the start, at 0, so that a rate or an alert has a
// baseline before the first event.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/boardbot/boardbot/bot"
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
	answer   *prometheus.HistogramVec
	delivery prometheus.Histogram
	request  *prometheus.HistogramVec
	think    *prometheus.HistogramVec
	token    prometheus.Gauge
	gateway  prometheus.Gauge
}

// interactionTypes are the labels of the interaction histograms (discord's interactionType).
var interactionTypes = []string{"command", "component", "autocomplete", "modal"}

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
		answer: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boardbot_interaction_answer_seconds", Help: "Time from an interaction's arrival to its final answer (after a deferral: the edit or follow-up), by type.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 3, 5, 10, 30, 60},
		}, []string{"type"}),
		delivery: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "boardbot_outbox_delivery_seconds", Help: "Time from a notice's enqueueing to its post on Discord.",
			Buckets: []float64{.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600},
		}),
		request: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boardbot_discord_request_seconds", Help: "Latency of Discord's API, by route (ids and tokens replaced) and HTTP status (\"error\" when none came).",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 5, 10, 30},
		}, []string{"route", "status"}),
		think: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boardbot_ai_think_seconds", Help: "Time the AI spent choosing one move, by game.",
			Buckets: []float64{.01, .05, .1, .25, .5, 1, 2, 5, 10, 30},
		}, []string{"game"}),
		token: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "boardbot_discord_token_accepted", Help: "1 while Discord accepts the bot token (checked at start), 0 before the check and after Discord refused it (401).",
		}),
	}
	for _, typ := range interactionTypes {
		m.latency.WithLabelValues(typ)
		m.answer.WithLabelValues(typ)
	}
	m.reg.MustRegister(m.applied, m.refused, m.latency, m.render, m.response, m.limited, m.refusedT,
		m.answer, m.delivery, m.request, m.think, m.token, storeCollector{store},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Games makes the per-game series of the enabled games exist at 0 from the start.
func (m *Metrics) Games(ids []string) {
	for _, id := range ids {
		m.applied.WithLabelValues(id)
		m.refused.WithLabelValues(id)
		m.render.WithLabelValues(id)
		m.think.WithLabelValues(id)
		m.refusedT.WithLabelValues(id)
	}
}

// Ready publishes boardbot_ready: 1 when ready (what /readyz answers), asked at each scrape, so
// that an alert sees every reason /readyz has (the store, the token, the gateway, the key).
func (m *Metrics) Ready(ready func() bool) {
	_ = m.reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "boardbot_ready", Help: "1 when /readyz answers ready, 0 when it answers not ready.",
	}, func() float64 {
		if ready() {
			return 1
		}
		return 0
	}))
}

// Gateway publishes boardbot_gateway_connected (gateway mode only: `serve` has no gateway, and
// a series stuck at 0 there would page someone) at 0, and returns its setter.
func (m *Metrics) Gateway() func(connected bool) {
	if m.gateway == nil {
		m.gateway = prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "boardbot_gateway_connected", Help: "1 while the Discord gateway session is connected (gateway mode).",
		})
		m.reg.MustRegister(m.gateway)
	}
	g := m.gateway
	return func(up bool) {
		if up {
			g.Set(1)
		} else {
			g.Set(0)
		}
	}
}

// TokenAccepted records whether Discord accepts the bot token.
func (m *Metrics) TokenAccepted(ok bool) {
	if ok {
		m.token.Set(1)
	} else {
		m.token.Set(0)
	}
}

// Answered records the time from an interaction's arrival to its final answer.
func (m *Metrics) Answered(typ string, d time.Duration) {
	m.answer.WithLabelValues(typ).Observe(d.Seconds())
}

// Delivered records the time from a notice's enqueueing to its post.
func (m *Metrics) Delivered(d time.Duration) { m.delivery.Observe(d.Seconds()) }

// AIThought records how long the AI took to choose a move in a game of kind (a bot.Observer
// extension).
func (m *Metrics) AIThought(kind string, d time.Duration) {
	m.think.WithLabelValues(kind).Observe(d.Seconds())
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

// Transport wraps the HTTP transport of the Discord session to count responses by status and
// time them by route; route names a request with its ids and tokens replaced (nil: the method
// alone), so that the label has few values.
func (m *Metrics) Transport(next http.RoundTripper, route func(*http.Request) string) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	if route == nil {
		route = func(r *http.Request) string { return r.Method }
	}
	return roundTripper{m, next, route}
}

type roundTripper struct {
	m     *Metrics
	next  http.RoundTripper
	route func(*http.Request) string
}

func (r roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := r.next.RoundTrip(req)
	status := "error"
	if err == nil {
		status = strconv.Itoa(resp.StatusCode)
	}
	r.m.response.WithLabelValues(status).Inc()
	r.m.request.WithLabelValues(r.route(req), status).Observe(time.Since(start).Seconds())
	return resp, err
}

// storeCollector reads the store's figures at scrape time, so they are never stale and cost
// nothing between scrapes.
type storeCollector struct{ store storage.Store }

var (
	backlogDesc = prometheus.NewDesc("boardbot_outbox_backlog", "Messages waiting in the outbox.", nil, nil)
	oldestDesc  = prometheus.NewDesc("boardbot_outbox_oldest_seconds", "Age of the oldest message waiting in the outbox (0 when empty).", nil, nil)
	activeDesc  = prometheus.NewDesc("boardbot_active_games", "Running games, by game.", []string{"game"}, nil)
	upDesc      = prometheus.NewDesc("boardbot_store_up", "1 when the store answered the scrape's query and its readiness check (disk, write lock, database), as /readyz.", nil, nil)
	gamesDesc   = prometheus.NewDesc("boardbot_games", "Open games, by state (lobby: seats filling; running).", []string{"state"}, nil)
)

func (storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- backlogDesc
	ch <- oldestDesc
	ch <- activeDesc
	ch <- upDesc
	ch <- gamesDesc
}

func (c storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := c.store.Stats(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, 0)
		return
	}
	// Up is what /readyz says of the store: a full disk, or a write lock held by another
	// process, leaves reads (and so the figures below) working while nothing can be saved.
	up := 1.0
	if c.store.Ready(ctx) != nil {
		up = 0
	}
	ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, up)
	ch <- prometheus.MustNewConstMetric(backlogDesc, prometheus.GaugeValue, float64(st.Queued))
	age := 0.0
	if !st.Oldest.IsZero() {
		age = time.Since(st.Oldest).Seconds()
	}
	ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age)
	running := 0
	for game, n := range st.Running {
		ch <- prometheus.MustNewConstMetric(activeDesc, prometheus.GaugeValue, float64(n), game)
		running += n
	}
	ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(running), string(storage.StatusRunning))
	if n, err := lobbies(ctx, c.store); err == nil {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(n), string(storage.StatusLobby))
	}
}

func lobbies(ctx context.Context, store storage.Store) (int, error) {
	gs, err := store.Games(ctx, storage.GameFilter{Statuses: []storage.Status{storage.StatusLobby}})
	return len(gs), err
}

// OpenGames counts the games in a lobby and running. (Finished and aborted games are not
// counted: the store has no count query for them, and reading them all at each scrape would
// cost what their number costs.)
func OpenGames(ctx context.Context, store storage.Store) (map[storage.Status]int, error) {
	out := map[storage.Status]int{}
	st, err := store.Stats(ctx)
	if err != nil {
		return nil, err
	}
	for _, n := range st.Running {
		out[storage.StatusRunning] += n
	}
	out[storage.StatusLobby], err = lobbies(ctx, store)
	return out, err
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

// Sender wraps the outbox's sender so that each notice delivered is timed from its enqueueing
// (boardbot_outbox_delivery_seconds). A notice Discord refused for good, and dropped, counts as
// delivered too: it leaves the outbox then.
func (m *Metrics) Sender(next bot.Sender) bot.Sender { return timedSender{next, m} }

type timedSender struct {
	next bot.Sender
	m    *Metrics
}

func (t timedSender) Send(ctx context.Context, o bot.Outgoing) error {
	err := t.next.Send(ctx, o)
	if err == nil && !o.Queued.IsZero() {
		t.m.Delivered(time.Since(o.Queued))
	}
	return err
}

// SendAgain keeps the wrapped sender's check for a post already made (bot.Resender).
func (t timedSender) SendAgain(ctx context.Context, o bot.Outgoing) error {
	r, ok := t.next.(bot.Resender)
	if !ok {
		return t.Send(ctx, o)
	}
	err := r.SendAgain(ctx, o)
	if err == nil && !o.Queued.IsZero() {
		t.m.Delivered(time.Since(o.Queued))
	}
	return err
}

// Parallel keeps the wrapped sender's parallelism (bot.Parallel).
func (t timedSender) Parallel() int {
	if p, ok := t.next.(bot.Parallel); ok {
		return p.Parallel()
	}
	return 1
}
