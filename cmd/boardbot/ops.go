package main

// The operations listener (metrics.listen): /livez, /readyz and /metrics, apart from the public
// interactions endpoint, in both modes; and `boardbot health`, which probes /readyz for Docker's
// HEALTHCHECK and compose.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/metrics"
	"github.com/boardbot/boardbot/storage"
)

// probeTimeout bounds a readiness probe: it answers within it even when the store hangs (a
// frozen disk, a database that accepts connections and never answers).
var probeTimeout = 2 * time.Second

// storeProbe checks the store with at most one check in flight: probes that arrive while the
// store hangs wait for that one check (up to probeTimeout) instead of piling up goroutines.
type storeProbe struct {
	check func(ctx context.Context) error

	mu       sync.Mutex
	inflight chan struct{}
	last     error
}

// newStoreProbe probes with the store's own readiness check (storage.Store.Ready), which never
// writes: a probe every few seconds must not grow the database.
func newStoreProbe(st storage.Store) *storeProbe {
	return &storeProbe{check: st.Ready}
}

// errStoreHangs is what a probe says when the store's own bound did not hold either.
var errStoreHangs = &storage.Unavailable{Part: storage.PartTimeout, Reason: "the store did not answer in time"}

func (p *storeProbe) probe() error {
	p.mu.Lock()
	if p.inflight == nil {
		done := make(chan struct{})
		p.inflight = done
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
			err := p.check(ctx)
			cancel()
			p.mu.Lock()
			p.last, p.inflight = err, nil
			p.mu.Unlock()
			close(done)
		}()
	}
	done := p.inflight
	p.mu.Unlock()
	timer := time.NewTimer(probeTimeout)
	defer timer.Stop()
	select {
	case <-done:
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.last
	case <-timer.C:
		return errStoreHangs
	}
}

// readiness is what /readyz checks: the store answers, Discord accepts the bot token, and the
// way interactions arrive is up (the gateway connected in run mode; the public key loaded in
// serve mode).
type readiness struct {
	store   *storeProbe
	mode    string // "run" or "serve"
	gateway atomic.Bool
	key     atomic.Bool
	token   atomic.Bool
	log     *slog.Logger

	mu     sync.Mutex
	failed string // what failed at the last probe, to log changes only
}

// failing names what is not ready ("" when all is). Internals (SQL errors, paths) go to the log,
// never into the answer, which anyone who can reach the listener reads.
func (r *readiness) failing() string {
	var out []string
	var storeErr error
	if storeErr = r.store.probe(); storeErr != nil {
		// The part (disk, database, timeout) says where to look without showing internals.
		if u, ok := storage.AsUnavailable(storeErr); ok {
			out = append(out, "store ("+u.Part+")")
		} else {
			out = append(out, "store")
		}
	}
	if !r.token.Load() {
		out = append(out, "token")
	}
	switch r.mode {
	case "run":
		if !r.gateway.Load() {
			out = append(out, "gateway")
		}
	case "serve":
		if !r.key.Load() {
			out = append(out, "public key")
		}
	}
	failed := strings.Join(out, ", ")
	r.mu.Lock()
	changed := failed != r.failed
	r.failed = failed
	r.mu.Unlock()
	if changed {
		if failed == "" {
			r.log.Info("ready")
		} else {
			r.log.Warn("not ready", "failing", failed, "store_err", storeErr)
		}
	}
	return failed
}

// ops is the operations listener's handler.
func opsHandler(r *readiness, m *metrics.Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if f := r.failing(); f != "" {
			http.Error(w, "not ready: "+f, http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
	mux.Handle("GET /metrics", m.Handler())
	return mux
}

// healthz is the public listener's /healthz (serve mode, kept for the proxies and checks that
// use it): readiness, without writing and without internals.
func (r *readiness) healthz(context.Context) error {
	if f := r.failing(); f != "" {
		return errors.New(f)
	}
	return nil
}

// listenOps binds the operations listener at once, so that a bad or taken address stops the
// start instead of being logged and forgotten, and serves it until stop is called.
func listenOps(addr string, h http.Handler, log *slog.Logger) (stop func(), err error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics.listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 15 * time.Second, IdleTimeout: time.Minute}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("operations listener", "err", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		<-done
	}, nil
}

// tokenWatch marks the token refused when Discord answers 401 to a request made with it, and
// accepted again when one succeeds.
type tokenWatch struct {
	next http.RoundTripper
	on   func(ok bool)
}

func (t tokenWatch) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err == nil && discord.BotTokenRequest(req) {
		switch {
		case resp.StatusCode == http.StatusUnauthorized:
			t.on(false)
		case resp.StatusCode < 300:
			t.on(true)
		}
	}
	return resp, err
}

// opsURL is where `boardbot health` finds /readyz from metrics.listen.
func opsURL(listen string) (string, error) {
	if listen == "" {
		return "", errors.New("metrics.listen is empty: the bot has no operations listener to probe (set metrics.listen, or BOARDBOT_METRICS_LISTEN, or give --url)")
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("metrics.listen %q: %w", listen, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/readyz", nil
}

// healthTimeout bounds `boardbot health`; Docker's HEALTHCHECK has its own timeout around it.
var healthTimeout = 5 * time.Second

func cmdHealth(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var u *string
	c, _, err := commandConfig("health", args, stderr, func(fs *flag.FlagSet) {
		u = fs.String("url", "", "the readiness URL to probe (default: /readyz on metrics.listen)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	url := *u
	if url == "" {
		if url, err = opsURL(c.Metrics.Listen); err != nil {
			return exitErr(stderr, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return exitErr(stderr, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(stdout, "not ready: %s does not answer (%v)\n", url, err)
		return 1
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	fmt.Fprintf(stdout, "%s", body)
	if resp.StatusCode != http.StatusOK {
		return 1
	}
	return 0
}
