package sqlstore

import (
	"context"
	"database/sql"
)

// SQL adapts a database/sql pool, connection or transaction to Q.
func SQL(q interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}) Q {
	return sqlQ{q}
}

type sqlQ struct {
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
}

func (a sqlQ) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := a.q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (a sqlQ) Query(ctx context.Context, query string, args ...any) (Rows, error) {
	rows, err := a.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

func (a sqlQ) QueryRow(ctx context.Context, query string, args ...any) Row {
	return a.q.QueryRowContext(ctx, query, args...)
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() } //nolint:errcheck // read errors come from Err
