package api

import (
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestPageStreamRoutesExist: the pages' live streams limitStreams counts
// are routes the pages register (package web names them; a renamed one
// would stream unbounded).
func TestPageStreamRoutesExist(t *testing.T) {
	e := newEcho(tournament.NewService(nil, tournament.ServiceOptions{}), Options{})
	have := map[string]bool{}
	for _, r := range e.Routes() {
		have[r.Method+" "+r.Path] = true
	}
	for route := range pageStreamRoutes {
		if !have[route] {
			t.Errorf("%s: no such route of the pages", route)
		}
	}
	for route := range streamRoutes {
		if !have[route] {
			t.Errorf("%s: no such route of the API", route)
		}
	}
}
