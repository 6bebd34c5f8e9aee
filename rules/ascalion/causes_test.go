package ascalion

import "testing"

// Wrong inputs a reader typed in the console are refused naming the real cause and the way to do
// it right, not "not possible here" (issue 36): a good the land lacks, a load the land lacks, the
// attacker's own area or one far away as a target, a good that cannot be built, an offer to
// oneself or to a player with nothing, an answer with no offer waiting, a received good put twice.
func TestRefusalsNameTheCause(t *testing.T) {
	move := func() *fixture {
		return newFixture(t, 3).own(0, "Minda", "Elgar", "Bressa").own(1, "Vagon", "Ilion").
			put("Minda", "horse wood").put("Elgar", "horse").put("Bressa", "iron")
	}
	for _, c := range []struct {
		stage func(f *fixture)
		move  string
		want  string
	}{
		{func(f *fixture) { f.transportTurn(0, 2) }, "foot minda elgar iron", "Minda holds no iron. Carry what lies there: wood, horse."},
		{func(f *fixture) { f.transportTurn(0, 2) }, "horse minda +iron elgar end", "Minda holds no iron to load."},
		{func(f *fixture) { f.transportTurn(0, 2) }, "chain minda +horse elgar end", "A chain's horses stay where they are"},
		{func(f *fixture) { f.transportTurn(0, 2) }, "horse minda elgar -wood end", "The transport carries no wood to unload."},
		{func(f *fixture) { f.transportTurn(0, 2) }, "horse minda +wood -wood elgar end", "What was loaded at this stop cannot be unloaded here"},
		{func(f *fixture) { f.attackTurn(0) }, "attack bressa", "Bressa is yours: attack a foreign area next to one of yours."},
		{func(f *fixture) { f.attackTurn(0) }, "attack ys", "Ys belongs to Yellow and does not border any area of yours"},
		{func(f *fixture) { f.transportTurn(0, 2) }, "foot vagon elgar iron", "Vagon belongs to Blue: it is not"},
		{func(f *fixture) { f.buildTurn(0) }, "city minda", "no land of yours without a city holds 1 wood, 1 gold, 1 coal and 1 iron, or 4 gold, together"},
		{func(f *fixture) { f.buildTurn(0) }, "weapon bressa", "no area of yours holds 1 coal and 1 iron, or 2 gold, together"},
		{func(f *fixture) { f.buildTurn(0) }, "boat minda", "You cannot build a boat now: it needs 2 wood"},
		{func(f *fixture) { f.put("Vagon", "iron").openTrade() }, "offer red wood for iron", "You cannot trade with yourself"},
		{func(f *fixture) { f.put("Vagon", "iron").openTrade() }, "offer yellow wood for iron", "Yellow holds no resources to trade."},
		{func(f *fixture) { f.put("Vagon", "iron").openTrade() }, "offer blue wood for gold", "Blue holds no gold: ask for what they hold."},
		{func(f *fixture) { f.put("Vagon", "iron").openTrade() }, "accept 1", "No offer is waiting for your answer."},
		{func(f *fixture) { f.put("Vagon", "iron").openTrade() }, "withdraw 1", "You have no offer on the table to withdraw."},
		{func(f *fixture) {
			f.put("Vagon", "iron").openTrade()
			f.play(0, "offer blue wood for iron")
			f.play(1, "accept 1")
		}, "put minda wood", "You have no wood left to put: put what you received (iron)."},
	} {
		f := move()
		c.stage(f)
		f.refused(0, c.move, c.want)
	}
}
