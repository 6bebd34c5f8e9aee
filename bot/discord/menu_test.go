package discord

import (
	"strings"
	"testing"
)

// optionList reads a message's select options: value and description.
func selectOptions(m map[string]any) (values, descs []string) {
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			if os, ok := x["options"].([]any); ok {
				for _, o := range os {
					o := o.(map[string]any)
					d, _ := o["description"].(string)
					values, descs = append(values, o["value"].(string)), append(descs, d)
				}
				return
			}
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(m)
	return values, descs
}

// The picker's first page offers every first token with how many moves start with it, fills its
// spare room with whole moves, and says how many moves there are; choosing a whole move takes the
// picker straight to Play.
func TestPickerCountsAndWholeMoves(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	d := e.answer(e.click(user, thread, p.turn, nil))
	values, descs := selectOptions(d)
	if !strings.Contains(content(d), " moves are possible.") {
		t.Fatalf("the picker does not say how many moves there are: %q", content(d))
	}
	var whole string
	counted := 0
	for i, v := range values {
		if strings.Contains(descs[i], " moves") {
			counted++
		}
		if strings.Contains(v, " ") && whole == "" {
			whole = v
			if !strings.HasPrefix(descs[i], "whole move") {
				t.Errorf("whole move %q is described as %q", v, descs[i])
			}
		}
	}
	if counted == 0 || whole == "" || len(values) > 25 {
		t.Fatalf("%d options, %d with counts, whole move %q: %v %v", len(values), counted, whole, values, descs)
	}
	var pick string
	for _, id := range customIDs(d) {
		if c, _ := parseCID(id); c.Action == actPick {
			pick = id
		}
	}
	d = e.answer(e.choose(user, thread, pick, whole))
	var play string
	for _, id := range customIDs(d) {
		if c, _ := parseCID(id); c.Action == actPlay {
			play = id
		}
	}
	if play == "" || !strings.Contains(content(d), "So far: `"+whole+"`") {
		t.Fatalf("after choosing the whole move %q: %q %v", whole, content(d), customIDs(d))
	}
	d = e.answer(e.click(user, thread, play, nil))
	if !strings.HasPrefix(content(d), "You played "+whole+".") {
		t.Fatalf("Play: %q", content(d))
	}
}

// firstWhole is the first whole move among autocomplete choices: not a kind of move ("root … (48
// moves)"), a partial move ("… ") or the closing note ("…and 12 more").
func firstWhole(choices []any) string {
	for _, c := range choices {
		c := c.(map[string]any)
		if name := c["name"].(string); !strings.Contains(name, " … (") && !strings.HasSuffix(name, " …") && !strings.HasPrefix(name, "…and ") {
			return c["value"].(string)
		}
	}
	return ""
}
