// Package pgtest gives tests a PostgreSQL database of their own. The server is named by the
// environment variable BOARDBOT_TEST_PG (a postgres:// URL; .ci/postgres starts one and prints
// it). Without it a test is skipped with a one-line notice, so `go test ./...` passes on a machine
// without PostgreSQL; under CI (CI set) a missing or unreachable server fails the test instead.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env is the environment variable with the test server's URL.
const Env = "BOARDBOT_TEST_PG"

// Require returns the test server's URL, or skips t (fails it under CI) when there is none. Call
// it at the top of a test so that its sub-tests do not each print the notice.
func Require(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set under CI: .ci/run starts PostgreSQL and sets it", Env)
		}
		t.Skipf("no PostgreSQL: set %s=postgres://... to run this test (see .ci/postgres)", Env)
	}
	reach.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var conn *pgx.Conn
		if conn, reach.err = pgx.Connect(ctx, base); reach.err == nil {
			conn.Close(ctx)
		}
	})
	if reach.err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PostgreSQL at %s is unreachable: %v", Env, reach.err)
		}
		t.Skipf("PostgreSQL at %s is unreachable, skipping: %v", Env, reach.err)
	}
	return base
}

var reach struct {
	sync.Once
	err error
}

// URL returns the URL of a new, empty schema on the test server, dropped when t ends. Stores
// opened on it see only that schema (its search_path), so tests run side by side.
func URL(t testing.TB) string {
	t.Helper()
	base := Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
