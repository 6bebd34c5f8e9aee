package ascalion

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
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
	label func(i int) M
	what  M // names the expected thing in refusals, e.g. "a land you own"
	// explain, when set, may give a specific reason for a token that does not fit (nil: none).
	explain func(tok string) M
}

func (m *menu) add(tok string) { m.toks = append(m.toks, tok) }

func (m menu) choices(quiet bool) []rules.Choice {
	out := make([]rules.Choice, len(m.toks))
	for i, t := range m.toks {
		out[i] = rules.Choice{Token: t}
		if m.label != nil && !quiet {
			l := m.label(i)
			out[i].Msg = l
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
		if why := m.explain(tok); why != nil {
			return rules.Refuse(why)
		}
	}
	if len(m.toks) == 0 {
		return refuse("bad_nothing_here", quoted("Token", tok))
	}
	what := m.what
	if what == nil {
		what = wOffered
	}
	return refuse("bad_token", quoted("Token", tok), nested("What", what), nested("Choices", short(m.toks, 6)))
}

// quoted is a token as a refusal quotes it ("r3").
func quoted(name, tok string) msg.Arg { return code(name, strconv.Quote(tok)) }

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

// word reads one fixed-choice token among words with labels given as pairs of a token and the id
// of a label without arguments.
func (r *rd) word(what M, pairs ...string) (string, error) {
	m := menu{what: what}
	for i := 0; i < len(pairs); i += 2 {
		m.add(pairs[i])
	}
	m.label = func(i int) M { return fixed(pairs[2*i+1]) }
	k, err := r.need(m)
	if err != nil {
		return "", err
	}
	return pairs[2*k], nil
}

// area reads an area among candidates, through a region menu first when there are too many.
func (s *state) readArea(r *rd, cands []int, what M) (int, error) {
	return s.readAreaWith(r, cands, what, s.areaLabel)
}

// readAreaWith is readArea with its own labels for the areas.
func (s *state) readAreaWith(r *rd, cands []int, what M, label func(a int) M) (int, error) {
	return s.readAreaWhy(r, cands, what, label, nil)
}

// readAreaWhy is readAreaWith with a specific reason for an area that does not fit (nil: the
// general one).
func (s *state) readAreaWhy(r *rd, cands []int, what M, label func(a int) M, why func(a int) M) (int, error) {
	if len(cands) == 0 {
		return -1, refuse("bad_none_to_choose", nested("What", bare(what)))
	}
	// A region is a picker's first step; a typed move may name the land (or vessel) at once,
	// or name its region where no region step is needed.
	if r.i < len(r.toks) {
		tok := strings.ToLower(r.toks[r.i])
		if len(cands) > maxMenu {
			if s.areaByToken(tok) >= 0 {
				return s.pickArea(r, cands, what, label, why) // accepted, or refused with the reason
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
				return -1, refuse("bad_region_empty", nested("Region", regionName(tok)), nested("What", what), nested("Regions", codeOr(others)))
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
		m := menu{what: say("what_or_region", nested("What", what))}
		for _, g := range order {
			m.add(g)
		}
		m.label = func(i int) M {
			g := order[i]
			return say("lb_region", msg.Term("Region", regionTerm(g)), num("N", len(groups[g])))
		}
		k, err := r.need(m)
		if err != nil {
			return -1, err
		}
		cands = groups[order[k]]
	}
	return s.pickArea(r, cands, what, label, why)
}

// pickArea reads one area among cands by its token.
func (s *state) pickArea(r *rd, cands []int, what M, label func(a int) M, why func(a int) M) (int, error) {
	m := menu{what: what}
	for _, a := range cands {
		m.add(s.areaToken(a))
	}
	m.label = func(i int) M { return label(cands[i]) }
	m.explain = func(tok string) M {
		if a := s.areaByToken(tok); a >= 0 && why != nil {
			if w := why(a); w != nil {
				return w
			}
		}
		// The general reason names what was asked for; the lands that fit are named after it
		// (a foal refused "not a free land of yours" left the player to guess which are).
		if w := s.whyNot(tok, what); w != nil {
			return say("bad_why_write", nested("Why", w), nested("Choices", short(m.toks, 6)))
		}
		return nil
	}
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

// regionName is a region's name in a sentence: "the north-west".
func regionName(tok string) M {
	if !isRegion(tok) {
		tok = "boats"
	}
	return say("region_in", msg.Term("Region", regionTerm(tok)))
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
func (r *rd) kind(avail Goods, allowed int, what M, optional bool) (int, bool, error) {
	return r.kindExplained(avail, allowed, what, optional, nil)
}

// kindExplained is kind with a specific reason for a token that does not fit.
func (r *rd) kindExplained(avail Goods, allowed int, what M, optional bool, explain func(string) M) (int, bool, error) {
	return r.kindNoted(avail, allowed, what, optional, explain, nil)
}

// kindNoted is kindExplained with a note after a kind's label (goods that would be lost).
func (r *rd) kindNoted(avail Goods, allowed int, what M, optional bool, explain func(string) M, note func(k int) M) (int, bool, error) {
	m := menu{what: what, explain: explain}
	var ks []int
	for k := 0; k < nGoods; k++ {
		if avail[k] > 0 && allowed&(1<<k) != 0 {
			ks = append(ks, k)
			m.add(goodTok[k])
		}
	}
	m.label = func(i int) M {
		n := empty("Note")
		if note != nil {
			if x := note(ks[i]); x != nil {
				n = nested("Note", x)
			}
		}
		return say("lb_kind", goodArg("Good", ks[i]), num("N", avail[ks[i]]), n)
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
func (s *state) whyNot(tok string, what M) M {
	a := s.areaByToken(tok)
	if a < 0 {
		return nil
	}
	if a < vesselArea && !s.inPlay(a) {
		return say("bad_island_out", nested("Area", s.areaName(a)))
	}
	if o := s.owner(a); o >= 0 {
		return say("bad_not_what_owned", nested("Area", s.areaName(a)), seatArg("Seat", o), nested("What", what))
	}
	return say("bad_not_what", nested("Area", s.areaName(a)), nested("What", what))
}
