package db

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/traveler-bridge/traveler/tournament"
)

// Store is the tournament.Store kept in PostgreSQL.
type Store struct {
	pool    *pgxpool.Pool
	q       querier               // the pool, or the transaction of an import
	batches *resultBatches        // gathers CreateResults calls over the pool; nil in a transaction
	jobs    *river.Client[pgx.Tx] // puts analysis jobs in the queue (analysis.go)
}

// querier is what the store's statements run on: the pool, or a transaction
// (pgx.Tx) when several changes must be made all or none.
type querier interface {
	Begin(ctx context.Context) (pgx.Tx, error)
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Store implements tournament.Store.
var _ tournament.Store = (*Store)(nil)

// OpenOption is a choice made when a Store is opened (Open).
type OpenOption func(*pgxpool.Config)

// Niced has the Store keep at most conns connections and ask each
// connection's server process, on this machine, to run at nice value nice
// and on the CPUs this process may run on (lowerBackend): a process making
// reports apart (traveler make-heavy) has the database answer it at the
// priority and on the CPUs it runs at itself, after and beside the entries
// of the server's tables. Its queries are planned without parallel
// workers: those are server processes of their own, which would run at
// full priority on every CPU.
func Niced(conns, nice int) OpenOption {
	return func(cfg *pgxpool.Config) {
		cfg.MaxConns = int32(conns)
		cfg.ConnConfig.RuntimeParams["max_parallel_workers_per_gather"] = "0"
		cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
			var pid int
			if err := c.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				return err
			}
			lowerBackend(pid, c.Config().Database, nice)
			return nil
		}
	}
}

// Open connects to the database at databaseURL (a postgres:// URL or a
// keyword/value connection string), checks that it answers, and returns a
// Store over a pool of 4·GOMAXPROCS+4 connections unless the URL sets
// pool_max_conns (or an option another number). It does not migrate: run
// Migrate first.
func Open(ctx context.Context, databaseURL string, opts ...OpenOption) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("db: the database URL cannot be read (%s): it must look like postgres://user@host:5432/name",
			redact(err.Error(), databaseURL))
	}
	if !strings.Contains(databaseURL, "pool_max_conns") {
		cfg.MaxConns = int32(4*runtime.GOMAXPROCS(0) + 4)
	}
	for _, o := range opts {
		o(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("db: open: %s", redact(err.Error(), databaseURL))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: connect to %s:%d: %s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, redact(err.Error(), databaseURL))
	}
	jobs, err := newJobClient(pool)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: the analysis queue: %w", err)
	}
	s := &Store{pool: pool, q: guarded{pool}, jobs: jobs}
	s.batches = &resultBatches{s: s, lanes: batchLanes}
	return s, nil
}

// Close closes every connection of the pool, waiting for those in use.
func (s *Store) Close() { s.pool.Close() }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("db: ping: %w", err)
	}
	return nil
}

// StandingsVersion returns a value that changes whenever a section's
// standings may: a result stored, changed, rescored or deleted (their count
// and newest change), its event changed (method, law code), a slot
// marked to be played later or unmarked (FinishedBoards), a table's
// refused entry recorded, called about or resolved (the session board lists
// them), a board marked fouled or cleared (the versions of its tables), the
// section's row changed (its name, round) or a pair or team added, renamed
// or removed (the transaction that last wrote a row, xmin: names show in
// the standings). ErrNotFound for no such section.
func (s *Store) StandingsVersion(ctx context.Context, sectionID int64) (string, error) {
	var v *string
	err := s.q.QueryRow(ctx, `SELECT `+standingsVersion+`
		FROM sections s JOIN sessions se ON se.id = s.session_id JOIN events e ON e.id = se.event_id
		WHERE s.id = $1 AND `+liveSection, sectionID).Scan(&v)
	if err != nil {
		return "", notFound("standings version", err, "section", sectionID)
	}
	return *v, nil
}

// SectionVersions returns, for every live section of an event, its
// StandingsVersion followed by how many of its boards' analyses stand
// (those Analyses returns): what an event's reports are made from, read in
// one query however many sections it has. An event with no sections, or
// none, gives an empty map.
func (s *Store) SectionVersions(ctx context.Context, eventID int64) (map[int64]string, error) {
	rows, err := s.q.Query(ctx, `SELECT s.id, `+standingsVersion+` || '/' ||
		       (SELECT count(*) FROM board_analyses a JOIN boards b ON (b.section_id, b.number, b.deal) = (a.section_id, a.number, a.deal)
		        WHERE a.section_id = s.id)::text
		FROM sections s JOIN sessions se ON se.id = s.session_id JOIN events e ON e.id = se.event_id
		WHERE e.id = $1 AND `+liveSection, eventID)
	if err != nil {
		return nil, translate("section versions", err, ids{event: eventID})
	}
	out := map[int64]string{}
	var id int64
	var v string
	_, err = pgx.ForEachRow(rows, []any{&id, &v}, func() error {
		out[id] = v
		return nil
	})
	if err != nil {
		return nil, translate("section versions", err, ids{event: eventID})
	}
	return out, nil
}

// standingsVersion is StandingsVersion's value of section s (of event e),
// as one SQL expression.
const standingsVersion = `(SELECT count(*) || '/' || coalesce(max(r.updated_at)::text, '') FROM results r WHERE r.section_id = s.id)
		       || '/' || e.updated_at::text
		       || '/' || (SELECT count(*) || '/' || coalesce(max(l.marked_at)::text, '') FROM late_plays l WHERE l.section_id = s.id)
		       || '/' || (SELECT count(*) || '/' || coalesce(greatest(max(f.refused_at), max(f.called_at), max(f.resolved_at))::text, '')
		                  FROM refused_entries f WHERE f.section_id = s.id)
		       || '/' || (SELECT coalesce(string_agg(v.board || '.' || v.round || '.' || v.table_no || '=' || v.version, ','
		                      ORDER BY v.board, v.round, v.table_no), '')
		                  FROM board_versions v WHERE v.section_id = s.id)
		       || '/' || s.xmin::text
		       || '/' || (SELECT count(*) || '.' || coalesce(max(p.xmin::text::bigint), 0) FROM pairs p WHERE p.section_id = s.id)
		       || '/' || (SELECT count(*) || '.' || coalesce(max(t.xmin::text::bigint), 0) FROM teams t WHERE t.section_id = s.id)`

// RedactURL is a database URL with its password hidden, for logs and
// messages.
func RedactURL(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return "(a DATABASE_URL that is not a URL)"
	}
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return u
	}
	if name, _, hasPass := strings.Cut(userinfo, ":"); hasPass {
		userinfo = name + ":xxxxx"
	}
	return scheme + "://" + userinfo + "@" + host
}
