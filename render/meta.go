package render

import (
	"embed"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Meta is what the platform knows around a view that the engine does not, for the renderers to
// draw: the players' names, and the result as the platform states it (a resignation, a timeout or
// an abort ends a game that the engine may still think is running, or ranks it otherwise).
type Meta struct {
	// Names are the players' display names by seat ("alice", "Ada"); a renderer shortens them
	// to fit. Nil or short: the renderer falls back to the game's own seat names.
	Names []string
	// Result is the platform's final result when the game is over, nil while it runs; when set,
	// boards and recaps state it instead of the engine's own.
	Result *rules.Result
	// Aborted says the game was ended without a result.
	Aborted bool
	// Lang is the language of the board's labels (the server's, as for thread posts); "" is
	// English. Renderers without a catalogue draw English.
	Lang string
	// Last, on a board drawn for a thread post, are the post's events without housekeeping
	// (rules.Event.Routine), in Lang, seats named, a "" line between two players' turns: what
	// a last-move box tells, so that it tells what the post tells. Nil: the engine's own.
	Last []string
}

// Aborted is what the header of an aborted game's board says in lang in place of whose turn it is
// or the result: the platform ended the game, so neither the turn nor the engine's standing counts.
func Aborted(lang string) string { return tr(lang, "aborted") }

// WithReason is a board header's head and the reason after it, "bob wins: alice resigned", with
// the punctuation of lang (French puts a space before the colon).
func WithReason(lang, head, reason string) string {
	return tr(lang, "with_reason", msg.Code("Head", head), msg.Code("Reason", reason))
}

// Name is seat s's player name, or "" when the platform gave none.
func (m Meta) Name(s rules.Seat) string {
	if int(s) < 0 || int(s) >= len(m.Names) {
		return ""
	}
	return m.Names[s]
}

// Player is how a board names seat s: the player's name shortened to at most max characters, or
// fallback (the game's own seat name) when the platform gave no name.
func (m Meta) Player(s rules.Seat, fallback string, max int) string {
	if n := m.Name(s); n != "" {
		return Shorten(n, max)
	}
	return fallback
}

// Final is the result a board states: the platform's when it gave one, else the engine's.
func (m Meta) Final(engine *rules.Result) *rules.Result {
	if m.Result != nil {
		return m.Result
	}
	return engine
}

// Shorten cuts name to at most max characters, the last one an ellipsis when it was cut.
func Shorten(name string, max int) string {
	r := []rune(name)
	if max < 2 || len(r) <= max {
		return name
	}
	return string(r[:max-1]) + "…"
}

// Text renders the seat placeholders of an engine's text (rules.SeatRef) as the platform does: the
// player's name alone, "alice" (the seat's colour or house is a chip on the board, never brackets);
// without a player name, own(s), the game's name for the seat, else "Player N".
func (m Meta) Text(text string, own func(rules.Seat) string) string {
	return rules.RenderSeats(text, func(s rules.Seat) string {
		if n := m.Player(s, "", 16); n != "" {
			return n
		}
		if o := own(s); o != "" {
			return o
		}
		return tr(m.Lang, "player_n", msg.Number("N", int(s)+1))
	})
}

// ResultLine states a result in lang with its winner named, "bob wins: alice resigned", for a game
// of several players; a solo game's reason says it all. name names a seat; reason is the result's
// reason in lang.
func ResultLine(lang string, r *rules.Result, reason string, name func(rules.Seat) string) string {
	if r == nil {
		return ""
	}
	w := r.Winners()
	head := ""
	switch {
	case len(r.Ranks) < 2 || len(w) == 0:
	case len(w) == 1:
		head = tr(lang, "wins", msg.Code("Name", name(w[0])))
	default:
		var ns []string
		for _, s := range w {
			ns = append(ns, name(s))
		}
		head = tr(lang, "share", msg.Code("Names", strings.Join(ns[:len(ns)-1], tr(lang, "names_sep"))), msg.Code("Last", ns[len(ns)-1]))
	}
	switch {
	case head == "":
		return reason
	case reason == "":
		return head
	case strings.HasPrefix(strings.ToLower(reason), strings.ToLower(head)):
		return reason // the reason already says who wins ("Uma wins with 60 influence…"): once
	}
	return WithReason(lang, head, reason)
}

// The platform's board words: locales/<lang>.toml.
//
//go:embed locales/*.toml
var localeFiles embed.FS

const catName = "render"

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render: catalogue not registered")
	}
	if lang == "" {
		lang = msg.English
	}
	return msg.Render(msg.New(catName, id, args...), lang, nil)
}
