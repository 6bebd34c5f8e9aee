package ascidiae

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A seat's placement while others still place is told to everyone without where (issue 38: the
// thread said "bob moved."); the last placement tells every placement.
func TestPlacementTold(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 3, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	first := st.Awaiting()
	if len(first) != 3 || first[0].Msg.ID != "prompt_place" {
		t.Fatalf("the first asking: %+v", first)
	}
	evs, err := st.Apply(0, rules.Move{"b2", "up", "c2", "right"})
	if err != nil {
		t.Fatal(err)
	}
	var public []string
	for _, e := range evs {
		if e.Public() {
			public = append(public, e.Msg.English())
		}
	}
	if len(public) != 1 || public[0] != "{seat:0} has placed basica and habilis (shown once everyone has placed)." {
		t.Errorf("public events of a placement not yet shown: %q", public)
	}
	if _, err := st.Apply(1, rules.Move{"a1", "down", "a2", "up"}); err != nil {
		t.Fatal(err)
	}
	evs, err = st.Apply(2, rules.Move{"d3", "left", "c3", "up"})
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, e := range evs {
		if e.Public() {
			all += e.Msg.English() + "\n"
		}
	}
	if !strings.Contains(all, "basica on b2 facing up and habilis on c2 facing right") || !strings.Contains(all, "basica on d3 facing left") {
		t.Errorf("the last placement tells them all:\n%s", all)
	}
}
