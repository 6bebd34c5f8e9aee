package msg

import (
	"strings"
	"testing"
	"testing/fstest"
)

func testCatalogue(en, de, es, fr string) fstest.MapFS {
	return fstest.MapFS{
		"locales/en.toml": {Data: []byte(en)},
		"locales/de.toml": {Data: []byte(de)},
		"locales/es.toml": {Data: []byte(fr + es)[len(fr):]},
		"locales/fr.toml": {Data: []byte(fr)},
	}
}

func init() {
	Register("t", testCatalogue(`
leaf = "leaf"
leaf_a = "a leaf"
bag.one = "{{.Who}} bags {{.N}} {{.Leaf}} for {{.Points}} points ({{.Move}})."
bag.other = "{{.Who}} bags {{.N}} {{.Leaf}}s for {{.Points}} points ({{.Move}})."
wrap = "Note: {{.Inner}}"
take = "Take {{.Leaf_a}}."
`, `
leaf = "Blatt"
leaf_a = "ein Blatt"
bag.one = "{{.Who}} sammelt {{.N}} {{.Leaf}} für {{.Points}} Punkte ({{.Move}})."
bag.other = "{{.Who}} sammelt {{.N}} Blätter für {{.Points}} Punkte ({{.Move}})."
wrap = "Hinweis: {{.Inner}}"
take = "Nimm {{.Leaf_a}}."
`, `
leaf = "hoja"
leaf_a = "una hoja"
bag.one = "{{.Who}} recoge {{.N}} {{.Leaf}} por {{.Points}} puntos ({{.Move}})."
bag.other = "{{.Who}} recoge {{.N}} {{.Leaf}}s por {{.Points}} puntos ({{.Move}})."
wrap = "Nota: {{.Inner}}"
take = "Toma {{.Leaf_a}}."
`, `
leaf = "feuille"
leaf_a = "une feuille"
bag.one = "{{.Who}} ramasse {{.N}} {{.Leaf}} pour {{.Points}} points ({{.Move}})."
bag.other = "{{.Who}} ramasse {{.N}} {{.Leaf}}s pour {{.Points}} points ({{.Move}})."
wrap = "Note : {{.Inner}}"
take = "Prenez {{.Leaf_a}}."
`))
}

func bagMsg(n int) *Message {
	return New("t", "bag", Seat("Who", 1), Count("N", n), Term("Leaf", "leaf"), Number("Points", 7), Code("Move", "b1 c2"))
}

func TestRender(t *testing.T) {
	name := func(s int) string { return []string{"ann", "bob"}[s] }
	for _, c := range []struct {
		m    *Message
		lang string
		seat func(int) string
		want string
	}{
		{bagMsg(1), English, nil, "{seat:1} bags 1 leaf for 7 points (b1 c2)."},
		{bagMsg(3), English, name, "bob bags 3 leafs for 7 points (b1 c2)."},
		{bagMsg(0), French, name, "bob ramasse 0 feuille pour 7 points (b1 c2)."}, // French 0 is singular
		{bagMsg(0), German, name, "bob sammelt 0 Blätter für 7 Punkte (b1 c2)."},
		{bagMsg(1), Spanish, name, "bob recoge 1 hoja por 7 puntos (b1 c2)."},
		{bagMsg(2), "xx", name, "bob bags 2 leafs for 7 points (b1 c2)."},
		{New("t", "wrap", Nested("Inner", bagMsg(1))), German, name, "Hinweis: bob sammelt 1 Blatt für 7 Punkte (b1 c2)."},
		{New("t", "wrap", Nested("Inner", bagMsg(2))), Pseudo, name, "[Ñöţé: [bob ƀàĝš 2 [ļéàƒ]š ƒöŕ 7 þöîñţš (b1 c2).]]"},
		{New("t", "nope"), German, name, "[t.nope]"},
		{New("t", "take", Term("Leaf", "leaf")), Spanish, name, "Toma una hoja."},
	} {
		if got := Render(c.m, c.lang, c.seat); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.m.ID, c.lang, got, c.want)
		}
	}
}

func TestPseudoLeavesArguments(t *testing.T) {
	if got := PseudoText("Hi {{.Name}}!"); got != "[Ĥî {{.Name}}!]" {
		t.Errorf("got %q", got)
	}
}

func TestVerify(t *testing.T) {
	if err := Verify(New("t", "wrap", Nested("Inner", bagMsg(2)))); err != nil {
		t.Error(err)
	}
	for _, m := range []*Message{
		New("t", "bag", Seat("Who", 1), Count("N", 1), Term("Leaf", "leaf"), Number("Points", 7)),                    // Move missing
		New("t", "bag", Seat("Who", 1), Number("N", 1), Term("Leaf", "leaf"), Number("Points", 7), Code("Move", "")), // no count
		New("t", "bag", Seat("Who", 1), Count("N", 1), Term("Leaf", "trunk"), Number("Points", 7), Code("Move", "")), // unknown term
		New("t", "wrap", Nested("Inner", New("t", "gone"))),                                                          // unknown nested
		New("t", "wrap", Nested("Inner", bagMsg(1)), Code("Extra", "x")),                                             // extra argument
		New("t", "take", Term("Leaf", "bag")),                                                                        // a term without the form
		New("t", "take", Code("Leaf", "leaf")),                                                                       // a form of no term
	} {
		if Verify(m) == nil {
			t.Errorf("%+v passed", m)
		}
	}
}

func TestCheck(t *testing.T) {
	used := map[string]bool{"leaf": true, "leaf_a": true, "bag": true, "wrap": true, "take": true}
	if errs := Check("t", used); len(errs) != 0 {
		t.Errorf("clean catalogue: %v", errs)
	}
	delete(used, "wrap")
	if errs := Check("t", used); len(errs) != 1 || !strings.Contains(errs[0].Error(), "wrap") {
		t.Errorf("unused message: %v", errs)
	}
	Register("t2", testCatalogue(`
a = "{{.X}} a"
b.one = "one {{.N}}"
b.other = "{{.N}} b"
`, `
a = "{{.Y}} a"
b.other = "{{.N}} b"
`, `
a = "{{.X}} a"
b.one = "one {{.N}}"
b.other = "{{.N}} b"
c = "extra"
`, `
b.one = "one {{.N}}"
b.other = "{{.N}} b"
`))
	got := Check("t2", map[string]bool{"a": true, "b": true})
	var s []string
	for _, e := range got {
		s = append(s, e.Error())
	}
	want := []string{
		`catalogue t2: de "a" has arguments {Y}, English {X}`,
		`catalogue t2: de "b" lacks the plural form one`,
		`catalogue t2: es has "c", which English lacks`,
		`catalogue t2: fr lacks "a"`,
	}
	if strings.Join(s, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(s, "\n"), strings.Join(want, "\n"))
	}
}

func TestTemplatesTakeOnlyArguments(t *testing.T) {
	for _, src := range []string{"{{if .X}}y{{end}}", "{{.X | printf}}", "{{.X", "{{.A.B}}"} {
		if _, err := parseTemplate(src); err == nil {
			t.Errorf("%q parsed", src)
		}
	}
}
