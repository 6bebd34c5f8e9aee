// Package ascalion implements Ascalion (Kittredge, Olotka, Eberle, Ado), the German edition of
// Borderlands with islands, ships and the temple/university expansion: 2-6 peoples on a map of
// 45 lands trade, develop and fight for three cities.
package ascalion

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/boardbot/boardbot/rules"
)

// Game is the registered game.
var Game rules.Game = game{}

type game struct{}

func (game) Info() rules.Info {
	return rules.Info{
		ID:       "ascalion",
		Name:     "Ascalion",
		MinSeats: 2,
		MaxSeats: 6,
		Options: []rules.Option{
			{Key: "setup", Name: "Setup", Help: "Draft sources and lands in turn (the rulebook), or deal them at random. By default 2-3 players start quickly (a draft there is 20-30 placements each) and 4-6 draft.", Default: "auto",
				Choices: []rules.OptionChoice{{Value: "auto", Label: "Quick start with 2-3 players, draft with 4-6"}, {Value: "draft", Label: "Draft (rulebook)"}, {Value: "quick", Label: "Quick start: random deal"}}},
			{Key: "victory", Name: "Victory", Help: "Shared: everyone with 3 cities at the end of an attack phase wins (§3.1). Single: one winner, the player alone with the most cities, at least 3 (§3.2). Strict: only a player who alone owns 3 or more.", Default: "shared",
				Choices: []rules.OptionChoice{{Value: "shared", Label: "Shared victory"}, {Value: "single", Label: "Single winner (most cities)"}, {Value: "strict", Label: "Single winner (alone with 3)"}}},
			{Key: "trade", Name: "Trade partners", Help: "Border: neighbours trade (§10.1). Reach: whoever one transport could reach (§10.3).", Default: "border",
				Choices: []rules.OptionChoice{{Value: "border", Label: "Shared border"}, {Value: "reach", Label: "Reach by transport (§10.3)"}}},
			{Key: "expansion", Name: "Expansion", Help: "Temples, followers, universities and books (§14-16).", Default: "off",
				Choices: []rules.OptionChoice{{Value: "off", Label: "Base game"}, {Value: "on", Label: "With the expansion"}}},
			{Key: "islands", Name: "Islands", Help: "The islands join with 5 and 6 players (§4.0); experienced groups may choose.", Default: "auto",
				Choices: []rules.OptionChoice{{Value: "auto", Label: "With 5-6 players"}, {Value: "on", Label: "Always"}, {Value: "off", Label: "Never"}}},
			{Key: "rounds", Name: "Round limit", Help: "The rulebook has none; with a limit, the most cities win when it is reached.", Default: "none",
				Choices: []rules.OptionChoice{{Value: "none", Label: "No limit"}, {Value: "15", Label: "15 rounds"}, {Value: "25", Label: "25 rounds"}, {Value: "40", Label: "40 rounds"}}},
		},
		Summary: "Ascalion: 2-6 barbarian peoples share a continent with one long river and three islands. " +
			"Each round: the start player passes on, players turn resources into weapons, cities, boats and ships, " +
			"sources produce, neighbours trade, goods travel on foot, by horse, horse chain, boat and ship, " +
			"and everyone may attack a neighbour, with the other neighbours declaring for a side. " +
			"A die may cancel production, trade or transport. Own 3 cities at the end of an attack phase to win.",
		Notation: "Moves are words and names, typed or picked: lands by name without spaces (ys, hippos, " +
			"parthenion), sea fields s1..s306, river stretches r0 (mouth)..r8, vessels boat3 / ship1, goods " +
			"wood horse gold coal iron weapon, players by colour. Examples: `weapon ys iron` (iron+coal), " +
			"`city revena mix`, `boat hippos r1`, `foot ys comorium gold gold`, " +
			"`horse ys gold gold coal weapon comorium -gold -coal +wood +iron doilan end`, " +
			"`boat boat3 s236 r0 r1 end`, `offer blue wood for gold`, `accept 4 minda`, " +
			"`attack albur`, `attacker` / `defender` / `neutral`, `yes` / `no`, `done`. " +
			"A land may follow its region (nw ne sw se isles): `nw ys` and `ys` are the same; pickers with more than 25 lands start with the region.",
	}
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
	s.Log = eventTexts(s.events)
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

func eventTexts(ev []rules.Event) []string {
	var out []string
	for _, e := range ev {
		if e.To == nil {
			out = append(out, e.Text)
		}
	}
	return out
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
		return nil, false, rules.Illegalf("%q is already a whole move; %q cannot follow.", partial[:r.i].String(), r.toks[r.i])
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
		return nil, rules.Illegalf("The move is empty.")
	}
	if len(m) > rules.MaxTreeDepth {
		return nil, rules.Illegalf("That move has too many parts (%d).", len(m))
	}
	if x := s.takeDrawn(int(seat), m); x != nil {
		c := &x.st
		ev := slices.Clone(c.events) // the scratch's list is reused: the caller gets its own
		c.events = nil
		c.Log = eventTexts(ev)
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
		return nil, rules.Illegalf("%q is not a whole move yet: add %s.", m.String(), short(choiceToks(st.next), 8))
	}
	if err == nil && r.more() {
		err = rules.Illegalf("%q is already a whole move; %q cannot follow.", m[:r.i].String(), r.toks[r.i])
	}
	if err != nil {
		x.done()
		return nil, err
	}
	ev := c.events
	c.events = nil
	c.Log = eventTexts(ev)
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
		return rules.Illegalf("The game is over.")
	}
	if p < 0 || p >= s.N {
		return rules.Illegalf("Only the players at the table can move.")
	}
	for _, q := range s.awaited() {
		if q == p {
			return nil
		}
	}
	return rules.Illegalf("It is not your turn: the game waits for %s.", s.waitingFor())
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
	return rules.Illegalf("The game is over.")
}
