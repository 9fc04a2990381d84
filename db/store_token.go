package db

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// tokenColumns are the columns scanToken reads.
const tokenColumns = `id, role, name, coalesce(section_id, 0), coalesce(table_no, 0), hash, created_at, expires_at, revoked_at`

// scanToken reads a row of tokenColumns.
func scanToken(row pgx.CollectableRow) (tournament.Token, error) {
	var (
		t                tournament.Token
		expires, revoked *time.Time
	)
	err := row.Scan(&t.ID, &t.Role, &t.Name, &t.SectionID, &t.Table, &t.Hash, &t.CreatedAt, &expires, &revoked)
	t.CreatedAt = t.CreatedAt.UTC()
	t.ExpiresAt, t.RevokedAt = timeOf(expires), timeOf(revoked)
	return t, err
}

// timeOf is a nullable timestamp in UTC, the zero time for NULL.
func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// nullTime is t for a nullable timestamp column: NULL for the zero time.
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
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
		INSERT INTO tokens (role, name, section_id, table_no, hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING id, created_at`, string(t.Role), t.Name, section, table, t.Hash, nullTime(t.ExpiresAt),
	).Scan(&t.ID, &t.CreatedAt)
	if err != nil {
		return translate("create token", err, ids{section: t.SectionID})
	}
	t.CreatedAt = t.CreatedAt.UTC()
	return nil
}

// ReplaceTableTokens revokes the unrevoked tokens of the section's tables
// (all of them when tables is nil) and stores tokens, in one transaction (a
// section deleted meanwhile is ErrNotFound); it returns how many it revoked.
func (s *Store) ReplaceTableTokens(ctx context.Context, sectionID int64, tables []int, tokens []*tournament.Token) (int, error) {
	var only []int32 // nil: every table
	if tables != nil {
		only = make([]int32, len(tables))
		for i, t := range tables {
			only[i] = int32(t)
		}
	}
	var revoked int
	err := s.inTx(ctx, func(ts *Store) error {
		// the section's row is locked, so a deletion waits for the new
		// tokens and revokes them too
		var one int
		err := ts.q.QueryRow(ctx, `SELECT 1 FROM sections s WHERE s.id = $1 AND `+liveSection+` FOR UPDATE OF s`, sectionID).Scan(&one)
		if err == pgx.ErrNoRows {
			return tournament.NotFoundf("section", sectionID)
		}
		if err != nil {
			return err
		}
		tag, err := ts.q.Exec(ctx, `
			UPDATE tokens SET revoked_at = now()
			WHERE role = 'table' AND section_id = $1 AND ($2::int[] IS NULL OR table_no = ANY($2)) AND revoked_at IS NULL`, sectionID, only)
		if err != nil {
			return err
		}
		revoked = int(tag.RowsAffected())
		for _, t := range tokens {
			if err := ts.CreateToken(ctx, t); err != nil {
				return err
			}
		}
		return nil
	})
	return revoked, translate("replace table tokens", err, ids{section: sectionID})
}

// TokenByHash returns the token with this hash; ErrNotFound when there is
// none.
func (s *Store) TokenByHash(ctx context.Context, hash []byte) (tournament.Token, error) {
	q, _ := s.q.Query(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE hash = $1`, hash)
	return oneToken(q, "no such token")
}

