package api

import (
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// publicWrites are the routes that change nothing, taken from the public
// although their method is POST.
var publicWrites = map[string]bool{http.MethodPost + " /v1/score": true}

// notJSONBodies are the write routes whose body may be other than JSON:
// they read its Content-Type themselves (a results file, PBN hands).
var notJSONBodies = map[string]bool{
	http.MethodPost + " /v1/events/import":      true,
	http.MethodPut + " /v1/sections/:id/boards": true,
}

// guardWrites runs after authenticate on the route route ("METHOD path"):
// a write from the public is a 401 before anything of the request is
// looked at (an unauthenticated PUT without If-Match was a 428), and a
// JSON route's body must come as JSON — Content-Type application/json,
// or none — else 415 (text/plain was taken, a form a page of any site may
// send).
func (s *server) guardWrites(route string) echo.MiddlewareFunc {
	method, _, _ := strings.Cut(route, " ")
	write := method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if !write {
			return next
		}
		return func(c echo.Context) error {
			if !publicWrites[route] && actor(c).Role == tournament.RolePublic {
				return &tournament.Error{Kind: tournament.ErrUnauthorized, Field: "Authorization",
					Message: "this changes the event: send a token as Authorization: Bearer <token>"}
			}
			if !notJSONBodies[route] && c.Request().ContentLength != 0 {
				if err := wantJSON(c.Request().Header.Get(echo.HeaderContentType)); err != nil {
					return err
				}
			}
			return next(c)
		}
	}
}

// wantJSON is nil for a JSON Content-Type (application/json,
// application/<x>+json, or none given), else the 415.
func wantJSON(ct string) error {
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && (mt == echo.MIMEApplicationJSON || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")) {
		return nil
	}
	return &httpError{Status: http.StatusUnsupportedMediaType, Body: dto.ErrorResponse{
		Error: "Content-Type: " + strconv.Quote(ct) + " is not JSON: send the body as application/json", Field: "Content-Type",
		Allowed: []string{echo.MIMEApplicationJSON}}}
}
