package ascalion

import (
	"iter"
	"slices"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Goods kinds. The first five are resources (tradable, produced by sources); a weapon is a
// development good that moves like a resource.
const (
	Wood = iota
	Horse
	Gold
	Coal
	Iron
	Weapon
	nGoods
)

var goodTok = [nGoods]string{"wood", "horse", "gold", "coal", "iron", "weapon"}

// Goods counts pieces of each kind in an area.
type Goods [nGoods]int

func (g Goods) total() int {
	n := 0
	for _, x := range g {
		n += x
	}
	return n
}

func (g Goods) resources() int { return g.total() - g[Weapon] }

// Supply slots beyond the goods: cities, boats, ships, books, universities.
const (
	supCity = nGoods + iota
	supBoat
	supShip
	supBook
	supUniv
	nSupply
)

// Box contents (§2.0, §13.0).
var boxSupply = [nSupply]int{24, 24, 21, 21, 21, 24, 18, 18, 12, 42, 6}

const followersPerReligion = 21

// Stages: what the game waits for (or, for auto stages, what it does next).
type stage int

const (
	stSources    stage = iota // setup: place a face-down source
	stWarriors                // setup: place a warrior
	stVote                    // a 6 was rolled: vote on holding the phase
	stTieBreak                // the vote tied: the start player decides
	stTemple                  // expansion: offer to found a temple
	stUnivPlace               // expansion: place the university founded last round
	stBuild                   // development turn
	stPlace                   // production: place a horse, follower or book
	stTrade                   // the open trade window
	stTransport               // a player's transport turn
	stPassage                 // a boat waits for passage consent
	stUnivChoice              // expansion: attack or found a university
	stAttack                  // a player's attack turn
	stExtra                   // the attacker's extra transport
	stAlly                    // an involved player declares a side
	stBookLoss                // expansion: remove two books
	stOver
)

// Land is the changing part of a land.
type Land struct {
	Owner    int   `json:"o"`           // seat, -1 while unclaimed or out of play
	Source   int   `json:"s"`           // resource kind, -1 none, -2 face down (setup)
	City     bool  `json:"c,omitempty"` //
	Goods    Goods `json:"g"`
	Temple   int   `json:"t"`           // religion 0/1 of a temple here, -1 none
	Follower int   `json:"f"`           // religion of a follower here, -1 none
	Univ     bool  `json:"u,omitempty"` //
	Book     bool  `json:"b,omitempty"` //
}

// Vessel is a boat or ship: a movable area with one warrior.
type Vessel struct {
	ID       int   `json:"id"`
	Ship     bool  `json:"ship,omitempty"`
	Owner    int   `json:"o"`
	Pos      int   `json:"p"` // sea field, or riverBase+section
	Goods    Goods `json:"g"`
	Follower int   `json:"f"`
	Book     bool  `json:"b,omitempty"`
	Stranded bool  `json:"x,omitempty"` // began this transport phase on the high sea
}

const (
	riverBase  = 1000 // vessel positions at or above are river sections
	vesselArea = 100  // area ids at or above are vessels (vesselArea+ID)
)

// offer is a trade proposal on the table.
type offer struct {
	ID   int   `json:"id"`
	From int   `json:"from"`
	To   int   `json:"to"`
	Give []int `json:"give"` // pairs (area, kind), one per unit, paid by From
	Get  Goods `json:"get"`  // what From wants from To
}

// crossing is a boat's pending move out of a river section, waiting for consent.
type crossing struct {
	To      int   `json:"to"`
	Cost    int   `json:"cost"`
	Ask     []int `json:"ask"`     // seats asked
	Answers []int `json:"answers"` // per asked seat: -1 waiting, 0 refused, 1 allowed
}

// trip is a transport in progress (only between moves while passage is asked).
type trip struct {
	Mode   int    `json:"mode"` // tripPhase, tripExtra, tripBonus
	Kind   string `json:"kind"` // horse, chain, boat, ship
	Vessel int    `json:"v"`
	Start  int    `json:"start"`
	Pos    int    `json:"pos"`
	Steps  int    `json:"steps"`
	MP     int    `json:"mp"`
	Cargo  Goods  `json:"cargo"`
	// Carried is what the transport moved: every good loaded, and what a vessel had aboard when
	// it set out, so its post can name the cargo (an empty ride reads as one).
	Carried Goods `json:"carried,omitzero"`
	// Hauls follow each good a horse ride or chain loads from its land to where it is unloaded,
	// so its post says where every good went (a good loaded and unloaded in one land went
	// nowhere: a chain's summary once sent Cimmria's iron to Vagon).
	Hauls   []haul    `json:"hauls,omitempty"`
	Visited []int     `json:"visited,omitempty"`
	Loaded  bool      `json:"loaded,omitempty"`
	StopIn  int       `json:"stopin"`            // kinds loaded at this stop (bitmask)
	StopOut int       `json:"stopout"`           // kinds unloaded at this stop (bitmask)
	Path    []int     `json:"path,omitempty"`    // positions the vessel moved from, latest last: its way back
	Refused bool      `json:"refused,omitempty"` // passage was refused and the vessel has not moved since
	Back    bool      `json:"back,omitempty"`    // a passage was refused in this transport (§11.6)
	Barred  [][2]int  `json:"barred,omitempty"`  // crossings refused in this transport (from, to)
	Cross   *crossing `json:"cross,omitempty"`
}

// haul is one good a ride or chain moved: loaded in From, unloaded in To (-1 while aboard).
type haul struct {
	K    int `json:"k"`
	From int `json:"from"`
	To   int `json:"to"`
}

// back is where the vessel goes when it retraces its way, or -1 at its start.
func (t *trip) back() int {
	if len(t.Path) == 0 {
		return -1
	}
	return t.Path[len(t.Path)-1]
}

// barred reports whether the crossing from a to b was refused in this transport.
func (t *trip) barred(a, b int) bool {
	for _, x := range t.Barred {
		if x == [2]int{a, b} {
			return true
		}
	}
	return false
}

const (
	tripPhase = iota
	tripExtra
	tripBonus
)

// attack is the attack being resolved (or the attacker's turn after a win).
type attack struct {
	Attacker int   `json:"attacker"`
	Target   int   `json:"target"` // area
	Defender int   `json:"defender"`
	Count    int   `json:"count"` // attacks declared this turn
	Won      int   `json:"won"`   // successful attacks this turn
	Bonus    int   `json:"bonus"` // city-bonus transports taken this turn
	Sides    []int `json:"sides"` // per seat: 0 undecided/neutral, 1 attacker, 2 defender
	Asked    []int `json:"asked"` // involved third players in declaring order
	Next     int   `json:"next"`  // index into Asked
	Resolved bool  `json:"resolved"`
}

// pending is a production piece waiting to be placed.
type pending struct {
	Kind   int `json:"k"` // placeHorse, placeFollower, placeBook
	Seat   int `json:"seat"`
	Source int `json:"src"` // horse source land
	Rel    int `json:"rel"` // follower religion
	// Owed marks a foal the supply could not give when its source produced: earlier players in
	// turn order had reserved the last horses (§13.0). It takes a horse only when it is placed,
	// so a horse that an earlier foal could not use (no free land: not produced, A13) serves it.
	Owed bool `json:"owed,omitempty"`
}

const (
	placeHorse = iota
	placeFollower
	placeBook
)

// Options chosen at creation.
type options struct {
	Quick     bool   `json:"quick,omitempty"`
	Victory   string `json:"victory"`
	Reach     bool   `json:"reach,omitempty"`
	Expansion bool   `json:"expansion,omitempty"`
	Islands   bool   `json:"islands,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
}

// state is the whole game. It is encoded as JSON.
type state struct {
	N     int          `json:"n"`
	Opt   options      `json:"opt"`
	RNG   *rules.RNG   `json:"rng"`
	Lands []Land       `json:"lands"`
	Ships []Vessel     `json:"vessels"`
	NextV int          `json:"nextv"`
	Sup   [nSupply]int `json:"supply"`
	Fol   [2]int       `json:"followers"` // followers of each religion left in the box
	Start []int        `json:"start"`     // areas owned at the end of setup

	Round int   `json:"round"`
	SP    int   `json:"sp"`
	Phase int   `json:"phase"` // 0 setup, 1-6
	Stage stage `json:"stage"`
	Turn  int   `json:"turn"`
	Queue []int `json:"queue,omitempty"` // seats still to act in this stage, in order
	Die   int   `json:"die"`

	// Setup.
	SetupFirst int    `json:"setup_first"`
	SrcLeft    []int  `json:"src_left,omitempty"`
	SrcPool    [5]int `json:"src_pool"`

	// Vote on a six.
	VotePhase int   `json:"vote_phase,omitempty"`
	Votes     []int `json:"votes,omitempty"` // -1 not yet, 0 no, 1 yes

	// Development.
	BoatDisc int `json:"boat_disc"` // 0 never built; else the round whose development was the first
	ShipDisc int `json:"ship_disc"`

	// Production placements.
	Place []pending `json:"place,omitempty"`

	// Trade.
	Offers    []offer `json:"offers,omitempty"`
	NextOffer int     `json:"next_offer"`
	Done      []bool  `json:"done,omitempty"`
	// Offered is, per seat, the seats it made an offer to in this trade window (bit q), so the AI
	// makes each partner one offer a window and never repeats a refused one. Nil until an offer.
	Offered []uint64 `json:"offered,omitempty"`
	// Closed is the seats (bit p) that closed their trade for the round: done, and no offer
	// reopens them, so they are not asked again (issue 36).
	Closed uint64 `json:"closed,omitempty"`
	// ToldDone is the seats (bit p) whose "done trading" the window has told: an offer reopens a
	// seat's trade, and its next done is not news worth a line (issue 36: four times in a phase).
	ToldDone uint64   `json:"told_done,omitempty"`
	Receipts []Goods  `json:"receipts,omitempty"` // received goods still to be placed, per seat
	Permits  [][]bool `json:"permits,omitempty"`  // [grantor][grantee] passage for the trade phase
	Asks     [][]bool `json:"asks,omitempty"`     // [grantor][asker] open passage requests

	// Transport.
	Left []int `json:"left,omitempty"` // transports left per seat
	Trip *trip `json:"trip,omitempty"`

	// Attack.
	Atk *attack `json:"atk,omitempty"`

	// Expansion.
	Temples    [2]int `json:"temples"` // land of each religion's temple, -1 none
	TempleRnd  int    `json:"temple_round"`
	Forfeit    int    `json:"forfeit"`        // seat that founded a temple this round, -1
	Univ       []int  `json:"univ,omitempty"` // land of each seat's university; -1 none; -2 founded, not placed
	UnivRnd    int    `json:"univ_round"`
	UnivLost   []bool `json:"univ_lost,omitempty"`
	UnivLostRd []int  `json:"univ_lost_round,omitempty"`

	UnivFounder int `json:"univ_founder"`

	Log []string `json:"log,omitempty"` // the last move's public summary
	// LogMsg is Log as messages, for boards drawn in other languages (absent in older snapshots).
	LogMsg []*msg.Message `json:"log_msg,omitempty"`
	Res    *rules.Result  `json:"result,omitempty"`

	events []rules.Event // produced by the move being applied
	drawn  *drawnBox     // the move last drawn at random and the state it leads to (fast.go)
}

func (s *state) clone() *state {
	c := *s
	c.RNG = s.RNG.Clone()
	c.Lands = append([]Land(nil), s.Lands...)
	c.Ships = append([]Vessel(nil), s.Ships...)
	c.Start = append([]int(nil), s.Start...)
	c.Queue = append([]int(nil), s.Queue...)
	c.SrcLeft = append([]int(nil), s.SrcLeft...)
	c.Votes = append([]int(nil), s.Votes...)
	c.Place = append([]pending(nil), s.Place...)
	c.Offers = make([]offer, len(s.Offers))
	for i, o := range s.Offers {
		o.Give = append([]int(nil), o.Give...)
		c.Offers[i] = o
	}
	c.Done = append([]bool(nil), s.Done...)
	c.Offered = append([]uint64(nil), s.Offered...)
	c.Receipts = append([]Goods(nil), s.Receipts...)
	c.Permits = cloneBools(s.Permits)
	c.Asks = cloneBools(s.Asks)
	c.Left = append([]int(nil), s.Left...)
	c.Trip = s.Trip.clone()
	if s.Atk != nil {
		a := *s.Atk
		a.Sides = append([]int(nil), a.Sides...)
		a.Asked = append([]int(nil), a.Asked...)
		c.Atk = &a
	}
	c.Univ = append([]int(nil), s.Univ...)
	c.UnivLost = append([]bool(nil), s.UnivLost...)
	c.UnivLostRd = append([]int(nil), s.UnivLostRd...)
	c.Log = append([]string(nil), s.Log...)
	c.LogMsg = append([]*msg.Message(nil), s.LogMsg...)
	c.events = nil
	c.drawn = &drawnBox{} // a copy has drawn nothing yet
	if s.Res != nil {
		r := *s.Res
		c.Res = &r
	}
	return &c
}

func (t *trip) clone() *trip {
	if t == nil {
		return nil
	}
	c := *t
	c.Visited = append([]int(nil), t.Visited...)
	c.Hauls = append([]haul(nil), t.Hauls...)
	c.Path = append([]int(nil), t.Path...)
	c.Barred = append([][2]int(nil), t.Barred...)
	if t.Cross != nil {
		x := *t.Cross
		x.Ask = append([]int(nil), x.Ask...)
		x.Answers = append([]int(nil), x.Answers...)
		c.Cross = &x
	}
	return &c
}

func cloneBools(b [][]bool) [][]bool {
	if b == nil {
		return nil
	}
	out := make([][]bool, len(b))
	for i := range b {
		out[i] = append([]bool(nil), b[i]...)
	}
	return out
}

// inPlay reports whether a land takes part in this game (islands only with 5-6 players).
func (s *state) inPlay(l int) bool {
	return board.Lands[l].Island == 0 || s.Opt.Islands
}

func (s *state) vessel(id int) *Vessel {
	for i := range s.Ships {
		if s.Ships[i].ID == id {
			return &s.Ships[i]
		}
	}
	return nil
}

// Area helpers: an area is a land index or vesselArea+vessel id.

func (s *state) owner(a int) int {
	if a < vesselArea {
		return s.Lands[a].Owner
	}
	if v := s.vessel(a - vesselArea); v != nil {
		return v.Owner
	}
	return -1
}

func (s *state) goods(a int) *Goods {
	if a < vesselArea {
		return &s.Lands[a].Goods
	}
	return &s.vessel(a - vesselArea).Goods
}

func (s *state) follower(a int) int {
	if a < vesselArea {
		return s.Lands[a].Follower
	}
	return s.vessel(a - vesselArea).Follower
}

func (s *state) setFollower(a, rel int) {
	if a < vesselArea {
		s.Lands[a].Follower = rel
	} else {
		s.vessel(a - vesselArea).Follower = rel
	}
}

func (s *state) hasBook(a int) bool {
	if a < vesselArea {
		return s.Lands[a].Book
	}
	return s.vessel(a - vesselArea).Book
}

func (s *state) setBook(a int, b bool) {
	if a < vesselArea {
		s.Lands[a].Book = b
	} else {
		s.vessel(a - vesselArea).Book = b
	}
}

// value is an area's combat value (§12.4): one of each valued kind at most.
func (s *state) value(a int) int {
	g := s.goods(a)
	v := 1 // the warrior
	if g[Horse] > 0 {
		v++
	}
	if g[Weapon] > 0 {
		v += 3
	}
	if a < vesselArea {
		if s.Lands[a].City {
			v += 3
		}
	} else if s.vessel(a - vesselArea).Ship {
		v += 4
	} else {
		v += 2
	}
	return v
}

// areasOf lists a seat's areas: lands first, then vessels by id.
func (s *state) areasOf(p int) []int { return slices.Collect(s.areas(p)) }

// areas yields a seat's areas in areasOf's order without building the list (the hot loops only
// read them).
func (s *state) areas(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range s.Lands {
			if s.Lands[i].Owner == p && !yield(i) {
				return
			}
		}
		for i := range s.Ships {
			if s.Ships[i].Owner == p && !yield(vesselArea+s.Ships[i].ID) {
				return
			}
		}
	}
}

func (s *state) countAreas(p int) int {
	n := 0
	for i := range s.Lands {
		if s.Lands[i].Owner == p {
			n++
		}
	}
	for _, v := range s.Ships {
		if v.Owner == p {
			n++
		}
	}
	return n
}

func (s *state) cities(p int) int {
	n := 0
	for i := range s.Lands {
		if s.Lands[i].Owner == p && s.Lands[i].City {
			n++
		}
	}
	return n
}

// alive: a player with no area left is out (A43).
func (s *state) alive(p int) bool { return s.countAreas(p) > 0 || s.Phase == 0 }

// order lists the seats from the start player clockwise, skipping players who are out.
func (s *state) order() []int {
	out := make([]int, 0, s.N)
	for i := 0; i < s.N; i++ {
		p := (s.SP + i) % s.N
		if s.alive(p) {
			out = append(out, p)
		}
	}
	return out
}

// areaAdj lists the areas adjacent to area a (§0.3): bordering lands, lands across the river,
// vessels at its coast or banks; for a vessel, the lands of its field or section and the vessels
// sharing it.
func (s *state) areaAdj(a int) []int { return slices.Collect(s.adjs(a)) }

// adjs yields areaAdj's areas, in its order, without building the list.
func (s *state) adjs(a int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if a < vesselArea {
			for _, l := range board.Lands[a].Adj {
				if s.inPlay(l) && !yield(l) {
					return
				}
			}
			for i := range s.Ships {
				if s.posTouchesLand(s.Ships[i].Pos, a) && !yield(vesselArea+s.Ships[i].ID) {
					return
				}
			}
			return
		}
		me := s.vessel(a - vesselArea)
		if !s.eachPosLand(me.Pos, yield) {
			return
		}
		for i := range s.Ships {
			if v := &s.Ships[i]; v.ID != me.ID && v.Pos == me.Pos && !yield(vesselArea+v.ID) {
				return
			}
		}
	}
}

func (s *state) adjacent(a, b int) bool {
	switch {
	case a < vesselArea && b < vesselArea:
		return contains(board.Lands[a].Adj, b) && s.inPlay(a) && s.inPlay(b)
	case a < vesselArea:
		v := s.vessel(b - vesselArea)
		return v != nil && s.posTouchesLand(v.Pos, a)
	case b < vesselArea:
		v := s.vessel(a - vesselArea)
		return v != nil && s.posTouchesLand(v.Pos, b)
	}
	v, w := s.vessel(a-vesselArea), s.vessel(b-vesselArea)
	return v != nil && w != nil && v.ID != w.ID && v.Pos == w.Pos
}

// posLands lists the lands in play that a vessel position touches.
func (s *state) posLands(pos int) []int {
	var out []int
	s.eachPosLand(pos, func(l int) bool { out = append(out, l); return true })
	return out
}

// eachPosLand yields posLands' lands; false when yield stopped it.
func (s *state) eachPosLand(pos int, yield func(int) bool) bool {
	if pos >= riverBase {
		sec := board.Sections[pos-riverBase]
		return yield(sec.Left) && yield(sec.Right)
	}
	for _, l := range board.Seas[pos].Lands {
		if s.inPlay(l) && !yield(l) {
			return false
		}
	}
	return true
}

func (s *state) posTouchesLand(pos, l int) bool {
	if !s.inPlay(l) {
		return false
	}
	if pos >= riverBase {
		sec := board.Sections[pos-riverBase]
		return sec.Left == l || sec.Right == l
	}
	return contains(board.Seas[pos].Lands, l)
}

// coast reports whether a vessel position is next to a land in play (river sections always are).
func (s *state) coast(pos int) bool { return !s.eachPosLand(pos, func(int) bool { return false }) }

// templeOwner returns the seat heading religion rel, or -1.
func (s *state) templeOwner(rel int) int {
	if s.Temples[rel] < 0 {
		return -1
	}
	return s.Lands[s.Temples[rel]].Owner
}

// convertedBy reports whether area a holds a follower of a religion headed by seat t (§15.4).
func (s *state) convertedBy(a, t int) bool {
	f := s.follower(a)
	return f >= 0 && t >= 0 && s.templeOwner(f) == t
}

func (s *state) hasUniv(p int) bool { return s.Opt.Expansion && s.Univ[p] != -1 }
