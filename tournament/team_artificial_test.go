package tournament

// Law 12C2 and procedural penalties at IMP_TEAMS. WBF Laws of Duplicate
// Bridge 2017, Law 12C2(a): when no rectification allows a normal result
// to be obtained the director awards an artificial adjusted score,
// "average plus" to a contestant in no way at fault, "average minus" to
// one directly at fault; "In IMP play, the equivalents are plus 3 IMPs and
// minus 3 IMPs" (scoring.ArtificialIMPs). At teams the contestant is the
// team: a board with an artificial score counts in its match with each
// team's own figure, whatever the other room did.
//
// The scale is the director's table 1, 2, …, 10 (scoring.TableVPScale): a
// margin of m IMPs wins 10 + min(m, 10) VPs of 20, the loser 10 − that.

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// teamsRound1 is round 1 of a round robin of 4 teams, 2 boards a round
// (TestTeamMethods' movement: match 1 team 4 NS at table 1 against team 1
// NS at table 2; match 2 team 3 NS at table 3 against team 2 NS at table
// 4), Law 77 scores (board 1 none vulnerable, board 2 NS):
//
//	match 1  board 1  t1 4♠= +420, t2 4♠= +420: 0 IMPs
//	         board 2  t1 artificial NS 60 / EW 40 (team 4 +3, team 1 −3); t2 2♠= +110, not compared
//	match 2  board 1  t3 artificial NS 60 / EW 60 (neither side at fault: team 3 +3, team 2 +3); t4 2♠= +110
//	         board 2  t3 4♥−1 −100, t4 3♥= +140: team 2 by 240, 6 IMPs (220–260)
func teamsRound1(t *testing.T) (Section, []Result) {
	t.Helper()
	var steps []int
	for k := 1; k <= 10; k++ {
		steps = append(steps, k)
	}
	m, err := MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1, Spec: MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2, VPScale: "table", VPTable: steps}}
	results := enter(t, &sec, Director, append(resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "4S", "N", 10},
		{1, 2, 2, "2S", "N", 8},
		{1, 4, 1, "2S", "N", 8},
		{1, 3, 2, "4H", "N", 9}, {1, 4, 2, "3H", "N", 9},
	}), Result{Round: 1, Table: 1, Board: 2, Status: StatusArtificial, NSPercent: 60, EWPercent: 40},
		Result{Round: 1, Table: 3, Board: 1, Status: StatusArtificial, NSPercent: 60, EWPercent: 60}))
	return sec, results
}

// teamTotals is each team's total, net IMPs and penalty by number.
func teamTotals(st Standings) map[string][3]float64 {
	out := map[string][3]float64{}
	for _, s := range st.Pairs {
		out[s.Number] = [3]float64{s.Total, float64(s.IMPs), s.Penalty}
	}
	return out
}

// TestTeamArtificialIMPs: match 1, team 4 wins 3 IMPs (its +3 on board 2)
// to 0: 13–7 VPs. Match 2, each team from its own margin (the two
// artificial figures are not balanced): team 2 +6 and +3, margin +9: 19
// VPs; team 3 −6 and +3, margin −3: 7 VPs. Before, a board with an
// artificial score was left out of its match: match 1 was 0–0 (10–10),
// match 2 team 2 by 6 (16–4).
func TestTeamArtificialIMPs(t *testing.T) {
	sec, results := teamsRound1(t)
	e := Event{Law: scoring.Contract2017, Scoring: MethodIMPTeams}
	st := sectionStandings(&e, &sec, results, nil, nil)
	want := map[string][3]float64{"4": {13, 3, 0}, "1": {7, -3, 0}, "2": {19, 9, 0}, "3": {7, -3, 0}}
	got := teamTotals(st)
	for n, w := range want {
		if got[n] != w {
			t.Errorf("team %s: VPs, net IMPs, penalty %v; want %v", n, got[n], w)
		}
	}
	// The traveler of board 2: the artificial line (result 6, team 4 NS)
	// shows +3 for NS and −3 for EW; the other room's line (result 2,
	// team 1 NS), not compared, shows the board's figures the other way.
	pts := teamBoardPoints(MethodIMPTeams, &sec.Movement, results)
	if pts[6] != [2]float64{3, -3} || pts[2] != [2]float64{-3, 3} {
		t.Errorf("board 2's lines: %v and %v, want [3 -3] and [-3 3]", pts[6], pts[2])
	}
	for _, ms := range st.Matches {
		if ms.Round == 1 && ms.Home == 4 && (ms.HomeIMPs != 3 || ms.AwayIMPs != 0 || ms.HomeVPs != 13 || ms.AwayVPs != 7 || ms.Boards != 2) {
			t.Errorf("match 4 v 1: %+v, want 3–0 IMPs, 13–7 VPs over 2 boards", ms)
		}
		if ms.Round == 1 && ms.Home == 3 && (ms.HomeVPs != 7 || ms.AwayVPs != 19 || ms.Boards != 2) {
			t.Errorf("match 3 v 2: %+v, want 7–19 VPs over 2 boards", ms)
		}
	}
}

