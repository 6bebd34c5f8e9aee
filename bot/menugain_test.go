package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// gainMenu is a toy state whose whole moves gain what gains says (rules.Gainer), with long
// labels, for the menus' order by gain.
type gainMenu struct {
	moves []rules.Move
	gains map[string]rules.Gain
	label string // appended to every token's label
}

func (s gainMenu) Awaiting() []rules.Prompt {
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("Move.")}}
}
func (s gainMenu) Choices(_ rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	next, complete, _, ok := rules.ChoicesFromMoves(s.moves, m, func(_ rules.Move, tok string) *msg.Message {
		return rules.Verbatim("take " + tok + s.label)
	})
	if !ok {
		return nil, false, rules.Refuse(rules.Verbatim("no"))
	}
	return next, complete, nil
}
func (s gainMenu) Gain(_ rules.Seat, m rules.Move) rules.Gain        { return s.gains[m.String()] }
func (gainMenu) Apply(rules.Seat, rules.Move) ([]rules.Event, error) { return nil, nil }
func (gainMenu) View(rules.Seat) any                                 { return nil }
func (gainMenu) Result() *rules.Result                               { return nil }
func (gainMenu) Encode() ([]byte, error)                             { return nil, nil }

// kindsOf builds kinds × n two-token moves ("a 0" … "d 9").
func kindsOf(kinds string, n int) []rules.Move {
	var out []rules.Move
	for _, k := range kinds {
		for i := range n {
			out = append(out, rules.Move{string(k), fmt.Sprint(i)})
		}
	}
	return out
}

func values(sg []Suggestion) []string {
	var out []string
	for _, s := range sg {
		if !s.Note {
			out = append(out, s.Value)
		}
	}
	return out
}

// Kinds of moves come in the order of what their best move gains (a win first), then the whole
// moves that gain something, best first; moves that gain nothing never pad the first screen,
// which ends with how many more there are.
func TestSuggestOrdersByGain(t *testing.T) {
	st := gainMenu{moves: kindsOf("abcde", 20), gains: map[string]rules.Gain{
		"c 7":  {Points: 15},
		"c 3":  {Points: 4},
		"e 19": {Wins: true},
		"d 2":  {Points: -3},
		"a 1":  {Points: 9},
	}}
	sg := suggest(st, 0, "", 25, testName)
	want := []string{"e", "c", "a", "b", "d", "e 19", "c 7", "a 1", "c 3"}
	if got := values(sg); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("order\n got %q\nwant %q", got, want)
	}
	labels := map[string]string{}
	for _, s := range sg {
		labels[s.Value] = s.Label
	}
	for v, l := range map[string]string{
		"e":    "e … (20 moves) — can win · take e",
		"c":    "c … (20 moves) — up to +15 · take c",
		"b":    "b … (20 moves) — take b",
		"e 19": "e 19 — wins · take 19",
		"c 7":  "c 7 — +15 · take 7",
	} {
		if labels[v] != l {
			t.Errorf("%q: label %q, want %q", v, labels[v], l)
		}
	}
	if last := sg[len(sg)-1]; last.Note {
		t.Errorf("every kind is listed, so every move is reachable, yet the list ends %+v", last)
	}
	// Without gains the first screen holds the kinds, nothing else.
	st.gains = nil
	if got := values(suggest(st, 0, "", 25, testName)); strings.Join(got, "|") != "a|b|c|d|e" {
		t.Errorf("a screen padded with moves that gain nothing: %q", got)
	}
	// A list of whole moves that fits is ordered by gain too.
	st.gains = map[string]rules.Gain{"b 2": {Points: 2}, "a 1": {Points: 1}, "b 0": {Wins: true}}
	if got := values(suggest(st, 0, "b", 25, testName)); !strings.HasPrefix(strings.Join(got, "|"), "b 0|b 2|") {
		t.Errorf("whole moves of b: %q", got)
	}
	// 100 moves at a limit of 40: still kinds, the best first, then the moves that gain.
	if got := values(suggest(st, 0, "", 40, testName)); strings.Join(got, "|") != "b|a|c|d|e|b 0|b 2|a 1" {
		t.Errorf("limit 40: %q", got)
	}
}

