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

// manyActivations are the condensed lines for a run of one seat's activation events, for a
// digest too long to list every line (rules.Event.Many).
var manyActivations = func() (out [4]string) {
	for i := range out {
		out[i] = rules.SeatRef(rules.Seat(i)) + "'s ascidiae activated %d times"
	}
	return out
}()

// activationEvent is the event of one activation of seat's card.
func activationEvent(seat int, text string) rules.Event {
	e := rules.Event{Text: text, Kind: "activation"}
	if seat >= 0 && seat < len(manyActivations) {
		e.Many = manyActivations[seat]
	}
	return e
}

// ownerPrefix is the start of an event about a card of seat's: "{seat:1}'s ".
func ownerPrefix(seat int) string {
	if seat >= 0 && seat < len(ownerPrefixes) {
		return ownerPrefixes[seat]
	}
	return rules.SeatRef(rules.Seat(seat)) + "'s "
}

// holding writes what a card holds for players: "2 black, 1 red", or "no tadpoles".
func holding(p Pool) string {
	if p.Total() == 0 {
		return "no tadpoles"
	}
	return p.String()
}

// lostWith is the end of "rubra on c3 is lost": its tadpoles, when it had any.
func lostWith(p Pool) string {
	if p.Total() == 0 {
		return "is lost"
	}
	return "is lost with " + p.String()
}

// ordinal writes a count of colonies claimed: "second".
func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
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
// purge before anyone decides anything again, and the end of the game. "" when there is nothing
// to warn of. Labels add it, so a player never purges a card or ends the game unawares.
func (g *State) consequence(seat int, m rules.Move) string {
	c := g.clone()
	c.watch = &watch{}
	c.play(rules.Seat(seat), m)
	var parts []string
	if ps := c.watch.purges; len(ps) > 0 {
		var cards []string
		for _, p := range ps {
			who := "your "
			if p.seat != seat {
				who = ownerPrefix(p.seat)
			}
			cards = append(cards, who+p.card+" on "+SpaceName(p.space))
		}
		if len(ps) == 1 {
			parts = append(parts, "then "+cards[0]+" purges its "+strconv.Itoa(ps[0].n)+" tadpoles")
		} else {
			last := len(cards) - 1
			parts = append(parts, "then "+strings.Join(cards[:last], ", ")+" and "+cards[last]+" purge their tadpoles")
		}
	}
	if r := c.Res; r != nil && g.Res == nil {
		switch {
		case g.solo() && r.Ranks[0] == 1 && strings.HasPrefix(r.Reason, "Major"):
			parts = append(parts, "you win: a major victory")
		case g.solo() && r.Ranks[0] == 1:
			parts = append(parts, "you win: a minor victory")
		case g.solo():
			parts = append(parts, "the game ends in a defeat")
		case r.Ranks[seat] == 1 && len(r.Winners()) == 1:
			parts = append(parts, "you win the game")
		case strings.HasPrefix(r.Reason, "The turn limit"):
			parts = append(parts, "the turn limit ends the game")
		default:
			parts = append(parts, "the game ends")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
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
			continue
		}
		if note := g.consequence(seat, mm); note != "" {
			out[i].Label += note
		}
	}
	return out
}
