package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestAPIHandSet: a PBN hand-record file with more boards than the section
// plays stores the section's boards and names the rest in
// Traveler-Boards-Left-Out; the section's boards the file lacks are named in
// Traveler-Boards-Missing (the old rule refused the file: 12 boards for a
// section of 10).
func TestAPIHandSet(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Hand set", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "howell", "pairs": 6, "boards_per_round": 2}}`)
	// 6 pairs, 5 rounds of 2 boards: boards 1 to 10. The file: 1 to 12 but 3.
	var pbn strings.Builder
	for b := 1; b <= 12; b++ {
		if b != 3 {
			fmt.Fprintf(&pbn, "[Board \"%d\"]\n[Deal \"%s\"]\n\n", b, apitest.OneSuitDeal)
		}
	}
	var boards []api.BoardResponse
	r := e.want(200, &boards, "PUT", "/v1/sections/"+id(sec.ID)+"/boards", directorToken, pbn.String(), "Content-Type", "application/x-pbn")
	if got := r.Header.Get(api.HeaderBoardsLeftOut); got != "11-12" {
		t.Errorf("%s: %q, want 11-12", api.HeaderBoardsLeftOut, got)
	}
	if got := r.Header.Get(api.HeaderBoardsMissing); got != "3" {
		t.Errorf("%s: %q, want 3", api.HeaderBoardsMissing, got)
	}
	deals := 0
	for _, b := range boards {
		if b.Deal != "" {
			deals++
		}
	}
	if len(boards) != 9 || deals != 9 {
		t.Errorf("%d boards, %d with a deal; want 9 and 9 (1 to 10 but 3)", len(boards), deals)
	}
}
