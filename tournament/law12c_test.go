package tournament

// Law 12C1(b) and 12C1(c) per side (WBF Laws of Duplicate Bridge 2017): "In
// order to do equity … an assigned adjusted score … need not be balanced"
// (12C1(b)): the two sides may get different scores, each compared with the
// other results from its own score. Scores are Law 77: on board 2, NS
// vulnerable, 4S by NS making 10 is 4×30 + 500 = 620, making 11 is 650, 3S
// making 10 is 3×30 + 50 + 30 = 170.

import (
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestSplitScoreMatchpoints: a board of four lines, NS vulnerable, at
// EBU matchpoints (2 per score beaten, 1 per tie, top 2×(4−1) = 6):
// A NS +620, B NS +650, C NS +170, and D the director's split score NS +620
// / EW −650 (the EW line stands at NS +650).
//
// NS side (field 620, 650, 170, D at 620): A beats C and ties D: 2+1 = 3;
// B beats all three: 6; C 0; D beats C, ties A: 3.
// EW side (field 620, 650, 170, D at 650): the NS points there are A 2,
// B 4+1 = 5, C 0, D 5; EW = 6 − NS: A 4, B 1, C 6, D 1 — D's EW pair, at
// −650, ties B's EW pair at the bottom. Balanced at 620, D's EW would be 3.
func TestSplitScoreMatchpoints(t *testing.T) {
	lines := []scoring.CompareLine{{NSScore: 620}, {NSScore: 650}, {NSScore: 170}, {Kind: scoring.LineAssigned, NSScore: 620}}
	assigned := [][]scoring.Weighted{3: {{NSScore: 620, Weight: 1}}}
	ew := [][]scoring.Weighted{3: {{NSScore: 650, Weight: 1}}}
	got := CompareBoard(MethodMP, lines, assigned, ew, 4)
	wantNS, wantEW := []float64{3, 6, 0, 3}, []float64{4, 1, 6, 1}
	for i := range lines {
		if got.Shown[0][i] != wantNS[i] || got.Shown[1][i] != wantEW[i] || got.Counted[0][i] != wantNS[i] || got.Counted[1][i] != wantEW[i] {
			t.Errorf("line %c: NS %v EW %v (counted %v %v), want %v and %v", 'A'+i, got.Shown[0][i], got.Shown[1][i], got.Counted[0][i], got.Counted[1][i], wantNS[i], wantEW[i])
		}
	}
	// Balanced (no EW parts) the board is what it always was: D's EW 6 − 3 = 3.
	if bal := CompareBoard(MethodMP, lines, assigned, nil, 4); bal.Shown[1][3] != 3 || bal.Shown[1][0] != 3 {
		t.Errorf("balanced: EW %v, want D and A 3", bal.Shown[1])
	}
}

// TestSplitWeightedPerSide: 12C1(c) per side. NS get 50 % of +620 and 50 %
// of +650; EW get −650 outright. On the board above (A 620, B 650, C 170),
// NS's parts: 620 beats C, ties A: 3; 650 beats A and C: 4, ties B: 1 → 5;
// weighted ½·3 + ½·5 = 4. EW as in TestSplitScoreMatchpoints: 1.
func TestSplitWeightedPerSide(t *testing.T) {
	lines := []scoring.CompareLine{{NSScore: 620}, {NSScore: 650}, {NSScore: 170}, {Kind: scoring.LineAssigned, NSScore: 635}}
	assigned := [][]scoring.Weighted{3: {{NSScore: 620, Weight: 0.5}, {NSScore: 650, Weight: 0.5}}}
	ew := [][]scoring.Weighted{3: {{NSScore: 650, Weight: 1}}}
	got := CompareBoard(MethodMP, lines, assigned, ew, 4)
	if got.Shown[0][3] != 4 || got.Shown[1][3] != 1 {
		t.Errorf("split weighted line: NS %v EW %v, want 4 and 1", got.Shown[0][3], got.Shown[1][3])
	}
}

// TestSplitScoreRefused: a split score is refused naming its field when a
// side's weights do not add up to 100 %, when a side's score is one no
// result can have on the board (Law 77 scores are multiples of 10; −90 is
// no score with NS vulnerable) and on a result that is not assigned; at
// teams it is kept (each team is scored from its own side's score).
func TestSplitScoreRefused(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 7, Name: "A", Movement: m, CurrentRound: 2}
	split := Result{Round: 2, Table: 1, Board: 2, Status: StatusAssigned, Assigned: []AssignedPart{{620, 1}}, EWAssigned: []AssignedPart{{650, 1}}}
	rules := scoring.NewRules(scoring.Contract2017)
	boards := withImplied(map[int]Board{}, sec)
	for _, c := range []struct {
		name  string
		edit  func(*Result)
		field string
	}{
		{"EW weights adding up to 90 %", func(r *Result) { r.EWAssigned = []AssignedPart{{650, 0.6}, {620, 0.3}} }, "ew_assigned"},
		{"an EW weight of 0", func(r *Result) { r.EWAssigned = []AssignedPart{{650, 0}, {620, 1}} }, "ew_assigned[0].weight"},
		{"EW −655, not a score", func(r *Result) { r.EWAssigned = []AssignedPart{{655, 1}} }, "ew_assigned[0].ns_score"},
		{"NS +625, not a score", func(r *Result) { r.Assigned = []AssignedPart{{625, 1}} }, "assigned[0].ns_score"},
		{"an EW score on an artificial score", func(r *Result) {
			r.Status, r.Assigned, r.NSPercent, r.EWPercent = StatusArtificial, nil, 60, 40
		}, "ew_assigned"},
		{"EW parts and no NS parts", func(r *Result) { r.Assigned = nil }, "assigned"},
		{"eleven EW parts", func(r *Result) {
			r.EWAssigned = nil
			for range 11 {
				r.EWAssigned = append(r.EWAssigned, AssignedPart{650, 1.0 / 11})
			}
		}, "ew_assigned"},
	} {
		r := split
		c.edit(&r)
		err := checkResult(Director, sec, &rules, boards, &r, "")
		var te *Error
		if !errors.Is(err, ErrInvalid) || !errors.As(err, &te) || te.Field != c.field {
			t.Errorf("%s: got %v (field %q), want invalid on %q", c.name, err, fieldOf(err), c.field)
		}
	}
	r := split
	if err := checkResult(Director, sec, &rules, boards, &r, ""); err != nil {
		t.Fatal(err)
	}
	if r.NSScore != 620 || r.EWSideScore() != 650 || !r.Split() || len(r.Lines) != 2 {
		t.Errorf("split score: NS %d, EW side %d, lines %q; want 620, 650 and one line a side", r.NSScore, r.EWSideScore(), r.Lines)
	}
	// The same score for both sides is a balanced one.
	r = split
	r.EWAssigned = []AssignedPart{{620, 1}}
	if err := checkResult(Director, sec, &rules, boards, &r, ""); err != nil || r.Split() {
		t.Errorf("both sides 620: %v, split %v; want a balanced score", err, r.Split())
	}
	tm, err := MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	tsec := &Section{ID: 8, Name: "T", Movement: tm, CurrentRound: 1}
	r = split
	r.Round, r.Table, r.Board = 1, 1, 1
	r.Assigned, r.EWAssigned = []AssignedPart{{420, 1}}, []AssignedPart{{450, 1}}
	// At teams each team is scored from its own side's score
	// (team_split_test.go); the split is kept.
	err = checkResult(Director, tsec, &rules, withImplied(map[int]Board{}, tsec), &r, "")
	if err != nil || !r.Split() || r.EWSideScore() != 450 {
		t.Errorf("a split score at teams: %v, split %v, EW side %d; want kept, 450", err, r.Split(), r.EWSideScore())
	}
}

