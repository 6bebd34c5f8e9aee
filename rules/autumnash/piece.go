package autumnash

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// piece packs a colour and a size in one byte (colour<<2 | size); 0 is no piece.
type piece uint8

func newPiece(c Colour, z Size) piece { return piece(uint8(c)<<2 | uint8(z)) }

func (p piece) colour() Colour    { return Colour(p >> 2) }
func (p piece) size() Size        { return Size(p & 3) }
func (p piece) owner() rules.Seat { return ownerOf(p.colour()) }

func (p piece) valid() bool {
	return p.colour() < numColours && p.size() >= Pawn && p.size() <= Queen
}

// public is the exported form used in views.
func (p piece) public() Piece { return Piece{Owner: p.owner(), Colour: p.colour(), Size: p.size()} }

// code is the two-character form used in snapshots and diagrams: colour letter then pips, "R3".
func (p piece) code() string { return p.colour().Letter() + string(rune('0'+p.size())) }

// name reads "red queen".
func (p piece) name() string {
	if p.valid() {
		return pieceNames[p][0]
	}
	return p.colour().String() + " " + p.size().String()
}

// aName reads "a red queen" or "an orange pawn".
func (p piece) aName() string {
	if p.valid() {
		return pieceNames[p][1]
	}
	return "a " + p.name()
}

// pieceNames holds name and aName of every piece, written once: each move's events name two or
// three of them.
var pieceNames = func() (t [256][2]string) {
	for i := range t {
		p := piece(i)
		if !p.valid() {
			continue
		}
		t[i][0] = p.colour().String() + " " + p.size().String()
		t[i][1] = "a " + t[i][0]
		if p.colour() == Orange {
			t[i][1] = "an " + t[i][0]
		}
	}
	return t
}()

func ownerOf(c Colour) rules.Seat {
	if c >= Clear {
		return 1
	}
	return 0
}

func parsePieceCode(s string) (piece, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("piece %q: want a colour letter and 1-3, like R3", s)
	}
	for c := Colour(0); c < numColours; c++ {
		if strings.EqualFold(c.Letter(), s[:1]) {
			if s[1] < '1' || s[1] > '3' {
				return 0, fmt.Errorf("piece %q: size must be 1, 2 or 3", s)
			}
			return newPiece(c, Size(s[1]-'0')), nil
		}
	}
	return 0, fmt.Errorf("piece %q: unknown colour letter", s)
}

// parseStack reads codes written back to back, bottom first: "R3N1R1".
func parseStack(s string) ([]piece, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("stack %q: codes are two characters each", s)
	}
	out := make([]piece, 0, len(s)/2)
	for i := 0; i < len(s); i += 2 {
		p, err := parsePieceCode(s[i : i+2])
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func formatStack(st []piece) string {
	var b strings.Builder
	for _, p := range st {
		b.WriteString(p.code())
	}
	return b.String()
}
