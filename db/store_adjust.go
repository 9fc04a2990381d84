package db

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// The queries that read the sections' penalties and point corrections with
// them (readSections); %s picks the sections as sectionsSQL does.
const (
	penaltiesSQL = `
SELECT id, section_id, number, direction, amount, unit, reason, board, given_by, given_at FROM penalties
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, id`
	correctionsSQL = `
SELECT section_id, board, round, table_no, side, points, reason, set_by, set_at FROM point_corrections
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, board, round, table_no, side`
	// touchSectionSQL rewrites section $1's row as it is: its change notice
	// and its xmin (StandingsVersion) tell every server that its standings
	// are to be made again.
	touchSectionSQL = `UPDATE sections SET current_round = current_round WHERE id = $1`
)

// queueAdjustments queues the reads of the penalties and corrections of the
// sections where picks, each put on the section sec returns for its id.
func queueAdjustments(b *pgx.Batch, where string, id int64, sec func(sectionID int64) *tournament.Section) {
	b.Queue(fmt.Sprintf(penaltiesSQL, where), id).Query(func(rows pgx.Rows) error {
		var p tournament.Penalty
		var unit string
		_, err := pgx.ForEachRow(rows, []any{&p.ID, &p.SectionID, &p.Number, &p.Direction, &p.Amount, &unit, &p.Reason, &p.Board, &p.By, &p.At}, func() error {
			if s := sec(p.SectionID); s != nil {
				p.Unit, p.At = tournament.PenaltyUnit(unit), p.At.UTC()
				s.Penalties = append(s.Penalties, p)
			}
			return nil
		})
		return err
	})
	b.Queue(fmt.Sprintf(correctionsSQL, where), id).Query(func(rows pgx.Rows) error {
		var pc tournament.PointCorrection
		_, err := pgx.ForEachRow(rows, []any{&pc.SectionID, &pc.Board, &pc.Round, &pc.Table, &pc.Side, &pc.Points, &pc.Reason, &pc.By, &pc.At}, func() error {
			if s := sec(pc.SectionID); s != nil {
				pc.At = pc.At.UTC()
				s.Corrections = append(s.Corrections, pc)
			}
			return nil
		})
		return err
	})
}

// AddPenalty stores p and the change c in one transaction, touching the
// section's row.
func (s *Store) AddPenalty(ctx context.Context, p *tournament.Penalty, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		if err := ts.q.QueryRow(ctx, `
			INSERT INTO penalties (section_id, number, direction, amount, unit, reason, board, given_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, given_at`,
			p.SectionID, p.Number, p.Direction, p.Amount, string(p.Unit), p.Reason, p.Board, p.By).Scan(&p.ID, &p.At); err != nil {
			return err
		}
		p.At = p.At.UTC()
		if _, err := ts.q.Exec(ctx, touchSectionSQL, p.SectionID); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("add penalty", err, ids{section: p.SectionID})
}

// DeletePenalty deletes a section's penalty and stores the change c in one
// transaction.
func (s *Store) DeletePenalty(ctx context.Context, sectionID, id int64, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `DELETE FROM penalties WHERE section_id = $1 AND id = $2`, sectionID, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return &tournament.Error{Kind: tournament.ErrNotFound, Field: "penalty", Message: fmt.Sprintf("section %d has no penalty %d", sectionID, id)}
		}
		if _, err := ts.q.Exec(ctx, touchSectionSQL, sectionID); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("delete penalty", err, ids{section: sectionID})
}

// SetCorrection stores pc in place of its line's side's, and the change c,
// in one transaction.
func (s *Store) SetCorrection(ctx context.Context, pc *tournament.PointCorrection, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		if err := ts.q.QueryRow(ctx, `
			INSERT INTO point_corrections (section_id, board, round, table_no, side, points, reason, set_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (section_id, board, round, table_no, side) DO UPDATE
			SET points = excluded.points, reason = excluded.reason, set_by = excluded.set_by, set_at = now()
			RETURNING set_at`,
			pc.SectionID, pc.Board, pc.Round, pc.Table, pc.Side, pc.Points, pc.Reason, pc.By).Scan(&pc.At); err != nil {
			return err
		}
		pc.At = pc.At.UTC()
		if _, err := ts.q.Exec(ctx, touchSectionSQL, pc.SectionID); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("set correction", err, ids{section: pc.SectionID})
}

// DeleteCorrection deletes the correction of pc's line and side and stores
// the change c in one transaction.
func (s *Store) DeleteCorrection(ctx context.Context, pc tournament.PointCorrection, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `DELETE FROM point_corrections WHERE section_id = $1 AND board = $2 AND round = $3 AND table_no = $4 AND side = $5`,
			pc.SectionID, pc.Board, pc.Round, pc.Table, pc.Side)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return &tournament.Error{Kind: tournament.ErrNotFound, Field: "side", Message: fmt.Sprintf("board %d round %d table %d %s has no correction", pc.Board, pc.Round, pc.Table, pc.Side)}
		}
		if _, err := ts.q.Exec(ctx, touchSectionSQL, pc.SectionID); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("delete correction", err, ids{section: pc.SectionID})
}
