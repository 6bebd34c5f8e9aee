package ascalion

import (
	"fmt"
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// awaited lists the seats that may move now.
func (s *state) awaited() []int {
	if s.Res != nil {
		return nil
	}
	switch s.Stage {
	case stOver:
		return nil
	case stPlace:
		if len(s.Place) > 0 {
			return []int{s.Place[0].Seat}
		}
		return nil
	case stTrade:
		var out []int
		for p := 0; p < s.N; p++ {
			if s.tradeAwaits(p) {
				out = append(out, p)
			}
		}
		return out
	case stPassage:
		var out []int
		for i, q := range s.Trip.Cross.Ask {
			if s.Trip.Cross.Answers[i] < 0 {
				out = append(out, q)
			}
		}
		return out
	}
	return []int{s.Turn}
}

// Awaiting says who must act and what is asked, with the answer silence gives.
func (s *state) Awaiting() []rules.Prompt {
	var out []rules.Prompt
	for _, p := range s.awaited() {
		m := s.promptText(p)
		pr := rules.Prompt{Seat: rules.Seat(p), Msg: m}
		pr.Default = s.defaultMove(p)
		pr.Answers = s.answers(p)
		// Votes and alliance declarations are said aloud in turn order (§6.0, §12.6) and trade
		// offers are open negotiation at the table: only passage answers are given in secret.
		pr.Open = s.Stage != stPassage
		out = append(out, pr)
	}
	return out
}

func (s *state) waitingFor() M {
	ps := s.awaited()
	if len(ps) == 0 {
		return fixed("nobody")
	}
	return seatMsgs(ps)
}

func (s *state) promptText(p int) M {
	switch s.Stage {
	case stSources:
		return say("pr_sources", num("N", s.SrcLeft[p]))
	case stWarriors:
		return say("pr_warriors", nested("Lands", count(len(s.freeLands()), "n_lands")))
	case stVote:
		return say("pr_vote", msg.Term("Phase", phaseTerm[s.VotePhase]))
	case stTieBreak:
		return say("pr_tie", msg.Term("Phase", phaseTerm[s.VotePhase]), nested("Vote", s.ownVote(p)))
	case stTemple:
		return fixed("pr_temple")
	case stUnivPlace:
		return fixed("pr_univ_place")
	case stBuild:
		return fixed("pr_build")
	case stPlace:
		switch s.Place[0].Kind {
		case placeHorse:
			return say("pr_foal", landArg("Land", s.Place[0].Source))
		case placeFollower:
			return fixed("pr_follower")
		default:
			return fixed("pr_book")
		}
	case stTrade:
		return s.tradePrompt(p)
	case stTransport:
		if s.Trip != nil {
			return fixed("pr_passage_answered")
		}
		return say("pr_transport", nested("Left", count(s.Left[p], "n_transports")))
	case stPassage:
		v := s.vessel(s.Trip.Vessel)
		return say("pr_passage", seatArg("Seat", v.Owner), num("N", s.value(vesselArea+v.ID)))
	case stUnivChoice:
		return fixed("pr_univ_choice")
	case stAttack:
		if s.Atk.Won > 0 {
			return fixed("pr_attack_won")
		}
		return fixed("pr_attack")
	case stExtra:
		return fixed("pr_extra")
	case stAlly:
		return say("pr_ally", seatArg("Attacker", s.Atk.Attacker), nested("Area", s.areaName(s.Atk.Target)), seatArg("Defender", s.Atk.Defender))
	case stBookLoss:
		return fixed("pr_book_loss")
	}
	return fixed("pr_move")
}

// answers are the public one-tap answers of a seat asked a question: a vote, a temple offer, a
// passage request, an alliance call, the trade offers made to it (making offers, or saying done,
// is the seat's own planning and goes through the picker). Offers and their numbers are
// public (announced when made), so "accept 4" shows nothing private. Only whole moves are kept:
// an acceptance that still needs choices goes through the picker.
func (s *state) answers(p int) []rules.Answer {
	var cands []rules.Answer
	add := func(label M, toks ...string) {
		cands = append(cands, rules.Answer{Move: rules.Move(toks), Msg: label})
	}
	phase := msg.Term("Phase", phaseTerm[s.VotePhase])
	switch s.Stage {
	case stVote:
		add(say("an_yes", phase, empty("Mine")), "yes")
		add(say("an_no", empty("Mine")), "no")
	case stTieBreak:
		yes, no := empty("Mine"), empty("Mine")
		if s.Votes[p] == 1 {
			yes = nested("Mine", fixed("an_your_vote"))
		} else if s.Votes[p] == 0 {
			no = nested("Mine", fixed("an_your_vote"))
		}
		add(say("an_yes", phase, yes), "yes")
		add(say("an_no", no), "no")
	case stTemple:
		add(fixed("an_temple"), "temple")
		add(fixed("an_temple_no"), "no")
	case stPassage:
		add(fixed("an_allow"), "allow")
		add(fixed("an_refuse"), "refuse")
	case stAlly:
		add(s.sideLabel(p, 1), "attacker")
		add(s.sideLabel(p, 2), "defender")
		add(s.sideLabel(p, 0), "neutral")
	case stTrade:
		if s.Receipts[p].total() > 0 {
			return nil
		}
		for _, o := range s.Offers {
			if o.To == p {
				add(say("an_accept", nested("Offer", s.offerFor(o))), "accept", fmt.Sprint(o.ID))
				add(say("an_reject", num("N", o.ID)), "reject", fmt.Sprint(o.ID))
			}
		}
	}
	var out []rules.Answer
	for _, a := range cands {
		if ok, _ := s.accepts(p, a.Move); ok {
			out = append(out, a)
		}
	}
	return out
}

// defaultMove is what silence does: the rulebook-friendly "no" answers where they exist, else
// the first option of every menu.
func (s *state) defaultMove(p int) rules.Move {
	if s.Trip != nil && (s.Stage == stTransport || s.Stage == stExtra || s.Stage == stAttack) {
		if ok, _ := s.accepts(p, rules.Move{"end"}); ok {
			return rules.Move{"end"}
		}
		return s.firstMove(p)
	}
	switch s.Stage {
	case stTieBreak:
		// Silence keeps the start player's own vote (§6.0: the final say is his).
		if s.Votes[p] == 1 {
			return rules.Move{"yes"}
		}
		return rules.Move{"no"}
	case stVote, stTemple:
		return rules.Move{"no"}
	case stBuild, stTransport:
		if s.Stage == stTransport && s.Trip != nil {
			break
		}
		if ok, _ := s.accepts(p, rules.Move{"done"}); ok {
			return rules.Move{"done"}
		}
	case stPassage:
		return rules.Move{"refuse"}
	case stUnivChoice:
		return rules.Move{"attack"}
	case stAttack:
		if ok, _ := s.accepts(p, rules.Move{"pass"}); ok {
			return rules.Move{"pass"}
		}
		return rules.Move{"done"}
	case stExtra:
		return rules.Move{"skip"}
	case stAlly:
		return rules.Move{"neutral"}
	case stTrade:
		if s.Receipts[p].total() > 0 {
			break
		}
		for _, o := range s.Offers {
			if o.To == p {
				return rules.Move{"reject", fmt.Sprint(o.ID)}
			}
		}
		if ok, _ := s.accepts(p, rules.Move{"done"}); ok {
			return rules.Move{"done"}
		}
	case stPlace:
		if s.Place[0].Kind == placeFollower {
			return rules.Move{"skip"}
		}
	}
	return s.firstMove(p)
}

func (s *state) accepts(p int, m rules.Move) (bool, error) {
	if !treePrompts {
		if ok, sure := s.plainlyAccepts(p, m); sure {
			return ok, nil
		}
	}
	_, complete, err := s.ChoiceTokens(rules.Seat(p), m)
	return err == nil && complete, err
}

// treePrompts makes accepts always ask the tree (tests compare both ways).
var treePrompts = false

// plainlyAccepts answers accepts for an awaited seat, for the one- and two-word moves the prompts ask about, where
// the rules make the answer plain, without playing the move; sure is false where it does not
// know. Asked for every awaited seat after every move, the tree's answer was most of the time
// random play took; TestPlainAcceptsAgree checks this one against it.
func (s *state) plainlyAccepts(p int, m rules.Move) (ok, sure bool) {
	w := m[0]
	switch {
	case len(m) == 1 && (s.Stage == stVote || s.Stage == stTieBreak) && (w == "yes" || w == "no"),
		len(m) == 1 && s.Stage == stPassage && (w == "allow" || w == "refuse"),
		len(m) == 1 && s.Stage == stAlly && (w == "attacker" || w == "defender" || w == "neutral"),
		len(m) == 1 && s.Stage == stTemple && w == "no",
		len(m) == 1 && s.Stage == stBuild && w == "done":
		return true, true // words that end the move in every position of their stage
	case len(m) == 1 && s.Stage == stTemple && w == "temple":
		return false, true // a land must follow
	case len(m) == 1 && s.Stage == stTransport && s.Trip == nil && w == "done":
		return len(s.strandedOf(p)) == 0, true // a boat on the high sea must come back first
	case len(m) == 1 && s.Stage == stAttack && s.Trip == nil && w == "pass":
		return s.Atk.Count == 0, true // pass before any attack; done after one
	case s.Stage != stTrade || s.Receipts[p].total() > 0:
		return false, false
	case len(m) == 1 && w == "done":
		return !s.Done[p], true
	case len(m) == 2 && (w == "accept" || w == "reject"):
		i := s.offerByID(atoi(m[1]))
		if i < 0 || s.Offers[i].To != p || m[1] != strconv.Itoa(s.Offers[i].ID) {
			return false, false
		}
		if w == "reject" {
			return true, true
		}
		// The payment is read only where a wanted kind lies in more than one of p's areas.
		o := s.Offers[i]
		for k := 0; k < Weapon; k++ {
			if o.Get[k] == 0 {
				continue
			}
			areas, units := 0, 0
			for a := range s.areas(p) {
				if n := s.goods(a)[k]; n > 0 {
					areas++
					units += n
				}
			}
			if units < o.Get[k] {
				return false, false // unpaid: pruning should have removed it; the tree decides
			}
			if areas > 1 {
				return false, true
			}
		}
		return true, true
	}
	return false, false
}

// atoi reads a non-negative decimal number, -1 for anything else.
func atoi(t string) int {
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// ownVote is what seat p voted, for the tie-break prompt.
func (s *state) ownVote(p int) M {
	switch s.Votes[p] {
	case 1:
		return fixed("voted_yes")
	case 0:
		return fixed("voted_no")
	}
	return fixed("voted_none")
}
