package ausonia

import (
	"embed"
	"strconv"
	"sync"

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

// kindsOrMsg names the card types among insts as a choice: "Courier or Notary".
func (s *state) kindsOrMsg(insts []int) *msg.Message {
	var kinds []int
	var parts []*msg.Message
	for _, x := range insts {
		if k := s.kinds[x]; indexOf(kinds, k) < 0 {
			kinds = append(kinds, k)
			parts = append(parts, say("card", cardArg("Card", k)))
		}
	}
	if len(parts) == 0 {
		return say("nothing")
	}
	return orMsg(parts)
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

// gemDatIDs are the gems after a preposition that governs the dative ("Nach 2 Smaragden"): German
// declines the plural there; the other languages repeat gem_*.
var gemDatIDs = [...]string{"gemd_sapphire", "gemd_emerald", "gemd_bloodshard", "gemd_rainbow"}

// gemsDatMsg is gemsMsg(g, false) in the dative.
func gemsDatMsg(g Gems) *msg.Message {
	parts := make([]*msg.Message, 0, 4)
	for c := Sapphire; c <= Rainbow; c++ {
		if g[c] > 0 {
			parts = append(parts, say(gemDatIDs[c], msg.Count("N", g[c])))
		}
	}
	return listMsg(parts)
}

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

// gemShortIDs are the gems as the boards' letters in the reader's language ("2S", "E"), for menu
// lines: a payment of three or four kinds in words ("2 sapphires, 1 emerald and 1 bloodshard")
// cut the line at Discord's 100 characters, in German, Spanish and French most of all.
var gemShortIDs = [...]string{"gs_sapphire", "gs_emerald", "gs_bloodshard", "gs_rainbow"}

// gemsShortMsg is a payment (never a cost: its any-gem slots are already chosen) of several
// kinds in gem letters joined by "+": "2S+E+B". One kind stays in words ("2 sapphires"): it fits,
// and a lone letter ("paying S") reads as a typo.
func gemsShortMsg(g Gems) *msg.Message {
	if g.Kinds() < 2 {
		return gemsMsg(g, false)
	}
	var out *msg.Message
	for c := Rainbow; c >= Sapphire; c-- {
		if g[c] == 0 {
			continue
		}
		m := say(gemShortIDs[c], msg.Count("N", g[c]))
		if out != nil {
			m = say("gs_plus", msg.Nested("A", m), msg.Nested("B", out))
		}
		out = m
	}
	if out == nil {
		return say("nothing")
	}
	return out
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

// cardTermIDs lists the glossary ids built at run time (and the guilds' forms), for the
// catalogue check.
func cardTermIDs() []string {
	var out []string
	for _, c := range Cards {
		out = append(out, "card_"+c.Code)
	}
	for _, a := range Aspirants {
		out = append(out, "asp_"+a.Code)
	}
	for _, g := range guildIDs() {
		out = append(out, g, g+"_a")
	}
	return out
}

// cardTerm names card c by its glossary term.
func cardTerm(name string, c *Card) msg.Arg { return msg.Term(name, "card_"+c.Code) }

// guildIDs are the guilds' glossary terms, by index into Guilds; each has the form "_a" (with
// its article in English: "a Vetrai", "an Architetti").
var guildIDs = sync.OnceValue(func() []string {
	out := make([]string, len(Guilds))
	for i, g := range Guilds {
		out[i] = "guild_" + g.Key
	}
	return out
})

func guildArg(name string, g int) msg.Arg { return msg.Term(name, guildIDs()[g]) }

var kwNameIDs = [numKeywords]string{"kwn_influence", "kwn_corruption", "kwn_discard", "kwn_draw", "kwn_manipulation", "kwn_foresight", "kwn_raise", "kwn_seal", "kwn_burn"}

var gemNameIDs = [...]string{"gname_sapphire", "gname_emerald", "gname_bloodshard", "gname_rainbow"}

// abilityMsg is Ability.Text as a message.
func abilityMsg(a *Ability) *msg.Message {
	fx := msg.Nested("Effects", effectsMsg(a.Do))
	switch a.Kind {
	case CondGems:
		return say("ab_if_gems", msg.Nested("Gems", gemsDatMsg(a.Gems)), fx)
	case CondKeyword:
		return say("ab_if_keyword", msg.Term("Kw", kwNameIDs[a.Kw]), fx)
	case CondGuild:
		return say("ab_if_guild", guildArg("Guild", a.Guild), fx)
	}
	return say("ab_pay", msg.Nested("Gems", gemsMsg(a.Gems, true)), fx)
}

// joinMsg joins messages with id ("{{.A}} {{.B}}" and the like), left to right.
func joinMsg(id string, parts []*msg.Message) *msg.Message {
	if len(parts) == 1 {
		return parts[0]
	}
	return say(id, msg.Nested("A", parts[0]), msg.Nested("B", joinMsg(id, parts[1:])))
}

// cardTextMsg is Card.Text joined by spaces, as a message: the gems of a gem card, or its
// abilities.
func cardTextMsg(c *Card) *msg.Message {
	if c.Kind == GemCard {
		id := "txt_gives"
		if c.Star {
			id = "txt_gives_star"
		}
		return say(id, msg.Nested("Gems", gemsMsg(c.Gives, false)))
	}
	parts := make([]*msg.Message, len(c.Abilities))
	for i := range c.Abilities {
		parts[i] = abilityMsg(&c.Abilities[i])
	}
	return joinMsg("txt_abilities", parts)
}

// cardGistMsg is a card's text for a menu label: what its abilities do, the price of a paid ability
// left to the card's face (the label gives the price of the buy; a 100-character menu line has no
// room for both, and the full text is on the card and in /view).
func cardGistMsg(c *Card) *msg.Message {
	if c.Kind == GemCard {
		return cardTextMsg(c)
	}
	parts := make([]*msg.Message, len(c.Abilities))
	for i := range c.Abilities {
		if a := &c.Abilities[i]; a.Kind == CondCost {
			parts[i] = effectsMsg(a.Do)
		} else {
			parts[i] = abilityMsg(a)
		}
	}
	return joinMsg("txt_abilities", parts)
}

// cardBodyMsg is what a menu says of a card after its name: its guild, then its text.
func cardBodyMsg(c *Card) *msg.Message {
	if c.Guild < 0 {
		return cardGistMsg(c)
	}
	return say("txt_guild", guildArg("Guild", c.Guild), msg.Nested("Text", cardGistMsg(c)))
}

// cardNameMsgs name each card type for a menu where its text does not matter: its name and, for
// a favour card, its guild.
var cardNameMsgs = sync.OnceValue(func() []*msg.Message {
	out := make([]*msg.Message, len(Cards))
	for i, c := range Cards {
		if c.Guild < 0 {
			out[i] = say("lbl_card_name", cardArg("Card", i))
			continue
		}
		out[i] = say("lbl_card_guild", cardArg("Card", i), guildArg("Guild", c.Guild))
	}
	return out
})

// cardLabelMsgs are Card.Label as messages, by card type, built once: menus of hands and piles
// name the same cards on every walk of the tree, and a message is never changed once built.
var cardLabelMsgs = sync.OnceValue(func() []*msg.Message {
	out := make([]*msg.Message, len(Cards))
	for i, c := range Cards {
		out[i] = say("lbl_card", cardArg("Card", i), msg.Nested("Text", cardBodyMsg(c)))
	}
	return out
})

// CardTextMsg is card c's rules text as a message of the catalogue "ausonia" (for boards).
func CardTextMsg(c *Card) *msg.Message { return cardTextMsg(c) }

// CardNameMsg is card c's name as a message of the catalogue "ausonia" (for boards).
func CardNameMsg(c *Card) *msg.Message { return say("card_" + c.Code) }

// choice is a menu entry whose label is message m.
func choice(tok string, m *msg.Message) rules.Choice {
	return rules.Choice{Token: tok, Msg: m}
}

// choiceIf is a menu entry labelled by the message mk builds when labels, bare otherwise (random
// play and Apply's check read tokens only).
func choiceIf(labels bool, tok string, mk func() *msg.Message) rules.Choice {
	if !labels {
		return rules.Choice{Token: tok}
	}
	return choice(tok, mk())
}

// refusal is the refusal of message id.
func refusal(id string, args ...msg.Arg) error { return rules.Refuse(say(id, args...)) }

// quoted is a token the player typed, quoted as Go quotes it (%q): notation, the same in every
// language.
func quoted(name, tok string) msg.Arg { return msg.Code(name, strconv.Quote(tok)) }

// tokensMsg lists tokens as a menu's notation ("s1, h2"), or says nothing.
func tokensMsg(cs []rules.Choice) *msg.Message {
	if len(cs) == 0 {
		return say("nothing")
	}
	return say("tokens", msg.Code("T", tokenList(cs)))
}

// orTokensMsg lists tokens as choices: "i", "i or ii", "i, ii or iii".
func orTokensMsg(toks []string) *msg.Message {
	parts := make([]*msg.Message, len(toks))
	for i, t := range toks {
		parts[i] = say("tokens", msg.Code("T", t))
	}
	return orMsg(parts)
}

// AbilityMsg is ability a's text (Ability.Text) as a message of the catalogue "ausonia" (for
// boards).
func AbilityMsg(a *Ability) *msg.Message { return abilityMsg(a) }

// GemNameMsg is gem g's name ("sapphire") as a message of the catalogue "ausonia".
func GemNameMsg(g Gem) *msg.Message { return say(gemNameIDs[g]) }

// AspirantNameMsg is the name of the Aspirant with code ("1") as a message of the catalogue
// "ausonia", nil for no such Aspirant.
func AspirantNameMsg(code string) *msg.Message {
	for _, a := range Aspirants {
		if a.Code == code {
			return say("asp_" + a.Code)
		}
	}
	return nil
}
