package reef

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing texts are messages of the catalogue "reef": locales/<lang>.toml, English the
// source. Glossary terms are the coral colours ("grey") and the alga colours ("alga_blue"), each
// with the forms the four languages' sentences ask for: English "_a" ("an orange") and "_A";
// "_N" the colour as a noun ("Grau schlägt Weiß"); German endings "_e", "_en", "_er", "_es";
// French and Spanish "_f", "_pl", "_fpl". Every language has every form, so the catalogues stay
// alike. docs/i18n/reef.md lists the chosen words.

const catName = "reef"

//go:embed locales/*.toml
var localeFiles embed.FS

// registered is read by say, so package variables built from messages come after the catalogue.
var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// say is a message of the catalogue.
func say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("reef: catalogue not registered")
	}
	return msg.New(catName, id, args...)
}

// illegal is the *rules.Illegal of a message.
func illegal(m *msg.Message) error { return rules.Refuse(m) }

// colourForms and algaForms are the term forms every language gives each colour (see above).
var colourForms = []string{"a", "A", "N", "e", "en", "er", "es", "f", "pl", "fpl"}

func seatArg(name string, seat int) msg.Arg { return msg.Seat(name, seat) }
func colArg(name string, c Colour) msg.Arg  { return msg.Term(name, c.String()) }
func algaArg(name string, a Alga) msg.Arg   { return msg.Term(name, "alga_"+a.String()) }
func num(name string, n int) msg.Arg        { return msg.Number(name, n) }
func code(name, s string) msg.Arg           { return msg.Code(name, s) }
func nest(name string, m *msg.Message) msg.Arg {
	return msg.Nested(name, m)
}

// whereArg names a square in words: "D4 on board 2".
func whereArg(name string, sq int) msg.Arg { return nest(name, where(sq)) }

func where(sq int) *msg.Message {
	return say("sq_where", code("Cell", sqCell(sq)), code("Board", sqBoard(sq)))
}

// polypsArg is a count of polyps with its noun: "1 polyp", "3 polyps".
func polypsArg(name string, n int) msg.Arg {
	return nest(name, say("n_polyps", msg.Count("N", n)))
}

// pointsArg is a count of points with its noun.
func pointsArg(name string, n int) msg.Arg {
	return nest(name, say("n_points", msg.Count("N", n)))
}

// token is a piece of notation as a message, for lists.
func token(t string) *msg.Message { return say("token", code("Token", t)) }

// orList joins messages as "a, b or c"; andList as "a, b and c"; commas as "a, b, c".
func orList(parts []*msg.Message) *msg.Message  { return joinList(parts, "list_or") }
func andList(parts []*msg.Message) *msg.Message { return joinList(parts, "list_and") }

func joinList(parts []*msg.Message, last string) *msg.Message {
	switch len(parts) {
	case 0:
		return say("token", code("Token", ""))
	case 1:
		return parts[0]
	}
	m := say(last, nest("A", parts[len(parts)-2]), nest("B", parts[len(parts)-1]))
	for i := len(parts) - 3; i >= 0; i-- {
		m = say("list_comma", nest("A", parts[i]), nest("B", m))
	}
	return m
}

// commas joins messages with commas only.
func commas(parts []*msg.Message) *msg.Message {
	if len(parts) == 0 {
		return say("token", code("Token", ""))
	}
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = say("list_comma", nest("A", parts[i]), nest("B", m))
	}
	return m
}

// semis joins messages with semicolons: the boards of a larva play's line.
func semis(parts []*msg.Message) *msg.Message {
	if len(parts) == 0 {
		return say("token", code("Token", ""))
	}
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = say("list_semi", nest("A", parts[i]), nest("B", m))
	}
	return m
}

// termIDs lists the glossary ids built at run time, for the catalogue check.
func termIDs() []string {
	var out []string
	add := func(base string) {
		out = append(out, base)
		for _, f := range colourForms {
			out = append(out, base+"_"+f)
		}
	}
	for _, c := range Colours {
		add(c.String())
	}
	for a := Alga(0); a < NumAlgae; a++ {
		add("alga_" + a.String())
	}
	return out
}
