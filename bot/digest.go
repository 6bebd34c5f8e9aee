package bot

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// A thread post tells every public event since the last post, each player's turn as a block of
// its own (blocks apart by a blank line), in the order played: nothing is counted, condensed or
// left out. A post longer than one Discord message goes on in the next messages of the same post
// (the transport splits it at block and line breaks).

// maxPost is Discord's limit on a message's content.
const maxPost = 2000

// pendingEvent is a public event waiting in the flow for the next post, its seats rendered.
type pendingEvent struct {
	Text string `json:"text"`
	Kind string `json:"kind,omitempty"`
	Ref  string `json:"ref,omitempty"`
	// By is the seat whose move told it, plus one (0: not known, a flow of an older version):
	// a post starts a new block where it changes.
	By int `json:"by,omitempty"`
	// Detail: it restates an earlier event (rules.Event.Detail); posts leave it out.
	Detail bool `json:"detail,omitempty"`
	// Routine: housekeeping (rules.Event.Routine); a board's last-move box leaves it out.
	Routine bool `json:"routine,omitempty"`
	// Edit is the seq of the first status edit of the live post that told it (0: none): the
	// thread has read it there once that edit, or a later one of the same post, is made, and
	// the next post leaves it out.
	Edit int64 `json:"edit,omitempty"`
}

// UnmarshalJSON also reads a flow stored by an older version, whose pending events were strings.
func (p *pendingEvent) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*p = pendingEvent{}
		return json.Unmarshal(b, &p.Text)
	}
	type plain pendingEvent
	return json.Unmarshal(b, (*plain)(p))
}

// pendingOf renders a public event for the flow; by is the seat whose move told it.
func pendingOfIn(lang string, e rules.Event, name func(rules.Seat) string, by rules.Seat) pendingEvent {
	p := pendingEvent{Text: eventText(lang, e, name), Kind: e.Kind, Ref: e.Ref, Detail: e.Detail, Routine: e.Routine}
	if s, ok := actorOf(e); ok {
		// The event says whose doing it is ("{Seat}'s habilis spawns…"): a move may set off
		// another seat's automatic actions, which belong to that seat's turn, not the mover's.
		by = s
	}
	if by >= 0 {
		p.By = int(by) + 1
	}
	return p
}

// actorOf is the seat an event's message names as its subject: the argument the games call
// "Seat", by the catalogues' convention.
func actorOf(e rules.Event) (rules.Seat, bool) {
	if e.Msg == nil {
		return 0, false
	}
	for _, a := range e.Msg.Args {
		if a.Kind == msg.KSeat && a.Name == "Seat" {
			return rules.Seat(a.Int), true
		}
	}
	return 0, false
}

// addPending appends evs to the list, where a withdrawal (Kind "withdraw") takes back the
// earlier events with its Ref instead: an offer made and withdrawn between two posts never shows.
// A withdrawal of something already posted, or told by a status edit of the live post, stays,
// so the thread hears of it (and the offer, when the edit never reached the thread).
func addPending(list []pendingEvent, evs ...pendingEvent) []pendingEvent {
	for _, e := range evs {
		told := slices.ContainsFunc(list, func(p pendingEvent) bool { return p.Ref == e.Ref && p.Edit != 0 })
		if e.Kind == "withdraw" && e.Ref != "" && !told {
			kept := list[:0:0]
			for _, p := range list {
				if p.Ref != e.Ref {
					kept = append(kept, p)
				}
			}
			if len(kept) < len(list) {
				list = kept
				continue
			}
		}
		list = append(list, e)
	}
	return list
}

// turnLines lays out a post's events: one line each, in order, a blank line between the turns of
// different players. An event that restates another (Detail) is not told. Two events of the same
// words are both told: each is something that happened (two cards drawn by two abilities).
func turnLines(evs []pendingEvent) []string {
	var out []string
	by := 0
	for _, e := range evs {
		if e.Detail || strings.TrimSpace(e.Text) == "" {
			continue
		}
		if len(out) > 0 && e.By != 0 && by != 0 && e.By != by {
			out = append(out, "")
		}
		if e.By != 0 {
			by = e.By
		}
		out = append(out, e.Text)
	}
	return out
}

// boxLines are the lines of a board's last-move box for a post of evs (render.Meta.Last): the
// post's lines without housekeeping.
func boxLines(evs []pendingEvent) []string {
	var keep []pendingEvent
	for _, e := range evs {
		if !e.Routine {
			keep = append(keep, e)
		}
	}
	return turnLines(keep)
}

// withoutLine is lines without those that say sentence (the same words, full stop aside).
func withoutLine(lines []string, sentence string) []string {
	want := strings.TrimRight(strings.TrimSpace(sentence), ". ")
	if want == "" {
		return lines
	}
	var out []string
	for _, l := range lines {
		if strings.TrimRight(strings.TrimSpace(l), ". ") != want {
			out = append(out, l)
		}
	}
	return out
}

// plural is "1 city" or "2 cities".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
