package discord

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// ascalionLean steers random Ascalion players toward what the suite must see in a few rounds:
// they forge weapons (a bank with a weapon is worth more than a boat, so boats must ask to pass),
// build boats and sail them along the river, accept trades, and attack, with the neighbours
// mostly taking a side.
func ascalionLean(path rules.Move, c rules.Choice) float64 {
	if len(path) == 0 {
		switch c.Token {
		case "boat", "weapon", "attack", "accept", "allow", "refuse":
			return 20
		case "done":
			return 3
		case "attacker", "defender":
			return 5
		case "withdraw", "reject", "ship", "city":
			return 0.2
		case "foot", "horse", "chain":
			return 10 // goods gather where boats and weapons are built
		}
		return 1
	}
	if path[0] == "boat" && c.Token == "" {
		return 0.1 // keep sailing: the river's banks ask for passage
	}
	if strings.HasPrefix(c.Token, "r") && path[0] == "boat" {
		return 5
	}
	return 1
}

// ascalionInterrupt names the prompts that ask players other than the one whose phase it is.
func ascalionInterrupt(p rules.Prompt) string {
	switch {
	case strings.Contains(p.English(), "wants to pass your bank"):
		return "passage"
	case strings.Contains(p.English(), "lend your neighbouring areas"):
		return "alliance"
	case strings.Contains(p.English(), "Trade offers for you"):
		return "offer"
	}
	return ""
}

// ascalionSeen counts what the Ascalion suite waits for, from the public log of events.
type ascalionSeen struct{ trades, passages, allies, round int }

func seenInAscalion(d *driver) ascalionSeen {
	var s ascalionSeen
	for _, evs := range d.events {
		for _, ev := range evs {
			switch {
			case strings.Contains(ev.English(), " accepts offer #"):
				s.trades++
			case strings.Contains(ev.English(), " for passage out of "):
				s.passages++
			case strings.Contains(ev.English(), " sides with the "):
				s.allies++
			}
		}
	}
	var v struct{ Round int }
	b, _ := json.Marshal(d.mirror.View(rules.Spectator))
	json.Unmarshal(b, &v)
	s.round = v.Round
	return s
}

// ascalionEnough: two full rounds, a trade, a passage request and an attack with an ally, and
// each of those prompts answered by the players asked.
func ascalionEnough(d *driver) bool {
	s := seenInAscalion(d)
	in := d.stats.interrupts
	return s.round > 2 && s.trades > 0 && s.passages > 0 && s.allies > 0 && in["passage"] > 0 && in["alliance"] > 0 && in["offer"] > 0 &&
		len(missingAnswers(d)) == 0
}

// missingAnswers names the questions not yet answered by their one-tap buttons.
func missingAnswers(d *driver) []string {
	a := d.stats.answered
	var out []string
	for _, q := range []struct {
		what string
		n    int
	}{
		{"an alliance call", a["attacker"] + a["defender"] + a["neutral"]},
		{"a trade offer", a["accept"] + a["reject"]},
		{"a passage request", a["allow"] + a["refuse"]},
	} {
		if q.n == 0 {
			out = append(out, q.what)
		}
	}
	return out
}

// checkAscalion: the prompts to other players came up, each answered through the buttons of
// exactly the players asked (the driver checks every post's buttons against the rules), with
// alliance calls, trade offers and passage requests answered by their one-tap buttons, and
// several players were asked at once (the trade window).
func checkAscalion(t *testing.T, d *driver) {
	s := seenInAscalion(d)
	t.Logf("Ascalion: round %d, %d trades, %d passage requests, %d allies; one-tap answers %v", s.round, s.trades, s.passages, s.allies, d.stats.answered)
	if !ascalionEnough(d) {
		t.Error("two full rounds with a trade, a passage request and an attack with an ally were not all played")
	}
	for _, k := range []string{"passage", "alliance", "offer"} {
		if d.stats.interrupts[k] == 0 {
			t.Errorf("no %s prompt was answered", k)
		}
	}
	if d.stats.multi == 0 {
		t.Error("the trade window never asked several players at once")
	}
	// The questions were answered with their own buttons on the turn posts.
	for _, what := range missingAnswers(d) {
		t.Errorf("no answer to %s by its buttons", what)
	}
}

// ascalionToPassage leads an Ascalion game to its first passage request: the bank owners are
// asked (their prompt offers allow and refuse), and the random players answer it.
func ascalionToPassage(st rules.State, r *rand.Rand) (rules.Seat, rules.Move, bool) {
	for _, p := range st.Awaiting() {
		for _, a := range p.Answers {
			if len(a.Move) > 0 && a.Move[0] == "allow" {
				return 0, nil, false
			}
		}
	}
	seat, m := leanedMove(st, r, ascalionLean)
	return seat, m, true
}
