// Package ascalion implements Ascalion (Kittredge, Olotka, Eberle, Ado), the German edition of
// Borderlands with islands, ships and the temple/university expansion: 2-6 peoples on a map of
// 45 lands trade, develop and fight for three cities.
package ascalion

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Game is the registered game.
var Game rules.Game = game{}

type game struct{}

func (game) Info() rules.Info {
	info := rules.Info{
		ID:       "ascalion",
		Name:     "Ascalion",
		MinSeats: 2,
		MaxSeats: 6,
		Options: []rules.Option{
			{Key: "setup", Default: "auto", Choices: []rules.OptionChoice{{Value: "auto"}, {Value: "draft"}, {Value: "quick"}}},
			{Key: "victory", Default: "shared", Choices: []rules.OptionChoice{{Value: "shared"}, {Value: "single"}, {Value: "strict"}}},
			{Key: "trade", Default: "border", Choices: []rules.OptionChoice{{Value: "border"}, {Value: "reach"}}},
			{Key: "expansion", Default: "off", Choices: []rules.OptionChoice{{Value: "off"}, {Value: "on"}}},
			{Key: "islands", Default: "auto", Choices: []rules.OptionChoice{{Value: "auto"}, {Value: "on"}, {Value: "off"}}},
			{Key: "rounds", Default: "none", Choices: []rules.OptionChoice{{Value: "none"}, {Value: "15"}, {Value: "25"}, {Value: "40"}}},
		},
		SummaryMsg:  fixed("info_summary"),
		NotationMsg: fixed("info_notation"),
	}
	// Every option's name, help and choice labels are messages "opt_<key>", "opt_<key>_help" and
	// "opt_<key>_<value>".
	for i := range info.Options {
		o := &info.Options[i]
		o.NameMsg, o.HelpMsg = say(optionIDs[o.Key][0]), say(optionIDs[o.Key][1])
		for j := range o.Choices {
			c := &o.Choices[j]
			c.LabelMsg = say(optionIDs[o.Key][2+j])
		}
	}
	return info
}

// optionIDs are the messages of each option: name, help, then its choices in order.
var optionIDs = map[string][]string{
	"setup":     {"opt_setup", "opt_setup_help", "opt_setup_auto", "opt_setup_draft", "opt_setup_quick"},
	"victory":   {"opt_victory", "opt_victory_help", "opt_victory_shared", "opt_victory_single", "opt_victory_strict"},
	"trade":     {"opt_trade", "opt_trade_help", "opt_trade_border", "opt_trade_reach"},
	"expansion": {"opt_expansion", "opt_expansion_help", "opt_expansion_off", "opt_expansion_on"},
	"islands":   {"opt_islands", "opt_islands_help", "opt_islands_auto", "opt_islands_on", "opt_islands_off"},
	"rounds":    {"opt_rounds", "opt_rounds_help", "opt_rounds_none", "opt_rounds_15", "opt_rounds_25", "opt_rounds_40"},
}

func (g game) New(setup rules.Setup) (rules.State, error) {
	full, err := g.Info().ValidateSetup(setup)
	if err != nil {
		return nil, err
	}
	o := full.Options
	opt := options{
		Quick:     o["setup"] == "quick" || (o["setup"] == "auto" && full.Seats <= 3),
		Victory:   o["victory"],
		Reach:     o["trade"] == "reach",
		Expansion: o["expansion"] == "on",
		Islands:   o["islands"] == "on" || (o["islands"] == "auto" && full.Seats >= 5),
	}
	if o["rounds"] != "none" {
		opt.Rounds, _ = strconv.Atoi(o["rounds"])
	}
	s := &state{N: full.Seats, Opt: opt, RNG: rules.NewRNG(full.Seed), Forfeit: -1, Temples: [2]int{-1, -1}, drawn: &drawnBox{}}
	s.Lands = make([]Land, len(board.Lands))
	for i := range s.Lands {
		s.Lands[i] = Land{Owner: -1, Source: -1, Temple: -1, Follower: -1}
	}
	s.Sup = boxSupply
	s.Fol = [2]int{followersPerReligion, followersPerReligion}
	s.Univ = make([]int, s.N)
	for i := range s.Univ {
		s.Univ[i] = -1
	}
	s.UnivLost = make([]bool, s.N)
	s.UnivLostRd = make([]int, s.N)
	s.startSetup()
	s.Log, s.LogMsg = eventTexts(s.events)
	s.events = nil
	return s, nil
}

func (game) Decode(b []byte) (rules.State, error) {
	s := &state{drawn: &drawnBox{}}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("ascalion: decode: %w", err)
	}
	if s.N < 2 || s.N > 6 || len(s.Lands) != len(board.Lands) || s.RNG == nil {
		return nil, fmt.Errorf("ascalion: decode: not an Ascalion snapshot")
	}
	return s, nil
}

