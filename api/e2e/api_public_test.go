package e2e

import (
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIPublicFollowsPages: the public API shows what the public pages
// show (issue 14 §1): a board's lines only once every table that plays it
// has its result in, and never the players' query or who entered a line.
// The director sees everything.
func TestAPIPublicFollowsPages(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Public", true)
	sid := id(f.Section.ID)
	results := "/v1/sections/" + sid + "/results"

	// board 1 at each table that plays it, round by round; board 3 once
	played := 0
	for round := 1; round <= 3; round++ {
		for _, tb := range f.Section.Generated.Rounds[round-1].Tables {
			for _, b := range tb.Boards {
				if b == 1 {
					l := f.Line(round, tb.Table, 1, "4S", "N", 10)
					l["query"] = "EW say the lead was out of turn"
					e.want(201, nil, "POST", results, directorToken, l)
					played++
				}
			}
		}
	}
	if played != 3 {
		t.Fatalf("board 1 is played %d times, want 3", played)
	}
	var inPlay dto.ResultResponse
	tb := apitest.Seat(f.Section, 1, 2)
	e.want(201, &inPlay, "POST", results, directorToken, f.Line(1, 2, tb.Boards[0], "3NT", "S", 9))
	unfinished := id(int64(tb.Boards[0]))

	var tr api.TravelerResponse
	e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/1", "", nil)
	if len(tr.Lines) != 3 {
		t.Errorf("public traveler of board 1: %d lines, want 3", len(tr.Lines))
	}
	for _, l := range tr.Lines {
		if l.Query != "" || l.EnteredBy != "" {
			t.Errorf("public traveler line shows query %q, entered_by %q", l.Query, l.EnteredBy)
		}
	}
	e.wantError(404, "board", "GET", "/v1/sections/"+sid+"/travelers/"+unfinished, "", nil)
	e.wantError(404, "board", "GET", "/v1/results/"+id(inPlay.ID), "", nil)

	var rs []dto.ResultResponse
	e.want(200, &rs, "GET", results, "", nil)
	if len(rs) != 3 {
		t.Errorf("public results: %d, want board 1's 3", len(rs))
	}
	for _, r := range rs {
		if r.Board != 1 || r.Query != "" || r.EnteredBy != "" {
			t.Errorf("public result: board %d, query %q, entered_by %q", r.Board, r.Query, r.EnteredBy)
		}
	}
	e.want(200, &rs, "GET", results+"?board="+unfinished, "", nil)
	if len(rs) != 0 {
		t.Errorf("public results of a board in play: %d, want 0", len(rs))
	}
	e.want(200, &rs, "GET", results+"?table=1", "", nil)
	for _, r := range rs {
		if r.Board != 1 {
			t.Errorf("public results of table 1 show board %d, still in play", r.Board)
		}
	}

	// the director sees every line as entered
	e.want(200, &rs, "GET", results, directorToken, nil)
	if len(rs) != 4 || rs[0].Query == "" || rs[0].EnteredBy == "" {
		t.Errorf("director's results: %d, first %+v", len(rs), rs[0])
	}
	e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/"+unfinished, directorToken, nil)
}
