package tournament

import "testing"

// TestPenaltyOverall: a procedural penalty counts in the overall ranking
// as in the section's (pairTotals is the one place a pairs total is made).
// TestOverallTwoSessionsCarryOver's two sessions, summed: Ann 16.9 and Kim
// 16.9 are first equal (70.42 % of 24). Ann–Bob (session 1's NS 1) given
// 25 % of a top in session 1 (top 4: 1 matchpoint) have 15.9 (66.25 %) and
// are 2nd behind Kim–Lee; the section's own standings have NS 1 6.4 of 12
// (53.33 %), behind NS 2 (7.5), with 1 off.
func TestPenaltyOverall(t *testing.T) {
	s1 := named(sectionA(t, 1, 1, "A", nil), [2]string{"Ann", "Bob"}, [2]string{"Cat", "Dan"}, [2]string{"Eve", "Fay"},
		[2]string{"Gus", "Hal"}, [2]string{"Ivy", "Jon"}, [2]string{"Kim", "Lee"})
	s2 := named(sectionA(t, 2, 2, "A", nil), [2]string{"Kim", "Lee"}, [2]string{"Ivy", "Jon"}, [2]string{"Gus", "Hal"},
		[2]string{"Eve", "Fay"}, [2]string{"Cat", "Dan"}, [2]string{"ann", "BOB"})
	s1.Section.Penalties = []Penalty{{Number: "1", Direction: "NS", Amount: 25, Unit: UnitPercentTop, Reason: "slow play"}}
	e := Event{Scoring: MethodMP}
	wantOverall(t, OverallStandings(&e, []OverallInput{s1, s2}), []overallRow{
		{"Kim", 16.9, 70.42, 1}, {"Ann", 15.9, 66.25, 2}, {"Cat", 10.1, 42.08, 3}, {"Ivy", 10.1, 42.08, 3},
		{"Eve", 9, 37.5, 5}, {"Gus", 9, 37.5, 5},
	})
	st := sectionStandings(&e, &s1.Section, s1.Results, s1.Pairs, nil)
	for _, p := range st.Pairs {
		if p.Number == "1" && p.Direction == "NS" && (p.Total != 6.4 || p.Percentage != 53.33 || p.Place != 2 || p.Penalty != 1) {
			t.Errorf("NS 1 in its section: %v %v%% place %d, %v off; want 6.4, 53.33 %%, 2nd, 1 off", p.Total, p.Percentage, p.Place, p.Penalty)
		}
	}
}

// TestPenaltyAcrossTheField: TestOverallAcrossTheField's two sections
// scored as one field (6 lines a board, EBU top 2·(6−1) = 10; 30 possible
// in 3 boards). A's NS 1 has 17 (56.67 %); 25 % of a top is 2.5
// matchpoints here, not 1 (the top is the field's): 14.5 of 30 = 48.33 %,
// in A's own standings 2nd of A's NS (A2 17, A3 9) and overall 4th (B1 21,
// B2 19, A2 17, then A1 14.5, A3 and B3 9).
func TestPenaltyAcrossTheField(t *testing.T) {
	a := sectionA(t, 1, 1, "A", nil)
	b := sectionA(t, 2, 1, "B", []played{{1, 1, 1, "4S", "N", 11}, {2, 3, 1, "4S", "N", 10}, {3, 2, 1, "3S", "N", 9}})
	a.Section.Penalties = []Penalty{{Number: "1", Direction: "NS", Amount: 25, Unit: UnitPercentTop, Reason: "slow play"}}
	e := Event{Scoring: MethodMP, Overall: OverallOptions{Field: FieldAcross}}
	fb := fieldBoards(MethodMP, []fieldPart{{&a.Section.Movement, a.Results}, {&b.Section.Movement, b.Results}})
	st := sectionStandingsBy(&e, &a.Section, a.Results, nil, nil, &fieldScore{boards: fb[0], sections: 2})
	for _, p := range st.Pairs {
		if p.Number == "1" && p.Direction == "NS" && (p.Total != 14.5 || p.Percentage != 48.33 || p.Place != 2 || p.Penalty != 2.5) {
			t.Errorf("A NS 1 across the field: %v %v%% place %d, %v off; want 14.5, 48.33 %%, 2nd, 2.5 off", p.Total, p.Percentage, p.Place, p.Penalty)
		}
	}
	for _, en := range OverallStandings(&e, []OverallInput{a, b}).Entries {
		if s := en.Sessions[0]; s.Section == "A" && s.Number == "1" && s.Direction == "NS" && (en.Total != 14.5 || en.Percentage != 48.33 || en.Place != 4) {
			t.Errorf("A NS 1 overall across the field: %v (%v %%) place %d, want 14.5 (48.33 %%) 4th", en.Total, en.Percentage, en.Place)
		}
	}
}
