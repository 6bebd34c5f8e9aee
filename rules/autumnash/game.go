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

const summary = "Two players, Rainbow and Xeno, move pyramid leaves on a 5x6 board. A leaf that moves changes " +
	"to the next colour of its owner's autumn (green, yellow, red, blue, black; clear, white, orange, cyan, purple) " +
	"and may change size. Three or more leaves of one colour in a line, or in one stack, through the moved leaf are " +
	"bagged for their pips plus a colour bonus. Pawns and drones block, leaves cap each other, burnt leaves never move. " +
	"First to 21 points wins."

const notation = "A move is [corner [size]] from to [size]. Start with a free corner to enter a green (or clear) leaf " +
	"there first, naming its size when more than one can enter; then the square of the leaf to move, its destination " +
	"one or two steps away, and what it becomes when more than one size is possible. " +
	"Examples: \"c2 d3 drone\", \"b1 c2\" (capping: always a pawn, so no size), \"a6 queen a6 b5 pawn\" (enter a queen at A6, move it)."

func (game) Info() rules.Info {
	opt := rules.Option{Key: OptVariant, Name: "Variant", Default: VariantStandard,
		Help: "Standard rules, the Beginner rules (no blocking, gentler capping) or Unsettled (a shifting field on a chessboard)."}
	for _, v := range data.variants {
		opt.Choices = append(opt.Choices, rules.OptionChoice{Value: v.name, Label: v.title + ": " + v.help})
	}
	return rules.Info{ID: "autumn-ash", Name: "Autumn Ash", MinSeats: 2, MaxSeats: 2,
		Options: []rules.Option{opt}, Summary: summary, Notation: notation}
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
