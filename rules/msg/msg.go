// Package msg is how engines write player-facing text: a message is a catalogue, an id and typed
// named arguments, rendered per language from go-i18n TOML files embedded in the engine's package
// (locales/<lang>.toml, the same format as the platform's bot/locales). English is the source;
// the pseudo-language is built from it.
//
// A template may use only {{.Name}} arguments (and {{.Name_form}} for a form of a term). Rendering does not go through text/template: each
// form is split once into literal and argument pieces when the catalogue registers, so engines
// can write their English text in every Apply of an AI's playouts at the cost of a concatenation.
// Plural forms follow CLDR (golang.org/x/text/feature/plural).
package msg

import (
	"strconv"
	"strings"
)

// The languages of the engine catalogues, and the pseudo-language tests read.
const (
	English = "en"
	German  = "de"
	Spanish = "es"
	French  = "fr"
	Pseudo  = "en-XA"
)

// Languages lists every catalogue language, English first.
var Languages = []string{English, German, Spanish, French}

// Kind is the type of an argument: how it is rendered.
type Kind uint8

const (
	// KSeat is a seat; the platform renders it as its player ({seat:N} where no namer is given).
	KSeat Kind = iota + 1
	// KCount is a number that chooses the message's plural form.
	KCount
	// KNumber is a number printed as is.
	KNumber
	// KTerm is a glossary word: the id of a message of the same catalogue, translated. A
	// template may ask for a form of it: {{.Piece_a}} renders the term "<id>_a", so each
	// language can pick the article or agreement it needs ("a green pawn", "un peón verde").
	KTerm
	// KCode is notation or a coordinate, printed as is in every language.
	KCode
	// KMsg is a nested message, rendered in the same language; {{.Name_clause}} renders it
	// without its closing full stop, a sentence quoted inside another.
	KMsg
)

// Clause is the form of a nested message without its closing full stop.
const Clause = "clause"

var kindNames = [...]string{"", "seat", "count", "number", "term", "code", "msg"}

// MarshalText writes the kind by name.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) < len(kindNames) && k != 0 {
		return []byte(kindNames[k]), nil
	}
	return nil, &strconv.NumError{Func: "Kind", Num: strconv.Itoa(int(k)), Err: strconv.ErrRange}
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if i > 0 && n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return &strconv.NumError{Func: "Kind", Num: string(b), Err: strconv.ErrSyntax}
}

// Arg is one named argument.
type Arg struct {
	Name string   `json:"n"`
	Kind Kind     `json:"k"`
	Int  int      `json:"i,omitempty"` // seat, count, number
	Str  string   `json:"s,omitempty"` // term id, code
	Msg  *Message `json:"m,omitempty"`
}

// Message is a text to be rendered in a reader's language.
type Message struct {
	Cat  string `json:"cat"`
	ID   string `json:"id"`
	Args []Arg  `json:"args,omitempty"`
}

// New builds a message of catalogue cat.
func New(cat, id string, args ...Arg) *Message { return &Message{Cat: cat, ID: id, Args: args} }

// Seat is a seat argument.
func Seat(name string, seat int) Arg { return Arg{Name: name, Kind: KSeat, Int: seat} }

// Count is a number that chooses the plural form; a message has at most one.
func Count(name string, n int) Arg { return Arg{Name: name, Kind: KCount, Int: n} }

// Number is a number printed as is.
func Number(name string, n int) Arg { return Arg{Name: name, Kind: KNumber, Int: n} }

// Term is a glossary word of the message's own catalogue.
func Term(name, id string) Arg { return Arg{Name: name, Kind: KTerm, Str: id} }

// Code is notation, a coordinate or a name printed as is.
func Code(name, s string) Arg { return Arg{Name: name, Kind: KCode, Str: s} }

// Nested is a message inside a message.
func Nested(name string, m *Message) Arg { return Arg{Name: name, Kind: KMsg, Msg: m} }

// SeatRef is how a seat reads where no namer is given: the placeholder of rules.SeatRef, so an
// English text rendered at Apply keeps today's form and the platform renders it later.
func SeatRef(seat int) string { return "{seat:" + strconv.Itoa(seat) + "}" }

// Render writes m in lang (English for a language without a catalogue), naming seats with seat
// (nil: the {seat:N} placeholder). A message missing from its catalogue renders as a bracketed
// id, which the catalogue tests forbid.
func Render(m *Message, lang string, seat func(int) string) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	cat := catalogues[m.Cat]
	if cat == nil {
		return "[" + m.Cat + "." + m.ID + "]"
	}
	t := cat.lookup(lang, m.ID)
	if t == nil {
		return "[" + m.Cat + "." + m.ID + "]"
	}
	b.Grow(t.size) // usually the only allocation: String hands the buffer back
	renderT(&b, cat, t, m, lang, seat)
	if lang == French {
		return Elide(lang, b.String()) // "de alice" reads "d'alice" once the names are in
	}
	return b.String()
}

// English renders m in English with seat placeholders: the text engines store next to a message.
func (m *Message) English() string { return Render(m, English, nil) }

func render(b *strings.Builder, m *Message, lang string, seat func(int) string) {
	cat := catalogues[m.Cat]
	if cat == nil {
		b.WriteString("[" + m.Cat + "." + m.ID + "]")
		return
	}
	t := cat.lookup(lang, m.ID)
	if t == nil {
		b.WriteString("[" + m.Cat + "." + m.ID + "]")
		return
	}
	renderT(b, cat, t, m, lang, seat)
}

func renderT(b *strings.Builder, cat *catalogue, t *tmpl, m *Message, lang string, seat func(int) string) {
	form := t.other
	for i := range m.Args {
		if m.Args[i].Kind == KCount {
			form = t.form(lang, m.Args[i].Int)
			break
		}
	}
	for _, p := range form {
		if p.arg == "" {
			b.WriteString(p.lit)
			continue
		}
		a := m.arg(p.arg)
		if a == nil {
			b.WriteString("{{." + p.arg + "}}")
			continue
		}
		switch a.Kind {
		case KSeat:
			if seat != nil {
				b.WriteString(seat(a.Int))
			} else {
				b.WriteString(SeatRef(a.Int))
			}
		case KCount, KNumber:
			b.WriteString(strconv.Itoa(a.Int))
		case KTerm:
			tt := cat.lookup(lang, a.Str)
			if p.form != "" {
				tt = cat.lookupForm(lang, a.Str, p.form)
			}
			if tt == nil {
				b.WriteString("[" + m.Cat + "." + a.Str + "_" + p.form + "]")
				continue
			}
			for _, q := range tt.other { // a term takes no arguments
				b.WriteString(q.lit)
			}
		case KCode:
			b.WriteString(a.Str)
		case KMsg:
			if a.Msg == nil {
				continue
			}
			if p.form == Clause { // a sentence set inside another: without its closing stop
				var in strings.Builder
				render(&in, a.Msg, lang, seat)
				b.WriteString(strings.TrimSuffix(strings.TrimSpace(in.String()), "."))
				continue
			}
			render(b, a.Msg, lang, seat)
		}
	}
}

func (m *Message) arg(name string) *Arg {
	for i := range m.Args {
		if m.Args[i].Name == name {
			return &m.Args[i]
		}
	}
	return nil
}
