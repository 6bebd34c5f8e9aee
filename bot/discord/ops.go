package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Route names a request to Discord for metrics: its method and its path with ids and tokens
// replaced ("POST /channels/{id}/messages").
func Route(r *http.Request) string { return route(r.Method, r.URL.Path) }

// ErrTokenRefused is Discord answering 401 Unauthorized to the bot token.
var ErrTokenRefused = errors.New("Discord refused the bot token (401 Unauthorized): it is wrong, or it was reset in the developer portal (Bot page); set the current one")

// tokenTries and tokenBackoff bound CheckToken's tries when Discord cannot be reached.
var (
	tokenTries   = 4
	tokenBackoff = time.Second
)

// CheckToken asks Discord whose the bot token is (GET /users/@me). A 401 is ErrTokenRefused at
// once; a network error or a 5xx is tried again a few times (about 7 s in all) before it is
// returned, so that a start during a blip of Discord's does not fail.
func CheckToken(ctx context.Context, s *discordgo.Session) (*discordgo.User, error) {
	wait := tokenBackoff
	for try := 1; ; try++ {
		u, err := s.User("@me", discordgo.WithContext(ctx))
		if err == nil {
			return u, nil
		}
		if Unauthorized(err) {
			return nil, ErrTokenRefused
		}
		if try >= tokenTries || ctx.Err() != nil {
			return nil, fmt.Errorf("asking Discord who the bot is (GET /users/@me): %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// Unauthorized reports whether err is Discord's 401.
func Unauthorized(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized
}

// BotTokenRequest reports whether a request to Discord is authorised by the bot token: every
// one but interaction callbacks and interaction webhooks, whose token is the interaction's (a
// 401 there says that token expired, not the bot's).
func BotTokenRequest(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get("Authorization"), "Bot ") && botRequest(r.URL.Path)
}

// serveTimed is Serve, timed to its end: Serve returns once the final answer went out (or
// failed), which is what Options.Answered measures.
func (h *Handler) serveTimed(ctx context.Context, i *discordgo.Interaction, inlineFiles bool, ack func(*Answer) error) {
	start := time.Now()
	h.Serve(ctx, i, inlineFiles, ack)
	h.opt.Answered(interactionType(i.Type), time.Since(start))
}
