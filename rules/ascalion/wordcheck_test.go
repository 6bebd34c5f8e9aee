package ascalion

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Ascalion (verbs like accept, attack, done as well as goods and
// colours) has a word in German, Spanish and French, and no word names two tokens of one
// decision (French "refuser" is reject in trade and refuse at a passage, never both at once).
func TestWordsForEveryToken(t *testing.T) {
	var lands []string
	for _, l := range board.Lands {
		lands = append(lands, l.Token)
	}
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 2}, {Seats: 4}, {Seats: 3, Options: map[string]string{"expansion": "on"}}},
		Games:  rulestest.Scale(2, 8), Steps: rulestest.Scale(150, 300),
		Names: lands,
		Same:  map[string][]string{"de": {"gold", "bonus", "neutral"}, "es": {"no", "neutral"}, "fr": {"temple", "bonus"}},
	})
}

// A verb typed in the player's language plays the same move as its token.
func TestTypedVerbs(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 4}, 8, 400, rulestest.WordCases([][3]string{
		{"de", "annehmen", "accept"},
		{"de", "angreifen", "attack"},
		{"de", "fertig", "done"},
		{"de", "anbieten", "offer"},
		{"de", "Fuß", "foot"},
		{"es", "aceptar", "accept"},
		{"es", "atacar", "attack"},
		{"es", "listo", "done"},
		{"es", "ofrecer", "offer"},
		{"es", "pie", "foot"},
		{"fr", "accepter", "accept"},
		{"fr", "attaquer", "attack"},
		{"fr", "fini", "done"},
		{"fr", "proposer", "offer"},
		{"fr", "pied", "foot"},
		{"fr", "refuser", "reject"},
	}...))
}

// The texts of German, Spanish and French never ask a player to type an English word that their
// language has a word for ("vote yes", "oder done"): they name the word the player would type.
// Before, prompts said "Stimme mit yes dafür" while "ja" was not even accepted.
func TestTextsNameTheReadersWords(t *testing.T) {
	// Words of the language itself that are spelt as a token ("il refuse", "mise en place").
	own := map[string][]string{"fr": {"place", "refuse"}}
	for _, lang := range []string{"de", "es", "fr"} {
		var cat map[string]any
		if _, err := toml.DecodeFile(filepath.Join("locales", lang+".toml"), &cat); err != nil {
			t.Fatal(err)
		}
		w := rules.WordsOf(Game, lang)
		var tokens []string // the words of decisions a prompt tells to type
		for _, tok := range strings.Fields("accept reject withdraw offer for close done attack pass attacker defender foot chain end skip put place allow refuse yes no city temple univ ask grant mix") {
			if w.Word(tok) != "" {
				tokens = append(tokens, tok)
			}
		}
		for key, v := range cat {
			text, ok := v.(string)
			if !ok {
				continue
			}
			for _, tok := range tokens {
				if len(tok) < 2 || slices.Contains(own[lang], tok) || !wholeWord(text, tok) {
					continue
				}
				t.Errorf("%s %s names the English %q, not %q: %s", lang, key, tok, w.Word(tok), text)
			}
		}
	}
}

// wholeWord reports whether word stands in text as a word of its own, not inside a template
// field or a longer word.
func wholeWord(text, word string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], word)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(word)
		before, after := rune(' '), rune(' ')
		if j > 0 {
			before, _ = utf8.DecodeLastRuneInString(text[:j])
		}
		if end < len(text) {
			after, _ = utf8.DecodeRuneInString(text[end:])
		}
		if !isWordRune(before) && before != '.' && before != '{' && !isWordRune(after) && after != '}' {
			return true
		}
		i = end
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
