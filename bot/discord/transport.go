package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

// RunGateway serves interactions arriving on the gateway until ctx ends, then closes the
// connection and waits for the work in flight.
func RunGateway(ctx context.Context, s *discordgo.Session, h *Handler) error {
	s.Identify.Intents = discordgo.IntentsGuilds // interactions need no privileged intent
	// Work in flight finishes after ctx ends (shutdown waits for it): a move is never cut short.
	work := context.WithoutCancel(ctx)
	remove := s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		h.Serve(work, ic.Interaction, true, func(a *Answer) error { return h.api.Respond(ic.Interaction, a) })
	})
	defer remove()
	if err := s.Open(); err != nil {
		return err
	}
	<-ctx.Done()
	err := s.Close()
	h.Wait()
	return err
}

// MaxSkew is how far a request's signed timestamp may be from our clock before the request is
// refused as stale (a replay).
const MaxSkew = 5 * time.Minute

// maxBody bounds an interaction request before any work.
const maxBody = 1 << 20

// HTTPHandler is the interactions endpoint of `boardbot serve`: POST / (or /interactions) with
// Discord's Ed25519 signature checked against key, and GET /healthz.
func HTTPHandler(h *Handler, key ed25519.PublicKey, health func(context.Context) error) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if health != nil {
			if err := health(r.Context()); err != nil {
				http.Error(w, "unhealthy: "+err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		io.WriteString(w, "ok\n")
	})
	interactions := func(w http.ResponseWriter, r *http.Request) { h.serveHTTP(w, r, key) }
	mux.HandleFunc("POST /interactions", interactions)
	mux.HandleFunc("POST /{$}", interactions)
	return mux
}

func (h *Handler) serveHTTP(w http.ResponseWriter, r *http.Request, key ed25519.PublicKey) {
	// The body is read, within its bound and the server's read deadline, before anything else:
	// an oversized request gets 413 whatever its signature, and verification reads bytes in hand.
	if r.ContentLength > maxBody {
		http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "could not read the request", http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	ts, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		http.Error(w, "missing signature timestamp", http.StatusUnauthorized)
		return
	}
	if d := h.opt.Now().Sub(time.Unix(ts, 0)); d > MaxSkew || d < -MaxSkew {
		http.Error(w, "stale request", http.StatusUnauthorized)
		return
	}
	if !discordgo.VerifyInteraction(r, key) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	// The acknowledgement is this HTTP response; the work may go on after it (a deferral), so it
	// runs detached from the request and the server waits for it at shutdown (Handler.Wait).
	// The ack returns only once the response is written and flushed, so no edit of a deferral
	// can leave before the deferral itself.
	acks := make(chan *Answer, 1)
	sent := make(chan error, 1)
	ctx := context.WithoutCancel(r.Context())
	go h.serveTimed(ctx, &i, false, func(a *Answer) error {
		acks <- a
		return <-sent
	})
	select {
	case a := <-acks:
		w.Header().Set("Content-Type", "application/json")
		err := json.NewEncoder(w).Encode(a.wire())
		if err == nil {
			err = http.NewResponseController(w).Flush()
		}
		if errors.Is(err, http.ErrNotSupported) {
			err = nil // written when this handler returns, just after; early() covers the gap
		}
		sent <- err
	case <-time.After(lateAck):
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete || i.Type == discordgo.InteractionPing {
			sent <- errLateAck // no deferral exists for these
			h.log.Error("no acknowledgement in time", "interaction", i.ID)
			http.Error(w, "timeout", http.StatusServiceUnavailable)
			return
		}
		// The work did not even get to defer (a machine starved of CPU): defer for it rather
		// than fail, since the move may still apply; its answer then edits this deferral.
		d := h.plan(&i).deferral()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(d.wire())
		http.NewResponseController(w).Flush()
		h.log.Warn("the acknowledgement was late: deferred for it", "interaction", i.ID)
		// The response ends now (Discord reads it whole); the work's own acknowledgement,
		// when it comes, is told to edit the deferral instead.
		go func() {
			<-acks
			sent <- errDeferredForIt
		}()
	}
}

var errLateAck = errors.New("the acknowledgement came after Discord's 3 s")

// lateAck is when the HTTP endpoint defers on the work's behalf: before Discord's 3 s.
var lateAck = 2500 * time.Millisecond

// errDeferredForIt tells Serve that its acknowledgement did not go out because the endpoint had
// already deferred: the answer must be delivered as an edit of that deferral.
var errDeferredForIt = errors.New("the endpoint deferred for the late acknowledgement")

// readTimeout bounds reading a whole request, headers and body: a client trickling bytes
// (slowloris) is cut off instead of holding a connection open forever. Discord sends an
// interaction in one go, well within it.
var readTimeout = 10 * time.Second

func newServer(addr string, handler http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: readTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      readTimeout + 5*time.Second, // the answer comes within 3 s of the body
		IdleTimeout:       time.Minute,
	}
}

// ListenAndServe runs the HTTP endpoint until ctx ends, then shuts down gracefully: no new
// requests, the ones in flight and their deferred work finish.
func ListenAndServe(ctx context.Context, addr string, handler http.Handler, h *Handler, log *slog.Logger) error {
	srv := newServer(addr, handler)
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down the HTTP endpoint")
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	h.Wait()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// deliverBatch is how many due messages one delivery round claims: enough that a game whose
// posts fell behind has several in one round, which are then folded into one post (bot.Deliver).
// A claim takes the oldest messages of every game at once, so when many games lag under the
// rate limit it must hold many of each: at 100, 48 games moving 200 times a second in all had 2
// each per claim, one post per 2 moves, and a backlog of 3,400 took 40 s to drain.
const deliverBatch = 1000

// Background delivers the outbox every deliverEvery and runs the scheduler every tickEvery until
// ctx ends. Both modes run it.
func Background(ctx context.Context, svc *bot.Service, sender bot.Sender, deliverEvery, tickEvery time.Duration, log *slog.Logger) {
	// Instances started together would otherwise take their rounds at the same moments, and the
	// first to claim would take every round's messages; a random phase spreads them.
	select {
	case <-ctx.Done():
		return
	case <-time.After(rand.N(deliverEvery)):
	}
	// Delivery runs on its own: a round never waits for a slow thread (bot.DeliverLoop).
	done := make(chan struct{})
	go func() {
		defer close(done)
		svc.DeliverLoop(ctx, sender, deliverEvery, deliverBatch)
	}()
	defer func() { <-done }()
	tick := time.NewTicker(tickEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, err := svc.Tick(ctx); err != nil {
				log.Error("scheduler", "err", err)
			}
		}
	}
}
