package rules

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/unicode/norm"
)

// Words are the words one language shows for a game's move tokens ("noir" for Ascidiae's
// black), so a player may type what their prompts show. A word may stand for several tokens
// ("no" is Ascalion's north-west in French); which one is decided per decision, by the tokens
// that decision offers. Words are matched folded: case, accents and "ß" do not count.
type Words struct {
	m      map[string][]string // folded word -> the tokens it stands for, in file order
	shown  map[string]string   // token -> the first word its file lists, as written
	letter map[string]string   // token -> the first word of one letter its file lists
}

// Worded is implemented by games whose tokens some language shows in its own words. Words
// returns nil for a language without any (English, whose words are the tokens).
type Worded interface {
	Words(lang string) *Words
}

// WordsOf returns g's words in lang, or nil.
func WordsOf(g Game, lang string) *Words {
	if w, ok := g.(Worded); ok {
		return w.Words(lang)
	}
	return nil
}

// Bounds on a words file, so a faulty file fails loudly instead of making every move slow.
const (
	maxWordLen     = 40
	maxWordsInFile = 2000
	maxCompound    = 8 // parts of a token joined by '+' ("noir+rouge")
)

// ParseWords reads a words file: TOML whose keys are tokens and whose values are the words for
// them, one string or a list ("black = ["noir", "noire", "noirs", "noires"]"). A word is one
// field without '+' (the joint of compound tokens) and never the token it stands for.
func ParseWords(data []byte) (*Words, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return nil, fmt.Errorf("words: %w", err)
	}
	w := &Words{m: map[string][]string{}, shown: map[string]string{}, letter: map[string]string{}}
	tokens := make([]string, 0, len(raw))
	for tok := range raw {
		tokens = append(tokens, tok)
	}
	slices.Sort(tokens) // map order is random: keep a word's tokens in a fixed order
	n := 0
	for _, tok := range tokens {
		if !validWord(tok) {
			return nil, fmt.Errorf("words: token %q: one field of at most %d characters, without '+'", tok, maxWordLen)
		}
		var list []string
		switch v := raw[tok].(type) {
		case string:
			list = []string{v}
		case []any:
			for _, x := range v {
				s, ok := x.(string)
				if !ok {
					return nil, fmt.Errorf("words: %s: a word is a string, not %T", tok, x)
				}
				list = append(list, s)
			}
		default:
			return nil, fmt.Errorf("words: %s: a word or a list of words, not %T", tok, raw[tok])
		}
		for _, word := range list {
			if !validWord(word) {
				return nil, fmt.Errorf("words: %s: word %q: one field of at most %d characters, without '+'", tok, word, maxWordLen)
			}
			f := Fold(word)
			if f == Fold(tok) {
				return nil, fmt.Errorf("words: %s: %q is the token itself", tok, word)
			}
			if n++; n > maxWordsInFile {
				return nil, fmt.Errorf("words: more than %d words", maxWordsInFile)
			}
			if !slices.Contains(w.m[f], tok) {
				w.m[f] = append(w.m[f], tok)
			}
			if _, ok := w.shown[tok]; !ok {
				w.shown[tok] = word
			}
			if _, ok := w.letter[tok]; !ok && utf8.RuneCountInString(word) == 1 {
				w.letter[tok] = word
			}
		}
	}
	return w, nil
}

func validWord(s string) bool {
	return s != "" && utf8.ValidString(s) && utf8.RuneCountInString(s) <= maxWordLen &&
		!strings.ContainsRune(s, '+') && len(strings.Fields(s)) == 1 && strings.TrimSpace(s) == s
}

// LoadWords reads dir/words.<lang>.toml from fsys for every language that has one. A game calls
// it once, from a package variable; a file that does not parse panics, which its tests catch.
func LoadWords(fsys fs.FS, dir string, langs []string) map[string]*Words {
	out := map[string]*Words{}
	for _, lang := range langs {
		b, err := fs.ReadFile(fsys, dir+"/words."+lang+".toml")
		if err != nil {
			continue
		}
		w, err := ParseWords(b)
		if err != nil {
			panic(fmt.Sprintf("%s/words.%s.toml: %v", dir, lang, err))
		}
		out[lang] = w
	}
	return out
}

