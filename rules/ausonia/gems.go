package ausonia

import (
	"fmt"
	"strconv"
	"strings"
)

// Gem is one of the three colours or the wild rainbow.
type Gem int8

const (
	Sapphire Gem = iota
	Emerald
	Bloodshard
	Rainbow
)

// gemLetters spells gems in tokens and data: s, e, b, r.
const gemLetters = "sebr"

var gemNames = [4]string{"sapphire", "emerald", "bloodshard", "rainbow"}

func (g Gem) String() string { return gemNames[g] }

// Letter is the one-letter spelling used in tokens and data.
func (g Gem) Letter() byte { return gemLetters[g] }

// Gems counts gems by colour: sapphire, emerald, bloodshard, rainbow. In a cost the rainbow count
// is the number of slots any gem may fill.
type Gems [4]int

// ParseGems reads a string of gem letters ("ssr") into counts.
func ParseGems(s string) (Gems, error) {
	var g Gems
	if len(s) > 32 {
		return g, fmt.Errorf("gem string %q is too long", s)
	}
	for i := 0; i < len(s); i++ {
		k := strings.IndexByte(gemLetters, s[i])
		if k < 0 {
			return g, fmt.Errorf("%q is not a gem letter (use s, e, b or r)", s[i:i+1])
		}
		g[k]++
	}
	return g, nil
}

// Total is the number of gems.
func (g Gems) Total() int { return g[0] + g[1] + g[2] + g[3] }

// Letters spells the gems in s, e, b, r order ("sser").
func (g Gems) Letters() string {
	var b strings.Builder
	for c := Sapphire; c <= Rainbow; c++ {
		for i := 0; i < g[c]; i++ {
			b.WriteByte(gemLetters[c])
		}
	}
	return b.String()
}

// Add returns g+o.
func (g Gems) Add(o Gems) Gems {
	for i := range g {
		g[i] += o[i]
	}
	return g
}

// Kinds counts the different gem symbols present (rainbow counts as a symbol of its own).
func (g Gems) Kinds() int {
	n := 0
	for _, c := range g {
		if c > 0 {
			n++
		}
	}
	return n
}

// Describe writes gems for people: "2 sapphires and 1 rainbow". A non-empty anyWord marks a cost,
// whose rainbow slots read "1 any-colour gem".
func (g Gems) Describe(anyWord string) string {
	parts := make([]string, 0, 4)
	for c := Sapphire; c <= Rainbow; c++ {
		if g[c] == 0 {
			continue
		}
		n := strconv.Itoa(g[c])
		switch {
		case c == Rainbow && anyWord != "" && g[c] == 1:
			parts = append(parts, n+" any-colour gem")
		case c == Rainbow && anyWord != "":
			parts = append(parts, n+" any-colour gems")
		case g[c] == 1:
			parts = append(parts, n+" "+gemNames[c])
		default:
			parts = append(parts, n+" "+gemNames[c]+"s")
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return andList(parts)
}

// andList joins words as a sentence does: "a", "a and b", "a, b and c".
func andList(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// coloured fills the coloured slots of cost from pool: real gems of the colour first, then rainbows
// for what is missing. It returns the gems taken and whether the pool covers them. Taking the real
// colour first never hurts: a rainbow kept can do everything the real gem could, and counts for
// conditions at least as well (see usedColour).
func coloured(cost, pool Gems) (take Gems, ok bool) {
	short := 0
	for c := Sapphire; c < Rainbow; c++ {
		n := min(cost[c], pool[c])
		take[c] = n
		short += cost[c] - n
	}
	if short > pool[Rainbow] {
		return take, false
	}
	take[Rainbow] = short
	return take, true
}

// payments lists every way to pay cost from pool. The coloured slots are filled as coloured()
// says; the choice left to the player is which gems fill the rainbow ("any") slots. Each entry is
// (the any-slot gems, everything taken). Data keeps any-slots at 3 or fewer, so there are at most
// 20 ways.
func payments(cost, pool Gems) []payment {
	base, ok := coloured(cost, pool)
	if !ok {
		return nil
	}
	left := pool.sub(base)
	need := cost[Rainbow]
	if left.Total() < need {
		return nil
	}
	// Most sapphires first, then most emeralds, then most bloodshards, rainbows for the rest: the
	// menu's order. Plain loops: this runs inside every search move, where a recursive closure's
	// allocations were a fifth of the time.
	var out []payment
	for s := min(need, left[Sapphire]); s >= 0; s-- {
		for e := min(need-s, left[Emerald]); e >= 0; e-- {
			for b := min(need-s-e, left[Bloodshard]); b >= 0; b-- {
				r := need - s - e - b
				if r > left[Rainbow] {
					continue
				}
				fill := Gems{Sapphire: s, Emerald: e, Bloodshard: b, Rainbow: r}
				out = append(out, payment{Any: fill, All: base.Add(fill)})
			}
		}
	}
	return out
}

// canPay says whether payments(cost, pool) has any way, without listing them.
func canPay(cost, pool Gems) bool {
	base, ok := coloured(cost, pool)
	return ok && pool.sub(base).Total() >= cost[Rainbow]
}

// sub is g less h, slot by slot.
func (g Gems) sub(h Gems) Gems {
	for i := range g {
		g[i] -= h[i]
	}
	return g
}

type payment struct {
	Any Gems // what fills the any-slots: this is the player's choice and the token
	All Gems // every gem taken from the pool
}
