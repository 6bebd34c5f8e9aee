package msg

import (
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// piece is a literal (arg == "") or an argument of a template; form is the term form asked
// for by {{.Arg_form}}.
type piece struct{ lit, arg, form string }

// tmpl is one message in one language, its forms split into pieces. Forms a file leaves out read
// "other" (Spanish and French "many" is a million and up).
type tmpl struct {
	zero, one, two, few, many, other []piece
	plural                           bool // the file gives more than "other"
	size                             int  // a guess at a rendering's length, to size its buffer
}

func (t *tmpl) form(lang string, n int) []piece {
	if !t.plural {
		return t.other
	}
	if lang == English || lang == Pseudo {
		if n == 1 {
			return t.one
		}
		return t.other
	}
	tag, ok := tags[lang]
	if !ok {
		tag = language.English
	}
	if n < 0 {
		n = -n
	}
	switch plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return t.zero
	case plural.One:
		return t.one
	case plural.Two:
		return t.two
	case plural.Few:
		return t.few
	case plural.Many:
		return t.many
	}
	return t.other
}

var tags = map[string]language.Tag{English: language.English, German: language.German, Spanish: language.Spanish, French: language.French}

// catalogue is one package's messages in every language.
type catalogue struct {
	name  string
	langs map[string]map[string]*tmpl
	en    map[string]*tmpl // langs[English], the language every Apply renders
	// forms[lang][id][form] is the term form "<id>_<form>", found without building its id.
	forms map[string]map[string]map[string]*tmpl
	raw   map[string]map[string]*i18n.Message // for the checks
}

func (c *catalogue) lookup(lang, id string) *tmpl {
	if lang == English {
		return c.en[id]
	}
	if l := c.langs[lang]; l != nil {
		if t := l[id]; t != nil {
			return t
		}
	}
	return c.langs[English][id]
}

func (c *catalogue) lookupForm(lang, id, form string) *tmpl {
	if l := c.forms[lang]; l != nil {
		if t := l[id][form]; t != nil {
			return t
		}
	}
	return c.forms[English][id][form]
}

// indexForms files every message whose id has an underscore under each split of its id.
func indexForms(msgs map[string]*tmpl) map[string]map[string]*tmpl {
	out := map[string]map[string]*tmpl{}
	for id, t := range msgs {
		for i := 0; i < len(id); i++ {
			if id[i] == '_' {
				if out[id[:i]] == nil {
					out[id[:i]] = map[string]*tmpl{}
				}
				out[id[:i]][id[i+1:]] = t
			}
		}
	}
	return out
}

var catalogues = map[string]*catalogue{}

// Register loads catalogue name from fsys's locales/<lang>.toml, one file per language of
// Languages, and builds the pseudo-language from English. Engines call it from a package
// variable's initializer, so their texts can be rendered as soon as the package is loaded. It
// panics on a file that is missing or does not parse: the package's tests catch that at once.
func Register(name string, fsys fs.FS) {
	c := &catalogue{name: name, langs: map[string]map[string]*tmpl{}, raw: map[string]map[string]*i18n.Message{}}
	for _, lang := range Languages {
		b, err := fs.ReadFile(fsys, "locales/"+lang+".toml")
		if err != nil {
			panic(fmt.Sprintf("msg: catalogue %s: %v", name, err))
		}
		mf, err := i18n.ParseMessageFileBytes(b, lang+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			panic(fmt.Sprintf("msg: catalogue %s, locales/%s.toml: %v", name, lang, err))
		}
		c.langs[lang], c.raw[lang] = map[string]*tmpl{}, map[string]*i18n.Message{}
		for _, m := range mf.Messages {
			c.raw[lang][m.ID] = m
			c.langs[lang][m.ID] = compile(name, lang, m, func(s string) string { return s })
		}
		if lang == English {
			c.langs[Pseudo] = map[string]*tmpl{}
			for _, m := range mf.Messages {
				c.langs[Pseudo][m.ID] = compile(name, Pseudo, m, PseudoText)
			}
		}
	}
	c.en = c.langs[English]
	c.forms = map[string]map[string]map[string]*tmpl{}
	for lang, msgs := range c.langs {
		c.forms[lang] = indexForms(msgs)
	}
	catalogues[name] = c
}

func compile(cat, lang string, m *i18n.Message, conv func(string) string) *tmpl {
	parse := func(src string) []piece {
		ps, err := parseTemplate(conv(src))
		if err != nil {
			panic(fmt.Sprintf("msg: catalogue %s, %s, message %s: %v", cat, lang, m.ID, err))
		}
		return ps
	}
	t := &tmpl{other: parse(m.Other)}
	for _, p := range t.other {
		t.size += len(p.lit) + 16*len(p.arg)/max(1, len(p.arg))
	}
	t.plural = m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
	for _, f := range []struct {
		dst *[]piece
		src string
	}{{&t.zero, m.Zero}, {&t.one, m.One}, {&t.two, m.Two}, {&t.few, m.Few}, {&t.many, m.Many}} {
		if f.src == "" {
			*f.dst = t.other
		} else {
			*f.dst = parse(f.src)
		}
	}
	return t
}

// parseTemplate splits a template into literals and {{.Name}} arguments, the only action a
// catalogue may use.
func parseTemplate(src string) ([]piece, error) {
	var ps []piece
	for src != "" {
		i := strings.Index(src, "{{")
		if i < 0 {
			ps = append(ps, piece{lit: src})
			break
		}
		if i > 0 {
			ps = append(ps, piece{lit: src[:i]})
		}
		j := strings.Index(src[i:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("unclosed {{ in %q", src)
		}
		act := strings.TrimSpace(src[i+2 : i+j])
		if len(act) < 2 || act[0] != '.' || strings.ContainsAny(act[1:], " .|()") {
			return nil, fmt.Errorf("only {{.Name}} may be used, not {{%s}}", act)
		}
		name, form, _ := strings.Cut(act[1:], "_")
		ps = append(ps, piece{arg: name, form: form})
		src = src[i+j+2:]
	}
	return ps, nil
}

// PseudoText accents the literal text of an English template and brackets it, leaving its
// {{...}} arguments as they are: the pseudo-language, shared with the platform's catalogue.
func PseudoText(src string) string {
	if src == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("[")
	for len(src) > 0 {
		if strings.HasPrefix(src, "{{") {
			end := strings.Index(src, "}}")
			if end < 0 {
				b.WriteString(src)
				break
			}
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

// Has reports whether catalogue cat has a message id (in English, which every language
// follows): the platform asks it for a message's optional companions.
func Has(cat, id string) bool {
	c := catalogues[cat]
	return c != nil && c.en[id] != nil
}
