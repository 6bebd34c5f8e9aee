package ascalion

import (
	"slices"
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
	m = goodsInOrder(m)
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
		if goodIndex(tok) >= 0 && offers(next, "+"+tok) {
			// A good named bare where the transport loads ("horse ys gold comorium", as the
			// game's own notation summary writes it) is loaded: "+gold".
			out = append(out, "+"+tok)
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

// goodsInOrder puts the goods of a foot transport or a put in the order the tree reads them
// (wood, horse, gold, coal, iron, weapon, so that every move has one spelling): a player writes
// `foot minda elgar horse wood` as readily as `wood horse`, and both carry the same goods.
func goodsInOrder(m rules.Move) rules.Move {
	for i := 0; i < len(m) && i < 2; i++ {
		verb := strings.ToLower(m[i])
		if verb != "foot" && verb != "put" {
			continue
		}
		from := i + 3 // foot <from> <to> goods…
		if verb == "put" {
			from = i + 2 // put <area> goods…
		}
		if from >= len(m) {
			return m
		}
		for _, tok := range m[from:] {
			if goodIndex(tok) < 0 {
				return m // a word that is no good (a prefix, a typo) is left for the tree to judge
			}
		}
		out := slices.Clone(m)
		slices.SortStableFunc(out[from:], func(a, b string) int { return goodIndex(a) - goodIndex(b) })
		return out
	}
	return m
}
