package msgtest

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// Texts checks a text once per distinct message: its key must tell apart messages differing in
// any part, nested ones included, and must not be fooled by strings that run into each other.
func TestKeyTellsMessagesApart(t *testing.T) {
	key := func(m *msg.Message) string {
		var b strings.Builder
		writeKey(&b, m)
		return b.String()
	}
	base := func() *msg.Message {
		return msg.New("c", "id", msg.Seat("Seat", 1), msg.Nested("X", msg.New("c", "in", msg.Number("N", 2))))
	}
	if key(base()) != key(base()) {
		t.Fatal("one message, two keys")
	}
	variants := map[string]func(*msg.Message){
		"catalogue":     func(m *msg.Message) { m.Cat = "d" },
		"id":            func(m *msg.Message) { m.ID = "ie" },
		"arg name":      func(m *msg.Message) { m.Args[0].Name = "Other" },
		"arg kind":      func(m *msg.Message) { m.Args[0].Kind++ },
		"arg int":       func(m *msg.Message) { m.Args[0].Int = 2 },
		"arg str":       func(m *msg.Message) { m.Args[0].Str = "x" },
		"nested int":    func(m *msg.Message) { m.Args[1].Msg.Args[0].Int = 3 },
		"nested gone":   func(m *msg.Message) { m.Args[1].Msg = nil },
		"one arg fewer": func(m *msg.Message) { m.Args = m.Args[:1] },
		"strings run together": func(m *msg.Message) {
			m.Cat, m.ID = "ci", "d"
		},
	}
	seen := map[string]string{key(base()): "base"}
	for name, change := range variants {
		m := base()
		change(m)
		k := key(m)
		if other, ok := seen[k]; ok {
			t.Errorf("%s: same key as %s", name, other)
		}
		seen[k] = name
	}
}
