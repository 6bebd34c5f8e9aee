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
		cmd("abort", "End this game without a result (its creator or a server admin)"),
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
	return cmds
}

func floatPtr(f float64) *float64 { return &f }

func createSub(g rules.Info) *discordgo.ApplicationCommandOption {
	sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: g.ID,
		Description: clip(fmt.Sprintf("%s (%s)", g.Name, seatsText(g)), maxDescription)}
	if g.MinSeats != g.MaxSeats {
		sub.Options = append(sub.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
			Name: "players", Description: fmt.Sprintf("How many seats (%d to %d; default %d)", g.MinSeats, g.MaxSeats, g.MaxSeats),
			MinValue: floatPtr(float64(g.MinSeats)), MaxValue: float64(g.MaxSeats)})
	}
	for _, o := range g.Options {
		opt := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: o.Key,
			Description: clip(fmt.Sprintf("%s (default %s)", o.Name, o.Default), maxDescription)}
		for _, c := range o.Choices {
			if len(opt.Choices) == maxChoices {
				break
			}
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Label, maxOption), Value: c.Value})
		}
		sub.Options = append(sub.Options, opt)
	}
	if g.MaxSeats > 1 {
		sub.Options = append(sub.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
			Name: "bots", Description: fmt.Sprintf("Seats the AI takes at once (0 to %d; 1 with players 2: you against it)", g.MaxSeats-1),
			MinValue: floatPtr(0), MaxValue: float64(g.MaxSeats - 1)},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
				Name: "level", Description: "How hard the AI plays (default normal)", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "easy", Value: "easy"}, {Name: "normal", Value: "normal"}, {Name: "hard", Value: "hard"}}})
	}
	for i := 1; i <= min(maxInvites, g.MaxSeats-1); i++ {
		sub.Options = append(sub.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
			Name: fmt.Sprintf("invite%d", i), Description: "A player to invite (pinged once in the game's thread)"})
	}
	return sub
}

func seatsText(g rules.Info) string {
	if g.MinSeats == g.MaxSeats {
		return fmt.Sprintf("%d players", g.MinSeats)
	}
	return fmt.Sprintf("%d-%d players", g.MinSeats, g.MaxSeats)
}

func keyChoices(scope string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, k := range bot.SettingKeys(scope) {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: k, Value: k})
	}
	return out
}