func (s *state) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *state) Result() *rules.Result { return s.Res }

// WonBy says how a finished game was won, for the arena's wins_by: "cities" (three cities at the
// end of an attack phase), "elimination" (the last player holding land), "rounds" (most cities at
// the round limit); "" while the game runs.
func (s *state) WonBy() string {
	if s.Res == nil || s.Res.ReasonMsg == nil {
		return ""
	}
	switch id := s.Res.ReasonMsg.ID; {
	case id == "res_last":
		return "elimination"
	case strings.HasPrefix(id, "res_limit"):
		return "rounds"
	}
	return "cities"
}

func eventTexts(ev []rules.Event) ([]string, []*msg.Message) {
	var out []string
	var ms []*msg.Message
	for _, e := range ev {
		if e.To == nil {
			out = append(out, e.English())
			ms = append(ms, e.Msg)
		}
	}
	return out, ms
}

// Choices runs the partial move on a copy and reports what may follow.
func (s *state) Choices(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, false)
}

func (s *state) choices(seat rules.Seat, partial rules.Move, quiet bool) ([]rules.Choice, bool, error) {
	if err := s.mayMove(int(seat)); err != nil {
		return nil, false, err
	}
	x := s.scratchCopy()
	defer x.done()
	r := &rd{toks: partial, quiet: quiet}
	err := x.st.play(int(seat), r)
	if st, ok := err.(*stop); ok {
		return st.next, st.complete, nil
	}
	if err != nil {
		return nil, false, err
	}
	if r.more() {
		return nil, false, refuse("bad_whole", quoted("Move", partial[:r.i].String()), quoted("Token", r.toks[r.i]))
	}
	if r.tail != nil {
		return r.tail.next, true, nil
	}
	return nil, true, nil
}

// Apply plays a complete move on a scratch copy and keeps the copy only if it succeeds. A move
// RandomMoveFrom just drew was played that way already: its copy is kept at once.
func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := s.mayMove(int(seat)); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, refuse("bad_empty")
	}
	if len(m) > rules.MaxTreeDepth {
		return nil, refuse("bad_too_long", num("N", len(m)))
	}
	if x := s.takeDrawn(int(seat), m); x != nil {
		c := &x.st
		ev := slices.Clone(c.events) // the scratch's list is reused: the caller gets its own
		c.events = nil
		c.Log, c.LogMsg = eventTexts(ev)
		x.swap(s)
		return ev, nil
	}
	x := s.scratchCopy()
	c := &x.st
	c.events = nil // returned to the caller: not the scratch's
	r := &rd{toks: m}
	err := c.play(int(seat), r)
	if st, ok := err.(*stop); ok {
		x.done()
		return nil, refuse("bad_incomplete", quoted("Move", m.String()), nested("Next", short(choiceToks(st.next), 8)))
	}
	if err == nil && r.more() {
		err = refuse("bad_whole", quoted("Move", m[:r.i].String()), quoted("Token", r.toks[r.i]))
	}
	if err != nil {
		x.done()
		return nil, err
	}
	ev := c.events
	c.events = nil
	c.Log, c.LogMsg = eventTexts(ev)
	x.swap(s)
	return ev, nil
}

func choiceToks(cs []rules.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Token
	}
	return out
}

func (s *state) mayMove(p int) error {
	if s.Res != nil {
		return refuse("bad_over")
	}
	if p < 0 || p >= s.N {
		return refuse("bad_spectator")
	}
	for _, q := range s.awaited() {
		if q == p {
			return nil
		}
	}
	return refuse("bad_turn", nested("Seats", s.waitingFor()))
}

// play dispatches a move by stage.
func (s *state) play(p int, r *rd) error {
	switch s.Stage {
	case stSources:
		return s.playSource(p, r)
	case stWarriors:
		return s.playWarrior(p, r)
	case stVote, stTieBreak:
		return s.playVote(p, r)
	case stTemple:
		return s.playTemple(p, r)
	case stUnivPlace:
		return s.playUnivPlace(p, r)
	case stBuild:
		return s.playBuild(p, r)
	case stPlace:
		return s.playPlace(p, r)
	case stTrade:
		return s.playTrade(p, r)
	case stTransport:
		return s.playTransport(p, r)
	case stPassage:
		return s.playPassage(p, r)
	case stUnivChoice:
		return s.playUnivChoice(p, r)
	case stAttack:
		return s.playAttack(p, r)
	case stExtra:
		return s.playExtra(p, r)
	case stAlly:
		return s.playAlly(p, r)
	case stBookLoss:
		return s.playBookLoss(p, r)
	}
	return refuse("bad_over")
}