// Token returns the token with this id; ErrNotFound when there is none.
func (s *Store) Token(ctx context.Context, id int64) (tournament.Token, error) {
	q, _ := s.q.Query(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE id = $1`, id)
	return oneToken(q, "token "+strconv.FormatInt(id, 10)+" does not exist")
}

// oneToken collects the one token rows holds; notFound is the message when
// it holds none.
func oneToken(rows pgx.Rows, notFound string) (tournament.Token, error) {
	t, err := pgx.CollectExactlyOneRow(rows, scanToken)
	if err == pgx.ErrNoRows {
		return t, &tournament.Error{Kind: tournament.ErrNotFound, Message: notFound}
	}
	return t, translate("token", err, ids{})
}

// tokenStates is the SQL condition of each token state, at the database's
// clock (tournament.Token.State's rule).
var tokenStates = map[tournament.TokenState]string{
	"":                      `true`,
	tournament.TokenActive:  `revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
	tournament.TokenExpired: `revoked_at IS NULL AND expires_at <= now()`,
	tournament.TokenRevoked: `revoked_at IS NOT NULL`,
}

// Tokens returns the tokens f asks for: a section's table tokens by table
// (ErrNotFound when there is no such section), else the newest f.Limit of
// f.Role's (both when ""), leaving out table tokens of deleted sections;
// of f.State's only, when it names one.
func (s *Store) Tokens(ctx context.Context, f tournament.TokenFilter) ([]tournament.Token, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = tournament.MaxTokensListed
	}
	state, ok := tokenStates[f.State]
	if !ok {
		return nil, tournament.Invalidf("state", strconv.Quote(string(f.State))+" is not a token's state")
	}
	if f.SectionID != 0 {
		return listIn(ctx, s, "section", f.SectionID, `
			SELECT `+tokenColumns+` FROM tokens WHERE role = 'table' AND section_id = $1 AND `+state+`
			ORDER BY table_no, id DESC LIMIT $2`,
			[]any{f.SectionID, limit}, scanToken)
	}
	q, _ := s.q.Query(ctx, `
		SELECT `+tokenColumns+` FROM tokens t
		WHERE ($1 = '' OR role = $1) AND `+state+`
		  AND (section_id IS NULL OR EXISTS (SELECT FROM sections s WHERE s.id = t.section_id AND `+liveSection+`))
		ORDER BY id DESC LIMIT $2`, string(f.Role), limit)
	tokens, err := pgx.CollectRows(q, scanToken)
	return tokens, translate("tokens", err, ids{})
}

// SetTokenExpiry sets when a token expires (the zero time: never) and
// returns it.
func (s *Store) SetTokenExpiry(ctx context.Context, id int64, at time.Time) (tournament.Token, error) {
	q, _ := s.q.Query(ctx, `UPDATE tokens SET expires_at = $2 WHERE id = $1 RETURNING `+tokenColumns, id, nullTime(at))
	return oneToken(q, "token "+strconv.FormatInt(id, 10)+" does not exist")
}

// RevokeToken revokes a token (one revoked keeps its time) and ends its
// sign-ins, in one transaction, and returns it.
func (s *Store) RevokeToken(ctx context.Context, id int64) (tournament.Token, error) {
	var t tournament.Token
	err := s.inTx(ctx, func(ts *Store) error {
		q, _ := ts.q.Query(ctx, `
			UPDATE tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING `+tokenColumns, id)
		var err error
		if t, err = oneToken(q, "token "+strconv.FormatInt(id, 10)+" does not exist"); err != nil {
			return err
		}
		_, err = ts.q.Exec(ctx, `UPDATE sign_ins SET ended_at = now() WHERE token_id = $1 AND ended_at IS NULL`, id)
		return err
	})
	return t, translate("revoke token", err, ids{})
}

// revokeSectionTokens revokes the tokens of the sections sql selects (by
// id, with args), inside a deletion's transaction.
func (s *Store) revokeSectionTokens(ctx context.Context, sql string, args ...any) error {
	_, err := s.q.Exec(ctx, `UPDATE tokens SET revoked_at = now() WHERE revoked_at IS NULL AND section_id IN (`+sql+`)`, args...)
	return err
}

// signInColumns are the columns scanSignIn reads, from sign_ins si left
// joined with its token t: its expiry and end are its token's when sooner.
const signInColumns = `si.id, coalesce(si.token_id, 0), si.name, si.agent, si.hash, si.created_at,
	least(si.expires_at, t.expires_at), coalesce(si.ended_at, t.revoked_at)`

