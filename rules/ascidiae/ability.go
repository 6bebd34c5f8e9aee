package ascidiae

import (
	"fmt"
	"strings"
)

// Icon is one tadpole icon on a card: one tadpole of any colour in Set, or (All) every tadpole of
// each colour in Set.
type Icon struct {
	Set uint8 `json:"set"` // bit c set = colour c allowed
	All bool  `json:"all,omitempty"`
}

func (ic Icon) has(c Colour) bool { return ic.Set&(1<<c) != 0 }

// single returns the colour of a one-colour, one-tadpole icon.
func (ic Icon) single() (Colour, bool) {
	if ic.All {
		return 0, false
	}
	for c := Colour(0); c < NumColours; c++ {
		if ic.Set == 1<<c {
			return c, true
		}
	}
	return 0, false
}

func (ic Icon) colours() []Colour {
	var cs []Colour
	for c := Colour(0); c < NumColours; c++ {
		if ic.has(c) {
			cs = append(cs, c)
		}
	}
	return cs
}

// Code is the icon as written in the data file.
func (ic Icon) Code() string {
	if ic.All {
		if ic.Set == 1<<NumColours-1 {
			return "*"
		}
		var b strings.Builder
		for _, c := range ic.colours() {
			b.WriteString(c.Letter())
		}
		return b.String() + "*"
	}
	var ls []string
	for _, c := range ic.colours() {
		ls = append(ls, c.Letter())
	}
	return strings.Join(ls, "/")
}

func parseIcon(s string) (Icon, error) {
	if s == "*" {
		return Icon{Set: 1<<NumColours - 1, All: true}, nil
	}
	var ic Icon
	if strings.HasSuffix(s, "*") {
		ic.All = true
		for _, r := range s[:len(s)-1] {
			i := strings.IndexRune(colourLetters, r)
			if i < 0 {
				return ic, fmt.Errorf("icon %q: %q is not a colour letter (K W R B)", s, r)
			}
			if ic.has(Colour(i)) {
				return ic, fmt.Errorf("icon %q repeats a colour", s)
			}
			ic.Set |= 1 << i
		}
		if ic.Set == 0 {
			return ic, fmt.Errorf("icon %q names no colour", s)
		}
		return ic, nil
	}
	for _, part := range strings.Split(s, "/") {
		if len(part) != 1 {
			return ic, fmt.Errorf("icon %q: write one colour letter, or letters joined by /, or letters ending in *", s)
		}
		i := strings.IndexByte(colourLetters, part[0])
		if i < 0 {
			return ic, fmt.Errorf("icon %q: %q is not a colour letter (K W R B)", s, part)
		}
		if ic.has(Colour(i)) {
			return ic, fmt.Errorf("icon %q repeats a colour", s)
		}
		ic.Set |= 1 << i
	}
	return ic, nil
}

// Verb is the kind of an action.
type Verb uint8

// The actions a card can print.
const (
	Spawn Verb = iota
	Consume
	Push
	Coop
	Catch
	Think
	Colonize
	Root
	Order
	Displace
	Spin
	Block
	Puff
	numVerbs
)

var verbNames = [numVerbs]string{"spawn", "consume", "push", "coop", "catch", "think", "colonize", "root", "order", "displace", "spin", "block", "puff"}

func (v Verb) String() string { return verbNames[v] }

// Central reports whether v is done on the central board (where resting is always allowed).
func (v Verb) Central() bool { return v >= Think }

// Zone restricts take root to blue (specials) or red (commons) piles; ZoneAny allows both.
type Zone uint8

// Take-root zones.
const (
	ZoneAny Zone = iota
	ZoneBlue
	ZoneRed
)

// Action is one step of an ability.
type Action struct {
	Verb  Verb   `json:"verb"`
	Icons []Icon `json:"icons,omitempty"`
	Dir   Dir    `json:"dir,omitempty"`  // push and catch, relative to the card
	Zone  Zone   `json:"zone,omitempty"` // root
}

// Ability is an ordered list of actions.
type Ability struct {
	Actions []Action `json:"actions"`
	Code    string   `json:"code"` // as written in the data file
}

// fixed is the pool named by an action's one-tadpole, one-colour icons, and whether all its
// icons are of that kind (no choice to make).
func (a Action) fixed() (Pool, bool) {
	var p Pool
	for _, ic := range a.Icons {
		c, ok := ic.single()
		if !ok {
			return p, false
		}
		p[c]++
	}
	return p, true
}

// allMask is the union of an action's all-icons (0 when it has none).
func (a Action) allMask() uint8 {
	var m uint8
	for _, ic := range a.Icons {
		if ic.All {
			m |= ic.Set
		}
	}
	return m
}

// ParseAbility reads an ability written in the data file's notation, e.g. "spawn K, push K up".
func ParseAbility(s string) (Ability, error) {
	ab := Ability{Code: strings.TrimSpace(s)}
	if ab.Code == "" {
		return ab, fmt.Errorf("empty ability")
	}
	for _, part := range strings.Split(s, ",") {
		a, err := parseAction(strings.Fields(part))
		if err != nil {
			return ab, fmt.Errorf("ability %q: %w", s, err)
		}
		ab.Actions = append(ab.Actions, a)
	}
	return ab, nil
}

func parseAction(f []string) (Action, error) {
	var a Action
	if len(f) == 0 {
		return a, fmt.Errorf("empty action")
	}
	v := -1
	for i, n := range verbNames {
		if n == f[0] {
			v = i
		}
	}
	if v < 0 {
		return a, fmt.Errorf("unknown action %q", f[0])
	}
	a.Verb = Verb(v)
	args := f[1:]
	switch a.Verb {
	case Root:
		if len(args) > 1 {
			return a, fmt.Errorf("root takes at most a zone (blue or red)")
		}
		if len(args) == 1 {
			switch args[0] {
			case "blue":
				a.Zone = ZoneBlue
			case "red":
				a.Zone = ZoneRed
			default:
				return a, fmt.Errorf("root zone %q: write blue or red", args[0])
			}
		}
		return a, nil
	case Push, Catch:
		if len(args) < 2 {
			return a, fmt.Errorf("%s needs tadpoles and a direction", a.Verb)
		}
		d, ok := dirByName(args[len(args)-1])
		if !ok {
			return a, fmt.Errorf("%s: %q is not a direction (up, right, down, left)", a.Verb, args[len(args)-1])
		}
		a.Dir = d
		args = args[:len(args)-1]
	case Spawn, Consume, Coop:
		if len(args) == 0 {
			return a, fmt.Errorf("%s needs tadpoles", a.Verb)
		}
	default:
		if len(args) > 0 {
			return a, fmt.Errorf("%s takes nothing after it", a.Verb)
		}
		return a, nil
	}
	alls, singles := 0, 0
	for _, s := range args {
		ic, err := parseIcon(s)
		if err != nil {
			return a, err
		}
		if ic.All {
			alls++
		} else {
			singles++
		}
		a.Icons = append(a.Icons, ic)
	}
	if alls > 0 && singles > 0 {
		return a, fmt.Errorf("%s mixes all-icons and single tadpoles", a.Verb)
	}
	if alls > 0 && a.Verb == Spawn {
		return a, fmt.Errorf("spawn cannot use an all-icon")
	}
	if singles > 12 {
		return a, fmt.Errorf("%s names more than 12 tadpoles", a.Verb)
	}
	// Each reading of the icons is one option of a menu, which holds at most 25.
	if n := len(combos(a.Icons)); n > 25 {
		return a, fmt.Errorf("%s can be read %d ways; at most 25", a.Verb, n)
	}
	return a, nil
}
