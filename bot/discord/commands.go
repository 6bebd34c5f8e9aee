package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

type optionList []*discordgo.ApplicationCommandInteractionDataOption

func (os optionList) get(name string) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range os {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func (os optionList) str(name string) string {
	if o := os.get(name); o != nil {
		if s, ok := o.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (os optionList) boolean(name string) bool {
	if o := os.get(name); o != nil {
		if b, ok := o.Value.(bool); ok {
			return b
		}
	}
	return false
}

func (os optionList) int(name string) int {
	if o := os.get(name); o != nil {
		if f, ok := o.Value.(float64); ok {
			return int(f)
		}
	}
	return 0
}

// mutating commands apply once per interaction even if Discord delivers it twice. /move is
// guarded by the move log itself.
// /resign only asks (its confirm button is guarded instead).
var mutating = map[string]bool{"create": true, "undo": true, "abort": true, "join": true,
	"leave": true, "start": true, "settings": true}

func (h *Handler) command(ctx context.Context, i *discordgo.Interaction) *Answer {
	d := i.ApplicationCommandData()
	opts := optionList(d.Options)
	req := request(i)
	if req.User.ID == "" {
		return say(bot.T(bot.LanguageOf(string(i.Locale)), "dc_who"), true)
	}
	if mutating[d.Name] && !(d.Name == "settings" && len(opts) > 0 && opts[0].Name == "show") {
		var done *Answer
		if ctx, done = h.once(ctx, i); done != nil {
			return done
		}
	}
	switch d.Name {
	case "create":
		return h.create(ctx, i, req, opts)
	case "move":
		rep, err := h.svc.Move(ctx, req, opts.str("move"))
		return h.reply(i, rep, err)
	case "board":
		rep, err := h.svc.Board(ctx, req)
		return h.reply(i, rep, err)
	case "view":
		rep, err := h.svc.View(ctx, req)
		return h.reply(i, rep, err)
	case "history":
		rep, err := h.svc.History(ctx, req, opts.int("last"))
		return h.reply(i, rep, err)
	case "undo":
		rep, err := h.svc.Undo(ctx, req, opts.str("answer"))
		return h.reply(i, rep, err)
	case "resign":
		rep, err := h.svc.AskResign(ctx, req)
		if err != nil {
			return h.fail(i, err)
		}
		return confirmResign(h.svc.UserLanguage(ctx, req), rep)
	case "abort":
		// With a number, a game is ended from the channel it was opened in: its thread may be
		// gone, and with it every way to reach the game.
		if n := opts.int("game"); n > 0 {
			req.Game = int64(n)
		}
		rep, err := h.svc.Abort(ctx, req)
		return h.reply(i, rep, err)
	case "join":
		rep, err := h.svc.Join(ctx, req)
		return h.lobbyChanged(i, rep, err)
	case "leave":
		rep, err := h.svc.Leave(ctx, req)
		return h.lobbyChanged(i, rep, err)
	case "start":
		rep, err := h.svc.Start(ctx, req)
		return h.lobbyChanged(i, rep, err)
	case "export":
		return h.export(ctx, i, req)
	case "games":
		return h.myGames(ctx, i, req)
	case "rules":
		return h.rules(h.svc.UserLanguage(ctx, req), opts.str("game"))
	case "leaderboard":
		return h.leaderboard(ctx, i, req, opts.str("game"))
	case "replay":
		return h.replay(ctx, i, req, opts.int("game"))
	case "settings":
		return h.settings(ctx, i, req, opts)
	case "vacation":
		rep, err := h.svc.Vacation(ctx, req, opts.str("from"), opts.str("to"))
		return h.reply(i, rep, err)
	}
	return say(bot.T(h.svc.UserLanguage(ctx, req), "dc_unknown_command", "Name", d.Name), true)
}

// lobbyChanged answers a lobby command typed in the thread and brings the lobby message up to
// date with the bot token (it may be older than any interaction token).
func (h *Handler) lobbyChanged(i *discordgo.Interaction, rep bot.Reply, err error) *Answer {
	if err != nil {
		return h.fail(i, err)
	}
	if l := rep.Lobby; l != nil && l.Message != "" && l.Channel != i.ChannelID {
		if err := h.api.Edit(l.Channel, l.Message, lobbyMessage(*l)); err != nil {
			h.log.Warn("updating lobby message", "game", l.Game, "err", err)
		}
	}
	return say(rep.Text, rep.Private)
}

func (h *Handler) create(ctx context.Context, i *discordgo.Interaction, req bot.Request, opts optionList) *Answer {
	ul := h.svc.UserLanguage(ctx, req)
	if i.GuildID == "" {
		return say(bot.T(ul, "dc_create_dm"), true)
	}
	if len(opts) == 0 {
		return say(bot.T(ul, "dc_create_choose"), true)
	}
	if why := missingPermissions(ul, i.AppPermissions); why != "" {
		return say(why, true)
	}
	sub := opts[0]
	spec := bot.CreateSpec{Kind: sub.Name, Options: map[string]string{}}
	for _, o := range sub.Options {
		switch {
		case o.Name == "players":
			spec.Seats = int(o.IntValue())
		case o.Name == "bots":
			spec.Bots = int(o.IntValue())
		case o.Name == "level":
			spec.Level = o.StringValue()
		case o.Name == "clock_days":
			d := int(o.IntValue())
			spec.ClockDays = &d
		case o.Name == "vacation_days":
			d := int(o.IntValue())
			spec.VacationDays = &d
		case strings.HasPrefix(o.Name, "invite"):
			if id, ok := o.Value.(string); ok {
				spec.Invited = append(spec.Invited, id)
			}
		default:
			spec.Options[o.Name] = o.StringValue()
		}
	}
	rep, err := h.svc.Create(ctx, req, spec)
	if err != nil {
		return h.fail(i, err)
	}
	l := rep.Lobby
	if l == nil {
		return h.fail(i, fmt.Errorf("create: no lobby for game %d", rep.Game))
	}
	lm := lobbyMessage(*l)
	lm.Nonce = nonce("lb", i.ID) // a retried post cannot make a second lobby
	msgID, err := h.api.Send(i.ChannelID, lm)
	var thread string
	if err == nil {
		thread, err = h.api.StartThread(i.ChannelID, msgID, h.title(l.Game, l.Kind))
	}
	if err == nil {
		err = h.svc.AttachThread(ctx, l.Game, thread, msgID)
	}
	if err != nil {
		h.log.Error("opening the lobby on Discord", "game", l.Game, "err", err)
		if msgID != "" {
			// The lobby went up but its thread did not: no live buttons may stay on it.
			closed := Message{Content: bot.T(l.Lang, "dc_lobby_unopened", "Game", l.Name, "ID", l.Game), Clear: true}
			if eerr := h.api.Edit(i.ChannelID, msgID, closed); eerr != nil {
				h.log.Warn("closing the lobby message", "game", l.Game, "err", eerr)
			}
		}
		// Discord's refusal, not an abort by the user: no audit line, no post in their name.
		if uerr := h.svc.Unopened(ctx, l.Game, err); uerr != nil {
			h.log.Error("closing an unopened lobby", "game", l.Game, "err", uerr)
		}
		return say(openRefusal(ul, err), true)
	}
	if len(l.Invited) > 0 {
		var ms []string
		for _, u := range l.Invited {
			ms = append(ms, mention(u))
		}
		text := bot.T(l.Lang, "dc_invite", "Mentions", strings.Join(ms, " "), "Name", req.User.Name, "Game", h.title(l.Game, l.Kind))
		if _, err := h.api.Send(thread, Message{Content: clip(text, maxContent), Users: l.Invited, Nonce: nonce("in", i.ID)}); err != nil {
			h.log.Warn("pinging invited players", "game", l.Game, "err", err)
		}
	}
	return say(bot.T(ul, "dc_create_open", "Game", h.title(l.Game, l.Kind), "Thread", thread), true)
}

// lobbyMessage is the lobby post: the seats and, while it gathers players, its buttons.
func lobbyMessage(l bot.Lobby) Message {
	T := func(id string, args ...any) string { return bot.T(l.Lang, id, args...) }
	title := fmt.Sprintf("**%s #%d**", l.Name, l.Game)
	if l.Closed {
		return Message{Content: T("dc_lobby_closed", "Title", title), Clear: true}
	}
	if l.Started {
		text := T("dc_lobby_started", "Title", title, "Players", bot.JoinRoster(l.Players))
		if l.Thread != "" {
			text += " " + T("dc_lobby_played_in", "Thread", l.Thread)
		}
		return Message{Content: text, Clear: true}
	}
	var seats []string
	for n := 0; n < l.Seats; n++ {
		p := T("dc_lobby_free")
		if n < len(l.Players) {
			p = l.Players[n]
		}
		seats = append(seats, fmt.Sprintf("%d. %s", n+1, p))
	}
	starts := T("dc_lobby_starts")
	switch {
	case l.Seats <= l.Min:
	case l.Min <= 1: // the creator alone may already start it
		starts = T("dc_lobby_starts_or_creator")
	default:
		starts = T("dc_lobby_starts_or_min", "Min", l.Min)
	}
	text := T("dc_lobby_looking", "Title", title, "Taken", len(l.Players), "Count", l.Seats) + "\n" + strings.Join(seats, "\n") + "\n" + starts
	id := func(a string) string { return cid{Game: l.Game, Action: a}.String() }
	start := button(T("dc_button_start"), discordgo.PrimaryButton, id(actStart))
	start.Disabled = len(l.Players) < l.Min
	return Message{Content: clip(text, maxContent), Components: []discordgo.MessageComponent{row(
		button(T("dc_button_join"), discordgo.SuccessButton, id(actJoin)),
		button(T("dc_button_leave"), discordgo.SecondaryButton, id(actLeave)),
		start,
	)}}
}

func (h *Handler) export(ctx context.Context, i *discordgo.Interaction, req bot.Request) *Answer {
	text, err := h.svc.Export(ctx, req)
	if err != nil {
		return h.fail(i, err)
	}
	a := say(bot.T(h.svc.UserLanguage(ctx, req), "dc_export"), true)
	a.Msg.Files = []file{{Name: fmt.Sprintf("game-%s.txt", i.ChannelID), ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}
	return a
}

func (h *Handler) myGames(ctx context.Context, i *discordgo.Interaction, req bot.Request) *Answer {
	gs, err := h.svc.MyGames(ctx, req.User)
	if err != nil {
		return h.fail(i, err)
	}
	ul := h.svc.UserLanguage(ctx, req)
	if len(gs) == 0 {
		return say(bot.T(ul, "dc_games_none"), true)
	}
	var b strings.Builder
	b.WriteString(bot.T(ul, "dc_games_head"))
	for _, g := range gs {
		line := fmt.Sprintf("\n• %s #%d", g.Name, g.ID)
		switch {
		case g.Status == "lobby":
			line += " — " + bot.T(ul, "dc_games_lobby")
		case g.YourTurn:
			line += " — " + bot.T(ul, "dc_games_your_turn")
		case len(g.Awaiting) > 0:
			line += " — " + bot.T(ul, "dc_games_waiting", "Names", strings.Join(g.Awaiting, ", "))
		}
		if g.Deadline != nil {
			// A Discord timestamp: each reader sees it in their own zone and language.
			line += " — " + bot.T(ul, "games_deadline", "When", bot.Stamp(*g.Deadline, "R"))
		}
		if ch := g.Thread; ch != "" && g.Guild != "" {
			line += fmt.Sprintf(" — https://discord.com/channels/%s/%s", g.Guild, ch)
		}
		if b.Len()+len(line) > maxContent-20 {
			b.WriteString("\n…")
			break
		}
		b.WriteString(line)
	}
	return say(b.String(), true)
}

func (h *Handler) rules(lang, game string) *Answer {
	k, ok := h.svc.FindKit(game)
	if !ok {
		return say(bot.T(lang, "dc_choose_game"), true)
	}
	info := k.Game.Info()
	var b strings.Builder
	b.WriteString(bot.T(lang, "dc_rules_head", "Game", info.Name, "Seats", seatsTextIn(lang, info), "Summary", bot.InfoSummary(lang, info), "Notation", bot.InfoNotation(lang, info)))
	for _, o := range info.Options {
		var vals []string
		for _, c := range o.Choices {
			vals = append(vals, c.Value)
		}
		b.WriteString("\n" + bot.T(lang, "dc_rules_option", "Name", bot.OptionName(lang, o), "Key", o.Key, "Values", strings.Join(vals, ", "), "Default", bot.OptionDefault(lang, o)))
	}
	b.WriteString("\n\n" + bot.T(lang, "dc_rules_play"))
	return say(b.String(), true)
}

func (h *Handler) leaderboard(ctx context.Context, i *discordgo.Interaction, req bot.Request, game string) *Answer {
	ul := h.svc.UserLanguage(ctx, req)
	k, ok := h.svc.Kit(game)
	if !ok {
		return say(bot.T(ul, "dc_choose_game"), true)
	}
	if i.GuildID == "" {
		return say(bot.T(ul, "dc_leaderboard_dm"), true)
	}
	lb, err := h.svc.Leaderboard(ctx, i.GuildID, game)
	if err != nil {
		return h.fail(i, err)
	}
	name := k.Game.Info().Name
	if len(lb) == 0 {
		return say(bot.T(ul, "dc_leaderboard_none", "Game", name), true)
	}
	var b strings.Builder
	b.WriteString(bot.T(ul, "dc_leaderboard_head", "Game", name) + "\n```\n")
	fmt.Fprintf(&b, "%-3s %-20s %6s %5s %5s\n", "#", bot.T(ul, "dc_col_player"), bot.T(ul, "dc_col_rating"), bot.T(ul, "dc_col_wins"), bot.T(ul, "dc_col_games"))
	for n, s := range lb {
		if n == 20 {
			break
		}
		nm := strings.NewReplacer("`", "'", "\n", " ").Replace(clip(s.Name, 20))
		fmt.Fprintf(&b, "%-3d %-20s %6d %5d %5d\n", n+1, nm, s.Rating, s.Wins, s.Games)
	}
	b.WriteString("```")
	return say(b.String(), true)
}

func (h *Handler) settings(ctx context.Context, i *discordgo.Interaction, req bot.Request, opts optionList) *Answer {
	if len(opts) == 0 || opts[0].Name == "show" {
		rep, err := h.svc.ShowSettings(ctx, req)
		return h.reply(i, rep, err)
	}
	sub := optionList(opts[0].Options)
	if opts[0].Name == "forget" {
		rep, err := h.svc.ForgetMe(ctx, req, sub.boolean("confirm"))
		return h.reply(i, rep, err)
	}
	scope := bot.ScopeUser
	if opts[0].Name == "server" {
		scope = bot.ScopeGuild
	}
	rep, err := h.svc.SetSetting(ctx, req, scope, sub.str("key"), sub.str("value"))
	return h.reply(i, rep, err)
}

func (h *Handler) autocomplete(ctx context.Context, i *discordgo.Interaction) *Answer {
	a := &Answer{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: []*discordgo.ApplicationCommandOptionChoice{}}
	d := i.ApplicationCommandData()
	if d.Name == "settings" && len(d.Options) > 0 {
		a.Choices = h.settingChoices(ctx, i, optionList(d.Options[0].Options))
		return a
	}
	typed := optionList(d.Options).str("move")
	sg, err := h.svc.SuggestTyped(ctx, request(i), typed, maxChoices)
	if err != nil {
		// Say why there is nothing to suggest, as the only entry.
		lang := h.svc.UserLanguage(ctx, request(i))
		msg, ok := bot.RefusalIn(lang, err)
		if !ok {
			h.log.Error("autocomplete", "game", gameOf(i), "err", err)
			msg = bot.T(lang, "dc_suggest_unavailable")
		}
		v := strings.TrimSpace(typed)
		if v == "" {
			v = "?"
		}
		a.Choices = append(a.Choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(msg, maxOption), Value: clip(v, maxOption)})
		return a
	}
	long := 0
	for _, s := range sg {
		if len(s.Value) > maxOption {
			long++
			continue
		}
		if len(a.Choices) == maxChoices {
			continue
		}
		a.Choices = append(a.Choices, &discordgo.ApplicationCommandOptionChoice{Name: choiceName(s), Value: s.Value})
	}
	if len(sg) == 0 && strings.TrimSpace(typed) != "" {
		// Nothing fits: the only entry says which word does not and why, as /move would
		// (issue #40), rather than Discord's bare "no options".
		if why := h.svc.WhyNothingFits(ctx, request(i), typed); why != "" {
			a.Choices = append(a.Choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(why, maxOption), Value: clip(strings.TrimSpace(typed), maxOption)})
		}
	}
	if len(a.Choices) == 0 && long > 0 {
		// Every way on is longer than Discord lets a choice be (an Ascalion chain through many
		// lands): say so rather than show an empty list, and keep what was typed.
		lang := h.svc.UserLanguage(ctx, request(i))
		v := strings.TrimSpace(typed)
		a.Choices = append(a.Choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(bot.T(lang, "dc_suggest_too_long"), maxOption), Value: clip(v, maxOption)})
	}
	return a
}

// choiceName is a suggestion's name within Discord's limit. The mark of a partial move survives
// the clipping of a long label, and so does a kind's when its count no longer fits (a 98-character
// Ascalion chain read as a whole move otherwise).
func choiceName(s bot.Suggestion) string {
	name := clip(s.Label, maxOption)
	if !s.Complete && !s.Note && (s.Moves == 0 || name != s.Label) && !strings.Contains(name, " … (") {
		name = clip(s.Label, maxOption-2) + " …"
	}
	return name
}

// What the bot needs in a channel to run a game there: post the lobby, open its thread, post
// boards in it. Discord names them so in the channel's permission settings.
var neededPermissions = []struct {
	bit  int64
	name string // the message naming it as Discord does in that language
}{
	{discordgo.PermissionViewChannel, "dc_perm_view"},
	{discordgo.PermissionSendMessages, "dc_perm_send"},
	{discordgo.PermissionCreatePublicThreads, "dc_perm_threads"},
	{discordgo.PermissionSendMessagesInThreads, "dc_perm_send_threads"},
	{discordgo.PermissionAttachFiles, "dc_perm_attach"},
}

// missingPermissions refuses /create when the interaction's app_permissions (what the bot may do
// in this channel) lack one the game needs, naming each; "" when all are there or Discord did
// not say (0).
func missingPermissions(lang string, have int64) string {
	if have == 0 {
		return ""
	}
	var miss []string
	for _, p := range neededPermissions {
		if have&p.bit == 0 {
			miss = append(miss, bot.T(lang, p.name))
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return bot.T(lang, "dc_missing_permissions", "Perms", andList(lang, miss), "Count", len(miss))
}

func andList(lang string, xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return bot.T(lang, "names_and", "Names", strings.Join(xs[:len(xs)-1], ", "), "Last", xs[len(xs)-1])
}

// openRefusal says why the lobby or its thread could not be opened.
func openRefusal(lang string, err error) string {
	switch errorCode(err) {
	case 160006:
		return bot.T(lang, "dc_open_thread_limit")
	case 50001, 50013:
		return bot.T(lang, "dc_open_forbidden")
	}
	return bot.T(lang, "dc_open_failed")
}

// errorCode is Discord's JSON error code of a refused request, 0 when there is none.
func errorCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// confirmResign is /resign's ephemeral question in the asker's language ul, with Resign and Keep
// playing buttons. Their custom ids name only the game and the answer: the clicking user is who
// resigns, and that they play there is checked again then.
func confirmResign(ul string, rep bot.Reply) *Answer {
	a := say(rep.Text, true)
	if rep.Confirm == bot.ConfirmResign {
		a.Msg.Components = []discordgo.MessageComponent{row(
			button(bot.T(ul, "dc_button_resign_yes"), discordgo.DangerButton, cid{Game: rep.Game, Action: actQuit, Args: []string{"yes"}}.String()),
			button(bot.T(ul, "dc_button_resign_no"), discordgo.SecondaryButton, cid{Game: rep.Game, Action: actQuit, Args: []string{"no"}}.String()))}
	}
	return a
}

// settingChoices suggests values for /settings as they are typed: time zones by name or city,
// the ways of hearing in the reader's words; for other keys what was typed, as it is.
func (h *Handler) settingChoices(ctx context.Context, i *discordgo.Interaction, opts optionList) []*discordgo.ApplicationCommandOptionChoice {
	typed := strings.TrimSpace(opts.str("value"))
	out := []*discordgo.ApplicationCommandOptionChoice{}
	switch opts.str("key") {
	case "timezone":
		for _, z := range bot.ZoneSuggestions(typed, maxChoices) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: z, Value: z})
		}
		return out
	case "hear":
		lang := h.svc.UserLanguage(ctx, request(i))
		for _, v := range bot.HearValues {
			if strings.HasPrefix(v, strings.ToLower(typed)) {
				out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(v+": "+bot.HearWords(lang, v), maxOption), Value: v})
			}
		}
		return out
	}
	if typed != "" {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(typed, maxOption), Value: clip(typed, maxOption)})
	}
	return out
}
