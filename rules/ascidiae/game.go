package ascidiae

import (
	"fmt"
	"strconv"

	"github.com/boardbot/boardbot/rules"
)

type game struct{}

// Game is Ascidiae for the platform.
var Game rules.Game = game{}

func (game) Info() rules.Info {
	presets := make([]rules.OptionChoice, 0, len(data.Presets))
	for _, p := range data.Presets {
		presets = append(presets, rules.OptionChoice{Value: p.ID, Label: p.Name})
	}
	layouts := []rules.OptionChoice{{Value: "random", Label: "Random current"}}
	for _, l := range data.Layouts {
		layouts = append(layouts, rules.OptionChoice{Value: l.ID, Label: l.ID + ": " + l.Name})
	}
	return rules.Info{
		ID:       "ascidiae",
		Name:     "Ascidiae",
		MinSeats: 1,
		MaxSeats: 4,
		Options: []rules.Option{
			{Key: "preset", Name: "Special ascidiae", Help: "The six specials on the central board: a recommended group or six at random.", Default: "first", Choices: presets},
			{Key: "difficulty", Name: "Colonies", Help: "Black colonies need 4 tadpoles (relaxed), orange 5 (standard), white 6 (maddening).", Default: "orange", Choices: []rules.OptionChoice{
				{Value: "black", Label: "Black: 4 tadpoles, relaxed"},
				{Value: "orange", Label: "Orange: 5 tadpoles, standard"},
				{Value: "white", Label: "White: 6 tadpoles, maddening"},
			}},
			{Key: "long", Name: "Long game", Help: "One more colony per player on the board; the third colony wins.", Default: "no", Choices: []rules.OptionChoice{
				{Value: "no", Label: "No: the second colony wins"},
				{Value: "yes", Label: "Yes: the third colony wins"},
			}},
			{Key: "current", Name: "Current", Help: "The current layout every player's grid uses.", Default: "random", Choices: layouts},
			{Key: "rearrange", Name: "Learning turns", Help: "For this many first turns a player may move and turn their initial ascidiae before the current flows.", Default: "3", Choices: []rules.OptionChoice{
				{Value: "0", Label: "None"}, {Value: "1", Label: "First turn"}, {Value: "2", Label: "First 2 turns"}, {Value: "3", Label: "First 3 turns"},
			}},
		},
		Summary: "Grow a colony of sea squirts on a 3x4 grid. Each turn the current flows through your grid " +
			"in a zig-zag and every ascidia activates in turn: it spawns, consumes, pushes and catches " +
			"coloured tadpoles, and uses them on the central board to take root with new ascidiae or to " +
			"claim colonies. The first to claim two colonies (three in a long game) wins; solo, claim two " +
			"colonies in one turn.",
		Notation: "Each decision of your turn is a short move. Spaces are a1-d3 (columns a-d, rows 1-3 from the top); " +
			"facings are up, right, down, left. Setup: \"b2 up c2 right\" puts A. basica on b2 facing up and " +
			"A. habilis on c2 facing right. Before the current flows in learning turns: \"flow\", or " +
			"\"habilis a1 down\". Abilities: \"1\", \"2\"... Colours: \"black\", \"white\", \"red\", \"blue\" " +
			"(several: \"black+red\"). Central board: \"colonize g2\", \"root vikenti c3 left\" (a locked pile: " +
			"\"root vikenti\"), \"displace b2 b3\", \"spin b2 left\", \"block trinea\", \"puff red\", \"rest\".",
	}
}

func (game) New(s rules.Setup) (rules.State, error) {
	s, err := game{}.Info().ValidateSetup(s)
	if err != nil {
		return nil, err
	}
	return newGame(s)
}

func (game) Decode(b []byte) (rules.State, error) { return decode(b) }

func newGame(s rules.Setup) (*State, error) {
	o := s.Options
	g := &State{Seats: s.Seats, RNG: rules.NewRNG(s.Seed), Blocks: data.Rules.Blocks}
	g.Opt.Preset = o["preset"]
	g.Opt.Difficulty = o["difficulty"]
	g.Opt.Long = o["long"] == "yes"
	g.Opt.Rearrange, _ = strconv.Atoi(o["rearrange"])
	if o["current"] == "random" {
		g.Opt.Layout = g.RNG.IntN(len(data.Layouts))
	} else {
		i, ok := data.layout(o["current"])
		if !ok {
			return nil, fmt.Errorf("ascidiae: unknown current %q", o["current"])
		}
		g.Opt.Layout = i
	}
	pr, ok := data.preset(g.Opt.Preset)
	if !ok {
		return nil, fmt.Errorf("ascidiae: unknown preset %q", g.Opt.Preset)
	}
	specials := append([]string(nil), pr.Specials...)
	if len(specials) == 0 {
		all := data.specials()
		g.RNG.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		specials = all[:len(data.Blue)]
	} else if !pr.Fixed {
		g.RNG.Shuffle(len(specials), func(i, j int) { specials[i], specials[j] = specials[j], specials[i] })
	}
	per := 2 * s.Seats
	for i, id := range specials {
		g.Piles = append(g.Piles, Pile{Zone: "blue", Card: id, Count: min(per, mustCard(id).Copies), Cost: data.Blue[i]})
	}
	commons := make([]string, len(data.Red))
	for _, c := range data.Cards {
		if c.Kind == KindCommon {
			commons[c.Red-1] = c.ID
		}
	}
	for i, id := range commons {
		g.Piles = append(g.Piles, Pile{Zone: "red", Card: id, Count: min(per, mustCard(id).Copies), Cost: data.Red[i]})
	}
	var deck []string
	for _, c := range data.Colonies {
		if c.Difficulty == g.Opt.Difficulty {
			deck = append(deck, c.ID)
		}
	}
	g.RNG.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	n := s.Seats + 1
	if g.Opt.Long {
		n += s.Seats
	}
	if g.solo() {
		n = 3 // the solo rule, whatever the length
	}
	for _, id := range deck[:min(n, len(deck))] {
		g.Colonies = append(g.Colonies, ColonySlot{ID: id, By: -1, d: mustColony(id)})
	}
	g.Players = make([]Player, s.Seats)
	return g, nil
}

func mustCard(id string) *CardDef {
	c, ok := Card(id)
	if !ok {
		panic("ascidiae: unknown card " + id)
	}
	return c
}

func mustColony(id string) *ColonyDef {
	c, ok := Colony(id)
	if !ok {
		panic("ascidiae: unknown colony " + id)
	}
	return c
}
