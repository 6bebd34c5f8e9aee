package rulestest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

var updateTrace = flag.Bool("update-trace", false, "rewrite testdata/trace.sha256 (only when a change of behaviour is meant)")

// TraceDigest plays random games and hashes everything a player or the store sees along them:
// prompts, the labelled menus along each move, the events, refusal texts of wrong moves (a foreign
// token, a cut-short move, the wrong seat), snapshots, views and the result. Speed work must leave
// it unchanged: a game's trace test compares it with a digest recorded before.
func TraceDigest(g rules.Game, setups []rules.Setup, games, maxMoves int) (string, error) {
	h := sha256.New()
	for _, setup := range setups {
		for i := 0; i < games; i++ {
			s := setup
			s.Seed += uint64(i)
			if err := trace(h, g, s, maxMoves); err != nil {
				return "", fmt.Errorf("%d seats, seed %d: %w", s.Seats, s.Seed, err)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func trace(h hash.Hash, g rules.Game, s rules.Setup, maxMoves int) error {
	st, full, err := newGame(g, s)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(s.Seed, 7))
	w := func(format string, a ...any) { fmt.Fprintf(h, format+"\n", a...) }
	for n := 0; st.Result() == nil && n < maxMoves; n++ {
		ps := st.Awaiting()
		awaited := map[rules.Seat]bool{}
		for _, p := range ps {
			awaited[p.Seat] = true
			w("prompt %d %q %q", p.Seat, p.English(), p.Default.String())
		}
		if len(ps) == 0 {
			return fmt.Errorf("running but awaiting nobody")
		}
		p := ps[r.IntN(len(ps))].Seat
		m, err := rules.RandomMove(st, p, r)
		if err != nil {
			return err
		}
		for k := 0; k <= len(m); k++ {
			next, complete, err := st.Choices(p, m[:k])
			if err != nil {
				return fmt.Errorf("choices %q: %w", m[:k].String(), err)
			}
			// Tokens and labels only: a field added to Choice must not change every digest.
			pairs := make([][2]string, len(next))
			for i, c := range next {
				pairs[i] = [2]string{c.Token, c.English()}
			}
			w("menu %v %q", complete, pairs)
			if !complete && k < len(m) {
				_, err := st.Apply(p, m[:k])
				w("short %q %v", m[:k].String(), err)
			}
		}
		bad := append(append(rules.Move{}, m...), "zz9")
		_, err = st.Apply(p, bad)
		w("foreign %v", err)
		if len(m) > 0 {
			bad = append(append(rules.Move{}, m[:len(m)-1]...), "zz9")
			_, err = st.Apply(p, bad)
			w("foreign-last %v", err)
		}
		for q := 0; q < full.Seats; q++ {
			if !awaited[rules.Seat(q)] {
				_, err = st.Apply(rules.Seat(q), m)
				w("wrong seat %d %v", q, err)
				break
			}
		}
		ev, err := st.Apply(p, m)
		if err != nil {
			return fmt.Errorf("%q from the tree refused: %w", m.String(), err)
		}
		w("move %d %q", p, m.String())
		for _, e := range ev {
			w("event %v %q", e.To, e.English())
		}
		if n%7 == 0 {
			data, err := st.Encode()
			if err != nil {
				return err
			}
			h.Write(data)
			view, err := json.Marshal(st.View(p))
			if err != nil {
				return err
			}
			h.Write(view)
		}
	}
	data, err := st.Encode()
	if err != nil {
		return err
	}
	h.Write(data)
	// The result as the digests recorded before results lost their English field printed it.
	if res := st.Result(); res != nil {
		w("result &{Ranks:%v Scores:%v Reason:%s ReasonMsg:<nil>}", res.Ranks, res.Scores, res.English())
	} else {
		w("result <nil>")
	}
	return nil
}

// RunTrace compares TraceDigest with testdata/trace.sha256 (rewritten with -update-trace).
func RunTrace(t *testing.T, g rules.Game, setups []rules.Setup, games, maxMoves int) {
	t.Helper()
	got, err := TraceDigest(g, setups, games, maxMoves)
	if err != nil {
		t.Fatal(err)
	}
	const file = "testdata/trace.sha256"
	if *updateTrace {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (record it with -update-trace)", err)
	}
	if got != strings.TrimSpace(string(want)) {
		t.Errorf("the trace of random games changed: digest %s, recorded %s. Prompts, menus, events, refusals, snapshots or views differ from before; rerun with -update-trace only if that is meant", got, strings.TrimSpace(string(want)))
	}
}
