package ascalion

import (
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// fixture builds positions by hand: a quick-start game whose board is wiped and then set up land
// by land, with helpers to enter a stage and play moves.
type fixture struct {
	t *testing.T
	s *state
}

// newFixture: n seats, every land in play owned by the last seat, nothing else on the board.
func newFixture(t *testing.T, n int, opts ...string) *fixture {
	t.Helper()
	o := map[string]string{"setup": "quick"}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i]] = opts[i+1]
	}
	g, err := Game.New(rules.Setup{Seats: n, Seed: 42, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	for i := range s.Lands {
		s.Lands[i] = Land{Owner: -1, Source: -1, Temple: -1, Follower: -1}
		if s.inPlay(i) {
			s.Lands[i].Owner = n - 1
		}
	}
	s.Ships = nil
	s.Sup = boxSupply
	s.Round = 2
	s.SP = 0
	s.Start = make([]int, n)
	return &fixture{t: t, s: s}
}

func (f *fixture) land(name string) int {
	f.t.Helper()
	l := board.LandByName(name)
	if l < 0 {
		f.t.Fatalf("no land %q", name)
	}
	return l
}

func (f *fixture) own(p int, names ...string) *fixture {
	for _, n := range names {
		f.s.Lands[f.land(n)].Owner = p
	}
	return f
}

// parseGoods reads "2gold coal weapon".
func parseGoods(t testing.TB, spec string) Goods {
	var g Goods
	for _, w := range strings.Fields(spec) {
		n := 1
		i := 0
		for i < len(w) && w[i] >= '0' && w[i] <= '9' {
			i++
		}
		if i > 0 {
			n, _ = strconv.Atoi(w[:i])
		}
		k := -1
		for j, tok := range goodTok {
			if tok == w[i:] {
				k = j
			}
		}
		if k < 0 {
			t.Fatalf("bad goods %q", w)
		}
		g[k] += n
	}
	return g
}

func (f *fixture) put(name, spec string) *fixture {
	f.s.Lands[f.land(name)].Goods = parseGoods(f.t, spec)
	return f
}

func (f *fixture) city(names ...string) *fixture {
	for _, n := range names {
		f.s.Lands[f.land(n)].City = true
	}
	return f
}

func (f *fixture) source(name string, kind int) *fixture {
	f.s.Lands[f.land(name)].Source = kind
	return f
}

func (f *fixture) vessel(p int, ship bool, pos int, spec string) int {
	id := f.s.launch(p, ship, pos)
	f.s.vessel(id).Goods = parseGoods(f.t, spec)
	return id
}

func (f *fixture) goods(name string) Goods { return f.s.Lands[f.land(name)].Goods }

func (f *fixture) startCounts() *fixture {
	for p := range f.s.Start {
		f.s.Start[p] = f.s.countAreas(p)
	}
	return f
}

// transportTurn puts seat p in the transport phase with n transports.
func (f *fixture) transportTurn(p, n int) *fixture {
	s := f.s
	s.Phase = 5
	s.Left = make([]int, s.N)
	s.Left[p] = n
	s.Queue = []int{p}
	s.Stage = stTransport
	s.Turn = p
	return f
}

func (f *fixture) buildTurn(p int) *fixture {
	s := f.s
	s.Phase = 2
	s.Queue = []int{p}
	s.Stage = stBuild
	s.Turn = p
	return f
}

func (f *fixture) attackTurn(p int) *fixture {
	s := f.s
	s.Phase = 6
	s.Queue = []int{p}
	s.Atk = &attack{Attacker: p, Target: -1, Defender: -1, Sides: make([]int, s.N)}
	s.Stage = stAttack
	s.Turn = p
	return f
}

func (f *fixture) play(p int, notation string) []rules.Event {
	f.t.Helper()
	m, err := rules.ParseMove(notation)
	if err != nil {
		f.t.Fatal(err)
	}
	ev, err := f.s.Apply(rules.Seat(p), m)
	if err != nil {
		f.t.Fatalf("%s: %q refused: %v", seatName(p), notation, err)
	}
	return ev
}

// refused checks that a move is refused, its reason contains want, and nothing changed.
func (f *fixture) refused(p int, notation, want string) {
	f.t.Helper()
	before, _ := f.s.Encode()
	m, _ := rules.ParseMove(notation)
	_, err := f.s.Apply(rules.Seat(p), m)
	if err == nil {
		f.t.Fatalf("%q was accepted", notation)
	}
	reason, ok := rules.IsIllegal(err)
	if !ok {
		f.t.Fatalf("%q: not an Illegal error: %v", notation, err)
	}
	reason = rules.PlainSeats(f.s, reason)
	if want != "" && !strings.Contains(reason, want) {
		f.t.Errorf("%q refused with %q, want it to mention %q", notation, reason, want)
	}
	after, _ := f.s.Encode()
	if string(before) != string(after) {
		f.t.Errorf("%q was refused but changed the state", notation)
	}
}

// next lists the tokens that may follow a partial move.
func (f *fixture) next(p int, partial string) []string {
	f.t.Helper()
	m, _ := rules.ParseMove(partial)
	if partial == "" {
		m = nil
	}
	cs, _, err := f.s.Choices(rules.Seat(p), m)
	if err != nil {
		f.t.Fatalf("choices after %q: %v", partial, err)
	}
	return choiceToks(cs)
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func eqGoods(t *testing.T, what string, got Goods, spec string) {
	t.Helper()
	if want := parseGoods(t, spec); got != want {
		t.Errorf("%s holds %s, want %s", what, goodsText(got).English(), goodsText(want).English())
	}
}

// seaNear finds a light field on the coast of land (and, when avoid >= 0, not on avoid's).
func seaNear(l int, deep bool) int {
	for _, f := range board.Lands[l].Seas {
		if board.Seas[f].Deep == deep {
			return f
		}
	}
	return -1
}
