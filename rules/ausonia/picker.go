package ausonia

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// maxMenu is the most options one menu may show (Discord's select menus hold 25).
const maxMenu = 25

// pickItem is one physical card a player may pick, spelled by tok.
type pickItem struct {
	tok    string
	label  string
	inst   int
	ord    int    // sort key for unordered picks (card type, then zone)
	family string // group token when a menu would be too long
}

// picker walks a sequence of card picks: which cards to discard, raise, put back on top...
type picker struct {
	items   []pickItem
	max     int  // most picks
	min     int  // fewest picks that make a whole move (besides "none")
	sorted  bool // the picks are a set: tokens must come in menu order, so each set has one spelling
	none    bool // "none" at the start picks nothing
	emptyOK bool // the move is whole with no pick at all (no "none" token)
	what    string
}

// walk checks toks against the picker and returns what may follow, whether the picks so far make
// a whole move, and the instances picked.
func (pk picker) walk(toks []string) (next []rules.Choice, complete bool, picked []int, err error) {
	used := make([]bool, len(pk.items))
	last := -1 // ord of the last pick, for sorted pickers
	i := 0
	if len(toks) > 0 && pk.none && toks[0] == "none" {
		if len(toks) > 1 {
			return nil, false, nil, rules.Illegalf("Nothing can follow \"none\".")
		}
		return nil, true, nil, nil
	}
	for {
		avail := pk.reachable(pk.available(used, last), len(picked))
		grouped := countTokens(avail) > maxMenu
		if i == len(toks) {
			complete = len(picked) >= pk.min && (len(picked) > 0 || pk.emptyOK)
			if len(picked) < pk.max {
				next = pk.menu(avail, grouped)
			}
			if i == 0 && pk.none {
				next = append(next, rules.Choice{Token: "none", Label: "choose no card"})
			}
			return next, complete, picked, nil
		}
		if len(picked) >= pk.max {
			return nil, false, nil, rules.Illegalf("At most %d card%s may be chosen %s; %q is one too many.", pk.max, plural(pk.max), pk.what, toks[i])
		}
		tok, group := toks[i], ""
		if grouped {
			group = tok
			ok := false
			for _, it := range avail {
				if it.family == tok {
					ok = true
				}
			}
			if !ok {
				return nil, false, nil, rules.Illegalf("%q is not a group of cards you can choose %s; the groups are: %s.", tok, pk.what, tokenList(pk.menu(avail, true)))
			}
			i++
			if i == len(toks) {
				var sub []pickItem
				for _, it := range avail {
					if it.family == tok {
						sub = append(sub, it)
					}
				}
				return pk.menu(sub, false), false, picked, nil
			}
			tok = toks[i]
		}
		k := -1
		offered := false
		for _, it := range avail {
			if it.tok == tok && (group == "" || it.family == group) {
				offered = true
			}
		}
		for j, it := range pk.items {
			if !offered {
				break
			}
			if !used[j] && it.tok == tok && (!pk.sorted || it.ord >= last) && (group == "" || it.family == group) {
				k = j
				break
			}
		}
		if k < 0 {
			return nil, false, nil, pk.refuse(tok, used, last)
		}
		used[k] = true
		picked = append(picked, pk.items[k].inst)
		if pk.sorted {
			last = pk.items[k].ord
		}
		i++
	}
}

func (pk picker) refuse(tok string, used []bool, last int) error {
	for j, it := range pk.items {
		if it.tok == tok && !used[j] {
			if pk.sorted {
				return rules.Illegalf("%q cannot come here: name the cards %s in menu order, and only as many as asked.", tok, pk.what)
			}
			return rules.Illegalf("%q cannot come here.", tok)
		}
	}
	for _, it := range pk.items {
		if it.tok == tok {
			return rules.Illegalf("There are no more %q cards to choose %s.", tok, pk.what)
		}
	}
	return rules.Illegalf("%q is not a card you can choose %s; you can choose: %s.", tok, pk.what, tokenList(pk.menu(pk.available(used, last), false)))
}

// reachable drops, from a sorted picker's options, the cards after which too few cards remain to
// reach the minimum: picking them would lead nowhere.
func (pk picker) reachable(avail []pickItem, picked int) []pickItem {
	need := pk.min - picked
	if !pk.sorted || need <= 1 {
		return avail
	}
	var out []pickItem
	for _, it := range avail {
		n := 0
		for _, o := range avail {
			if o.ord >= it.ord {
				n++
			}
		}
		if n >= need {
			out = append(out, it)
		}
	}
	return out
}

func (pk picker) available(used []bool, last int) []pickItem {
	var out []pickItem
	for j, it := range pk.items {
		if !used[j] && (!pk.sorted || it.ord >= last) {
			out = append(out, it)
		}
	}
	return out
}

// menu lists distinct tokens (or their groups) in item order.
func (pk picker) menu(avail []pickItem, grouped bool) []rules.Choice {
	var out []rules.Choice
	seen := map[string]int{}
	for _, it := range avail {
		tok, label := it.tok, it.label
		if grouped {
			tok, label = it.family, familyLabel(it.family)
		}
		if k, ok := seen[tok]; ok {
			if !grouped {
				out[k].Label = bumpCount(out[k].Label)
			}
			continue
		}
		seen[tok] = len(out)
		out = append(out, rules.Choice{Token: tok, Label: label})
	}
	return out
}

// bumpCount turns "X" into "X (×2)", "X (×2)" into "X (×3)".
func bumpCount(l string) string {
	if i := strings.LastIndex(l, " (×"); i >= 0 && strings.HasSuffix(l, ")") {
		var n int
		if _, err := fmt.Sscanf(l[i:], " (×%d)", &n); err == nil {
			return fmt.Sprintf("%s (×%d)", l[:i], n+1)
		}
	}
	return l + " (×2)"
}

func countTokens(items []pickItem) int {
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.tok] = true
	}
	return len(seen)
}

func tokenList(cs []rules.Choice) string {
	if len(cs) == 0 {
		return "nothing"
	}
	t := make([]string, len(cs))
	for i, c := range cs {
		t[i] = c.Token
	}
	return strings.Join(t, ", ")
}

// family groups card codes for long menus: the code's letters ("v" for v3, "dv" for dv3).
func family(tok string) string { return strings.TrimRight(tok, "0123456789") }

func familyLabel(f string) string {
	prefix := ""
	if len(f) == 2 && f[0] == 'd' {
		prefix, f = "discard pile: ", f[1:]
	}
	name := f
	switch f {
	case "s", "e", "b":
		name = "gem cards (" + Gem(strings.IndexByte(gemLetters, f[0])).String() + ")"
	case "h":
		name = "house cards"
	case "p":
		name = "power cards"
	default:
		for _, g := range Guilds {
			if g.Letter == f {
				name = g.Name + " cards"
			}
		}
	}
	return prefix + name
}
