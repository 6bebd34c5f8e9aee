package msgtest

import (
	"os"
	"path/filepath"
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
