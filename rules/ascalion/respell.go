package ascalion

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Respell writes a typed move in the tree's own spelling (rules.Respeller): a land or vessel may
// always be typed with or without its region (docs/rules/ascalion.md: "`ys` and `nw ys` are the
// same move everywhere"), while a picker of more than 25 areas offers the region first and a
// smaller one the areas alone. So a region is added before an area where the menu offers regions,
// and dropped before an area where it offers areas; the rules read both spellings alike, so this
// only rewrites, never makes a move legal. A reader's `se parthenion` in the draft was refused.
func (s *state) Respell(seat rules.Seat, m rules.Move) rules.Move {
	var out rules.Move
	for i := 0; i < len(m); i++ {
		tok := strings.ToLower(m[i])
		next, _, err := s.ChoiceTokens(seat, out)
		if err != nil {
			return append(out, m[i:]...)
		}
		if offers(next, tok) {
			out = append(out, m[i])
			continue
		}
		switch a := s.areaByToken(tok); {
		case a >= 0 && offers(next, regionOf(a)):
			out = append(out, regionOf(a), m[i])
			continue
		case a < 0 && isRegion(tok) && i+1 < len(m):
			if b := s.areaByToken(strings.ToLower(m[i+1])); b >= 0 && regionOf(b) == tok {
				continue // the area follows and the menu offers it without its region
			}
		}
		return append(out, m[i:]...)
	}
	return out
}

// offers says whether a menu holds tok.
func offers(next []rules.Choice, tok string) bool {
	for _, c := range next {
		if strings.EqualFold(c.Token, tok) {
			return true
		}
	}
	return false
}
