package db

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/traveler-bridge/traveler/tournament"
)

// unavailable turns err into tournament.Unavailable (wrapped with the cause,
// for the log) when it says the database cannot be reached — no connection,
// one lost, a server shutting down or starting — or cannot take the
// statement now for want of a resource: its disk full, out of memory, every
// connection taken (issue 24: a full disk was a 500). Any other error is
// returned as it is.
func unavailable(err error) error {
	if err == nil || !isUnavailable(err) {
		return err
	}
	return fmt.Errorf("db: %v: %w", err, tournament.Unavailable)
}

// isUnavailable reports whether err is a failure to reach the database.
func isUnavailable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, tournament.ErrUnavailable) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// class 08: connection exception; 57P01-03: admin or crash
		// shutdown, cannot connect now; class 53 but 53400: insufficient
		// resources, which pass (space freed, memory or a connection
		// released) — a configuration limit (53400) does not
		switch pe.Code {
		case "57P01", "57P02", "57P03",
			codeInsufficientResources, codeDiskFull, codeOutOfMemory, codeTooManyConnections:
			return true
		}
		return strings.HasPrefix(pe.Code, "08")
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne), pgconn.SafeToRetry(err),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "closed pool")
}

// guarded is a querier whose errors of reaching the database are
// tournament.Unavailable, so every statement of the store answers alike.
type guarded struct{ querier }

func (g guarded) Begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := g.querier.Begin(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	return guardedTx{tx}, nil
}

func (g guarded) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	tag, err := g.querier.Exec(ctx, sql, args...)
	return tag, unavailable(err)
}

func (g guarded) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := g.querier.Query(ctx, sql, args...)
	if err != nil {
		if rows != nil {
			return guardedRows{rows}, unavailable(err)
		}
		return nil, unavailable(err)
	}
	return guardedRows{rows}, nil
}

func (g guarded) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return guardedRow{g.querier.QueryRow(ctx, sql, args...)}
}

func (g guarded) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return guardedBatch{g.querier.SendBatch(ctx, b)}
}

// guardedTx is a transaction of a guarded querier.
type guardedTx struct{ pgx.Tx }

func (t guardedTx) Begin(ctx context.Context) (pgx.Tx, error) { return guarded{t.Tx}.Begin(ctx) }
func (t guardedTx) Commit(ctx context.Context) error          { return unavailable(t.Tx.Commit(ctx)) }
func (t guardedTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return guarded{t.Tx}.Exec(ctx, sql, args...)
}
func (t guardedTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return guarded{t.Tx}.Query(ctx, sql, args...)
}
func (t guardedTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return guarded{t.Tx}.QueryRow(ctx, sql, args...)
}
func (t guardedTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return guarded{t.Tx}.SendBatch(ctx, b)
}

type guardedRows struct{ pgx.Rows }

func (r guardedRows) Err() error { return unavailable(r.Rows.Err()) }

type guardedRow struct{ pgx.Row }

func (r guardedRow) Scan(dest ...any) error { return unavailable(r.Row.Scan(dest...)) }

type guardedBatch struct{ pgx.BatchResults }

func (b guardedBatch) Exec() (pgconn.CommandTag, error) {
	tag, err := b.BatchResults.Exec()
	return tag, unavailable(err)
}
func (b guardedBatch) Query() (pgx.Rows, error) {
	rows, err := b.BatchResults.Query()
	if rows != nil {
		rows = guardedRows{rows}
	}
	return rows, unavailable(err)
}
func (b guardedBatch) QueryRow() pgx.Row { return guardedRow{b.BatchResults.QueryRow()} }
func (b guardedBatch) Close() error      { return unavailable(b.BatchResults.Close()) }
