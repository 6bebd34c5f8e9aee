package ascalion

import (
	"fmt"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// maxMenu is the most options a Discord select menu holds; larger pickers split by region.
const maxMenu = 25

// A move is interpreted token by token on a copy of the state: each step both checks the token
// and performs it, so the choice tree and Apply can never disagree. When the tokens run out the
// reader stops with the options for the next token.

type stop struct {
	next     []rules.Choice
	complete bool
}

func (*stop) Error() string { return "move incomplete" }

type rd struct {
	toks rules.Move
	i    int
	tail *stop // set when the move ended at an optional point

	quiet bool // no labels are wanted (ChoiceTokens, RandomMoveFrom)
	// pick, when set, chooses a token wherever the move runs out (among n, or stop where the move
	// is complete), so a whole move is read in one pass: at random (RandomMoveFrom) or the first
	// (firstMove). ended records that pick stopped the move.
	pick  func(n int, complete bool) (i int, stop bool, err error)
	ended bool
	// look, set only by tests (checkOptional), gives the tree's answer for the tokens so far, to
	// prove that at an optional point the tree offers exactly that point's menu.
	look func(prefix rules.Move) ([]rules.Choice, bool, error)
}

// checkOptional makes the one-pass reader check every optional point against Choices (tests).
var checkOptional = false

// menu is a set of tokens with lazily built labels.
type menu struct {
	toks  []string
	label func(i int) string
	what  string // names the expected thing in refusals, e.g. "a land you own"
	// explain, when set, may give a specific reason for a token that does not fit.
	explain func(tok string) string
}

func (m *menu) add(tok string) { m.toks = append(m.toks, tok) }

func (m menu) choices(quiet bool) []rules.Choice {
	out := make([]rules.Choice, len(m.toks))
	for i, t := range m.toks {
		out[i] = rules.Choice{Token: t}
		if m.label != nil && !quiet {
			out[i].Label = m.label(i)
		}
	}
	return out
}

func (m menu) find(tok string) int {
	for i, t := range m.toks {
		if t == tok {
			return i
		}
	}
	for i, t := range m.toks {
		if strings.EqualFold(t, tok) {
			return i
		}
	}
	return -1
}

func (m menu) refuse(tok string) error {
	if m.explain != nil {
		if why := m.explain(tok); why != "" {
			return rules.Illegalf("%s", why)
		}
	}
	if len(m.toks) == 0 {
		return rules.Illegalf("%q cannot come here: there is nothing to choose at this point.", tok)
	}
	what := m.what
	if what == "" {
		what = "one of the offered choices"
	}
	return rules.Illegalf("%q is not possible here. Write %s: %s.", tok, what, short(m.toks, 6))
}

func short(toks []string, n int) string {
	if len(toks) <= n {
		return strings.Join(toks, ", ")
	}
	return strings.Join(toks[:n], ", ") + fmt.Sprintf(", … %d in all", len(toks))
}

func (r *rd) more() bool { return r.i < len(r.toks) }

// late: the move is already long; menus then offer only what finishes it, so no path ever
// exceeds the platform's depth limit.
func (r *rd) late() bool { return r.i >= lateToken }

const lateToken = 40

// need reads a token that must come.
func (r *rd) need(m menu) (int, error) {
	if r.i >= len(r.toks) && r.pick != nil && !r.ended && len(m.toks) > 0 {
		if i, _, err := r.pick(len(m.toks), false); err == nil {
			r.toks = append(r.toks, m.toks[i])
		}
	}
	if r.i >= len(r.toks) {
		return -1, &stop{next: m.choices(r.quiet)}
	}
	tok := r.toks[r.i]
	k := m.find(tok)
	if k < 0 {
		return -1, m.refuse(tok)
	}
	r.i++
	return k, nil
}

// opt reads a token that may come; ok=false means the move ends here.
func (r *rd) opt(m menu) (int, bool, error) {
	if r.i >= len(r.toks) && r.pick != nil && !r.ended {
		// The tree offers this menu, the move being complete already: a move never reads a
		// token after an optional point that ended it (TestOptionalPointEndsMove).
		if r.look != nil {
			if err := r.checkOpt(m); err != nil {
				return -1, false, err
			}
		}
		i, end, err := r.pick(len(m.toks), true)
		if err != nil {
			return -1, false, &stop{}
		}
		if end {
			r.ended = true
			return -1, false, nil
		}
		r.toks = append(r.toks, m.toks[i])
	}
	if r.i >= len(r.toks) {
		if !r.ended {
			r.tail = &stop{next: m.choices(r.quiet), complete: true}
		}
		return -1, false, nil
	}
	k, err := r.need(m)
	return k, err == nil, err
}

// checkOpt reports where the tree's answer at an optional point is not the point's own menu.
func (r *rd) checkOpt(m menu) error {
	next, complete, err := r.look(r.toks)
	if err != nil {
		return err
	}
	if !complete || !slices.Equal(choiceToks(next), m.toks) {
		return fmt.Errorf("after %q the tree offers %v (complete %v), the optional point %v", r.toks.String(), choiceToks(next), complete, m.toks)
	}
	return nil
}

// word reads one fixed-choice token among words with labels given as pairs.
func (r *rd) word(what string, pairs ...string) (string, error) {
	m := menu{what: what}
	for i := 0; i < len(pairs); i += 2 {
		m.add(pairs[i])
	}
	m.label = func(i int) string { return pairs[2*i+1] }
	k, err := r.need(m)
	if err != nil {
		return "", err
	}
	return pairs[2*k], nil
}

// area reads an area among candidates, through a region menu first when there are too many.
func (s *state) readArea(r *rd, cands []int, what string) (int, error) {
	return s.readAreaWith(r, cands, what, s.areaLabel)
}

// readAreaWith is readArea with its own labels for the areas.
func (s *state) readAreaWith(r *rd, cands []int, what string, label func(a int) string) (int, error) {
	if len(cands) == 0 {
		return -1, rules.Illegalf("Nothing fits here: there is no %s to choose.", strings.TrimPrefix(strings.TrimPrefix(what, "a "), "an "))
	}
	// A region is a picker's first step; a typed move may name the land (or vessel) at once,
	// or name its region where no region step is needed.
	if r.i < len(r.toks) {
		tok := strings.ToLower(r.toks[r.i])
		if len(cands) > maxMenu {
			if s.areaByToken(tok) >= 0 {
				return s.pickArea(r, cands, what, label) // accepted, or refused with the reason
			}
		} else if isRegion(tok) && s.areaByToken(tok) < 0 {
			var in []int
			for _, a := range cands {
				if regionOf(a) == tok {
					in = append(in, a)
				}
			}
			if len(in) == 0 {
				var others []string
				for _, a := range cands {
					if g := regionOf(a); !slices.Contains(others, g) {
						others = append(others, g)
					}
				}
				return -1, rules.Illegalf("Nothing in %s fits here: choose %s, in %s.", regionName(tok), what, joinOr(others))
			}
			r.i++ // the lands of that region follow (and are offered if the move ends here)
			cands = in
		}
	}
	if len(cands) > maxMenu {
		groups := map[string][]int{}
		var order []string
		for _, a := range cands {
			g := "boats"
			if a < vesselArea {
				g = board.Regions[board.Lands[a].Region].Token
			}
			if _, ok := groups[g]; !ok {
				order = append(order, g)
			}
			groups[g] = append(groups[g], a)
		}
		m := menu{what: what + ", or its region"}
		for _, g := range order {
			m.add(g)
		}
		m.label = func(i int) string {
			g := order[i]
			name := "Boats and ships"
			for _, rg := range board.Regions {
				if rg.Token == g {
					name = rg.Name
				}
			}
			return fmt.Sprintf("%s (%d)", name, len(groups[g]))
		}
		k, err := r.need(m)
		if err != nil {
			return -1, err
		}
		cands = groups[order[k]]
	}
	return s.pickArea(r, cands, what, label)
}

// pickArea reads one area among cands by its token.
func (s *state) pickArea(r *rd, cands []int, what string, label func(a int) string) (int, error) {
	m := menu{what: what}
	for _, a := range cands {
		m.add(s.areaToken(a))
	}
	m.label = func(i int) string { return label(cands[i]) }
	m.explain = func(tok string) string { return s.whyNot(tok, what) }
	k, err := r.need(m)
	if err != nil {
		return -1, err
	}
	return cands[k], nil
}

// regionOf is the token of an area's region in pickers ("boats" for vessels).
func regionOf(a int) string {
	if a >= vesselArea {
		return "boats"
	}
	return board.Regions[board.Lands[a].Region].Token
}

// joinOr lists alternatives: "nw, ne or sw".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// regionName is a region's name for texts.
func regionName(tok string) string {
	for _, rg := range board.Regions {
		if rg.Token == tok {
			return "the " + strings.TrimPrefix(strings.ToLower(rg.Name), "the ")
		}
	}
	return "the boats and ships"
}

func isRegion(tok string) bool {
	for _, r := range board.Regions {
		if r.Token == tok {
			return true
		}
	}
	return tok == "boats"
}

func (s *state) areaToken(a int) string {
	if a < vesselArea {
		return board.Lands[a].Token
	}
	v := s.vessel(a - vesselArea)
	if v.Ship {
		return fmt.Sprintf("ship%d", v.ID)
	}
	return fmt.Sprintf("boat%d", v.ID)
}

func (s *state) areaByToken(tok string) int {
	tok = strings.ToLower(tok)
	if l := board.Land(tok); l >= 0 {
		return l
	}
	for _, v := range s.Ships {
		if s.areaToken(vesselArea+v.ID) == tok {
			return vesselArea + v.ID
		}
	}
	return -1
}

// kinds reads one goods kind among those with a positive count in avail.
func (r *rd) kind(avail Goods, allowed int, what string, optional bool) (int, bool, error) {
	return r.kindExplained(avail, allowed, what, optional, nil)
}

// kindExplained is kind with a specific reason for a token that does not fit.
func (r *rd) kindExplained(avail Goods, allowed int, what string, optional bool, explain func(string) string) (int, bool, error) {
	return r.kindNoted(avail, allowed, what, optional, explain, nil)
}

// kindNoted is kindExplained with a note after a kind's label (goods that would be lost).
func (r *rd) kindNoted(avail Goods, allowed int, what string, optional bool, explain func(string) string, note func(k int) string) (int, bool, error) {
	m := menu{what: what, explain: explain}
	var ks []int
	for k := 0; k < nGoods; k++ {
		if avail[k] > 0 && allowed&(1<<k) != 0 {
			ks = append(ks, k)
			m.add(goodTok[k])
		}
	}
	m.label = func(i int) string {
		l := fmt.Sprintf("%s (%d)", goodName[ks[i]], avail[ks[i]])
		if note != nil {
			l += note(ks[i])
		}
		return l
	}
	if optional {
		i, ok, err := r.opt(m)
		if !ok || err != nil {
			return -1, ok, err
		}
		return ks[i], true, nil
	}
	i, err := r.need(m)
	if err != nil {
		return -1, false, err
	}
	return ks[i], true, nil
}

const allGoods = 1<<nGoods - 1
const resOnly = allGoods &^ (1 << Weapon)
const horseWeapon = 1<<Horse | 1<<Weapon

var goodName = [nGoods]string{"wood", "horse", "gold", "coal", "iron", "weapon"}

// whyNot names a known area that is not among the choices.
func (s *state) whyNot(tok, what string) string {
	a := s.areaByToken(tok)
	if a < 0 {
		return ""
	}
	if a < vesselArea && !s.inPlay(a) {
		return fmt.Sprintf("%s is on an island that is not in this game.", s.areaName(a))
	}
	if o := s.owner(a); o >= 0 {
		return fmt.Sprintf("%s (%s's) is not %s.", s.areaName(a), seatName(o), what)
	}
	return fmt.Sprintf("%s is not %s.", s.areaName(a), what)
}
