package bot

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// A refusal's choices name every token in the reader's words, the one alone and the last of a
// list too: before, a German read "Wähle up, right, down oder left." and a Frenchman "Choisis
// root, displace, …", as the list's items were single codes. What was typed stays as typed.
func TestRefusalSingleTokensInTheReadersWords(t *testing.T) {
	code := func(s string) *msg.Message { return msg.New("ascidiae", "code", msg.Code("Code", s)) }
	list := msg.New("ascidiae", "list_comma", msg.Nested("First", code("up")), msg.Nested("Rest",
		msg.New("ascidiae", "list_or", msg.Nested("First", code("down")), msg.Nested("Rest", code("left")))))
	err := rules.Refuse(msg.New("ascidiae", "bad_not_possible", msg.Code("Token", `"left"`),
		msg.Nested("What", code("x")), msg.Nested("Choices", list)))
	cases := []struct{ lang, want string }{
		{LangGerman, "oben, unten oder links"},
		{LangFrench, "haut, bas ou gauche"},
		{LangSpanish, "arriba, abajo o izquierda"},
	}
	for _, c := range cases {
		words := rules.WordsOf(replayKits["ascidiae"].Game, c.lang)
		got, ok := illegalTextIn(c.lang, words, err)
		if !ok || !strings.Contains(got, c.want) || !strings.Contains(got, `"left"`) {
			t.Errorf("%s: %q, want %q and the typed \"left\"", c.lang, got, c.want)
		}
	}
	if en, _ := illegalTextIn(LangEnglish, nil, err); !strings.Contains(en, "up, down or left") {
		t.Errorf("English: %q", en)
	}
}

// The games' own texts in German, Spanish and French never bracket an English token the
// language has a word for ("Korallen wachsen lassen (grow)"): they write the word players type.
func TestCataloguesBracketNoEnglishToken(t *testing.T) {
	dirs := map[string]string{"reef-encounter": "reef", "ascidiae": "ascidiae", "autumn-ash": "autumnash", "ausonia": "ausonia", "ascalion": "ascalion"}
	bracket := regexp.MustCompile(`\(([a-z]+)\)`)
	for kind, dir := range dirs {
		for _, lang := range []string{LangGerman, LangSpanish, LangFrench} {
			words := rules.WordsOf(replayKits[kind].Game, lang)
			b, err := os.ReadFile("../rules/" + dir + "/locales/" + lang + ".toml")
			if err != nil {
				t.Fatal(err)
			}
			var cat map[string]any
			if _, err := toml.Decode(string(b), &cat); err != nil {
				t.Fatal(err)
			}
			for id, v := range cat {
				var texts []string
				switch v := v.(type) {
				case string:
					texts = append(texts, v)
				case map[string]any:
					for _, f := range v {
						if s, ok := f.(string); ok {
							texts = append(texts, s)
						}
					}
				}
				for _, s := range texts {
					for _, m := range bracket.FindAllStringSubmatch(s, -1) {
						if w := words.Word(m[1]); w != "" && len(m[1]) > 1 {
							t.Errorf("%s %s %s: %q brackets the English %q, not %q", dir, lang, id, s, m[1], w)
						}
					}
				}
			}
		}
	}
}

// `rules <game>` in German, Spanish and French teaches moves in the language's words: before,
// its examples were English ("colonize g2", "grow w", "a6 queen a6 b5 pawn"). A token kept in an
// example must read as the language's word (French "drone" for drones).
func TestNotationExamplesInTheReadersWords(t *testing.T) {
	parens := regexp.MustCompile(`\([^)]*\)|\. .*$`)
	quoted := regexp.MustCompile("`([^`]+)`|„([^“]+)“|«\\s*([^»]+?)\\s*»|\"([^\"]+)\"")
	for kind, kit := range replayKits {
		for _, lang := range []string{LangGerman, LangSpanish, LangFrench} {
			words := rules.WordsOf(kit.Game, lang)
			if words.Len() == 0 {
				continue
			}
			text := InfoNotation(lang, kit.Game.Info())
			n := 0
			var exs []string
			for _, m := range quoted.FindAllStringSubmatch(text, -1) {
				exs = append(exs, m[1]+m[2]+m[3]+m[4])
			}
			for _, line := range strings.Split(text, "\n") {
				// Ausonia's examples are indented lines of moves between "·".
				if strings.HasPrefix(line, "  ") || strings.Contains(line, " · ") {
					line = parens.ReplaceAllString(line, "")
					if _, after, ok := strings.Cut(line, ": "); ok {
						line = after
					}
					exs = append(exs, strings.Split(line, "·")...)
				}
			}
			for _, ex := range exs {
				n++
				for _, f := range strings.FieldsFunc(ex, func(r rune) bool { return r == ' ' || r == ',' || r == '+' }) {
					w := words.Word(f)
					if w != "" && len(words.Tokens(f)) == 0 && !strings.HasPrefix(rules.Fold(w), rules.Fold(f)) {
						t.Errorf("%s %s: the example %q has the English %q, not %q", kind, lang, ex, f, w)
					}
				}
			}
			if n == 0 {
				t.Errorf("%s %s: no example found in %q", kind, lang, text)
			}
		}
	}
}

// The prompts the games' golden plays show in German, Spanish and French name no English token
// the language has a word for ("beende mit done", "b2 up c2 up", "oder none für keine").
func TestGoldenPromptsNameNoEnglishToken(t *testing.T) {
	dirs := map[string]string{"reef-encounter": "reef", "ascidiae": "ascidiae", "ausonia": "ausonia", "autumn-ash": "autumnash"}
	for kind, dir := range dirs {
		for _, lang := range []string{LangGerman, LangSpanish, LangFrench} {
			words := rules.WordsOf(replayKits[kind].Game, lang)
			b, err := os.ReadFile("../rules/" + dir + "/testdata/game." + lang + ".txt")
			if err != nil {
				continue // a game without a golden play in lang
			}
			seen := map[string]bool{}
			for _, line := range strings.Split(string(b), "\n") {
				text, ok := strings.CutPrefix(line, "prompt: ")
				if !ok || seen[text] {
					continue
				}
				seen[text] = true
				text = regexp.MustCompile(`»[^«]*«|"[^"]*"`).ReplaceAllString(text, "") // names and what was typed
				for _, f := range regexp.MustCompile(`[\pL]+`).FindAllString(text, -1) {
					if w := words.Word(f); w != "" && len(f) > 1 && len(words.Tokens(f)) == 0 && rules.Fold(w) != rules.Fold(f) {
						t.Errorf("%s %s: the prompt %q names the English %q, not %q", dir, lang, text, f, w)
						break
					}
				}
			}
		}
	}
}
