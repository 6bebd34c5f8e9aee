package bot

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A game whose kit draws a focus image posts it with the board, and both are drawn with the
// players' names.
func TestTurnPostCarriesFocusAndNames(t *testing.T) {
	e := newEnv(t)
	var metas []render.Meta
	focus := func(v any, m render.Meta) ([]byte, error) {
		metas = append(metas, m)
		b, err := json.Marshal(v)
		return append([]byte("FOCUS"), b...), err
	}
	png := func(v any, m render.Meta) ([]byte, error) {
		metas = append(metas, m)
		return fakePNG(v, m)
	}
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: png, Focus: focus}}, Options{Now: func() time.Time { return e.now }})
	th := e.game("ann", "bob")
	sent := e.sent
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	e.deliver()
	posted := 0
	for _, o := range append(sent, e.sent...) {
		if o.Image == nil {
			continue
		}
		posted++
		if o.Focus == nil || !bytes.HasPrefix(o.Focus.PNG, []byte("FOCUS")) || !strings.HasSuffix(o.Focus.Name, "-focus.png") {
			t.Fatalf("a board went without its focus image: %+v", o.Focus)
		}
	}
	if posted == 0 {
		t.Fatal("no board was posted")
	}
	for _, m := range metas {
		if strings.Join(m.Names, ",") != "ann,bob" {
			t.Fatalf("drawn with names %q, want ann and bob", m.Names)
		}
	}
}
