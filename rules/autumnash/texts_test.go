package autumnash

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Player text reads as words: no "1 points", "a orange" or "(s)", no side baked in (seats are
// rules.SeatRef, which the platform shows as "alice (Rainbow)"), no move tokens ("c3", lower case;
// squares read "C3") outside refusals, which may quote what was typed, and no prompt naming the
// seat it asks.
var (
	onePlural = regexp.MustCompile(`(^|[^0-9])1 ([a-z]+ )?(points|leaves|pips|steps)\b`)
	anVowel   = regexp.MustCompile(`(^|[^A-Za-z])[Aa] [aeiouAEIOU]`)
	bakedSide = regexp.MustCompile(`Rainbow|Xeno|\b[Ss]eat [0-9]|Player [0-9]`)
	moveToken = regexp.MustCompile(`\b[a-h][1-8]\b`)
)

func textProblems(text string, quoted bool) []string {
	var out []string
	if strings.Contains(text, "(s)") {
		out = append(out, "a plural written (s)")
	}
	if onePlural.MatchString(text) {
		out = append(out, "a plural after 1")
	}
	if anVowel.MatchString(text) {
		out = append(out, `"a" before a vowel`)
	}
	if bakedSide.MatchString(text) {
		out = append(out, "a side named in the text instead of a SeatRef")
	}
	if !quoted && moveToken.MatchString(text) {
		out = append(out, "a move token: "+moveToken.FindString(text))
	}
	return out
}

func TestTextProblemsFindsTheSlips(t *testing.T) {
	for _, b := range []string{"bags 1 points", "becomes a orange pawn", "Xeno to move", "1 leaf(s)", "moves c3 c4"} {
		if len(textProblems(b, false)) == 0 {
			t.Errorf("%q passes", b)
		}
	}
	for _, g := range []string{"{seat:1} moves the clear drone B6-B5 and it becomes a white queen.", "an orange drone", "C3 green queen"} {
		if p := textProblems(g, false); len(p) > 0 {
			t.Errorf("%q: %v", g, p)
		}
	}
}

// Random games of every variant, read as a player meets them: each prompt, the labels of every
// menu along each move played, refusals of a few slips, the events and the result.
func TestTextsReadAsWords(t *testing.T) {
	slips := []string{"a1 a2", "c3 c5", "b1 b3 king", "e6 e5 pawn", "pawn a6", "z9", "c2 c3 drone c4"}
	seen := map[string]bool{}
	bad, bags := 0, 0
	check := func(kind string, s *state, text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		probs := textProblems(text, kind == "refusal")
		if kind == "prompt" && strings.Contains(text, "{seat:") {
			probs = append(probs, "the prompt names a seat")
		}
		if kind == "label" && strings.Contains(text, "bagging") {
			bags++
		}
		for _, p := range probs {
			if bad++; bad <= 30 {
				t.Errorf("%s %q: %s", kind, text, p)
			}
		}
	}
	for _, variant := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		for g := 0; g < 6; g++ {
			s := newGame(t, variant)
			r := rand.New(rand.NewPCG(uint64(g), 21))
			for i := 0; i < 400 && s.result == nil; i++ {
				aw := s.Awaiting()
				check("prompt", s, aw[0].English())
				m, err := rules.RandomMove(s, s.turn, r)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k <= len(m); k++ {
					next, _, err := s.Choices(s.turn, m[:k])
					if err != nil {
						t.Fatalf("%q: %v", m[:k], err)
					}
					for _, c := range next {
						check("label", s, c.English())
					}
				}
				if i%5 == 0 {
					for _, slip := range slips {
						cl, err := rules.Clone(Game, s) // a slip may be a legal move here
						if err != nil {
							t.Fatal(err)
						}
						if _, err := cl.Apply(s.turn, move(slip)); err != nil {
							check("refusal", s, err.Error())
						}
					}
					if _, err := s.Apply(other(s.turn), m); err != nil {
						check("refusal", s, err.Error())
					}
				}
				evs, err := s.Apply(s.turn, m)
				if err != nil {
					t.Fatalf("%q: %v", m, err)
				}
				for _, e := range evs {
					check("event", s, e.English())
				}
			}
			if s.result != nil {
				check("result", s, s.result.English())
			}
		}
	}
	if len(seen) < 1000 || bags == 0 {
		t.Errorf("only %d distinct texts read, %d bagging labels", len(seen), bags)
	}
	t.Logf("%d distinct texts read, %d bagging labels", len(seen), bags)
}
