package ausonia

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Numbers the rulebook fixes.
const (
	startInfluence = 10
	endInfluence   = 60
	handSize       = 6
	offerSize      = 4
)

// state is a game. Cards are physical instances numbered 0..: each seat's 12 starter cards, then
// the 45 favour cards, then the 15 power cards; piles hold instance numbers, so every card can be
// followed exactly. The instance-to-type table is derived from the seat count, not stored.
type state struct {
	N          int            `json:"n"`
	Asp        int            `json:"asp"` // solo: index into Aspirants
	First      rules.Seat     `json:"first"`
	Turn       rules.Seat     `json:"turn"`
	Round      int            `json:"round"`
	P          []*player      `json:"players"`
	FavourDeck []int          `json:"favour_deck"` // face down, top is last
	Offer      []int          `json:"offer"`       // left to right
	PowerDeck  []int          `json:"power_deck"`  // face up, top (the only visible card) is last
	Solo       *solo          `json:"solo,omitempty"`
	Ending     bool           `json:"ending,omitempty"` // someone reached 60: this round is the last
	T          turnState      `json:"t"`
	Queue      []Effect       `json:"queue,omitempty"` // keywords of the ability being resolved
	Pend       *pending       `json:"pend,omitempty"`  // the decision the game waits for inside an ability
	Res        *rules.Result  `json:"result,omitempty"`
	Last       []string       `json:"last,omitempty"`     // public events of the latest move, for the picture
	LastMsg    []*msg.Message `json:"last_msg,omitempty"` // Last as messages, for the picture in every language
	RNG        *rules.RNG     `json:"rng"`

	kinds []int         // instance -> card type
	ev    []rules.Event // events of the move being applied
	quiet bool          // ApplyQuiet is applying a move: no event is written
}

type player struct {
	Influence int      `json:"influence"`
	Draw      []int    `json:"draw"` // top is last
	Hand      []int    `json:"hand"`
	Discard   []int    `json:"discard"` // top is last
	Play      []int    `json:"play"`    // played and unsealed cards, face up
	Bought    []int    `json:"bought"`  // bought this turn: face down in the play area, unusable
	Raise     []int    `json:"raise"`   // face down in the raise area, not part of a source
	Sources   []source `json:"sources"`
	Seal      []int    `json:"seal"`
}

// source is a star-marked gem card built on a foundation in the raise area.
type source struct {
	Gem        int `json:"gem"`
	Foundation int `json:"foundation"`
}

// turnState is what the rules remember within one turn.
type turnState struct {
	Gems     Gems   `json:"gems"`  // gems brought into play this turn (gem cards and sources)
	Spent    Gems   `json:"spent"` // gems spent this turn, on anything
	Kw       uint16 `json:"kw"`    // keywords used (bit per Keyword)
	Guilds   uint8  `json:"guilds"`
	Used     []int  `json:"used"`              // instance*2+ability for abilities used this turn
	Unsealed []int  `json:"unsealed"`          // cards unsealed this turn: they cannot be sealed again
	Sealed   []int  `json:"sealed"`            // cards sealed this turn: they cannot be unsealed yet
	Log      []step `json:"log,omitempty"`     // what the turn's summary tells (summary.go)
	Gain     int    `json:"gain,omitempty"`    // influence the active player gained this turn
	Reached  bool   `json:"reached,omitempty"` // the active player reached the end mark this turn
}

// solo is the Aspirant's side of the table.
type solo struct {
	Influence int   `json:"influence"`
	Kept      []int `json:"kept"`
	Discard   []int `json:"discard"` // face up
	Took      int   `json:"took"`    // the card it took last, -1 for none
}

// pending is a decision inside an ability: the seat that answers and what it answers.
type pending struct {
	Kind   string     `json:"kind"` // target, discard, manipulation, foresight, raise, seal
	Seat   rules.Seat `json:"seat"` // who decides
	By     rules.Seat `json:"by"`   // whose ability it is
	Kw     Keyword    `json:"kw"`   // target: the keyword that needs a target
	X      int        `json:"x"`
	Looked []int      `json:"looked,omitempty"` // foresight: cards taken from the draw pile, top first
}

