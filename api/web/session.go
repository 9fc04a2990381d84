package web

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// sessionRoutes adds the director's pages for running a session: the
// session board, the results before publishing (standings and
// frequencies), travelers with corrections and adjusted scores, a result's
// history, and the comparative reports.
func (p *Pages) sessionRoutes(e *echo.Echo) {
	d := e.Group("/director", p.directorOnly)
	d.GET("/sections/:id/board", p.sessionBoardPage)
	d.GET("/sections/:id/results", p.sectionResultsPage)
	d.GET("/sections/:id/travelers/:board", p.directorTravelerPage)
	d.POST("/sections/:id/travelers/:board/adjusted", p.postAdjusted)
	d.POST("/sections/:id/travelers/:board/versions", p.postVersions)
	d.GET("/results/:id", p.resultPage)
	d.POST("/results/:id", p.postResult)
	d.POST("/results/:id/delete", p.deleteResult)
	d.GET("/events/:id/reports", p.reportsPage)
	d.GET("/reports/dealt", p.dealtPage)
	p.keyinRoutes(d)
	p.correctionRoutes(d)
}

// travelerPath is the director's traveler page of a board.
func travelerPath(sectionID int64, board int) string {
	return "/director/sections/" + strconv.FormatInt(sectionID, 10) + "/travelers/" + strconv.Itoa(board)
}

// travelerParams reads a traveler form's path: the section's id and the
// board's number.
func travelerParams(c echo.Context) (id int64, board int, err error) {
	if id, err = pathID(c, "id"); err != nil {
		return 0, 0, err
	}
	board, err = boardParam(c)
	return id, board, err
}

// boardParam reads the board number from the path.
func boardParam(c echo.Context) (int, error) {
	b, err := strconv.Atoi(c.Param("board"))
	if err != nil || b < 1 {
		return 0, &tournament.Error{Kind: tournament.ErrNotFound, Field: "board", Message: strconv.Quote(c.Param("board")) + " is not a board number"}
	}
	return b, nil
}
