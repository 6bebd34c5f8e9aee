package ausonia

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// maxMenu is the most options one menu may show (Discord's select menus hold 25).
const maxMenu = 25

// pickItem is one physical card a player may pick, spelled by tok.
type pickItem struct {
	tok    string
	kind   int    // the card type, whose label a shown menu gives
	from   string // "" or the message that says where the card lies ("lbl_from_hand")
	inst   int
	ord    int    // sort key for unordered picks (card type, then zone)
	family string // group token when a menu would be too long
}

// picker walks a sequence of card picks: which cards to discard, raise, put back on top...
type picker struct {
	items   []pickItem
	max     int    // most picks
	min     int    // fewest picks that make a whole move (besides "none")
	sorted  bool   // the picks are a set: tokens must come in menu order, so each set has one spelling
	none    bool   // "none" at the start picks nothing
	emptyOK bool   // the move is whole with no pick at all (no "none" token)
	what    string // message id: what the cards are chosen for ("what_raise")
	quiet   bool   // menus without labels: random play and Apply's check never read them
}

// walk checks toks against the picker and returns what may follow, whether the picks so far make
// a whole move, and the instances picked.
func (pk picker) walk(toks []string) (next []rules.Choice, complete bool, picked []int, err error) {
	c := pk.start()
	i := 0
	if len(toks) > 0 && pk.none && toks[0] == "none" {
		if len(toks) > 1 {
			return nil, false, nil, refusal("ref_none_alone")
		}
		return nil, true, nil, nil
	}
	var first [maxMenu]int
	for {
		if pk.quiet && i < len(toks) && len(c.picked) < pk.max {
			// A plain menu: take the token's first item without building the menu. Anything
			// else (a group, a token not offered) goes the long way, which explains refusals.
			if n, ok := c.menuFirsts(&first); ok {
				if j := slices.IndexFunc(first[:n], func(f int) bool { return pk.items[f].tok == toks[i] }); j >= 0 {
					c.pick(first[j])
					i++
					continue
				}
			}
		}
		avail, grouped := c.avail()
		if i == len(toks) {
			next, complete = c.here(avail, grouped, i == 0)
			return next, complete, c.picked, nil
		}
		if len(c.picked) >= pk.max {
			return nil, false, nil, refusal("ref_at_most", msg.Count("N", pk.max), pk.whatArg(), quoted("Tok", toks[i]))
		}
		tok, group := toks[i], ""
		if grouped {
			group = tok
			sub := inFamily(avail, tok)
			if len(sub) == 0 {
				return nil, false, nil, refusal("ref_not_group", quoted("Tok", tok), pk.whatArg(), msg.Nested("Groups", tokensMsg(pk.menu(avail, true))))
			}
			i++
			if i == len(toks) {
				return pk.menu(sub, false), false, c.picked, nil
			}
			tok = toks[i]
		}
		if !c.take(avail, tok, group) {
			return nil, false, nil, pk.refuse(tok, c.used, c.last)
		}
		i++
	}
}

// pickCursor is a walk through a picker that keeps its position, so a path can be read (walk) or
// drawn (draw) one pick at a time.
type pickCursor struct {
	pk     picker
	used   []bool
	last   int // ord of the last pick, for sorted pickers
	picked []int
	buf    []pickItem // avail's list, reused from one pick to the next
}

func (pk picker) start() *pickCursor {
	return &pickCursor{pk: pk, used: make([]bool, len(pk.items)), last: -1}
}

// avail lists the items that may be picked next, and whether the menu shows them by family
// because it would be too long.
func (c *pickCursor) avail() ([]pickItem, bool) {
	c.buf = c.pk.appendAvailable(c.buf[:0], c.used, c.last)
	avail := c.pk.reachable(c.buf, len(c.picked))
	return avail, countTokens(avail) > maxMenu
}

// here is what may follow the picks so far, and whether they make a whole move.
func (c *pickCursor) here(avail []pickItem, grouped, first bool) (next []rules.Choice, complete bool) {
	complete = len(c.picked) >= c.pk.min && (len(c.picked) > 0 || c.pk.emptyOK)
	if len(c.picked) < c.pk.max {
		next = c.pk.menu(avail, grouped)
		if c.pk.what == "what_discard_hand" && !c.pk.quiet && !grouped {
			c.passLabels(next, avail)
		}
	}
	if first && c.pk.none {
		next = append(next, choice("none", say("lbl_none")))
	}
	return next, complete
}

