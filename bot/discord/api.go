package discord

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// API is everything the adapter asks of Discord. REST implements it over a discordgo session;
// handlers and the sender only see this interface.
type API interface {
	// Interaction responses (the interaction token, valid for 15 minutes).
	Respond(i *discordgo.Interaction, a *Answer) error
	EditOriginal(i *discordgo.Interaction, m Message) error
	DeleteOriginal(i *discordgo.Interaction) error
	Followup(i *discordgo.Interaction, m Message) error
	// Bot-token calls.
	Send(channel string, m Message) (id string, err error)
	Edit(channel, id string, m Message) error
	StartThread(channel, message, name string) (id string, err error)
	// SetArchived archives or reopens a thread.
	SetArchived(thread string, archived bool) error
	// AutoArchive sets after how many minutes without activity Discord archives a thread.
	AutoArchive(thread string, minutes int) error
	DMChannel(user string) (id string, err error)
	Overwrite(app, guild string, cmds []*discordgo.ApplicationCommand) error
	// Recent lists a channel's latest messages (at most 50), newest first.
	Recent(channel string) ([]Posted, error)
}

// Posted is a message as Recent reads it: enough to recognise one of the bot's posts.
type Posted struct {
	ID, Nonce, Content string
}

// REST is the API over a discordgo session, on API v10. It paces bot-token requests under the
// token's global budget, waits out a 429 as Discord says (Retry-After in the header or the body,
// the scope, a global lock for everyone after a global or Cloudflare 429), and retries 5xx
// answers and network errors with exponential backoff, within bounds: Retries attempts after the
// first for failures, at most maxLimited 429s and MaxWait of waiting per call. Past them the
// error goes back to the caller (the outbox keeps the message and tries later). discordgo's own
// retries are off, so every request and every 429 is seen here and logged. A retried message
// create carries the same nonce with enforce_nonce, so Discord returns the first message instead
// of posting it twice; MaxWait stays well under the outbox lease so that no other instance takes
// the message over while a send waits.
type REST struct {
	S       *discordgo.Session
	Retries int           // attempts after the first on failures; default 4
	Backoff time.Duration // first wait; doubled each time; default 500ms
	// MaxWait bounds the time one call spends waiting out rate limits (default 20 s).
	MaxWait time.Duration
	Sleep   func(time.Duration)
	Log     *slog.Logger
	// Budget paces bot-token requests (nil: a budget of this process alone, DefaultBudget/s).
	Budget Budget
	// OnLimited is told of every 429 (for a metric): the route and the scope.
	OnLimited func(route, scope string)

	once   sync.Once
	budget Budget
}

// maxLimited is how many 429s one call waits out before it gives up.
const maxLimited = 4

// NewREST wraps a session: its requests go to API v10 through the REST's pacing, and discordgo
// no longer retries on its own.
func NewREST(s *discordgo.Session) *REST {
	r := &REST{S: s}
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	s.Client.Transport = &wire{next: s.Client.Transport, r: r}
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	return r
}

func (r *REST) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}

func (r *REST) pace() Budget {
	r.once.Do(func() {
		r.budget = r.Budget
		if r.budget == nil {
			r.budget = NewBudget(DefaultBudget)
		}
	})
	return r.budget
}

func (r *REST) retry(f func() error) error {
	n, d := r.Retries, r.Backoff
	if n == 0 {
		n = 4
	}
	if d == 0 {
		d = 500 * time.Millisecond
	}
	maxWait := r.MaxWait
	if maxWait == 0 {
		maxWait = 20 * time.Second
	}
	sleep := r.Sleep
	if sleep == nil {
		sleep = time.Sleep
	}
	waited, limited, failed := time.Duration(0), 0, 0
	for {
		err := f()
		var rl *RateLimited
		if errors.As(err, &rl) {
			limited++
			if limited > maxLimited || waited+rl.Wait > maxWait {
				r.log().Warn("discord: giving up on a rate-limited request", "route", rl.Route, "scope", rl.Scope,
					"retry_after", rl.Wait, "waited", waited, "limited", limited)
				return err
			}
			sleep(rl.Wait)
			waited += rl.Wait
			continue
		}
		if err == nil || !transient(err) || failed >= n {
			if (failed > 0 || limited > 0) && alreadyAcked(err) {
				return nil // an earlier attempt reached Discord after all
			}
			return err
		}
		failed++
		sleep(d)
		d *= 2
	}
}

