package db

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// existsSQL asks whether the parent row a list belongs to exists.
var existsSQL = map[string]string{
	"event":   `SELECT EXISTS (SELECT FROM events WHERE id = $1 AND deleted_at IS NULL)`,
	"section": `SELECT EXISTS (SELECT FROM sections WHERE id = $1 AND deleted_at IS NULL)`,
}

// listIn runs the list query sql in one round trip with a check that the
// parent (an "event" or a "section") with id exists: ErrNotFound when it
// does not, an empty list when it has nothing.
func listIn[T any](ctx context.Context, s *Store, parent string, id int64, sql string, args []any, scan pgx.RowToFunc[T]) ([]T, error) {
	var (
		found bool
		out   []T
	)
	b := &pgx.Batch{}
	b.Queue(existsSQL[parent], id).QueryRow(func(r pgx.Row) error { return r.Scan(&found) })
	b.Queue(sql, args...).Query(func(rows pgx.Rows) error {
		var err error
		out, err = pgx.CollectRows(rows, scan)
		return err
	})
	if err := s.q.SendBatch(ctx, b).Close(); err != nil {
		return nil, translate("list of a "+parent, err, ids{})
	}
	if !found {
		return nil, tournament.NotFoundf(parent, id)
	}
	return out, nil
}
