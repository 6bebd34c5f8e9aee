package rules

import "testing"

func TestRenderSeats(t *testing.T) {
	name := func(s Seat) string { return []string{"alice (Red)", "bob (Blue)"}[s] }
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"nothing to do", "nothing to do"},
		{SeatRef(0) + " attacks " + SeatRef(1) + ".", "alice (Red) attacks bob (Blue)."},
		{SeatRef(1) + "'s coral", "bob (Blue)'s coral"},
		{"{seat:x} stays", "{seat:x} stays"},
		{"{seat:-1} stays", "{seat:-1} stays"},
		{"{seat:1", "{seat:1"},
		{"{seat:x}" + SeatRef(0), "{seat:x}alice (Red)"},
	} {
		if got := RenderSeats(c.in, name); got != c.want {
			t.Errorf("RenderSeats(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !HasSeatRefs("a "+SeatRef(3)) || HasSeatRefs("a {b}") {
		t.Error("HasSeatRefs")
	}
}

func FuzzRenderSeats(f *testing.F) {
	f.Add("{seat:1} and {seat:0}")
	f.Add("{seat:{seat:1}}")
	f.Fuzz(func(t *testing.T, s string) {
		out := RenderSeats(s, func(Seat) string { return "N" })
		if HasSeatRefs(out) && !HasSeatRefs(s) {
			t.Fatalf("rendering made a placeholder: %q -> %q", s, out)
		}
	})
}