// scanSignIn reads a row of signInColumns.
func scanSignIn(row pgx.CollectableRow) (tournament.SignIn, error) {
	var (
		si    tournament.SignIn
		ended *time.Time
	)
	err := row.Scan(&si.ID, &si.TokenID, &si.Name, &si.Agent, &si.Hash, &si.CreatedAt, &si.ExpiresAt, &ended)
	si.CreatedAt, si.ExpiresAt, si.EndedAt = si.CreatedAt.UTC(), si.ExpiresAt.UTC(), timeOf(ended)
	return si, err
}

// signInsKept is how long an ended or expired sign-in is kept (to be seen
// in the database) before the next sign-in forgets it.
const signInsKept = `interval '30 days'`

// CreateSignIn stores a sign-in (its hash) and sets its ID and CreatedAt,
// forgetting sign-ins that ended or expired more than signInsKept ago.
func (s *Store) CreateSignIn(ctx context.Context, si *tournament.SignIn) error {
	var token *int64
	if si.TokenID != 0 {
		token = &si.TokenID
	}
	err := s.inTx(ctx, func(ts *Store) error {
		if _, err := ts.q.Exec(ctx, `
			DELETE FROM sign_ins WHERE least(ended_at, expires_at) < now() - `+signInsKept); err != nil {
			return err
		}
		return ts.q.QueryRow(ctx, `
			INSERT INTO sign_ins (token_id, name, agent, hash, expires_at) VALUES ($1, $2, $3, $4, $5)
			RETURNING id, created_at`, token, si.Name, si.Agent, si.Hash, si.ExpiresAt).Scan(&si.ID, &si.CreatedAt)
	})
	if err != nil {
		return translate("create sign-in", err, ids{})
	}
	si.CreatedAt = si.CreatedAt.UTC()
	return nil
}

// SignInByHash returns the sign-in with this hash; ErrNotFound when there
// is none.
func (s *Store) SignInByHash(ctx context.Context, hash []byte) (tournament.SignIn, error) {
	q, _ := s.q.Query(ctx, `SELECT `+signInColumns+` FROM sign_ins si LEFT JOIN tokens t ON t.id = si.token_id WHERE si.hash = $1`, hash)
	si, err := pgx.CollectExactlyOneRow(q, scanSignIn)
	if err == pgx.ErrNoRows {
		return si, &tournament.Error{Kind: tournament.ErrNotFound, Message: "no such sign-in"}
	}
	return si, translate("sign-in", err, ids{})
}

// SignIns returns the sign-ins that have neither ended nor expired, newest
// first (at most tournament.MaxTokensListed).
func (s *Store) SignIns(ctx context.Context) ([]tournament.SignIn, error) {
	q, _ := s.q.Query(ctx, `
		SELECT `+signInColumns+` FROM sign_ins si LEFT JOIN tokens t ON t.id = si.token_id
		WHERE si.ended_at IS NULL AND t.revoked_at IS NULL AND least(si.expires_at, t.expires_at) > now()
		ORDER BY si.id DESC LIMIT $1`, tournament.MaxTokensListed)
	out, err := pgx.CollectRows(q, scanSignIn)
	return out, translate("sign-ins", err, ids{})
}

// EndSignIn ends a sign-in (one ended keeps its time); ErrNotFound when
// there is none.
func (s *Store) EndSignIn(ctx context.Context, id int64) error {
	tag, err := s.q.Exec(ctx, `UPDATE sign_ins SET ended_at = coalesce(ended_at, now()) WHERE id = $1`, id)
	if err != nil {
		return translate("end sign-in", err, ids{})
	}
	if tag.RowsAffected() == 0 {
		return &tournament.Error{Kind: tournament.ErrNotFound, Message: "sign-in " + strconv.FormatInt(id, 10) + " does not exist"}
	}
	return nil
}
