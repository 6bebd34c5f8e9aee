package msg

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Elide applies French elision to a rendered text: "de", "que" (and "jusque", "lorsque",
// "puisque") before a word that starts with a vowel lose their "e" to an apostrophe ("en attente
// d'alice", "qu'Ada garde"). Catalogue writers cannot do it themselves where the word is an
// argument (a player's name, a phase), so it is done once the arguments are in. Other languages
// are returned as they are.
//
// Left alone: a vowel followed by a digit (a square, "de a1"), and the few French words that
// refuse elision ("oui", "onze", "ouistiti"). A leading "h" is never elided: the texts cannot tell a
// mute h from an aspirated one.
func Elide(lang, s string) string {
	if lang != French || !strings.Contains(s, "e ") {
		return s
	}
	var b strings.Builder
	i := 0
	for {
		j := nextElidable(s, i)
		if j < 0 {
			break
		}
		// s[j:] is "de X…" or "que X…" etc.; the "e " before X goes.
		sp := strings.IndexByte(s[j:], ' ') + j
		b.WriteString(s[i : sp-1])
		b.WriteByte('\'')
		i = sp + 1
	}
	if i == 0 {
		return s
	}
	b.WriteString(s[i:])
	return b.String()
}

var elidable = []string{"de", "que", "jusque", "lorsque", "puisque"}

// nextElidable is the index in s, from i on, of the next elidable word followed by a space and a
// word that takes elision; -1 when there is none.
func nextElidable(s string, i int) int {
	for i < len(s) {
		k := strings.Index(s[i:], "e ")
		if k < 0 {
			return -1
		}
		end := i + k + 1 // the index of the space
		for _, w := range elidable {
			start := end - len(w)
			if start < 0 || !strings.EqualFold(s[start:end], w) {
				continue
			}
			if start > 0 {
				if r, _ := utf8.DecodeLastRuneInString(s[:start]); unicode.IsLetter(r) || r == '\'' || r == '’' || r == '-' {
					continue // inside a word: "Jeanne de", "grande"
				}
			}
			if takesElision(s[end+1:]) {
				return start
			}
		}
		i = end + 1
	}
	return -1
}

func takesElision(rest string) bool {
	r, n := utf8.DecodeRuneInString(rest)
	if !strings.ContainsRune("aeiouyàâäæéèêëîïôöùûüœAEIOUYÀÂÄÆÉÈÊËÎÏÔÖÙÛÜŒ", r) {
		return false
	}
	if next, _ := utf8.DecodeRuneInString(rest[n:]); unicode.IsDigit(next) {
		return false // a square: "de a1"
	}
	word := rest
	if k := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) }); k >= 0 {
		word = rest[:k]
	}
	switch strings.ToLower(word) {
	case "oui", "onze", "onzième", "ouistiti", "y":
		return false
	}
	return true
}
