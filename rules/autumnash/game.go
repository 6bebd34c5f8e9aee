// Package autumnash is Autumn Ash (Gregory Lattanzio, 2012): Rainbow against Xeno, pyramid
// leaves that change colour as they move and are bagged in lines of one colour. It holds the
// standard, Beginner and Unsettled games. Rules only: no I/O, no drawing. The View type is what the
// renderer draws; docs/rules/autumn-ash.md lists every reading of the rulebook made here.
package autumnash

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Option keys and values.
const (
	OptVariant = "variant"

	VariantStandard  = "standard"
	VariantBeginner  = "beginner"
	VariantUnsettled = "unsettled"
)

// Game is Autumn Ash.
var Game rules.Game = game{}

type game struct{}

// variantLabels are the messages of the variants' choice labels ("Standard: ..."): the data
// file's label and help in every language.
var variantLabels = map[string]string{
	VariantStandard:  "info_variant_standard",
	VariantBeginner:  "info_variant_beginner",
	VariantUnsettled: "info_variant_unsettled",
}

// Info describes the game; its texts are messages of the catalogue (each reader's language on
// /rules and /create).
func (game) Info() rules.Info {
	name, help := say("info_variant"), say("info_variant_help")
	opt := rules.Option{Key: OptVariant, NameMsg: name, Default: VariantStandard,
		HelpMsg: help}
	for _, v := range data.variants {
		// A variant of the data file without its label here renders as a bracketed id, which
		// the catalogue tests refuse.
		opt.Choices = append(opt.Choices, rules.OptionChoice{Value: v.name, LabelMsg: say(variantLabels[v.name])})
	}
	summary, notation := say("info_summary"), say("info_notation")
	return rules.Info{ID: "autumn-ash", Name: "Autumn Ash", MinSeats: 2, MaxSeats: 2,
		Options: []rules.Option{opt}, SummaryMsg: summary, NotationMsg: notation}
}

func (g game) New(setup rules.Setup) (rules.State, error) {
	full, err := g.Info().ValidateSetup(setup)
	if err != nil {
		return nil, err
	}
	v := variantByName(full.Options[OptVariant])
	if v == nil {
		return nil, fmt.Errorf("autumnash: unknown variant %q", full.Options[OptVariant])
	}
	return newState(v), nil
}

func (game) Decode(b []byte) (rules.State, error) { return decode(b) }
