package postgres

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// explainConnect turns a failure to reach or log in to the server into what the admin does
// about it: pgx's own text repeats itself once per TLS attempt and names SQLSTATEs.
func explainConnect(err error, cfg *pgconn.Config) error {
	where := fmt.Sprintf("%s:%d", cfg.Host, cfg.Port)
	var pe *pgconn.PgError
	var dns *net.DNSError
	switch {
	case errors.As(err, &pe) && (pe.Code == "28P01" || pe.Code == "28000"):
		return fmt.Errorf("PostgreSQL at %s refused the login of user %q (%s): set that user's password in PGPASSWORD or ~/.pgpass, or fix the user in database.url", where, cfg.User, pe.Message)
	case errors.As(err, &pe) && pe.Code == "3D000":
		return fmt.Errorf("PostgreSQL at %s has no database %q: create it (createdb --owner=%s %s), or fix the name in database.url", where, cfg.Database, cfg.User, cfg.Database)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("nothing answers at %s: is PostgreSQL running there, and are database.url's host and port right?", where)
	case errors.As(err, &dns):
		return fmt.Errorf("the host %q of database.url is not known (%v)", cfg.Host, dns)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("PostgreSQL at %s did not answer in time: check that the host is reachable (firewall, network)", where)
	}
	return err
}
