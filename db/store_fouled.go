package db

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// FouledBoards returns a section's fouled boards (board_versions), by
// board, each with its slots by round then table.
func (s *Store) FouledBoards(ctx context.Context, sectionID int64) ([]tournament.FouledBoard, error) {
	rows, _ := s.q.Query(ctx, `
		SELECT board, round, table_no, version FROM board_versions
		WHERE section_id = $1 ORDER BY board, round, table_no`, sectionID)
	type slot struct {
		board int
		sv    tournament.SlotVersion
	}
	slots, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (slot, error) {
		var x slot
		err := row.Scan(&x.board, &x.sv.Round, &x.sv.Table, &x.sv.Version)
		return x, err
	})
	if err != nil {
		return nil, translate("fouled boards", err, ids{section: sectionID})
	}
	var out []tournament.FouledBoard
	for _, x := range slots {
		if len(out) == 0 || out[len(out)-1].Board != x.board {
			out = append(out, tournament.FouledBoard{SectionID: sectionID, Board: x.board})
		}
		out[len(out)-1].Slots = append(out[len(out)-1].Slots, x.sv)
	}
	return out, nil
}

// SetFouledBoard replaces the versions stored for f's board with f's slots
// and stores the change c, in one transaction.
func (s *Store) SetFouledBoard(ctx context.Context, f tournament.FouledBoard, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		if _, err := ts.q.Exec(ctx, `DELETE FROM board_versions WHERE section_id = $1 AND board = $2`, f.SectionID, f.Board); err != nil {
			return err
		}
		rounds, tables, versions := make([]int, len(f.Slots)), make([]int, len(f.Slots)), make([]int, len(f.Slots))
		for i, sv := range f.Slots {
			rounds[i], tables[i], versions[i] = sv.Round, sv.Table, sv.Version
		}
		if len(f.Slots) > 0 {
			if _, err := ts.q.Exec(ctx, `
				INSERT INTO board_versions (section_id, board, round, table_no, version)
				SELECT $1, $2, x.round, x.table_no, x.version
				FROM unnest($3::int[], $4::int[], $5::int[]) AS x(round, table_no, version)`,
				f.SectionID, f.Board, rounds, tables, versions); err != nil {
				return err
			}
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("set fouled board", err, ids{section: f.SectionID})
}
