package autumnash

import (
	"fmt"
	"testing"
)

// Every (top size, mover size) pair in both capping tables: the mover on C2 steps up onto C3.
func TestCappingTables(t *testing.T) {
	sizes := []Size{Pawn, Drone, Queen}
	for _, tc := range []struct {
		variant string
		allowed map[[2]Size]bool // [top, mover]
	}{
		{VariantStandard, map[[2]Size]bool{
			{Queen, Pawn}: true, {Queen, Drone}: true, {Queen, Queen}: true,
			{Drone, Pawn}: true,
			{Pawn, Pawn}:  true, {Pawn, Drone}: true,
		}},
		{VariantBeginner, map[[2]Size]bool{
			{Queen, Pawn}: true, {Queen, Drone}: true, {Queen, Queen}: true,
			{Drone, Pawn}: true, {Drone, Drone}: true,
			{Pawn, Pawn}: true,
		}},
	} {
		for _, top := range sizes {
			for _, mover := range sizes {
				name := fmt.Sprintf("%s %s caps %s", tc.variant, mover, top)
				t.Run(name, func(t *testing.T) {
					s := pos(t, fmt.Sprintf("variant %s\nturn rainbow\n%s", tc.variant, numbered(fmt.Sprintf(`
						.  .  .  .  C1
						.  .  .  .  .
						.  .  .  .  .
						.  .  W%d .  .
						.  .  Y%d .  .
						.  .  .  .  .`, top, mover))))
					if tc.allowed[[2]Size{top, mover}] {
						// Capping always makes a pawn, so the size is not asked.
						mustApply(t, s, "c2 c3")
						wantBoard(t, s, numbered(fmt.Sprintf(`
							.  .  .  .  C1
							.  .  .  .  .
							.  .  .  .  .
							.  .  W%dR1 .  .
							.  .  .  .  .
							.  .  .  .  .`, top)))
					} else {
						mustRefuse(t, s, "c2 c3", fmt.Sprintf("A %s cannot cap Xeno's white %s on C3", mover, top))
					}
				})
			}
		}
	}
}

func TestCapping(t *testing.T) {
	runChecks(t, []check{
		{name: "capping ends the move", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W3 .  .
			.  .  Y1 .  .
			.  .  .  .  .`), refuse: "c2 c4 pawn", reason: "Xeno's white queen on C3 is in the way: leaves never jump, and a leaf that caps must stop there"},
		{name: "a capping leaf must find a pawn of the next colour", diag: std(`
			.  .  .  .  C1
			.  R1 R1 R1 R1
			.  .  .  .  .
			.  .  W3 .  .
			.  .  Y2 .  .
			.  .  .  .  .`), prefix: "c2", lacks: []string{"c3"}, refuse: "c2 c3", reason: "you have no red pawn left"},
		{name: "friendly leaves can be capped", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  G1 .  .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  G1R1 .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "a capped leaf cannot move", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W3R1 .  .
			.  .  .  .  .
			.  .  .  .  .`), refuse: "c3 c4 pawn", reason: "The top leaf on C3 is Rainbow's red pawn"},
		{name: "the capping leaf moves off later", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W3R1 .  .
			.  .  .  .  .
			.  .  .  .  .`), apply: "c3 c4 queen", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  B3 .  .
			.  .  W3 .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "burnt leaves can be capped", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  P3 .  .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3"},
		{name: "stepping out and back onto a stack caps the leaf below", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W1Y3 .  .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "c3", lacks: []string{"c3"}, refuse: "c3 c3", reason: "A queen cannot cap Xeno's white pawn on C3"},
		{name: "capping uses the size at the start of the turn", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W1 .  .
			.  .  Y3 .  .
			.  .  .  .  .`), refuse: "c2 c3 pawn", reason: "A queen cannot cap"},
	})
}

