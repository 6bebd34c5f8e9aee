package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/storage"
)

// Options tune a Handler.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// Budget is how long an interaction may run before it is acknowledged with a deferral
	// (Discord allows 3 s). Default 2 s.
	Budget time.Duration
	// Sleep waits between tries of a deferred answer Discord is not ready for. Default time.Sleep.
	Sleep func(time.Duration)
	// Acked, when set, hears how long each interaction took to acknowledge, by type ("command",
	// "component", ...): the metrics' interaction latency.
	Acked func(typ string, d time.Duration)
	// Answered, when set, hears how long each interaction took to its final answer (the
	// acknowledgement itself, or the edit or follow-up after a deferral), by type.
	Answered func(typ string, d time.Duration)
}

// Handler answers interactions. It is safe for concurrent use.
type Handler struct {
	svc *bot.Service
	api API
	opt Options
	log *slog.Logger
	wg  sync.WaitGroup // work still running after its acknowledgement
}

// NewHandler makes the handler both transports share.
func NewHandler(svc *bot.Service, api API, opt Options) *Handler {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.Budget == 0 {
		opt.Budget = 2 * time.Second
	}
	if opt.Sleep == nil {
		opt.Sleep = time.Sleep
	}
	if opt.Acked == nil {
		opt.Acked = func(string, time.Duration) {}
	}
	if opt.Answered == nil {
		opt.Answered = func(string, time.Duration) {}
	}
	return &Handler{svc: svc, api: api, opt: opt, log: opt.Logger}
}

// Wait blocks until the work of every interaction served so far has finished.
func (h *Handler) Wait() { h.wg.Wait() }

// lang is the language of what only the interaction's user reads: their setting, else their
// Discord locale.
func (h *Handler) lang(ctx context.Context, i *discordgo.Interaction) string {
	return h.svc.UserLanguage(ctx, request(i))
}

// Handle answers one interaction. It never panics: a panic is logged with the game it concerned
// and answered with an apology; the game is untouched because nothing is written before a
// move is fully checked.
func (h *Handler) Handle(ctx context.Context, i *discordgo.Interaction) (a *Answer) {
	defer func() {
		if p := recover(); p != nil {
			h.log.Error("panic in interaction", "game", gameOf(i), "interaction", i.ID, "panic", p, "stack", string(debug.Stack()))
			// The store may be what failed: the locale alone says the language.
			a = say(bot.T(bot.LanguageOf(string(i.Locale)), "dc_sorry"), true)
		}
	}()
	switch i.Type {
	case discordgo.InteractionPing:
		return &Answer{Type: discordgo.InteractionResponsePong}
	case discordgo.InteractionApplicationCommand:
		return h.refusedNote(ctx, i, h.command(ctx, i))
	case discordgo.InteractionApplicationCommandAutocomplete:
		return h.autocomplete(ctx, i)
	case discordgo.InteractionMessageComponent:
		return h.refusedNote(ctx, i, h.component(ctx, i))
	}
	return say(bot.T(h.lang(ctx, i), "dc_unsupported"), true)
}

// gameOf names the game an interaction is about, for logs.
func gameOf(i *discordgo.Interaction) string {
	if i.Type == discordgo.InteractionMessageComponent {
		if c, ok := parseCID(i.MessageComponentData().CustomID); ok {
			return strconv.FormatInt(c.Game, 10)
		}
	}
	return "thread " + i.ChannelID
}

// who is the acting user; admins are those who may manage the server.
func who(i *discordgo.Interaction) bot.User {
	var u *discordgo.User
	perms := int64(0)
	nick := ""
	if i.Member != nil {
		u, perms, nick = i.Member.User, i.Member.Permissions, i.Member.Nick
	}
	if u == nil {
		u = i.User
	}
	if u == nil {
		return bot.User{}
	}
	name := nick
	if name == "" {
		name = u.GlobalName
	}
	if name == "" {
		name = u.Username
	}
	admin := perms&(discordgo.PermissionAdministrator|discordgo.PermissionManageGuild) != 0
	return bot.User{ID: u.ID, Name: name, Admin: admin}
}

