package rules

import (
	"strings"
	"testing"
)

// wordTree is a state whose choice tree is given as a map from the move so far to the tokens
// that may follow it; a move with no entry is complete.
type wordTree struct {
	State
	tree map[string][]string
}

func (s wordTree) Choices(_ Seat, m Move) ([]Choice, bool, error) {
	toks, ok := s.tree[m.String()]
	if !ok {
		return nil, true, nil
	}
	out := make([]Choice, len(toks))
	for i, t := range toks {
		out[i] = Choice{Token: t}
	}
	return out, false, nil
}

func mustWords(t *testing.T, src string) *Words {
	t.Helper()
	w, err := ParseWords([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestParseWords(t *testing.T) {
	w := mustWords(t, `black = ["noir", "Noire"]
white = "blanc"
nw = ["no"]
no = ["non"]`)
	cases := []struct {
		word string
		want []string
	}{
		{"noir", []string{"black"}}, {"NOIRE", []string{"black"}}, {"blanc", []string{"white"}},
		{"no", []string{"nw"}}, {"non", []string{"no"}}, {"black", nil}, {"weiss", nil},
	}
	for _, c := range cases {
		if got := w.Tokens(c.word); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("Tokens(%q) = %v, want %v", c.word, got, c.want)
		}
	}
	for _, bad := range []string{
		`black = ["noir rouge"]`, `black = ["noir+rouge"]`, `black = [""]`, `black = ["black"]`,
		`black = ["BLACK"]`, `weiss = ["Weiß"]`, `black = 3`, `black = [3]`, `"a b" = "x"`, `black = ["` + strings.Repeat("n", 41) + `"]`, `black =`,
	} {
		if _, err := ParseWords([]byte(bad)); err == nil {
			t.Errorf("ParseWords(%q) accepted", bad)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Émeraude": "emeraude", "weiß": "weiss", "Carbón": "carbon", "îles": "iles", "Königin": "konigin"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// A word becomes a token only where its decision offers that token; a real token of the
// decision always wins over a word spelt the same; a word naming two tokens of one decision
// names neither.
func TestUnalias(t *testing.T) {
	st := wordTree{tree: map[string][]string{
		"":         {"1", "2", "no", "nw"},
		"1":        {"black", "white", "b"},
		"2":        {"black+red", "red", "se", "s"},
		"nw":       {"yes", "no"},
		"no":       {"-gold", "+wood"},
		"1 black":  {"up", "down"},
		"2 red":    {"blue", "white"},
		"2 s":      {"up"},
		"2 se":     {"up"},
		"nw no":    {"up"},
		"no -gold": {"up"},
	}}
	w := mustWords(t, `black = ["noir"]
white = ["blanc", "b"]
red = ["rouge", "b"]
blue = "bleu"
up = "haut"
nw = ["no", "nord-ouest"]
s = "saphir"
e = "émeraude"
gold = "or"
wood = "bois"`)
	cases := []struct{ typed, want string }{
		{"1 noir haut", "1 black up"},
		{"1 NOIR Haut", "1 black up"},
		{"nord-ouest no haut", "nw no up"}, // "no" is a real token where nw is asked: it stays
		{"no -or haut", "no -gold up"},     // and here too; a signed word keeps its sign
		{"no +bois", "no +wood"},
		{"1 b", "1 b"},   // b is a real token of the decision
		{"2 b", "2 red"}, // b names white and red: here only red is offered
		{"2 rouge bleu", "2 red blue"},
		{"2 noir+rouge", "2 black+red"},       // compound joined by '+'
		{"2 saphir+émeraude haut", "2 se up"}, // compound run together, for letter tokens
		{"2 saphir haut", "2 s up"},
		{"1 vert haut", "1 vert haut"}, // no word: left as typed, for the refusal to name
		{"1 noir vert", "1 black vert"},
		{"3 noir", "3 noir"},
	}
	for _, c := range cases {
		got := Unalias(st, 0, strings.Fields(c.typed), w)
		if got.String() != c.want {
			t.Errorf("Unalias(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
	if got := Unalias(st, 0, Move{"1", "noir"}, nil); got.String() != "1 noir" {
		t.Errorf("without words: %q", got)
	}
}

func TestResolveAmbiguous(t *testing.T) {
	w := mustWords(t, `white = ["b"]
red = ["b"]`)
	if tok, ok := w.Resolve("b", []Choice{{Token: "white"}, {Token: "red"}}); ok {
		t.Errorf("b resolved to %q where it names two tokens", tok)
	}
	if tok, ok := w.Resolve("b", []Choice{{Token: "red"}, {Token: "up"}}); !ok || tok != "red" {
		t.Errorf("b: %q %v, want red", tok, ok)
	}
}

// A one-letter token of the game typed where it is not offered means itself, never the start of
// another one-letter token's word: German Reef's grey "g" is no "gelb" (yellow) when grey is not
// offered.
func TestTokenNeverAbbreviatesAnother(t *testing.T) {
	w := mustWords(t, `g = ["grau"]
y = ["gelb"]`)
	if tok, ok := w.Resolve("g", []Choice{{Token: "y"}, {Token: "w"}}); ok {
		t.Errorf("g resolved to %q where grey is not offered", tok)
	}
	if tok, ok := w.Resolve("ge", []Choice{{Token: "y"}, {Token: "w"}}); !ok || tok != "y" {
		t.Errorf("ge: %q %v, want y", tok, ok)
	}
	if tok, ok := w.Resolve("g", []Choice{{Token: "g"}, {Token: "y"}}); !ok || tok != "g" {
		t.Errorf("g: %q %v, want g", tok, ok)
	}
	// It still starts the word of a longer token: "g" is grün where alga colours are asked.
	w = mustWords(t, `g = ["grau"]
y = ["gelb"]
green = ["grün"]`)
	if tok, ok := w.Resolve("g", []Choice{{Token: "green"}, {Token: "blue"}}); !ok || tok != "green" {
		t.Errorf("g among algae: %q %v, want green", tok, ok)
	}
}

func TestPrefixed(t *testing.T) {
	w := mustWords(t, `black = ["noir"]
white = ["blanc"]
blue = ["bleu"]`)
	next := []Choice{{Token: "black"}, {Token: "white"}, {Token: "blue"}}
	for p, want := range map[string]string{"noi": "black", "bla": "", "bl": "", "BLE": "blue", "x": ""} {
		got := strings.Join(w.Prefixed(p, next), ",")
		if p == "bla" || p == "bl" {
			want = "" // "bl" starts the real tokens black and blue: they win
		}
		if got != want {
			t.Errorf("Prefixed(%q) = %q, want %q", p, got, want)
		}
	}
	if got := w.Prefixed("bl", []Choice{{Token: "up"}, {Token: "white"}, {Token: "red"}}); strings.Join(got, ",") != "white" {
		t.Errorf("Prefixed(bl) = %v", got)
	}
}

// FuzzParseWords: any file either fails cleanly or gives words that each resolve to one of
// their tokens when it is offered, and never to anything not offered.
func FuzzParseWords(f *testing.F) {
	f.Add("black = [\"noir\", \"noire\"]\nwhite = \"blanc\"")
	f.Add("nw = [\"nord-ouest\"]\nno = [\"non\"]")
	f.Add("s = \"Saphir\"\ne = \"Émeraude\"")
	f.Add("a = [\"b\"]\nb = [\"a\"]")
	f.Fuzz(func(t *testing.T, src string) {
		w, err := ParseWords([]byte(src))
		if err != nil {
			return
		}
		for word, toks := range w.m {
			next := []Choice{{Token: "zz-offered"}}
			for _, tok := range toks {
				next = append(next, Choice{Token: tok})
			}
			got, ok := w.Resolve(word, next)
			if ok && got != "zz-offered" && !strings.EqualFold(got, word) && !containsFold(toks, got) {
				t.Fatalf("%q resolved to %q, not one of %v", word, got, toks)
			}
			if len(toks) == 1 && !ok {
				t.Fatalf("%q did not resolve to its only token %q", word, toks[0])
			}
		}
	})
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// FuzzResolve: a typed token resolves only to a token offered, and to itself when offered.
func FuzzResolve(f *testing.F) {
	w, err := ParseWords([]byte("black = [\"noir\"]\nred = [\"rouge\", \"b\"]\ns = \"saphir\"\ne = \"émeraude\"\ngold = \"or\""))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"noir", "noir+rouge", "saphir+émeraude", "-or", "+", "++", "-", "b+b+b+b+b+b+b+b+b", "NOIR"} {
		f.Add(s)
	}
	next := []Choice{{Token: "black"}, {Token: "red"}, {Token: "black+red"}, {Token: "se"}, {Token: "-gold"}, {Token: "b"}}
	f.Fuzz(func(t *testing.T, typed string) {
		got, ok := w.Resolve(typed, next)
		if !ok {
			return
		}
		found := false
		for _, c := range next {
			found = found || c.Token == got
		}
		if !found {
			t.Fatalf("%q resolved to %q, which is not offered", typed, got)
		}
		for _, c := range next {
			if strings.EqualFold(c.Token, typed) && got != c.Token {
				t.Fatalf("%q is a real token but resolved to %q", typed, got)
			}
		}
	})
}

// Word shows a token by the first word its file lists, keeping a sign; Spell writes a move so,
// leaving tokens without a word as they are.
func TestWordAndSpell(t *testing.T) {
	w := mustWords(t, `wood = ["Holz", "Hölzer"]
white = ["weiß", "weiße"]
p = ["rosa", "r"]
s = ["Saphir"]
y = ["gelb"]`)
	for tok, want := range map[string]string{"wood": "Holz", "+wood": "+Holz", "-wood": "-Holz", "white": "weiß", "gold": "", "+gold": "",
		"p": "r", "s": "", "y": "gelb"} {
		if got := w.Word(tok); got != want {
			t.Errorf("Word(%q) = %q, want %q", tok, got, want)
		}
	}
	if got, want := w.Spell(Move{"offer", "wood", "+wood", "a1"}).String(), "offer Holz +Holz a1"; got != want {
		t.Errorf("Spell = %q, want %q", got, want)
	}
	var none *Words
	if got := none.Spell(Move{"wood"}).String(); got != "wood" {
		t.Errorf("nil Spell = %q", got)
	}
}

// Letter marks a token on an image by the shortest start of its word that no other token of the
// set starts with, or by a letter its file lists; without words, by the token's initial.
func TestLetter(t *testing.T) {
	de := mustWords(t, `g = ["grau"]
o = ["orange"]
p = ["rosa", "r"]
w = ["weiß"]
y = ["gelb"]
blue = ["blau"]
green = ["grün"]
purple = ["lila"]
red = ["rot"]`)
	fr := mustWords(t, `blue = ["bleu"]
green = ["vert"]
purple = ["violet"]
red = ["rouge"]`)
	corals := []string{"g", "o", "p", "w", "y"}
	algae := []string{"blue", "green", "purple", "red"}
	cases := []struct {
		w     *Words
		tok   string
		among []string
		want  string
	}{
		{de, "g", corals, "Gr"}, {de, "y", corals, "Ge"}, {de, "p", corals, "R"}, {de, "w", corals, "W"}, {de, "o", corals, "O"},
		{de, "purple", algae, "L"}, {de, "green", algae, "G"},
		{fr, "green", algae, "Ve"}, {fr, "purple", algae, "Vi"}, {fr, "blue", algae, "B"},
		{nil, "purple", algae, "P"}, {nil, "g", corals, "G"},
	}
	for _, c := range cases {
		if got := c.w.Letter(c.tok, c.among); got != c.want {
			t.Errorf("Letter(%q) = %q, want %q", c.tok, got, c.want)
		}
	}
}
