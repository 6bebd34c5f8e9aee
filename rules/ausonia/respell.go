package ausonia

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Respell writes a typed payment the tree's way. With only one way to pay, the tree asks nothing
// after the card, yet a player who writes that one way ("use h2 se", "buy a8 r", or a suggestion
// typed when there were two ways) means exactly the move the tree has: the token is dropped.
// Letters come in any order ("buy p11 bs" is "sb"), for the any-slots or for everything paid. A
// payment left out, where there are several ways, is the default one (defaultPay), which the
// buy's or use's event then says. Any other token is left for the tree to refuse.
func (s *state) Respell(seat rules.Seat, m rules.Move) rules.Move {
	if seat != s.Turn || s.Pend != nil || len(m) < 2 {
		return m
	}
	low := lowered(m)
	if pays, ok := s.payWays(low[0], low[1:]); ok && len(pays) > 1 {
		return append(m[:len(m):len(m)], defaultPay(pays, s.pool()).Any.Letters())
	}
	if len(m) == 2 {
		return s.respellAll(m)
	}
	pays, ok := s.payWays(low[0], low[1:len(low)-1])
	if !ok {
		return m
	}
	typed, err := ParseGems(low[len(low)-1])
	if err != nil {
		return m
	}
	for _, pay := range pays {
		if typed == pay.Any || typed == pay.All {
			if len(pays) == 1 {
				return m[:len(m)-1]
			}
			return append(m[:len(m)-1:len(m)-1], pay.Any.Letters())
		}
	}
	return m
}

// defaultPay is the payment taken when none is typed: the fewest rainbows (a rainbow kept can
// still pay anything), then the pool left with the most colours, then the menu's order.
func defaultPay(pays []payment, pool Gems) payment {
	best := 0
	for i := 1; i < len(pays); i++ {
		a, b := pays[i], pays[best]
		ka, kb := pool.sub(a.All).Kinds(), pool.sub(b.All).Kinds()
		if a.All[Rainbow] < b.All[Rainbow] || (a.All[Rainbow] == b.All[Rainbow] && ka > kb) {
			best = i
		}
	}
	return pays[best]
}

// payWays are the ways to pay for buying or using what args name (a card, and an ability number
// only where the card has several usable), when args name exactly one thing to pay for.
func (s *state) payWays(verb string, args []string) ([]payment, bool) {
	switch verb {
	case vBuy:
		if len(args) != 1 {
			return nil, false
		}
		x := s.findCode(s.market(), args[0])
		if x < 0 {
			return nil, false
		}
		pays := payments(s.card(x).Cost, s.pool())
		return pays, len(pays) > 0
	case vUse:
		if len(args) == 0 || len(args) > 2 {
			return nil, false
		}
		all := s.usableOf(args[0])
		if len(args) == 2 && len(all) < 2 {
			return nil, false // a number typed where there is no choice: the tree refuses it
		}
		if len(args) == 1 && len(all) != 1 {
			return nil, false
		}
		var mine []useOpt
		for _, o := range all {
			if len(args) == 1 || fmt.Sprint(o.k+1) == args[1] {
				mine = append(mine, o)
			}
		}
		if len(mine) != 1 || mine[0].pays == nil {
			return nil, false
		}
		return mine[0].pays, true
	}
	return nil, false
}

// usableOf lists the usable abilities of the card code (an ability number is typed only when
// there are several).
func (s *state) usableOf(code string) []useOpt {
	var out []useOpt
	for _, o := range s.usable(s.Turn) {
		if s.code(o.inst) == code {
			out = append(out, o)
		}
	}
	return out
}

// respellAll reads "play all" with a single gem card in hand as playing that card: the tree offers
// "all" only for two or more (a review lost a turn to its refusal inside a comma command).
func (s *state) respellAll(m rules.Move) rules.Move {
	low := lowered(m)
	if low[0] != vPlay || low[1] != tokAll {
		return m
	}
	next, _, err := s.Choices(s.Turn, rules.Move{vPlay})
	if err != nil {
		return m // no playing now: refused as typed
	}
	hand := s.P[s.Turn].Hand
	gem := ""
	for _, c := range next {
		if c.Token == tokAll {
			return m // two or more gem cards: "all" is the tree's own token
		}
		if x := s.findCode(hand, c.Token); x >= 0 && s.card(x).Kind == GemCard {
			if gem != "" {
				return m
			}
			gem = c.Token
		}
	}
	if gem == "" {
		return m
	}
	return rules.Move{m[0], gem}
}
