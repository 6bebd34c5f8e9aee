package autumnash

import (
	"errors"

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

func (game) Info() rules.Info {
	return rules.Info{ID: "autumn-ash", Name: "Autumn Ash", MinSeats: 2, MaxSeats: 2,
		Options: []rules.Option{{Key: OptVariant, Name: "Variant", Default: VariantStandard,
			Choices: []rules.OptionChoice{{Value: VariantStandard, Label: "Standard"},
				{Value: VariantBeginner, Label: "Beginner"}, {Value: VariantUnsettled, Label: "Unsettled"}}}}}
}

// New and Decode are placeholders until the rules land.
func (game) New(rules.Setup) (rules.State, error) { return nil, errors.New("autumnash: not built yet") }
func (game) Decode([]byte) (rules.State, error)   { return nil, errors.New("autumnash: not built yet") }