// A list that would fit whole but is long and falls into kinds is offered as its kinds (Reef's 24
// setups are 4 kinds of 6); a short one, or one of a single kind, stays whole moves.
func TestSuggestGroupsALongListThatFits(t *testing.T) {
	cases := []struct {
		kinds string
		n     int
		want  int // entries before the note
	}{
		{"abcd", 6, 4}, // 24 moves: 4 kinds
		{"abc", 4, 12}, // 12 moves: short enough to list
		{"a", 20, 20},  // one kind: its moves
		{"abcd", 1, 4}, // every kind is one move
	}
	for _, c := range cases {
		st := gainMenu{moves: kindsOf(c.kinds, c.n)}
		got := values(suggest(st, 0, "", 25, testName))
		if len(got) != c.want {
			t.Errorf("%d kinds of %d: %d entries %q, want %d", len(c.kinds), c.n, len(got), got, c.want)
		}
	}
}

// In every language the gain starts the label and survives the cut of a label too long for
// Discord, for whole moves and kinds alike.
func TestGainNeverCut(t *testing.T) {
	long := strings.Repeat(" and then something else happens on the board", 4)
	st := gainMenu{moves: kindsOf("abcde", 20), label: long, gains: map[string]rules.Gain{
		"c 7": {Points: 15}, "e 19": {Wins: true}, "d 4": {Points: 2},
	}}
	for _, lang := range Languages {
		sg := suggestIn(lang, nil, st, 0, "", 25, testName)
		for v, gain := range map[string]string{
			"c 7":  T(lang, "gain_points", "Points", 15),
			"e 19": T(lang, "gain_wins"),
			"d 4":  T(lang, "gain_points", "Points", 2),
			"c":    T(lang, "gain_up_to", "Points", 15),
			"e":    T(lang, "gain_can_win"),
		} {
			found := false
			for _, s := range sg {
				if s.Value != v {
					continue
				}
				found = true
				if !strings.HasPrefix(s.Label, strings.Fields(s.Label)[0]) || !strings.Contains(s.Label, " — "+gain+" · take") {
					t.Errorf("%s %q: %q does not start its label with %q", lang, v, s.Label, gain)
				}
				if !strings.HasSuffix(s.Label, "…") || len([]rune(s.Label)) > MaxSuggestionLabel {
					t.Errorf("%s %q: %q is not cut to fit", lang, v, s.Label)
				}
			}
			if !found {
				t.Errorf("%s: %q not offered: %q", lang, v, values(sg))
			}
		}
	}
	for _, lang := range Languages {
		for _, id := range []string{"gain_wins", "gain_can_win", "gain_up_to"} {
			if lang != LangEnglish && T(lang, id, "Points", 3) == T(LangEnglish, id, "Points", 3) {
				t.Errorf("%s %s is English", lang, id)
			}
		}
	}
}

// The picker orders its options by gain too, says each option's gain first, and fills its first
// page only with whole moves that gain something, best first.
func TestTreeOrdersByGain(t *testing.T) {
	st := gainMenu{moves: append(kindsOf("abcd", 8), rules.Move{"z"}), gains: map[string]rules.Gain{
		"c 7": {Points: 15}, "b 3": {Points: 4}, "z": {Points: 1},
	}}
	step, err := treeStep(st, 0, nil, testName)
	if err != nil {
		t.Fatal(err)
	}
	var toks []string
	for _, c := range step.Next {
		toks = append(toks, c.Token+"="+c.Label)
	}
	want := "c=up to +15 · take c|b=up to +4 · take b|z=+1 · take z|a=take a|d=take d"
	if strings.Join(toks, "|") != want {
		t.Errorf("options\n got %q\nwant %q", strings.Join(toks, "|"), want)
	}
	if step.Counts[0].N != 8 || step.Counts[2].N != 1 {
		t.Errorf("counts do not follow their options: %+v", step.Counts)
	}
	if got := values(step.Whole); strings.Join(got, "|") != "c 7|b 3" {
		t.Errorf("whole moves filling the page: %q, want the two that gain", got)
	}
}

