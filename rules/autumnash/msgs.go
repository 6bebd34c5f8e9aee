package autumnash

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing texts are messages of the catalogue "autumnash": locales/<lang>.toml, English
// the source. Glossary terms are the colours ("green"), the sizes ("pawn", with the form
// "pawn_a": "a pawn") and the pieces ("green_pawn", with "green_pawn_a" and "green_pawn_the"),
// so each language writes its own agreement; docs/i18n/autumnash.md lists the chosen words.

const catName = "autumnash"

//go:embed locales/*.toml
var localeFiles embed.FS

// registered is read by say, so every package variable built from messages (the prompts table)
// is initialized after the catalogue.
var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// say is a message of the catalogue.
func say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("autumnash: catalogue not registered")
	}
	return msg.New(catName, id, args...)
}

// arena holds the messages of one move's events in two allocations, since every move of every
// playout writes them.
type arena struct {
	args []msg.Arg
	msgs []msg.Message
}

// say is a message of the catalogue kept in the arena. Growing past its capacity only costs an
// allocation: messages already handed out keep the arrays they point into.
func (a *arena) say(id string, args ...msg.Arg) *msg.Message {
	if !registered {
		panic("autumnash: catalogue not registered")
	}
	start := len(a.args)
	a.args = append(a.args, args...)
	a.msgs = append(a.msgs, msg.Message{Cat: catName, ID: id, Args: a.args[start:len(a.args):len(a.args)]})
	return &a.msgs[len(a.msgs)-1]
}

// refuse is the *rules.Illegal of a message.
func refuse(id string, args ...msg.Arg) error { return rules.Refuse(say(id, args...)) }

// pieceTerms[p] is the glossary id of piece p ("green_pawn").
var pieceTerms = func() (t [256]string) {
	for c := Colour(0); c < numColours; c++ {
		for z := Pawn; z <= Queen; z++ {
			t[newPiece(c, z)] = c.String() + "_" + z.String()
		}
	}
	return t
}()

func seatArg(name string, s rules.Seat) msg.Arg { return msg.Seat(name, int(s)) }
func pieceArg(name string, p piece) msg.Arg     { return msg.Term(name, pieceTerms[p]) }
func colourArg(name string, c Colour) msg.Arg   { return msg.Term(name, c.String()) }
func sizeArg(name string, z Size) msg.Arg       { return msg.Term(name, z.String()) }
func (s *state) sqArg(name string, sq int) msg.Arg {
	return msg.Code(name, s.v.label(sq))
}

// PieceTerms lists the glossary ids built at run time, for the catalogue check.
func pieceTermIDs() []string {
	var out []string
	for _, id := range pieceTerms {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}
