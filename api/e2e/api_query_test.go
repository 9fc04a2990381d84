package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIResultQuery: a table sends a disputed entry with its query, the
// API returns it, a table's correction keeps it, a director's clears it,
// and a query over 500 characters is refused naming the field.
func TestAPIResultQuery(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Queries", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	const query = "EW say declarer claimed 10 tricks, NS say 11"
	in := f.Line(1, 1, 1, "4S", "N", 10)
	in["query"] = query
	var res dto.ResultResponse
	e.want(201, &res, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], in)
	if res.Query != query {
		t.Fatalf("entered: query %q, want %q", res.Query, query)
	}
	path := "/v1/results/" + id(res.ID)
	e.want(200, &res, "GET", path, directorToken, nil)
	if res.Query != query {
		t.Errorf("read back: query %q, want %q", res.Query, query)
	}

	// The table corrects the tricks without repeating the query: it stays.
	e.want(200, &res, "PUT", path, tok[1], f.Line(1, 1, 1, "4S", "N", 11), "If-Match", `"1"`)
	if res.Query != query || res.Tricks != 11 {
		t.Errorf("table's correction: query %q tricks %d, want the query kept and 11", res.Query, res.Tricks)
	}
	// The director rules: the same line without a query clears it.
	e.want(200, &res, "PUT", path, directorToken, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", `"2"`)
	if res.Query != "" {
		t.Errorf("director's ruling: query %q, want it cleared", res.Query)
	}

	long := f.Line(1, 1, 2, "3NT", "S", 9)
	long["query"] = strings.Repeat("q", 501)
	e.wantError(422, "query", "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], long)
}
