package api

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/sse"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// openAPIDocument is the API's OpenAPI 3.1 description, written by hand.
//
//go:embed openapi.json
var openAPIDocument []byte

// OpenAPI returns the OpenAPI 3.1 document served at /v1/openapi.json.
func OpenAPI() []byte { return openAPIDocument }

func (s *server) openAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPIDocument)
}

// pathID reads a path parameter that must be a positive whole number.
func pathID(c echo.Context, name string) (int64, error) {
	v := c.Param(name)
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1 {
		return 0, badRequest(name, "expected a positive whole number in the path, got "+strconv.Quote(v))
	}
	return n, nil
}

// bindJSON reads the body as JSON into v (see decodeJSON).
func bindJSON(c echo.Context, v any, root string) error {
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	return decodeJSON(body, v, root)
}

// score is POST /v1/score: what `traveler score` does for one line.
func (s *server) score(c echo.Context) error {
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	if _, err := DecodeScoreRequest(body); err != nil {
		return c.JSON(http.StatusBadRequest, NewErrorResponse(err))
	}
	out, ok := AppendScore(nil, body)
	if !ok {
		return c.Blob(http.StatusUnprocessableEntity, echo.MIMEApplicationJSON, out)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}

// --- events ---

// createEvent is POST /v1/events. With an Idempotency-Key, a retried
// request makes no second event and gets the first one's answer (the event
// as it is now) with Idempotent-Replayed: true, as entering results does.
func (s *server) createEvent(c echo.Context) error {
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	var q EventRequest
	if err := decodeJSON(body, &q, ""); err != nil {
		return err
	}
	in, err := q.Input()
	if err != nil {
		return err
	}
	a := actor(c)
	idem, err := idempotency(c, a, body)
	if err != nil {
		return err
	}
	e, replayed, err := s.svc.CreateEventWith(c.Request().Context(), a, in, idem)
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/events/"+strconv.FormatInt(e.ID, 10))
	return c.JSON(http.StatusCreated, NewEventResponse(e))
}

func (s *server) listEvents(c echo.Context) error {
	es, err := s.svc.Events(c.Request().Context(), actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(es, NewEventResponse))
}

func (s *server) getEvent(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	e, err := s.svc.Event(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewEventResponse(e))
}

func (s *server) patchEvent(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q EventPatchRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	p, err := q.Patch()
	if err != nil {
		return err
	}
	e, err := s.svc.UpdateEvent(c.Request().Context(), actor(c), id, p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewEventResponse(e))
}

// --- sections ---

func (s *server) createSection(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SectionRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if q.Movement.From != nil {
		return errFromGiven
	}
	sec, err := s.svc.CreateSection(c.Request().Context(), actor(c), id, q.Input())
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/sections/"+strconv.FormatInt(sec.ID, 10))
	return c.JSON(http.StatusCreated, NewSectionResponse(sec))
}

func (s *server) listSections(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ss, err := s.svc.Sections(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(ss, NewSectionResponse))
}

func (s *server) getSection(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	sec, err := s.svc.Section(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

func (s *server) patchSection(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SectionPatchRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if q.CurrentRound == nil && q.Name == nil && q.Session == nil && q.Law == nil && q.LawOptions == nil {
		return badRequest("current_round", "required: the round the tables are playing (or a name, session or law)")
	}
	sec, err := s.svc.UpdateSection(c.Request().Context(), actor(c), id,
		tournament.SectionPatch{Name: q.Name, Session: q.Session, CurrentRound: q.CurrentRound, Law: q.Law, LawOptions: q.LawOptions})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

func (s *server) getMovement(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	sec, err := s.svc.Section(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewCardsResponse(sec.Movement))
}

// --- pairs and teams ---

func (s *server) addPairs(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	qs, many, err := decodeOneOrMany[PairRequest](body, "pairs")
	if err != nil {
		return err
	}
	stored, err := s.svc.AddPairs(c.Request().Context(), actor(c), id, convert(qs, func(q PairRequest) tournament.Pair { return q.Pair() }))
	if err != nil {
		return err
	}
	return createdOneOrMany(c, convert(stored, NewPairResponse), many)
}

func (s *server) listPairs(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ps, err := s.svc.Pairs(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(ps, NewPairResponse))
}

func (s *server) addTeams(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	qs, many, err := decodeOneOrMany[TeamRequest](body, "teams")
	if err != nil {
		return err
	}
	stored, err := s.svc.AddTeams(c.Request().Context(), actor(c), id, convert(qs, func(q TeamRequest) tournament.Roster { return q.Roster() }))
	if err != nil {
		return err
	}
	return createdOneOrMany(c, convert(stored, NewTeamResponse), many)
}

func (s *server) listTeams(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ts, err := s.svc.Teams(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(ts, NewTeamResponse))
}

// --- boards ---

// pbnTypes are the media types read as a PBN file.
var pbnTypes = []string{"application/x-pbn", "text/x-pbn", "application/vnd.pbn"}

// handFileTypes are the media types read as a hand-record file of any of
// reports.HandFormats (DUP, DLM, BRI, LIN, PBN): the one ?format= names,
// else the one its content shows (reports.SniffHandFormat).
var handFileTypes = []string{"application/octet-stream", "text/plain"}

// handFormatQuery reads ?format= (one of reports.HandFormats, "" when not
// given).
func handFormatQuery(c echo.Context) (reports.HandFormat, error) {
	f, err := reports.ParseHandFormat(c.QueryParam("format"))
	if err != nil {
		return "", badRequest("format", strconv.Quote(c.QueryParam("format"))+" is not a hand-record format", reports.HandFormatNames()...)
	}
	return f, nil
}

func (s *server) putBoards(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	var in []tournament.BoardInput
	ct := c.Request().Header.Get(echo.HeaderContentType)
	mt, _, _ := mime.ParseMediaType(ct)
	format, err := handFormatQuery(c)
	if err != nil {
		return err
	}
	hand := slices.ContainsFunc(handFileTypes, func(t string) bool { return strings.EqualFold(mt, t) })
	if format == "" && isPBN(mt) {
		format = reports.HandPBN
	}
	if format != "" && !hand && !isPBN(mt) {
		return badRequest("format", "names a hand-record file: send the file as "+strings.Join(append(slices.Clone(handFileTypes), pbnTypes...), " or "))
	}
	switch {
	case isPBN(mt) || hand:
		if in, err = boardsFromFile(body, format); err != nil {
			return err
		}
		set, err := s.svc.PutHandSet(c.Request().Context(), actor(c), id, in)
		if err != nil {
			return err
		}
		setHandSetHeaders(c.Response().Header(), set)
		return c.JSON(http.StatusOK, convert(set.Boards, NewBoardResponse))
	case ct == "" || mt == echo.MIMEApplicationJSON:
		var qs []BoardRequest
		if err := decodeJSON(body, &qs, "boards"); err != nil {
			return err
		}
		for i := range qs {
			in = append(in, qs[i].Input())
		}
	default:
		return &httpError{Status: http.StatusUnsupportedMediaType, Body: dto.ErrorResponse{
			Error: "Content-Type: " + strconv.Quote(ct) + " is not a hand record format", Field: "Content-Type",
			Allowed: append(append([]string{echo.MIMEApplicationJSON}, pbnTypes...), handFileTypes...)}}
	}
	boards, err := s.svc.PutBoards(c.Request().Context(), actor(c), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(boards, NewBoardResponse))
}

func isPBN(mt string) bool {
	for _, t := range pbnTypes {
		if strings.EqualFold(mt, t) {
			return true
		}
	}
	return false
}

func (s *server) listBoards(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	format, err := handFormatQuery(c)
	if err != nil {
		return err
	}
	bs, err := s.svc.Boards(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	if format != "" {
		var b bytes.Buffer
		if err := reports.WriteHandRecords(&b, format, bs); err != nil {
			return err
		}
		c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="section-`+strconv.FormatInt(id, 10)+"-boards."+string(format)+`"`)
		return c.Blob(http.StatusOK, format.MediaType(), b.Bytes())
	}
	return c.JSON(http.StatusOK, convert(bs, NewBoardResponse))
}

// boardAnalysis is GET /v1/sections/{id}/boards/{n}/analysis: the board's
// double-dummy table and par under every law code (AnalysisDTO), once the
// analysis queue has worked it out.
func (s *server) boardAnalysis(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	n, err := pathID(c, "n")
	if err != nil {
		return err
	}
	if n > tournament.MaxBoards {
		return badRequest("n", "board "+strconv.FormatInt(n, 10)+": board numbers go up to "+strconv.Itoa(tournament.MaxBoards))
	}
	a, err := s.svc.BoardAnalysis(c.Request().Context(), actor(c), id, int(n))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewAnalysisDTO(a))
}

// dealBoards is POST /v1/sections/{id}/boards/deal (director): the boards
// without a hand record or a result get random deals (crypto/rand), stored
// as their hand records and queued for analysis.
func (s *server) dealBoards(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	boards, dealt, err := s.svc.DealBoards(c.Request().Context(), actor(c), id, scoring.CryptoRand())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, DealtBoardsResponse{Dealt: dealt, Boards: convert(boards, NewBoardResponse)})
}

// --- results ---

// maxIdempotencyKey is the longest Idempotency-Key accepted.
const maxIdempotencyKey = 255

// enterResults is POST /v1/sections/{id}/results: one result or a list.
// With an Idempotency-Key, a retried request stores nothing new and gets
// the same answer with Idempotent-Replayed: true.
func (s *server) enterResults(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	qs, many, err := decodeOneOrMany[ResultRequest](body, "results")
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return badRequest("results", "an empty list: send at least one result")
	}
	in := convert(qs, func(q ResultRequest) tournament.Result { return q.Result() })
	a := actor(c)
	idem, err := idempotency(c, a, body)
	if err != nil {
		return err
	}
	stored, replayed, err := s.svc.EnterResults(c.Request().Context(), a, id, in, idem)
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	if !many && len(stored) == 1 {
		c.Response().Header().Set(echo.HeaderLocation, "/v1/results/"+strconv.FormatInt(stored[0].ID, 10))
		c.Response().Header().Set("ETag", etag(stored[0].Version))
		return c.JSON(http.StatusCreated, dto.NewResultResponse(stored[0]))
	}
	return c.JSON(http.StatusCreated, convert(stored, dto.NewResultResponse))
}

// idempotency is the request's Idempotency-Key, with who sent it and the
// hash of its body; nil when it has none.
func idempotency(c echo.Context, a tournament.Actor, body []byte) (*tournament.Idempotency, error) {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return nil, nil
	}
	if len(key) > maxIdempotencyKey {
		return nil, badRequest("Idempotency-Key", "longer than "+strconv.Itoa(maxIdempotencyKey)+" characters")
	}
	sum := sha256.Sum256(body)
	return &tournament.Idempotency{Key: key, Scope: idempotencyScope(a), RequestHash: sum[:]}, nil
}

// idempotencyScope is who an Idempotency-Key belongs to: the stored token,
// or the role for the configured director token.
func idempotencyScope(a tournament.Actor) string {
	if a.TokenID > 0 {
		return "token:" + strconv.FormatInt(a.TokenID, 10)
	}
	return "role:" + string(a.Role)
}

// resultQuery are the filters of GET /v1/sections/{id}/results.
var resultQuery = []string{"board", "round", "table", "pair"}

func (s *server) listResults(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	f := tournament.ResultFilter{SectionID: id}
	for name, vs := range c.QueryParams() {
		v := vs[0]
		switch name {
		case "board", "round", "table":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return badRequest(name, "expected a positive whole number, got "+strconv.Quote(v))
			}
			switch name {
			case "board":
				f.Board = n
			case "round":
				f.Round = n
			default:
				f.Table = n
			}
		case "pair":
			f.Pair = v
		default:
			return badRequest(name, "not a filter of results", resultQuery...)
		}
	}
	rs, err := s.svc.Results(c.Request().Context(), actor(c), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(rs, dto.NewResultResponse))
}

// etag is a result version as an entity tag.
func etag(version int) string { return `"` + strconv.Itoa(version) + `"` }

// ifMatch reads the version of an If-Match header: "3", 3 or W/"3". A
// missing header is a 428 when required.
func ifMatch(c echo.Context, required bool) (int, error) {
	h := strings.TrimSpace(c.Request().Header.Get("If-Match"))
	if h == "" {
		if !required {
			return 0, nil
		}
		return 0, &httpError{Status: http.StatusPreconditionRequired, Body: dto.ErrorResponse{
			Error: `If-Match: required: send the version of the result you are changing, e.g. If-Match: "3" (GET /v1/results/{id} gives it as the ETag)`,
			Field: "If-Match"}}
	}
	v := strings.Trim(strings.TrimPrefix(h, "W/"), `"`)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, badRequest("If-Match", "expected a result version, a positive whole number such as \"3\", got "+strconv.Quote(h))
	}
	return n, nil
}

func (s *server) getResult(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	r, err := s.svc.Result(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(r.Version))
	return c.JSON(http.StatusOK, dto.NewResultResponse(r))
}

func (s *server) putResult(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	version, err := ifMatch(c, true)
	if err != nil {
		return err
	}
	var q ResultRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	r, err := s.svc.UpdateResult(c.Request().Context(), actor(c), id, q.Result(), version)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(r.Version))
	return c.JSON(http.StatusOK, dto.NewResultResponse(r))
}

func (s *server) deleteResult(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	version, err := ifMatch(c, false)
	if err != nil {
		return err
	}
	if err := s.svc.DeleteResult(c.Request().Context(), actor(c), id, version); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *server) getAudit(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	as, err := s.svc.Audit(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(as, NewAuditResponse))
}

// --- travelers, standings, tokens ---

func (s *server) getTraveler(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	board, err := pathID(c, "board")
	if err != nil {
		return err
	}
	t, err := s.svc.Traveler(c.Request().Context(), actor(c), id, int(min(board, 1<<31-1)))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewTravelerResponse(t))
}

func (s *server) getStandings(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if sse.Wants(c.Request()) {
		return s.streamStandings(c, id)
	}
	sh, err := s.svc.SharedStandings(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	if _, pretty := c.QueryParams()["pretty"]; pretty {
		return c.JSON(http.StatusOK, NewStandingsResponse(sh.Standings)) // indented, as echo answers ?pretty
	}
	b, err := sh.Encoded("api/json", standingsJSON)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// standingsJSON is the answer to GET /v1/sections/{id}/standings, as
// c.JSON writes it (a line), made once per change for every reader
// (tournament.SharedStandings).
func standingsJSON(st tournament.Standings) ([]byte, error) {
	b, err := json.Marshal(NewStandingsResponse(st))
	return append(b, '\n'), err
}

// standingsEvent is the event "standings" of a live stream, made once per
// change for every stream.
func standingsEvent(st tournament.Standings) ([]byte, error) {
	b, err := json.Marshal(NewStandingsResponse(st))
	return sse.Event("standings", b), err
}

// streamStandings answers GET /v1/sections/{id}/standings with Accept:
// text/event-stream: an event "standings" holding the standings (the JSON
// of the plain GET) at once and whenever a result is stored, changed or
// rescored through any process; every stream of an audience is written the
// same bytes, made once per change.
func (s *server) streamStandings(c echo.Context, id int64) error {
	st := sse.Open(c.Request(), func(sh *tournament.SharedStandings) ([]byte, error) {
		return sh.Encoded("api/sse", standingsEvent)
	})
	stop, err := s.svc.WatchStandings(c.Request().Context(), actor(c), id, st)
	if err != nil {
		return err
	}
	st.OnEnd(stop)
	return st.Serve(c.Response())
}
