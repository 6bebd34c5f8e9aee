package rulestest

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The texts of Bids, in the four languages like any game's: rulestest/locales/<lang>.toml.
//
//go:embed locales/*.toml
var bidLocales embed.FS

const bidsCat = "bids"

var _ = func() bool { msg.Register(bidsCat, bidLocales); return true }()

func bidSay(id string, args ...msg.Arg) *msg.Message { return msg.New(bidsCat, id, args...) }

// Bids is a small fake game for tests of the platform: see bids.
var Bids rules.Game = bids{}

// ScrambleBids is the Config.Scramble of Bids.
var ScrambleBids = scrambleBids

// bids is a small game that exercises everything the contract must carry: every seat bids a card
// from a hidden hand at the same time (simultaneous decisions, hidden information), the deck is
// shuffled and drawn from (randomness), and the round's winner then chooses between "draw" and
// "gift <card> <seat>" (a chained sub-decision inside one turn).
//
// The flags break it on purpose, so the suite's own tests can show it catches each kind of bug.
type bids struct {
	leakHands    bool // View shows every hand
	dirtyRefusal bool // a refused move still changes the state
	endless      bool // never ends
	refuseGift   bool // Apply refuses gifts the tree offers
	badAnswer    bool // the winner's prompt declares an answer that is not a whole move
	leakBid      bool // a bid is announced to everyone before the others have bid
	leakMenu     bool // the draw's label names the deck's top card
}

func (g bids) Info() rules.Info {
	return rules.Info{
		ID: "bids", Name: "Bids", MinSeats: 2, MaxSeats: 4,
		Options: []rules.Option{{Key: "rounds", NameMsg: bidSay("opt_rounds"), Default: "3",
			Choices: []rules.OptionChoice{{Value: "3", LabelMsg: bidSay("opt_three")}, {Value: "5", LabelMsg: bidSay("opt_five")}}}},
		SummaryMsg: bidSay("summary"), NotationMsg: bidSay("notation"),
	}
}

type bidState struct {
	g      bids
	Seats  int        `json:"seats"`
	Rounds int        `json:"rounds"`
	Round  int        `json:"round"`
	Hands  [][]int    `json:"hands"`
	Deck   []int      `json:"deck"`
	Bids   []int      `json:"bids"` // -1 not yet; 0 pass
	Winner rules.Seat `json:"winner"`
	Scores []int      `json:"scores"`
	Moves  int        `json:"moves"`
	RNG    *rules.RNG `json:"rng"`
	Over   bool       `json:"over"`
}

type bidView struct {
	Viewer rules.Seat `json:"viewer"`
	Hand   []int      `json:"hand,omitempty"`
	Sizes  []int      `json:"sizes"`
	Bid    []bool     `json:"bid"`
	Deck   int        `json:"deck"`
	Scores []int      `json:"scores"`
	All    [][]int    `json:"all,omitempty"`
}

func (g bids) New(s rules.Setup) (rules.State, error) {
	n, _ := strconv.Atoi(s.Options["rounds"])
	st := &bidState{g: g, Seats: s.Seats, Rounds: n, Round: 1, RNG: rules.NewRNG(s.Seed), Winner: -1}
	for c := 1; c <= 12; c++ {
		st.Deck = append(st.Deck, c)
	}
	st.RNG.Shuffle(len(st.Deck), func(i, j int) { st.Deck[i], st.Deck[j] = st.Deck[j], st.Deck[i] })
	st.Hands = make([][]int, s.Seats)
	for i := range st.Hands {
		st.Hands[i] = append([]int{}, st.Deck[:2]...)
		st.Deck = st.Deck[2:]
	}
	st.Scores = make([]int, s.Seats)
	st.resetBids()
	return st, nil
}

func (g bids) Decode(b []byte) (rules.State, error) {
	st := &bidState{g: g}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, err
	}
	return st, nil
}

func (s *bidState) resetBids() {
	s.Bids = make([]int, s.Seats)
	for i := range s.Bids {
		s.Bids[i] = -1
	}
}

func (s *bidState) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *bidState) Awaiting() []rules.Prompt {
	if s.Over {
		return nil
	}
	if s.Winner >= 0 {
		// Drawing is a public answer (which card comes is told only to the winner); a gift names
		// a card from the hand, so it stays in the private picker.
		var ans []rules.Answer
		if len(s.Deck) > 0 {
			ans = append(ans, rules.Answer{Move: rules.Move{"draw"}, Msg: bidSay("answer_draw")})
		}
		if s.g.badAnswer {
			ans = append(ans, rules.Answer{Move: rules.Move{"gift"}, Msg: bidSay("answer_gift")})
		}
		return []rules.Prompt{{Seat: s.Winner, Msg: bidSay("prompt_bonus"), Answers: ans}}
	}
	var ps []rules.Prompt
	for i, b := range s.Bids {
		if b < 0 {
			ps = append(ps, rules.Prompt{Seat: rules.Seat(i), Msg: bidSay("prompt_bid"), Default: rules.Move{"bid", "pass"}})
		}
	}
	return ps
}

