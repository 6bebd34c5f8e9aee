package reef

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
)

var rewriteRecords = flag.Bool("reef.records", false, "replay greedy games into testdata/*.txt and their results")

// Whole games kept as records: replaying them must give the same result, so a change to the rules
// that alters what is legal or how a game ends shows up here. -reef.records writes them afresh.
var recordedGames = []struct {
	name  string
	seats int
	seed  uint64
}{{"greedy-2p", 2, 21}, {"greedy-3p", 3, 31}, {"greedy-4p", 4, 41}}

func TestRecordedGames(t *testing.T) {
	for _, g := range recordedGames {
		path := filepath.Join("testdata", g.name+".txt")
		if *rewriteRecords {
			writeRecord(t, path, g.seats, g.seed)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		st, err := record.Replay(Game, rec, func(i int, st rules.State, _ []rules.Event) error {
			checkInvariants(t, st.(*state))
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		if st.Result() == nil {
			t.Fatalf("%s: the recorded game does not end", g.name)
		}
		res := *st.Result()
		if res.ReasonMsg == nil || res.ReasonMsg.English() != res.English() {
			t.Errorf("%s: the reason %q has no message of its own", g.name, res.English())
		}
		res.ReasonMsg = rules.Verbatim(res.English()) // the recorded results predate messages: the reason's words alone
		got, _ := json.Marshal(&res)
		want, err := os.ReadFile(strings.TrimSuffix(path, ".txt") + ".result.json")
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(want)) != string(got) {
			t.Errorf("%s: result %s, recorded %s", g.name, got, want)
		}
	}
}

// writeRecord plays a greedy game and writes its record and result.
func writeRecord(t *testing.T, path string, seats int, seed uint64) {
	s := newGame(t, seats, seed, VariantStandard)
	rec := &record.Record{Game: Game.Info().ID, Setup: rules.Setup{Seats: seats, Seed: seed, Options: map[string]string{OptVariant: VariantStandard}}}
	r := rand.New(rand.NewPCG(seed, 5))
	for s.Res == nil {
		seat := s.Awaiting()[0].Seat
		var m rules.Move
		if s.Phase == phaseSetup {
			m, _ = rules.RandomMove(s, seat, r)
		} else {
			m = greedyMove(s, seat, r)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: seat, Move: m})
	}
	if err := os.WriteFile(path, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _ := json.Marshal(s.Res)
	if err := os.WriteFile(strings.TrimSuffix(path, ".txt")+".result.json", append(res, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
