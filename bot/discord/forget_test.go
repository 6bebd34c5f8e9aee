package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// /settings forget through the handler: private answers; refused while the player sits in a
// game going on; a preview without confirm; the erasure with confirm:True.
func TestSettingsForget(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started() // ann and bob play
	confirm := &discordgo.ApplicationCommandInteractionDataOption{Name: "confirm", Type: discordgo.ApplicationCommandOptionBoolean, Value: true}

	d := e.answer(e.slash("ann", thread, "settings", sub("forget", confirm)))
	if !strings.Contains(content(d), "You still play in") || !ephemeral(d) {
		t.Fatalf("ann, still playing: %q", content(d))
	}
	d = e.answer(e.slash("cid", "c-lobby", "settings", sub("forget")))
	if !strings.Contains(content(d), "confirm:True") || !ephemeral(d) {
		t.Fatalf("preview: %q", content(d))
	}
	d = e.answer(e.slash("cid", "c-lobby", "settings", sub("forget", confirm)))
	if !strings.Contains(content(d), "Done: your settings are erased") || !ephemeral(d) {
		t.Fatalf("forget: %q", content(d))
	}
}