// transient reports whether trying again may help: 5xx, a 429 discordgo gave up on, or no answer.
func transient(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		c := re.Response.StatusCode
		return c >= 500 || c == http.StatusTooManyRequests
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	var lim *RateLimited
	if errors.As(err, &lim) {
		return true
	}
	return !errors.Is(err, discordgo.ErrJSONUnmarshal)
}

// Permanent reports whether Discord refused a request for good (bad request, no access, gone):
// sending it again would fail the same way.
func Permanent(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		switch re.Response.StatusCode {
		case http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound:
			return true
		}
	}
	return false
}

// alreadyAcked: Discord's code 40060, "interaction has already been acknowledged".
func alreadyAcked(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == 40060
}

// unknownWebhook: Discord's code 10015, here an interaction token it has no response for (yet).
func unknownWebhook(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response.StatusCode == http.StatusNotFound && re.Message != nil && re.Message.Code == 10015
}

func (r *REST) Respond(i *discordgo.Interaction, a *Answer) error {
	if len(a.Msg.Files) == 0 {
		// Our own body, not discordgo's: see wire.
		url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
		return r.retry(func() error {
			_, err := r.S.RequestWithBucketID(http.MethodPost, url, a.wire(), url)
			return err
		})
	}
	// With files: our body too (wire), for the attachments' descriptions discordgo cannot send.
	url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	return r.retry(func() error { return r.upload(http.MethodPost, url, a.wire(), a.Msg) })
}

// upload sends a multipart request: body as payload_json and m's files as files[n].
func (r *REST) upload(method, url string, body any, m Message) error {
	_, err := r.uploadRaw(method, url, body, m)
	return err
}

func (r *REST) uploadRaw(method, url string, body any, m Message) ([]byte, error) {
	ct, b, err := discordgo.MultipartBodyWithJSON(body, m.discordFiles())
	if err != nil {
		return nil, fmt.Errorf("%w: %v", discordgo.ErrJSONUnmarshal, err)
	}
	return r.S.RequestRaw(method, url, ct, b, url, 0)
}

// webhookEdit is discordgo's edit with our attachments list (descriptions) in place of its own.
type webhookEdit struct {
	*discordgo.WebhookEdit
	Attachments []attachment `json:"attachments,omitempty"`
}

