package render

import "testing"

// Crisp text blends fewer edge pixels than regular text, yet covers about as much: the same
// weight on a phone, fewer colours for the compressor. Advances are the same, so layouts do not
// move.
func TestCrispText(t *testing.T) {
	for _, st := range []Style{{Size: 16}, {Size: 24, Font: Bold}, {Size: 34, Font: Bold}} {
		const s = "Player 2 lays grey on 2:A3"
		edge, ink := map[bool]int{}, map[bool]int{}
		for _, crisp := range []bool{false, true} {
			c := NewCanvas(600, 60, White)
			c.CrispText = crisp
			c.Text(10, 30, s, st)
			for i := 0; i < len(c.RGBA.Pix); i += 4 {
				cover := 255 - int(c.RGBA.Pix[i+1]) // green: Ink is dark on White
				ink[crisp] += cover
				if cover > 10 && cover < 235 {
					edge[crisp]++
				}
			}
		}
		if edge[true]*100 > edge[false]*92 {
			t.Errorf("%v: %d edge pixels crisp, %d regular; want 8%% fewer", st, edge[true], edge[false])
		}
		if d := ink[true] - ink[false]; d < -ink[false]/20 || d > ink[false]/20 {
			t.Errorf("%v: coverage %d crisp, %d regular: the weight changed", st, ink[true], ink[false])
		}
		st2 := st
		st2.Crisp = true
		if TextWidth(s, st) != TextWidth(s, st2) {
			t.Errorf("%v: crisp text has another width", st)
		}
	}
	// Only the canvases that ask for it.
	a, b := NewCanvas(100, 40, White), NewCanvas(100, 40, White)
	a.Text(5, 20, "Gg", Style{Size: 20})
	b.Text(5, 20, "Gg", Style{Size: 20, Crisp: true})
	if string(a.RGBA.Pix) == string(b.RGBA.Pix) {
		t.Error("Style.Crisp changes nothing")
	}
}

// Sharp text blends fewer edge pixels than crisp text, keeps its weight and its advances, and
// still blends some (it is not aliased).
func TestSharpText(t *testing.T) {
	for _, st := range []Style{{Size: 16}, {Size: 19}, {Size: 24, Font: Bold}} {
		const s = "Player 2 lays grey on 2:A3"
		edge, ink := map[bool]int{}, map[bool]int{}
		for _, sharp := range []bool{false, true} {
			c := NewCanvas(600, 60, White)
			c.CrispText, c.SharpText = true, sharp
			c.Text(10, 30, s, st)
			for i := 0; i < len(c.RGBA.Pix); i += 4 {
				cover := 255 - int(c.RGBA.Pix[i+1])
				ink[sharp] += cover
				if cover > 10 && cover < 235 {
					edge[sharp]++
				}
			}
		}
		if edge[true]*100 > edge[false]*95 {
			t.Errorf("%v: %d edge pixels sharp, %d crisp; want 5%% fewer", st, edge[true], edge[false])
		}
		if edge[true] == 0 {
			t.Errorf("%v: sharp text is not antialiased at all", st)
		}
		if d := ink[true] - ink[false]; d < -ink[false]/20 || d > ink[false]/20 {
			t.Errorf("%v: coverage %d sharp, %d crisp: the weight changed", st, ink[true], ink[false])
		}
		st2 := st
		st2.Sharp = true
		if TextWidth(s, st) != TextWidth(s, st2) {
			t.Errorf("%v: sharp text has another width", st)
		}
	}
}