// passLabels say what each pass in the menu discards, all of it: a whole move "pass s1 s3" is
// labelled by its last token, which named only the last card.
func (c *pickCursor) passLabels(next []rules.Choice, avail []pickItem) {
	for k := range next {
		i := slices.IndexFunc(avail, func(it pickItem) bool { return it.tok == next[k].Token })
		if i < 0 {
			continue
		}
		cards := append(slices.Clone(c.picked), avail[i].inst)
		names := make([]*msg.Message, 0, len(cards))
		for _, x := range cards {
			// Names bare, as other labels give them: the label must fit a menu line.
			names = append(names, say("lbl_card_name", cardArg("Card", c.pk.items[slices.IndexFunc(c.pk.items, func(it pickItem) bool { return it.inst == x })].kind)))
		}
		m := say("lbl_pass_discarding", msg.Nested("Cards", listMsg(names)))
		next[k].Msg = m
	}
}

// take picks the first unused item spelled tok (in group, when the menu is grouped) among those
// offered, reporting false when tok is not offered.
func (c *pickCursor) take(avail []pickItem, tok, group string) bool {
	offered := false
	for _, it := range avail {
		if it.tok == tok && (group == "" || it.family == group) {
			offered = true
		}
	}
	if !offered {
		return false
	}
	for j, it := range c.pk.items {
		if !c.used[j] && it.tok == tok && (!c.pk.sorted || it.ord >= c.last) && (group == "" || it.family == group) {
			c.pick(j)
			return true
		}
	}
	return false
}

// menuFirsts lists in first, for each token the menu would show next, the first item spelled so
// among those that may be picked: what take would pick for that token. It says no (the caller
// builds the menu) when the menu would be grouped by family or when a sorted picker must still
// leave room for more picks (reachable).
func (c *pickCursor) menuFirsts(first *[maxMenu]int) (int, bool) {
	pk := &c.pk
	if pk.sorted && pk.min-len(c.picked) > 1 {
		return 0, false
	}
	n := 0
	for j := range pk.items {
		it := &pk.items[j]
		if c.used[j] || (pk.sorted && it.ord < c.last) {
			continue
		}
		seen := false
		for _, f := range first[:n] {
			if pk.items[f].tok == it.tok {
				seen = true
				break
			}
		}
		if seen {
			continue
		}
		if n == maxMenu {
			return 0, false // more tokens than a menu holds: grouped
		}
		first[n] = j
		n++
	}
	return n, true
}

// pick takes item j.
func (c *pickCursor) pick(j int) {
	c.used[j] = true
	c.picked = append(c.picked, c.pk.items[j].inst)
	if c.pk.sorted {
		c.last = c.pk.items[j].ord
	}
}

func inFamily(items []pickItem, fam string) []pickItem {
	var out []pickItem
	for _, it := range items {
		if it.family == fam {
			out = append(out, it)
		}
	}
	return out
}

// draw picks uniformly at random, making exactly the draws rules.RandomMove makes through walk:
// one over the menu (plus stopping, when the picks are whole) per token, r.IntN(1) to stop where
// nothing may follow.
func (pk picker) draw(r *rand.Rand) ([]string, error) {
	c := pk.start()
	var toks []string
	var first [maxMenu]int
	for len(toks) < rules.MaxTreeDepth {
		if n, ok := c.menuFirsts(&first); ok {
			// The menu's tokens are those of the items first[:n]: draw without building it.
			complete := len(c.picked) >= pk.min && (len(c.picked) > 0 || pk.emptyOK)
			if len(c.picked) >= pk.max {
				n = 0
			}
			none := len(toks) == 0 && pk.none
			k := n
			if none {
				k++
			}
			i, stop, err := rules.DrawIndex(k, complete, r)
			if err != nil || stop {
				return toks, err
			}
			if i == n { // "none", offered last
				r.IntN(1) // "none" is whole and nothing follows it
				return append(toks, "none"), nil
			}
			toks = append(toks, pk.items[first[i]].tok)
			c.pick(first[i])
			continue
		}
		avail, grouped := c.avail()
		next, complete := c.here(avail, grouped, len(toks) == 0)
		tok, stop, err := rules.DrawToken(next, complete, r)
		if err != nil || stop {
			return toks, err
		}
		group := ""
		toks = append(toks, tok)
		if tok == "none" && len(toks) == 1 && pk.none {
			r.IntN(1) // "none" is whole and nothing follows it
			return toks, nil
		}
		if grouped {
			group = tok
			sub := pk.menu(inFamily(avail, group), false)
			tok = sub[r.IntN(len(sub))].Token
			toks = append(toks, tok)
		}
		if !c.take(avail, tok, group) {
			return nil, fmt.Errorf("picker offered %q but cannot take it", tok)
		}
	}
	return nil, fmt.Errorf("choice tree deeper than %d", rules.MaxTreeDepth)
}

