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
	"time"
	"unicode/utf8"
)

// Public is the actor of a request without a token.
var Public = Actor{Role: RolePublic, Name: "public"}

// tokenPrefix starts every token traveler issues, so one is recognised in a
// log or a leaked file.
const tokenPrefix = "trv_"

// newSecret returns a new random secret: the prefix, kind's letter ("d"
// a director token, "t" a table token, "s" a sign-in) and 32 random bytes
// in base64url.
func newSecret(kind string) string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand: " + err.Error()) // never fails on the systems Go supports
	}
	return tokenPrefix + kind + "_" + base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken returns the sha-256 of a token, the only form it is stored in.
func hashToken(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// authCacheFor is how long a process trusts what it last read of a token
// or a sign-in before reading it again: a backstop, since a revocation made
// through another process reaches this one with its change notice (Forget)
// and one made through this process at once, and a process that cannot hear
// notices keeps nothing.
const authCacheFor = 30 * time.Second

// The bounds of a token's life the director may set.
const (
	// MaxTokenLife is the furthest ahead an expiry may be.
	MaxTokenLife = 366 * 24 * time.Hour
	// DefaultTableTokenLife is how long table links work when the director
	// does not say: the session and the next day.
	DefaultTableTokenLife = 48 * time.Hour
	// SignInLifetime is how long a director's browser stays signed in
	// (never beyond its token's expiry).
	SignInLifetime = 12 * time.Hour
)

// signInPrefix starts a sign-in's secret (the cookie), so one is never
// taken for a token.
const signInPrefix = tokenPrefix + signInKind + "_"

// signInKind is a sign-in's letter in its secret (newSecret).
const signInKind = "s"

// TokenFilter says which tokens Tokens lists.
type TokenFilter struct {
	SectionID int64      // > 0: that section's table tokens (ErrNotFound for no such section)
	Role      Role       // "": both roles
	State     TokenState // "": every state
	Limit     int        // the newest this many; 0 or more than MaxTokensListed: MaxTokensListed
}

// MaxTokensListed bounds a list of tokens.
const MaxTokensListed = 1000

// Authenticate returns the actor a token stands for: "" is the public; the
// configured director token or a stored one a director; a table token its
// table. An unknown, expired or revoked token is ErrUnauthorized.
func (s *Service) Authenticate(ctx context.Context, secret string) (Actor, error) {
	if secret == "" {
		return Public, nil
	}
	hash := hashToken(secret)
	if s.directorHash != nil && subtle.ConstantTimeCompare(hash, s.directorHash) == 1 {
		return Director, nil
	}
	if strings.HasPrefix(secret, signInPrefix) {
		return Public, &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "this is a browser's sign-in, not a token: send a director or table token"}
	}
	t, err := s.cache.TokenByHash(ctx, hash)
	if errors.Is(err, ErrNotFound) {
		return Public, &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "the token is not known: ask the director for a new one"}
	}
	if err != nil {
		return Public, err
	}
	if err := tokenEnded(t.State(s.now()), t.RevokedAt, t.ExpiresAt, "token"); err != nil {
		return Public, err
	}
	return tokenActor(t), nil
}

// tokenActor is who a token stands for.
func tokenActor(t Token) Actor {
	return Actor{Role: t.Role, Name: t.Name, TokenID: t.ID, SectionID: t.SectionID, Table: t.Table}
}

// signInActor is who a sign-in stands for: a director, named as the token
// signed in with (the configured one's name when there is none).
func signInActor(si SignIn) Actor {
	a := Actor{Role: RoleDirector, Name: si.Name, TokenID: si.TokenID, SignInID: si.ID}
	if si.TokenID == 0 {
		a.Name = Director.Name
	}
	return a
}

// tokenEnded is the ErrUnauthorized of a token or sign-in (what) that no
// longer works; nil for an active one.
func tokenEnded(state TokenState, revoked, expires time.Time, what string) error {
	switch state {
	case TokenRevoked:
		return &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "the " + what + " was revoked at " + revoked.UTC().Format(time.RFC3339) +
			" (by the director, by new table links or with its section): ask the director for a new one"}
	case TokenExpired:
		return &Error{Kind: ErrUnauthorized, Field: "Authorization", Message: "the " + what + " expired at " + expires.UTC().Format(time.RFC3339) + ": ask the director for a new one"}
	}
	return nil
}

