package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// Tables at their own pace (tournament/pace.go): rounds closed per table,
// late plays, and the entries refused from a table's phone.

// TableEntryKeyHeader names an entry a table's phone had queued (its own
// key for it). A result the service refuses with this header is kept as a
// refused entry, which the director sees on the session board and the
// phone shows until it is resolved.
const TableEntryKeyHeader = "Table-Entry-Key"

// RefusalKeptHeader answers "kept" on a refusal the service kept as a
// refused entry: the phone may then wait for the director to resolve it.
const RefusalKeptHeader = "Table-Entry-Refused"

// closeRounds is POST /v1/sections/{id}/rounds/close.
func (s *server) closeRounds(c echo.Context) error { return s.changeRounds(c, true) }

// reopenRounds is POST /v1/sections/{id}/rounds/reopen.
func (s *server) reopenRounds(c echo.Context) error { return s.changeRounds(c, false) }

// changeRounds closes or reopens a round for tables.
func (s *server) changeRounds(c echo.Context, closing bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q RoundsRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if q.Round == 0 {
		return badRequest("round", "required: the round to close or reopen, 1 or more")
	}
	var sec tournament.Section
	if closing {
		sec, err = s.svc.CloseRounds(c.Request().Context(), actor(c), id, q.Round, q.Tables)
	} else {
		sec, err = s.svc.ReopenRounds(c.Request().Context(), actor(c), id, q.Round, q.Tables)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

// markLate is POST /v1/sections/{id}/late-plays.
func (s *server) markLate(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SlotDTO
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	sec, err := s.svc.MarkLate(c.Request().Context(), actor(c), id, q.Slot())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

// unmarkLate is DELETE /v1/sections/{id}/late-plays?board=&round=&table=.
func (s *server) unmarkLate(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var sl tournament.Slot
	for _, p := range []struct {
		name string
		to   *int
	}{{"board", &sl.Board}, {"round", &sl.Round}, {"table", &sl.Table}} {
		n, err := strconv.Atoi(c.QueryParam(p.name))
		if err != nil || n < 1 {
			return badRequest(p.name, "required in the query: a whole number, 1 or more (…?board=3&round=2&table=1)")
		}
		*p.to = n
	}
	sec, err := s.svc.UnmarkLate(c.Request().Context(), actor(c), id, sl)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

// closeLatePlay is POST /v1/sections/{id}/late-plays/close: the result the
// director gives a late play that will not be played (board, round and
// table name the slot).
func (s *server) closeLatePlay(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q ResultRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	r := q.Result()
	r, err = s.svc.CloseLatePlay(c.Request().Context(), actor(c), id, tournament.Slot{Board: q.Board, Round: q.Round, Table: q.Table}, r)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/results/"+strconv.FormatInt(r.ID, 10))
	c.Response().Header().Set("ETag", etag(r.Version))
	return c.JSON(http.StatusCreated, dto.NewResultResponse(r))
}

// listRefusals is GET /v1/sections/{id}/refusals: the open refused
// entries, all of them to the director, its own to a table.
func (s *server) listRefusals(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	rs, err := s.svc.Refusals(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(rs, NewRefusalResponse))
}

// callForRefusal is POST /v1/sections/{id}/refusals/{key}/call: the table
// asks for the director about its refused entry.
func (s *server) callForRefusal(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	r, err := s.svc.CallDirectorAbout(c.Request().Context(), actor(c), id, c.Param("key"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewRefusalResponse(r))
}

// withdrawRefusal is DELETE /v1/sections/{id}/refusals/{key}: a table
// gives up its refused entry (by its key); a director dismisses one (by
// its id).
func (s *server) withdrawRefusal(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	a, ref := actor(c), c.Param("key")
	var refusalID int64
	if a.Role == tournament.RoleDirector {
		if refusalID, err = pathID(c, "key"); err != nil {
			return err
		}
		ref = ""
	}
	if err := s.svc.WithdrawRefusal(c.Request().Context(), a, id, ref, refusalID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// keepingRefused wraps a handler that enters or corrects a result: when a
// table's request with a TableEntryKeyHeader is refused (a 4xx the table
// cannot retry away: closed round, clash, bad data), the refusal is kept
// for the director and the phone (tournament.Service.RecordRefusal). The
// answer is the refusal's, as without it.
func keepingRefused(h func(*server, echo.Context) error) func(*server, echo.Context) error {
	return func(s *server, c echo.Context) error {
		a, key := actor(c), c.Request().Header.Get(TableEntryKeyHeader)
		if a.Role != tournament.RoleTable || key == "" {
			return h(s, c)
		}
		body, err := readBody(c.Request())
		if err != nil {
			return err
		}
		c.Request().Body = io.NopCloser(bytes.NewReader(body))
		err = h(s, c)
		if err == nil {
			return nil
		}
		status, answer, internal := Answer(err)
		switch {
		case internal, status < 400, status >= 500, status == http.StatusUnauthorized, status == http.StatusRequestTimeout,
			status == http.StatusTooManyRequests, status == http.StatusRequestEntityTooLarge:
			return err // the phone tries again, or the token no longer works
		}
		if alreadyStored(body, err) {
			return err // a retry meeting its own earlier success: the phone counts it as sent
		}
		var slot struct {
			Board int `json:"board"`
			Round int `json:"round"`
		}
		_ = json.Unmarshal(body, &slot) // a body that is not JSON is kept as it is, its slot unknown
		if !json.Valid(body) {
			body, _ = json.Marshal(map[string]string{"text": string(body)})
		}
		reason := strings.TrimPrefix(answer.Error, answer.Field+": ") // the field is kept apart
		_, rerr := s.svc.RecordRefusal(c.Request().Context(), a, a.SectionID, tournament.Refusal{Key: key, Board: slot.Board, Round: slot.Round,
			Entry: body, Reason: reason, Field: answer.Field})
		switch {
		case rerr == nil:
			c.Response().Header().Set(RefusalKeptHeader, "kept")
		case !errors.Is(rerr, tournament.ErrInvalid):
			s.log.Warn("a refused table entry was not kept", "error", rerr.Error())
		}
		return err
	}
}

// alreadyStored reports whether a refusal (a clash or a stale version)
// carries a stored result that is the entry body itself — a retry whose
// first try was stored but whose answer was lost — as the phone's
// sameResult decides it: nothing to keep for the director.
func alreadyStored(body []byte, err error) bool {
	var te *tournament.Error
	if !errors.As(err, &te) || te.Current == nil {
		return false
	}
	var q ResultRequest
	if json.Unmarshal(body, &q) != nil {
		return false
	}
	cur, in := te.Current, q.Result()
	switch {
	case cur.Query != in.Query:
		return false
	case in.Contract == "PASS" || in.Status == tournament.StatusPassedOut:
		return cur.Status == tournament.StatusPassedOut
	case in.Status != "" && in.Status != tournament.StatusPlayed:
		return false
	case in.Contract == "": // the auction gave the contract
		return cur.Status == tournament.StatusPlayed && cur.Tricks == in.Tricks
	}
	return cur.Status == tournament.StatusPlayed && strings.EqualFold(cur.Contract, in.Contract) && cur.Declarer == in.Declarer && cur.Tricks == in.Tricks
}
