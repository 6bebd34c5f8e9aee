package reef

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// A German, Spanish or French text names the words the reader types (words.<lang>.toml), never
// the English tokens: "o done para terminar" told a Spanish player a word their menus never show.
// info_notation alone names the English words, as what also works.
func TestNoEnglishTokensInCatalogues(t *testing.T) {
	tokens := []string{"grow", "add", "shrimp", "home", "eat", "trade", "take", "done", "pass", "sea", "cp", "polyp", "alga"}
	for _, lang := range []string{"de", "es", "fr"} {
		src, err := localeFiles.ReadFile("locales/" + lang + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]any
		if _, err := toml.Decode(string(src), &cat); err != nil {
			t.Fatal(err)
		}
		var words []string
		for _, tok := range tokens {
			// A token that is also this language's word ("alga" in Spanish, where
			// the token itself is the word) is let through.
			if typedWords[lang].Tokens(tok) == nil && !(lang == "es" && tok == "alga") {
				words = append(words, tok)
			}
		}
		// Case-sensitive: German nouns ("Polyp") are capitalised, the tokens are not.
		re := regexp.MustCompile(`(^|[^\pL])(` + strings.Join(words, "|") + `)($|[^\pL])`)
		texts := map[string]string{}
		flatten("", cat, texts)
		ids := make([]string, 0, len(texts))
		for id := range texts {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if id == "info_notation" {
				continue
			}
			if m := re.FindStringSubmatch(texts[id]); m != nil {
				t.Errorf("%s %s names the English token %q: %s", lang, id, m[2], texts[id])
			}
		}
		if len(ids) < 300 {
			t.Errorf("%s: only %d texts read", lang, len(ids))
		}
	}
}

// flatten gathers a decoded catalogue's texts by id ("n_polyps.one").
func flatten(prefix string, v any, out map[string]string) {
	switch v := v.(type) {
	case string:
		out[prefix] = v
	case map[string]any:
		for k, w := range v {
			if prefix != "" {
				k = prefix + "." + k
			}
			flatten(k, w, out)
		}
	}
}
