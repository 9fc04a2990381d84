package db_test

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestResultQuery stores a result with a query, reads it back, keeps it
// through the audit, and clears it with a correction.
func TestResultQuery(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	in := played(1)
	in.Query = "EW say the lead was out of turn"
	plain := played(2)
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{in, plain}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stored[0].Query != in.Query || stored[1].Query != "" {
		t.Fatalf("stored queries %q and %q, want %q and none", stored[0].Query, stored[1].Query, in.Query)
	}
	got, err := s.Result(c, stored[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Query != in.Query {
		t.Errorf("read back query %q, want %q", got.Query, in.Query)
	}
	listed, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 1 || listed[0].Query != in.Query {
		t.Errorf("Results: %+v, want board 1 with its query", listed)
	}

	// The director rules and clears the query.
	fix := got
	fix.Query, fix.EnteredBy = "", "director"
	if err := s.UpdateResult(c, &fix, 1); err != nil {
		t.Fatal(err)
	}
	if fix.Query != "" || fix.Version != 2 {
		t.Errorf("after clearing: query %q version %d, want none and 2", fix.Query, fix.Version)
	}
	audit, err := s.Audit(c, got.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 2 || audit[0].After.Query != in.Query || audit[1].Before.Query != in.Query || audit[1].After.Query != "" {
		t.Errorf("audit does not keep the query and its clearing: %+v", audit)
	}

	// A query longer than 500 characters is refused by the database too.
	long := played(3)
	long.Query = strings.Repeat("x", 501)
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{long}, nil)
	if te := tError(t, err, tournament.ErrInvalid); te.Field != "query" {
		t.Errorf("a 501-character query: field %q, want query", te.Field)
	}
}
