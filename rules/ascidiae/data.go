package ascidiae

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed ascidiae.toml
var dataTOML string

// Kind says where a card comes from.
type Kind string

// Card kinds.
const (
	KindInitial Kind = "initial"
	KindCommon  Kind = "common"
	KindSpecial Kind = "special"
)

// Lend is a borrowed ability: printed tail outwards, usable by the neighbour on side To (relative
// to the lender), with directions read in the lender's orientation.
type Lend struct {
	To      Dir     `json:"to"`
	Ability Ability `json:"ability"`
}

// CardDef is one species of ascidia.
type CardDef struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Kind      Kind      `json:"kind"`
	Group     int       `json:"group,omitempty"` // recommended game 1-4 for specials; 0 none
	Copies    int       `json:"copies"`
	Red       int       `json:"red,omitempty"` // commons: red space 1-4
	Capacity  int       `json:"capacity"`
	OnRoot    Pool      `json:"on_root"` // tadpoles spawned when it takes root
	Abilities []Ability `json:"abilities,omitempty"`
	Lends     []Lend    `json:"lends,omitempty"`
}

// Layout is a current: the order in which the flow visits the spaces.
type Layout struct {
	ID   string
	Name string
	Path [Spaces]int
}

// Preset is a recommended group of six specials.
type Preset struct {
	ID       string
	Name     string
	Fixed    bool // specials on the blue spaces in listed order (printed costs)
	Specials []string
}

// ColonyDef is a colony card.
type ColonyDef struct {
	ID         string // difficulty and number: black1..black10, orange1.., white1..
	Difficulty string
	Needs      Pool
}

// RulesData holds the numbers of the rules that live in the data file.
type RulesData struct {
	Capacity  int `toml:"capacity"`
	Wins      int `toml:"wins"`
	LongWins  int `toml:"long_wins"`
	TurnLimit int `toml:"turn_limit"`
	SoloTurns int `toml:"solo_turns"`
	Blocks    int `toml:"blocks"`
}

// Data is the whole parsed data file.
type Data struct {
	Rules    RulesData
	Blue     []Pool // costs of the blue spaces
	Red      []Pool // costs of the red spaces
	Layouts  []Layout
	Cards    []*CardDef
	Presets  []Preset
	Colonies []ColonyDef
	byID     map[string]*CardDef
	colByID  map[string]*ColonyDef
}

// Difficulties of colony cards, with the colony size each implies.
var Difficulties = []string{"black", "orange", "white"}

var data = mustLoad(dataTOML)

func mustLoad(src string) *Data {
	d, err := loadData(src)
	if err != nil {
		panic("ascidiae: embedded data: " + err.Error())
	}
	return d
}

// Card returns the definition of a species by id.
func Card(id string) (*CardDef, bool) {
	c, ok := data.byID[id]
	return c, ok
}

// Colony returns a colony card by id.
func Colony(id string) (*ColonyDef, bool) {
	c, ok := data.colByID[id]
	return c, ok
}

// GameData is the parsed data file, for renderers and tools. Do not modify it.
func GameData() *Data { return data }

type rawData struct {
	Rules RulesData `toml:"rules"`
	Board struct {
		Blue []string `toml:"blue"`
		Red  []string `toml:"red"`
	} `toml:"board"`
	Current []struct {
		ID   string `toml:"id"`
		Name string `toml:"name"`
		Path string `toml:"path"`
	} `toml:"current"`
	Card []struct {
		ID        string   `toml:"id"`
		Name      string   `toml:"name"`
		Kind      string   `toml:"kind"`
		Group     int      `toml:"group"`
		Copies    int      `toml:"copies"`
		Red       int      `toml:"red"`
		Capacity  int      `toml:"capacity"`
		OnRoot    string   `toml:"on_root"`
		Abilities []string `toml:"abilities"`
		Lends     []struct {
			To      string `toml:"to"`
			Ability string `toml:"ability"`
		} `toml:"lends"`
	} `toml:"card"`
	Preset []struct {
		ID       string   `toml:"id"`
		Name     string   `toml:"name"`
		Fixed    bool     `toml:"fixed"`
		Specials []string `toml:"specials"`
	} `toml:"preset"`
	Colony []struct {
		Difficulty string   `toml:"difficulty"`
		Needs      []string `toml:"needs"`
	} `toml:"colony"`
}

