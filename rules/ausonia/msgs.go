package ausonia

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing texts are messages of the catalogue "ausonia": locales/<lang>.toml, English the
// source. Glossary terms are the cards' and Aspirants' names ("card_s1", "asp_1"), the gems and
// the keywords; docs/i18n/ausonia.md lists the chosen words. House names are proper names.

const catName = "ausonia"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// say is a message of the catalogue.
func say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("ausonia: catalogue not registered")
	}
	return msg.New(catName, id, args...)
}

func seatArg(name string, p rules.Seat) msg.Arg { return msg.Seat(name, int(p)) }

// cardArg names the card of kind k by its glossary term.
func cardArg(name string, k int) msg.Arg { return cardTerm(name, Cards[k]) }

// aspArg names the Aspirant of a solo game.
func (s *state) aspArg(name string) msg.Arg { return msg.Term(name, "asp_"+Aspirants[s.Asp].Code) }

// listMsg joins messages as a sentence does: "a", "a and b", "a, b and c".
func listMsg(parts []*msg.Message) *msg.Message {
	switch len(parts) {
	case 0:
		return say("nothing")
	case 1:
		return parts[0]
	case 2:
		return say("list_and", msg.Nested("A", parts[0]), msg.Nested("B", parts[1]))
	}
	return say("list_comma", msg.Nested("A", parts[0]), msg.Nested("B", listMsg(parts[1:])))
}

// namesMsg is s.names as a message: cards by name in the order first met, copies counted.
func (s *state) namesMsg(insts []int) *msg.Message {
	if len(insts) == 1 { // the usual case: one card bought, played or revealed
		return say("card", cardArg("Card", s.kinds[insts[0]]))
	}
	var kinds, counts []int
	for _, x := range insts {
		k := s.kinds[x]
		if i := indexOf(kinds, k); i >= 0 {
			counts[i]++
			continue
		}
		kinds, counts = append(kinds, k), append(counts, 1)
	}
	parts := make([]*msg.Message, len(kinds))
	for i, k := range kinds {
		if counts[i] > 1 {
			parts[i] = say("card_times", cardArg("Card", k), msg.Number("N", counts[i]))
		} else {
			parts[i] = say("card", cardArg("Card", k))
		}
	}
	return listMsg(parts)
}

// inOrderMsg is s.inOrder as a message: every card named, in order.
func (s *state) inOrderMsg(insts []int) *msg.Message {
	parts := make([]*msg.Message, len(insts))
	for i, x := range insts {
		parts[i] = say("card", cardArg("Card", s.kinds[x]))
	}
	return listMsg(parts)
}

var gemIDs = [...]string{"gem_sapphire", "gem_emerald", "gem_bloodshard", "gem_rainbow"}

// gemsMsg is Gems.Describe as a message; cost marks a cost, whose rainbow slots are any colour.
func gemsMsg(g Gems, cost bool) *msg.Message {
	parts := make([]*msg.Message, 0, 4)
	for c := Sapphire; c <= Rainbow; c++ {
		if g[c] == 0 {
			continue
		}
		id := gemIDs[c]
		if c == Rainbow && cost {
			id = "gem_any"
		}
		parts = append(parts, say(id, msg.Count("N", g[c])))
	}
	return listMsg(parts)
}

var kwIDs = [numKeywords]string{"kw_influence", "kw_corruption", "kw_discard", "kw_draw", "kw_manipulation", "kw_foresight", "kw_raise", "kw_seal", "kw_burn"}

// effectMsg is Effect.String as a message.
func effectMsg(e Effect) *msg.Message {
	if e.Kw == Seal {
		return say("kw_seal")
	}
	return say(kwIDs[e.Kw], msg.Number("X", e.X))
}

// effectsMsg is effectsText as a message.
func effectsMsg(es []Effect) *msg.Message {
	if len(es) == 1 {
		return effectMsg(es[0])
	}
	return say("fx_list", msg.Nested("A", effectMsg(es[0])), msg.Nested("B", effectsMsg(es[1:])))
}

// cardTermIDs lists the glossary ids built at run time, for the catalogue check.
func cardTermIDs() []string {
	var out []string
	for _, c := range Cards {
		out = append(out, "card_"+c.Code)
	}
	for _, a := range Aspirants {
		out = append(out, "asp_"+a.Code)
	}
	return out
}

// cardTerm names card c by its glossary term.
func cardTerm(name string, c *Card) msg.Arg { return msg.Term(name, "card_"+c.Code) }