const (
	pendTarget       = "target"
	pendDiscard      = "discard"
	pendManipulation = "manipulation"
	pendForesight    = "foresight"
	pendRaise        = "raise"
	pendSeal         = "seal"
)

func instanceKinds(n int) []int {
	k := make([]int, 0, n*starterSize+favourSize+powerSize)
	for p := 0; p < n; p++ {
		k = append(k, starterN...)
	}
	k = append(k, favourN...)
	k = append(k, powerN...)
	return k
}

func newState(setup rules.Setup) (*state, error) {
	n := setup.Seats
	asp, err := strconv.Atoi(setup.Options[OptAspirant])
	if err != nil || asp < 1 || asp > len(Aspirants) {
		return nil, fmt.Errorf("ausonia: bad aspirant option %q", setup.Options[OptAspirant])
	}
	s := &state{N: n, RNG: rules.NewRNG(setup.Seed), kinds: instanceKinds(n)}
	if n == 1 {
		s.Asp = asp - 1
		s.Solo = &solo{Influence: startInfluence, Took: -1}
		s.First = 0 // alone, you always start and the Aspirant plays after you
	} else {
		s.First = rules.Seat(s.RNG.IntN(n))
	}
	for p := 0; p < n; p++ {
		pl := &player{Influence: startInfluence}
		// The starting player takes deck I, the next in turn order deck II, and so on; the decks are
		// identical, only their house differs, so the cards of seat p are the same either way.
		for i := 0; i < starterSize; i++ {
			pl.Draw = append(pl.Draw, p*starterSize+i)
		}
		s.shuffle(pl.Draw)
		s.P = append(s.P, pl)
	}
	base := n * starterSize
	for i := 0; i < favourSize; i++ {
		s.FavourDeck = append(s.FavourDeck, base+i)
	}
	s.shuffle(s.FavourDeck)
	for i := 0; i < powerSize; i++ {
		s.PowerDeck = append(s.PowerDeck, base+favourSize+i)
	}
	s.shuffle(s.PowerDeck)
	s.refillOffer()
	for p := 0; p < n; p++ {
		s.draw(rules.Seat(p), handSize)
	}
	s.Round = 1
	s.startTurn(s.First)
	s.ev = nil
	return s, nil
}