func (r *REST) EditOriginal(i *discordgo.Interaction, m Message) error {
	return r.retry(func() error {
		e := &discordgo.WebhookEdit{Content: &m.Content, AllowedMentions: m.mentions()}
		if m.Components != nil || m.Clear {
			cs := m.Components
			if cs == nil {
				cs = []discordgo.MessageComponent{}
			}
			e.Components = &cs
		}
		if len(m.Files) > 0 {
			return r.upload(http.MethodPatch, discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original"), webhookEdit{e, m.attachments()}, m)
		}
		_, err := r.S.InteractionResponseEdit(i, e)
		return err
	})
}

func (r *REST) DeleteOriginal(i *discordgo.Interaction) error {
	return r.retry(func() error { return r.S.InteractionResponseDelete(i) })
}

func (r *REST) Followup(i *discordgo.Interaction, m Message) error {
	return r.retry(func() error {
		p := &discordgo.WebhookParams{Content: m.Content, Components: m.Components, AllowedMentions: m.mentions(), Flags: m.flags()}
		if len(m.Files) > 0 {
			return r.upload(http.MethodPost, discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", webhookParams{p, m.attachments()}, m)
		}
		_, err := r.S.FollowupMessageCreate(i, true, p)
		return err
	})
}

// webhookParams is discordgo's followup with our attachments list in place of its own.
type webhookParams struct {
	*discordgo.WebhookParams
	Attachments []attachment `json:"attachments,omitempty"`
}

// createMessage is Discord's message create body, with the nonce discordgo's MessageSend lacks.
type createMessage struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
	Attachments     []attachment                      `json:"attachments,omitempty"` // the files' alt texts
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

func (r *REST) Send(channel string, m Message) (string, error) {
	var id string
	err := r.retry(func() error {
		body := createMessage{Content: m.Content, Components: m.Components, AllowedMentions: m.mentions(), Nonce: m.Nonce, EnforceNonce: m.Nonce != "",
			Attachments: m.attachments(), Flags: m.flags()}
		url := discordgo.EndpointChannelMessages(channel)
		var resp []byte
		var err error
		if len(m.Files) > 0 {
			resp, err = r.uploadRaw(http.MethodPost, url, body, m)
		} else {
			resp, err = r.S.RequestWithBucketID(http.MethodPost, url, body, url)
		}
		if err != nil {
			return err
		}
		var msg discordgo.Message
		if err := json.Unmarshal(resp, &msg); err != nil {
			return fmt.Errorf("%w: %v", discordgo.ErrJSONUnmarshal, err)
		}
		id = msg.ID
		return nil
	})
	return id, err
}

func (r *REST) Recent(channel string) ([]Posted, error) {
	var out []Posted
	err := r.retry(func() error {
		url := discordgo.EndpointChannelMessages(channel)
		resp, err := r.S.RequestWithBucketID(http.MethodGet, url+"?limit=50", nil, url)
		if err != nil {
			return err
		}
		var msgs []struct {
			ID      string          `json:"id"`
			Content string          `json:"content"`
			Nonce   json.RawMessage `json:"nonce"` // a string or an integer, when Discord sends it
		}
		if err := json.Unmarshal(resp, &msgs); err != nil {
			return fmt.Errorf("%w: %v", discordgo.ErrJSONUnmarshal, err)
		}
		out = out[:0]
		for _, m := range msgs {
			out = append(out, Posted{ID: m.ID, Content: m.Content, Nonce: strings.Trim(string(m.Nonce), `"`)})
		}
		return nil
	})
	return out, err
}

func (r *REST) Edit(channel, id string, m Message) error {
	return r.retry(func() error {
		e := discordgo.NewMessageEdit(channel, id)
		if m.Content != "" {
			e.Content = &m.Content
		}
		if m.Components != nil || m.Clear {
			cs := m.Components
			if cs == nil {
				cs = []discordgo.MessageComponent{}
			}
			e.Components = &cs
		}
		e.AllowedMentions = m.mentions()
		if len(m.Files) > 0 {
			// A new board replaces the message's images: the attachments listed are the new
			// files alone, so Discord drops the old ones (as EditOriginal does).
			url := discordgo.EndpointChannelMessage(channel, id)
			return r.upload(http.MethodPatch, url, messageEdit{e, m.attachments()}, m)
		}
		_, err := r.S.ChannelMessageEditComplex(e)
		return err
	})
}

// messageEdit is discordgo's message edit with our attachments list (descriptions) in place of
// its own.
type messageEdit struct {
	*discordgo.MessageEdit
	Attachments []attachment `json:"attachments,omitempty"`
}

func (r *REST) StartThread(channel, message, name string) (string, error) {
	var id string
	err := r.retry(func() error {
		ch, err := r.S.MessageThreadStartComplex(channel, message, &discordgo.ThreadStart{Name: clip(name, 100), AutoArchiveDuration: 10080})
		if err == nil {
			id = ch.ID
		}
		return err
	})
	return id, err
}

func (r *REST) SetArchived(thread string, archived bool) error {
	return r.retry(func() error {
		_, err := r.S.ChannelEditComplex(thread, &discordgo.ChannelEdit{Archived: &archived})
		return err
	})
}

func (r *REST) AutoArchive(thread string, minutes int) error {
	return r.retry(func() error {
		_, err := r.S.ChannelEditComplex(thread, &discordgo.ChannelEdit{AutoArchiveDuration: minutes})
		return err
	})
}

func (r *REST) DMChannel(user string) (string, error) {
	var id string
	err := r.retry(func() error {
		ch, err := r.S.UserChannelCreate(user)
		if err == nil {
			id = ch.ID
		}
		return err
	})
	return id, err
}

func (r *REST) Overwrite(app, guild string, cmds []*discordgo.ApplicationCommand) error {
	return r.retry(func() error {
		_, err := r.S.ApplicationCommandBulkOverwrite(app, guild, cmds)
		return err
	})
}
