package ascidiae

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated part of docs/rules/ascidiae.md")

const docsPath = "../../docs/rules/ascidiae.md"

// docsCatalogue writes the card, colony, current and board lists from the data file.
func docsCatalogue() string {
	var b strings.Builder
	section := func(title string, keep func(*CardDef) bool) {
		fmt.Fprintf(&b, "\n### %s\n\n", title)
		for _, c := range data.Cards {
			if !keep(c) {
				continue
			}
			fmt.Fprintf(&b, "- **%s** (`%s`", c.Name, c.ID)
			switch {
			case c.Kind == KindCommon:
				fmt.Fprintf(&b, ", red space %d, costs %s", c.Red, data.Red[c.Red-1])
			case c.Kind == KindSpecial:
				for i, id := range data.Presets[0].Specials {
					if id == c.ID {
						fmt.Fprintf(&b, ", printed cost %s", data.Blue[i])
					}
				}
			}
			fmt.Fprintf(&b, "): %s\n", CardText(c))
		}
	}
	section("Initial ascidiae (one of each per player)", func(c *CardDef) bool { return c.Kind == KindInitial })
	section("Common ascidiae (red zones)", func(c *CardDef) bool { return c.Kind == KindCommon })
	for g, title := range []string{"Outside the recommended groups", "First game: spawn, push, consume", "Second game: multicolour icons",
		"Third game: cooperation", "Fourth game: characteristics and borrowed abilities"} {
		section("Specials — "+title, func(c *CardDef) bool { return c.Kind == KindSpecial && c.Group == g })
	}
	fmt.Fprintf(&b, "\n### Central board\n\nBlue spaces (specials), in order: ")
	for i, p := range data.Blue {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "B%d %s", i+1, p)
	}
	fmt.Fprintf(&b, ".\nRed spaces (commons): ")
	for i, p := range data.Red {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "R%d %s", i+1, p)
	}
	fmt.Fprintf(&b, ".\n\n### Colonies\n\n")
	for _, d := range Difficulties {
		fmt.Fprintf(&b, "- %s:", d)
		for _, c := range data.Colonies {
			if c.Difficulty == d {
				fmt.Fprintf(&b, " %s", c.Needs.Letters())
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n### Currents\n\n")
	for _, l := range data.Layouts {
		var sp []string
		for _, s := range l.Path {
			sp = append(sp, SpaceName(s))
		}
		fmt.Fprintf(&b, "- `%s` %s: %s\n", l.ID, l.Name, strings.Join(sp, " → "))
	}
	return b.String()
}

const (
	beginMark = "<!-- generated from rules/ascidiae/ascidiae.toml: begin -->"
	endMark   = "<!-- generated: end -->"
)

// TestDocsDescribeEveryCard: the rules document carries the generated catalogue, so every card,
// colony and current in the data is described (rewrite with -update-docs).
func TestDocsDescribeEveryCard(t *testing.T) {
	src, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	i, j := strings.Index(doc, beginMark), strings.Index(doc, endMark)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the generated markers", docsPath)
	}
	want := doc[:i+len(beginMark)] + "\n" + docsCatalogue() + "\n" + doc[j:]
	if *updateDocs {
		if err := os.WriteFile(docsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != doc {
		t.Errorf("%s is out of date with the data file; run go test -run Docs -update-docs", docsPath)
	}
	for _, c := range data.Cards {
		if !strings.Contains(doc, "`"+c.ID+"`") {
			t.Errorf("docs do not describe %s", c.ID)
		}
	}
}
