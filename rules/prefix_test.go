package rules

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// The help promises that a unique prefix is enough (issue #33): "q" for queen, "spi" for spin,
// at every decision, in English tokens and in the player's words; an ambiguous prefix is refused
// naming what it could be, and a whole token wins over a prefix of a longer one.
func TestUniquePrefix(t *testing.T) {
	st := wordTree{tree: map[string][]string{
		"":              {"spin", "spawn", "root", "2", "go", "gold"},
		"spin":          {"b1", "b2"},
		"spin b1":       {"up", "right"},
		"root":          {"rubra", "alba"},
		"root rubra":    {"a2"},
		"root rubra a2": {"right", "left"},
		"c2 b2":         {"queen", "pawn", "drone"},
		"2":             {"12", "white"},
	}}
	w := mustWords(t, `white = ["weiß"]
right = ["rechts"]
up = ["hoch"]`)
	cases := []struct {
		typed string
		w     *Words
		want  string
	}{
		{"spi", nil, "spin"},
		{"spin b1 u", nil, "spin b1 up"},
		{"spin b1 r", nil, "spin b1 right"}, // one letter is a prefix too
		{"ROOT rub a2 righ", nil, "root rubra a2 right"},
		{"go", nil, "go"}, // a whole token wins over a prefix of "gold"
		{"gol", nil, "gold"},
		{"sp", nil, "sp"},       // spin or spawn: left for the refusal
		{"2 1", nil, "2 1"},     // digits never abbreviate
		{"2 wei", w, "2 white"}, // a prefix of the player's word
		{"2 w", w, "2 white"},
		{"spin b1 rech", w, "spin b1 right"},
		{"spin b1 ho", w, "spin b1 up"},
	}
	for _, c := range cases {
		if got := Unalias(st, 0, strings.Fields(c.typed), c.w); got.String() != c.want {
			t.Errorf("Unalias(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
	if got, err := Canonical(st, 0, Move{"spi", "b", "u"}); err == nil || got != nil {
		// "b" starts b1 and b2: Canonical names both.
		t.Errorf("spi b u: %v %v", got, err)
	} else if reason, _ := IsIllegal(err); reason != `"b" could be b1 or b2 here: type more letters.` {
		t.Errorf("ambiguous prefix: %q", reason)
	}
	if got, err := Canonical(st, 0, Move{"spi", "b1", "ri"}); err != nil || got.String() != "spin b1 right" {
		t.Errorf("Canonical with prefixes: %q %v", got, err)
	}
	for lang, want := range map[string]string{
		msg.German:  `„sp“ kann hier spin oder spawn sein: Schreib mehr Buchstaben.`,
		msg.Spanish: `«sp» aquí puede ser spin o spawn: escribe más letras.`,
		msg.French:  `« sp » peut être ici spin ou spawn : tape plus de lettres.`,
	} {
		_, err := Canonical(st, 0, Move{"sp"})
		if got := msg.Render(IllegalMsg(err), lang, nil); got != want {
			t.Errorf("in %s: %q, want %q", lang, got, want)
		}
	}
}

// A prefix of the player's words that starts words of two tokens is refused naming both.
func TestAmbiguousWordPrefix(t *testing.T) {
	st := wordTree{tree: map[string][]string{"": {"white", "wide"}, "white": {"up"}}}
	w := mustWords(t, `white = ["weiß"]
wide = ["weit"]`)
	reason, _ := IsIllegal(Ambiguous(st, 0, Move{"wei", "up"}, w))
	if want := `"wei" could be white or wide here: type more letters.`; reason != want {
		t.Errorf("wei: %q, want %q", reason, want)
	}
	if err := Ambiguous(st, 0, Move{"weiß", "up"}, w); err != nil {
		t.Errorf("a whole word: %v", err)
	}
	if err := Ambiguous(st, 0, Move{"zz"}, w); err != nil {
		t.Errorf("no prefix at all: %v", err)
	}
}
