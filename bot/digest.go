package bot

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// A thread post's events are a summary that keeps every public event: each is shown, or counted
// in a line that stands for it. Only a post that would not fit Discord's 2,000 characters is
// condensed, first by runs of one Kind (Event.Many), then by Many lines across the post, and last
// by a count of the lines in the middle; a condensed post points to the full list (/history).

// maxPost is Discord's limit on a message's content.
const maxPost = 2000

// minDigest is the least room the events of a post get, however long its prompts.
const minDigest = 600

// pendingEvent is a public event waiting in the flow for the next post, its seats rendered.
type pendingEvent struct {
	Text string `json:"text"`
	Kind string `json:"kind,omitempty"`
	Many string `json:"many,omitempty"`
	Ref  string `json:"ref,omitempty"`
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

// pendingOf renders a public event for the flow.
func pendingOfIn(lang string, e rules.Event, name func(rules.Seat) string) pendingEvent {
	return pendingEvent{Text: eventText(lang, e, name), Kind: e.Kind, Many: eventMany(lang, e, name), Ref: e.Ref}
}

// addPending appends evs to the list, where a withdrawal (Kind "withdraw") takes back the
// earlier events with its Ref instead: an offer made and withdrawn between two posts never shows.
// A withdrawal of something already posted stays, so the thread hears of it.
func addPending(list []pendingEvent, evs ...pendingEvent) []pendingEvent {
	for _, e := range evs {
		if e.Kind == "withdraw" && e.Ref != "" {
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

// digestLine is one line of a summary and how many events it stands for.
type digestLine struct {
	Text string
	N    int
}

func linesLen(ls []digestLine) int {
	n := 0
	for _, l := range ls {
		n += len(l.Text) + 1
	}
	return n
}

// condense summarises evs in at most budget characters (lines joined by newlines).
func condenseIn(lang string, evs []pendingEvent, budget int) []digestLine {
	fullList := T(lang, "full_list")
	out := make([]digestLine, len(evs))
	for i, e := range evs {
		out[i] = digestLine{Text: e.Text, N: 1}
	}
	if linesLen(out) <= budget {
		return out
	}
	// Runs of one kind, one after the other.
	out = out[:0]
	for i := 0; i < len(evs); {
		j := i + 1
		for j < len(evs) && evs[i].Many != "" && evs[j].Kind == evs[i].Kind && evs[j].Many == evs[i].Many {
			j++
		}
		if j-i > 1 {
			out = append(out, digestLine{Text: manyText(lang, evs[i].Many, j-i), N: j - i})
		} else {
			out = append(out, digestLine{Text: evs[i].Text, N: 1})
		}
		i = j
	}
	if linesLen(out)+len(fullList)+3 > budget {
		// Every event with a Many line, wherever it is, counted where its kind first appears.
		out = out[:0]
		at := map[string]int{}
		for _, e := range evs {
			if e.Many == "" {
				out = append(out, digestLine{Text: e.Text, N: 1})
				continue
			}
			key := e.Kind + "\x00" + e.Many
			if k, ok := at[key]; ok {
				out[k].N++
				out[k].Text = manyText(lang, e.Many, out[k].N)
				continue
			}
			at[key] = len(out)
			out = append(out, digestLine{Text: e.Text, N: 1})
		}
	}
	// Last: the middle lines as one count, keeping the first and the latest lines.
	count := -1
	for linesLen(out)+len(fullList)+3 > budget && len(out) > 2 {
		at := count
		if at < 0 {
			at = len(out)/2 - 1
		} else if at+1 >= len(out)-1 {
			at-- // merge the line before the count into it
		}
		if at < 0 {
			break
		}
		n := out[at].N + out[at+1].N
		out = append(out[:at+1], out[at+2:]...)
		out[at] = digestLine{Text: T(lang, "more_events", "Count", n), N: n}
		count = at
	}
	if len(out) > 0 {
		out[len(out)-1].Text += " (" + fullList + ")"
	}
	return out
}

// summary is the text lines of condense.
func summaryIn(lang string, evs []pendingEvent, budget int) []string {
	var out []string
	for _, l := range condenseIn(lang, evs, budget) {
		out = append(out, l.Text)
	}
	return out
}

// manyText fills a Many line's count (not with Sprintf: a player's name may hold a %).
func manyText(lang, many string, n int) string {
	if !strings.Contains(many, "%d") {
		return T(lang, "many_times", "Text", many, "Count", n)
	}
	return strings.Replace(many, "%d", strconv.Itoa(n), 1)
}

// plural is "1 city" or "2 cities".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// digestBudget is the room for a post's events when the rest of it takes rest characters.
func digestBudget(rest []string) int {
	n := 0
	for _, l := range rest {
		n += len(l) + 1
	}
	return max(minDigest, maxPost-n-40)
}
