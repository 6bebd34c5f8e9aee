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

const summary = "Grow corals on the shared reef boards from the polyps behind your screen, " +
	"one colour per larva cube. Strong corals overgrow weaker neighbours, as the coral tiles say; " +
	"shrimps guard your corals and claim them. At the start of a turn your parrotfish may eat a " +
	"guarded coral of 5 or more polyps. Alga cylinders flip the coral tiles and, once you have eaten, " +
	"lock them. Every turn ends by taking a larva cube and its polyps from the open sea. The game " +
	"ends when all ten coral tiles are covered or a parrotfish has eaten all four of its shrimps; " +
	"each polyp in your parrotfish then scores 1 plus the number of tiles on which its colour is the stronger."

const notation = "A turn is several short moves: send them one by one, or the whole turn in one command, separated by commas (`grow w, 2 d 5, done, take p`). Squares are three tokens: " +
	"board, column, row (`2 d 4` is D4 on board 2). Colours are letters: g grey, o orange, p pink, " +
	"w white, y yellow.\n" +
	"- `eat 2 d 4`: your parrotfish eats the coral your shrimp on D4 of board 2 guards (first action only)\n" +
	"- `grow w`: play a white larva cube, then one move per polyp: `2 d 5` (from behind your screen) " +
	"or `cp 2 d 5` (a consumed polyp), and `done` to finish\n" +
	"- `add 2 d 4`: introduce a shrimp; `shrimp 2 d 4 3 a 2` or `shrimp 2 d 4 home`: move one\n" +
	"- `trade w grow` / `trade w polyp`: a consumed white polyp for a white larva cube, used at once\n" +
	"- `alga w red sea` / `alga w red 3`: a consumed white polyp for a red alga cylinder, on the open sea or on coral tile 3\n" +
	"- `polyp w`: a white larva cube for a white polyp\n" +
	"- `take p`: take the pink open-sea space; this ends your turn\n" +
	"Setup: `w g y` feeds a white polyp to your parrotfish and takes grey and yellow larva cubes. " +
	"Last turns: `eat 2 d 4` or `pass`."

func (game) Info() rules.Info {
	return rules.Info{
		ID: "reef-encounter", Name: "Reef Encounter", MinSeats: 2, MaxSeats: 4,
		Options: []rules.Option{{
			Key: OptVariant, Name: "Variant", Default: VariantStandard,
			Help:    "Advanced: no extra growth, and 5 polyps (6 in a last turn) go back to the bag when a coral is eaten.",
			NameMsg: say("opt_variant"), HelpMsg: say("opt_variant_help"),
			Choices: []rules.OptionChoice{
				{Value: VariantStandard, Label: "Standard", LabelMsg: say("opt_standard")},
				{Value: VariantAdvanced, Label: "Advanced (no extra growth, costlier eating)", LabelMsg: say("opt_advanced")},
			},
		}},
		Summary:     summary,
		Notation:    notation,
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
