package discord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
)

// Discord's limits on the command schema.
const (
	maxChoices     = 25
	maxDescription = 100
	maxInvites     = 5
)

// Commands is the slash-command schema for the given games: /create has one subcommand per game
// (so each game offers exactly its own options, as choices), the other commands act on the game
// of the thread they are used in.
func Commands(games []rules.Info) []*discordgo.ApplicationCommand {
	str := discordgo.ApplicationCommandOptionString
	intg := discordgo.ApplicationCommandOptionInteger
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	anywhere := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	gameChoices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(games))
	for _, g := range games {
		gameChoices = append(gameChoices, &discordgo.ApplicationCommandOptionChoice{Name: g.Name, Value: g.ID})
	}
	cmd := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: desc, Type: discordgo.ChatApplicationCommand,
			Contexts: guildOnly, Options: opts}
	}
	var create []*discordgo.ApplicationCommandOption
	for _, g := range games {
		create = append(create, createSub(g))
	}
	cmds := []*discordgo.ApplicationCommand{
		cmd("create", "Open a game here: a lobby message with Join and Start, and a thread to play in", create...),
		cmd("move", "Play a move in this game's thread (suggestions appear as you type)",
			&discordgo.ApplicationCommandOption{Type: str, Name: "move", Description: "The move's tokens, e.g. c2 d3", Required: true,
				Autocomplete: true, MaxLength: rules.MaxMoveLen}),
		cmd("board", "Show this game's board (only you see the reply)"),
		cmd("view", "Your private view of this game: your hand, your screen (only you see it)"),
		cmd("history", "The moves played so far in this game",
			&discordgo.ApplicationCommandOption{Type: intg, Name: "last", Description: "Only the last N moves", MinValue: floatPtr(1), MaxValue: 500}),
		cmd("undo", "Ask to take back your last move, or answer a request",
			&discordgo.ApplicationCommandOption{Type: str, Name: "answer", Description: "Agree (yes) or refuse (no) a request; leave empty to ask",
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "yes", Value: "yes"}, {Name: "no", Value: "no"}}}),
		cmd("resign", "Give up this game"),
		cmd("abort", "End this game without a result (its creator or a server admin)",
			&discordgo.ApplicationCommandOption{Type: intg, Name: "game", Description: "The game's number, to end it from the channel it was opened in", MinValue: floatPtr(1)}),
		cmd("join", "Take a seat in this game's lobby"),
		cmd("leave", "Leave this game's lobby"),
		cmd("start", "Start this lobby's game with the players seated so far (its creator)"),
		cmd("export", "The record of an ended game, to replay it with boardbot replay (only you get it)"),
		cmd("rules", "A game's summary and how to write its moves",
			&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: "Which game", Required: true, Choices: gameChoices}),
		cmd("leaderboard", "This server's best players of a game: wins, games and an Elo rating",
			&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: "Which game", Required: true, Choices: gameChoices}),
		cmd("settings", "Show or change settings",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "show", Description: "Show this server's settings and yours"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "server", Description: "Change a server setting (admins)",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: str, Name: "key", Description: "The setting", Required: true, Choices: keyChoices(bot.ScopeGuild)},
					{Type: str, Name: "value", Description: "Its new value", Required: true, MaxLength: 400},
				}},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "me", Description: "Change one of your own settings",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: str, Name: "key", Description: "The setting", Required: true, Choices: keyChoices(bot.ScopeUser)},
					{Type: str, Name: "value", Description: "Its new value", Required: true, MaxLength: 400},
				}}),
	}
	games2 := &discordgo.ApplicationCommand{Name: "games", Description: "Your games on every server: whose turn, and a link to each",
		Type: discordgo.ChatApplicationCommand, Contexts: anywhere}
	cmds = append(cmds, games2, replayCommand(intg))
	for _, c := range cmds {
		localizeCommand(c)
	}
	return cmds
}

// commandLocales are the Discord locales each of the bot's other languages is offered under
// (English is the default text).
var commandLocales = []struct {
	loc  discordgo.Locale
	lang string
}{{discordgo.German, bot.LangGerman}, {discordgo.SpanishES, bot.LangSpanish}, {discordgo.SpanishLATAM, bot.LangSpanish}, {discordgo.French, bot.LangFrench}}

// localized is message id in every language but English, by Discord locale.
func localized(id string, args ...any) map[discordgo.Locale]string {
	m := make(map[discordgo.Locale]string, len(commandLocales))
	for _, l := range commandLocales {
		m[l.loc] = bot.T(l.lang, id, args...)
	}
	return m
}

// localizeCommand gives a command, its options and their choices their texts from the catalogue
// (message cmd_<command>_<option>..., a choice's cmd_..._<value>): the English description and
// the localized ones. Parts already localized (a game's /create options, made from the game's
// own texts) are left as they are.
func localizeCommand(c *discordgo.ApplicationCommand) {
	id := "cmd_" + c.Name
	c.Description = bot.T(bot.LangEnglish, id)
	loc := localized(id)
	c.DescriptionLocalizations = &loc
	localizeOptions(id, c.Options)
}

