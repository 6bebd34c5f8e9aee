package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// postLines are the lines a thread post tells of evs: public, neither a restatement (Detail)
// nor housekeeping (Routine).
func postLines(s *state, evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		if e.To == nil && !e.Detail && !e.Routine {
			out = append(out, rules.PlainSeats(s, e.English()))
		}
	}
	return out
}

// A larva play is told in one line of the posts, every polyp with its square, board and what it
// did, in the order played; a shrimp moved in between keeps its place, cutting the line in two.
// Nothing is counted ("laid 3 polyps").
func TestLarvaPlayOneLine(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, s *state)
		moves []string
		want  []string
	}{
		{"overgrowing, then done",
			func(t *testing.T, s *state) {
				put(t, s, White, "1:A3", "1:A4")
				put(t, s, Yellow, "1:B3", "1:B2", "1:C2")
				shrimpOn(t, s, 1, "1:C2")
				giveCube(t, s, 0, White)
				give(t, s, 0, White, 4)
			},
			[]string{"grow w", "1 a 5", "1 b 3", "done"},
			[]string{"Purple grows white on board 1: A5, B3 (overgrowing a yellow polyp guarded by Green's shrimp)."}},
		{"closed by itself, over two boards, a consumed polyp",
			func(t *testing.T, s *state) {
				put(t, s, Pink, "1:A3", "2:A3")
				giveCube(t, s, 0, Pink)
				give(t, s, 0, Pink, 1)
				giveConsumed(t, s, 0, Pink, 1)
			},
			[]string{"grow p", "1 a 4", "cp 2 a 4"},
			[]string{"Purple grows pink on board 1: A4; on board 2: A4 (a consumed polyp)."}},
		{"a shrimp moved in between",
			func(t *testing.T, s *state) {
				put(t, s, Grey, "1:A3")
				put(t, s, Orange, "1:E3")
				shrimpOn(t, s, 0, "1:E3")
				giveCube(t, s, 0, Grey)
				give(t, s, 0, Grey, 3)
			},
			[]string{"grow g", "1 a 4", "shrimp 1 e 3 1 a 4", "1 a 5", "done"},
			[]string{
				"Purple grows grey on board 1: A4.",
				"Purple moves a shrimp from E3 to A4 on board 1, onto the grey coral of 2 polyps.",
				"Purple goes on growing grey on board 1: A5.",
			}},
		{"extra growth",
			func(t *testing.T, s *state) {
				giveCube(t, s, 0, Yellow)
				give(t, s, 0, Yellow, 1)
			},
			[]string{"grow y", "1 c 4"},
			[]string{"Purple grows yellow on board 1: C4 (the coral grows into D4 too)."}},
		{"nothing laid",
			func(t *testing.T, s *state) {
				put(t, s, Grey, "1:A3")
				giveCube(t, s, 0, Grey)
				give(t, s, 0, Grey, 2)
			},
			[]string{"grow g", "done"},
			[]string{"Purple plays a grey larva cube and lays no polyp."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			c.setup(t, s)
			var evs []rules.Event
			for _, m := range c.moves {
				evs = append(evs, mustApply(t, s, 0, m)...)
			}
			got := postLines(s, evs)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("post lines\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			}
			// Each polyp keeps its own line in the history.
			lays := 0
			for _, e := range evs {
				if e.Kind == "lay" {
					lays++
					if !e.Detail {
						t.Errorf("a polyp's own line is told in the posts: %s", e.English())
					}
				}
			}
			laid := 0
			for _, m := range c.moves {
				if m[0] >= '1' && m[0] <= '9' || strings.HasPrefix(m, "cp ") {
					laid++
				}
			}
			if lays != laid {
				t.Errorf("%d polyp lines in the history", lays)
			}
			for _, lang := range []string{"de", "es", "fr"} {
				for _, e := range evs {
					if e.To == nil && !e.Detail && e.Kind == "" && e.Msg != nil && strings.HasPrefix(e.Msg.ID, "ev_gr") {
						if txt := msg.Render(e.Msg, lang, nil); txt == e.English() || strings.Contains(txt, "{{") {
							t.Errorf("%s: %q", lang, txt)
						}
					}
				}
			}
		})
	}
}