func (pk picker) refuse(tok string, used []bool, last int) error {
	for j, it := range pk.items {
		if it.tok == tok && !used[j] {
			if pk.sorted {
				return refusal("ref_not_here_order", quoted("Tok", tok), pk.whatArg())
			}
			return refusal("ref_not_here", quoted("Tok", tok))
		}
	}
	for _, it := range pk.items {
		if it.tok == tok {
			return refusal("ref_no_more", quoted("Tok", tok), pk.whatArg())
		}
	}
	return refusal("ref_not_card", quoted("Tok", tok), pk.whatArg(), msg.Nested("Cards", tokensMsg(pk.menu(pk.available(used, last), false))))
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
	return pk.appendAvailable(nil, used, last)
}

// appendAvailable is available, appended to out.
func (pk picker) appendAvailable(out []pickItem, used []bool, last int) []pickItem {
	for j, it := range pk.items {
		if !used[j] && (!pk.sorted || it.ord >= last) {
			out = append(out, it)
		}
	}
	return out
}

// menu lists distinct tokens (or their groups) in item order; a shown menu labels each with its
// card (counted when copies share a token) or its group.
func (pk picker) menu(avail []pickItem, grouped bool) []rules.Choice {
	var out []rules.Choice
	var firsts, counts []int // for the labels: the item each entry shows, and its copies
	for i, it := range avail {
		tok := it.tok
		if grouped {
			tok = it.family
		}
		if k := slices.IndexFunc(out, func(c rules.Choice) bool { return c.Token == tok }); k >= 0 {
			if !pk.quiet {
				counts[k]++
			}
			continue
		}
		out = append(out, rules.Choice{Token: tok})
		if !pk.quiet {
			firsts, counts = append(firsts, i), append(counts, 1)
		}
	}
	if pk.quiet {
		return out
	}
	for k := range out {
		it := avail[firsts[k]]
		var m *msg.Message
		if grouped {
			m = familyMsg(it.family)
		} else {
			m = cardLabelMsgs()[it.kind]
			if pk.what == "what_discard" || pk.what == "what_discard_hand" {
				// A card to discard needs only to be told from the others: its whole text made
				// every long card's line too long for a menu.
				m = cardNameMsgs()[it.kind]
			}
			if it.from != "" {
				m = say(it.from, msg.Nested("Card", m))
			}
			if counts[k] > 1 {
				m = say("lbl_times", msg.Nested("Label", m), msg.Number("N", counts[k]))
			}
		}
		out[k].Msg = m
	}
	return out
}

// whatArg says what the cards are chosen for.
func (pk picker) whatArg() msg.Arg { return msg.Nested("What", say(pk.what)) }

func countTokens(items []pickItem) int {
	n := 0
	for i, it := range items {
		if firstTok(items[:i], it.tok) < 0 {
			n++
		}
	}
	return n
}

// firstTok is the index of the first item spelled tok, or -1. Piles are short: a scan beats a map
// built on every walk of the tree.
func firstTok(items []pickItem, tok string) int {
	for i, it := range items {
		if it.tok == tok {
			return i
		}
	}
	return -1
}

func tokensOf(cs []rules.Choice) []string {
	t := make([]string, len(cs))
	for i, c := range cs {
		t[i] = c.Token
	}
	return t
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

// familyMsg names a group of cards in a long menu: "discard pile: Vetrai cards".
func familyMsg(f string) *msg.Message {
	pile := len(f) == 2 && f[0] == 'd'
	if pile {
		f = f[1:]
	}
	var m *msg.Message
	switch f {
	case "s", "e", "b":
		m = say("fam_gems", msg.Term("Gem", gemNameIDs[strings.IndexByte(gemLetters, f[0])]))
	case "h":
		m = say("fam_house")
	case "p":
		m = say("fam_power")
	default:
		m = say("fam_other", msg.Code("F", f))
		for i, g := range Guilds {
			if g.Letter == f {
				m = say("fam_guild", guildArg("Guild", i))
			}
		}
	}
	if pile {
		m = say("fam_pile", msg.Nested("Family", m))
	}
	return m
}
