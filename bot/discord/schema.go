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
	// Descriptions come from the catalogue (localizeCommand): cmd_<command>[_<option>].
	cmd := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Type: discordgo.ChatApplicationCommand,
			Contexts: guildOnly, Options: opts}
	}
	var create []*discordgo.ApplicationCommandOption
	for _, g := range games {
		create = append(create, createSub(g))
	}
	cmds := []*discordgo.ApplicationCommand{
		cmd("create", create...),
		cmd("move",
			&discordgo.ApplicationCommandOption{Type: str, Name: "move", Required: true,
				Autocomplete: true, MaxLength: rules.MaxMoveLen}),
		cmd("board"),
		cmd("view"),
		cmd("history",
			&discordgo.ApplicationCommandOption{Type: intg, Name: "last", MinValue: floatPtr(1), MaxValue: 500}),
		cmd("undo",
			&discordgo.ApplicationCommandOption{Type: str, Name: "answer",
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "yes", Value: "yes"}, {Name: "no", Value: "no"}}}),
		cmd("resign"),
		cmd("abort",
			&discordgo.ApplicationCommandOption{Type: intg, Name: "game", MinValue: floatPtr(1)}),
		cmd("join"),
		cmd("leave"),
		cmd("start"),
		cmd("export"),
		cmd("rules",
			&discordgo.ApplicationCommandOption{Type: str, Name: "game", Required: true, Choices: gameChoices}),
		cmd("leaderboard",
			&discordgo.ApplicationCommandOption{Type: str, Name: "game", Required: true, Choices: gameChoices}),
		cmd("settings",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "show"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "server",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: str, Name: "key", Required: true, Choices: keyChoices(bot.ScopeGuild)},
					{Type: str, Name: "value", Required: true, MaxLength: 400, Autocomplete: true},
				}},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "me",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: str, Name: "key", Required: true, Choices: keyChoices(bot.ScopeUser)},
					{Type: str, Name: "value", Required: true, MaxLength: 400, Autocomplete: true},
				}},
			// A sub-command of its own: "me" takes a key and a value, and Discord allows no
			// sub-command beside options.
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "forget",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionBoolean, Name: "confirm"},
				}}),
	}
	// From and to are dates in the player's own calendar; "off" in from ends a vacation, and no
	// option at all shows what is booked and left.
	cmds = append(cmds, cmd("vacation",
		&discordgo.ApplicationCommandOption{Type: str, Name: "from", MaxLength: 10},
		&discordgo.ApplicationCommandOption{Type: str, Name: "to", MaxLength: 10}))
	games2 := &discordgo.ApplicationCommand{Name: "games",
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
		opt.Description = clip(bot.T(bot.LangEnglish, "cmd_create_option", "Name", bot.OptionName(bot.LangEnglish, o), "Default", bot.OptionDefault(bot.LangEnglish, o)), maxDescription)
		opt.DescriptionLocalizations = map[discordgo.Locale]string{}
		for _, l := range commandLocales {
			opt.DescriptionLocalizations[l.loc] = clip(bot.T(l.lang, "cmd_create_option", "Name", bot.OptionName(l.lang, o), "Default", bot.OptionDefault(l.lang, o)), maxDescription)
		}
		for _, c := range o.Choices {
			if len(opt.Choices) == maxChoices {
				break
			}
			ch := &discordgo.ApplicationCommandOptionChoice{Name: clip(bot.OptionLabel(bot.LangEnglish, c), maxOption), Value: c.Value}
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
	// A game's own clock, over the server's clock_days.
	clock := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
		Name: "clock_days", MinValue: floatPtr(0), MaxValue: 30}
	clock.Description, clock.DescriptionLocalizations = text("cmd_create_clock_days")
	vacation := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
		Name: "vacation_days", MinValue: floatPtr(0), MaxValue: 60}
	vacation.Description, vacation.DescriptionLocalizations = text("cmd_create_vacation_days")
	sub.Options = append(sub.Options, clock, vacation)
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
