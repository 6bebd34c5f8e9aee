package rules

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
)

// Engines never write a player's or a seat's name into a text: they write SeatRef(s), and the
// platform renders it as the seat's player with the game's own name for the seat ("alice
// (Rainbow)"). This holds for Event, Prompt, Choice and Answer labels and *Illegal reasons, so
// texts can name people and a later translation can place the name where its language wants.

const (
	seatOpen  = "{seat:"
	seatClose = "}"
)

// SeatRef is the placeholder for seat s in a text.
func SeatRef(s Seat) string { return seatOpen + strconv.Itoa(int(s)) + seatClose }

// RenderSeats replaces every seat placeholder in text with name(seat). Anything that only looks
// like one (a bad number) is left as it is.
func RenderSeats(text string, name func(Seat) string) string {
	if !strings.Contains(text, seatOpen) {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, seatOpen)
		if i < 0 {
			break
		}
		j := strings.Index(text[i:], seatClose)
		if j < 0 {
			break
		}
		n, err := strconv.Atoi(text[i+len(seatOpen) : i+j])
		if err != nil || n < 0 {
			b.WriteString(text[:i+len(seatOpen)])
			text = text[i+len(seatOpen):]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(name(Seat(n)))
		text = text[i+j+len(seatClose):]
	}
	b.WriteString(text)
	return b.String()
}

// HasSeatRefs reports whether text holds a seat placeholder still to be rendered.
func HasSeatRefs(text string) bool {
	i := strings.Index(text, seatOpen)
	return i >= 0 && strings.Contains(text[i:], seatClose)
}

// SeatTitle is a seat's name where no players are known (records, self-play, tests): the game's
// own name for it (SeatNamer), else "Player N" counting from 1.
func SeatTitle(st State, s Seat) string {
	if sn, ok := st.(SeatNamer); ok {
		if n := sn.SeatName(s); n != "" {
			return n
		}
	}
	return "Player " + strconv.Itoa(int(s)+1)
}

// SeatNameMessager is a SeatNamer whose seat names are words of a language (colours, houses):
// SeatNameMsg is SeatName as a message of the game's catalogue, so the platform can show the
// seat in the reader's language. Games whose seat names are proper names need not have it.
type SeatNameMessager interface {
	SeatNameMsg(Seat) *msg.Message
}

// SeatNameIn is the game's own name for seat s in lang: SeatNameMsg where the game has it,
// else SeatName; "" when the game names no seats.
func SeatNameIn(st State, s Seat, lang string) string {
	if sm, ok := st.(SeatNameMessager); ok {
		if m := sm.SeatNameMsg(s); m != nil {
			return msg.Render(m, lang, nil)
		}
	}
	if sn, ok := st.(SeatNamer); ok {
		return sn.SeatName(s)
	}
	return ""
}

// PlainSeats renders a text's seat placeholders with SeatTitle.
func PlainSeats(st State, text string) string {
	return RenderSeats(text, func(s Seat) string { return SeatTitle(st, s) })
}

// NameSeats is a copy of m whose seats are the given names, as code arguments: a message that
// names players and still renders in any language (a refusal read back from a record).
func NameSeats(m *msg.Message, name func(Seat) string) *msg.Message {
	if m == nil {
		return nil
	}
	out := *m
	out.Args = make([]msg.Arg, len(m.Args))
	for i, a := range m.Args {
		switch a.Kind {
		case msg.KSeat:
			a = msg.Code(a.Name, name(Seat(a.Int)))
		case msg.KCode:
			a.Str = RenderSeats(a.Str, name)
		case msg.KMsg:
			a.Msg = NameSeats(a.Msg, name)
		}
		out.Args[i] = a
	}
	return &out
}
