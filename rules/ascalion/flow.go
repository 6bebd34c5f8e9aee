package ascalion

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// This file drives the round: the six phases in order (§5.0), the die (§6.0) and the start
// player's rotation (§7.0). Each function either waits for a player (sets Stage and Turn) or
// calls the next step.

func (s *state) emit(id string, args ...msg.Arg) {
	s.events = append(s.events, rules.Say(say(id, args...)))
}

func (s *state) reveal(id string, args ...msg.Arg) {
	e := rules.Say(say(id, args...))
	e.Reveals = true
	s.events = append(s.events, e)
}

func (s *state) seatName(p int) string { return seatName(p) }

// seatName is how texts name a seat: a placeholder the platform renders as the player with the
// seat's colour ("alice (Red)").
func seatName(p int) string { return rules.SeatRef(rules.Seat(p)) }

// colourName is a seat's colour as the board draws it: "Red".
func colourName(p int) string {
	if p < 0 || p >= len(colourNames) {
		return fmt.Sprintf("Player %d", p+1)
	}
	return strings.ToUpper(colourNames[p][:1]) + colourNames[p][1:]
}

// plain renders a text's seat placeholders as colours, for the view the board is drawn from.
func plain(t string) string {
	return rules.RenderSeats(t, func(p rules.Seat) string { return colourName(int(p)) })
}

// colourNames are the seat tokens (trade partners, passage requests) and the colours the board
// draws: six that stay apart for colour-blind players.
var colourNames = []string{"red", "blue", "yellow", "green", "purple", "black"}

// seatList names seats in a sentence: "{seat:0}, {seat:2} and {seat:3}".
func (s *state) seatList(ps []int) M { return seatMsgs(ps) }

func (s *state) next(p int) int { return (p + 1) % s.N }

// --- rounds ---------------------------------------------------------------------------------

func (s *state) startRound() {
	if s.Res != nil {
		return
	}
	s.Round++
	if s.Round > 1 {
		p := s.next(s.SP)
		for i := 0; i < s.N && !s.alive(p); i++ {
			p = s.next(p)
		}
		s.SP = p
	}
	s.Phase = 1
	s.Die = 0
	s.emit("ev_round", num("N", s.Round), seatArg("Seat", s.SP))
	s.startDevelopment()
}

// dieCheck rolls for phases 3-5: 1-4 the phase runs, 5 it is cancelled, 6 the players vote.
func (s *state) dieCheck(phase int) {
	s.Die = s.RNG.IntN(6) + 1
	name := msg.Term("Phase", phaseTerm[phase])
	switch {
	case s.Die <= 4:
		s.reveal("ev_die_runs", seatArg("Seat", s.SP), num("N", s.Die), name)
		s.phaseRuns(phase)
	case s.Die == 5:
		s.reveal("ev_die_cancel", seatArg("Seat", s.SP), name)
		s.phaseSkipped(phase)
	default:
		s.reveal("ev_die_vote", seatArg("Seat", s.SP), name)
		s.VotePhase = phase
		s.Votes = make([]int, s.N)
		for i := range s.Votes {
			s.Votes[i] = -1
		}
		s.Queue = s.order()
		s.Stage = stVote
		s.Turn = s.Queue[0]
	}
}

var phaseNames = []string{"setup", "start player", "development", "production", "trade", "transport", "attack"}

func (s *state) phaseRuns(phase int) {
	switch phase {
	case 3:
		s.runProduction()
	case 4:
		s.runTrade()
	case 5:
		s.runTransport()
	}
}

func (s *state) phaseSkipped(phase int) {
	switch phase {
	case 3:
		s.startTrade()
	case 4:
		s.startTransport()
	case 5:
		s.endTransport()
	}
}

