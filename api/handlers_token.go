package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/sitelink"
	"github.com/traveler-bridge/traveler/tournament"
)

// createTokens issues table tokens (POST /v1/sections/{id}/tokens),
// revoking the tables' earlier ones.
func (s *server) createTokens(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	var q TokensRequest
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := decodeJSON(body, &q, ""); err != nil {
			return err
		}
	}
	expires, err := parseExpiry("expires_at", q.ExpiresAt)
	if err != nil {
		return err
	}
	base := sitelink.Base(s.opts.BaseURL, c)
	ts, err := s.svc.CreateTableTokens(c.Request().Context(), actor(c), id, tournament.TableTokensInput{Tables: q.Tables, ExpiresAt: expires})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, convert(ts, func(t tournament.IssuedToken) TokenResponse { return NewTokenResponse(t, base) }))
}

// listSectionTokens lists a section's table tokens (GET
// /v1/sections/{id}/tokens), by table.
func (s *server) listSectionTokens(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	f, err := tokenFilter(c, "state")
	if err != nil {
		return err
	}
	f.SectionID = id
	return s.answerTokens(c, f)
}

// tokenQuery are the filters of GET /v1/tokens.
var tokenQuery = []string{"role", "state", "limit"}

// listTokens lists tokens (GET /v1/tokens), newest first.
func (s *server) listTokens(c echo.Context) error {
	f, err := tokenFilter(c, tokenQuery...)
	if err != nil {
		return err
	}
	return s.answerTokens(c, f)
}

// tokenFilter reads the query's filters of a token list, allowing only
// those named.
func tokenFilter(c echo.Context, allowed ...string) (tournament.TokenFilter, error) {
	var f tournament.TokenFilter
	for name, vs := range c.QueryParams() {
		v := vs[0]
		switch {
		case name == "state" && slices.Contains(allowed, name):
			f.State = tournament.TokenState(v)
		case name == "role" && slices.Contains(allowed, name):
			f.Role = tournament.Role(v)
		case name == "limit" && slices.Contains(allowed, name):
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > tournament.MaxTokensListed {
				return f, badRequest(name, "expected a whole number from 1 to "+strconv.Itoa(tournament.MaxTokensListed)+", got "+strconv.Quote(v))
			}
			f.Limit = n
		default:
			return f, badRequest(name, "not a filter of tokens", allowed...)
		}
	}
	return f, nil
}

// answerTokens answers the tokens f asks for.
func (s *server) answerTokens(c echo.Context, f tournament.TokenFilter) error {
	ts, err := s.svc.Tokens(c.Request().Context(), actor(c), f)
	if err != nil {
		return err
	}
	now := time.Now()
	return c.JSON(http.StatusOK, convert(ts, func(t tournament.Token) TokenInfoResponse { return NewTokenInfoResponse(t, now) }))
}

// createDirectorToken issues a director token (POST /v1/tokens).
func (s *server) createDirectorToken(c echo.Context) error {
	var q DirectorTokenRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	expires, err := parseExpiry("expires_at", q.ExpiresAt)
	if err != nil {
		return err
	}
	t, err := s.svc.CreateDirectorToken(c.Request().Context(), actor(c), q.Name, expires)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, NewTokenResponse(t, s.opts.BaseURL))
}

// patchToken sets when a token expires (PATCH /v1/tokens/{id}).
func (s *server) patchToken(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q TokenPatch
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	at, err := q.expiry()
	if err != nil {
		return err
	}
	t, err := s.svc.SetTokenExpiry(c.Request().Context(), actor(c), id, at)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewTokenInfoResponse(t, time.Now()))
}

// revokeToken revokes a token (DELETE /v1/tokens/{id}) and answers it as
// it now is.
func (s *server) revokeToken(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	t, err := s.svc.RevokeToken(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewTokenInfoResponse(t, time.Now()))
}

// revokeSectionTokens revokes every table token of a section (DELETE
// /v1/sections/{id}/tokens).
func (s *server) revokeSectionTokens(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	n, err := s.svc.RevokeTableTokens(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, TokensRevokedResponse{Revoked: n})
}
