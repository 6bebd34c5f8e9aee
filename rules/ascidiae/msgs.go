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

// poolMsg writes a pool for players as Pool.String does: "2 black, 1 red", or "nothing".
func poolMsg(p Pool) *msg.Message { return poolOr(p, "pool_nothing") }

// holdingMsg writes what a card holds as holding does: "2 black, 1 red", or "no tadpoles".
func holdingMsg(p Pool) *msg.Message { return poolOr(p, "pool_none") }

// poolIDs are the messages of n tadpoles of each colour, in the order Pool lists them.
var poolIDs = [NumColours]string{"pool_black", "pool_white", "pool_red", "pool_blue"}

func poolOr(p Pool, empty string) *msg.Message {
	var parts []*msg.Message
	for c := Colour(0); c < NumColours; c++ {
		if p[c] > 0 {
			parts = append(parts, say(poolIDs[c], msg.Count("N", p[c])))
		}
	}
	if len(parts) == 0 {
		return say(empty)
	}
	return listMsg(parts, "list_comma")
}

// listMsg joins parts with the list message last ("list_comma": "a, b"; "list_and": "a and b"),
// the ones before it always with commas.
func listMsg(parts []*msg.Message, last string) *msg.Message {
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		id := "list_comma"
		if i == len(parts)-2 {
			id = last
		}
		out = say(id, msg.Nested("First", parts[i]), msg.Nested("Rest", out))
	}
	return out
}

// codeMsg is notation as a message, for a list of tokens.
func codeMsg(s string) *msg.Message { return say("code", msg.Code("Code", s)) }

// centralActionMsg writes a central board action as ActionText does.
func centralActionMsg(a Action) *msg.Message {
	switch a.Verb {
	case Think:
		return say("act_think")
	case Colonize:
		return say("act_colonize")
	case Root:
		switch a.Zone {
		case ZoneBlue:
			return say("act_root_blue")
		case ZoneRed:
			return say("act_root_red")
		}
		return say("act_root")
	case Order:
		return say("act_order")
	}
	return verbMsg(a.Verb.String())
}

// verbMsg is a central move's first token in words, as verbWords writes it.
func verbMsg(v string) *msg.Message {
	switch v {
	case wColonize:
		return say("verb_colonize")
	case wRoot:
		return say("verb_root")
	case wDisplace:
		return say("verb_displace")
	case wSpin:
		return say("verb_spin")
	case wBlock:
		return say("verb_block")
	case wPuff:
		return say("verb_puff")
	}
	return codeMsg(v)
}

// cardArg names a species by its glossary term ("card_rubra": "Ascidia rubra"), so the name is
// the catalogue's (the same Latin in every language, pseudo-localized in tests).
func cardArg(name, id string) msg.Arg {
	if t, ok := cardTerms[id]; ok {
		return msg.Term(name, t)
	}
	return msg.Code(name, mustCard(id).Name) // a card made up by a test
}

// cardTerms are the glossary ids of the species of the data file, as loaded.
var cardTerms = func() map[string]string {
	out := map[string]string{}
	for _, d := range data.Cards {
		out[d.ID] = "card_" + d.ID
	}
	return out
}()

// shortArg names a species by its epithet, as events and menus write it ("basica"): the glossary
// term short_<id>, or the id itself for a card made up by a test.
func shortArg(name, id string) msg.Arg {
	if t, ok := shortTerms[id]; ok {
		return msg.Term(name, t)
	}
	return msg.Code(name, id)
}

// shortTerms are the glossary ids of the species' epithets, as loaded.
var shortTerms = func() map[string]string {
	out := map[string]string{}
	for _, d := range data.Cards {
		out[d.ID] = "short_" + d.ID
	}
	return out
}()

// runtimeIDs are the messages whose ids are built at run time, for the catalogue check.
func runtimeIDs() []string {
	var out []string
	for _, t := range cardTerms {
		out = append(out, t)
	}
	for _, t := range shortTerms {
		out = append(out, t)
	}
	for _, t := range cardTerms {
		out = append(out, t+"_short") // the epithet as a form of the name ({{.Card_short}})
	}
	for _, p := range data.Presets {
		out = append(out, "preset_"+p.ID)
	}
	for _, l := range data.Layouts {
		out = append(out, "current_"+l.ID)
	}
	for _, v := range thinkVerbs {
		out = append(out, "lbl_"+v)
	}
	return out
}

