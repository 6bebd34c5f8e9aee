// Package ausonia implements Ausonia (Zoltán Simon, Lycan Studio, 2020) for 1-4 players: a
// deck-building race to 60 influence with gem cards, favour cards, sources, seals and, alone, an
// Aspirant automaton. The card set is original, written as data in data/cards.toml from the
// rulebook's mechanisms; see docs/rules/ausonia.md for the rules as implemented.
package ausonia

import (
	"encoding/json"
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Game is Ausonia for the platform.
var Game rules.Game = game{}

type game struct{}

// Option keys.
const OptAspirant = "aspirant"

func (game) Info() rules.Info {
	var asp []rules.OptionChoice
	for _, a := range Aspirants {
		asp = append(asp, rules.OptionChoice{Value: a.Code, LabelMsg: say("asp_" + a.Code)})
	}
	return rules.Info{
		ID:       "ausonia",
		Name:     "Ausonia",
		MinSeats: 1,
		MaxSeats: 4,
		Options: []rules.Option{{
			Key:     OptAspirant,
			Default: "1",
			NameMsg: say("opt_aspirant"),
			HelpMsg: say("opt_aspirant_help"),
			Choices: asp,
		}},
		SummaryMsg:  say("info_summary"),
		NotationMsg: say("info_notation"),
	}
}

func (game) New(setup rules.Setup) (rules.State, error) {
	setup, err := game{}.Info().ValidateSetup(setup)
	if err != nil {
		return nil, err
	}
	return newState(setup)
}

func (game) Decode(b []byte) (rules.State, error) {
	s := &state{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("ausonia: decode: %w", err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("ausonia: decode: %w", err)
	}
	if s.Res != nil {
		s.Res.ReasonMsg = s.resultMsg()
	}
	return s, nil
}
