package reports

import (
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestWorkbookSwissRounds: a Swiss section's Standings sheet gives each
// team's net IMPs, the rounds of its byes and its VPs round by round (the
// matches of TestSwissMatchScores after two rounds: round 1 1 v 2 won by 35,
// 30–0 on the ACBL 30-VP scale, 7 the bye 18; round 2 1 v 3 drawn 15–15,
// 2 the bye). A pairs event's sheet keeps its seven columns.
func TestWorkbookSwissRounds(t *testing.T) {
	e := tournament.Event{ID: 1, Name: "Swiss", Date: "2026-11-27", Scoring: tournament.MethodIMPTeams}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Spec: tournament.MovementSpec{Kind: "swiss", Teams: 3, Rounds: 2}}
	st := tournament.Standings{Event: e, Section: sec, Method: e.Scoring,
		Pairs: []tournament.Standing{
			{Number: "1", Name: "Lions", Total: 45, IMPs: 35, Place: 1, Boards: 4},
			{Number: "2", Name: "Tigers", Total: 18, IMPs: -35, Place: 2, Boards: 2},
			{Number: "3", Name: "Bears", Total: 33, IMPs: 0, Place: 3, Boards: 2},
		},
		Matches: []tournament.MatchScore{
			{Round: 1, Home: 1, Away: 2, HomeIMPs: 35, HomeVPs: 30, AwayVPs: 0, Boards: 2},
			{Round: 1, Home: 3, HomeVPs: 18},
			{Round: 2, Home: 1, Away: 3, HomeIMPs: 10, AwayIMPs: 10, HomeVPs: 15, AwayVPs: 15, Boards: 2},
			{Round: 2, Home: 2, HomeVPs: 18},
		}}
	d := tournament.EventData{Event: e, Sections: []tournament.SectionData{{Section: sec, Standings: st}}}
	f := openWorkbook(t, d)
	const s = "Standings"
	wantRow(t, f, s, 1, "Place", "Team", "Direction", "Players", "VP", "%", "Boards", "IMPs", "Byes", "R1 VP", "R2 VP")
	wantRow(t, f, s, 3, "1", "1", "", "Lions", "45", "", "4", "35", "", "30", "15")
	wantRow(t, f, s, 4, "2", "2", "", "Tigers", "18", "", "2", "-35", "2", "0", "18")
	wantRow(t, f, s, 5, "3", "3", "", "Bears", "33", "", "2", "0", "1", "18", "15")

	pairs := openWorkbook(t, smallEvent(t))
	wantCells(t, pairs, s, map[string]string{"G1": "Boards", "H1": ""})
}
