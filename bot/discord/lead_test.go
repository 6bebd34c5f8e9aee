package discord

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// A lead takes a whole game quickly to a position its random players would reach only after
// hundreds of menu walks (Ascalion's passage request): it draws each move straight from the
// rules and types it in full with /move. Every post and reply on the way is checked as in the
// rest of the game; only the menus and autocomplete are left to the moves after it.
type leadFunc func(st rules.State, r *rand.Rand) (rules.Seat, rules.Move, bool)

// leadIn plays the lead's moves until it says stop, at most max of them.
func (d *driver) leadIn(lead leadFunc, max int) {
	t := d.t
	t.Helper()
	r := rand.New(rand.NewPCG(d.g.seed, 0x5eed))
	for n := 0; n < max && d.mirror.Result() == nil; n++ {
		seat, m, ok := lead(d.mirror, r)
		if !ok {
			t.Logf("the lead stopped after %d moves", n)
			return
		}
		d.typed(seat, m)
	}
	t.Fatalf("the lead did not reach its position in %d moves", max)
}

// typed plays m for seat with /move, typed whole, and checks the reply and the posts.
func (d *driver) typed(seat rules.Seat, m rules.Move) {
	t, e := d.t, d.e
	t.Helper()
	before := d.moves
	i := e.slash(d.users[seat], d.thread, "move", opt("move", m.String()))
	cb := answered(t, e.do(i), i)
	reply := content(data(cb))
	if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.HasPrefix(reply, "You played "+m.String()+".") {
		t.Fatalf("/move %s: %+v", m, cb.JSON)
	}
	noParse(t, data(cb))
	d.stats.bySlash++
	d.trace = append(d.trace, fmt.Sprintf("move %d, %s (seat %d) typed by the lead: %s", before+1, d.users[seat], seat, m))
	d.settle(d.e.deliver(), false)
	if d.moves != before+1 {
		t.Fatalf("%s was played but the log holds %d new moves", m, d.moves-before)
	}
}

// leanedMove draws a move for one of the awaited seats: its first token weighed by lean, the
// rest uniformly from the rules' own drawing.
func leanedMove(st rules.State, r *rand.Rand, lean lean) (rules.Seat, rules.Move) {
	aw := st.Awaiting()
	seat := aw[r.IntN(len(aw))].Seat
	next, _, err := st.Choices(seat, nil)
	if err != nil {
		panic(err)
	}
	total := 0.0
	for _, c := range next {
		total += lean(nil, c)
	}
	x := r.Float64() * total
	for _, c := range next {
		if x -= lean(nil, c); x < 0 {
			if m, err := rules.RandomMoveFrom(st, seat, rules.Move{c.Token}, r); err == nil {
				return seat, m
			}
			break
		}
	}
	m, err := rules.RandomMove(st, seat, r)
	if err != nil {
		panic(err)
	}
	return seat, m
}