// Fold is how words are compared: lower case, without accents, "ß" as "ss".
func Fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("ss")
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Tokens lists the tokens word may stand for (nil when it is no word of w).
func (w *Words) Tokens(word string) []string {
	if w == nil {
		return nil
	}
	return w.m[Fold(word)]
}

// Word is the word w shows for tok, the first its file lists ("weiß" for white), a signed token
// keeping its sign ("+Holz"); "" when w has none. A token of one letter (a colour, a gem) stays
// one letter where the language has one: the first letter its file lists ("r" for Reef's pink
// in German, rosa), or the token itself when it is the initial of the language's word ("s" for
// Saphir); else it is the word ("gelb").
func (w *Words) Word(tok string) string {
	if w == nil {
		return ""
	}
	if word, ok := w.shown[tok]; ok {
		if utf8.RuneCountInString(tok) == 1 {
			if l := w.letter[tok]; l != "" {
				return l
			}
			if strings.HasPrefix(Fold(word), Fold(tok)) {
				return ""
			}
		}
		return word
	}
	if len(tok) > 1 && (tok[0] == '+' || tok[0] == '-') {
		if word := w.Word(tok[1:]); word != "" {
			return tok[:1] + word
		}
	}
	return ""
}

// Letter is the mark an image shows for tok, one of the tokens among (a colour of Reef's five):
// the shortest start of the word w shows for it (the token where w has none) that starts no
// other's word, capitalised, or the one letter w lists for it ("R" for rosa, whose "r" is a
// word). A player typing the mark gets tok: a letter typed is a word or a unique prefix.
func (w *Words) Letter(tok string, among []string) string {
	if l := w.oneLetter(tok); l != "" {
		return strings.ToUpper(l)
	}
	name := []rune(w.name(tok))
	for n := 1; n < len(name); n++ {
		p := Fold(string(name[:n]))
		clash := false
		for _, o := range among {
			if o != tok && (strings.HasPrefix(Fold(w.name(o)), p) || Fold(w.oneLetter(o)) == p) {
				clash = true
				break
			}
		}
		if !clash {
			return strings.ToUpper(string(name[:1])) + string(name[1:n])
		}
	}
	return strings.ToUpper(string(name[:1])) + string(name[1:])
}

// name is the first word w lists for tok, as written, or tok.
func (w *Words) name(tok string) string {
	if w != nil {
		if word, ok := w.shown[tok]; ok {
			return word
		}
	}
	return tok
}

// shownOK is the word w shows first for tok, and whether w has words for tok at all.
func (w *Words) shownOK(tok string) (string, bool) {
	if w == nil {
		return "", false
	}
	word, ok := w.shown[tok]
	return word, ok
}

// oneLetter is the first word of one letter w lists for tok, or "".
func (w *Words) oneLetter(tok string) string {
	if w == nil {
		return ""
	}
	return w.letter[tok]
}

// Spell is m as a reader of w's language types it: each token with a word shown as that word,
// the others as they are. Read back by Unalias, it is m again (a real token of a decision never
// equals a word meant for another of its tokens: the games' word checks hold them to it).
func (w *Words) Spell(m Move) Move {
	if w.Len() == 0 {
		return m
	}
	out := slices.Clone(m)
	for i, tok := range out {
		if word := w.Word(tok); word != "" {
			out[i] = word
		}
	}
	return out
}

// Each calls f with every word of w (folded) and the tokens it stands for, in word order.
func (w *Words) Each(f func(word string, tokens []string)) {
	if w == nil {
		return
	}
	words := make([]string, 0, len(w.m))
	for word := range w.m {
		words = append(words, word)
	}
	slices.Sort(words)
	for _, word := range words {
		f(word, w.m[word])
	}
}

