package bot

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/boardbot/boardbot/storage"
)

// TEMPORARY: a stand-in over the same TOML files until rules/msg (go-i18n) is merged.

//go:embed locales/*.toml
var localeFiles embed.FS

var texts = func() map[string]map[string]map[string]string {
	out := map[string]map[string]map[string]string{}
	for _, l := range Languages {
		b, err := localeFiles.ReadFile("locales/" + l + ".toml")
		if err != nil {
			continue
		}
		raw := map[string]any{}
		if _, err := toml.Decode(string(b), &raw); err != nil {
			panic(fmt.Sprintf("locales/%s.toml: %v", l, err))
		}
		m := map[string]map[string]string{}
		for id, v := range raw {
			switch v := v.(type) {
			case string:
				m[id] = map[string]string{"other": v}
			case map[string]any:
				m[id] = map[string]string{}
				for k, x := range v {
					m[id][k], _ = x.(string)
				}
			}
		}
		out[l] = m
	}
	return out
}()

// T renders message id in lang with args given as name, value pairs; "Count" chooses the plural.
func T(lang, id string, args ...any) string {
	m, ok := texts[lang][id]
	if !ok {
		m, ok = texts[LangEnglish][id]
	}
	if lang == LangPseudo {
		pm := map[string]string{}
		for k, v := range m {
			pm[k] = pseudo(v)
		}
		m = pm
	}
	if !ok {
		panic("no message " + id)
	}
	data := map[string]any{}
	form := "other"
	for i := 0; i+1 < len(args); i += 2 {
		k := args[i].(string)
		data[k] = args[i+1]
		if k == "Count" && args[i+1] == 1 {
			form = "one"
		}
	}
	src, ok := m[form]
	if !ok {
		src = m["other"]
	}
	if !strings.Contains(src, "{{") {
		return src
	}
	tp := template.Must(template.New(id).Option("missingkey=error").Parse(src))
	var b strings.Builder
	if err := tp.Execute(&b, data); err != nil {
		panic(err)
	}
	return b.String()
}

// refuseT is a refusal in lang.
func refuseT(lang, id string, args ...any) error {
	return &Refusal{Msg: T(lang, id, args...), id: id, args: args}
}

// threadLang is the language of a game's thread: its server's.
func (s *Service) threadLang(row *storage.Game) string {
	return s.ServerLanguage(context.Background(), row.Guild)
}

// HasText reports whether the catalogue has message id.
func HasText(id string) bool {
	_, ok := texts[LangEnglish][id]
	return ok
}

// pseudo accents the literal text of an English template and brackets it (TEMPORARY, until
// rules/msg's pseudo-locale).
func pseudo(src string) string {
	var b strings.Builder
	b.WriteString("[")
	for len(src) > 0 {
		if strings.HasPrefix(src, "{{") {
			end := strings.Index(src, "}}")
			b.WriteString(src[:end+2])
			src = src[end+2:]
			continue
		}
		r, n := utf8.DecodeRuneInString(src)
		if a, ok := accents[r]; ok {
			r = a
		}
		b.WriteRune(r)
		src = src[n:]
	}
	b.WriteString("]")
	return b.String()
}

var accents = func() map[rune]rune {
	from := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	to := []rune("àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
	m := map[rune]rune{}
	for i, r := range from {
		m[r] = to[i]
	}
	return m
}()
