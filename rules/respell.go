package rules

// Respeller is implemented by games whose notation has several natural spellings of one move
// (Reef Encounter's two larva cubes, which a player writes in any order while its choice tree
// offers each pair once, in colour order). Respell returns m in the tree's own spelling, or m
// unchanged; it never makes an illegal move legal or a legal one illegal, it only reorders or
// rewrites tokens that mean the same thing.
type Respeller interface {
	Respell(s Seat, m Move) Move
}

// respell applies st's Respeller, if it has one.
func respell(st State, s Seat, m Move) Move {
	if r, ok := st.(Respeller); ok {
		return r.Respell(s, m)
	}
	return m
}

// Presumer is implemented by games whose rules take a seat's decision by themselves when it has
// only one answer (Ascidiae's only doable ability). Presumed lists the decisions so taken for seat
// s since its own last decision, oldest first, each as the move the player would have typed: a
// player typing the whole turn may type them too, and the platform passes them over.
type Presumer interface {
	Presumed(s Seat) []Move
}

// Presumed returns st's presumed decisions for s (Presumer), or nil.
func Presumed(st State, s Seat) []Move {
	if p, ok := st.(Presumer); ok {
		return p.Presumed(s)
	}
	return nil
}