// loadData parses and checks a data file: every reference resolves, every path is a zig-zag the
// engine can follow, every ability parses.
func loadData(src string) (*Data, error) {
	var raw rawData
	md, err := toml.Decode(src, &raw)
	if err != nil {
		return nil, err
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("unknown keys: %v", und)
	}
	d := &Data{Rules: raw.Rules, byID: map[string]*CardDef{}, colByID: map[string]*ColonyDef{}}
	r := d.Rules
	if r.Capacity < 1 || r.Wins < 1 || r.LongWins < r.Wins || r.TurnLimit < 1 || r.SoloTurns < 1 || r.Blocks < 0 {
		return nil, fmt.Errorf("rules: capacity, wins, long_wins, turn_limit and solo_turns must be positive (long_wins >= wins)")
	}
	for _, c := range raw.Board.Blue {
		p, err := parsePool(c)
		if err != nil || p.Total() == 0 {
			return nil, fmt.Errorf("board blue cost %q: %v", c, err)
		}
		d.Blue = append(d.Blue, p)
	}
	for _, c := range raw.Board.Red {
		p, err := parsePool(c)
		if err != nil || p.Total() == 0 {
			return nil, fmt.Errorf("board red cost %q: %v", c, err)
		}
		d.Red = append(d.Red, p)
	}
	if len(d.Blue) != 6 || len(d.Red) != 4 {
		return nil, fmt.Errorf("board: want 6 blue and 4 red spaces, have %d and %d", len(d.Blue), len(d.Red))
	}
	for _, c := range raw.Current {
		l := Layout{ID: c.ID, Name: c.Name}
		f := strings.Fields(c.Path)
		if len(f) != Spaces {
			return nil, fmt.Errorf("current %s: path has %d spaces, want %d", c.ID, len(f), Spaces)
		}
		seen := map[int]bool{}
		for i, s := range f {
			sp, ok := spaceByName(s)
			if !ok || seen[sp] {
				return nil, fmt.Errorf("current %s: bad or repeated space %q", c.ID, s)
			}
			seen[sp] = true
			l.Path[i] = sp
			if i > 0 && !adjacent(l.Path[i-1], sp) {
				return nil, fmt.Errorf("current %s: %s does not follow on from %s", c.ID, s, f[i-1])
			}
		}
		d.Layouts = append(d.Layouts, l)
	}
	if len(d.Layouts) == 0 {
		return nil, fmt.Errorf("no current layouts")
	}
	reds := map[int]bool{}
	for _, rc := range raw.Card {
		c := &CardDef{ID: rc.ID, Name: rc.Name, Kind: Kind(rc.Kind), Group: rc.Group, Copies: rc.Copies, Red: rc.Red, Capacity: rc.Capacity}
		if c.ID == "" || strings.ContainsAny(c.ID, " \t") || c.Name == "" {
			return nil, fmt.Errorf("card %q: needs a one-word id and a name", rc.ID)
		}
		if _, dup := d.byID[c.ID]; dup {
			return nil, fmt.Errorf("card %s listed twice", c.ID)
		}
		if _, ok := colourByName(c.ID); ok || isWord(c.ID) {
			return nil, fmt.Errorf("card %s: id clashes with a move word", c.ID)
		}
		switch c.Kind {
		case KindInitial, KindSpecial:
		case KindCommon:
			if c.Red < 1 || c.Red > len(d.Red) || reds[c.Red] {
				return nil, fmt.Errorf("common %s: red space %d missing or taken", c.ID, c.Red)
			}
			reds[c.Red] = true
		default:
			return nil, fmt.Errorf("card %s: kind %q (initial, common or special)", c.ID, rc.Kind)
		}
		if c.Copies < 1 {
			return nil, fmt.Errorf("card %s: copies must be positive", c.ID)
		}
		if c.Capacity == 0 {
			c.Capacity = r.Capacity
		}
		if rc.OnRoot != "" {
			ab, err := ParseAbility(rc.OnRoot)
			if err != nil {
				return nil, fmt.Errorf("card %s on_root: %w", c.ID, err)
			}
			for _, a := range ab.Actions {
				p, ok := a.fixed()
				if a.Verb != Spawn || !ok {
					return nil, fmt.Errorf("card %s on_root: only spawn of plain colours", c.ID)
				}
				c.OnRoot = c.OnRoot.Plus(p)
			}
		}
		for _, s := range rc.Abilities {
			ab, err := ParseAbility(s)
			if err != nil {
				return nil, fmt.Errorf("card %s: %w", c.ID, err)
			}
			c.Abilities = append(c.Abilities, ab)
		}
		for _, l := range rc.Lends {
			dir, ok := dirByName(l.To)
			if !ok {
				return nil, fmt.Errorf("card %s: lend to %q", c.ID, l.To)
			}
			ab, err := ParseAbility(l.Ability)
			if err != nil {
				return nil, fmt.Errorf("card %s lend: %w", c.ID, err)
			}
			c.Lends = append(c.Lends, Lend{To: dir, Ability: ab})
		}
		if len(c.Abilities)+len(c.Lends) == 0 {
			return nil, fmt.Errorf("card %s has no ability", c.ID)
		}
		if len(c.Abilities)+4*len(c.Lends) > 9 {
			return nil, fmt.Errorf("card %s has too many abilities", c.ID)
		}
		d.byID[c.ID] = c
		d.Cards = append(d.Cards, c)
	}
	for _, rp := range raw.Preset {
		p := Preset{ID: rp.ID, Name: rp.Name, Fixed: rp.Fixed, Specials: rp.Specials}
		if len(p.Specials) != 0 && len(p.Specials) != len(d.Blue) {
			return nil, fmt.Errorf("preset %s: %d specials, want %d (or none for random)", p.ID, len(p.Specials), len(d.Blue))
		}
		seen := map[string]bool{}
		for _, id := range p.Specials {
			c, ok := d.byID[id]
			if !ok || c.Kind != KindSpecial || seen[id] {
				return nil, fmt.Errorf("preset %s: %q is not a special, or is repeated", p.ID, id)
			}
			seen[id] = true
		}
		d.Presets = append(d.Presets, p)
	}
	if len(d.Presets) == 0 {
		return nil, fmt.Errorf("no presets")
	}
	for _, rc := range raw.Colony {
		di := -1
		for i, n := range Difficulties {
			if n == rc.Difficulty {
				di = i
			}
		}
		if di < 0 {
			return nil, fmt.Errorf("colony difficulty %q", rc.Difficulty)
		}
		for i, s := range rc.Needs {
			p, err := parsePool(s)
			if err != nil {
				return nil, fmt.Errorf("colony %q: %w", s, err)
			}
			if p.Total() != 4+di {
				return nil, fmt.Errorf("colony %q: a %s colony needs %d tadpoles", s, rc.Difficulty, 4+di)
			}
			c := ColonyDef{ID: fmt.Sprintf("%s%d", rc.Difficulty, i+1), Difficulty: rc.Difficulty, Needs: p}
			d.Colonies = append(d.Colonies, c)
		}
	}
	for i := range d.Colonies {
		d.colByID[d.Colonies[i].ID] = &d.Colonies[i]
	}
	return d, nil
}

func adjacent(a, b int) bool {
	for d := Up; d <= Left; d++ {
		if step(a, d) == b {
			return true
		}
	}
	return false
}

// isWord reports whether s is a fixed word of the move notation, which card ids must not shadow.
func isWord(s string) bool {
	switch s {
	case "flow", "rest", "root", "colonize", "displace", "spin", "block", "puff", "up", "right", "down", "left":
		return true
	}
	return false
}

// specials lists the ids of all special species, sorted.
func (d *Data) specials() []string {
	var ids []string
	for _, c := range d.Cards {
		if c.Kind == KindSpecial {
			ids = append(ids, c.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

func (d *Data) preset(id string) (Preset, bool) {
	for _, p := range d.Presets {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

func (d *Data) layout(id string) (int, bool) {
	for i, l := range d.Layouts {
		if l.ID == id {
			return i, true
		}
	}
	return 0, false
}