func request(i *discordgo.Interaction) bot.Request {
	r := bot.Request{User: who(i), Place: bot.Place{Guild: i.GuildID, Channel: i.ChannelID}, Interaction: i.ID, Locale: string(i.Locale)}
	if i.GuildLocale != nil {
		r.GuildLocale = string(*i.GuildLocale)
	}
	return r
}

// fail turns an error into an answer: a refusal the user can act on, or an apology.
func (h *Handler) fail(i *discordgo.Interaction, err error) *Answer {
	// Reading the user's language needs the store, which may be what failed: the locale then
	// says it (UserLanguage falls back to it).
	lang := h.lang(context.Background(), i)
	if msg, ok := bot.RefusalIn(lang, err); ok {
		return say(msg, true)
	}
	if errors.Is(err, storage.ErrDuplicate) {
		return say(bot.T(lang, "dc_already_done"), true)
	}
	h.log.Error("interaction failed", "game", gameOf(i), "interaction", i.ID, "err", err)
	return say(bot.T(lang, "dc_sorry"), true)
}

// once makes an action that is not a move apply once when Discord delivers it twice: the
// interaction is recorded as done by the action's first write, in the same transaction as its
// effect (a crash between the two can no longer leave it "already done" with nothing done). A
// delivery of an interaction already done is answered so at once; two deliveries at the same
// time are told apart by that write, which fails with storage.ErrDuplicate (answered by fail).
func (h *Handler) once(ctx context.Context, i *discordgo.Interaction) (context.Context, *Answer) {
	key := "ix:" + i.ID
	done, err := h.svc.Store().Remembered(ctx, key)
	if err != nil {
		return ctx, h.fail(i, err)
	}
	if done {
		return ctx, say(bot.T(h.lang(ctx, i), "dc_already_done"), true)
	}
	return storage.WithDoneKey(ctx, key), nil
}

// reply turns a service reply into an answer.
func (h *Handler) reply(i *discordgo.Interaction, rep bot.Reply, err error) *Answer {
	if err != nil {
		return h.fail(i, err)
	}
	a := say(rep.Text, rep.Private)
	if rep.Image != nil {
		a.Msg.Files = []file{imageFile(rep.Image)}
	}
	return a
}

// plan says how an interaction is acknowledged: at once with a deferral (slow work: images,
// several Discord calls), and whether its answer updates the message it came from.
type plan struct {
	deferNow  bool
	update    bool
	ephemeral bool
}

var slowCommands = map[string]bool{"board": true, "view": true, "create": true, "export": true, "replay": true}
var publicCommands = map[string]bool{"abort": true, "undo": true, "join": true, "leave": true, "start": true, "replay": true}

func (h *Handler) plan(i *discordgo.Interaction) plan {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		name := i.ApplicationCommandData().Name
		return plan{deferNow: slowCommands[name], ephemeral: !publicCommands[name]}
	case discordgo.InteractionMessageComponent:
		c, _ := parseCID(i.MessageComponentData().CustomID)
		switch c.Action {
		case actView:
			return plan{deferNow: true, ephemeral: true}
		case actTurn, actAns:
			return plan{ephemeral: true}
		}
		return plan{update: true}
	}
	return plan{}
}

func (p plan) deferral() *Answer {
	if p.update {
		return &Answer{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return &Answer{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Msg: Message{Ephemeral: p.ephemeral}}
}

func (h *Handler) title(id int64, kind string) string {
	if k, ok := h.svc.Kit(kind); ok {
		return fmt.Sprintf("%s #%d", k.Game.Info().Name, id)
	}
	return fmt.Sprintf("%s #%d", kind, id)
}

// refusedNote adds to an ephemeral answer in a game's thread that Discord refuses the bot's
// posts there: the player learns why the board stopped coming (the lobby channel was told too).
func (h *Handler) refusedNote(ctx context.Context, i *discordgo.Interaction, a *Answer) *Answer {
	if a == nil || !a.Msg.Ephemeral || a.Type != discordgo.InteractionResponseChannelMessageWithSource {
		return a
	}
	lang := h.lang(ctx, i)
	why := h.svc.ThreadRefusal(ctx, lang, i.ChannelID)
	if why == "" {
		return a
	}
	a.Msg.Content = clip(a.Msg.Content+"\n\n"+bot.T(lang, "dc_thread_note", "Why", why), maxContent)
	return a
}
