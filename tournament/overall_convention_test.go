package tournament

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// sitOutSection is sectionA (TestPairStandingsMitchell's 3-table
// Mitchell, boards 1–3) without board 3's line of round 1 at table 3: NS 3
// and the EW pair it met there played 2 boards, every other pair 3 — the
// case where conventions part: ACBLscore's factors each total to the
// section's 3 boards and takes the percentage from the written total
// ("acbl"), JFR Pary counts the board not played at 60 % ("jfr"), BriAn
// and JFR place by percentage.
func sitOutSection(t *testing.T) OverallInput {
	t.Helper()
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Session: 1, Name: "A", Movement: m, CurrentRound: 3}
	results := enter(t, &sec, Director, append(resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {2, 3, 1, "4S", "N", 10}, {3, 2, 1, "4S", "N", 9},
		{1, 2, 2, "3NT", "S", 9}, {2, 1, 2, "3NT", "S", 8}, {3, 3, 2, "2S", "E", 8},
		{2, 2, 3, "PASS", "", 0},
	}), Result{Round: 3, Table: 1, Board: 3, Status: StatusArtificial, NSPercent: 60, EWPercent: 40}))
	return OverallInput{Section: sec, Results: results}
}

// TestOverallSessionAsItsStandings: an event of one session and one
// section, its overall ranking and each pair's session in it are that
// section's standings — total, percentage and place — under every
// convention an event may be given (scoring.Conventions): the overall
// ranking reads each session's figure from the standings' own arithmetic
// (entrantFigures), not a second one of its own. Before, the overall
// took every session's percentage as traveler's own: under "acbl" NS 3's
// session percentage was of its 2 boards, not of its total factored to
// the section's 3 as ACBLscore writes it (reports/testdata/acbl), under
// "jfr" without the 60 % of the board it did not play (JFR Pary's real
// session, reports/testdata/pbn/jfr_pary_2013_figures.txt), under
// "realbridge" rounded where RealBridge cuts; and the entry's percentage
// was its total factored to 3 boards over the tops of the 2 it played.
func TestOverallSessionAsItsStandings(t *testing.T) {
	in := sitOutSection(t)
	for _, name := range scoring.ConventionNames() {
		e := Event{Scoring: MethodMP, Convention: name}
		own := map[string]Standing{}
		for _, st := range sectionStandings(&e, &in.Section, in.Results, nil, nil).Pairs {
			own[st.Number+st.Direction] = st
		}
		if own["3NS"].Boards != 2 {
			t.Fatalf("NS 3 played %d boards, want 2", own["3NS"].Boards)
		}
		o := OverallStandings(&e, []OverallInput{in})
		if len(o.Entries) != len(own) {
			t.Fatalf("%s: %d entries, want the section's %d pairs", name, len(o.Entries), len(own))
		}
		for _, en := range o.Entries {
			s := en.Sessions[0]
			st := own[s.Number+s.Direction]
			if s.Points != st.Total || s.Percentage != st.Percentage || en.Total != st.Total || en.Percentage != st.Percentage || en.Place != st.Place {
				t.Errorf("%s: %s %s overall %v (%v %%) place %d, session %v (%v %%); its standings %v (%v %%) place %d",
					name, s.Number, s.Direction, en.Total, en.Percentage, en.Place, s.Points, s.Percentage, st.Total, st.Percentage, st.Place)
			}
		}
	}
}