// In real games, wherever a move gains something, the first screen offers the best of them with
// its gain first, and whole moves after the kinds are only moves that gain, best first: Autumn
// Ash's bags and Reef's corals eaten, which random play meets often (the other games' gains are
// rarer: their own gain tests and the toy menus above cover them).
func TestSuggestRealGamesByGain(t *testing.T) {
	for _, id := range []string{"autumn-ash", "reef-encounter"} {
		g := replayKits[id].Game
		found := 0
		for seed := uint64(1); seed <= 4 && found < 3; seed++ {
			setup, err := g.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 77))
			for i := 0; i < 300 && st.Result() == nil && found < 3; i++ {
				seat := st.Awaiting()[0].Seat
				var moves []rules.Move
				whole := false
				if i%4 == 0 {
					nodes := 3000
					moves, whole = wholeMoves(st, seat, nil, &nodes)
				}
				best, bestGain := rules.Move(nil), rules.Gain{}
				for _, m := range moves {
					if gn := rules.GainOf(st, seat, m); gn.Value() > bestGain.Value() {
						best, bestGain = m, gn
					}
				}
				if whole && best != nil && len(moves) > 25 {
					found++
					checkByGain(t, fmt.Sprintf("%s/seed %d/move %d", id, seed, i), st, seat, best, bestGain)
				}
				if err := rulestest.Step(st, r); err != nil {
					t.Fatal(err)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: random play found no position of more than 25 moves where one gains", id)
		}
	}
}

func checkByGain(t *testing.T, where string, st rules.State, seat rules.Seat, best rules.Move, gain rules.Gain) {
	t.Helper()
	sg := suggest(st, seat, "", 25, testName)
	want := gainText(LangEnglish, gain, testName)
	// The kinds are the first level's tokens (a kind of one move shows as that move); what
	// follows them fills the page.
	first, _ := rules.Forced(st, seat, nil)
	next, _, _ := st.Choices(seat, first)
	var offered *Suggestion
	last := int(^uint(0) >> 1)
	for i, s := range sg {
		if s.Note || s.Moves > 0 {
			continue
		}
		m := rules.Move(strings.Fields(s.Value))
		v := rules.GainOf(st, seat, m).Value()
		if v == gain.Value() && offered == nil {
			offered = &sg[i]
		}
		if i >= len(next) && len(next) < 24 {
			if v <= 0 || v > last {
				t.Errorf("%s: %q (gain value %d) fills the page after one of %d: %q", where, s.Value, v, last, values(sg))
			}
			last = v
		}
	}
	if offered == nil {
		t.Errorf("%s: the best move %q (%+v) is not offered: %q", where, best, gain, values(sg))
		return
	}
	if !strings.Contains(offered.Label, " — "+want) {
		t.Errorf("%s: %q does not start its label with %q", where, offered.Label, want)
	}
}

// wholeMoves lists the whole moves under m, breadth first within *nodes tree nodes; whole is
// false when it gave up.
func wholeMoves(st rules.State, seat rules.Seat, m rules.Move, nodes *int) (out []rules.Move, whole bool) {
	frontier := []rules.Move{m}
	for len(frontier) > 0 {
		var deeper []rules.Move
		for _, f := range frontier {
			if *nodes--; *nodes < 0 {
				return out, false
			}
			next, complete, err := rules.ChoiceTokens(st, seat, f)
			if err != nil {
				return out, false
			}
			if complete {
				out = append(out, f)
			}
			for _, c := range next {
				deeper = append(deeper, append(append(rules.Move{}, f...), c.Token))
			}
		}
		frontier = deeper
	}
	return out, true
}