func localizeOptions(parent string, opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		id := parent + "_" + o.Name
		if o.DescriptionLocalizations == nil {
			o.Description = bot.T(bot.LangEnglish, id)
			o.DescriptionLocalizations = localized(id)
		}
		for _, ch := range o.Choices {
			cid := fmt.Sprintf("%s_%v", id, ch.Value)
			if ch.NameLocalizations == nil && bot.HasText(cid) {
				ch.Name = bot.T(bot.LangEnglish, cid)
				ch.NameLocalizations = localized(cid)
			}
		}
		localizeOptions(id, o.Options)
	}
}

func floatPtr(f float64) *float64 { return &f }

func createSub(g rules.Info) *discordgo.ApplicationCommandOption {
	// Its descriptions are made from the game's own texts: each is localized here, clipped as
	// the English is (a game's option names are the game's).
	text := func(id string, args ...any) (string, map[discordgo.Locale]string) {
		loc := localized(id, args...)
		for k, v := range loc {
			loc[k] = clip(v, maxDescription)
		}
		return clip(bot.T(bot.LangEnglish, id, args...), maxDescription), loc
	}
	sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: g.ID}
	sub.Description = clip(bot.T(bot.LangEnglish, "cmd_create_game", "Game", g.Name, "Seats", seatsText(g)), maxDescription)
	sub.DescriptionLocalizations = map[discordgo.Locale]string{}
	for _, l := range commandLocales {
		sub.DescriptionLocalizations[l.loc] = clip(bot.T(l.lang, "cmd_create_game", "Game", g.Name, "Seats", seatsTextIn(l.lang, g)), maxDescription)
	}
	if g.MinSeats != g.MaxSeats {
		players := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
			Name: "players", MinValue: floatPtr(float64(g.MinSeats)), MaxValue: float64(g.MaxSeats)}
		players.Description, players.DescriptionLocalizations = text("cmd_create_players", "Min", g.MinSeats, "Max", g.MaxSeats)
		sub.Options = append(sub.Options, players)
	}
	for _, o := range g.Options {
		// The option's name and its choices' labels are the game's, in each language where the
		// game has them as messages.
		opt := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: o.Key}
		opt.Description = clip(bot.T(bot.LangEnglish, "cmd_create_option", "Name", o.Name, "Default", o.Default), maxDescription)
		opt.DescriptionLocalizations = map[discordgo.Locale]string{}
		for _, l := range commandLocales {
			opt.DescriptionLocalizations[l.loc] = clip(bot.T(l.lang, "cmd_create_option", "Name", bot.OptionName(l.lang, o), "Default", o.Default), maxDescription)
		}
		for _, c := range o.Choices {
			if len(opt.Choices) == maxChoices {
				break
			}
			ch := &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Label, maxOption), Value: c.Value}
			if c.LabelMsg != nil {
				ch.NameLocalizations = map[discordgo.Locale]string{}
				for _, l := range commandLocales {
					ch.NameLocalizations[l.loc] = clip(bot.OptionLabel(l.lang, c), maxOption)
				}
			}
			opt.Choices = append(opt.Choices, ch)
		}
		sub.Options = append(sub.Options, opt)
	}
	if g.MaxSeats > 1 {
		bots := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
			Name: "bots", MinValue: floatPtr(0), MaxValue: float64(g.MaxSeats - 1)}
		bots.Description, bots.DescriptionLocalizations = text("cmd_create_bots", "Max", g.MaxSeats-1)
		level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
			Name: "level", Choices: []*discordgo.ApplicationCommandOptionChoice{{Value: "easy"}, {Value: "normal"}, {Value: "hard"}}}
		level.Description, level.DescriptionLocalizations = text("cmd_create_level")
		for _, ch := range level.Choices {
			ch.Name, ch.NameLocalizations = text(fmt.Sprintf("cmd_create_level_%v", ch.Value))
		}
		sub.Options = append(sub.Options, bots, level)
	}
	for i := 1; i <= min(maxInvites, g.MaxSeats-1); i++ {
		inv := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: fmt.Sprintf("invite%d", i)}
		inv.Description, inv.DescriptionLocalizations = text("cmd_create_invite")
		sub.Options = append(sub.Options, inv)
	}
	return sub
}

func seatsText(g rules.Info) string { return seatsTextIn(bot.LangEnglish, g) }

func seatsTextIn(lang string, g rules.Info) string {
	if g.MinSeats == g.MaxSeats {
		return bot.T(lang, "seats_exact", "Count", g.MinSeats)
	}
	return bot.T(lang, "seats_range", "Min", g.MinSeats, "Max", g.MaxSeats)
}

func keyChoices(scope string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, k := range bot.SettingKeys(scope) {
		id := "cmd_settings_key_" + k
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: bot.T(bot.LangEnglish, id), Value: k,
			NameLocalizations: localized(id)})
	}
	return out
}
