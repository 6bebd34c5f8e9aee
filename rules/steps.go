package rules

import "strings"

// MaxSteps bounds the decisions one command may carry (a long Ausonia turn is about ten).
const MaxSteps = 32

// ParseSteps splits a command into its steps: decisions separated by commas ("flow, 1 black, 2"),
// each split into tokens as ParseMove does. Empty steps (a trailing comma, ",,") are dropped, so a
// typing slip costs nothing; a command with no token at all is refused as an empty move.
func ParseSteps(s string) ([]Move, error) {
	if len(s) > MaxMoveLen {
		return nil, Illegalf("That move is too long (%d characters; at most %d).", len(s), MaxMoveLen)
	}
	var out []Move
	for part := range strings.SplitSeq(s, ",") {
		if f := strings.Fields(part); len(f) > 0 {
			out = append(out, Move(f))
		}
	}
	if len(out) == 0 {
		return nil, Illegalf("The move is empty: type its tokens separated by spaces.")
	}
	if len(out) > MaxSteps {
		return nil, Illegalf("That command has too many steps (%d; at most %d).", len(out), MaxSteps)
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
