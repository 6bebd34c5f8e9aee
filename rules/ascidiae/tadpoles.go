package ascidiae

import (
	"fmt"
	"strconv"
	"strings"
)

// Colour is a tadpole colour.
type Colour uint8

// The four tadpole colours, in the order pools and menus list them.
const (
	Black Colour = iota
	White
	Red
	Blue
	NumColours = 4
)

var colourNames = [NumColours]string{"black", "white", "red", "blue"}

// colourLetters are the data file's letters: K for black as in CMYK, so B can mean blue.
const colourLetters = "KWRB"

func (c Colour) String() string { return colourNames[c] }

// Letter is the data file's letter for c.
func (c Colour) Letter() string { return colourLetters[c : c+1] }

func colourByName(s string) (Colour, bool) {
	for i, n := range colourNames {
		if strings.EqualFold(n, s) {
			return Colour(i), true
		}
	}
	return 0, false
}

// Pool counts tadpoles by colour: black, white, red, blue.
type Pool [NumColours]int

// Total is the number of tadpoles in p.
func (p Pool) Total() int { return p[0] + p[1] + p[2] + p[3] }

// Covers reports whether p holds at least the tadpoles of q.
func (p Pool) Covers(q Pool) bool {
	for i := range p {
		if p[i] < q[i] {
			return false
		}
	}
	return true
}

// Plus is p with q added.
func (p Pool) Plus(q Pool) Pool {
	for i := range p {
		p[i] += q[i]
	}
	return p
}

// Minus is p with q taken away (the caller checks Covers first).
func (p Pool) Minus(q Pool) Pool {
	for i := range p {
		p[i] -= q[i]
	}
	return p
}

// String lists tadpoles compactly for logs: "2 black, 1 red"; "nothing" when empty. Logs, menus
// and prompts write pools on every activation, so it is built in one buffer.
func (p Pool) String() string {
	var buf [48]byte
	b := buf[:0]
	for c := Colour(0); c < NumColours; c++ {
		if p[c] > 0 {
			if len(b) > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(p[c]), 10)
			b = append(b, ' ')
			b = append(b, colourNames[c]...)
		}
	}
	if len(b) == 0 {
		return "nothing"
	}
	return string(b)
}

// Token names a pool as a move token: "black", "black+red", "black+black".
func (p Pool) Token() string {
	if c, ok := p.one(); ok {
		return colourNames[c] // the usual case, without building anything
	}
	var buf [64]byte
	b := buf[:0]
	for c := Colour(0); c < NumColours; c++ {
		for i := 0; i < p[c]; i++ {
			if len(b) > 0 {
				b = append(b, '+')
			}
			b = append(b, colourNames[c]...)
		}
	}
	return string(b)
}

// one reports the colour of a pool of exactly one tadpole.
func (p Pool) one() (Colour, bool) {
	if p.Total() != 1 {
		return 0, false
	}
	for c := Colour(0); c < NumColours; c++ {
		if p[c] == 1 {
			return c, true
		}
	}
	return 0, false
}

// Letters writes a pool in data letters: "KKWR".
func (p Pool) Letters() string {
	var b strings.Builder
	for c := Colour(0); c < NumColours; c++ {
		b.WriteString(strings.Repeat(c.Letter(), p[c]))
	}
	return b.String()
}

// parsePool reads space-separated single-colour icons ("K K W").
func parsePool(s string) (Pool, error) {
	var p Pool
	for _, f := range strings.Fields(s) {
		ic, err := parseIcon(f)
		if err != nil {
			return p, err
		}
		c, ok := ic.single()
		if !ok {
			return p, fmt.Errorf("%q: a cost or colony lists plain colours only", f)
		}
		p[c]++
	}
	return p, nil
}