// Of moves that gain the same and end the same way with the same words, the first screen shows
// the shortest only (Autumn Ash: one bag, not one per corner entered before it).
func TestBestWholeDropsEchoes(t *testing.T) {
	moves := append(kindsOf("abcde", 10), rules.Move{"p", "1", "e", "d"}, rules.Move{"p", "2", "e", "d"},
		rules.Move{"p", "e", "d"}, rules.Move{"p", "k", "f"})
	st := gainMenu{moves: moves, gains: map[string]rules.Gain{
		"p 1 e d": {Points: 5}, "p 2 e d": {Points: 5}, "p e d": {Points: 5}, "p k f": {Points: 5}, "a 3": {Points: 2},
	}}
	var whole []string
	for _, s := range suggest(st, 0, "", 25, testName) {
		if s.Complete {
			whole = append(whole, s.Value)
		}
	}
	if got := strings.Join(whole, "|"); got != "p e d|p k f|a 3" {
		t.Errorf("whole moves %q, want p e d, p k f and a 3", got)
	}
}

// Reef's setup (a polyp to feed, then two larva cubes) is offered as its kinds, not as every
// combination at once.
func TestReefSetupOfferedAsKinds(t *testing.T) {
	g := replayKits["reef-encounter"].Game
	setup, err := g.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Awaiting()[0].Seat
	nodes := 5000
	moves, whole := wholeMoves(st, seat, nil, &nodes)
	if !whole || len(moves) <= groupAbove {
		t.Fatalf("the setup has %d moves: nothing to group", len(moves))
	}
	sg := suggest(st, seat, "", 25, testName)
	for _, s := range sg {
		if s.Complete {
			t.Errorf("%d setups listed whole (%q) instead of their kinds: %q", len(moves), s.Value, values(sg))
			break
		}
	}
}

// The footer counts only the moves no entry reaches: none when every kind is listed (seven kinds
// of 144 moves, 1008 in all, were followed by "…and 1008 more moves"), else the moves of the kinds
// left off the page.
func TestSuggestFooterCountsOnlyWhatIsOutOfReach(t *testing.T) {
	for _, c := range []struct {
		name  string
		kinds string
		n     int
		gains map[string]rules.Gain
		want  string // the footer; "" for none
		count int    // entries before it
	}{
		{"seven kinds", "abcdefg", 144, nil, "", 7},
		{"three kinds and moves that gain", "abc", 78, map[string]rules.Gain{"a 1": {Points: 2}, "b 2": {Points: 1}}, "", 5},
		{"24 kinds fill the page", "abcdefghijklmnopqrstuvwx", 2, nil, "", 24},
		{"25 kinds: the last left off", "abcdefghijklmnopqrstuvwxy", 2, nil, "…and 2 more moves: type more of the move to see them", 24},
		// 30 kinds: 24 listed (z first, for its gain), the 6 left off hold 12 moves.
		{"30 kinds", "abcdefghijklmnopqrstuvwxyzABCD", 2, map[string]rules.Gain{"z 1": {Points: 3}},
			"…and 12 more moves: type more of the move to see them", 24},
	} {
		st := gainMenu{moves: kindsOf(c.kinds, c.n), gains: c.gains}
		sg := suggest(st, 0, "", 25, testName)
		last := sg[len(sg)-1]
		switch {
		case c.want == "" && last.Note:
			t.Errorf("%s: every move is reachable, yet the list ends %q", c.name, last.Label)
		case c.want != "" && (!last.Note || last.Label != c.want):
			t.Errorf("%s: the list ends %q, want %q", c.name, last.Label, c.want)
		}
		if got := len(values(sg)); got != c.count {
			t.Errorf("%s: %d entries before the footer, want %d: %q", c.name, got, c.count, values(sg))
		}
	}
}

