package e2e

// Issue 14 §1, unbounded work: every size a request can name is bounded
// (tournament/limits.go), answered with a 422 naming the field and the
// bound at once. "At once" is measured by the test's context (10 s), not
// asserted as a timing: a request still working when it ends fails.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/tournament"
)

// wantBounded sends body as the director within ctx and checks the answer
// is a 422 naming field and the bound.
func (e *env) wantBounded(ctx context.Context, field string, bound int, method, path string, body any) {
	e.t.Helper()
	j, err := json.Marshal(body)
	if s, ok := body.(string); ok {
		j, err = []byte(s), nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(ctx, method, e.url+path, bytes.NewReader(j))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+directorToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s %s: %v (still working when the test's context ended)", method, path, field, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	er := apitest.CheckError(e.t, apitest.Reply{Method: method, Path: path, Status: res.StatusCode, Header: res.Header, Body: b}, 422, field)
	if !strings.Contains(er.Error, "at most "+strconv.Itoa(bound)) {
		e.t.Errorf("%s %s: %q does not name the bound %d", method, path, er.Error, bound)
	}
}

// TestAPISectionSizesBounded: POST /v1/events/{id}/sections refuses every
// size above its bound, the million-table Mitchell first.
func TestAPISectionSizesBounded(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var mp, teams api.EventResponse
	e.want(201, &mp, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Big", "date": "2026-11-24", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	e.want(201, &teams, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Big teams", "date": "2026-11-24", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "IMP_TEAMS"})
	sections := func(ev api.EventResponse) string { return "/v1/events/" + id(ev.ID) + "/sections" }
	mov := func(m map[string]any) map[string]any { return map[string]any{"name": "A", "movement": m} }
	oneTable := func(boards ...int) []map[string]any {
		return []map[string]any{{"tables": []map[string]any{{"table": 1, "ns": 1, "ew": 2, "boards": boards}}}}
	}
	long := make([]map[string]any, tournament.MaxRounds+1)
	for i := range long {
		long[i] = map[string]any{"tables": []map[string]any{{"table": 1, "ns": 1, "ew": 2, "boards": []int{i + 1}}}}
	}
	for _, c := range []struct {
		ev    api.EventResponse
		body  any
		field string
		bound int
	}{
		{mp, `{"name": "A", "movement": {"kind": "mitchell", "tables": 1000000}}`, "movement.tables", tournament.MaxTables},
		{mp, mov(map[string]any{"kind": "mitchell", "tables": 2000, "boards_per_round": 2}), "movement.tables", tournament.MaxTables},
		{mp, mov(map[string]any{"kind": "mitchell", "tables": tournament.MaxTables + 1, "boards_per_round": 2}), "movement.tables", tournament.MaxTables},
		{mp, mov(map[string]any{"kind": "mitchell", "tables": tournament.MaxRounds + 1, "boards_per_round": 2}), "movement.rounds", tournament.MaxRounds},
		{mp, mov(map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": tournament.MaxBoardsPerRound + 1}), "movement.boards_per_round", tournament.MaxBoardsPerRound},
		{mp, mov(map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": 2, "rounds": 1000000}), "movement.rounds", tournament.MaxRounds},
		{mp, mov(map[string]any{"kind": "howell", "pairs": 1000000, "boards_per_round": 2}), "movement.pairs", tournament.MaxPairs},
		{teams, mov(map[string]any{"kind": "teams", "teams": 1000000, "boards_per_round": 2}), "movement.teams", tournament.MaxTeams},
		{teams, mov(map[string]any{"kind": "teams", "teams": tournament.MaxTeams + 1, "boards_per_round": 2}), "movement.teams", tournament.MaxTeams},
		{mp, mov(map[string]any{"kind": "custom", "schedule": long}), "movement.schedule", tournament.MaxRounds},
		{mp, mov(map[string]any{"kind": "custom", "schedule": oneTable(100_000_000)}), "movement.schedule[0].tables[0].boards[0]", tournament.MaxBoards},
		{mp, mov(map[string]any{"kind": "custom", "schedule": []map[string]any{{"tables": []map[string]any{{"table": 100_000_000, "ns": 1, "ew": 2, "boards": []int{1}}}}}}),
			"movement.schedule[0].tables[0].table", tournament.MaxTables},
		{mp, mov(map[string]any{"kind": "custom", "schedule": []map[string]any{{"tables": []map[string]any{{"table": 1, "ns": 100_000_000, "ew": 2, "boards": []int{1}}}}}}),
			"movement.schedule[0].tables[0].ns", tournament.MaxPairs},
		{mp, mov(map[string]any{"kind": "custom", "winners": 2, "tables": 1000000, "schedule": oneTable(1)}), "movement.tables", tournament.MaxTables},
	} {
		e.wantBounded(ctx, c.field, c.bound, "POST", sections(c.ev), c.body)
	}
	// The largest sizes are still taken.
	e.want(201, nil, "POST", sections(mp), directorToken, mov(map[string]any{"kind": "mitchell", "tables": tournament.MaxTables, "boards_per_round": 2, "rounds": 13}))
}

// TestAPIListsBounded: POST /v1/sections/{id}/pairs and PUT …/boards refuse
// a list longer than the section's movement has room for, naming the list
// and the bound, without reading it item by item.
func TestAPIListsBounded(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	f := apitest.NewMitchell(e.Client, "Lists", false) // 3 tables: 6 pairs, 6 boards
	var pairs, boards []map[string]any
	for i := range 20000 {
		pairs = append(pairs, map[string]any{"number": strconv.Itoa(i%3 + 1), "direction": "NS", "players": []map[string]any{{"name": "A"}, {"name": "B"}}})
		boards = append(boards, map[string]any{"number": i + 1})
	}
	sec := "/v1/sections/" + id(f.Section.ID)
	e.wantBounded(ctx, "pairs", 6, "POST", sec+"/pairs", pairs)
	e.wantBounded(ctx, "boards", 6, "PUT", sec+"/boards", boards)
}