// labelled gives a choice its label.
func labelled(ch rules.Choice, m *msg.Message) rules.Choice {
	ch.Msg = m
	return ch
}

// flowLabel is the learning turn's choice to let the current flow.
var flowLabelMsg = say("lbl_flow")

// pickLabel names the tadpoles p an action of verb v would use: "Push 1 black".
func pickLabel(v Verb, p Pool) *msg.Message {
	id := [...]string{Spawn: "pick_spawn", Consume: "pick_consume", Push: "pick_push", Coop: "pick_coop", Catch: "pick_catch"}
	if int(v) < len(id) {
		return say(id[v], msg.Nested("Pool", poolMsg(p)))
	}
	return codeMsg(v.String() + " " + p.String())
}

// oneMsg is one tadpole of colour c: "1 red".
func oneMsg(c Colour) *msg.Message { return say(poolIDs[c], msg.Count("N", 1)) }

// arena holds the messages of the events a state writes, a few arrays for many messages: random
// playouts and the greedy player's look-ahead write an activation's line on every move. Messages
// handed out are never written again, so a full array is left to them and a new one begun (no
// copy). A clone starts an arena of its own: two states appending into one array would overwrite
// each other's messages.
type arena struct {
	msgs []msg.Message
	args []msg.Arg
}

func (a *arena) say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("ascidiae: catalogue not registered")
	}
	if len(a.msgs) == cap(a.msgs) {
		a.msgs = make([]msg.Message, 0, min(64, max(8, 2*cap(a.msgs))))
	}
	if cap(a.args)-len(a.args) < len(args) {
		a.args = make([]msg.Arg, 0, max(len(args), min(128, max(16, 2*cap(a.args)))))
	}
	start := len(a.args)
	a.args = append(a.args, args...)
	a.msgs = append(a.msgs, msg.Message{Cat: catName, ID: id, Args: a.args[start:len(a.args):len(a.args)]})
	return &a.msgs[len(a.msgs)-1]
}

// part adds a part to the activation's line, its message in the state's arena.
func (g *State) part(id string, args ...msg.Arg) {
	if !g.quiet {
		g.say(g.ar.say(id, args...))
	}
}

// pool is poolMsg in the state's arena.
func (g *State) pool(p Pool) *msg.Message {
	if g.quiet {
		return nil // not written
	}
	n, last := 0, Colour(0)
	for c := Colour(0); c < NumColours; c++ {
		if p[c] > 0 {
			n, last = n+1, c
		}
	}
	if n == 1 { // the usual case: one colour, a shared message
		if p[last] < len(onePools[last]) {
			return onePools[last][p[last]]
		}
		return g.ar.say(poolIDs[last], msg.Count("N", p[last]))
	}
	return poolMsg(p)
}

// onePools are the messages of 0 to 15 tadpoles of one colour, made once and shared (messages
// are never written once made).
var onePools = func() (out [NumColours][16]*msg.Message) {
	for c := range out {
		for n := range out[c] {
			out[c][n] = say(poolIDs[c], msg.Count("N", n))
		}
	}
	return out
}()

// heads are the heads of activation lines ("basica on c2"), by species and space, made once and
// shared.
var heads = func() map[string]*[Spaces]*msg.Message {
	out := map[string]*[Spaces]*msg.Message{}
	for _, d := range data.Cards {
		var h [Spaces]*msg.Message
		for sp := range h {
			h[sp] = say("line_head", shortArg("Card", d.ID), msg.Code("Space", SpaceName(sp)))
		}
		out[d.ID] = &h
	}
	return out
}()

// head is the head of an activation line of card on space sp.
func (g *State) head(card string, sp int) *msg.Message {
	if h, ok := heads[card]; ok && sp >= 0 && sp < Spaces {
		return h[sp]
	}
	return g.ar.say("line_head", shortArg("Card", card), msg.Code("Space", SpaceName(sp)))
}
