package bot

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// roundAsking asks the seats at round r (a rules.RoundCounter), each its question.
type roundAsking struct {
	seatMenu
	round int
	asks  []rules.Prompt
}

func (a roundAsking) Awaiting() []rules.Prompt { return a.asks }
func (a roundAsking) RoundCount() int          { return a.round }

// A person's next question after their own move, only robots' replies between, in the live
// post's round, is an edit of that post; a question to anyone else, another person's move to
// tell, another round or a seat the post did not ask makes a post.
func TestSameAskerEditsOnlyTheNextStepOfThePersonAtTheKeyboard(t *testing.T) {
	row := &storage.Game{Players: []storage.Player{
		{Seat: 0, Name: "ann", UserID: "u-ann"}, {Seat: 1, Name: "bob", UserID: "u-bob"}, {Seat: 2, Name: "Hana", Robot: true},
	}}
	put := []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("Transport: 1 transport left.")}}
	live := flow{Awaited: []int{0}, Round: 4, Human: 1, Pending: []pendingEvent{{Text: "ann offers.", By: 1}, {Text: "Hana rejects.", By: 3}}}
	for _, c := range []struct {
		name string
		f    func(f *flow)
		st   roundAsking
		want bool
	}{
		{"her next question after the robot's reply", func(*flow) {}, roundAsking{round: 3, asks: put}, true},
		{"another person is asked", func(*flow) {}, roundAsking{round: 3, asks: []rules.Prompt{{Seat: 1, Msg: rules.Verbatim("Vote.")}}}, false},
		{"she and another person are asked", func(*flow) {}, roundAsking{round: 3, asks: append(put, rules.Prompt{Seat: 1, Msg: rules.Verbatim("Vote.")})}, false},
		{"a robot is asked", func(*flow) {}, roundAsking{round: 3, asks: []rules.Prompt{{Seat: 2, Msg: rules.Verbatim("Vote.")}}}, false},
		{"a new round", func(*flow) {}, roundAsking{round: 4, asks: put}, false},
		{"another person moved", func(f *flow) { f.Pending = append(f.Pending, pendingEvent{Text: "bob votes.", By: 2}) }, roundAsking{round: 3, asks: put}, false},
		{"another person made the move", func(f *flow) { f.Human = 2 }, roundAsking{round: 3, asks: put}, false},
		{"the post asked someone else", func(f *flow) { f.Awaited = []int{1} }, roundAsking{round: 3, asks: put}, false},
		{"the post asked two", func(f *flow) { f.Awaited = []int{0, 1} }, roundAsking{round: 3, asks: put}, false},
	} {
		f := live
		f.Pending = append([]pendingEvent(nil), live.Pending...)
		c.f(&f)
		if got := f.sameAsker(row, c.st); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
