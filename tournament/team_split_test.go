package tournament

// Law 12C1(b) at teams: an assigned score that is not balanced. WBF Laws
// of Duplicate Bridge 2017, Law 12C1(b): "the score assigned to the
// non-offending side need not balance the score assigned to the offending
// side" — so each side, and at teams each team, is scored from its own
// assigned score. In a knockout Law 86B then averages: "Når TL tildeler
// korrigerte scorer som ikke balanserer hverandre (se § 12C) i kamper
// etter utslagsmetoden, blir resultatet for hvert lag regnet ut særskilt
// for vedkommende spill. Deretter blir gjennomsnittet av de to resultatene
// tildelt begge lagene" (the Norwegian federation's text of the 2017 Laws,
// lovboka.org/86.htm; the Italian federation's, bridgeditalia.it/glossario/
// articolo-86-del-codice-di-gara: "il punteggio nel board di ciascun
// concorrente verrà calcolato separatamente. La media dei due punteggi verrà
// quindi assegnata a ciascuno dei contendenti") — in English: each
// contestant's score on the board is calculated separately and the average
// of the two is assigned to each contestant.
//
// Every example below is one board (board 1, none vulnerable, Law 77:
// 4♠ made is +420, with an overtrick +450): the director assigns the home
// team's pair, sitting NS in room 1, +420 and its opponents, the away
// team's EW pair, −450 (EW −450 is NS +450 as the EW line compares it);
// in room 2 the away team's NS pair made 4♠, +420.
//
//	the home team's own board: +420 (room 1 NS) and −420 (room 2 EW): net 0, 0 IMPs
//	the away team's own board: −450 (room 1 EW) and +420 (room 2 NS): net −30, −1 IMP (20–40)

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// splitRound1 is round 1 of the 4-team round robin of teamsRound1 (match
// 1: team 4 NS at table 1, home; team 1 NS at table 2, away), board 1 split
// as the file's comment says and board 2 flat (2♠ made, +110, in both
// rooms); match 2 (teams 3 and 2) flat on both boards.
func splitRound1(t *testing.T, method Method) (Section, []Result) {
	t.Helper()
	var steps []int
	for k := 1; k <= 10; k++ {
		steps = append(steps, k)
	}
	spec := MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2, VPScale: "table", VPTable: steps}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1, Spec: spec}
	results := enter(t, &sec, Director, append(resultsOf([]played{
		{1, 2, 1, "4S", "N", 10},
		{1, 1, 2, "2S", "N", 8}, {1, 2, 2, "2S", "N", 8},
		{1, 3, 1, "2S", "N", 8}, {1, 4, 1, "2S", "N", 8},
		{1, 3, 2, "2S", "N", 8}, {1, 4, 2, "2S", "N", 8},
	}), Result{Round: 1, Table: 1, Board: 1, Status: StatusAssigned,
		Assigned: []AssignedPart{{420, 1}}, EWAssigned: []AssignedPart{{450, 1}}}))
	return sec, results
}