func TestPawnBlocking(t *testing.T) {
	queen := func(d3 string) string {
		return std(fmt.Sprintf(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  %s .
			.  .  .  .  .
			.  .  .  .  .`, d3))
	}
	runChecks(t, []check{
		{name: "queens cannot enter beside an opposing pawn", diag: queen("W1"), prefix: "b3", lacks: []string{"c3", "d4", "d2"}, has: []string{"c2", "c4"},
			refuse: "b3 c3 pawn", reason: "C3 is blocked: Xeno's white pawn on D3 keeps queens out of the squares beside it"},
		{name: "whatever the queen becomes", diag: queen("W1"), refuse: "b3 c3 queen", reason: "C3 is blocked"},
		{name: "a friendly pawn does not block", diag: queen("R1"), prefix: "b3", has: []string{"c3"}},
		{name: "a capped pawn does not block", diag: queen("W1R2"), prefix: "b3", has: []string{"c3"}},
		{name: "a burnt pawn blocks", diag: queen("P1"), prefix: "b3", lacks: []string{"c3"}},
		{name: "drones are not blocked by pawns", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y2 .  W1 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", has: []string{"c3"}},
		{name: "a blocked square cannot be crossed", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  W1 .  .  .
			Y3 .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`), refuse: "a3 c3 pawn", reason: "B3 is blocked: Xeno's white pawn on B4"},
		{name: "a queen beside a pawn may leave", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  Y3 W1 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "c3", has: []string{"b3", "a3", "c5", "c1", "c4", "c2"}, lacks: []string{"d3", "d2", "d4", "c3"}},
		{name: "beginner has no blocking", diag: beginner(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  W1 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", has: []string{"c3"}},
	})
}

func TestDroneBlocking(t *testing.T) {
	// Xeno's drone on D3 faces every direction: it stops drones and queens arriving at its four
	// neighbours while moving towards it, not those arriving from the side.
	around := func(mover, where string) string {
		rows := [6][5]string{}
		for r := range rows {
			for c := range rows[r] {
				rows[r][c] = "."
			}
		}
		rows[0][4] = "C1"
		rows[3][3] = "W2" // D3
		col, row := int(where[0]-'a'), int(where[1]-'1')
		rows[5-row][col] = mover
		s := ""
		for _, r := range rows {
			for _, c := range r {
				s += c + " "
			}
			s += "\n"
		}
		return std(s)
	}
	runChecks(t, []check{
		{name: "drone arriving head-on is blocked", diag: around("Y2", "b3"), refuse: "b3 c3 pawn", reason: "C3 is blocked: Xeno's white drone on D3 stops drones and queens arriving head-on"},
		{name: "queen arriving head-on from below", diag: around("Y3", "d1"), refuse: "d1 d2 pawn", reason: "D2 is blocked: Xeno's white drone on D3"},
		{name: "queen arriving head-on from above", diag: around("Y3", "d5"), prefix: "d5", lacks: []string{"d4"}, has: []string{"c4"}},
		{name: "entering from the side is allowed", diag: around("Y3", "c1"), prefix: "c1", has: []string{"c2", "c3", "d2"}},
		{name: "from the far side too", diag: around("Y2", "e1"), prefix: "e1", has: []string{"e2", "d2", "e3"}},
		{name: "pawns are never blocked", diag: around("Y1", "b3"), prefix: "b3", has: []string{"c3"}},
		{name: "a queen beside the drone may leave any way but onto it", diag: around("Y3", "c3"), prefix: "c3", has: []string{"b3", "c4", "c2", "a3"}, lacks: []string{"d3"}},
		{name: "a friendly drone does not block", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  R2 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", has: []string{"c3"}},
		{name: "a capped drone does not block", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  W2R1 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", has: []string{"c3"}},
		{name: "a burnt drone blocks", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  P2 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", lacks: []string{"c3"}},
		{name: "beginner has no blocking", diag: beginner(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  Y3 .  W2 .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "b3", has: []string{"c3"}},
	})
}

func TestBurntLeaves(t *testing.T) {
	runChecks(t, []check{
		{name: "burnt leaves never move", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  K3 .  .
			.  .  .  .  .
			Y1 .  .  .  .`), want: []string{"a1", "a6", "e1"}, refuse: "c3 c4", reason: "The black queen on C3 is a burnt leaf: burnt leaves never move"},
		{name: "xeno's too", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  P3 .  .
			.  .  .  .  .
			Y1 .  .  .  .`), refuse: "c3 c4", reason: "burnt leaves never move"},
		{name: "blue turns black and stops", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  B1 .  .
			.  .  .  .  .
			.  .  .  .  .`), apply: "c3 c4 drone", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  K2 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`},
	})
}
