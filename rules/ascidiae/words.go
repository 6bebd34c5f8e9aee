package ascidiae

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// ownerPrefixes are "{seat:N}'s ", written once: every activation's event starts with its owner.
var ownerPrefixes = func() (out [4]string) {
	for i := range out {
		out[i] = rules.SeatRef(rules.Seat(i)) + "'s "
	}
	return out
}()

// logLine writes line, a sentence about one of seat's cards without its owner ("basica on c2
// spawns 1 black."), into the turn's log, and returns the event naming the owner ("{seat:0}'s
// basica on c2 spawns 1 black.").
func (g *State) logLine(seat int, line *msg.Message) rules.Event {
	m := g.ar.say("ev_owned", msg.Seat("Seat", seat), msg.Nested("Line", line))
	text := m.English()
	g.Log = append(g.Log, text[len(ownerPrefix(seat)):]) // the line's English, no copy
	g.LogMsgs = append(g.LogMsgs, line)
	return rules.Say(m)
}

// activationEvent is the event of one activation of seat's card.
func activationEvent(seat int, e rules.Event) rules.Event {
	e.Kind = "activation"
	return e
}

// ownerPrefix is the start of an event about a card of seat's: "{seat:1}'s ".
func ownerPrefix(seat int) string {
	if seat >= 0 && seat < len(ownerPrefixes) {
		return ownerPrefixes[seat]
	}
	return rules.SeatRef(rules.Seat(seat)) + "'s "
}

// lostMsg is the end of "rubra on c3 is lost": its tadpoles, when it had any; rel words it for
// a relative clause ("which is lost"), where German puts the verb last.
func lostMsg(p Pool, rel bool) *msg.Message {
	switch {
	case p.Total() == 0 && rel:
		return say("rel_lost")
	case p.Total() == 0:
		return say("lost")
	case rel:
		return say("rel_lost_with", msg.Nested("Pool", poolMsg(p)))
	}
	return say("lost_with", msg.Nested("Pool", poolMsg(p)))
}

// ordinalMsg writes a count of colonies claimed: "second".
func ordinalMsg(n int) *msg.Message {
	if n >= 1 && n <= 4 {
		return say([...]string{"ord_1", "ord_2", "ord_3", "ord_4"}[n-1])
	}
	return say("ord_n", msg.Number("N", n))
}

// nextWhat says in words what the token after prefix stands for in seat's decision: "a facing
// for habilis", "the space to move rubra to". Refusals name it instead of parser words.
func (g *State) nextWhat(seat int, prefix rules.Move) *msg.Message {
	if g.setupPhase() {
		card := initials[min(len(prefix)/2, 1)]
		if len(prefix)%2 == 0 {
			return say("next_space_for", msg.Code("Card", card))
		}
		return say("next_facing_for", msg.Code("Card", card))
	}
	n := len(prefix)
	switch g.Turn.Wait {
	case waitStart:
		switch n {
		case 0:
			return say("next_learning")
		case 1:
			return say("next_learn_space", msg.Code("Card", prefix[0]))
		}
		return say("next_facing_for", msg.Code("Card", prefix[0]))
	case waitAbility:
		return say("next_ability")
	case waitPick:
		if a := g.currentAction(); a.Verb == Coop {
			return say("next_pick_coop")
		} else {
			return say(pickIDs[a.Verb])
		}
	case waitCentral:
		if n == 0 {
			return say("next_action")
		}
		switch prefix[0] {
		case wColonize:
			return say("next_colony")
		case wRoot:
			switch n {
			case 1:
				return say("next_root_pile")
			case 2:
				return say("next_root_space", msg.Code("Card", prefix[1]))
			}
			return say("next_facing_for", msg.Code("Card", prefix[1]))
		case wDisplace:
			switch n {
			case 1:
				return say("next_displace_from")
			case 2:
				return say("next_displace_to")
			}
			return say("next_pay")
		case wSpin:
			switch n {
			case 1:
				return say("next_spin_from")
			case 2:
				return say("next_spin_facing")
			}
			return say("next_pay")
		case wBlock:
			return say("next_block_pile")
		case wPuff:
			return say("next_puff")
		}
	}
	return say("next_part")
}

// pickIDs name, by verb, the tadpoles an any-colour icon of that action asks for.
var pickIDs = [numVerbs]string{Spawn: "next_pick_spawn", Consume: "next_pick_consume", Push: "next_pick_push", Catch: "next_pick_catch", Coop: "next_pick_coop"}

