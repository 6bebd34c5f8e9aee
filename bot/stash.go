package bot

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
)

const stashScope = "stash"

func stashKey(v string) string {
	h := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(h[:12])
}

// Stash keeps a value too long for a Discord custom id (a deep move path) and returns a short
// key for it; Unstash reads it back. Keys are content hashes, so stashing twice is harmless.
func (s *Service) Stash(ctx context.Context, value string) (string, error) {
	key := stashKey(value)
	if err := s.store.SetSetting(ctx, stashScope, key, "v", value); err != nil {
		return "", err
	}
	return key, nil
}

// Unstash returns a stashed value.
func (s *Service) Unstash(ctx context.Context, key string) (string, bool, error) {
	return s.store.Setting(ctx, stashScope, key, "v")
}
