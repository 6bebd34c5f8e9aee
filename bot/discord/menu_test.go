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

// The picker's first page offers every first token with how many moves start with it and says
// how many moves there are; at the start of a game no move gains anything, so no whole move pads
// the page (issue 33). Choosing down to a whole move takes the picker to Play.
func TestPickerCountsAndWholeMoves(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	d := e.answer(e.click(user, thread, p.turn, nil))
	values, descs := selectOptions(d)
	if !strings.Contains(content(d), " moves are possible.") {
		t.Fatalf("the picker does not say how many moves there are: %q", content(d))
	}
	counted := 0
	for i, v := range values {
		if strings.Contains(descs[i], " moves") {
			counted++
		}
		if strings.Contains(v, " ") {
			t.Errorf("whole move %q (%s) pads the first page though it gains nothing", v, descs[i])
		}
	}
	if counted == 0 || len(values) > 25 {
		t.Fatalf("%d options, %d with counts: %v %v", len(values), counted, values, descs)
	}
	var played []string
	for range 6 {
		var pick, play string
		for _, id := range customIDs(d) {
			switch c, _ := parseCID(id); c.Action {
			case actPick:
				pick = id
			case actPlay:
				play = id
			}
		}
		if play != "" {
			d = e.answer(e.click(user, thread, play, nil))
			if want := "You played " + strings.Join(played, " ") + "."; !strings.HasPrefix(content(d), want) {
				t.Fatalf("Play: %q, want %q", content(d), want)
			}
			return
		}
		values, _ := selectOptions(d)
		if pick == "" || len(values) == 0 {
			t.Fatalf("no option and no Play: %q %v", content(d), customIDs(d))
		}
		played = append(played, strings.Fields(values[0])...)
		d = e.answer(e.choose(user, thread, pick, values[0]))
	}
	t.Fatalf("no whole move after choosing %q", played)
}

// firstWhole is the first whole move among autocomplete choices: not a kind of move ("root … (48
// moves)"), a partial move ("… ") or the closing note ("…and 12 more").
// wholeMove walks autocomplete as a player would: the first whole move offered, else into the
// first kind of move offered, until a whole move is listed ("" when none ever is).
func (e *env) wholeMove(user, thread string) string {
	typed := ""
	for depth := 0; depth < 12; depth++ {
		choices, _ := e.answer(e.complete(user, thread, typed))["choices"].([]any)
		if m := firstWhole(choices); m != "" {
			return m
		}
		kind := ""
		for _, c := range choices {
			c := c.(map[string]any)
			if name := c["name"].(string); strings.Contains(name, " … (") || strings.HasSuffix(name, " …") {
				kind = c["value"].(string)
				break
			}
		}
		if kind == "" {
			return ""
		}
		typed = kind + " "
	}
	return ""
}

func firstWhole(choices []any) string {
	for _, c := range choices {
		c := c.(map[string]any)
		if name := c["name"].(string); !strings.Contains(name, " … (") && !strings.HasSuffix(name, " …") && !strings.HasPrefix(name, "…and ") {
			return c["value"].(string)
		}
	}
	return ""
}
