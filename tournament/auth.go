package tournament

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// Public is the actor of a request without a token.
var Public = Actor{Role: RolePublic, Name: "public"}

// tokenPrefix starts every token traveler issues, so one is recognised in a
// log or a leaked file.
const tokenPrefix = "trv_"

// newSecret returns a new random token: the prefix, the role's letter and
// 32 random bytes in base64url.
func newSecret(role Role) string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand: " + err.Error()) // never fails on the systems Go supports
	}
	return tokenPrefix + string(role[0]) + "_" + base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken returns the sha-256 of a token, the only form it is stored in.
func hashToken(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// Authenticate returns the actor a token stands for: "" is the public; the
// configured director token or a stored one a director; a table token its
// table. An unknown token is ErrUnauthorized.
func (s *Service) Authenticate(ctx context.Context, secret string) (Actor, error) {
	if secret == "" {
		return Public, nil
	}
	hash := hashToken(secret)
	if s.directorHash != nil && subtle.ConstantTimeCompare(hash, s.directorHash) == 1 {
		return Director, nil
	}
	key := string(hash)
	if a, ok := s.actors.Load(key); ok {
		return a.(Actor), nil
	}
	t, err := s.store.TokenByHash(ctx, hash)
	if errors.Is(err, ErrNotFound) {
		return Public, &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "the token is not known: ask the director for a new one"}
	}
	if err != nil {
		return Public, err
	}
	a := Actor{Role: t.Role, Name: t.Name, TokenID: t.ID, SectionID: t.SectionID, Table: t.Table}
	s.actors.Store(key, a) // tokens are never changed once issued
	return a, nil
}

// CreateDirectorToken issues a stored director token (for `traveler token
// create` and the first start of the server).
func (s *Service) CreateDirectorToken(ctx context.Context, name string) (IssuedToken, error) {
	if name == "" {
		name = "director"
	}
	secret := newSecret(RoleDirector)
	t := Token{Role: RoleDirector, Name: name, Hash: hashToken(secret)}
	if err := s.store.CreateToken(ctx, &t); err != nil {
		return IssuedToken{}, err
	}
	return IssuedToken{Token: t, Secret: secret}, nil
}

// DirectorTokens returns the stored director tokens (their hashes and names).
func (s *Service) DirectorTokens(ctx context.Context) ([]Token, error) {
	return s.store.Tokens(ctx, 0)
}

// CreateTableTokens issues a token for each table given (every table of the
// movement when none), for the tables to enter their own results
// (directors only).
func (s *Service) CreateTableTokens(ctx context.Context, a Actor, sectionID int64, tables []int) ([]IssuedToken, error) {
	if err := directorOnly(a, "issue table tokens"); err != nil {
		return nil, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		for t := 1; t <= sec.Movement.Tables; t++ {
			tables = append(tables, t)
		}
	}
	out := make([]IssuedToken, 0, len(tables))
	for i, n := range tables {
		if n < 1 || n > sec.Movement.Tables {
			return nil, Invalidf("tables["+strconv.Itoa(i)+"]", strconv.Itoa(n)+": the section has tables 1 to "+strconv.Itoa(sec.Movement.Tables))
		}
		secret := newSecret(RoleTable)
		t := Token{Role: RoleTable, Name: "table " + strconv.Itoa(n) + " " + sec.Name, SectionID: sectionID, Table: n, Hash: hashToken(secret)}
		if err := s.store.CreateToken(ctx, &t); err != nil {
			return nil, err
		}
		out = append(out, IssuedToken{Token: t, Secret: secret})
	}
	return out, nil
}

// directorOnly refuses anyone but a director to do what.
func directorOnly(a Actor, what string) error {
	switch a.Role {
	case RoleDirector:
		return nil
	case RolePublic:
		return &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "only the director may " + what + ": send the director token as Authorization: Bearer <token>"}
	}
	return &Error{Kind: ErrForbidden, Message: "only the director may " + what + "; a table token enters its own table's results"}
}

// canRead says whether a may read the event's sections, pairs, boards,
// travelers and standings: a director always, a table token its own
// section's event, anyone a published event.
func canRead(a Actor, e *Event, sectionID int64) error {
	switch {
	case a.Role == RoleDirector, e.Published:
		return nil
	case a.Role == RoleTable && sectionID != 0 && a.SectionID == sectionID:
		return nil
	case a.Role == RolePublic:
		return &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "event " + strconv.FormatInt(e.ID, 10) + " is not published: a token is needed to read it"}
	}
	return &Error{Kind: ErrForbidden, Message: "event " + strconv.FormatInt(e.ID, 10) + " is not published: a table token reads its own section only"}
}

// tableMayEnter checks a table token against a result's section, table and
// round: its own table in the section's current round.
func tableMayEnter(a Actor, sec *Section, table, round int, field string) error {
	if a.Role == RoleDirector {
		return nil
	}
	if a.Role != RoleTable {
		return directorOnly(a, "enter results")
	}
	var problem string
	switch {
	case a.SectionID != sec.ID:
		problem = "this token is for another section"
	case table != a.Table:
		problem = "this token enters results for table " + strconv.Itoa(a.Table) + " only, not table " + strconv.Itoa(table)
	case round != sec.CurrentRound:
		problem = "section " + sec.Name + " is playing round " + strconv.Itoa(sec.CurrentRound) + "; a table enters and corrects results of the current round only (the director can change others)"
	}
	if problem != "" {
		return &Error{Kind: ErrForbidden, Field: strings.TrimSuffix(field, "."), Message: problem}
	}
	return nil
}
