package discord

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ausonia"
)

// ausoniaLean keeps random Ausonia games short enough for the suite: uniform choices take some
// 50 rounds and 700 moves with two players, these about 20 rounds and 320 moves. Players play
// cards and use abilities (those giving influence most), buy little but dear, and empty their
// hand at the end of the turn so the deck cycles. Cards with Discard are favoured so that the
// Discard prompt to an opponent comes up.
func ausoniaLean(path rules.Move, c rules.Choice) float64 {
	if len(path) == 0 {
		switch c.Token {
		case "use", "play":
			return 100
		case "buy":
			return 5
		}
		return 1
	}
	switch path[0] {
	case "play":
		if c.Token == "all" {
			return 20
		}
	case "use":
		if len(path) == 1 {
			w := 1 + 3*float64(influenceIn(c.English()))
			if strings.Contains(c.English(), "Discard") {
				w += 200
			}
			return w
		}
	case "buy":
		if len(path) == 1 {
			w := 1.0
			if card, ok := ausonia.CardByCode(c.Token); ok {
				n := float64(card.Cost.Total())
				w = n * n * n
			}
			if discardCards[c.Token] {
				w *= 1000
			}
			return w
		}
	case "pass":
		if c.Token == "" {
			return 1
		}
		return 10
	}
	return 1
}

// discardCards are the cards whose abilities make an opponent discard (docs/rules/ausonia.md).
var discardCards = map[string]bool{"c2": true, "c5": true, "p1": true, "p13": true}

var influenceRE = regexp.MustCompile(`Influence (\d+)`)

func influenceIn(label string) int {
	n := 0
	for _, m := range influenceRE.FindAllStringSubmatch(label, -1) {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	return n
}

// ausoniaInterrupt: the Discard keyword asks the chosen opponent, out of turn, which cards to
// discard.
func ausoniaInterrupt(p rules.Prompt) string {
	if strings.Contains(p.English(), "makes you discard") {
		return "discard"
	}
	return ""
}

// checkAusonia: the hand was looked at privately by /view and by the My view button, and (with
// opponents) a Discard prompt went to the opponent and was answered through their button while
// the player whose turn it was waited, their click on it refused.
func checkAusonia(t *testing.T, d *driver) {
	if d.stats.views == 0 || d.stats.viewButtons == 0 {
		t.Errorf("private views: %d by /view, %d by the button", d.stats.views, d.stats.viewButtons)
	}
	if d.stats.privateViews == 0 {
		t.Error("no private view showed more than the public board: where is the hand?")
	}
	if d.stats.privateEvents == 0 {
		t.Error("no private event (draws) in a whole game")
	}
	if d.g.seats > 1 && d.stats.interrupts["discard"] == 0 {
		t.Error("no Discard prompt came up for an opponent; change the seed or the lean")
	}
}
