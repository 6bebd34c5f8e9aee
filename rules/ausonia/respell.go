package ausonia

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Respell drops a payment token that the rules make certain: with only one way to pay, the tree
// asks nothing after the card, yet a player who writes that one way ("use h2 se", "buy a8 r",
// or a suggestion typed when there were two ways) means exactly the move the tree has. Any other
// token is left for the tree to refuse.
func (s *state) Respell(seat rules.Seat, m rules.Move) rules.Move {
	if seat != s.Turn {
		return m
	}
	if len(m) == 2 {
		return s.respellAll(m)
	}
	if len(m) < 3 {
		return m
	}
	low := lowered(m)
	pay, ok := s.certainPay(low[0], low[1:len(low)-1])
	if !ok {
		return m
	}
	if tok := low[len(low)-1]; tok == pay.Any.Letters() || tok == pay.All.Letters() {
		return m[:len(m)-1]
	}
	return m
}

// certainPay is the one way to pay for buying or using what args name, when there is one.
func (s *state) certainPay(verb string, args []string) (payment, bool) {
	var pays []payment
	switch verb {
	case vBuy:
		if len(args) != 1 {
			return payment{}, false
		}
		x := s.findCode(s.market(), args[0])
		if x < 0 {
			return payment{}, false
		}
		pays = payments(s.card(x).Cost, s.pool())
	case vUse:
		if len(args) == 0 {
			return payment{}, false
		}
		var mine []useOpt
		for _, o := range s.usable(s.Turn) {
			if s.code(o.inst) == args[0] && (len(args) == 1 || fmt.Sprint(o.k+1) == args[1]) {
				mine = append(mine, o)
			}
		}
		if len(mine) != 1 || len(args) > 2 || (len(args) == 2 && len(s.usableOf(args[0])) < 2) {
			return payment{}, false
		}
		pays = mine[0].pays
	default:
		return payment{}, false
	}
	if len(pays) != 1 {
		return payment{}, false
	}
	return pays[0], true
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