// TestTeamSplitScore: at IMP_TEAMS each team's margin is its own board's
// (the file's comment): team 4 0 IMPs, 10 VPs on the director's table
// (10 + 0); team 1 −1 IMP, 9 VPs (10 − 1). By board-a-match team 4 ties
// its own board (+420 against +420), ½; team 1 loses its own (−30), 0;
// board 2 is a tie, ½ each: team 4 1.00, team 1 0.50. Patton: board
// points 2 for a win, 1 a tie, plus the match's total points on the
// aggregate scale (scoring.Patton) — not asserted here; aggregate: team
// 4's own net total 0 + 0, team 1's −30 + 0. Before, a split score at
// teams was refused (ew_assigned).
func TestTeamSplitScore(t *testing.T) {
	for _, tc := range []struct {
		method Method
		want   string // match 1: home and away IMPs won (each on its own boards), home and away points
	}{
		{MethodIMPTeams, "0-0 10.00-9.00"},
		{MethodBAMTeams, "0-0 1.00-0.50"},
		{MethodAggregateTeams, "0-0 0.00--30.00"},
	} {
		t.Run(string(tc.method), func(t *testing.T) {
			sec, results := splitRound1(t, tc.method)
			e := Event{Law: scoring.Contract2017, Scoring: tc.method}
			st := sectionStandings(&e, &sec, results, nil, nil)
			var got string
			for _, ms := range st.Matches {
				if ms.Round == 1 && ms.Home == 4 {
					got = fmt.Sprintf("%d-%d %.2f-%.2f", ms.HomeIMPs, ms.AwayIMPs, ms.HomeVPs, ms.AwayVPs)
				}
			}
			if got != tc.want {
				t.Errorf("match 4 v 1: %s, want %s", got, tc.want)
			}
			if tc.method != MethodIMPTeams {
				return
			}
			// Each team's net IMPs are of its own boards: team 4 0, team 1 −1.
			if n := teamTotals(st); n["4"][1] != 0 || n["1"][1] != -1 {
				t.Errorf("net IMPs: team 4 %v, team 1 %v; want 0 and −1", n["4"][1], n["1"][1])
			}
		})
	}
	// The traveler of board 1 at IMPs: room 1's line (result 7, team 4 NS,
	// team 1 EW) shows each team's own figure, 0 and −1; room 2's line
	// (result 0, team 1 NS, team 4 EW) the same figures the other way.
	sec, results := splitRound1(t, MethodIMPTeams)
	pts := teamBoardPoints(MethodIMPTeams, &sec.Movement, results)
	if pts[7] != [2]float64{0, -1} || pts[0] != [2]float64{-1, 0} {
		t.Errorf("board 1's lines: %v and %v, want [0 -1] and [-1 0]", pts[7], pts[0])
	}
}

// TestKnockoutSplitScore (Law 86B): a knockout of one segment of 2 boards,
// team 1 NS in room 1 (table 1), team 2 NS in room 2 (table 2); board 1 as
// the file's comment says (team 1 home: its own board 0 IMPs; team 2's
// own −1, i.e. +1 to team 1), board 2 flat. Each team is given the average
// of the two, (0 + 1)/2 = ½ IMP to team 1: team 1 wins ½–0.
func TestKnockoutSplitScore(t *testing.T) {
	spec := MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Name: "KO", Movement: m, CurrentRound: 1, Spec: spec}
	results := enter(t, &sec, Director, append(resultsOf([]played{
		{1, 2, 1, "4S", "N", 10},
		{1, 1, 2, "2S", "N", 8}, {1, 2, 2, "2S", "N", 8},
	}), Result{Round: 1, Table: 1, Board: 1, Status: StatusAssigned,
		Assigned: []AssignedPart{{420, 1}}, EWAssigned: []AssignedPart{{450, 1}}}))
	km := ScoreKnockout(&sec, results, nil)
	if len(km.Segments) != 1 || km.Segments[0].IMPs != [2]float64{0.5, 0} || km.Total != [2]float64{0.5, 0} || km.Winner != 1 {
		t.Errorf("knockout: segments %+v, total %v, winner %d; want ½–0 to team 1", km.Segments, km.Total, km.Winner)
	}
}