// Len is how many distinct words w knows.
func (w *Words) Len() int {
	if w == nil {
		return 0
	}
	return len(w.m)
}

// Resolve returns the token of next that typed stands for: typed itself when it is a token of
// next (a real token always wins over a word), else the one token of next its word (or, for a
// compound "noir+rouge", its parts) names. ok is false when typed names none of next, or more
// than one: then the caller keeps what was typed, so a refusal names it.
// Failing both, a prefix that starts exactly one token of next, or words standing only for that
// token, is that token ("q" for "queen", "noi" for black): the help promises that a unique prefix
// is enough.
func (w *Words) Resolve(typed string, next []Choice) (string, bool) {
	for _, c := range next {
		if strings.EqualFold(c.Token, typed) {
			return c.Token, true
		}
	}
	if tok, ok := w.resolveWord(typed, next); ok {
		return tok, true
	}
	if cs := w.Starting(typed, next); len(cs) == 1 {
		return cs[0], true
	}
	return "", false
}

// Starting lists the tokens of next that typed is a prefix of, directly or through a word of w
// standing for them, in next's order: one is what typed means, several say it is ambiguous.
func (w *Words) Starting(typed string, next []Choice) []string {
	f := Fold(typed)
	if f == "" || strings.IndexFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		// Only letters abbreviate: "1" must not become "12", nor "b" a square "b2" meant for a
		// later decision by accident of digits.
		return nil
	}
	// A letter that is itself a one-letter token of the game (a colour, a gem) means that token,
	// never the start of the word of another one-letter token, its kin: German Reef's grey "g"
	// must not become gelb (yellow) when no grey cube is held; the refusal then names grey. It
	// still starts the words of longer tokens ("g" for the alga grün).
	_, letterToken := w.shownOK(f)
	letterToken = letterToken && utf8.RuneCountInString(f) == 1
	var out []string
	for _, c := range next {
		if letterToken && utf8.RuneCountInString(c.Token) == 1 && Fold(c.Token) != f {
			continue
		}
		if strings.HasPrefix(Fold(c.Token), f) {
			out = append(out, c.Token)
			continue
		}
		if w == nil {
			continue
		}
		for word, toks := range w.m {
			if strings.HasPrefix(word, f) && slices.Contains(toks, c.Token) {
				out = append(out, c.Token)
				break
			}
		}
	}
	return out
}

// resolveWord is Resolve for a whole word of w (or a compound of words).
func (w *Words) resolveWord(typed string, next []Choice) (string, bool) {
	if w == nil || len(w.m) == 0 || typed == "" {
		return "", false
	}
	found := ""
	for _, cand := range w.candidates(typed) {
		for _, c := range next {
			if strings.EqualFold(c.Token, cand) {
				if found != "" && found != c.Token {
					return "", false // two tokens of this decision: the word does not say which
				}
				found = c.Token
			}
		}
	}
	return found, found != ""
}

// candidates are the tokens typed may stand for: its word's tokens, for a compound each part put
// in its tokens' place, joined by '+' ("noir+rouge": "black+red") or run together for tokens of
// letters ("saphir+émeraude": Ausonia's "se"), and for a signed word the same with its sign.
func (w *Words) candidates(typed string) []string {
	out := append([]string(nil), w.Tokens(typed)...)
	if len(typed) > 1 && (typed[0] == '+' || typed[0] == '-') && typed[1] != '+' && typed[1] != '-' {
		// A signed token ("-or", "+bois": Ascalion's goods given and taken) keeps its sign.
		for _, c := range w.candidates(typed[1:]) {
			out = append(out, typed[:1]+c)
		}
		return out
	}
	if !strings.Contains(typed, "+") {
		return out
	}
	parts := strings.Split(typed, "+")
	if len(parts) > maxCompound {
		return out
	}
	alts := make([][]string, len(parts))
	for i, p := range parts {
		if p == "" {
			return out
		}
		alts[i] = append([]string{p}, w.Tokens(p)...)
	}
	// Every choice of an alternative per part, bounded: a part has few alternatives.
	const maxCombos = 64
	combos := [][]string{nil}
	for _, a := range alts {
		var nextCombos [][]string
		for _, c := range combos {
			for _, x := range a {
				if len(nextCombos) == maxCombos {
					break
				}
				nextCombos = append(nextCombos, append(append([]string(nil), c...), x))
			}
		}
		combos = nextCombos
	}
	for _, c := range combos {
		out = append(out, strings.Join(c, "+"), strings.Join(c, ""))
	}
	return out
}

