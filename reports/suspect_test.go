package reports

import (
	"bytes"
	"os"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestSuspectsRealTraveler flags the suspicious lines (tournament.Suspicion)
// of every board of two real club sessions (shared/testdata README: a
// Compscore3 Howell at matchpoints and one at Butler IMPs). One line is
// flagged, board 10 of the Butler session (all vulnerable, Law 77):
//
//	round 3 table 2: 3H by W, 5 tricks, NS +400 (3H vulnerable four down: 4 × 100)
//	round 4 table 2: 3H by S, 6 tricks, NS −300
//	round 5 table 1: 3H by S, 5 tricks, NS −400
//	round 6 table 1: 1H by S, 4 tricks, NS −300
//
// The two other lines in 3H were declared by NS; the flagged line's 3H
// four down by N instead of W scores −400, as round 5 table 1 did: a
// declarer typed on the wrong side. Every other line of both files is left
// alone.
func TestSuspectsRealTraveler(t *testing.T) {
	type flag struct {
		file         string
		board, round int
		kind         string
	}
	var got []flag
	for _, name := range []string{"usebio/mp_pairs_howell.xml", "usebio/butler_howell.xml"} {
		data, err := os.ReadFile(sharedtest.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: name})
		if err != nil {
			t.Fatal(err)
		}
		rules := f.Event.Event.RulesOrDefaults()
		for _, sd := range f.Event.Sections {
			for _, tr := range sd.Travelers {
				tr.FlagSuspects(&rules)
				for _, l := range tr.Lines {
					if l.Suspect.Kind != "" {
						got = append(got, flag{name, tr.Board.Number, l.Result.Round, l.Suspect.Kind})
						t.Log(l.Suspect.Why)
					}
				}
			}
		}
	}
	want := flag{"usebio/butler_howell.xml", 10, 3, tournament.SuspectDirection}
	if len(got) != 1 || got[0] != want {
		t.Errorf("flagged %+v, want only %+v", got, want)
	}
}

// TestSplitScoreContractText: a split assigned score (Law 12C1(b)) NS +620,
// EW −650 (kept as NS 650 for EW's line) shows EW's own score beside the NS
// score column on the workbook's traveler; a balanced one stays "assigned".
func TestSplitScoreContractText(t *testing.T) {
	r := tournament.Result{Status: tournament.StatusAssigned, NSScore: 620,
		Assigned: []tournament.AssignedPart{{NSScore: 620, Weight: 1}}, EWAssigned: []tournament.AssignedPart{{NSScore: 650, Weight: 1}}}
	if got := contractText(&r); got != "assigned, EW -650 (Law 12C1(b))" {
		t.Errorf("split: %q", got)
	}
	r.EWAssigned = nil
	if got := contractText(&r); got != "assigned" {
		t.Errorf("balanced: %q", got)
	}
}