// checkExpiry refuses an expiry that is not after now or more than
// MaxTokenLife ahead; zero passes (no expiry).
func (s *Service) checkExpiry(field string, at time.Time) error {
	if at.IsZero() {
		return nil
	}
	now := s.now()
	if !at.After(now) {
		return Invalidf(field, at.UTC().Format(time.RFC3339)+" has passed: give a time to come (RFC 3339, e.g. "+now.Add(24*time.Hour).UTC().Format(time.RFC3339)+")")
	}
	if at.Sub(now) > MaxTokenLife {
		return Invalidf(field, at.UTC().Format(time.RFC3339)+" is too far ahead: at most 366 days from now")
	}
	return nil
}

// CreateDirectorToken issues a stored director token (directors only: the
// CLI's `traveler token create` and the first start act as Director),
// expiring at expires (zero: until revoked).
func (s *Service) CreateDirectorToken(ctx context.Context, a Actor, name string, expires time.Time) (IssuedToken, error) {
	if err := directorOnly(a, "issue director tokens"); err != nil {
		return IssuedToken{}, err
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = "director"
	}
	if len(name) > 200 {
		return IssuedToken{}, Invalidf("name", "too long: at most 200 bytes")
	}
	if err := s.checkExpiry("expires_at", expires); err != nil {
		return IssuedToken{}, err
	}
	secret := newSecret(string(RoleDirector[0]))
	t := Token{Role: RoleDirector, Name: name, Hash: hashToken(secret), ExpiresAt: expires}
	if err := s.store.CreateToken(ctx, &t); err != nil {
		return IssuedToken{}, err
	}
	return IssuedToken{Token: t, Secret: secret}, nil
}

// DirectorTokens returns the stored director tokens, whatever their state.
func (s *Service) DirectorTokens(ctx context.Context) ([]Token, error) {
	return s.store.Tokens(ctx, TokenFilter{Role: RoleDirector})
}

// TableTokensInput is what a director asks of new table links.
type TableTokensInput struct {
	Tables    []int     // the tables; none: every table of the movement
	ExpiresAt time.Time // zero: DefaultTableTokenLife from now
}

