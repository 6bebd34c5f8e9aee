package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The layout of a post's events: every event as it is, in order, a blank line between two
// players' turns; a withdrawn offer and an event that restates another are not told; two events
// of the same words are two things that happened, both told.
func TestTurnLines(t *testing.T) {
	var evs []pendingEvent
	evs = addPending(evs, pendingEvent{Text: "bob offers 2 wood for 1 ore.", Kind: "offer", Ref: "o1", By: 2})
	evs = addPending(evs, pendingEvent{Text: "bob withdraws the offer.", Kind: "withdraw", Ref: "o1", By: 2})
	if len(evs) != 0 {
		t.Fatalf("a withdrawn offer stays: %+v", evs)
	}
	// A withdrawal of an offer already posted is told.
	evs = addPending(evs, pendingEvent{Text: "bob withdraws the offer.", Kind: "withdraw", Ref: "o0", By: 2})
	if len(evs) != 1 {
		t.Fatalf("the withdrawal of a posted offer vanished: %+v", evs)
	}
	evs = append(evs,
		pendingEvent{Text: "bob is done trading.", By: 2},
		pendingEvent{Text: "bob is done trading.", By: 2},
		pendingEvent{Text: "ann uses Plague Doctor: Influence 3.", By: 1},
		pendingEvent{Text: "ann gains 3 influence (now 26).", By: 1, Detail: true},
		pendingEvent{Text: "ann is done trading.", By: 1},
		pendingEvent{Text: "bob is done trading.", By: 2},
		pendingEvent{Text: "The round ends."}, // no seat known: stays in the block before
	)
	for i := 0; i < 60; i++ {
		evs = append(evs, pendingEvent{Text: fmt.Sprintf("cat lays a grey polyp on B%d.", i), By: 3, Kind: "polyp"})
	}
	got := turnLines(evs)
	want := []string{"bob withdraws the offer.", "bob is done trading.", "bob is done trading.", "",
		"ann uses Plague Doctor: Influence 3.", "ann is done trading.", "",
		"bob is done trading.", "The round ends.", ""}
	for i := 0; i < 60; i++ {
		want = append(want, fmt.Sprintf("cat lays a grey polyp on B%d.", i))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// A flow stored by an older version (pending events as strings) still reads.
func TestOldFlowReads(t *testing.T) {
	var f flow
	if err := json.Unmarshal([]byte(`{"post":3,"pending":["ann moved.","bob moved."]}`), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Pending) != 2 || f.Pending[1].Text != "bob moved." {
		t.Fatalf("%+v", f.Pending)
	}
}

// An event says whose doing it is: a move that sets off another seat's automatic actions (the
// next player's ascidiae activating) puts them in that seat's block of the post, not the mover's.
func TestEventBelongsToTheSeatItNames(t *testing.T) {
	name := func(s rules.Seat) string { return []string{"ann", "bob"}[s] }
	auto := rules.Event{Msg: msg.New("t", "ev", msg.Seat("Seat", 1))}
	if p := pendingOfIn(LangEnglish, auto, name, 0); p.By != 2 {
		t.Errorf("bob's activation during ann's move: by %d, want bob (2)", p.By)
	}
	plain := rules.Event{Msg: rules.Verbatim("The open sea is refilled.")}
	if p := pendingOfIn(LangEnglish, plain, name, 0); p.By != 1 {
		t.Errorf("an event naming nobody: by %d, want the mover ann (1)", p.By)
	}
	lines := turnLines([]pendingEvent{pendingOfIn(LangEnglish, plain, name, 0), pendingOfIn(LangEnglish, auto, name, 0)})
	if len(lines) != 3 || lines[1] != "" {
		t.Errorf("bob's activation is not a block of its own: %q", lines)
	}
}