// Autumn Ash's menus group at every step (issue #40: "choices c2" listed fifteen whole moves):
// a leaf of several moves offers its destinations, each with its count, and a destination its
// sizes as whole moves; a leaf whose move bags leaves offers that destination first, with its
// points.
func TestAutumnAshMenusGroupAtEveryStep(t *testing.T) {
	g := replayKits["autumn-ash"].Game
	checked, gaining := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		setup, err := g.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 40))
		for i := 0; i < 60 && st.Result() == nil; i++ {
			seat := st.Awaiting()[0].Seat
			if i%3 == 0 {
				root, _, _ := st.Choices(seat, nil)
				for _, leaf := range root {
					nodes := 2000
					moves, whole := wholeMoves(st, seat, rules.Move{leaf.Token}, &nodes)
					// Entries (a corner, a size, then a whole move) are hundreds of moves: grouped anyway.
					if !whole || len(moves) < 2 || len(moves) > 20 {
						continue
					}
					checked++
					where := fmt.Sprintf("seed %d move %d leaf %s", seed, i, leaf.Token)
					sg := suggest(st, seat, leaf.Token, 25, testName)
					best, bestGain := rules.Move(nil), rules.Gain{}
					for _, m := range moves {
						if gn := rules.GainOf(st, seat, m); gn.Value() > bestGain.Value() {
							best, bestGain = m, gn
						}
					}
					dests := map[string]bool{}
					for _, m := range moves {
						dests[m[1]] = true
					}
					if len(dests) == 1 {
						// One destination: the list goes straight to its sizes.
						for _, s := range sg {
							if !s.Complete {
								t.Fatalf("%s: one destination, yet %q", where, values(sg))
							}
						}
						continue
					}
					if len(sg) != len(dests) {
						t.Fatalf("%s: %d moves to %d squares offered as %q", where, len(moves), len(dests), values(sg))
					}
					for _, s := range sg {
						if f := strings.Fields(s.Value); len(f) < 2 || f[0] != leaf.Token || !dests[f[1]] {
							t.Fatalf("%s: %q is not a destination of the leaf (%q)", where, s.Value, values(sg))
						}
						if !s.Complete && s.Moves < 2 {
							t.Fatalf("%s: group %q holds %d moves: %+v", where, s.Value, s.Moves, sg)
						}
					}
					if best != nil {
						gaining++
						want := groupGainText(LangEnglish, bestGain)
						if sg[0].Complete {
							want = gainText(LangEnglish, bestGain, testName)
						}
						if f := strings.Fields(sg[0].Value); f[1] != best[1] || !strings.Contains(sg[0].Label, want) {
							t.Fatalf("%s: %v gains %v, but the menu starts %q", where, best, bestGain, sg[0].Label)
						}
					}
					// The destination's own list: its sizes, whole moves.
					sizes := suggest(st, seat, strings.Join(strings.Fields(sg[0].Value)[:2], " ")+" ", 25, testName)
					for _, s := range sizes {
						if !s.Complete {
							t.Fatalf("%s: after %q, %q is not a whole move", where, sg[0].Value, s.Value)
						}
					}
				}
			}
			if err := rulestest.Step(st, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 10 || gaining == 0 {
		t.Fatalf("%d leaves checked, %d with a gaining move", checked, gaining)
	}
}

// After an entry, Autumn Ash's menu lists the leaf just entered first (issue #40: "choices e1
// queen" buried it among the other leaves), wherever it entered.
func TestAutumnAshEnteredLeafFirst(t *testing.T) {
	g := replayKits["autumn-ash"].Game
	setup, err := g.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Awaiting()[0].Seat
	root, _, _ := st.Choices(seat, nil)
	corners := 0
	for _, c := range root {
		next, _, err := st.Choices(seat, rules.Move{c.Token})
		if err != nil || len(next) == 0 || next[0].Token != "queen" && next[0].Token != "pawn" {
			continue // a leaf to move, not a corner to enter at
		}
		corners++
		typed := c.Token + " " + next[0].Token + " "
		sg := suggest(st, seat, typed, 25, testName)
		if len(sg) < 2 || !strings.HasPrefix(sg[0].Value, typed+c.Token) {
			t.Errorf("after %q the menu starts %q", typed, values(sg))
		}
	}
	if corners == 0 {
		t.Fatal("no corner to enter at")
	}
}
