package db

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// The queries that read the pace of the sections readSections reads (the
// condition on sections s and sessions se, with $1).
const (
	closedRoundsSQL = `
SELECT section_id, table_no, round FROM round_closures
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, table_no, round`
	latePlaysSQL = `
SELECT section_id, board, round, table_no FROM late_plays
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, board, round, table_no`
)

// queuePace queues the reads of the rounds closed and the late plays of the
// sections where picks, each put on the section pace returns for its id.
func queuePace(b *pgx.Batch, where string, id int64, pace func(sectionID int64) *tournament.SectionPace) {
	b.Queue(fmt.Sprintf(closedRoundsSQL, where), id).Query(func(rows pgx.Rows) error {
		var (
			sectionID int64
			c         tournament.ClosedRound
		)
		_, err := pgx.ForEachRow(rows, []any{&sectionID, &c.Table, &c.Round}, func() error {
			if p := pace(sectionID); p != nil {
				p.Closed = append(p.Closed, c)
			}
			return nil
		})
		return err
	})
	b.Queue(fmt.Sprintf(latePlaysSQL, where), id).Query(func(rows pgx.Rows) error {
		var (
			sectionID int64
			sl        tournament.Slot
		)
		_, err := pgx.ForEachRow(rows, []any{&sectionID, &sl.Board, &sl.Round, &sl.Table}, func() error {
			if p := pace(sectionID); p != nil {
				p.Late = append(p.Late, sl)
			}
			return nil
		})
		return err
	})
}

// countUpSectionSQL counts up section $1's entry version, returning its id:
// the first part of each pace change's statement (an entry checked before
// and stored after is then checked again: insertResultsSQL).
const countUpSectionSQL = `UPDATE sections SET entry_version = entry_version + 1 WHERE id = $1 RETURNING id`

// int32s converts table numbers for an int[] parameter.
func int32s(ns []int) []int32 {
	out := make([]int32, len(ns))
	for i, n := range ns {
		out[i] = int32(n)
	}
	return out
}

// CloseRounds closes round for each of tables, counting up the section's
// entry version in the same statement (an entry checked before and stored
// after is checked again: insertResultsSQL).
func (s *Store) CloseRounds(ctx context.Context, sectionID int64, round int, tables []int, actor string) error {
	_, err := s.q.Exec(ctx, `
		WITH moved AS (`+countUpSectionSQL+`)
		INSERT INTO round_closures (section_id, table_no, round, closed_by)
		SELECT moved.id, t, $2, $4 FROM moved, unnest($3::int[]) AS t
		ON CONFLICT (section_id, table_no, round) DO NOTHING`, sectionID, round, int32s(tables), actor)
	return translate("close rounds", err, ids{section: sectionID})
}

// ReopenRounds reopens round for each of tables, counting up the section's
// entry version.
func (s *Store) ReopenRounds(ctx context.Context, sectionID int64, round int, tables []int) error {
	_, err := s.q.Exec(ctx, `
		WITH moved AS (`+countUpSectionSQL+`)
		DELETE FROM round_closures WHERE section_id IN (SELECT id FROM moved) AND round = $2 AND table_no = ANY($3::int[])`,
		sectionID, round, int32s(tables))
	return translate("reopen rounds", err, ids{section: sectionID})
}

// MarkLate marks a slot to be played later, counting up the section's
// entry version (a table's own round depends on it: TableRound).
func (s *Store) MarkLate(ctx context.Context, sectionID int64, sl tournament.Slot, actor string) error {
	_, err := s.q.Exec(ctx, `
		WITH moved AS (`+countUpSectionSQL+`)
		INSERT INTO late_plays (section_id, board, round, table_no, marked_by) SELECT id, $2, $3, $4, $5 FROM moved
		ON CONFLICT (section_id, board, round, table_no) DO NOTHING`, sectionID, sl.Board, sl.Round, sl.Table, actor)
	return translate("mark late play", err, ids{section: sectionID})
}

// UnmarkLate removes a slot's late-play mark, counting up the section's
// entry version; ErrNotFound when it has none.
func (s *Store) UnmarkLate(ctx context.Context, sectionID int64, sl tournament.Slot) error {
	tag, err := s.q.Exec(ctx, `
		WITH moved AS (`+countUpSectionSQL+`)
		DELETE FROM late_plays WHERE section_id IN (SELECT id FROM moved) AND board = $2 AND round = $3 AND table_no = $4`,
		sectionID, sl.Board, sl.Round, sl.Table)
	if err != nil {
		return translate("unmark late play", err, ids{section: sectionID})
	}
	if tag.RowsAffected() == 0 {
		return &tournament.Error{Kind: tournament.ErrNotFound, Field: "board", Message: "board " + strconv.Itoa(sl.Board) + " at table " +
			strconv.Itoa(sl.Table) + " in round " + strconv.Itoa(sl.Round) + " is not marked to be played later"}
	}
	return nil
}

// refusalColumns are a refused entry's columns, in scanRefusal's order.
const refusalColumns = `f.id, f.section_id, f.table_no, f.entry_key, f.board, f.round, f.entry, f.reason, f.field, f.refused_at, f.called_at`

