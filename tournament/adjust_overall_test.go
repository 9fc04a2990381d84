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
