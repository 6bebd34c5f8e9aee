package render

import "fmt"

// ViewOf accepts what a game's State.View returns, as a value or a pointer, and refuses anything
// else (or a nil pointer) with an error naming the game: every renderer's first step.
func ViewOf[T any](v any, game string) (*T, error) {
	switch x := v.(type) {
	case T:
		return &x, nil
	case *T:
		if x == nil {
			return nil, fmt.Errorf("%s render: nil view", game)
		}
		return x, nil
	}
	return nil, fmt.Errorf("%s render: want a %s view, got %T", game, game, v)
}