// TestTeamArtificialSession: with law option average_session_imps a team's
// average plus is the greater of +3 IMPs and its average a board over its
// other boards of the section, average minus the lesser of −3 and it
// (artificial.go), rounded to whole IMPs as a match counts them. Team 2's
// other board is +6 (board 2): average plus is +6, not +3, margin 6 + 6 =
// 12: 20 VPs. Team 3's other board is −6: its +3 stays +3 (the greater),
// margin −3: 7. Team 4 has board 1 at 0: +3 stays; team 1 at 0: −3 stays.
func TestTeamArtificialSession(t *testing.T) {
	sec, results := teamsRound1(t)
	e := Event{Law: scoring.Contract2017, Scoring: MethodIMPTeams, LawOptions: LawOptions{"average_session_imps": true}}
	got := teamTotals(sectionStandings(&e, &sec, results, nil, nil))
	want := map[string][3]float64{"4": {13, 3, 0}, "1": {7, -3, 0}, "2": {20, 12, 0}, "3": {7, -3, 0}}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("team %s: VPs, net IMPs, penalty %v; want %v", n, got[n], w)
		}
	}
}

// TestTeamIMPPenalty: a procedural penalty in IMPs on a team comes off its
// margin in the match of the board it was given on, before the margin is
// converted to VPs; the opponents' VPs stay those of the margin without it
// (the penalty is the offender's alone). Team 4, 2 IMPs off on board 1:
// margin 3 − 2 = 1, 11 VPs (2 VPs off, the standing's penalty); team 1
// keeps 7. A penalty in IMPs without a board is refused: it belongs to a
// match.
func TestTeamIMPPenalty(t *testing.T) {
	sec, results := teamsRound1(t)
	e := Event{Law: scoring.Contract2017, Scoring: MethodIMPTeams}
	p := Penalty{Number: "4", Amount: 2, Unit: UnitIMP, Reason: "slow play", Board: 1}
	if err := checkPenalty(&e, &sec, &p); err != nil {
		t.Fatal(err)
	}
	sec.Penalties = []Penalty{p}
	got := teamTotals(sectionStandings(&e, &sec, results, nil, nil))
	want := map[string][3]float64{"4": {11, 1, 2}, "1": {7, -3, 0}, "2": {19, 9, 0}, "3": {7, -3, 0}}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("team %s: VPs, net IMPs, penalty %v; want %v", n, got[n], w)
		}
	}
	p.Board = 0
	if err := checkPenalty(&e, &sec, &p); fieldOf(err) != "board" {
		t.Errorf("an IMP penalty without a board: %v, want refused on board", err)
	}
	// VPs still come off the total after conversion.
	sec.Penalties = []Penalty{{Number: "4", Amount: 1.5, Unit: UnitVP, Reason: "late"}}
	if got := teamTotals(sectionStandings(&e, &sec, results, nil, nil))["4"]; got != [3]float64{11.5, 3, 1.5} {
		t.Errorf("team 4 with 1.5 VPs off: %v, want 11.5 VPs, +3 IMPs, 1.5 off", got)
	}
}

// TestKnockoutArtificial: a knockout of one segment of 2 boards (team 1 NS
// at table 1, team 2 at table 2): board 1 4♠= +420 in both rooms, 0 IMPs;
// board 2 an artificial 60/40 at table 1 (team 1 +3, team 2 −3, Law
// 12C2(a)). Team 1 wins by 3 and the match is complete. Before, the board
// was never scored, so the match never finished.
func TestKnockoutArtificial(t *testing.T) {
	spec := MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: 1, Name: "KO", Movement: m, Spec: spec, CurrentRound: 1}
	results := enter(t, &sec, Director, append(resultsOf([]played{{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "4S", "N", 10}}),
		Result{Round: 1, Table: 1, Board: 2, Status: StatusArtificial, NSPercent: 60, EWPercent: 40}))
	km := ScoreKnockout(&sec, results, nil)
	if !km.Complete || km.Winner != 1 || km.Total != [2]float64{3, 0} || km.Segments[0].Scored != 2 {
		t.Errorf("knockout: complete %v, winner %d, total %v, scored %d; want complete, team 1, 3–0, 2 boards", km.Complete, km.Winner, km.Total, km.Segments[0].Scored)
	}
}
