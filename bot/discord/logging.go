package discord

import (
	"context"
	"fmt"
	"log/slog"
	"path"
	"runtime"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// LogTo sends discordgo's log lines through log (so they follow log.format and log.level) and
// returns the level to give sessions (Session.LogLevel). discordgo logs through one package-wide
// hook, so this holds for every session of the process.
//
// discordgo's levels map to slog's: errors to Error, warnings to Warn, its chatty informational
// lines ("called", "sending heartbeat") to Debug. Its own debug level is never enabled: it dumps
// every gateway payload, the Identify packet with the bot token among them.
func LogTo(log *slog.Logger) int {
	discordgo.Logger = func(msgL, caller int, format string, a ...any) {
		lvl := slogLevel(msgL)
		if !log.Enabled(context.Background(), lvl) {
			return
		}
		msg := strings.TrimSpace(fmt.Sprintf(format, a...))
		attrs := []any{"source", "discordgo"}
		if pc, file, line, ok := runtime.Caller(caller + 1); ok { // + this hook
			fn := ""
			if f := runtime.FuncForPC(pc); f != nil {
				fn = path.Ext(f.Name())
			}
			attrs = append(attrs, "at", fmt.Sprintf("%s:%d%s", path.Base(file), line, fn))
		}
		log.Log(context.Background(), lvl, msg, attrs...)
	}
	if log.Enabled(context.Background(), slog.LevelDebug) {
		return discordgo.LogInformational
	}
	return discordgo.LogWarning
}

func slogLevel(msgL int) slog.Level {
	switch msgL {
	case discordgo.LogError:
		return slog.LevelError
	case discordgo.LogWarning:
		return slog.LevelWarn
	}
	return slog.LevelDebug
}
