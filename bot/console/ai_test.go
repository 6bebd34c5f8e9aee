package console

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// create with bots=1 starts a game against the AI at once, and the AI's answer follows the
// player's move in the same session (the round is revealed: both bids are in), named by its name.
func TestConsoleGameAgainstAI(t *testing.T) {
	var out bytes.Buffer
	c, _, _ := newConsole(t, &out)
	script := "create bids players=2 seed=5 bots=1 level=easy\nmove bid pass\nhistory\ncreate bids players=2 bots=x\n"
	if err := c.Run(context.Background(), strings.NewReader(script), false); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{" · AI, easy", "has started", "Bids revealed", "bots must be a number"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	// The start post (and the console's echo of its edits) is the one place of the level.
	if strings.Contains(got, "AI (") || strings.Count(got, "AI, easy") != strings.Count(got, "begins:\n    - alice\n    - ") {
		t.Errorf("the AI's level is said where the game begins, and nowhere else:\n%s", got)
	}
}