// CreateTableTokens issues a token for each table asked for, for the tables
// to enter their own results (directors only). It revokes those tables'
// earlier tokens, so only the newest links work.
func (s *Service) CreateTableTokens(ctx context.Context, a Actor, sectionID int64, in TableTokensInput) ([]IssuedToken, error) {
	if err := directorOnly(a, "issue table tokens"); err != nil {
		return nil, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if in.ExpiresAt.IsZero() {
		in.ExpiresAt = s.now().Add(DefaultTableTokenLife)
	} else if err := s.checkExpiry("expires_at", in.ExpiresAt); err != nil {
		return nil, err
	}
	tables := in.Tables
	if len(tables) == 0 {
		for t := 1; t <= sec.Movement.Tables; t++ {
			tables = append(tables, t)
		}
	}
	if len(tables) > MaxTables {
		return nil, Invalidf("tables", strconv.Itoa(len(tables))+" tables: at most "+strconv.Itoa(MaxTables))
	}
	seen := map[int]bool{}
	out := make([]IssuedToken, 0, len(tables))
	stored := make([]*Token, 0, len(tables))
	for i, n := range tables {
		field := "tables[" + strconv.Itoa(i) + "]"
		if n < 1 || n > sec.Movement.Tables {
			return nil, Invalidf(field, strconv.Itoa(n)+": the section has tables 1 to "+strconv.Itoa(sec.Movement.Tables))
		}
		if seen[n] {
			return nil, Invalidf(field, "table "+strconv.Itoa(n)+" is asked for twice")
		}
		seen[n] = true
		secret := newSecret(string(RoleTable[0]))
		out = append(out, IssuedToken{Token: Token{Role: RoleTable, Name: "table " + strconv.Itoa(n) + " " + sec.Name, SectionID: sectionID, Table: n,
			Hash: hashToken(secret), ExpiresAt: in.ExpiresAt}, Secret: secret})
	}
	for i := range out {
		stored = append(stored, &out[i].Token)
	}
	asked := make([]int, 0, len(seen))
	for n := range seen {
		asked = append(asked, n)
	}
	if _, err := s.store.ReplaceTableTokens(ctx, sectionID, asked, stored); err != nil {
		return nil, err
	}
	s.cache.forgetAuth(func(x Actor) bool { return x.Role == RoleTable && x.SectionID == sectionID && seen[x.Table] })
	return out, nil
}

// RevokeTableTokens revokes every token of a section's tables (directors
// only): its links stop working until new ones are made. It returns how
// many it revoked.
func (s *Service) RevokeTableTokens(ctx context.Context, a Actor, sectionID int64) (int, error) {
	if err := directorOnly(a, "revoke table tokens"); err != nil {
		return 0, err
	}
	n, err := s.store.ReplaceTableTokens(ctx, sectionID, nil, nil)
	s.cache.forgetAuth(func(x Actor) bool { return x.Role == RoleTable && x.SectionID == sectionID })
	return n, err
}

// Tokens lists the tokens f asks for (directors only), newest first but a
// section's by table.
func (s *Service) Tokens(ctx context.Context, a Actor, f TokenFilter) ([]Token, error) {
	if err := directorOnly(a, "list tokens"); err != nil {
		return nil, err
	}
	switch f.State {
	case "", TokenActive, TokenExpired, TokenRevoked:
	default:
		return nil, Invalidf("state", strconv.Quote(string(f.State))+" is not a token's state", string(TokenActive), string(TokenExpired), string(TokenRevoked))
	}
	switch f.Role {
	case "", RoleDirector, RoleTable:
	default:
		return nil, Invalidf("role", strconv.Quote(string(f.Role))+" is not a token's role", string(RoleDirector), string(RoleTable))
	}
	if f.Limit <= 0 || f.Limit > MaxTokensListed {
		f.Limit = MaxTokensListed
	}
	return s.store.Tokens(ctx, f)
}

// SetTokenExpiry sets when a token stops working (directors only): a time
// to come, at most MaxTokenLife ahead; zero for never (director tokens
// only: a table's link always ends). A revoked token stays revoked.
func (s *Service) SetTokenExpiry(ctx context.Context, a Actor, id int64, at time.Time) (Token, error) {
	if err := directorOnly(a, "change tokens"); err != nil {
		return Token{}, err
	}
	t, err := s.store.Token(ctx, id)
	if err != nil {
		return Token{}, err
	}
	if at.IsZero() && t.Role == RoleTable {
		return Token{}, Invalidf("expires_at", "required: a table's link always ends; give a time to come (RFC 3339)")
	}
	if err := s.checkExpiry("expires_at", at); err != nil {
		return Token{}, err
	}
	if !t.RevokedAt.IsZero() {
		return Token{}, &Error{Kind: ErrConflict, Field: "expires_at", Message: "token " + strconv.FormatInt(id, 10) + " was revoked at " +
			t.RevokedAt.UTC().Format(time.RFC3339) + " and stays revoked: issue a new one"}
	}
	t, err = s.store.SetTokenExpiry(ctx, id, at)
	s.cache.forgetAuth(func(x Actor) bool { return x.TokenID == id })
	return t, err
}

// RevokeToken revokes a token and ends the sign-ins made with it
// (directors only). Revoking one already revoked changes nothing. The last
// working director token is not revoked while no director token is
// configured, so the service always has a director.
func (s *Service) RevokeToken(ctx context.Context, a Actor, id int64) (Token, error) {
	if err := directorOnly(a, "revoke tokens"); err != nil {
		return Token{}, err
	}
	t, err := s.store.Token(ctx, id)
	if err != nil {
		return Token{}, err
	}
	if t.Role == RoleDirector && t.State(s.now()) == TokenActive && s.directorHash == nil {
		active, err := s.store.Tokens(ctx, TokenFilter{Role: RoleDirector, State: TokenActive, Limit: 2})
		if err != nil {
			return Token{}, err
		}
		if len(active) <= 1 {
			return Token{}, &Error{Kind: ErrConflict, Message: "token " + strconv.FormatInt(id, 10) +
				" is the last working director token: issue another first (POST /v1/tokens, the access page or `traveler token create`)"}
		}
	}
	t, err = s.store.RevokeToken(ctx, id)
	s.cache.forgetAuth(func(x Actor) bool { return x.TokenID == id })
	return t, err
}

// SignIn signs a director's browser in with a director token: it stores a
// new sign-in, expiring after SignInLifetime (or with the token, if
// sooner), whose secret is for the browser's cookie. agent is the
// browser's User-Agent, kept to tell sign-ins apart.
func (s *Service) SignIn(ctx context.Context, token, agent string) (SignIn, string, error) {
	a, err := s.Authenticate(ctx, token)
	var te *Error
	if errors.As(err, &te) && te.Kind == ErrUnauthorized {
		return SignIn{}, "", &Error{Kind: ErrUnauthorized, Field: "token", Message: te.Message}
	}
	if err != nil {
		return SignIn{}, "", err
	}
	if a.Role != RoleDirector {
		return SignIn{}, "", &Error{Kind: ErrForbidden, Field: "token", Message: "this is a table's token: sign in with a director token"}
	}
	now := s.now()
	si := SignIn{TokenID: a.TokenID, Name: a.Name, Agent: cut(agent, 200), ExpiresAt: now.Add(SignInLifetime)}
	if a.TokenID != 0 {
		t, err := s.store.Token(ctx, a.TokenID)
		if err != nil {
			return SignIn{}, "", err
		}
		if !t.ExpiresAt.IsZero() && t.ExpiresAt.Before(si.ExpiresAt) {
			si.ExpiresAt = t.ExpiresAt
		}
	} else {
		si.Name = "configured director token"
	}
	secret := newSecret(signInKind)
	si.Hash = hashToken(secret)
	if err := s.store.CreateSignIn(ctx, &si); err != nil {
		return SignIn{}, "", err
	}
	return si, secret, nil
}

// cut shortens s to at most n bytes, on a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// AuthenticateSignIn returns the director a browser's sign-in secret (its
// cookie) stands for; ErrUnauthorized when it is unknown, signed out,
// ended, expired, or its token revoked or expired.
func (s *Service) AuthenticateSignIn(ctx context.Context, secret string) (Actor, error) {
	if !strings.HasPrefix(secret, signInPrefix) {
		return Public, &Error{Kind: ErrUnauthorized, Field: "cookie", Message: "not a sign-in: sign in again"}
	}
	hash := hashToken(secret)
	si, err := s.cache.SignInByHash(ctx, hash)
	if errors.Is(err, ErrNotFound) {
		return Public, &Error{Kind: ErrUnauthorized, Field: "cookie", Message: "this sign-in is not known: sign in again"}
	}
	if err != nil {
		return Public, err
	}
	if err := tokenEnded(si.State(s.now()), si.EndedAt, si.ExpiresAt, "sign-in"); err != nil {
		return Public, err
	}
	return signInActor(si), nil
}

// SignOut ends the sign-in whose secret the browser holds; an unknown or
// ended one is no error.
func (s *Service) SignOut(ctx context.Context, secret string) error {
	a, err := s.AuthenticateSignIn(ctx, secret)
	if errors.Is(err, ErrUnauthorized) {
		return nil
	}
	if err != nil {
		return err
	}
	err = s.store.EndSignIn(ctx, a.SignInID)
	s.cache.forgetAuth(func(x Actor) bool { return x.SignInID == a.SignInID })
	return err
}

// SignIns lists the directors' browsers signed in now (directors only).
func (s *Service) SignIns(ctx context.Context, a Actor) ([]SignIn, error) {
	if err := directorOnly(a, "list sign-ins"); err != nil {
		return nil, err
	}
	return s.store.SignIns(ctx)
}

// EndSignIn signs a director's browser out (directors only).
func (s *Service) EndSignIn(ctx context.Context, a Actor, id int64) error {
	if err := directorOnly(a, "sign browsers out"); err != nil {
		return err
	}
	err := s.store.EndSignIn(ctx, id)
	s.cache.forgetAuth(func(x Actor) bool { return x.SignInID == id })
	return err
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
