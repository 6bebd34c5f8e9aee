package pgtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// recorder is a testing.TB that records how Require ended the test.
type recorder struct {
	testing.TB
	fatal, skip string
}

type stopped struct{}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(f string, a ...any) {
	r.fatal = fmt.Sprintf(f, a...)
	panic(stopped{})
}
func (r *recorder) Skipf(f string, a ...any) {
	r.skip = fmt.Sprintf(f, a...)
	panic(stopped{})
}

func require(t *testing.T) (r *recorder) {
	r = &recorder{TB: t}
	defer func() {
		if v := recover(); v != nil && v != (stopped{}) {
			panic(v)
		}
	}()
	Require(r)
	return r
}

// Without a server a developer's run skips with a notice naming the variable, and CI fails.
func TestRequireWithoutServer(t *testing.T) {
	for _, tc := range []struct {
		ci, url   string
		fail      bool
		mentioned string
	}{
		{"", "", false, Env},
		{"1", "", true, Env},
		{"", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2", false, "unreachable"},
		{"1", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2", true, "unreachable"},
	} {
		t.Setenv("CI", tc.ci)
		t.Setenv(Env, tc.url)
		reach.Once, reach.err = sync.Once{}, nil // each case probes afresh
		r := require(t)
		msg := r.skip
		if tc.fail {
			msg = r.fatal
		}
		if msg == "" || (tc.fail && r.skip != "") || (!tc.fail && r.fatal != "") || !strings.Contains(msg, tc.mentioned) {
			t.Errorf("CI=%q %s=%q: fatal %q, skip %q", tc.ci, Env, tc.url, r.fatal, r.skip)
		}
	}
}
