package bot

import (
	"bytes"
	"context"
	"fmt"

	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// FsckReport is what Fsck found.
type FsckReport struct {
	Checked  int
	Problems []string
}

// Fsck replays every stored game from its setup and log and compares the result with the stored
// snapshot. Lobbies and aborted lobbies have nothing to replay.
func (s *Service) Fsck(ctx context.Context) (FsckReport, error) {
	var rep FsckReport
	ids, err := s.store.GameIDs(ctx)
	if err != nil {
		return rep, err
	}
	for _, id := range ids {
		row, err := s.store.Game(ctx, id)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("game %d: %v", id, err))
			continue
		}
		if len(row.Snapshot) == 0 {
			continue
		}
		rep.Checked++
		if p := s.checkGame(ctx, row); p != "" {
			rep.Problems = append(rep.Problems, fmt.Sprintf("game %d (%s): %s", row.ID, row.Kind, p))
		}
	}
	return rep, nil
}

func (s *Service) checkGame(ctx context.Context, row *storage.Game) string {
	kit, ok := s.kits[row.Kind]
	if !ok {
		return "no such game kind is registered"
	}
	rec, err := s.recordOf(ctx, row, -1)
	if err != nil {
		return err.Error()
	}
	st, err := record.Replay(kit.Game, rec, nil)
	if err != nil {
		return "log does not replay: " + err.Error()
	}
	snap, err := st.Encode()
	if err != nil {
		return "encode: " + err.Error()
	}
	// The stored snapshot is compared as the game it holds, not as bytes: one written by an
	// older version (another field order, a field since added) is the same game. Both sides go
	// through this version's Decode and Encode, so whatever a round trip normalises, it
	// normalises on both.
	stored, err := kit.Game.Decode(row.Snapshot)
	if err != nil {
		return "snapshot does not decode: " + err.Error()
	}
	if !bytes.Equal(snap, row.Snapshot) {
		a, err := roundTrip(kit, snap)
		if err != nil {
			return "the replayed state does not decode: " + err.Error()
		}
		b, err := stored.Encode()
		if err != nil {
			return "encode the stored snapshot: " + err.Error()
		}
		if !bytes.Equal(a, b) {
			return fmt.Sprintf("snapshot differs from the replayed log (%d moves)", len(rec.Moves))
		}
	}
	finished := st.Result() != nil
	if finished != (row.Status == storage.StatusFinished) && row.Status != storage.StatusAborted {
		// A resignation finishes a game the rules still consider running.
		if !(row.Status == storage.StatusFinished && len(row.Result) > 0) {
			return fmt.Sprintf("status %s but the rules say finished=%v", row.Status, finished)
		}
	}
	return ""
}

// roundTrip decodes a snapshot and encodes it again with this version's code.
func roundTrip(kit Kit, snap []byte) ([]byte, error) {
	st, err := kit.Game.Decode(snap)
	if err != nil {
		return nil, err
	}
	return st.Encode()
}
