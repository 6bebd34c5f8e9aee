package rulestest

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// WordCase is one row of a game's words table: in language Lang, typing Word where the decision
// offers Token plays the same move as typing Token. A row whose Word equals its Token is a
// collision: Word is a word of Lang for some other token, and where the decision offers Word as
// a real token it must stay that token.
type WordCase struct{ Lang, Word, Token string }

// CheckWords plays random games of g (seeds 1..games, at most steps moves each) and meets every
// row of cases at a decision that offers its token: the move with the word in the token's place
// must read (rules.Unalias, then rules.Canonical) as the move with the token, and apply to the
// same position. It fails for a row never met.
func CheckWords(t *testing.T, g rules.Game, setup rules.Setup, games, steps int, cases []WordCase) {
	t.Helper()
	met := make([]bool, len(cases))
	for _, c := range cases {
		if _, ok := rules.WordsOf(g, c.Lang).Resolve(c.Word, []rules.Choice{{Token: c.Token}}); c.Word != c.Token && !ok {
			t.Fatalf("%s: %q is no word for %q in the words file", c.Lang, c.Word, c.Token)
		}
		if c.Word == c.Token && len(rules.WordsOf(g, c.Lang).Tokens(c.Word)) == 0 {
			t.Fatalf("%s: collision row %q is no word of the words file", c.Lang, c.Word)
		}
	}
	left := len(cases)
	for seed := 1; seed <= games && left > 0; seed++ {
		setup.Seed = uint64(seed)
		st := Start(t, g, setup)
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		for step := 0; step < steps && left > 0 && st.Result() == nil; step++ {
			for _, p := range st.Awaiting() {
				for k := 0; k < 8 && left > 0; k++ {
					m, err := rules.RandomMove(st, p.Seat, r)
					if err != nil {
						t.Fatal(err)
					}
					for i := range cases {
						if !met[i] && wordFits(t, g, st, p.Seat, m, cases[i]) {
							met[i] = true
							left--
						}
					}
				}
			}
			PlayRandom(t, st, r)
		}
	}
	for i, c := range cases {
		if !met[i] {
			t.Errorf("%s %q for %q: no decision offering %q met in %d games", c.Lang, c.Word, c.Token, c.Token, games)
		}
	}
}

// wordFits checks row c against move m of seat s, if m has c's token; it reports whether it did.
func wordFits(t *testing.T, g rules.Game, st rules.State, s rules.Seat, m rules.Move, c WordCase) bool {
	t.Helper()
	j := slices.Index(m, c.Token)
	if j < 0 {
		return false
	}
	next, _, err := st.Choices(s, m[:j])
	if err != nil {
		t.Fatal(err)
	}
	realWord := slices.ContainsFunc(next, func(ch rules.Choice) bool { return strings.EqualFold(ch.Token, c.Word) })
	if c.Word != c.Token && realWord {
		return false // here the word is a real token, and wins: a collision, not this row
	}
	typed := slices.Clone(m)
	typed[j] = c.Word
	got := rules.Unalias(st, s, typed, rules.WordsOf(g, c.Lang))
	canon, err := rules.Canonical(st, s, got)
	if err != nil {
		t.Errorf("%s: %q (for %q) refused: %v", c.Lang, typed, m, err)
		return true
	}
	want, err := rules.Canonical(st, s, m)
	if err != nil {
		t.Fatal(err)
	}
	if canon.String() != want.String() {
		t.Errorf("%s: %q reads %q, want %q", c.Lang, typed, canon, want)
		return true
	}
	a, err := rules.Clone(g, st)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := rules.Clone(g, st)
	if _, err := a.Apply(s, canon); err != nil {
		t.Fatalf("%q: %v", canon, err)
	}
	if _, err := b.Apply(s, want); err != nil {
		t.Fatalf("%q: %v", want, err)
	}
	ea, _ := a.Encode()
	eb, _ := b.Encode()
	if !bytes.Equal(ea, eb) {
		t.Errorf("%s: %q and %q lead to different positions", c.Lang, typed, m)
	}
	return true
}

// CheckWordsShadowNothing plays random games of g and, at every decision of a random move with
// two tokens or more, gives a word for one token spelt as another real token of that decision:
// the real token must still be read as itself. Every game's words pass through this rule.
func CheckWordsShadowNothing(t *testing.T, g rules.Game, setup rules.Setup, steps int) {
	t.Helper()
	setup.Seed = 3
	st := Start(t, g, setup)
	r := rand.New(rand.NewPCG(3, 9))
	checked := 0
	for step := 0; step < steps && st.Result() == nil; step++ {
		p := st.Awaiting()[0]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		for j := range m {
			next, _, err := st.Choices(p.Seat, m[:j])
			if err != nil {
				t.Fatal(err)
			}
			other := ""
			for _, ch := range next {
				if rules.Fold(ch.Token) != rules.Fold(m[j]) && !strings.ContainsAny(ch.Token, " +\"\\") {
					other = ch.Token
					break
				}
			}
			if other == "" || strings.ContainsAny(m[j], " +\"\\") {
				continue
			}
			// A words file saying m[j] is a word for other: m[j] must still be m[j] here.
			w, err := rules.ParseWords([]byte(quoteKey(other) + " = " + quoteKey(m[j])))
			if err != nil {
				t.Fatal(err)
			}
			if got := rules.Unalias(st, p.Seat, m, w); got.String() != m.String() {
				t.Fatalf("the word %q for %q shadowed the real token %q: %q read as %q", m[j], other, m[j], m, got)
			}
			checked++
		}
		PlayRandom(t, st, r)
	}
	if checked == 0 {
		t.Fatal("no decision with two tokens met")
	}
}

func quoteKey(s string) string { return `"` + s + `"` }

// WordCases builds a words table from rows of language, word and token.
func WordCases(rows ...[3]string) []WordCase {
	out := make([]WordCase, len(rows))
	for i, r := range rows {
		out[i] = WordCase{Lang: r[0], Word: r[1], Token: r[2]}
	}
	return out
}
