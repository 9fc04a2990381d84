package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// boardPath reads a board route's section id and board number.
func boardPath(c echo.Context) (int64, int, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return 0, 0, err
	}
	n, err := pathID(c, "n")
	if err != nil {
		return 0, 0, err
	}
	return id, int(min(n, 1<<31-1)), nil
}

// getBoardVersions answers GET /v1/sections/{id}/boards/{n}/versions: the
// tables that play the board and the version each played.
func (s *server) getBoardVersions(c echo.Context) error {
	id, board, err := boardPath(c)
	if err != nil {
		return err
	}
	slots, err := s.svc.BoardVersions(c.Request().Context(), actor(c), id, board)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewBoardVersionsResponse(id, board, slots))
}

// putBoardVersions answers PUT /v1/sections/{id}/boards/{n}/versions: the
// director marks which tables played which version of a fouled board (an
// empty list clears it).
func (s *server) putBoardVersions(c echo.Context) error {
	id, board, err := boardPath(c)
	if err != nil {
		return err
	}
	var q BoardVersionsRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if q.Lines == nil {
		return badRequest("lines", "required: the tables that played another version of the board, e.g. [{\"round\": 3, \"table\": 2, \"board_version\": 2}]; [] clears the mark")
	}
	slots, err := s.svc.SetFouledBoard(c.Request().Context(), actor(c), id, board, q.Slots())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewBoardVersionsResponse(id, board, slots))
}
