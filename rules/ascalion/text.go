package ascalion

import (
	"fmt"
	"strings"
)

// Names and labels for menus and events.

func (s *state) areaName(a int) string {
	if a < vesselArea {
		return board.Lands[a].Name
	}
	v := s.vessel(a - vesselArea)
	if v == nil {
		return "a lost vessel"
	}
	kind := "boat"
	if v.Ship {
		kind = "ship"
	}
	return fmt.Sprintf("%s's %s %d", seatName(v.Owner), kind, v.ID)
}

// areaLabel is a menu label: name, owner, value and contents.
func (s *state) areaLabel(a int) string {
	var b strings.Builder
	b.WriteString(s.areaName(a))
	if o := s.owner(a); o >= 0 && a >= vesselArea {
		fmt.Fprintf(&b, " (value %d)", s.value(a)) // the vessel's name says whose it is
	} else if o >= 0 {
		fmt.Fprintf(&b, " (%s, value %d)", seatName(o), s.value(a))
	} else if a < vesselArea && s.Lands[a].Source == -2 {
		b.WriteString(" (face-down source)")
	}
	if a < vesselArea && s.Lands[a].Source >= 0 {
		fmt.Fprintf(&b, " · %s", sourceName[s.Lands[a].Source])
	}
	if g := s.goods(a); g.total() > 0 {
		b.WriteString(" · " + goodsText(*g))
	}
	return b.String()
}

func goodsText(g Goods) string {
	var parts []string
	for k := 0; k < nGoods; k++ {
		if g[k] > 0 {
			parts = append(parts, goodCount(k, g[k]))
		}
	}
	return joinList(parts)
}

func (s *state) posName(pos int) string {
	if pos >= riverBase {
		sec := board.Sections[pos-riverBase]
		return fmt.Sprintf("the river (%s) between %s and %s", sec.Token, board.Lands[sec.Left].Name, board.Lands[sec.Right].Name)
	}
	f := board.Seas[pos]
	colour := "light-blue"
	if f.Deep {
		colour = "dark-blue"
	}
	var names []string
	for _, l := range s.posLands(pos) {
		names = append(names, board.Lands[l].Name)
	}
	if len(names) == 0 {
		return fmt.Sprintf("%s field %s on the high sea", colour, f.Token)
	}
	return fmt.Sprintf("%s field %s off %s", colour, f.Token, joinList(names))
}

func joinList(xs []string) string {
	switch len(xs) {
	case 0:
		return "nothing"
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// count writes a number with its noun in the right number: "1 city", "2 cities".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// goodCount writes a number of goods: wood, gold, coal and iron are mass nouns ("3 iron"), horses
// and weapons are counted ("1 horse", "2 horses").
func goodCount(k, n int) string {
	if (k == Horse || k == Weapon) && n != 1 {
		return fmt.Sprintf("%d %ss", n, goodName[k])
	}
	return fmt.Sprintf("%d %s", n, goodName[k])
}
