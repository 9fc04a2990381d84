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

// collectRows is pgx.CollectRows without its growth: the rows are kept in
// chunks, then copied once into a slice of their number, so that a long
// list (a big section's 20,000 results) allocates twice its size, not five
// times (append grows a large slice a quarter at a time). No rows are an
// empty slice, not nil, as pgx.CollectRows answers.
func collectRows[T any](rows pgx.Rows, scan pgx.RowToFunc[T]) ([]T, error) {
	defer rows.Close()
	var chunks [][]T
	cur := make([]T, 0, 16)
	n := 0
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		if len(cur) == cap(cur) {
			chunks = append(chunks, cur)
			cur = make([]T, 0, min(2*cap(cur), 2048))
		}
		cur = append(cur, v)
		n++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(chunks) == 0 {
		return cur, nil
	}
	out := make([]T, 0, n)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, cur...), nil
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
		out, err = collectRows(rows, scan)
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
