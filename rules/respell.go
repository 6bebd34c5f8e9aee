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
