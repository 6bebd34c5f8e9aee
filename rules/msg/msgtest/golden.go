package msgtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Golden compares got with the file at path (a game's texts in one language, read by a speaker
// before it was committed), or writes it when update is set.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update and read the difference)", path)
	}
}