func (s *bidState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if !rules.IsAwaited(s, seat) {
		return nil, false, rules.Refuse(bidSay("not_your_turn"))
	}
	var moves []rules.Move
	if s.Winner >= 0 {
		if len(s.Deck) > 0 {
			moves = append(moves, rules.Move{"draw"})
		}
		for _, c := range s.Hands[seat] {
			for t := 0; t < s.Seats; t++ {
				if rules.Seat(t) != seat {
					moves = append(moves, rules.Move{"gift", strconv.Itoa(c), strconv.Itoa(t)})
				}
			}
		}
		if len(moves) == 0 {
			moves = append(moves, rules.Move{"pass"})
		}
	} else {
		moves = append(moves, rules.Move{"bid", "pass"})
		for _, c := range s.Hands[seat] {
			moves = append(moves, rules.Move{"bid", strconv.Itoa(c)})
		}
	}
	var label func(rules.Move, string) *msg.Message
	if s.g.leakMenu && len(s.Deck) > 0 {
		label = func(_ rules.Move, tok string) *msg.Message {
			if tok == "draw" {
				return bidSay("label_draw_leak", msg.Number("Card", s.Deck[0]))
			}
			return nil
		}
	}
	next, complete, bad, ok := rules.ChoicesFromMoves(moves, m, label)
	if !ok {
		return nil, false, rules.Refuse(bidSay("no_fit", msg.Code("Token", strconv.Quote(m[bad])), msg.Code("Move", moves[0].String())))
	}
	return next, complete, nil
}

func (s *bidState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if s.g.dirtyRefusal {
		s.Moves += 1000
	}
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	s.Moves++
	if s.Winner >= 0 {
		return s.applyBonus(seat, m)
	}
	v := 0
	if m[1] != "pass" {
		v, _ = strconv.Atoi(m[1])
		s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(c int) bool { return c == v })
	}
	s.Bids[seat] = v
	evs := []rules.Event{{Msg: bidSay("you_bid", msg.Number("Card", v)), To: []rules.Seat{seat}}}
	if s.g.leakBid {
		evs[0].To = nil
	}
	if slices.Contains(s.Bids, -1) {
		return evs, nil
	}
	best := 0
	for i, b := range s.Bids {
		if b > s.Bids[best] {
			best = i
		}
	}
	s.Scores[best] += s.Bids[best]
	evs = append(evs, rules.Event{Msg: bidSay("revealed", msg.Code("Bids", fmt.Sprint(s.Bids)), msg.Seat("Winner", best)), Reveals: true})
	s.Winner = rules.Seat(best)
	return evs, nil
}

func (s *bidState) applyBonus(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	var evs []rules.Event
	switch m[0] {
	case "draw":
		c := s.Deck[0]
		s.Deck = s.Deck[1:]
		s.Hands[seat] = append(s.Hands[seat], c)
		evs = append(evs, rules.Event{Msg: bidSay("you_drew", msg.Number("Card", c)), To: []rules.Seat{seat}, Reveals: true},
			rules.Say(bidSay("winner_drew")))
	case "gift":
		if s.g.refuseGift {
			return nil, rules.Refuse(bidSay("no_gifts"))
		}
		c, _ := strconv.Atoi(m[1])
		t, _ := strconv.Atoi(m[2])
		s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(x int) bool { return x == c })
		s.Hands[t] = append(s.Hands[t], c)
		evs = append(evs, rules.Say(bidSay("gave", msg.Seat("Seat", int(seat)), msg.Seat("To", t))))
	}
	s.Winner = -1
	s.resetBids()
	s.Round++
	if s.Round > s.Rounds && !s.g.endless {
		s.Over = true
	}
	return evs, nil
}

func (s *bidState) View(seat rules.Seat) any {
	v := bidView{Viewer: seat, Deck: len(s.Deck), Scores: s.Scores}
	for i, h := range s.Hands {
		// A card bid face down still counts as held until the bids are revealed: whether a seat
		// passed is as secret as what it bid.
		n := len(h)
		if s.Winner < 0 && s.Bids[i] > 0 {
			n++
		}
		v.Sizes = append(v.Sizes, n)
		v.Bid = append(v.Bid, s.Bids[i] >= 0)
	}
	if seat >= 0 {
		v.Hand = s.Hands[seat]
	}
	if s.g.leakHands {
		v.All = s.Hands
	}
	return v
}

func (s *bidState) Result() *rules.Result {
	if !s.Over {
		return nil
	}
	return &rules.Result{Ranks: rules.RanksByScore(s.Scores), Scores: s.Scores, ReasonMsg: bidSay("reason_rounds")}
}

// scrambleBids redeals every card the viewer cannot see (other hands, the deck, others' secret
// bids stay as they are because a bid is already out of the hand) and reseeds the generator.
func scrambleBids(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	b, _ := st.Encode()
	s := &bidState{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, err
	}
	s.g = st.(*bidState).g
	var pool []int
	for i, h := range s.Hands {
		if rules.Seat(i) != viewer {
			pool = append(pool, h...)
		}
	}
	pool = append(pool, s.Deck...)
	r := rules.NewRNG(seed)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i, h := range s.Hands {
		if rules.Seat(i) != viewer {
			s.Hands[i] = append([]int{}, pool[:len(h)]...)
			pool = pool[len(h):]
		}
	}
	s.Deck = pool
	s.RNG = rules.NewRNG(seed + 1)
	return s, nil
}
