package api

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/api/internal/sitelink"
	"github.com/traveler-bridge/traveler/tournament"
)

// TokensRequest is the body of POST /v1/sections/{id}/tokens: the tables
// to issue tokens for (every table when none) and when they expire (RFC
// 3339; none: tournament.DefaultTableTokenLife from now). The tables'
// earlier tokens are revoked.
type TokensRequest struct {
	Tables    []int  `json:"tables"`
	ExpiresAt string `json:"expires_at"`
}

// DirectorTokenRequest is the body of POST /v1/tokens: a new director
// token's name and expiry (RFC 3339; none: until revoked).
type DirectorTokenRequest struct {
	Name      string `json:"name"`
	ExpiresAt string `json:"expires_at"`
}

// TokenPatch is the body of PATCH /v1/tokens/{id}: when the token expires,
// an RFC 3339 time to come, or null for never (director tokens only).
type TokenPatch struct {
	ExpiresAt json.RawMessage `json:"expires_at"`
}

// TokenResponse is a token just issued: the secret is shown once; a table
// token's url is the link its table opens, and link_warning says why a
// phone cannot open it and what to do, when it names a loopback or
// unspecified host.
type TokenResponse struct {
	ID          int64     `json:"id"`
	Role        string    `json:"role"`
	SectionID   int64     `json:"section_id,omitempty"`
	Table       int       `json:"table,omitempty"`
	Name        string    `json:"name"`
	ExpiresAt   time.Time `json:"expires_at,omitzero"`
	Token       string    `json:"token"`
	URL         string    `json:"url,omitempty"`
	LinkWarning string    `json:"link_warning,omitempty"`
}

// NewTokenResponse converts an issued token to its answer, with, for a
// table, the link it opens: the table page, baseURL + "/t/" + the secret
// (the path the pages serve it at, and the link the table-links page
// prints), and what is wrong with it for a phone (sitelink.Problem).
func NewTokenResponse(t tournament.IssuedToken, baseURL string) TokenResponse {
	r := TokenResponse{ID: t.Token.ID, Role: string(t.Token.Role), SectionID: t.Token.SectionID, Table: t.Token.Table, Name: t.Token.Name,
		ExpiresAt: t.Token.ExpiresAt, Token: t.Secret}
	if t.Token.Role == tournament.RoleTable {
		r.URL = strings.TrimRight(baseURL, "/") + "/t/" + t.Secret
		r.LinkWarning = sitelink.Problem(baseURL)
	}
	return r
}

// TokensRevokedResponse answers DELETE /v1/sections/{id}/tokens: how many
// of the section's table tokens were revoked.
type TokensRevokedResponse struct {
	Revoked int `json:"revoked"`
}

// TokenInfoResponse is a stored token as listed: never its secret, which
// is not kept.
type TokenInfoResponse struct {
	ID        int64     `json:"id"`
	Role      string    `json:"role"`
	SectionID int64     `json:"section_id,omitempty"`
	Table     int       `json:"table,omitempty"`
	Name      string    `json:"name"`
	State     string    `json:"state"` // active, expired or revoked
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at,omitzero"`
	RevokedAt time.Time `json:"revoked_at,omitzero"`
}

// NewTokenInfoResponse converts a stored token to its listing at now.
func NewTokenInfoResponse(t tournament.Token, now time.Time) TokenInfoResponse {
	return TokenInfoResponse{ID: t.ID, Role: string(t.Role), SectionID: t.SectionID, Table: t.Table, Name: t.Name,
		State: string(t.State(now)), CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt, RevokedAt: t.RevokedAt}
}

// parseExpiry reads an expiry given as an RFC 3339 time; "" is the zero
// time (the default).
func parseExpiry(field, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, badRequest(field, "not a time: give it as RFC 3339, e.g. "+time.Now().Add(24*time.Hour).UTC().Format(time.RFC3339))
	}
	return t, nil
}

// expiry reads the patch's expires_at: required; null is the zero time
// (never).
func (p TokenPatch) expiry() (time.Time, error) {
	raw := bytes.TrimSpace(p.ExpiresAt)
	switch {
	case len(raw) == 0:
		return time.Time{}, badRequest("expires_at", "required: an RFC 3339 time, or null for never (director tokens only)")
	case string(raw) == "null":
		return time.Time{}, nil
	}
	var v string
	if err := json.Unmarshal(raw, &v); err != nil || v == "" {
		return time.Time{}, badRequest("expires_at", "expected a string holding an RFC 3339 time, or null")
	}
	return parseExpiry("expires_at", v)
}
