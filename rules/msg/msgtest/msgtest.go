// Package msgtest checks an engine's message catalogue from the engine's tests.
package msgtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// Check fails t on every fault msg.Check finds in catalogue name, counting as used the string
// literals of the non-test Go files in dir (the engine's package directory, "." from its tests)
// and the ids in extra (those an engine builds, such as term forms).
func Check(t testing.TB, name, dir string, extra ...string) {
	t.Helper()
	used, err := literals(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range extra {
		used[id] = true
	}
	for _, err := range msg.Check(name, used) {
		t.Error(err)
	}
}

// literals collects the string literals of dir's non-test Go files.
func literals(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.STRING {
				if s, err := strconv.Unquote(l.Value); err == nil {
					out[s] = true
				}
			}
			return true
		})
	}
	return out, nil
}
