package render

import (
	"strings"
	"testing"
)

type sampleView struct{ N int }

func TestViewOf(t *testing.T) {
	if v, err := ViewOf[sampleView](sampleView{N: 1}, "sample"); err != nil || v.N != 1 {
		t.Fatalf("value: %v %v", v, err)
	}
	p := &sampleView{N: 2}
	if v, err := ViewOf[sampleView](p, "sample"); err != nil || v != p {
		t.Fatalf("pointer: %v %v", v, err)
	}
	if _, err := ViewOf[sampleView]((*sampleView)(nil), "sample"); err == nil || !strings.Contains(err.Error(), "nil view") {
		t.Fatalf("nil pointer: %v", err)
	}
	if _, err := ViewOf[sampleView](42, "sample"); err == nil || !strings.Contains(err.Error(), "want a sample view, got int") {
		t.Fatalf("wrong type: %v", err)
	}
}
