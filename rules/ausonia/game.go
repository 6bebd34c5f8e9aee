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
		asp = append(asp, rules.OptionChoice{Value: a.Code, Label: a.Name, LabelMsg: say("asp_" + a.Code)})
	}
	return rules.Info{
		ID:       "ausonia",
		Name:     "Ausonia",
		MinSeats: 1,
		MaxSeats: 4,
		Options: []rules.Option{{
			Key:     OptAspirant,
			Name:    "Aspirant (solo)",
			Help:    "The automaton you race in a solo game, 1 easiest to 3 hardest; ignored with 2-4 players.",
			Default: "1",
			NameMsg: say("opt_aspirant"),
			HelpMsg: say("opt_aspirant_help"),
			Choices: asp,
		}},
		Summary: "Lead a noble house of Ausonia, the Italy that survived the Witchplague. Play gem cards for " +
			"sapphire, emerald, bloodshard and wild rainbow gems; spend them to buy favour cards from the " +
			"Offer Row or the Power deck and to pay the abilities of favour cards in play. Condition " +
			"abilities fire for free once you have used the right gems, keyword or guild this turn, even " +
			"from your hand. Raise cards to build permanent gem sources, seal favour cards for later, and " +
			"corrupt your rivals. When someone reaches 60 influence the round is finished and the most " +
			"influence wins. Alone, race an Aspirant that takes the leftmost Offer Row card every turn.",
		Notation: "A turn is several short moves, then pass. Cards are named by code (s1, h2, v3, p7).\n" +
			"  play v3 · play all (every gem card in hand)\n" +
			"  buy c2 · buy p4 se (the last token picks which gems fill the cost's any-gem slots, when there is a choice)\n" +
			"  use v3 · use v3 2 (second ability) · use m7 1 er\n" +
			"  build s1 h2 (source: star gem card s1 on foundation h2, both in your raise area)\n" +
			"  unseal n4 · pass · pass h1 s2 (end the turn, discarding h1 and s2 from hand)\n" +
			"Answers to keywords: ii (choose House II as target) · v3 s1 (cards, in order) · dv3 (v3 from your discard pile, for Raise) · none.",
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