// TestKnockoutIMPPenalty: a procedural penalty in IMPs on a knockout team
// (Law 90; at teams the WBF's and the federations' conditions give it in
// IMPs, as the USBF's 2019 Mixed USBC scoreboard shows "The 9 IMP penalty
// assessed against the Donner team", usbf.org/2019-mixed-usbc/mixed-usbc-
// semifinal-scores) comes off the team's IMPs in the segment of the board
// it was given on. One segment of 2 boards, board 1 (none vulnerable) 4♠
// made in room 1 (team 1 NS, +420) and 3♠ made with an overtrick in room 2
// (team 2 NS, +170): team 1 by 250, 6 IMPs (220–260); board 2 flat. Team
// 1 is penalised 3 IMPs on board 1: 6 − 3 = 3 to 0. Before, a knockout
// section refused every penalty (unit). Refused: a penalty in VPs (a
// knockout is won on IMPs) and one in IMPs without its board.
func TestKnockoutIMPPenalty(t *testing.T) {
	spec := MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Name: "KO", Movement: m, CurrentRound: 1, Spec: spec}
	results := enter(t, &sec, Director, resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "3S", "N", 10},
		{1, 1, 2, "2S", "N", 8}, {1, 2, 2, "2S", "N", 8},
	}))
	e := Event{Law: scoring.Contract2017, Scoring: MethodIMPTeams}
	p := Penalty{Number: "1", Amount: 3, Unit: UnitIMP, Reason: "mobile phone", Board: 1}
	if err := checkPenalty(&e, &sec, &p); err != nil {
		t.Fatal(err)
	}
	sec.Penalties = []Penalty{p}
	km := ScoreKnockout(&sec, results, nil)
	if len(km.Segments) != 1 || km.Segments[0].IMPs != [2]float64{6, 0} || km.Segments[0].Penalty != [2]float64{3, 0} || km.Total != [2]float64{3, 0} || km.Winner != 1 {
		t.Errorf("knockout: segments %+v, total %v, winner %d; want 6–0 less 3 off team 1: 3–0", km.Segments, km.Total, km.Winner)
	}
	// The standings: team 1 first on 3 IMPs, its penalty beside it; its net
	// IMPs after the penalty (6 − 3) − 0 = 3, team 2's −3 (before it, 6 and
	// −6: Standing.IMPs).
	st := knockoutStandings(&km, nil)
	if st[0].Number != "1" || st[0].Total != 3 || st[0].Penalty != 3 || len(st[0].Penalties) != 1 || st[1].Penalty != 0 {
		t.Errorf("standings: %+v, want team 1 on 3 with its 3-IMP penalty", st)
	}
	if st[0].NetIMPs != 3 || st[1].NetIMPs != -3 || st[0].IMPs != 6 {
		t.Errorf("net IMPs after penalties %v and %v (before: %d); want 3 and -3 (6)", st[0].NetIMPs, st[1].NetIMPs, st[0].IMPs)
	}
	for _, bad := range []struct {
		p     Penalty
		field string
	}{
		{Penalty{Number: "1", Amount: 1, Unit: UnitVP, Reason: "late"}, "unit"},
		{Penalty{Number: "1", Amount: 1, Unit: UnitIMP, Reason: "late"}, "board"},
	} {
		if err := checkPenalty(&e, &sec, &bad.p); fieldOf(err) != bad.field {
			t.Errorf("%+v: %v, want refused on %s", bad.p, err, bad.field)
		}
	}
}

// TestPairIMPPenalty: a procedural penalty in IMPs on a pair at CROSS_IMP
// comes off its IMP total (Law 90; PenaltyUnits: imp at CROSS_IMP and
// BUTLER). On TestArtificialSummedCrossIMPs' worked example (summed
// cross-IMPs, the law option off) NS1 has 19 IMPs; 3 IMPs off for slow
// play leave 16, the standing's penalty 3. Refused at CROSS_IMP: a penalty
// in matchpoints (allowed: imp).
func TestPairIMPPenalty(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{Name: "A", Movement: m}
	e := Event{Law: scoring.Contract2017, Scoring: MethodCrossIMP, Convention: "sum-cross-imps"}
	p := Penalty{Number: "1", Direction: "NS", Amount: 3, Unit: UnitIMP, Reason: "slow play"}
	if err := checkPenalty(&e, &sec, &p); err != nil {
		t.Fatal(err)
	}
	bad := Penalty{Number: "1", Direction: "NS", Amount: 1, Unit: UnitMP, Reason: "slow play"}
	if err := checkPenalty(&e, &sec, &bad); fieldOf(err) != "unit" {
		t.Errorf("matchpoints at CROSS_IMP: %v, want refused on unit", err)
	}
	sec.Penalties = []Penalty{p}
	found := false
	for _, s := range sectionStandings(&e, &sec, twelveC2Results(), nil, nil).Pairs {
		if s.Direction == "NS" && s.Number == "1" {
			found = true
			if s.Total != 16 || s.Penalty != 3 {
				t.Errorf("NS1: %v IMPs, penalty %v; want 16 and 3", s.Total, s.Penalty)
			}
		}
	}
	if !found {
		t.Error("NS1 not ranked")
	}
}
