package db_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// refused runs sql and reports the SQLSTATE and constraint PostgreSQL
// refused it with.
func refused(t *testing.T, p *pgxpool.Pool, sql string, args ...any) (code, constraint string) {
	t.Helper()
	_, err := p.Exec(context.Background(), sql, args...)
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		t.Fatalf("%s: got %v, want PostgreSQL to refuse it", sql, err)
	}
	return pe.Code, pe.ConstraintName
}

// TestConstraints checks that the database itself refuses nonsense, whatever
// the code in front of it does: raw SQL, no store.
func TestConstraints(t *testing.T) {
	s, u := open(t)
	p := rawPool(t, u)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)

	insert := `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks)
		VALUES ($1, $2, 1, 1, '1', '8', 'played', '4S', 'N', $3)`
	if _, err := p.Exec(c, insert, sec.ID, 1, 10); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, sql        string
		args             []any
		code, constraint string
	}{
		{"tricks 14", insert, []any{sec.ID, 2, 14}, "23514", "results_tricks_check"},
		{"tricks -1", insert, []any{sec.ID, 2, -1}, "23514", "results_tricks_check"},
		{"a second result on board 1, round 1, table 1", insert, []any{sec.ID, 1, 9}, "23505", "results_slot_key"},
		{"a section that does not exist", insert, []any{sec.ID + 1000, 1, 10}, "23503", "results_section_fkey"},
		{"an unknown law code", `INSERT INTO events (name, date, law, scoring) VALUES ('x', '2026-01-01', 'rubber', 'MP')`, nil, "23514", "events_law_check"},
		{"an unknown scoring method", `INSERT INTO events (name, date, law, scoring) VALUES ('x', '2026-01-01', 'bridge', 'RUBBER')`, nil, "23514", "events_scoring_check"},
		{"an unknown status", `INSERT INTO results (section_id, board, round, table_no, ns, ew, status) VALUES ($1, 3, 1, 1, '1', '8', 'won')`, []any{sec.ID}, "23514", "results_status_check"},
		{"a played result without tricks", `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, contract, declarer) VALUES ($1, 3, 1, 1, '1', '8', 'played', '4S', 'N')`, []any{sec.ID}, "23514", "results_played_check"},
		{"tricks on a board passed out", `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, tricks) VALUES ($1, 3, 1, 1, '1', '8', 'passed_out', 0)`, []any{sec.ID}, "23514", "results_tricks_played_check"},
		{"declarer X", `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks) VALUES ($1, 3, 1, 1, '1', '8', 'played', '4S', 'X', 9)`, []any{sec.ID}, "23514", "results_declarer_check"},
		{"an artificial 110%", `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, ns_percent) VALUES ($1, 3, 1, 1, '1', '8', 'artificial', 110)`, []any{sec.ID}, "23514", "results_ns_percent_check"},
		{"board 0", `INSERT INTO boards (section_id, number, dealer, vulnerability) VALUES ($1, 0, 'N', 'None')`, []any{sec.ID}, "23514", "boards_number_check"},
		{"vulnerability Both", `INSERT INTO boards (section_id, number, dealer, vulnerability) VALUES ($1, 1, 'N', 'Both')`, []any{sec.ID}, "23514", "boards_vulnerability_check"},
		{"a pair sitting north", `INSERT INTO pairs (section_id, number, direction) VALUES ($1, '1', 'N')`, []any{sec.ID}, "23514", "pairs_direction_check"},
		{"a current round past the movement's 7", `UPDATE sections SET current_round = 8 WHERE id = $1`, []any{sec.ID}, "23514", "sections_current_round_check"},
		{"a table token without its table", `INSERT INTO tokens (role, section_id, hash) VALUES ('table', $1, '\x000102030405060708090a0b0c0d0e0f')`, []any{sec.ID}, "23514", "tokens_scope_check"},
		{"an audit row of an unknown action", `INSERT INTO audit (result_id, section_id, action, actor) VALUES (1, $1, 'undo', 'x')`, []any{sec.ID}, "23514", "audit_action_check"},
	} {
		code, constraint := refused(t, p, tc.sql, tc.args...)
		if code != tc.code || constraint != tc.constraint {
			t.Errorf("%s: refused with %s %s, want %s %s", tc.name, code, constraint, tc.code, tc.constraint)
		}
	}

	// Every law code, method and status the Go code knows is accepted: the
	// CHECK lists are the same lists.
	for _, law := range scoring.LawNames() {
		for _, m := range tournament.Methods {
			if _, err := p.Exec(c, `INSERT INTO events (name, date, law, scoring) VALUES ('x', '2026-01-01', $1, $2)`, law, string(m)); err != nil {
				t.Errorf("law %s, scoring %s: %v", law, m, err)
			}
		}
	}
	for i, st := range tournament.Statuses {
		if _, err := p.Exec(c, `INSERT INTO results (section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks)
			VALUES ($1, $2, 2, 1, '1', '8', $3, 'PASS', 'N', CASE WHEN $3 = 'played' THEN 0 END)`, sec.ID, 10+i, string(st)); err != nil {
			t.Errorf("status %s: %v", st, err)
		}
	}
	if len(scoring.LawNames()) != 6 {
		t.Errorf("%d law codes, the schema lists 6: a new one needs a migration", len(scoring.LawNames()))
	}

	// Deleting an event deletes its sessions, sections, movements, results
	// and their audit (ON DELETE CASCADE).
	if _, err := p.Exec(c, `DELETE FROM events`); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := p.QueryRow(c, `SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM sections) + (SELECT count(*) FROM results) + (SELECT count(*) FROM audit) + (SELECT count(*) FROM movement_rounds) + (SELECT count(*) FROM movement_rests)`).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d rows left after deleting every event", left)
	}
}

// TestCheckNames keeps the store's explanations in step with the schema:
// every CHECK constraint of the schema is explained, and every explanation
// is of a constraint in the schema.
func TestCheckNames(t *testing.T) {
	_, u := open(t)
	p := rawPool(t, u)
	rows, err := p.Query(context.Background(), `
		SELECT c.conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
		JOIN pg_class r ON r.oid = c.conrelid
		WHERE n.nspname = 'public' AND c.contype = 'c' AND r.relname NOT LIKE 'river\_%' ORDER BY 1`) // river's tables are the queue's own
	if err != nil {
		t.Fatal(err)
	}
	var schema []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		schema = append(schema, n)
	}
	explained := db.CheckConstraints()
	slices.Sort(explained)
	for _, n := range schema {
		if !slices.Contains(explained, n) {
			t.Errorf("CHECK %s is not explained (errors.go: checks)", n)
		}
	}
	for _, n := range explained {
		if !slices.Contains(schema, n) {
			t.Errorf("checks explains %s, which the schema does not have", n)
		}
	}
}
