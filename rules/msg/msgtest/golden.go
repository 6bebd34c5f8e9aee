package msgtest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// Golden compares got with the file at path (a game's texts in one language, read by a speaker
// before it was committed), or writes it when update is set.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update and read the difference)", path)
	}
}

// Text checks one text a game wrote against its message m of catalogue cat: the message exists,
// msg.Verify accepts it (exactly its template's arguments, terms and forms), its English is the
// text, and every other language and the pseudo-language render it with no placeholder, seat
// or missing term of cat left, seats named by name.
func Text(t testing.TB, cat, what string, m *msg.Message, english string, name func(int) string) {
	t.Helper()
	if m == nil {
		t.Fatalf("%s without a message: %q", what, english)
	}
	if err := msg.Verify(m); err != nil {
		t.Fatalf("%s %q: %v", what, english, err)
	}
	if got := m.English(); got != english {
		t.Fatalf("%s: message renders %q, text is %q", what, got, english)
	}
	for _, lang := range append(msg.Languages[1:], msg.Pseudo) {
		got := msg.Render(m, lang, name)
		if strings.Contains(got, "{{") || strings.Contains(got, "["+cat) || strings.Contains(got, "{seat:") {
			t.Fatalf("%s in %s: %q", what, lang, got)
		}
	}
}

// Texts is Text for a stream of texts, with cat and name fixed: a game repeats the same texts
// (one label on every turn, one refusal on every mistake), and the check of a text depends only
// on its message and English, so each distinct pair is checked once. Not safe for concurrent use.
func Texts(t testing.TB, cat string, name func(int) string) func(what string, m *msg.Message, english string) {
	checked := map[string]bool{}
	var b strings.Builder
	return func(what string, m *msg.Message, english string) {
		t.Helper()
		if m == nil {
			Text(t, cat, what, m, english, name)
			return
		}
		b.Reset()
		b.WriteString(english)
		b.WriteByte(0)
		writeKey(&b, m)
		if checked[b.String()] {
			return
		}
		checked[b.String()] = true
		Text(t, cat, what, m, english, name)
	}
}

// writeKey writes all of m (catalogue, id, every argument, nested messages) to b, each string
// after its length: two messages with one key are the same message.
func writeKey(b *strings.Builder, m *msg.Message) {
	str := func(s string) {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	str(m.Cat)
	str(m.ID)
	b.WriteString(strconv.Itoa(len(m.Args)))
	for _, a := range m.Args {
		str(a.Name)
		b.WriteString(strconv.Itoa(int(a.Kind)))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(a.Int))
		str(a.Str)
		if a.Msg == nil {
			b.WriteByte('-')
		} else {
			b.WriteByte('+')
			writeKey(b, a.Msg)
		}
	}
}
