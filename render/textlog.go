package render

import (
	"image"
	"image/draw"
	"strings"
	"sync"
	"sync/atomic"
)

// Label is one text drawn while labels are recorded: its words and its size in pixels (the em
// height), which is what a phone's reader sees once the picture is scaled to the screen.
type Label struct {
	Text string
	Size float64
	dst  draw.Image
	at   image.Point // where it was drawn
}

var (
	recording atomic.Bool
	labelsMu  sync.Mutex
	labels    []Label
)

// RecordLabels starts recording every label drawn (DrawText, Canvas.Text and the widgets over
// them) and returns the function that stops and hands back what was drawn. While recording,
// sprite caches draw their sprites afresh, so the labels inside them (a cached board with its
// coordinates and legend) are heard as well. For tests: one recording at a time, and renders
// running meanwhile on other goroutines are heard too.
func RecordLabels() (stop func() []Label) {
	labelsMu.Lock()
	labels = nil
	labelsMu.Unlock()
	recording.Store(true)
	return func() []Label {
		recording.Store(false)
		labelsMu.Lock()
		defer labelsMu.Unlock()
		out := labels
		labels = nil
		return out
	}
}

func recordLabel(dst draw.Image, x, y float64, s string, st Style) {
	if strings.TrimSpace(s) == "" {
		return // a spacer draws nothing to read
	}
	labelsMu.Lock()
	labels = append(labels, Label{Text: s, Size: st.size(), dst: dst, at: image.Pt(int(x), int(y))})
	labelsMu.Unlock()
}

// NoteLabel tells a recording of a label that a cached layer drew once, outside any recording,
// and that is now copied onto dst at (x, y): the recording hears it as if drawn there.
func NoteLabel(dst draw.Image, x, y float64, s string, st Style) {
	if recording.Load() {
		recordLabel(dst, x, y, s, st)
	}
}

// CropLabels forgets, while labels are recorded, those drawn on dst outside r: a picture made of
// a part of another (a close-up cut out of the whole board) shows only the labels of that part.
func CropLabels(dst draw.Image, r image.Rectangle) {
	if !recording.Load() {
		return
	}
	labelsMu.Lock()
	defer labelsMu.Unlock()
	keep := labels[:0]
	for _, l := range labels {
		if l.dst != dst || l.at.In(r) {
			keep = append(keep, l)
		}
	}
	labels = keep
}

// SmallestLabel is the smallest label of ls relative to the width w of the picture it was drawn
// on: its size once the picture is scaled to phone px wide. ok is false when ls is empty.
func SmallestLabel(ls []Label, w, phone int) (Label, float64, bool) {
	var min Label
	best := 0.0
	for i, l := range ls {
		s := l.Size * float64(phone) / float64(w)
		if i == 0 || s < best {
			min, best = l, s
		}
	}
	return min, best, len(ls) > 0
}
