package autumnash

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// pos builds a position from a diagram (see diagram.go).
func pos(t testing.TB, diagram string) *state {
	t.Helper()
	s, err := parseDiagram(diagram)
	if err != nil {
		t.Fatalf("bad diagram: %v\n%s", err, diagram)
	}
	return s
}

func posFile(t testing.TB, name string) *state {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return pos(t, string(b))
}

func move(s string) rules.Move {
	if s == "" {
		return nil
	}
	return rules.Move(strings.Fields(s))
}

// tokens lists what may follow prefix for the seat to move.
func tokens(t *testing.T, s *state, prefix string) []string {
	t.Helper()
	next, _, err := s.Choices(s.turn, move(prefix))
	if err != nil {
		t.Fatalf("choices after %q: %v\n%s", prefix, err, s.diagram())
	}
	out := make([]string, len(next))
	for i, c := range next {
		out[i] = c.Token
	}
	slices.Sort(out)
	return out
}

func label(t *testing.T, s *state, prefix, tok string) string {
	t.Helper()
	next, _, err := s.Choices(s.turn, move(prefix))
	if err != nil {
		t.Fatalf("choices after %q: %v", prefix, err)
	}
	for _, c := range next {
		if c.Token == tok {
			return rules.PlainSeats(s, c.English())
		}
	}
	t.Fatalf("%q not offered after %q", tok, prefix)
	return ""
}

func sameTokens(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	w := append([]string{}, want...)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("%s: got %v, want %v", what, got, w)
	}
}

func offered(t *testing.T, s *state, prefix, tok string) bool {
	t.Helper()
	return slices.Contains(tokens(t, s, prefix), tok)
}

// mustApply plays a move for the seat to move.
func mustApply(t *testing.T, s *state, m string) []rules.Event {
	t.Helper()
	evs, err := s.Apply(s.turn, move(m))
	if err != nil {
		t.Fatalf("%q refused: %v\n%s", m, err, s.diagram())
	}
	return evs
}

// mustRefuse checks that the move is refused with a reason containing want, that the state did
// not change, and that the choice tree does not offer it either.
func mustRefuse(t *testing.T, s *state, m, want string) {
	t.Helper()
	before, _ := s.Encode()
	_, err := s.Apply(s.turn, move(m))
	if err == nil {
		t.Fatalf("%q accepted\n%s", m, s.diagram())
	}
	reason, ok := rules.IsIllegal(err)
	if !ok {
		t.Fatalf("%q refused without a reason: %v", m, err)
	}
	if reason = rules.PlainSeats(s, reason); !strings.Contains(reason, want) {
		t.Errorf("%q refused with %q, want it to mention %q", m, reason, want)
	}
	after, _ := s.Encode()
	if string(before) != string(after) {
		t.Errorf("refusing %q changed the state", m)
	}
	if err := rules.Check(s, s.turn, move(m)); err == nil {
		t.Errorf("%q is a complete path of the choice tree but Apply refused it", m)
	}
}

// board returns the rank lines of the diagram, for comparing positions.
func boardRows(s *state) string {
	var out []string
	for _, l := range strings.Split(s.diagram(), "\n") {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] >= "1" && f[0] <= "9" {
			out = append(out, strings.Join(f, " "))
		}
	}
	return strings.Join(out, "\n")
}

// wantBoard compares the board with rank lines written like a diagram's.
func wantBoard(t *testing.T, s *state, want string) {
	t.Helper()
	var w []string
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		w = append(w, strings.Join(strings.Fields(l), " "))
	}
	if got := boardRows(s); got != strings.Join(w, "\n") {
		t.Errorf("board:\n%s\nwant:\n%s", got, strings.Join(w, "\n"))
	}
}
