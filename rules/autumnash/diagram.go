package autumnash

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// A diagram is a position as text, for tests, docs and debugging. Header lines set the variant,
// the side to move and the scores; then one line per rank, top rank first, each starting with its
// number, with "." for an empty square or a stack of two-character codes, bottom first (colour
// letter, then pips: G1 green pawn, N2 cyan drone, R3N1R1 a red queen under a cyan pawn under a red
// pawn). The file-letter line is optional.
//
//	variant standard
//	turn rainbow
//	scores 0 0
//	6 .  C2 .  C1 .
//	5 .  .  C3 .  .
//	4 .  .  .  .  .
//	3 .  .  .  .  .
//	2 .  .  G3 .  .
//	1 .  G1 .  G2 .
//	  a  b  c  d  e

// maxDiagram bounds the text parseDiagram accepts.
const maxDiagram = 1 << 14

func parseDiagram(text string) (*state, error) {
	if len(text) > maxDiagram {
		return nil, fmt.Errorf("diagram too long")
	}
	v := variantByName(VariantStandard)
	type rankLine struct {
		row   int
		cells []string
	}
	var ranks []rankLine
	var scores [2]int
	turn := 0
	for ln, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := func(msg string) error { return fmt.Errorf("diagram line %d: %s", ln+1, msg) }
		switch f[0] {
		case "variant":
			if len(f) != 2 || variantByName(f[1]) == nil {
				return nil, bad("want: variant standard|beginner|unsettled")
			}
			v = variantByName(f[1])
		case "turn":
			if len(f) != 2 {
				return nil, bad("want: turn rainbow|xeno")
			}
			switch strings.ToLower(f[1]) {
			case strings.ToLower(data.sideName[0]):
				turn = 0
			case strings.ToLower(data.sideName[1]):
				turn = 1
			default:
				return nil, bad("want: turn rainbow|xeno")
			}
		case "scores":
			if len(f) != 3 {
				return nil, bad("want: scores N N")
			}
			for i := range 2 {
				n, err := strconv.Atoi(f[i+1])
				if err != nil || n < 0 || n > 1000 {
					return nil, bad("scores must be numbers 0-1000")
				}
				scores[i] = n
			}
		default:
			if f[0] == "a" {
				continue // file letters
			}
			r, err := strconv.Atoi(f[0])
			if err != nil {
				return nil, bad(fmt.Sprintf("unknown line %q", f[0]))
			}
			ranks = append(ranks, rankLine{r - 1, f[1:]})
		}
	}
	s := &state{v: v, b: board{cols: v.cols, rows: v.rows}, scores: scores}
	s.turn = rules.Seat(turn)
	var seen [maxCells]bool
	placed := 0
	for _, rl := range ranks {
		if rl.row < 0 || rl.row >= v.rows || seen[rl.row] {
			return nil, fmt.Errorf("diagram: rank %d is off the board or repeated", rl.row+1)
		}
		seen[rl.row] = true
		if len(rl.cells) != v.cols {
			return nil, fmt.Errorf("diagram: rank %d has %d cells, want %d", rl.row+1, len(rl.cells), v.cols)
		}
		for c, code := range rl.cells {
			if code == "." {
				continue
			}
			st, err := parseStack(code)
			if err == nil {
				err = s.b.place(v.sq(c, rl.row), st, &placed)
			}
			if err != nil {
				return nil, fmt.Errorf("diagram: %s: %w", v.label(v.sq(c, rl.row)), err)
			}
		}
	}
	s.refresh()
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("diagram: %w", err)
	}
	return s, nil
}

// diagram writes the position in the format parseDiagram reads.
func (s *state) diagram() string {
	var b strings.Builder
	fmt.Fprintf(&b, "variant %s\n", s.v.name)
	if s.result == nil {
		fmt.Fprintf(&b, "turn %s\n", strings.ToLower(data.sideName[s.turn]))
	}
	fmt.Fprintf(&b, "scores %d %d\n", s.scores[0], s.scores[1])
	width := 2
	for i := 0; i < s.b.n(); i++ {
		width = max(width, 2*s.b.height(i))
	}
	for r := s.v.rows - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%d", r+1)
		for c := 0; c < s.v.cols; c++ {
			code := formatStack(s.b.stack(s.v.sq(c, r), nil))
			if code == "" {
				code = "."
			}
			fmt.Fprintf(&b, " %-*s", width, code)
		}
		b.WriteString("\n")
	}
	b.WriteString(" ")
	for c := 0; c < s.v.cols; c++ {
		fmt.Fprintf(&b, " %-*c", width, 'a'+c)
	}
	b.WriteString("\n")
	return b.String()
}
