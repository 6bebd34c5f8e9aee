package ascidiae

import (
	"fmt"
	"strconv"
	"strings"
)

// iconsText reads icons for players: "2 black + 1 red or blue", "all black and white".
func iconsText(icons []Icon) string {
	if len(icons) == 1 {
		return iconText(icons[0], 1)
	}
	var b strings.Builder
	for i := 0; i < len(icons); {
		j := i
		for j < len(icons) && icons[j] == icons[i] {
			j++
		}
		if i > 0 {
			b.WriteString(" + ")
		}
		b.WriteString(iconText(icons[i], j-i))
		i = j
	}
	return b.String()
}

func iconText(ic Icon, n int) string {
	if ic.All && ic.Set == 1<<NumColours-1 {
		return "all tadpoles"
	}
	sep := " or "
	var b strings.Builder
	if ic.All {
		b.WriteString("all ")
		sep = " and "
	} else {
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(' ')
	}
	first := true
	for c := Colour(0); c < NumColours; c++ {
		if ic.has(c) {
			if !first {
				b.WriteString(sep)
			}
			b.WriteString(c.String())
			first = false
		}
	}
	return b.String()
}

// ActionText writes one action for players. dirText names a printed direction; nil keeps the
// card's own words (up, right, down, left as printed).
func ActionText(a Action, dirText func(Dir) string) string { return actionText(a, dirText, false) }

// actionText is ActionText; brief leaves out the reminders of what think and order allow, for
// event lines.
func actionText(a Action, dirText func(Dir) string, brief bool) string {
	if brief {
		switch a.Verb {
		case Think:
			return "think"
		case Order:
			return "order"
		case Root:
			switch a.Zone {
			case ZoneBlue:
				return "take root in blue"
			case ZoneRed:
				return "take root in red"
			}
			return "take root"
		}
	}
	if dirText == nil {
		dirText = func(d Dir) string { return d.String() }
	}
	switch a.Verb {
	case Spawn:
		return "spawn " + iconsText(a.Icons)
	case Consume:
		return "consume " + iconsText(a.Icons)
	case Coop:
		return "cooperate with " + iconsText(a.Icons)
	case Push:
		return "push " + iconsText(a.Icons) + " " + dirText(a.Dir)
	case Catch:
		return "catch " + iconsText(a.Icons) + " from " + dirText(a.Dir)
	case Think:
		return "think (any central board action)"
	case Colonize:
		return "colonize"
	case Root:
		switch a.Zone {
		case ZoneBlue:
			return "take root (blue)"
		case ZoneRed:
			return "take root (red)"
		}
		return "take root"
	case Order:
		return "order (any yellow action)"
	}
	return a.Verb.String()
}

// AbilityText writes an ability: its actions joined by ", then ".
func AbilityText(ab Ability, dirText func(Dir) string) string {
	var b strings.Builder
	for i, a := range ab.Actions {
		s := ActionText(a, dirText)
		if i == 0 && s[0] >= 'a' && s[0] <= 'z' {
			b.WriteByte(s[0] - 'a' + 'A') // action texts are ASCII
			s = s[1:]
		} else if i > 0 {
			b.WriteString(", then ")
		}
		b.WriteString(s)
	}
	return b.String()
}

// CardText is a species' whole text, generated from the data.
func CardText(c *CardDef) string {
	var parts []string
	for i, ab := range c.Abilities {
		parts = append(parts, fmt.Sprintf("(%d) %s.", i+1, AbilityText(ab, nil)))
	}
	for _, l := range c.Lends {
		parts = append(parts, fmt.Sprintf("Lends to the card on its %s side: %s.", l.To, AbilityText(l.Ability, nil)))
	}
	if c.OnRoot.Total() > 0 {
		parts = append(parts, fmt.Sprintf("Takes root with %s.", c.OnRoot))
	}
	if c.Capacity != data.Rules.Capacity {
		parts = append(parts, fmt.Sprintf("Capacity %d.", c.Capacity))
	}
	return strings.Join(parts, " ")
}

// gridDirText names a printed direction as seen on the grid from space sp for orientation o.
func gridDirText(sp int, o Dir) func(Dir) string {
	return func(d Dir) string {
		abs := d.Turn(o)
		n := step(sp, abs)
		if n < 0 {
			return abs.String() + " (off the grid)"
		}
		return abs.String() + " (" + SpaceName(n) + ")"
	}
}
