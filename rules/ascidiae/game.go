package ascidiae

import (
	"fmt"
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

type game struct{}

// Game is Ascidiae for the platform.
var Game rules.Game = game{}

// Info is the game's description, its texts messages of the catalogue with their English: a copy
// for each caller, who may change it (New asks for it, and self-play starts many games).
func (game) Info() rules.Info {
	i := info
	i.Options = append([]rules.Option(nil), info.Options...)
	for k := range i.Options {
		i.Options[k].Choices = append([]rules.OptionChoice(nil), i.Options[k].Choices...)
	}
	return i
}

var info = newInfo()

func newInfo() rules.Info {
	choice := func(value, id string, args ...msg.Arg) rules.OptionChoice {
		m := say(id, args...)
		return rules.OptionChoice{Value: value, LabelMsg: m}
	}
	option := func(key, name, help, def string, choices []rules.OptionChoice) rules.Option {
		n, h := say(name), say(help)
		return rules.Option{Key: key, NameMsg: n, HelpMsg: h, Default: def, Choices: choices}
	}
	presets := make([]rules.OptionChoice, 0, len(data.Presets))
	for _, p := range data.Presets {
		presets = append(presets, choice(p.ID, "preset_"+p.ID))
	}
	layouts := []rules.OptionChoice{choice("random", "opt_current_random")}
	for _, l := range data.Layouts {
		layouts = append(layouts, choice(l.ID, "opt_current", msg.Code("ID", l.ID), msg.Nested("Name", say("current_"+l.ID))))
	}
	summary, notation := say("info_summary"), say("info_notation")
	return rules.Info{
		ID:       "ascidiae",
		Name:     "Ascidiae",
		MinSeats: 1,
		MaxSeats: 4,
		Options: []rules.Option{
			option("preset", "opt_preset", "opt_preset_help", "first", presets),
			option("difficulty", "opt_difficulty", "opt_difficulty_help", "orange", []rules.OptionChoice{
				choice("black", "opt_difficulty_black"),
				choice("orange", "opt_difficulty_orange"),
				choice("white", "opt_difficulty_white"),
			}),
			option("long", "opt_long", "opt_long_help", "no", []rules.OptionChoice{
				choice("no", "opt_long_no"),
				choice("yes", "opt_long_yes"),
			}),
			option("current", "opt_current_name", "opt_current_help", "random", layouts),
			option("rearrange", "opt_rearrange", "opt_rearrange_help", "3", []rules.OptionChoice{
				choice("0", "opt_rearrange_0"), choice("1", "opt_rearrange_1"), choice("2", "opt_rearrange_2"), choice("3", "opt_rearrange_3"),
			}),
		},
		SummaryMsg:  summary,
		NotationMsg: notation,
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
