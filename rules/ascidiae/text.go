package ascidiae

import (
	"github.com/boardbot/boardbot/rules/msg"
)

// Card and ability texts are messages of the catalogue (msgs.go): ActionText, AbilityText and
// CardText are their English renderings.

// The words of a colour in a list of icons: after a count of one, after a greater count, and
// after "all" (German, Spanish and French agree them with the count; English does not).
var (
	colourOneIDs  = [NumColours]string{"one_black", "one_white", "one_red", "one_blue"}
	colourManyIDs = [NumColours]string{"many_black", "many_white", "many_red", "many_blue"}
	colourAllIDs  = [NumColours]string{"all_black", "all_white", "all_red", "all_blue"}
)

// dirTerms are the glossary ids of the four directions ("right").
var dirTerms = [4]string{"dir_up", "dir_right", "dir_down", "dir_left"}

func dirArg(name string, d Dir) msg.Arg { return msg.Term(name, dirTerms[d&3]) }

// iconsMsg reads icons for players: "2 black + 1 red or blue", "all black and white".
func iconsMsg(icons []Icon) *msg.Message {
	if len(icons) == 1 {
		return iconMsg(icons[0], 1)
	}
	var parts []*msg.Message
	for i := 0; i < len(icons); {
		j := i
		for j < len(icons) && icons[j] == icons[i] {
			j++
		}
		parts = append(parts, iconMsg(icons[i], j-i))
		i = j
	}
	return joinMsg(parts, "list_plus")
}

func iconMsg(ic Icon, n int) *msg.Message {
	if ic.All && ic.Set == 1<<NumColours-1 {
		return say("icon_all_tadpoles")
	}
	ids, sep := &colourManyIDs, "list_or"
	switch {
	case ic.All:
		ids, sep = &colourAllIDs, "list_and"
	case n == 1:
		ids = &colourOneIDs
	}
	var cols []*msg.Message
	for c := Colour(0); c < NumColours; c++ {
		if ic.has(c) {
			cols = append(cols, say(ids[c]))
		}
	}
	if ic.All {
		return say("icon_all", msg.Nested("Colours", joinMsg(cols, sep)))
	}
	return say("icon_n", msg.Number("N", n), msg.Nested("Colours", joinMsg(cols, sep)))
}

// joinMsg joins parts with the same list message at every joint.
func joinMsg(parts []*msg.Message, id string) *msg.Message {
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		out = say(id, msg.Nested("First", parts[i]), msg.Nested("Rest", out))
	}
	return out
}

// gridDir reads a card's printed directions on the grid: from space sp, the card facing o.
type gridDir struct {
	sp   int
	o    Dir
	grid *[Spaces]*Placed // when set, a push says where its tadpoles are lost
}

// dirMsg is printed direction d in words: as printed when g is nil, else where it points on the
// grid from g's space for g's orientation: "right (d3)", "up (off the grid)".
func dirMsg(d Dir, g *gridDir) msg.Arg {
	if g == nil {
		return dirArg("Dir", d)
	}
	abs := d.Turn(g.o)
	n := step(g.sp, abs)
	if n < 0 {
		return msg.Nested("Dir", say("gdir_off", dirArg("Dir", abs)))
	}
	return msg.Nested("Dir", say("gdir", dirArg("Dir", abs), msg.Code("Space", SpaceName(n))))
}

// pushDirMsg is dirMsg for a push, saying that tadpoles pushed off the grid or onto an empty
// space are lost, as the push's own line then tells: a player read "right (c2)" as a move.
func pushDirMsg(d Dir, g *gridDir) msg.Arg {
	abs := d.Turn(g.o)
	n := step(g.sp, abs)
	switch {
	case n < 0:
		return msg.Nested("Dir", say("gdir_off_lost", dirArg("Dir", abs)))
	case g.grid[n] == nil:
		return msg.Nested("Dir", say("gdir_empty_lost", dirArg("Dir", abs), msg.Code("Space", SpaceName(n))))
	}
	return dirMsg(d, g)
}

