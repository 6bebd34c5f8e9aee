package main

import (
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot/config"
)

// discord.archive_after reaches the outbox sender, set in the file or overridden by its
// environment variable like every key.
func TestArchiveAfterReachesTheSender(t *testing.T) {
	t.Chdir(t.TempDir())
	cases := []struct {
		env  []string
		want time.Duration
	}{
		{nil, 24 * time.Hour},
		{[]string{"BOARDBOT_DISCORD_ARCHIVE_AFTER=72h"}, 72 * time.Hour},
		{[]string{"BOARDBOT_DISCORD_ARCHIVE_AFTER=0"}, 0},
	}
	for _, c := range cases {
		cfg, _, err := config.Find("", c.env)
		if err != nil {
			t.Fatal(err)
		}
		if got := newSender(cfg, nil, nil, nil).ArchiveAfter; got != c.want {
			t.Errorf("%v: the sender archives after %v, want %v", c.env, got, c.want)
		}
	}
}
