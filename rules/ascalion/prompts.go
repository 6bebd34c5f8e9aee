package ascalion

import (
	"fmt"
	"strings"

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
	return strings.Join(names, ", ")
}

func (s *state) promptText(p int) string {
	switch s.Stage {
	case stSources:
		return fmt.Sprintf("Setup: place one of your face-down sources (%d left) in a land without one.", s.SrcLeft[p])
	case stWarriors:
		return fmt.Sprintf("Setup: settle a free land with a warrior (%d lands left).", len(s.freeLands()))
	case stVote:
		return fmt.Sprintf("A 6 was rolled: vote yes to hold the %s phase, no to cancel it.", phaseNames[s.VotePhase])
	case stTieBreak:
		return fmt.Sprintf("The vote on the %s phase is tied: you decide, yes or no.", phaseNames[s.VotePhase])
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
		return fmt.Sprintf("Transport: %d transport(s) left (foot, horse, chain, boat, ship), or done.", s.Left[p])
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
	case stVote, stTieBreak:
		add("Yes: hold the "+phaseNames[s.VotePhase]+" phase", "yes")
		add("No: cancel it", "no")
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
				add(fmt.Sprintf("Accept #%d", o.ID), "accept", fmt.Sprint(o.ID))
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
	case stVote, stTieBreak, stTemple:
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
	_, complete, err := s.ChoiceTokens(rules.Seat(p), m)
	return err == nil && complete, err
}