// openRefusal is the condition of a refused entry f still open: not
// resolved, and no result of its slot entered or changed since.
const openRefusal = `f.resolved_at IS NULL AND NOT EXISTS (
    SELECT FROM results r WHERE r.section_id = f.section_id AND r.board = f.board AND r.round = f.round
        AND r.table_no = f.table_no AND r.updated_at > f.refused_at)`

// scanRefusal reads a row of refusalColumns.
func scanRefusal(row pgx.CollectableRow) (tournament.Refusal, error) {
	var (
		f      tournament.Refusal
		called *time.Time
	)
	err := row.Scan(&f.ID, &f.SectionID, &f.Table, &f.Key, &f.Board, &f.Round, &f.Entry, &f.Reason, &f.Field, &f.RefusedAt, &called)
	if called != nil {
		f.CalledAt = called.UTC()
	}
	f.RefusedAt = f.RefusedAt.UTC()
	return f, err
}

// RecordRefusal stores a refused entry, or refreshes the one with the same
// key (open again, its reason the newest).
func (s *Store) RecordRefusal(ctx context.Context, f *tournament.Refusal) error {
	err := s.q.QueryRow(ctx, `
		INSERT INTO refused_entries (section_id, table_no, entry_key, board, round, entry, reason, field)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (section_id, table_no, entry_key) DO UPDATE SET board = EXCLUDED.board, round = EXCLUDED.round,
			entry = EXCLUDED.entry, reason = EXCLUDED.reason, field = EXCLUDED.field, refused_at = clock_timestamp(),
			resolved_at = NULL, resolved_by = ''
		RETURNING id, refused_at`, f.SectionID, f.Table, f.Key, max(f.Board, 0), max(f.Round, 0), f.Entry, f.Reason, f.Field).Scan(&f.ID, &f.RefusedAt)
	f.RefusedAt = f.RefusedAt.UTC()
	return translate("record refusal", err, ids{section: f.SectionID})
}

// Refusals returns a section's open refused entries (table > 0: that
// table's) by table, round, board.
func (s *Store) Refusals(ctx context.Context, sectionID int64, table int) ([]tournament.Refusal, error) {
	rows, _ := s.q.Query(ctx, `SELECT `+refusalColumns+` FROM refused_entries f
		WHERE f.section_id = $1 AND ($2 = 0 OR f.table_no = $2) AND `+openRefusal+`
		ORDER BY f.table_no, f.round, f.board, f.id`, sectionID, table)
	out, err := pgx.CollectRows(rows, scanRefusal)
	return out, translate("refusals", err, ids{section: sectionID})
}

// CallForRefusal notes the table's call for the director about an open
// refused entry.
func (s *Store) CallForRefusal(ctx context.Context, sectionID int64, table int, key string) (tournament.Refusal, error) {
	rows, _ := s.q.Query(ctx, `UPDATE refused_entries f SET called_at = coalesce(f.called_at, now())
		WHERE f.section_id = $1 AND f.table_no = $2 AND f.entry_key = $3 AND `+openRefusal+`
		RETURNING `+refusalColumns, sectionID, table, key)
	f, err := pgx.CollectExactlyOneRow(rows, scanRefusal)
	if errors.Is(err, pgx.ErrNoRows) {
		return f, noRefusal()
	}
	return f, translate("call for refusal", err, ids{section: sectionID})
}

// ResolveRefusal closes an open refused entry, by key at table or by id.
func (s *Store) ResolveRefusal(ctx context.Context, sectionID int64, table int, key string, id int64, by string) error {
	tag, err := s.q.Exec(ctx, `UPDATE refused_entries f SET resolved_at = now(), resolved_by = $5
		WHERE f.section_id = $1 AND (($4::bigint > 0 AND f.id = $4) OR ($4::bigint = 0 AND f.table_no = $2 AND f.entry_key = $3))
			AND `+openRefusal, sectionID, table, key, id, by)
	if err != nil {
		return translate("resolve refusal", err, ids{section: sectionID})
	}
	if tag.RowsAffected() == 0 {
		return noRefusal()
	}
	return nil
}

// noRefusal is the ErrNotFound of a refused entry not open.
func noRefusal() error {
	return &tournament.Error{Kind: tournament.ErrNotFound, Field: "key", Message: "no refused entry of this table is open with this key: it was resolved already"}
}

// paceChecks explain the CHECK constraints of migration 0011 (errors.go).
var paceChecks = map[string]check{
	"round_closures_table_check":   {"table", "a table is " + numberedFrom1, nil},
	"round_closures_round_check":   {"round", "a round is " + numberedFrom1, nil},
	"late_plays_board_check":       {"board", "a board is " + numberedFrom1, nil},
	"late_plays_round_check":       {"round", "a round is " + numberedFrom1, nil},
	"late_plays_table_check":       {"table", "a table is " + numberedFrom1, nil},
	"refused_entries_table_check":  {"table", "a table is " + numberedFrom1, nil},
	"refused_entries_board_check":  {"board", "a board is a whole number, 0 when not known", nil},
	"refused_entries_round_check":  {"round", "a round is a whole number, 0 when not known", nil},
	"refused_entries_key_check":    {"key", "the entry's key is 1 to 100 characters", nil},
	"refused_entries_reason_check": {"reason", "at most 2000 characters", nil},
}

func init() {
	for name, c := range paceChecks {
		checks[name] = c
	}
}
