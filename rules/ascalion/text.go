package ascalion

import (
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
)

// Names and labels for menus and events, as messages of the catalogue.

func (s *state) areaName(a int) M {
	if a < vesselArea {
		return landMsg[a]
	}
	v := s.vessel(a - vesselArea)
	if v == nil {
		return say("vessel_lost")
	}
	if v.Ship {
		return say("vessel_ship", seatArg("Seat", v.Owner), num("N", v.ID))
	}
	return say("vessel_boat", seatArg("Seat", v.Owner), num("N", v.ID))
}

// areaLabel is a menu label: name, owner, value and contents.
func (s *state) areaLabel(a int) M {
	owner, source, goods := empty("Owner"), empty("Source"), empty("Goods")
	if o := s.owner(a); o >= 0 && a >= vesselArea {
		owner = nested("Owner", say("lb_area_value", num("N", s.value(a)))) // the vessel's name says whose it is
	} else if o >= 0 {
		owner = nested("Owner", say("lb_area_owner", seatArg("Seat", o), num("N", s.value(a))))
	} else if a < vesselArea && s.Lands[a].Source == -2 {
		owner = nested("Owner", fixed("lb_area_hidden"))
	}
	if a < vesselArea && s.Lands[a].Source >= 0 {
		source = nested("Source", say("lb_area_source", msg.Term("Source", sourceTerm[s.Lands[a].Source])))
	}
	if g := s.goods(a); g.total() > 0 {
		goods = nested("Goods", say("lb_area_goods", nested("Goods", goodsText(*g))))
	}
	return say("lb_area", nested("Name", s.areaName(a)), owner, source, goods)
}

func goodsText(g Goods) M {
	var parts []M
	for k := 0; k < nGoods; k++ {
		if g[k] > 0 {
			parts = append(parts, goodCount(k, g[k]))
		}
	}
	return msgList(parts)
}

func (s *state) posName(pos int) M { return s.posMsg(pos, "pos_") }

// posAt is where a vessel is, after a verb: "in the river (r1) between ...".
func (s *state) posAt(pos int) M { return s.posMsg(pos, "at_") }

func (s *state) posMsg(pos int, prefix string) M {
	if pos >= riverBase {
		sec := board.Sections[pos-riverBase]
		return say(prefix+"river", code("Token", sec.Token), landArg("A", sec.Left), landArg("B", sec.Right))
	}
	f := board.Seas[pos]
	var names []M
	for _, l := range s.posLands(pos) {
		names = append(names, landMsg[l])
	}
	id := prefix + "light"
	if f.Deep {
		id = prefix + "dark"
	}
	if len(names) == 0 {
		return say(id+"_high", code("Token", f.Token))
	}
	return say(id+"_off", code("Token", f.Token), nested("Lands", msgList(names)))
}

// count writes a number with its noun in the right number: "1 city", "2 cities" (the message id
// is a plural message with the count N).
func count(n int, id string) M { return say(id, msg.Count("N", n)) }

// goodCount writes a number of goods: wood, gold, coal and iron are mass nouns ("3 iron"), horses
// and weapons are counted ("1 horse", "2 horses").
func goodCount(k, n int) M { return say(goodCountID[k], msg.Count("N", n)) }

// short lists tokens, cut after n: "a, b, c, … 9 in all".
func short(toks []string, n int) M {
	if len(toks) <= n {
		return say("code", code("Code", strings.Join(toks, ", ")))
	}
	return say("tokens_more", code("Tokens", strings.Join(toks[:n], ", ")), num("N", len(toks)))
}
