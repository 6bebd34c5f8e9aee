package ascalion

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// What the AI plays for (issue 36): three cities win, so it values the recipes of a city and the
// goods gathered toward one, trades for what it lacks, never hands a rival a city, and turns on a
// player one city from victory.

// citySets is how many city recipes the goods g make: one of each of wood, gold, coal and iron,
// or four gold (§8.2).
func citySets(g Goods) int {
	mix := min(g[Wood], g[Gold], g[Coal], g[Iron])
	return mix + max(0, g[Gold]-mix)/4
}

// recipeProgress is how near g is to a city recipe, 0 to 4: the kinds of the mixed recipe it
// holds, or the gold toward four, whichever is nearer.
func recipeProgress(g Goods) int {
	kinds := 0
	for _, k := range []int{Wood, Gold, Coal, Iron} {
		if g[k] > 0 {
			kinds++
		}
	}
	return max(kinds, min(g[Gold], 4))
}

// cityProgress rates p's way to its next city: the land nearest to a recipe counts most (the
// goods lie together, §8.1), the goods over all p's areas less (they still have to be carried
// together). Below a built city's worth, so building one always gains.
func (s *state) cityProgress(p int) float64 {
	best := 0
	for l := range s.Lands {
		if s.Lands[l].Owner == p && !s.Lands[l].City {
			best = max(best, recipeProgress(s.Lands[l].Goods))
		}
	}
	return 0.3*float64(best) + 0.2*float64(recipeProgress(s.holdings(p)))
}

// armed is how many of p's areas hold a weapon (one counts per area, §11.8).
func (s *state) armed(p int) int {
	n := 0
	for a := range s.areas(p) {
		if s.goods(a)[Weapon] > 0 {
			n++
		}
	}
	return n
}

// tradeValue is what holdings h are worth to their owner in a trade: tradeWorth and, over it,
// the way to a city recipe, so a swap that brings a missing kind gains.
func tradeValue(h Goods) float64 {
	return tradeWorth(h) + 0.5*float64(recipeProgress(h))
}

// tradeGives says whether p giving give and getting get gains by tradeValue without losing by
// tradeWorth (the offer_losing and accept_losing habits).
func (s *state) tradeGives(p int, give, get Goods) bool {
	before := s.holdings(p)
	after := before
	for k := 0; k < Weapon; k++ {
		after[k] += get[k] - give[k]
	}
	return tradeWorth(after) >= tradeWorth(before) && tradeValue(after) > tradeValue(before)
}

// handsCity says whether q getting get for give completes a city recipe q's goods did not make.
func (s *state) handsCity(q int, give, get Goods) bool {
	before := s.holdings(q)
	after := before
	for k := 0; k < Weapon; k++ {
		after[k] += get[k] - give[k]
	}
	return citySets(after) > citySets(before)
}

// fairOffer says whether p should accept o: it gains, and it does not complete a rival's city
// unless it completes p's own too.
func (s *state) fairOffer(p int, o offer) bool {
	give, get := o.Get, o.given()
	if !s.tradeGives(p, give, get) {
		return false
	}
	return !s.handsCity(o.From, get, give) || s.handsCity(p, give, get)
}

// plannedOffer is the offer p would make: one or two of a kind it holds for one of a kind the
// partner holds, gaining for p and fair to the partner (it loses nothing by tradeWorth, gets no
// city from it), to a partner p has made no offer to in this window. ok is false for none.
func (s *state) plannedOffer(p int) (q int, give, get Goods, ok bool) {
	mine := s.holdings(p)
	best := 0.0
	for _, cand := range s.partners(p) {
		if s.offeredTo(p, cand) {
			continue
		}
		theirs := s.holdings(cand)
		for k := 0; k < Weapon; k++ {
			for j := 0; j < Weapon; j++ {
				if j == k || mine[k] == 0 || theirs[j] == 0 {
					continue
				}
				for n := 1; n <= 2 && n <= mine[k]; n++ {
					var gv, gt Goods
					gv[k], gt[j] = n, 1
					if !s.tradeGives(p, gv, gt) || s.handsCity(cand, gt, gv) || s.tradeGain(cand, gt, gv) < 0 {
						continue
					}
					after := mine
					after[k] -= n
					after[j]++
					if g := tradeValue(after) - tradeValue(mine) - 0.01*float64(n); g > best {
						best, q, give, get, ok = g, cand, gv, gt, true
					}
				}
			}
		}
	}
	return q, give, get, ok
}

// offeredTo says whether p made q an offer in this trade window.
func (s *state) offeredTo(p, q int) bool {
	return p < len(s.Offered) && s.Offered[p]&(1<<q) != 0
}

// offerTokens keeps, inside an offer move, the tokens of the planned offer: the partner's colour,
// the goods given (any area they are taken from), "for", the goods wanted, then the end ("").
func (s *state) offerTokens(p int, partial rules.Move) func(tok string) bool {
	q, give, get, ok := s.plannedOffer(p)
	if !ok {
		return nil
	}
	if len(partial) == 1 {
		return func(tok string) bool { return strings.EqualFold(tok, colourNames[q]) }
	}
	var gave, got Goods
	after := false
	for _, tok := range partial[2:] {
		if strings.EqualFold(tok, "for") {
			after = true
			continue
		}
		if k := goodIndex(tok); k >= 0 {
			if after {
				got[k]++
			} else {
				gave[k]++
			}
		}
	}
	return func(tok string) bool {
		k := goodIndex(tok)
		switch {
		case tok == "":
			return after && got == get
		case strings.EqualFold(tok, "for"):
			return !after && gave == give
		case k >= 0 && after:
			return got[k] < get[k]
		case k >= 0:
			return gave[k] < give[k]
		}
		return !after // the area a good is taken from
	}
}

// goodIndex is the good a token names, or -1.
func goodIndex(tok string) int {
	for k, g := range goodTok {
		if strings.EqualFold(g, tok) {
			return k
		}
	}
	return -1
}

// nearWin says whether q is one city short of victory (2 of the 3) and still in the game.
func (s *state) nearWin(q int) bool { return s.alive(q) && s.cities(q) >= 2 }

// allySides keeps the sides a third player p takes: never the side of a player one city from
// victory, and against him where he is the attacker's target.
func (s *state) allySides(p int) func(tok string) bool {
	a := s.Atk
	if a == nil {
		return nil
	}
	att, def := s.nearWin(a.Attacker) && a.Attacker != p, s.nearWin(a.Defender) && a.Defender != p
	switch {
	case att && !def:
		return func(tok string) bool { return tok != "attacker" && tok != "neutral" }
	case def && !att:
		return func(tok string) bool { return tok != "defender" && tok != "neutral" }
	}
	return nil
}
