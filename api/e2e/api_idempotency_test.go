package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIIdempotencyAfterDelete: replaying an Idempotency-Key whose result
// the director has deleted since is a 409 naming the key and the deleted
// result — every time, for one result or a list — not a 201 [] (issue 14
// §1). A new key enters the line again.
func TestAPIIdempotencyAfterDelete(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Deleted", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)

	one, _ := json.Marshal(f.Line(1, 1, 1, "4S", "N", 10))
	var stored dto.ResultResponse
	e.want(201, &stored, "POST", results, tok[1], one, "Idempotency-Key", "one")
	two, _ := json.Marshal([]any{f.Line(1, 1, 2, "3NT", "S", 9), f.Line(1, 2, 3, "2H", "E", 8)})
	var pair []dto.ResultResponse
	e.want(201, &pair, "POST", results, directorToken, two, "Idempotency-Key", "two")

	e.want(204, nil, "DELETE", "/v1/results/"+id(stored.ID), directorToken, nil)
	e.want(204, nil, "DELETE", "/v1/results/"+id(pair[1].ID), directorToken, nil)
	for range 2 {
		got := e.wantError(409, "Idempotency-Key", "POST", results, tok[1], one, "Idempotency-Key", "one")
		if !strings.Contains(got.Error, "deleted") || !strings.Contains(got.Error, id(stored.ID)) {
			t.Errorf("replay of a deleted result: %q", got.Error)
		}
		got = e.wantError(409, "Idempotency-Key", "POST", results, directorToken, two, "Idempotency-Key", "two")
		if !strings.Contains(got.Error, id(pair[1].ID)) || strings.Contains(got.Error, id(pair[0].ID)) {
			t.Errorf("replay of a list, one deleted: %q", got.Error)
		}
	}
	// entered again under a new key
	e.want(201, nil, "POST", results, tok[1], one, "Idempotency-Key", "one-again")
}
