package db

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// tokenColumns are the columns scanToken reads.
const tokenColumns = `id, role, name, coalesce(section_id, 0), coalesce(table_no, 0), hash, created_at`

// scanToken reads a row of tokenColumns.
func scanToken(row pgx.CollectableRow) (tournament.Token, error) {
	var t tournament.Token
	err := row.Scan(&t.ID, &t.Role, &t.Name, &t.SectionID, &t.Table, &t.Hash, &t.CreatedAt)
	t.CreatedAt = t.CreatedAt.UTC()
	return t, err
}

// CreateToken stores a token (its hash) and sets its ID and CreatedAt. A
// table token names its section and table, a director token neither.
func (s *Store) CreateToken(ctx context.Context, t *tournament.Token) error {
	var section, table *int64
	if t.SectionID != 0 {
		section = &t.SectionID
	}
	if t.Table != 0 {
		n := int64(t.Table)
		table = &n
	}
	err := s.q.QueryRow(ctx, `
		INSERT INTO tokens (role, name, section_id, table_no, hash) VALUES ($1, $2, $3, $4, $5)
		RETURNING id, created_at`, string(t.Role), t.Name, section, table, t.Hash,
	).Scan(&t.ID, &t.CreatedAt)
	if err != nil {
		return translate("create token", err, ids{section: t.SectionID})
	}
	t.CreatedAt = t.CreatedAt.UTC()
	return nil
}

// TokenByHash returns the token with this hash; ErrNotFound when there is
// none.
func (s *Store) TokenByHash(ctx context.Context, hash []byte) (tournament.Token, error) {
	q, _ := s.q.Query(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE hash = $1`, hash)
	t, err := pgx.CollectExactlyOneRow(q, scanToken)
	if err != nil {
		if err == pgx.ErrNoRows {
			return t, &tournament.Error{Kind: tournament.ErrNotFound, Message: "no such token"}
		}
		return t, translate("token", err, ids{})
	}
	return t, nil
}

// Tokens returns a section's table tokens by table (sectionID > 0; ErrNotFound
// when there is no such section) or the director tokens (0), oldest first.
func (s *Store) Tokens(ctx context.Context, sectionID int64) ([]tournament.Token, error) {
	if sectionID == 0 {
		q, _ := s.q.Query(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE role = 'director' ORDER BY id`)
		tokens, err := pgx.CollectRows(q, scanToken)
		return tokens, translate("tokens", err, ids{})
	}
	return listIn(ctx, s, "section", sectionID, `
		SELECT `+tokenColumns+` FROM tokens WHERE role = 'table' AND section_id = $1 ORDER BY table_no, id`,
		[]any{sectionID}, scanToken)
}
