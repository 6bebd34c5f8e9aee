package ascidiae

import (
	"fmt"
	"strings"
)

// iconsText reads icons for players: "2 black + 1 red or blue", "all black and white".
func iconsText(icons []Icon) string {
	var parts []string
	for i := 0; i < len(icons); {
		j := i
		for j < len(icons) && icons[j] == icons[i] {
			j++
		}
		parts = append(parts, iconText(icons[i], j-i))
		i = j
	}
	return strings.Join(parts, " + ")
}

func iconText(ic Icon, n int) string {
	var names []string
	for _, c := range ic.colours() {
		names = append(names, c.String())
	}
	if ic.All {
		if len(names) == NumColours {
			return "all tadpoles"
		}
		return "all " + strings.Join(names, " and ")
	}
	return fmt.Sprintf("%d %s", n, strings.Join(names, " or "))
}

// ActionText writes one action for players. dirText names a printed direction; nil keeps the
// card's own words (up, right, down, left as printed).
func ActionText(a Action, dirText func(Dir) string) string {
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
	parts := make([]string, len(ab.Actions))
	for i, a := range ab.Actions {
		parts[i] = ActionText(a, dirText)
	}
	s := strings.Join(parts, ", then ")
	return strings.ToUpper(s[:1]) + s[1:]
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
