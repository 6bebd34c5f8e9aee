package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// gainMenu is a toy state whose whole moves gain what gains says (rules.Gainer), with long
// labels, for the menus' order by gain.
type gainMenu struct {
	moves []rules.Move
	gains map[string]rules.Gain
	label string // appended to every token's label
}

func (s gainMenu) Awaiting() []rules.Prompt { return []rules.Prompt{{Seat: 0, Text: "Move."}} }
func (s gainMenu) Choices(_ rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	next, complete, _, ok := rules.ChoicesFromMoves(s.moves, m, func(_ rules.Move, tok string) string {
		return "take " + tok + s.label
	})
	if !ok {
		return nil, false, rules.Illegalf("no")
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
	if last := sg[len(sg)-1]; !last.Note || !strings.Contains(last.Label, "96 more moves") {
		t.Errorf("the list ends %+v, not with the 96 moves not shown", last)
	}
	// Without gains the first screen holds the kinds and how many more, nothing else.
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
		sg := suggestIn(lang, st, 0, "", 25, testName)
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
