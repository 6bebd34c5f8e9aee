package discord

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
	"github.com/bwmarrin/discordgo"
)

// The picker names each option by the word the asker types for it, and the move so far in their
// words; the option's value stays the token. Before, a German read "play" under "eine Handkarte
// spielen".
func TestPickerShowsTheAskersWords(t *testing.T) {
	e := newEnv(t)
	step := bot.Step{Seq: 2, Lang: bot.LangGerman, Partial: rules.Move{"play"}, Spelt: "spielen",
		Next:  []bot.Choice{{Token: "all", Label: "alle Edelsteinkarten"}, {Token: "s1", Label: "Saphirader"}},
		Words: []string{"alle", ""}}
	m, err := e.h.pickerMessage(context.Background(), 1, step, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal((&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: m}).Response().Data)
	if err != nil {
		t.Fatal(err)
	}
	raw := string(b)
	for _, want := range []string{"Bisher: `spielen`", `"description":"alle"`, `"value":"all"`, `"description":"s1"`} {
		if !strings.Contains(raw, want) {
			t.Errorf("the picker lacks %s: %s", want, raw)
		}
	}
}
