package ascalion

import (
	"fmt"
	"strconv"

	"github.com/boardbot/boardbot/rules"
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
		pr := rules.Prompt{Seat: rules.Seat(p), Text: s.promptText(p)}
		pr.Default = s.defaultMove(p)
		pr.Answers = s.answers(p)
		// Votes and alliance declarations are said aloud in turn order (§6.0, §12.6) and trade
		// offers are open negotiation at the table: only passage answers are given in secret.
		pr.Open = s.Stage != stPassage
		out = append(out, pr)
	}
	return out
}

func (s *state) waitingFor() string {
	var names []string
	for _, p := range s.awaited() {
		names = append(names, s.seatName(p))
	}
	if len(names) == 0 {
		return "nobody"
	}
	return joinList(names)
}

func (s *state) promptText(p int) string {
	switch s.Stage {
	case stSources:
		return fmt.Sprintf("Setup: place one of your face-down sources (%d left) in a land without one.", s.SrcLeft[p])
	case stWarriors:
		return fmt.Sprintf("Setup: settle a free land with a warrior (%s left).", count(len(s.freeLands()), "land", "lands"))
	case stVote:
		return fmt.Sprintf("A 6 was rolled: vote yes to hold the %s phase, no to cancel it.", phaseNames[s.VotePhase])
	case stTieBreak:
		return fmt.Sprintf("The vote on the %s phase is tied. As start player you have the final say, and may change your vote (%s): yes to hold the phase, no to cancel it.", phaseNames[s.VotePhase], s.ownVote(p))
	case stTemple:
		return "Found a temple in one of your lands? You would produce no resources this round (say no to pass the offer on)."
	case stUnivPlace:
		return "Place the university you founded in one of your lands."
	case stBuild:
		return "Development: build weapons, cities, boats and ships from resources lying together, then done."
	case stPlace:
		switch s.Place[0].Kind {
		case placeHorse:
			return fmt.Sprintf("Your horse breeding in %s has a foal: choose a land for it.", board.Lands[s.Place[0].Source].Name)
		case placeFollower:
			return "Place a follower of your temple in a foreign area to convert it (or skip)."
		default:
			return "Your university gives a book: place it in one of your areas."
		}
	case stTrade:
		return s.tradePrompt(p)
	case stTransport:
		if s.Trip != nil {
			return "Your boat's passage was answered: continue the transport or end it."
		}
		return fmt.Sprintf("Transport: %s left (foot, horse, chain, boat, ship), or done.", count(s.Left[p], "transport", "transports"))
	case stPassage:
		v := s.vessel(s.Trip.Vessel)
		return fmt.Sprintf("%s's boat (strength %d) wants to pass your bank: allow or refuse?", s.seatName(v.Owner), s.value(vesselArea+v.ID))
	case stUnivChoice:
		return "Attack phase: found a university (pay 2 resources, no attacks this round) or attack as usual."
	case stAttack:
		if s.Atk.Won > 0 {
			return "You won: take city-bonus transports, a second attack, or done."
		}
		return "Attack a neighbouring area, or pass."
	case stExtra:
		return "Extra transport for this attack (horses, weapons, boats, ships next to the target), or skip."
	case stAlly:
		return fmt.Sprintf("%s attacks %s (%s): lend your neighbouring areas to the attacker, the defender, or stay neutral.",
			s.seatName(s.Atk.Attacker), s.areaName(s.Atk.Target), s.seatName(s.Atk.Defender))
	case stBookLoss:
		return "You lost your university: remove two of your books."
	}
	return "Your move."
}

// answers are the public one-tap answers of a seat asked a question: a vote, a temple offer, a
// passage request, an alliance call, the trade offers made to it (making offers, or saying done,
// is the seat's own planning and goes through the picker). Offers and their numbers are
// public (announced when made), so "accept 4" shows nothing private. Only whole moves are kept:
// an acceptance that still needs choices goes through the picker.
func (s *state) answers(p int) []rules.Answer {
	var cands []rules.Answer
	add := func(label string, toks ...string) {
		cands = append(cands, rules.Answer{Move: rules.Move(toks), Label: label})
	}
	switch s.Stage {
	case stVote:
		add("Yes: hold the "+phaseNames[s.VotePhase]+" phase", "yes")
		add("No: cancel it", "no")
	case stTieBreak:
		yes, no := "Yes: hold the "+phaseNames[s.VotePhase]+" phase", "No: cancel it"
		if s.Votes[p] == 1 {
			yes += " (your vote)"
		} else if s.Votes[p] == 0 {
			no += " (your vote)"
		}
		add(yes, "yes")
		add(no, "no")
	case stTemple:
		add("Found a temple", "temple")
		add("Pass the offer on", "no")
	case stPassage:
		add("Allow passage", "allow")
		add("Refuse passage", "refuse")
	case stAlly:
		add("Support "+s.seatName(s.Atk.Attacker)+", the attacker", "attacker")
		add("Support "+s.seatName(s.Atk.Defender)+", the defender", "defender")
		add("Stay neutral", "neutral")
	case stTrade:
		if s.Receipts[p].total() > 0 {
			return nil
		}
		for _, o := range s.Offers {
			if o.To == p {
				add("Accept "+s.offerFor(o), "accept", fmt.Sprint(o.ID))
				add(fmt.Sprintf("Reject #%d", o.ID), "reject", fmt.Sprint(o.ID))
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
func (s *state) ownVote(p int) string {
	switch s.Votes[p] {
	case 1:
		return "you voted yes"
	case 0:
		return "you voted no"
	}
	return "you did not vote"
}