// ActionText writes one action for players, its directions as printed.
func ActionText(a Action) string { return actionMsg(a, nil, false, false).English() }

// actionMsg is one action in words; g reads its directions on the grid (nil: as printed); brief
// leaves out the reminders of what think and order allow, for event lines; capital starts it
// with a capital letter, as the first action of an ability.
func actionMsg(a Action, g *gridDir, brief, capital bool) *msg.Message {
	if brief {
		switch a.Verb {
		case Think:
			return say("brief_think")
		case Order:
			return say("brief_order")
		case Root:
			switch a.Zone {
			case ZoneBlue:
				return say("brief_root_blue")
			case ZoneRed:
				return say("brief_root_red")
			}
			return say("act_root")
		}
	}
	switch a.Verb {
	case Spawn, Consume, Coop:
		id := [...]string{Spawn: "act_spawn", Consume: "act_consume", Coop: "act_coop"}[a.Verb]
		if capital {
			id = [...]string{Spawn: "cap_spawn", Consume: "cap_consume", Coop: "cap_coop"}[a.Verb]
		}
		return say(id, msg.Nested("Icons", iconsMsg(a.Icons)))
	case Push, Catch:
		id := "act_push"
		switch {
		case a.Verb == Catch && capital:
			id = "cap_catch"
		case a.Verb == Catch:
			id = "act_catch"
		case capital:
			id = "cap_push"
		}
		d := dirMsg(a.Dir, g)
		if a.Verb == Push && g != nil && g.grid != nil {
			d = pushDirMsg(a.Dir, g)
		}
		return say(id, msg.Nested("Icons", iconsMsg(a.Icons)), d)
	}
	if capital {
		return say(capIDs[a.centralKey()])
	}
	return centralActionMsg(a)
}

// centralKey names a central action for capIDs: its verb, with the zone of a take root.
func (a Action) centralKey() string {
	if a.Verb == Root {
		switch a.Zone {
		case ZoneBlue:
			return "root_blue"
		case ZoneRed:
			return "root_red"
		}
	}
	return a.Verb.String()
}

// capIDs are the central actions starting an ability, with a capital letter.
var capIDs = map[string]string{
	"think": "cap_think", "colonize": "cap_colonize", "root": "cap_root", "root_blue": "cap_root_blue",
	"root_red": "cap_root_red", "order": "cap_order", "displace": "cap_displace", "spin": "cap_spin",
	"block": "cap_block", "puff": "cap_puff",
}

// AbilityText writes an ability: its actions joined by ", then ".
func AbilityText(ab Ability) string { return abilityMsg(ab, nil).English() }

// abilityMsg is an ability in words, its directions read on the grid when g is set.
func abilityMsg(ab Ability, g *gridDir) *msg.Message {
	parts := make([]*msg.Message, len(ab.Actions))
	for i, a := range ab.Actions {
		parts[i] = actionMsg(a, g, false, i == 0)
	}
	return joinMsg(parts, "list_then")
}

// CardText is a species' whole text, generated from the data.
func CardText(c *CardDef) string { return cardMsg(c).English() }

// cardMsg is a species' whole text as a message.
func cardMsg(c *CardDef) *msg.Message {
	var parts []*msg.Message
	for i, ab := range c.Abilities {
		parts = append(parts, say("ct_ability", msg.Number("N", i+1), msg.Nested("Ability", abilityMsg(ab, nil))))
	}
	for _, l := range c.Lends {
		parts = append(parts, say("ct_lends", dirArg("Side", l.To), msg.Nested("Ability", abilityMsg(l.Ability, nil))))
	}
	if c.OnRoot.Total() > 0 {
		parts = append(parts, say("ct_root", msg.Nested("Pool", poolMsg(c.OnRoot))))
	}
	if c.Capacity != data.Rules.Capacity {
		parts = append(parts, say("ct_capacity", msg.Number("N", c.Capacity)))
	}
	return joinMsg(parts, "list_space")
}
