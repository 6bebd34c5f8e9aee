package bot

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The final board is drawn with the game's one result: after a resignation the renderer is told
// who won (the engine itself never finished the game), while boards of a running game carry
// names only.
func TestFinalBoardIsDrawnWithTheResult(t *testing.T) {
	e := newEnv(t)
	var mu sync.Mutex
	var metas []render.Meta
	png := func(v any, m render.Meta) ([]byte, error) {
		mu.Lock()
		metas = append(metas, m)
		mu.Unlock()
		return fakePNG(v, m)
	}
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: png}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	th := e.game("ann", "bob")
	e.deliver()
	mu.Lock()
	for _, m := range metas {
		if m.Result != nil {
			t.Fatalf("a running game's board carries a result: %+v", m)
		}
	}
	metas = nil
	mu.Unlock()
	if _, err := e.svc.Resign(context.Background(), e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	mu.Lock()
	defer mu.Unlock()
	if len(metas) == 0 {
		t.Fatal("no final board was drawn")
	}
	last := metas[len(metas)-1]
	if last.Result == nil || len(last.Result.Winners()) != 1 || last.Result.Winners()[0] != 1 || last.Names[1] != "bob" {
		t.Fatalf("the final board's meta: %+v", last)
	}
}
