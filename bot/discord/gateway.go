package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// DefaultReconnectFor is how long gateway mode keeps trying to resume or reconnect a lost
// session before it gives up: long enough for Discord's usual hiccups and a gateway restart,
// short enough that a supervisor (systemd, Docker) restarts a process that cannot get back.
const DefaultReconnectFor = 5 * time.Minute

// GatewayOptions tune ServeGateway.
type GatewayOptions struct {
	// ReconnectFor bounds the time without a connection (0: DefaultReconnectFor).
	ReconnectFor time.Duration
	// OnState hears that the session connected (true) or lost its connection (false): the
	// metric and the readiness probe. Optional.
	OnState func(connected bool)
	Log     *slog.Logger
}

// GatewayRefused is Discord closing the gateway with a code that says trying again cannot help
// (the token is invalid or revoked, the intents are not allowed, ...).
type GatewayRefused struct {
	Code   int
	Reason string
}

func (e *GatewayRefused) Error() string {
	return fmt.Sprintf("Discord closed the gateway with %d (%s)", e.Code, e.Reason)
}

// TokenRefused reports whether err says Discord refused the bot token.
func (e *GatewayRefused) TokenRefused() bool { return e.Code == 4004 }

// fatalClose are the gateway close codes after which Discord's documentation says not to
// reconnect.
var fatalClose = map[int]string{
	4004: "authentication failed: the bot token is invalid or was reset",
	4010: "invalid shard",
	4011: "sharding required",
	4012: "invalid API version",
	4013: "invalid intents",
	4014: "disallowed intents: enable them in the developer portal or remove them",
}

// refused turns an error of Open into *GatewayRefused when Discord's close code is fatal.
func refused(err error) error {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if why, ok := fatalClose[ce.Code]; ok {
			return &GatewayRefused{Code: ce.Code, Reason: why}
		}
	}
	return nil
}

// ServeGateway serves interactions arriving on the gateway until ctx ends (then it returns nil
// once the work in flight is done), or until the session cannot go on: Discord refused it with
// a fatal close code (*GatewayRefused, at once) or no connection could be made for ReconnectFor.
// discordgo's own reconnection is off because it retries forever and hides the close code; this
// loop resumes the session itself, with backoff.
func ServeGateway(ctx context.Context, s *discordgo.Session, h *Handler, o GatewayOptions) error {
	if o.ReconnectFor <= 0 {
		o.ReconnectFor = DefaultReconnectFor
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	state := func(up bool) {
		if o.OnState != nil {
			o.OnState(up)
		}
	}
	s.Identify.Intents = discordgo.IntentsGuilds // interactions need no privileged intent
	s.ShouldReconnectOnError = false
	// Work in flight finishes after ctx ends (shutdown waits for it): a move is never cut short.
	work := context.WithoutCancel(ctx)
	remove := s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		h.serveTimed(work, ic.Interaction, true, func(a *Answer) error { return h.api.Respond(ic.Interaction, a) })
	})
	defer remove()
	lost := make(chan struct{}, 1)
	removeLost := s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		select {
		case lost <- struct{}{}:
		default:
		}
	})
	defer removeLost()

	down := time.Now() // since when there is no connection
	wait := time.Second
	for {
		err := openWithin(ctx, s, o.ReconnectFor-time.Since(down))
		if errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			// A late Disconnect of an earlier connection: the session is up.
			err = nil
		}
		if ctx.Err() != nil {
			if err == nil {
				s.Close()
			}
			h.Wait()
			return nil
		}
		if err == nil {
			state(true)
			wait = time.Second
			select {
			case <-lost: // discordgo saw the connection fail and closed it
			default:
			}
			select {
			case <-ctx.Done():
				err := s.Close()
				state(false)
				h.Wait()
				return err
			case <-lost:
				state(false)
				down = time.Now()
				o.Log.Warn("gateway connection lost: resuming the session")
				continue
			}
		}
		if r := refused(err); r != nil {
			return r
		}
		left := o.ReconnectFor - time.Since(down)
		if left <= 0 {
			return fmt.Errorf("no connection to Discord's gateway for %s: %w", o.ReconnectFor.Round(time.Second), err)
		}
		pause := min(wait, left)
		o.Log.Warn("connecting to Discord's gateway failed: trying again", "err", err, "in", pause.Round(time.Millisecond), "gives_up_in", left.Round(time.Second))
		select {
		case <-ctx.Done():
			h.Wait()
			return nil
		case <-time.After(pause):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// openWithin opens the session, giving up after d: discordgo reads Discord's first packets
// without a deadline, and a gateway that accepts and says nothing must not hold the loop. A
// hung Open keeps the session locked; the process is about to exit then.
func openWithin(ctx context.Context, s *discordgo.Session, d time.Duration) error {
	if d <= 0 {
		d = time.Millisecond
	}
	done := make(chan error, 1)
	go func() { done <- s.Open() }()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return errors.New("the gateway did not answer the connection")
	case <-ctx.Done():
		select {
		case err := <-done:
			return err
		case <-time.After(time.Second):
			return ctx.Err()
		}
	}
}
