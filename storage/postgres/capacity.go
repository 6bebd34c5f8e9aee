package postgres

import (
	"context"
	"fmt"
	"log/slog"
)

// Capacity is what the server allows this installation's role, read at start.
type Capacity struct {
	Max       int  // the server's max_connections
	Reserved  int  // of them, kept for superusers (superuser_reserved_connections, reserved_connections)
	Superuser bool // the role may use the reserved ones too
	RoleLimit int  // the role's CONNECTION LIMIT; -1 when none
	InUse     int  // client connections open now, this store's own excluded
	RoleInUse int  // of them, the role's
}

// Usable is how many connections the role may hold at most on an otherwise idle server, and
// what limits it.
func (c Capacity) Usable() (n int, why string) {
	n = c.Max - c.Reserved
	why = fmt.Sprintf("the server allows %d (max_connections %d, %d reserved for superusers)", n, c.Max, c.Reserved)
	if c.Superuser {
		n, why = c.Max, fmt.Sprintf("the server allows %d (max_connections)", c.Max)
	}
	if c.RoleLimit >= 0 && c.RoleLimit < n {
		n, why = c.RoleLimit, fmt.Sprintf("the database role may open %d (its CONNECTION LIMIT)", c.RoleLimit)
	}
	return n, why
}

// Free is how many more connections the role may open now.
func (c Capacity) Free() int {
	free := c.Max - c.Reserved - c.InUse
	if c.Superuser {
		free = c.Max - c.InUse
	}
	if c.RoleLimit >= 0 && c.RoleLimit-c.RoleInUse < free {
		free = c.RoleLimit - c.RoleInUse
	}
	return max(free, 0)
}

// Capacity reads the server's connection limits and use.
func (s *Store) Capacity(ctx context.Context) (Capacity, error) {
	var c Capacity
	err := s.pool.QueryRow(ctx, `SELECT
		current_setting('max_connections')::int,
		current_setting('superuser_reserved_connections')::int
			+ COALESCE(current_setting('reserved_connections', true), '0')::int,
		r.rolsuper, r.rolconnlimit,
		(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'),
		(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND usename = current_user)
		FROM pg_roles r WHERE r.rolname = current_user`).
		Scan(&c.Max, &c.Reserved, &c.Superuser, &c.RoleLimit, &c.InUse, &c.RoleInUse)
	if err != nil {
		return c, fmt.Errorf("postgres: read the server's connection limits: %w", err)
	}
	// This store's own connections are counted in pg_stat_activity; they are not someone else's.
	own := int(s.pool.Stat().TotalConns())
	c.InUse = max(c.InUse-own, 0)
	c.RoleInUse = max(c.RoleInUse-own, 0)
	return c, nil
}

// CheckCapacity compares the pools with what the server allows. Pools that cannot fit even on
// an idle server (opt.MaxConns × opt.Instances above its usable connections) are refused: under
// load moves would wait and fail, so the mistake is named at start, when it is cheap to fix.
// Pools that fit an idle server but not the connections free now (other clients, an instance
// still stopping) are only warned about: that changes by itself, and refusing would make
// restarts fail at random.
func (s *Store) CheckCapacity(ctx context.Context, opt Options) error {
	c, err := s.Capacity(ctx)
	if err != nil {
		return err
	}
	usable, why := c.Usable()
	need := opt.MaxConns * opt.Instances
	if need > usable {
		return fmt.Errorf("database.max_connections %d × database.instances %d needs %d connections, but %s: "+
			"lower database.max_connections, or raise max_connections in postgresql.conf", opt.MaxConns, opt.Instances, need, why)
	}
	free := c.Free()
	if opt.MaxConns > free {
		slog.Warn(fmt.Sprintf("the database server has %d connections free now, fewer than this instance's pool of %d: moves wait up to %s for a connection when all are busy", free, opt.MaxConns, opt.PoolWait),
			"in_use_by_others", c.InUse, "usable", usable)
		return nil
	}
	slog.Info("database connections", "pool", opt.MaxConns, "instances", opt.Instances, "usable", usable, "in_use_by_others", c.InUse)
	return nil
}
