package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestUSEBIOTeamsRefused: a Swiss (any IMP_TEAMS event) is not written as
// USEBIO, and the refusal says traveler writes USEBIO's pairs events only
// and names the files that carry a teams event: PBN for its boards and
// IMPs, the workbook for the VPs by round and the byes (it said "exported
// as PBN, which keeps its method", though PBN keeps no VPs or byes).
func TestUSEBIOTeamsRefused(t *testing.T) {
	spec := tournament.MovementSpec{Kind: "swiss", Teams: 3, Rounds: 2, BoardsPerRound: 1}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{ID: 1, Name: "Swiss", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodIMPTeams}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Movement: m, Spec: spec}
	d := tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, nil, nil, nil, nil)}}
	err = WriteUSEBIO(&bytes.Buffer{}, d)
	if err == nil {
		t.Fatal("a Swiss written as USEBIO: want a refusal")
	}
	for _, w := range []string{"pairs events only", "IMP_TEAMS", "Swiss", "PBN", "report.xlsx", "VPs round by round", "byes"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the refusal %q does not say %q", err, w)
		}
	}
	if held := USEBIOHolds(e); held == nil || held.Error() != err.Error() {
		t.Errorf("USEBIOHolds (the event page's reason): %v", held)
	}
}
