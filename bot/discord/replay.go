package discord

import (
	"context"
	"path"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

// replayCommand is /replay's schema: the game of the thread it is used in, or a finished game of
// the server by its number. Its descriptions come from the catalogue (localizeCommand).
func replayCommand(intg discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: "replay", Type: discordgo.ChatApplicationCommand,
		Contexts: &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{{Type: intg, Name: "game",
			MinValue: floatPtr(1)}}}
}

// replay posts the animated GIF in the channel, for everyone: it shows only public views.
func (h *Handler) replay(ctx context.Context, i *discordgo.Interaction, req bot.Request, game int) *Answer {
	req.Game = int64(game)
	rep, err := h.svc.Replay(ctx, req)
	return h.reply(i, rep, err)
}

// contentType names an attachment's type from its file name: boards are PNG, replays GIF.
func contentType(name string) string {
	if path.Ext(name) == ".gif" {
		return "image/gif"
	}
	return "image/png"
}
