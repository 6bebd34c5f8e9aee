package rules

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// The engine contract carries each player-facing text once, as a message; English is one of its
// renderings. A string field in these types is notation, a key or a name, never words: a new one
// (an English "Text" beside a Msg, a condensed line) must be a message instead.
func TestNoEnglishTwins(t *testing.T) {
	notWords := map[string]bool{
		"Info.ID": true, "Info.Name": true, // the game's id and its title, a proper name
		"Option.Key": true, "Option.Default": true, "OptionChoice.Value": true,
		"Choice.Token": true, "Answer.Move": true, "Prompt.Default": true,
		"Event.Kind": true, "Event.Ref": true,
	}
	for _, v := range []any{Info{}, Option{}, OptionChoice{}, Prompt{}, Answer{}, Choice{}, Event{}, Result{}, Illegal{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			f := typ.Field(i)
			name := typ.Name() + "." + f.Name
			k := f.Type.Kind()
			if k == reflect.Slice {
				k = f.Type.Elem().Kind()
			}
			if k == reflect.String && !notWords[name] {
				t.Errorf("%s is a %s: a text of the engine contract is a *msg.Message", name, f.Type)
			}
		}
	}
}

// A result stored before reasons had messages (only "reason") still tells why the game ended,
// its seats named by the reader's names; a result of today writes the English beside its
// message, as before, and reads back the same.
func TestResultJSONReadsOldReasons(t *testing.T) {
	var old Result
	if err := json.Unmarshal([]byte(`{"ranks":[2,1],"reason":"{seat:1} reached 20 points."}`), &old); err != nil {
		t.Fatal(err)
	}
	if got := old.English(); got != "{seat:1} reached 20 points." {
		t.Errorf("old reason reads %q", got)
	}
	named := msg.Render(old.ReasonMsg, msg.German, func(s int) string { return []string{"Ann", "Bo"}[s] })
	if named != "Bo reached 20 points." {
		t.Errorf("old reason with names: %q", named)
	}
	b, err := json.Marshal(old)
	if err != nil || string(b) != `{"ranks":[2,1],"reason":"{seat:1} reached 20 points."}` {
		t.Errorf("old reason written back as %s (%v): it must keep its stored form", b, err)
	}
	now := Result{Ranks: []int{1, 2}, Scores: []int{3, 1}, ReasonMsg: msg.New(catName, "move_empty")}
	b, err = json.Marshal(now)
	if err != nil || !strings.Contains(string(b), `"reason":"The move is empty: type its tokens separated by spaces."`) || !strings.Contains(string(b), `"reason_msg":{"cat":"rules","id":"move_empty"}`) {
		t.Fatalf("result written as %s (%v)", b, err)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, now) {
		t.Errorf("read back %+v (%v), want %+v", back, err, now)
	}
}

// Every refusal of the contract's own checks is a message of the rules catalogue, in every
// language.
func TestContractRefusalsAreMessages(t *testing.T) {
	_, long := ParseMove(strings.Repeat("a ", MaxMoveLen))
	_, empty := ParseMove("  ")
	_, steps := ParseSteps(strings.Repeat("a,", MaxSteps+1))
	for _, err := range []error{long, empty, steps, MayMove(ended{sample}, 1), MayMove(idle{sample}, 1), MayMove(sample, 1)} {
		m := IllegalMsg(err)
		if m == nil || IsVerbatim(m) {
			t.Errorf("%v: refused without a catalogue message", err)
			continue
		}
		if err := msg.Verify(m); err != nil {
			t.Error(err)
		}
		for _, lang := range msg.Languages {
			if got := msg.Render(m, lang, nil); strings.Contains(got, "[") || got == "" {
				t.Errorf("%s: %q", lang, got)
			}
		}
	}
}
