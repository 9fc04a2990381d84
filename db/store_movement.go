package db

import (
	"context"
	"fmt"

	"github.com/traveler-bridge/traveler/tournament"
)

// changeMovementSQL replaces a live section's spec, movement header
// ($2 to $10) and current round ($11), and deletes its old rounds (their
// tables with them) and teams for insertMovementSQL to store the new ones.
const changeMovementSQL = `
WITH sec AS (
    UPDATE sections s SET spec = $2, kind = $3, movement_name = $4, winners = $5, pairs = $6, tables = $7,
        boards = $8, phantom = $9, rounds = $10, current_round = $11, entry_version = s.entry_version + 1
    WHERE s.id = $1 AND ` + liveSection + `
    RETURNING s.id
), gone_rests AS (
    DELETE FROM movement_rests r USING sec WHERE r.section_id = sec.id
), gone_teams AS (
    DELETE FROM movement_teams t USING sec WHERE t.section_id = sec.id
)
SELECT id FROM sec`

// insertMovementSQL stores a section's rounds ($2), tables ($3) and teams
// ($4) after changeMovementSQL removed the old ones.
const insertMovementSQL = `
WITH rests AS (
    INSERT INTO movement_rests (section_id, round, sit_out, bye_stand)
    SELECT $1, x.round, x.sit_out, x.bye_stand
    FROM jsonb_to_recordset($2::jsonb) AS x(round int, sit_out int[], bye_stand int[])
    RETURNING round
), tabs AS (
    INSERT INTO movement_rounds (section_id, round, position, table_no, ns, ew, boards, arrow_switch, match, players)
    SELECT $1, x.round, x.position, x.table_no, x.ns, x.ew, x.boards, x.arrow_switch, x.match, x.players
    FROM jsonb_to_recordset($3::jsonb)
        AS x(round int, position int, table_no int, ns int, ew int, boards int[], arrow_switch bool, match int, players int[])
), teams AS (
    INSERT INTO movement_teams (section_id, number, pair_1, pair_2)
    SELECT $1, x.number, x.pair_1, x.pair_2
    FROM jsonb_to_recordset($4::jsonb) AS x(number int, pair_1 int, pair_2 int)
)
SELECT count(*) FROM rests`

// ChangeMovement stores sec's spec and movement in place of the old one,
// adds the pairs add and writes the change, in one transaction; the
// section's results stay as they are.
func (s *Store) ChangeMovement(ctx context.Context, sec *tournament.Section, add []tournament.Pair, c *tournament.Change) error {
	m := &sec.Movement
	spec, rests, tables, teams, err := movementJSON(sec)
	if err != nil {
		return fmt.Errorf("db: change movement: %w", err)
	}
	err = s.inTx(ctx, func(ts *Store) error {
		var id int64
		if err := ts.q.QueryRow(ctx, changeMovementSQL, sec.ID, spec, m.Kind.String(), m.Name, m.Winners, m.Pairs, m.Tables, m.Boards,
			m.Phantom, len(m.Rounds), sec.CurrentRound).Scan(&id); err != nil {
			return notFound("section", err, "section", sec.ID)
		}
		var n int
		if err := ts.q.QueryRow(ctx, insertMovementSQL, sec.ID, rests, tables, teams).Scan(&n); err != nil {
			return err
		}
		if err := ts.AddPairs(ctx, sec.ID, add); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("change movement", err, ids{event: sec.EventID, section: sec.ID})
}