func (s *state) shuffle(xs []int) {
	s.RNG.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

func (s *state) card(inst int) *Card { return Cards[s.kinds[inst]] }

func (s *state) code(inst int) string { return s.card(inst).Code }

// house is the house (0..3) of seat p: deck I goes to the starting player, then turn order.
func (s *state) house(p rules.Seat) int { return (int(p) - int(s.First) + s.N) % s.N }

// houseName is the game's own name for a seat, "House II": SeatName, and the texts of the board
// image. Events, prompts, labels and refusals name seats by rules.SeatRef instead.
func (s *state) houseName(p rules.Seat) string { return houseNames()[s.house(p)] }

// houseNames are the houses' names, written once: nearly every event and prompt names one.
var houseNames = sync.OnceValue(func() []string {
	out := make([]string, len(Houses))
	for i, h := range Houses {
		out[i] = "House " + h.Mark
	}
	return out
})

// seatOfHouse inverts house.
func (s *state) seatOfHouse(h int) rules.Seat { return rules.Seat((h + int(s.First)) % s.N) }

func (s *state) Encode() ([]byte, error) {
	if s.Res == nil || s.Res.ReasonMsg == nil {
		return json.Marshal(s)
	}
	// The reason's message is not stored, only its English (a Verbatim is written as its words
	// alone): Decode rebuilds it (resultMsg), so snapshots keep their form and games stored
	// before messages get it too.
	c, r := *s, *s.Res
	r.ReasonMsg = rules.Verbatim(s.Res.English())
	c.Res = &r
	return json.Marshal(&c)
}

func (s *state) clone() *state {
	c := *s
	c.P = make([]*player, len(s.P))
	for i, p := range s.P {
		q := *p
		q.Draw, q.Hand, q.Discard, q.Play = copied(p.Draw), copied(p.Hand), copied(p.Discard), copied(p.Play)
		q.Bought, q.Raise, q.Seal = copied(p.Bought), copied(p.Raise), copied(p.Seal)
		q.Sources = copied(p.Sources)
		c.P[i] = &q
	}
	c.FavourDeck, c.Offer, c.PowerDeck = copied(s.FavourDeck), copied(s.Offer), copied(s.PowerDeck)
	if s.Solo != nil {
		so := *s.Solo
		so.Kept, so.Discard = copied(so.Kept), copied(so.Discard)
		c.Solo = &so
	}
	c.T.Used, c.T.Unsealed, c.T.Sealed = copied(s.T.Used), copied(s.T.Unsealed), copied(s.T.Sealed)
	c.T.Log = copied(s.T.Log)
	c.Queue = copied(s.Queue)
	if s.Pend != nil {
		pd := *s.Pend
		pd.Looked = copied(pd.Looked)
		c.Pend = &pd
	}
	if s.Res != nil {
		r := *s.Res
		r.Ranks, r.Scores = copied(r.Ranks), copied(r.Scores)
		c.Res = &r
	}
	c.Last = copied(s.Last)
	c.LastMsg = append([]*msg.Message(nil), s.LastMsg...) // messages are never changed: shared
	c.RNG = s.RNG.Clone()
	c.ev, c.quiet = nil, false
	return &c // kinds never changes once built: shared
}

// copied copies a slice, keeping nil apart from empty so the copy encodes the same.
func copied[T any](xs []T) []T {
	if xs == nil {
		return nil
	}
	return append(make([]T, 0, len(xs)), xs...)
}

// check validates a decoded snapshot: every card instance is in exactly one place.
func (s *state) check() error {
	if s.N < 1 || s.N > 4 || len(s.P) != s.N || s.RNG == nil {
		return fmt.Errorf("bad seat count or missing generator")
	}
	if (s.N == 1) != (s.Solo != nil) || s.Asp < 0 || s.Asp >= len(Aspirants) {
		return fmt.Errorf("solo state does not match the seat count")
	}
	if s.First < 0 || int(s.First) >= s.N || s.Turn < 0 || int(s.Turn) >= s.N {
		return fmt.Errorf("bad seat number")
	}
	s.kinds = instanceKinds(s.N)
	seen := make([]bool, len(s.kinds))
	mark := func(xs []int) error {
		for _, x := range xs {
			if x < 0 || x >= len(seen) || seen[x] {
				return fmt.Errorf("card instance %d missing or duplicated", x)
			}
			seen[x] = true
		}
		return nil
	}
	piles := [][]int{s.FavourDeck, s.Offer, s.PowerDeck}
	for _, p := range s.P {
		piles = append(piles, p.Draw, p.Hand, p.Discard, p.Play, p.Bought, p.Raise, p.Seal)
		for _, src := range p.Sources {
			piles = append(piles, []int{src.Gem, src.Foundation})
		}
	}
	if s.Solo != nil {
		piles = append(piles, s.Solo.Kept, s.Solo.Discard)
	}
	if s.Pend != nil {
		piles = append(piles, s.Pend.Looked)
	}
	for _, p := range piles {
		if err := mark(p); err != nil {
			return err
		}
	}
	for i, ok := range seen {
		if !ok {
			return fmt.Errorf("card instance %d is nowhere", i)
		}
	}
	return nil
}

// SeatName is the seat's house, which depends on who started: "House II".
func (s *state) SeatName(p rules.Seat) string { return s.houseName(p) }

// RoundCount makes the game a rules.RoundCounter.
func (s *state) RoundCount() int { return s.Round }

// SeatNameMsg is SeatName in the reader's language ("Haus I"), rules.SeatNameMessager.
func (s *state) SeatNameMsg(p rules.Seat) *msg.Message {
	return msg.New(catName, "seat_house", msg.Code("Mark", Houses[s.house(p)].Mark))
}
