package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIChangeMovement: POST /v1/sections/{id}/movement refuses a change a
// stored result would not fit (409, naming it) and a round the section has
// not (422, from_round); a change the results fit is made, round 1 kept.
// The 3-table Mitchell of 2 boards a round: table 1 plays boards 3 and 4 in
// round 2 (see apitest.NewMitchell); with 3 boards a round, boards 4 to 6.
func TestAPIChangeMovement(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Movement change", false)
	path := "/v1/sections/" + id(f.Section.ID)
	e.want(201, nil, "POST", path+"/results", directorToken, f.Line(1, 1, 1, "3NT", "N", 9))
	e.want(201, nil, "POST", path+"/results", directorToken, f.Line(2, 1, 3, "3NT", "N", 9))

	bigger := map[string]any{"kind": "mitchell", "tables": 3, "boards_per_round": 3}
	got := e.wantError(409, "movement", "POST", path+"/movement", directorToken, map[string]any{"movement": bigger, "from_round": 2})
	if !strings.Contains(got.Error, "board 3 at table 1 in round 2") || !strings.Contains(got.Error, "plays boards 4, 5, 6") {
		t.Errorf("409: %q", got.Error)
	}
	e.wantError(422, "from_round", "POST", path+"/movement", directorToken, map[string]any{"movement": bigger, "from_round": 9})
	e.wantError(422, "movement.tables", "POST", path+"/movement", directorToken, map[string]any{"movement": map[string]any{"kind": "mitchell", "tables": 1, "boards_per_round": 2}})

	var sec api.SectionResponse
	e.want(200, &sec, "POST", path+"/movement", directorToken, map[string]any{
		"movement": map[string]any{"kind": "mitchell", "tables": 3, "boards_per_round": 2, "rounds": 2}, "from_round": 3})
	if len(sec.Generated.Rounds) != 2 {
		t.Errorf("after the change: %d rounds, want 2", len(sec.Generated.Rounds))
	}
	var results []dto.ResultResponse
	e.want(200, &results, "GET", path+"/results", directorToken, nil)
	if len(results) != 2 {
		t.Errorf("%d results after the change, want the 2 stored", len(results))
	}
}
