package msg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
)

// Check is the completeness test of catalogue name, for the package's own tests: every English
// message is in every language and no language has one English lacks; each uses the same
// arguments as English; a plural message gives every form its language needs for whole numbers;
// and every message id is in used (msgtest gives the string literals of the engine's non-test
// Go files), so none is left unused.
func Check(name string, used map[string]bool) []error {
	c := catalogues[name]
	if c == nil {
		return []error{fmt.Errorf("catalogue %s is not registered", name)}
	}
	var errs []error
	bad := func(f string, a ...any) {
		errs = append(errs, fmt.Errorf("catalogue %s: "+f, append([]any{name}, a...)...))
	}
	en := c.raw[English]
	for _, lang := range Languages[1:] {
		for _, id := range sortedIDs(en) {
			m, ok := c.raw[lang][id]
			if !ok {
				bad("%s lacks %q", lang, id)
				continue
			}
			if want, got := argNames(en[id]), argNames(m); want != got {
				bad("%s %q has arguments {%s}, English {%s}", lang, id, got, want)
			}
			if isPlural(en[id]) {
				for _, f := range neededForms(lang) {
					if formText(m, f) == "" {
						bad("%s %q lacks the plural form %s", lang, id, formNames[f])
					}
				}
			}
		}
		for _, id := range sortedIDs(c.raw[lang]) {
			if _, ok := en[id]; !ok {
				bad("%s has %q, which English lacks", lang, id)
			}
		}
	}
	for _, id := range sortedIDs(en) {
		if isPlural(en[id]) && (en[id].One == "" || en[id].Other == "") {
			bad("en %q is plural but lacks one or other", id)
		}
	}
	for _, id := range sortedIDs(en) {
		if !used[id] {
			bad("%q is never used", id)
		}
	}
	return errs
}

// Verify reports whether m and every message inside it exist and are given exactly the
// arguments their English templates use, each of a kind that fits (a term names a message of
// the catalogue).
func Verify(m *Message) error {
	c := catalogues[m.Cat]
	if c == nil {
		return fmt.Errorf("catalogue %s is not registered", m.Cat)
	}
	raw := c.raw[English][m.ID]
	if raw == nil {
		return fmt.Errorf("%s has no message %q", m.Cat, m.ID)
	}
	want := argNames(raw)
	var got []string
	counts := 0
	for _, a := range m.Args {
		got = append(got, a.Name)
		switch a.Kind {
		case KCount:
			counts++
		case KTerm:
			if c.raw[English][a.Str] == nil {
				return fmt.Errorf("%s %q: term %s=%q is not in the catalogue", m.Cat, m.ID, a.Name, a.Str)
			}
		case KMsg:
			if a.Msg == nil {
				return fmt.Errorf("%s %q: %s is a nil message", m.Cat, m.ID, a.Name)
			}
			if err := Verify(a.Msg); err != nil {
				return err
			}
		}
	}
	for _, lang := range Languages {
		r := c.raw[lang][m.ID]
		if r == nil {
			continue
		}
		for _, f := range []string{r.Zero, r.One, r.Two, r.Few, r.Many, r.Other} {
			ps, _ := parseTemplate(f)
			for _, p := range ps {
				if p.form == "" {
					continue
				}
				a := m.arg(p.arg)
				if a != nil && a.Kind == KMsg && p.form == Clause {
					continue
				}
				if a == nil || a.Kind != KTerm {
					return fmt.Errorf("%s %s %q asks for a form of %s, which is no term", m.Cat, lang, m.ID, p.arg)
				}
				if c.raw[English][a.Str+"_"+p.form] == nil {
					return fmt.Errorf("%s %s %q: term %q has no form %q", m.Cat, lang, m.ID, a.Str, p.form)
				}
			}
		}
	}
	sort.Strings(got)
	if g := strings.Join(got, ","); g != want {
		return fmt.Errorf("%s %q is given {%s}, its template uses {%s}", m.Cat, m.ID, g, want)
	}
	if counts > 1 || (counts == 0) == isPlural(raw) {
		return fmt.Errorf("%s %q: a plural message takes one count, any other none (%d given)", m.Cat, m.ID, counts)
	}
	return nil
}

func sortedIDs(m map[string]*i18n.Message) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func isPlural(m *i18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

// argNames lists, sorted and comma-separated, the arguments any form of m uses.
func argNames(m *i18n.Message) string {
	set := map[string]bool{}
	for _, f := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		ps, err := parseTemplate(f)
		if err != nil {
			set["!"+err.Error()] = true
		}
		for _, p := range ps {
			if p.arg != "" {
				set[p.arg] = true // a term's forms are the same argument
			}
		}
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

// neededForms are the CLDR forms lang uses for the whole numbers a game counts (0 to 9999).
func neededForms(lang string) []plural.Form {
	seen := map[plural.Form]bool{}
	var out []plural.Form
	for n := 0; n < 10000; n++ {
		f := plural.Cardinal.MatchPlural(tags[lang], n, 0, 0, 0, 0)
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

func formText(m *i18n.Message, f plural.Form) string {
	switch f {
	case plural.Zero:
		return m.Zero
	case plural.One:
		return m.One
	case plural.Two:
		return m.Two
	case plural.Few:
		return m.Few
	case plural.Many:
		return m.Many
	}
	return m.Other
}

var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
