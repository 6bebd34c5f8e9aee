package rules

import (
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
)

// MaxSteps bounds the decisions one command may carry (a long Ausonia turn is about ten).
const MaxSteps = 32

// ParseSteps splits a command into its steps: decisions separated by commas ("flow, 1 black, 2"),
// each split into tokens as ParseMove does. Empty steps (a trailing comma, ",,") are dropped, so a
// typing slip costs nothing; a command with no token at all is refused as an empty move.
func ParseSteps(s string) ([]Move, error) {
	if len(s) > MaxMoveLen {
		return nil, errTooLong(len(s))
	}
	var out []Move
	for part := range strings.SplitSeq(s, ",") {
		if f := strings.Fields(part); len(f) > 0 {
			out = append(out, Move(f))
		}
	}
	if len(out) == 0 {
		return nil, Refuse(msg.New(catName, "move_empty"))
	}
	if len(out) > MaxSteps {
		return nil, Refuse(msg.New(catName, "move_too_many_steps", msg.Number("Got", len(out)), msg.Number("Max", MaxSteps)))
	}
	return out, nil
}

// StepsString prints steps as ParseSteps reads them.
func StepsString(steps []Move) string {
	parts := make([]string, len(steps))
	for i, m := range steps {
		parts[i] = m.String()
	}
	return strings.Join(parts, ", ")
}

// errTooLong refuses a command of n characters, over MaxMoveLen.
func errTooLong(n int) error {
	return Refuse(msg.New(catName, "move_too_long", msg.Number("Got", n), msg.Number("Max", MaxMoveLen)))
}
