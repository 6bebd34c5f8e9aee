// Package discord is boardbot's Discord adapter, built on discordgo. It turns interactions
// (slash commands, autocomplete, buttons, select menus) into requests to the application service
// (package bot) and the service's replies into Discord responses, and it delivers the service's
// outbox (thread posts with the board, pings, DMs) as a bot.Sender.
//
// One Handler serves both transports: the gateway (RunGateway) and the HTTP interactions endpoint
// (HTTPHandler). A Handler never sees the discordgo session: it answers an interaction with an
// Answer, and does its few side effects (the lobby message, its thread) through the small API
// interface, which REST implements over a session with retries.
package discord
