package ausonia

import (
	"os"
	"strings"
	"testing"
)

// The rules page lists every card with the text generated from its data, so it cannot drift from
// what the game does.
func TestDocsListEveryCard(t *testing.T) {
	b, err := os.ReadFile("../../docs/rules/ausonia.md")
	if err != nil {
		t.Skip("docs not found:", err)
	}
	doc := string(b)
	for _, c := range Cards {
		row := "| " + c.Code + " | " + c.Name + " |"
		i := strings.Index(doc, row)
		if i < 0 {
			t.Errorf("docs do not list %s %s", c.Code, c.Name)
			continue
		}
		line := doc[i : i+strings.Index(doc[i:], "\n")]
		if !strings.Contains(line, strings.Join(c.Text(), " ")) || !strings.Contains(line, "| "+orDash(c.Cost.Letters())+" |") {
			t.Errorf("docs row for %s is out of date: %s", c.Code, line)
		}
	}
	for _, a := range Aspirants {
		if !strings.Contains(doc, strings.Join(a.Text(), " ")) {
			t.Errorf("docs do not describe %s as the data does", a.Name)
		}
	}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
