package discord

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// discordgo's lines come out through slog, in its format (JSON here) and at its level: an error
// of discordgo's as an ERROR record naming where it came from, its informational chatter only
// at debug.
func TestDiscordgoLogsThroughSlog(t *testing.T) {
	defer func(old func(int, int, string, ...any)) { discordgo.Logger = old }(discordgo.Logger)
	gw := discordtest.NewGateway(t)
	gw.Down.Store(true)
	for _, tc := range []struct {
		level     slog.Level
		wantLevel int
		chatter   bool
	}{
		{slog.LevelInfo, discordgo.LogWarning, false},
		{slog.LevelDebug, discordgo.LogInformational, true},
	} {
		var buf bytes.Buffer
		s, err := discordgo.New("Bot test-token")
		if err != nil {
			t.Fatal(err)
		}
		s.Client = &http.Client{Transport: Redirect(gw.URL(), nil), Timeout: 5 * time.Second}
		s.LogLevel = LogTo(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: tc.level})))
		if s.LogLevel != tc.wantLevel {
			t.Errorf("at %v: session level %d, want %d", tc.level, s.LogLevel, tc.wantLevel)
		}
		if err := s.Open(); err == nil {
			t.Fatal("opened a gateway that is down")
		}
		var errLine map[string]any
		chatter := false
		for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("not a JSON line: %q", line)
			}
			if rec["source"] != "discordgo" {
				t.Errorf("line without its source: %v", rec)
			}
			if rec["level"] == "DEBUG" {
				chatter = true
			}
			if rec["level"] == "ERROR" && strings.Contains(rec["msg"].(string), "error connecting to gateway") {
				errLine = rec
			}
		}
		if errLine == nil || !strings.HasPrefix(errLine["at"].(string), "wsapi.go:") || !strings.HasSuffix(errLine["at"].(string), ".Open") {
			t.Errorf("at %v: no ERROR record of the failed connection with its place in discordgo:\n%s", tc.level, buf.String())
		}
		if chatter != tc.chatter {
			t.Errorf("at %v: discordgo's informational lines shown %v, want %v:\n%s", tc.level, chatter, tc.chatter, buf.String())
		}
	}
}