// TestScoreOnBoard: Law 77's scores, by vulnerability. 620 is 4S made NS
// vulnerable (4×30 + 500), not possible NS not vulnerable (420 or 450 …);
// −620 is EW's 4S made with EW vulnerable; 625 is no score (every Law 77
// score is a multiple of 10); −100 is one down vulnerable or two down not;
// 2220 is 7NT made vulnerable.
func TestScoreOnBoard(t *testing.T) {
	r := scoring.NewRules(scoring.Contract2017)
	for _, c := range []struct {
		vul  scoring.Vulnerability
		ns   int
		want bool
	}{
		{scoring.VulNS, 620, true}, {scoring.VulNone, 620, false}, {scoring.VulEW, -620, true}, {scoring.VulNS, -620, false},
		{scoring.VulAll, 625, false}, {scoring.VulNone, -100, true}, {scoring.VulNone, 0, true}, {scoring.VulNS, 650, true},
		{scoring.VulAll, 2220, true}, // 7NT vulnerable: 40 + 6×30 + 500 + 1500
	} {
		ok, checked := r.ScoreOnBoard(c.vul, c.ns)
		if !checked || ok != c.want {
			t.Errorf("%+d with %s vulnerable: %v (checked %v), want %v", c.ns, c.vul, ok, checked, c.want)
		}
	}
	auction := scoring.NewRules(scoring.Auction1915)
	if _, checked := auction.ScoreOnBoard(scoring.VulNone, 625); checked {
		t.Error("auction-1915 checked, want it left to the director (honours)")
	}
}

// TestSuspects: a constructed board 1 (none vulnerable, Law 77). 4S by E
// making 10 is NS −420 at two tables, 4S by W making 11 −450 at one; a
// fourth line says 4S by N making 10, +420: with the declarer one seat on
// (E) it would be −420, as the first table: flagged "direction". A fifth,
// 3NT by S making 9 stored as +600, scores +400 not vulnerable: flagged
// "score". Two lines in 4S by E and one by N (table 6) leave the N line
// unflagged: the field is not all on the other side.
func TestSuspects(t *testing.T) {
	rules := scoring.NewRules(scoring.Contract2017)
	b := Board{Number: 1, Vulnerability: scoring.VulNone}
	line := func(table int, contract, declarer string, tricks, score int) TravelerLine {
		return TravelerLine{Result: Result{Round: 1, Table: table, Board: 1, Status: StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks, NSScore: score}}
	}
	lines := []TravelerLine{
		line(1, "4S", "E", 10, -420), line(2, "4S", "E", 10, -420), line(3, "4S", "W", 11, -450),
		line(4, "4S", "N", 10, 420), line(5, "3NT", "S", 9, 600),
	}
	suspects(&rules, &b, lines)
	for i, want := range []string{"", "", "", SuspectDirection, SuspectScore} {
		if lines[i].Suspect.Kind != want {
			t.Errorf("line %d: %q (%s), want %q", i, lines[i].Suspect.Kind, lines[i].Suspect.Why, want)
		}
	}
	lines = append(lines[:4:4], line(6, "4S", "S", 10, 420))
	suspects(&rules, &b, lines)
	if lines[3].Suspect.Kind != "" || lines[4].Suspect.Kind != "" {
		t.Errorf("with 4S by NS at another table: %+v and %+v, want neither flagged", lines[3].Suspect, lines[4].Suspect)
	}
}
