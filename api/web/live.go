package web

import (
	"encoding/json"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/sse"
	"github.com/traveler-bridge/traveler/tournament"
)

// liveRoutes are the change streams the live pages listen to
// (assets/live.js): the public standings page's, and the director's
// session board's.
func (p *Pages) liveRoutes(e *echo.Echo) {
	e.GET("/sections/:id/live", p.liveChanges, p.identify)
	e.GET("/director/sections/:id/live", p.liveChanges, p.directorOnly)
}

// liveChanged is the data of a "changed" event: how many results the
// standings count now.
type liveChanged struct {
	Results int `json:"results"`
}

// liveChanges streams an event "changed" whenever a section's standings,
// as the reader sees them, change through any process (the first at once);
// the page then fetches itself again. A reader who may not read the
// section's standings is answered as the standings page would be.
func (p *Pages) liveChanges(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	st := sse.Open(c.Request(), func(sh *tournament.SharedStandings) ([]byte, error) {
		return sh.Encoded("web/changed", changedEvent)
	})
	stop, err := p.svc.WatchStandings(c.Request().Context(), actor(c), id, st)
	if err != nil {
		return err
	}
	st.OnEnd(stop)
	return st.Serve(c.Response())
}

// changedEvent is the event "changed" of a live page's stream, made once
// per change for every stream.
func changedEvent(st tournament.Standings) ([]byte, error) {
	b, err := json.Marshal(liveChanged{Results: st.Results})
	return sse.Event("changed", b), err
}
