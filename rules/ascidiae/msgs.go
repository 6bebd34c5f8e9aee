package ascidiae

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing texts are messages of the catalogue "ascidiae": locales/<lang>.toml, English the
// source (docs/i18n.md). Species are Latin names and stay as they are (msg.Code); tokens and
// spaces are notation. docs/i18n/ascidiae.md lists the words chosen in each language.

const catName = "ascidiae"

//go:embed locales/*.toml
var localeFiles embed.FS

// registered is read by say, so package variables built from messages come after the catalogue.
var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// say is a message of the catalogue.
func say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("ascidiae: catalogue not registered")
	}
	return msg.New(catName, id, args...)
}

// refuseMsg is the *rules.Illegal of a message.
func refuseMsg(id string, args ...msg.Arg) error { return rules.Refuse(say(id, args...)) }

// reasonMsg is the message of a game's end reason, rebuilt from its English text: the snapshot
// keeps only the text (its form is unchanged), and Result hands the platform both. Nil for a
// reason this version does not write (it is then shown as it is).
func reasonMsg(reason string, seats int) *msg.Message {
	for s := 0; s < seats; s++ {
		for _, n := range []int{2, 3} {
			if m := winMsg(s, n); m.English() == reason {
				return m
			}
		}
	}
	for _, m := range []*msg.Message{
		say("res_major"), say("res_minor"), say("res_too_few"),
		say("res_solo_turns", msg.Number("Turns", data.Rules.SoloTurns)),
		say("res_turn_limit", msg.Number("Rounds", data.Rules.TurnLimit)),
	} {
		if m.English() == reason {
			return m
		}
	}
	return nil
}

// winMsg is the reason of a win by seat's n-th colony (the second, or the third in a long game).
func winMsg(seat, n int) *msg.Message {
	if n == 3 {
		return say("res_wins_third", msg.Seat("Seat", seat))
	}
	return say("res_wins_second", msg.Seat("Seat", seat))
}
