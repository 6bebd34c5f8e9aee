// Package reef is Reef Encounter (Richard Breese, 2004) for 2-4 players: grow corals on shared
// reef boards, guard them with shrimps, change which colours are strong with alga cylinders and
// feed the best corals to your parrotfish.
//
// The package is pure rules: no I/O and no drawing. The rules as implemented, the notation and
// every reading of the rulebook are in docs/rules/reef-encounter.md.
package reef

import (
	"github.com/boardbot/boardbot/rules"
)

// Option keys and values.
const (
	OptVariant      = "variant"
	VariantStandard = "standard"
	VariantAdvanced = "advanced"
)

// Game is Reef Encounter.
var Game rules.Game = game{}

type game struct{}

func (game) Info() rules.Info {
	return rules.Info{
		ID: "reef-encounter", Name: "Reef Encounter", MinSeats: 2, MaxSeats: 4,
		Options: []rules.Option{{
			Key: OptVariant, Default: VariantStandard,
			NameMsg: say("opt_variant"), HelpMsg: say("opt_variant_help"),
			Choices: []rules.OptionChoice{
				{Value: VariantStandard, LabelMsg: say("opt_standard")},
				{Value: VariantAdvanced, LabelMsg: say("opt_advanced")},
			},
		}},
		SummaryMsg:  say("info_summary"),
		NotationMsg: say("info_notation"),
	}
}

func (g game) New(setup rules.Setup) (rules.State, error) {
	full, err := g.Info().ValidateSetup(setup)
	if err != nil {
		return nil, err
	}
	return newState(full), nil
}

func (game) Decode(b []byte) (rules.State, error) {
	s, err := decode(b)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *state) Result() *rules.Result { return s.Res }