func (s *state) playVote(p int, r *rd) error {
	w, err := r.word(wYesNo, "yes", "lb_hold_phase", "no", "lb_cancel_phase")
	if err != nil {
		return err
	}
	if s.Stage == stTieBreak {
		s.emit("ev_tie_"+w, seatArg("Seat", p))
		if w == "yes" {
			s.phaseRuns(s.VotePhase)
		} else {
			s.phaseSkipped(s.VotePhase)
		}
		return nil
	}
	s.Votes[p] = 0
	if w == "yes" {
		s.Votes[p] = 1
	}
	s.emit("ev_vote_"+w, seatArg("Seat", p))
	s.Queue = s.Queue[1:]
	if len(s.Queue) > 0 {
		s.Turn = s.Queue[0]
		return nil
	}
	yes, no := 0, 0
	for _, v := range s.Votes {
		switch v {
		case 1:
			yes++
		case 0:
			no++
		}
	}
	switch {
	case yes > no:
		s.emit("ev_vote_runs", num("Yes", yes), num("No", no))
		s.phaseRuns(s.VotePhase)
	case no > yes:
		s.emit("ev_vote_cancel", num("Yes", yes), num("No", no))
		s.phaseSkipped(s.VotePhase)
	case yes+no == 2 && s.Votes[s.SP] >= 0:
		// Two voters: the start player's vote, cast first, is his final say (issue 36); asking
		// him again would cost a visit to repeat it.
		s.emit("ev_vote_tied", num("Yes", yes), num("No", no), seatArg("Seat", s.SP))
		if s.Votes[s.SP] == 1 {
			s.emit("ev_tie_yes", seatArg("Seat", s.SP))
			s.phaseRuns(s.VotePhase)
		} else {
			s.emit("ev_tie_no", seatArg("Seat", s.SP))
			s.phaseSkipped(s.VotePhase)
		}
	default:
		s.emit("ev_vote_tied", num("Yes", yes), num("No", no), seatArg("Seat", s.SP))
		s.Stage = stTieBreak
		s.Turn = s.SP
	}
	return nil
}

// --- end of the round -------------------------------------------------------------------------

func (s *state) endAttackPhase() {
	s.Atk = nil
	if s.Opt.Expansion && s.startBookLoss() {
		return
	}
	s.checkVictory()
	if s.Res == nil {
		s.startRound()
	}
}

// checkVictory runs at the end of every attack phase (§3).
func (s *state) checkVictory() {
	cities := make([]int, s.N)
	for p := range cities {
		cities[p] = s.cities(p)
	}
	var with3 []int
	best, nBest := 0, 0
	for p, c := range cities {
		if c >= 3 {
			with3 = append(with3, p)
		}
		if c > best {
			best, nBest = c, 1
		} else if c == best {
			nBest++
		}
	}
	alive := 0
	last := -1
	for p := 0; p < s.N; p++ {
		if s.alive(p) {
			alive++
			last = p
		}
	}
	var winners []int
	var reason M
	switch {
	case alive == 1:
		winners = []int{last}
		reason = say("res_last", seatArg("Seat", last))
	case len(with3) == 0:
	case s.Opt.Victory == "single":
		if nBest == 1 {
			for p, c := range cities {
				if c == best {
					winners = []int{p}
				}
			}
			reason = say("res_single", seatArg("Seat", winners[0]), num("N", best))
		}
	case s.Opt.Victory == "strict":
		if len(with3) == 1 {
			winners = with3
			reason = say("res_strict", seatArg("Seat", with3[0]))
		}
	default:
		winners = with3
		if len(with3) == 1 {
			reason = say("res_shared_one", seatArg("Seat", with3[0]), nested("Cities", count(cities[with3[0]], "n_cities")))
		} else {
			reason = say("res_shared", nested("Seats", s.seatList(with3)))
		}
	}
	if winners == nil && s.Opt.Rounds > 0 && s.Round >= s.Opt.Rounds {
		for p, c := range cities {
			if c == best {
				winners = append(winners, p)
			}
		}
		id := "res_limit_one"
		if len(winners) > 1 {
			id = "res_limit_many"
		}
		reason = say(id, num("Rounds", s.Opt.Rounds), nested("Seats", s.seatList(winners)), num("N", best))
	}
	if winners == nil {
		return
	}
	ranks := make([]int, s.N)
	win := map[int]bool{}
	for _, w := range winners {
		win[w] = true
	}
	for p := range ranks {
		if win[p] {
			ranks[p] = 1
			continue
		}
		r := 1 + len(winners)
		for q := range cities {
			if !win[q] && cities[q] > cities[p] {
				r++
			}
		}
		ranks[p] = r
	}
	s.Res = &rules.Result{Ranks: ranks, Scores: cities, ReasonMsg: reason}
	s.Stage = stOver
	s.Queue = nil
	s.events = append(s.events, rules.Say(reason)) // the bot's result line says "Game over"
}

// SeatName is the seat's colour, as texts and the map name it: "Red".
func (s *state) SeatName(p rules.Seat) string { return colourName(int(p)) }

// RoundCount makes the game a rules.RoundCounter.
func (s *state) RoundCount() int { return s.Round }

// PartCount numbers the phases played (rules.PartCounter): a phase the rules end by themselves
// hands the same player the next one, and a step typed for the first must not land in it.
func (s *state) PartCount() int { return s.Round*8 + s.Phase }

// SeatNameMsg is SeatName as a message of the game's catalogue ("Red", "Rot", "Rojo", "Rouge"),
// for a platform that names seats in the reader's language.
func (s *state) SeatNameMsg(p rules.Seat) *msg.Message { return ColourMsg(int(p)) }
