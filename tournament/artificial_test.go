package tournament

// Law 12C2 (WBF Laws of Duplicate Bridge 2017): average plus is "at least
// 60% of the available matchpoints", average minus "at most 40%"; the WBF
// Laws Committee's minute of 1998-08-30 #1, quoted under Law 12C2 in the
// EBU White Book, makes them 60 % or the session percentage if greater and
// 40 % or the session percentage if less (law option average_session).

import (
	"math"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// twelveC2Results is a 3-table Mitchell, one board a round (pairs 1–3 NS,
// 4–6 EW; board 1: NS1–EW4, NS3–EW5, NS2–EW6; board 2: NS2–EW5, NS1–EW6,
// NS3–EW4; board 3: NS3–EW6, NS2–EW4, NS1–EW5), Law 77 scores:
//
//	board 1 (none vul): NS1 4S= +420, NS3 3S+1 +170, NS2 4S−1 −50
//	board 2 (NS vul):   NS2 4S= +620, NS1 3S+1 +170, NS3 4S−1 −100
//	board 3 (EW vul):   NS3 3NT= +400, NS2 3NT−1 −50, NS1–EW5 artificial 60/40
func twelveC2Results() []Result {
	played := func(round, table, board int, contract string, tricks, score int) Result {
		return Result{Round: round, Table: table, Board: board, Status: StatusPlayed, Contract: contract, Declarer: "N", Tricks: tricks, NSScore: score}
	}
	return []Result{
		played(1, 1, 1, "4S", 10, 420), played(2, 3, 1, "3S", 10, 170), played(3, 2, 1, "4S", 9, -50),
		played(1, 2, 2, "4S", 10, 620), played(2, 1, 2, "3S", 10, 170), played(3, 3, 2, "4S", 9, -100),
		played(1, 3, 3, "3NT", 9, 400), played(2, 2, 3, "3NT", 8, -50),
		{Round: 3, Table: 1, Board: 3, Status: StatusArtificial, NSPercent: 60, EWPercent: 40},
	}
}

// TestAverageSessionStandings: EBU matchpoints, each board scored as if
// played 3 times, top 2×(3−1) = 4.
//
//	board 1: NS1 4, NS3 2, NS2 0; EW4 0, EW5 2, EW6 4
//	board 2: NS2 4, NS1 2, NS3 0; EW5 0, EW6 2, EW4 4
//	board 3: two lines compared, Neuberg to 3: NS3 (2+1)·3/2 − 1 = 3.5,
//	         NS2 (0+1)·3/2 − 1 = 0.5; EW6 0.5, EW4 3.5
//
// NS1 on its other boards: (4 + 2) / (2 × 4) = 75 %: average plus is 75 %
// of 4 = 3 (not 60 % = 2.4), total 9 = 75 %. EW5: (2 + 0) / 8 = 25 %:
// average minus is 25 % = 1 (not 40 % = 1.6), total 3 = 25 %. With the
// option off (Law 12C2(a) as printed): NS1 8.4 = 70 %, EW5 3.6 = 30 %.
func TestAverageSessionStandings(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{Name: "A", Movement: m}
	for _, c := range []struct {
		session            bool
		ns1, ew5           float64
		ns1Pct, ew5Pct     float64
		board3NS, board3EW float64
	}{
		{true, 9, 3, 75, 25, 3, 1},
		{false, 8.4, 3.6, 70, 30, 2.4, 1.6},
	} {
		e := Event{Law: scoring.Contract2017, Scoring: MethodMP, LawOptions: LawOptions{"average_session": c.session}}
		st := sectionStandings(&e, &sec, twelveC2Results(), nil, nil)
		for _, s := range st.Pairs {
			switch {
			case s.Direction == "NS" && s.Number == "1" && (s.Total != c.ns1 || s.Percentage != c.ns1Pct):
				t.Errorf("session %v: NS1 %v (%v%%), want %v (%v%%)", c.session, s.Total, s.Percentage, c.ns1, c.ns1Pct)
			case s.Direction == "EW" && s.Number == "2" && (s.Total != c.ew5 || s.Percentage != c.ew5Pct):
				t.Errorf("session %v: EW5 %v (%v%%), want %v (%v%%)", c.session, s.Total, s.Percentage, c.ew5, c.ew5Pct)
			}
		}
		// The traveler shows what the standings count.
		sb := compareSectionFor(&e, &sec.Movement, twelveC2Results())
		pts := sb.points[3]
		for k, i := range sb.boards[3] {
			if i == 8 && (math.Abs(pts.Shown[0][k]-c.board3NS) > 1e-9 || math.Abs(pts.Shown[1][k]-c.board3EW) > 1e-9) {
				t.Errorf("session %v: board 3's artificial line shows %v and %v, want %v and %v", c.session, pts.Shown[0][k], pts.Shown[1][k], c.board3NS, c.board3EW)
			}
		}
	}
}

// TestAverageSessionWorked is the worked example: a pair at 63.4 % over
// its other boards gets 63.4 % on the board, not 60; one at 55.5 % gets 60;
// average minus for a pair at 45 % stays 40 %. The points are set by hand
// on the 3-table Mitchell above (top 4 at 3 plays): NS1 2.536 + 2.536 =
// 5.072 of 8 = 63.4 %, so average plus is 0.634 × 4 = 2.536; EW5 1.8 + 1.8
// = 3.6 of 8 = 45 %, so average minus is 40 % = 1.6. Then NS1 at 2.22 +
// 2.22 = 4.44 of 8 = 55.5 %: 60 % = 2.4; EW5 at 0.9 + 0.9 = 1.8 of 8 =
// 22.5 %: average minus 22.5 % of 4 = 0.9.
func TestAverageSessionWorked(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	results := twelveC2Results()
	sb := sectionBoards{full: 3, boards: map[int][]int{1: {0, 1, 2}, 2: {3, 4, 5}, 3: {6, 7, 8}}, points: map[int]BoardPoints{}}
	set := func(ns1, ew5 float64) {
		// board 1: NS1 is line 0, EW5 line 1; board 2: NS1 line 1, EW5 line 0.
		b1 := [2][]float64{{ns1, 2, 0}, {0, ew5, 4}}
		b2 := [2][]float64{{4, ns1, 0}, {ew5, 2, 4}}
		b3 := [2][]float64{{3.5, 0.5, 2.4}, {0.5, 3.5, 1.6}}
		sb.points[1] = BoardPoints{Shown: b1, Counted: b1, Top: 4, CountTop: 4}
		sb.points[2] = BoardPoints{Shown: b2, Counted: b2, Top: 4, CountTop: 4}
		sb.points[3] = BoardPoints{Shown: b3, Counted: b3, Top: 4, CountTop: 4}
	}
	for _, c := range []struct {
		ns1, ew5, plus, minus float64
	}{{2.536, 1.8, 2.536, 1.6}, {2.22, 0.9, 2.4, 0.9}} {
		set(c.ns1, c.ew5)
		got := sessionArtificial(MethodMP, &m, results, sb).points[3]
		if math.Abs(got.Counted[0][2]-c.plus) > 1e-9 || math.Abs(got.Counted[1][2]-c.minus) > 1e-9 {
			t.Errorf("NS1 at %v a board, EW5 at %v: average plus %v, minus %v; want %v and %v", c.ns1, c.ew5, got.Counted[0][2], got.Counted[1][2], c.plus, c.minus)
		}
		if sb.points[3].Counted[0][2] != 2.4 {
			t.Error("sessionArtificial changed the boards it was given")
		}
	}
	// At IMPs (Law 12C2(a)'s ±3 IMPs): NS1 averaging +4.2 IMPs a board gets
	// +4.2, not +3; EW5 averaging −0.5 gets −3 (less than −0.5).
	b1 := [2][]float64{{4.2, 0, 0}, {0, -0.5, 0}}
	b2 := [2][]float64{{0, 4.2, 0}, {-0.5, 0, 0}}
	b3 := [2][]float64{{0, 0, 3}, {0, 0, -3}}
	sb.points[1] = BoardPoints{Shown: b1, Counted: b1}
	sb.points[2] = BoardPoints{Shown: b2, Counted: b2}
	sb.points[3] = BoardPoints{Shown: b3, Counted: b3}
	got := sessionArtificial(MethodCrossIMP, &m, results, sb).points[3]
	if math.Abs(got.Counted[0][2]-4.2) > 1e-9 || got.Counted[1][2] != -3 {
		t.Errorf("IMPs: average plus %v, minus %v; want 4.2 and -3", got.Counted[0][2], got.Counted[1][2])
	}
}

// TestAverageSessionAcrossField: a section scored across the field (here a
// field of one section, so the same boards as within it) counts average
// plus and minus by the same option: NS1 9 (75 %) and EW5 3 (25 %), as in
// TestAverageSessionStandings; and the event's overall standings too.
func TestAverageSessionAcrossField(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{Name: "A", Session: 1, Movement: m}
	e := Event{Law: scoring.Contract2017, Scoring: MethodMP, LawOptions: LawOptions{"average_session": true}}
	results := twelveC2Results()
	fb := fieldBoards(MethodMP, []fieldPart{{m: &sec.Movement, results: results}})
	st := sectionStandingsBy(&e, &sec, results, nil, nil, &fieldScore{boards: fb[0], sections: 1})
	found := 0
	for _, s := range st.Pairs {
		if (s.Direction == "NS" && s.Number == "1" && s.Total == 9) || (s.Direction == "EW" && s.Number == "2" && s.Total == 3) {
			found++
		}
	}
	if found != 2 {
		t.Errorf("across the field: %+v, want NS1 9 and EW5 (EW 2) 3", st.Pairs)
	}
	ov := OverallStandings(&e, []OverallInput{{Section: sec, Results: results}})
	seen := false
	for _, en := range ov.Entries {
		if len(en.Sessions) > 0 && en.Sessions[0].Number == "1" && en.Sessions[0].Direction == "NS" {
			seen = true
			if en.Sessions[0].Points != 9 {
				t.Errorf("overall: NS1's session points %v, want 9", en.Sessions[0].Points)
			}
		}
	}
	if !seen {
		t.Errorf("overall: no NS1 among %+v", ov.Entries)
	}
}

// TestArtificialSummedCrossIMPs: at CROSS_IMP under the sum-cross-imps
// convention an artificial line counts 3 IMPs for each other result on the
// board, as the ACBL's scoring program scores "Total IMPs" ("AVE+ 3 IMPs x
// (number of results - 1)", ACBLscore manual, "IMP scoring methods",
// web2.acbl.org/acblscore/manual/83.htm). On twelveC2Results, summed over
// the comparisons (Law 78B IMP steps):
//
//	board 1: NS1 +420 against +170 (250: 6) and −50 (470: 10) = 16;
//	         EW5 sat against NS3 +170: −6 and +6 = 0, so EW5 0
//	board 2: NS1 +170 against +620 (−450: −10) and −100 (270: 7) = −3;
//	         EW5 sat against NS2 +620: 10 and 12 (720) = 22, so EW5 −22
//	board 3: three results, the artificial line 3 × (3 − 1) = +6 for NS1
//	         and −6 for EW5
//
// NS1 16 − 3 + 6 = 19, EW5 0 − 22 − 6 = −28. With average_session_imps (Law
// 12C2 as the WBF Laws Committee's minute reads it, artificial.go) the
// pair's own average a board where better for it (worse, at average
// minus): NS1 (16 − 3)/2 = 6.5 > 6, so 19.5; EW5 (0 − 22)/2 = −11 < −6,
// so −33.
func TestArtificialSummedCrossIMPs(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{Name: "A", Movement: m}
	for _, c := range []struct {
		session  bool
		ns1, ew5 float64
	}{{false, 19, -28}, {true, 19.5, -33}} {
		e := Event{Law: scoring.Contract2017, Scoring: MethodCrossIMP, Convention: "sum-cross-imps", LawOptions: LawOptions{"average_session_imps": c.session}}
		st := sectionStandings(&e, &sec, twelveC2Results(), nil, nil)
		found := 0
		for _, s := range st.Pairs {
			switch {
			case s.Direction == "NS" && s.Number == "1":
				found++
				if math.Abs(s.Total-c.ns1) > 1e-9 {
					t.Errorf("session %v: NS1 %v IMPs, want %v", c.session, s.Total, c.ns1)
				}
			case s.Direction == "EW" && s.Number == "2":
				found++
				if math.Abs(s.Total-c.ew5) > 1e-9 {
					t.Errorf("session %v: EW5 %v IMPs, want %v", c.session, s.Total, c.ew5)
				}
			}
		}
		if found != 2 {
			t.Errorf("session %v: NS1 and EW5 not both ranked: %+v", c.session, st.Pairs)
		}
	}
}
