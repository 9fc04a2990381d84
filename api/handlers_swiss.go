package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// pairSwiss is POST /v1/sections/{id}/swiss/pair: the next round's pairing
// proposed from the standings and kept as the section's draft (201); 409
// force while the previous round's results are not complete.
func (s *server) pairSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SwissPairRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	d, err := s.svc.PairSwissRound(c.Request().Context(), actor(c), id, q.Force)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, newSwissDraftResponse(d))
}

// getSwissDraft is GET /v1/sections/{id}/swiss/draft: the draft pairing
// (director); 404 when none is proposed.
func (s *server) getSwissDraft(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.svc.SwissDraftOf(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newSwissDraftResponse(d))
}

// putSwissDraft is PUT /v1/sections/{id}/swiss/draft: a pairing made by
// hand in place of the draft's; 422 naming the match that repeats one
// avoidably, a second bye, a team in two matches; 412 for an old version.
func (s *server) putSwissDraft(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SwissDraftRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	d, err := s.svc.SetSwissDraft(c.Request().Context(), actor(c), id, q.Version, q.Domain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newSwissDraftResponse(d))
}

// swapSwiss is POST /v1/sections/{id}/swiss/draft/swap: two teams exchange
// places in the draft, refused as putSwissDraft refuses.
func (s *server) swapSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SwissSwapRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if len(q.Teams) != 2 {
		return tournament.Invalidf("teams", strconv.Itoa(len(q.Teams))+" teams: a swap names two teams, e.g. [3, 4]")
	}
	d, err := s.svc.SwapSwissTeams(c.Request().Context(), actor(c), id, q.Version, q.Teams[0], q.Teams[1])
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newSwissDraftResponse(d))
}

// releaseSwiss is POST /v1/sections/{id}/swiss/release: the draft becomes
// the movement's next round, which the tables then see; the section as it
// is then.
func (s *server) releaseSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SwissReleaseRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	sec, err := s.svc.ReleaseSwissRound(c.Request().Context(), actor(c), id, q.Version)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

// withdrawSwiss is POST /v1/sections/{id}/swiss/withdraw: a team (pair)
// withdrawn from the Swiss's later rounds, never paired again; the
// section as it is then.
func (s *server) withdrawSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q SwissWithdrawRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	sec, err := s.svc.WithdrawSwiss(c.Request().Context(), actor(c), id, q.Number)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}