// Unalias rewrites the words of m into seat s's tokens, decision by decision: each typed token
// is matched against the tokens that may follow the ones before it. It stops at the first token
// that fits no token there, keeping it and the rest as typed: the rest may belong to the next
// decision (Ascidiae's "1 noir" is "1", then "black" once 1 is played), where it is unaliased
// again, or the move is refused naming what was typed. For a game that respells moves (tokens
// typed in any order), the rest is also tried word by word when that makes the whole move fit.
func Unalias(st State, s Seat, m Move, w *Words) Move {
	if len(m) == 0 || len(m) > MaxTreeDepth {
		return m
	}
	out := make(Move, 0, len(m))
	for i, tok := range m {
		next, _, err := st.Choices(s, out)
		if err != nil {
			return append(out, m[i:]...)
		}
		t, ok := w.Resolve(tok, next)
		if !ok {
			return unaliasRest(st, s, out, m[i:], w)
		}
		out = append(out, t)
	}
	return out
}

// unaliasRest finishes Unalias for a Respeller, whose move may fit only once respelled: the
// words of rest that stand for one token only are put in its place, and that spelling is kept
// when it makes a whole move (a real token still wins: a typed token is kept as typed).
func unaliasRest(st State, s Seat, done, rest Move, w *Words) Move {
	typed := append(append(Move{}, done...), rest...)
	if _, ok := st.(Respeller); !ok {
		return typed
	}
	alt := append(Move{}, done...)
	changed := false
	for _, tok := range rest {
		if ts := w.Tokens(tok); len(ts) == 1 {
			alt, changed = append(alt, ts[0]), true
		} else {
			alt = append(alt, tok)
		}
	}
	if !changed {
		return typed
	}
	if _, err := Canonical(st, s, typed); err == nil {
		return typed
	}
	if _, err := Canonical(st, s, alt); err == nil {
		return alt
	}
	return typed
}

// Prefixed lists the tokens of next that a word of w starting with prefix stands for, when no
// token of next itself starts with it (a real token wins): what autocomplete offers for "noi".
func (w *Words) Prefixed(prefix string, next []Choice) []string {
	if w.Len() == 0 || prefix == "" {
		return nil
	}
	for _, c := range next {
		if strings.HasPrefix(strings.ToLower(c.Token), strings.ToLower(prefix)) {
			return nil
		}
	}
	f := Fold(prefix)
	var out []string
	for _, c := range next {
		for word, toks := range w.m {
			if strings.HasPrefix(word, f) && slices.Contains(toks, c.Token) {
				out = append(out, c.Token)
				break
			}
		}
	}
	return out
}

// Ambiguous returns the refusal of the first token of m that fits no token of its decision but
// starts several, directly or through a word of w ("we" where weiß and weit are offered), or nil:
// a prefix that could be several tokens is named with them, never guessed.
func Ambiguous(st State, s Seat, m Move, w *Words) error {
	var sofar Move
	for _, tok := range m {
		if len(sofar) >= MaxTreeDepth {
			return nil
		}
		next, _, err := st.Choices(s, sofar)
		if err != nil {
			return nil
		}
		t, ok := w.Resolve(tok, next)
		if !ok {
			if cs := w.Starting(tok, next); len(cs) > 1 {
				return ambiguous(tok, cs)
			}
			return nil
		}
		sofar = append(sofar, t)
	}
	return nil
}