// orListMsg is orList as a message.
func orListMsg(cs []rules.Choice) *msg.Message {
	if len(cs) == 0 {
		return say("or_nothing")
	}
	const most = 12
	var toks []*msg.Message
	for i, c := range cs {
		if i == most {
			return say("list_more", msg.Nested("First", listMsg(toks, "list_comma")), msg.Count("More", len(cs)-most))
		}
		if strings.Contains(c.Token, "+") {
			toks = append(toks, codeMsg(strconv.Quote(c.Token))) // several colours: to be typed as it is
		} else {
			toks = append(toks, codeMsg(c.Token))
		}
	}
	return listMsg(toks, "list_or")
}

// example completes prefix with the first choice at each step: a whole move to show as a model.
func (g *State) example(seat int, prefix rules.Move) rules.Move {
	tree, err := g.quietTree(seat)
	if err != nil {
		return prefix
	}
	m := append(rules.Move(nil), prefix...)
	for len(m) < rules.MaxTreeDepth {
		next, complete := tree(m)
		if complete || len(next) == 0 {
			break
		}
		m = append(m, next[0].Token)
	}
	return m
}

// watch gathers what a move causes, on a copy of the game that plays it for a menu label.
type watch struct {
	purges []purge
}

// purge is a card that purged on activation.
type purge struct {
	seat, space, n int
	card           string
}

// consequence says what the rules make certain once seat plays the whole move m: the cards that
// purge before anyone decides anything again, and the end of the game. Nil when there is nothing
// to warn of. Labels add it, so a player never purges a card or ends the game unawares. The end
// of the game comes apart (end), as labels put it first, where a menu never cuts it.
func (g *State) consequence(seat int, m rules.Move) (parts []*msg.Message, end *msg.Message) {
	c := g.clone()
	c.watch = &watch{}
	c.play(rules.Seat(seat), m)
	if ps := c.watch.purges; len(ps) > 0 {
		var cards []*msg.Message
		for _, p := range ps {
			if p.seat != seat {
				cards = append(cards, say("cons_theirs", msg.Seat("Seat", p.seat), shortArg("Card", p.card), msg.Code("Space", SpaceName(p.space))))
			} else {
				cards = append(cards, say("cons_yours", shortArg("Card", p.card), msg.Code("Space", SpaceName(p.space))))
			}
		}
		if len(ps) == 1 {
			parts = append(parts, say("cons_purges", msg.Nested("Card", cards[0]), msg.Number("N", ps[0].n)))
		} else {
			parts = append(parts, say("cons_purge", msg.Nested("Cards", listMsg(cards, "list_and"))))
		}
	}
	if r := c.Res; r != nil && g.Res == nil {
		switch {
		case g.solo() && r.Ranks[0] == 1 && strings.HasPrefix(r.English(), "Major"):
			end = say("cons_major")
		case g.solo() && r.Ranks[0] == 1:
			end = say("cons_minor")
		case g.solo():
			end = say("cons_defeat")
		case r.Ranks[seat] == 1 && len(r.Winners()) == 1:
			end = say("cons_win")
		case strings.HasPrefix(r.English(), "The turn limit"):
			end = say("cons_limit")
		default:
			end = say("cons_end")
		}
	}
	return parts, end
}

// withConsequences adds to each choice that completes a move what that move makes certain. Setup
// is left alone: the last placement starts the game from the others' placements, still secret.
func (g *State) withConsequences(seat int, partial rules.Move, next []rules.Choice) []rules.Choice {
	if g.setupPhase() || len(next) == 0 {
		return next
	}
	tree, err := g.quietTree(seat)
	if err != nil {
		return next
	}
	out := make([]rules.Choice, len(next))
	copy(out, next)
	m := make(rules.Move, len(partial), len(partial)+1)
	copy(m, partial)
	for i, ch := range out {
		mm := append(m, ch.Token)
		if _, complete := tree(mm); !complete {
			if len(partial) == 0 && ch.Token == wColonize && !g.solo() && len(g.Players[seat].Colonies)+1 >= g.winTarget() {
				// Every claim wins: say so on the entry itself, not only one level down.
				out[i].Msg = say("with_first", msg.Nested("Label", out[i].Msg), msg.Nested("Note", say("cons_win")))
			}
			continue
		}
		notes, end := g.consequence(seat, mm)
		for _, note := range notes {
			out[i].Msg = say("with_note", msg.Nested("Label", out[i].Msg), msg.Nested("Note", note))
		}
		if end != nil {
			out[i].Msg = say("with_first", msg.Nested("Label", out[i].Msg), msg.Nested("Note", end))
		}
		if len(notes) > 0 || end != nil {
		}
	}
	return out
}
