package tournament

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// mitchell3 is TestPairStandingsMitchell's worked 3-table Mitchell: its
// section and results (the standings there: NS 2 62.50%, NS 1 61.67%, NS 3
// 29.17%; EW 3 79.17%, EW 1 45.83%, EW 2 21.67%; totals 7.5, 7.4, 3.5 and
// 9.5, 5.5, 2.6).
func mitchell3(t *testing.T) (*Section, []Result) {
	t.Helper()
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1}
	results := enter(t, sec, Director, append(resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {2, 3, 1, "4S", "N", 10}, {3, 2, 1, "4S", "N", 9},
		{1, 2, 2, "3NT", "S", 9}, {2, 1, 2, "3NT", "S", 8}, {3, 3, 2, "2S", "E", 8},
		{1, 3, 3, "1NT", "W", 7}, {2, 2, 3, "PASS", "", 0},
	}), Result{Round: 3, Table: 1, Board: 3, Status: StatusArtificial, NSPercent: 60, EWPercent: 40}))
	return sec, results
}

// graded is what the grading step put on one standing.
type graded struct {
	number, direction string
	place             int
	net               float64
	scratch           int
	stratum           string
	strata            []StratumPlace
}

func checkGraded(t *testing.T, got []Standing, want []graded) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d standings, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Number != w.number || g.Direction != w.direction || g.Place != w.place || g.Net != w.net || g.Scratch != w.scratch ||
			g.Stratum != w.stratum || !reflect.DeepEqual(g.Strata, w.strata) {
			t.Errorf("standing %d: %s %s place %d net %.2f scratch %d stratum %q %v, want %s %s place %d net %.2f scratch %d stratum %q %v",
				i, g.Number, g.Direction, g.Place, g.Net, g.Scratch, g.Stratum, g.Strata, w.number, w.direction, w.place, w.net, w.scratch, w.stratum, w.strata)
		}
	}
}

// TestHandicapStandings adds handicaps in percent to the worked Mitchell
// (EBU scheme, grading.go): NS 1 +3 → 64.67 passes NS 2 (−2 → 60.50);
// NS 3 +5 → 34.17 stays third. EW 2 +25 → 46.67 passes EW 1 (45.83 + 0);
// EW 3 −6 → 73.17 stays first. Scratch keeps the places without them.
// In points (+0.2 to NS 3's 3.5 is 3.7, nothing passes; +1 to NS 1's 7.4
// is 8.4 and passes NS 2's 7.5) the totals are what is added to.
func TestHandicapStandings(t *testing.T) {
	sec, results := mitchell3(t)
	sec.Grading = Grading{Handicap: HandicapPercent}
	pairs := []Pair{
		{Number: "1", Direction: "NS", Handicap: 3}, {Number: "2", Direction: "NS", Handicap: -2}, {Number: "3", Direction: "NS", Handicap: 5},
		{Number: "1", Direction: "EW"}, {Number: "2", Direction: "EW", Handicap: 25}, {Number: "3", Direction: "EW", Handicap: -6},
	}
	e := &Event{Scoring: MethodMP}
	checkGraded(t, sectionStandings(e, sec, results, pairs, nil).Pairs, []graded{
		{"1", "NS", 1, 64.67, 2, "", nil},
		{"2", "NS", 2, 60.50, 1, "", nil},
		{"3", "NS", 3, 34.17, 3, "", nil},
		{"3", "EW", 1, 73.17, 1, "", nil},
		{"2", "EW", 2, 46.67, 3, "", nil},
		{"1", "EW", 3, 45.83, 2, "", nil},
	})

	sec.Grading = Grading{Handicap: HandicapPoints}
	points := []Pair{{Number: "1", Direction: "NS", Handicap: 1}, {Number: "3", Direction: "NS", Handicap: 0.2}}
	checkGraded(t, sectionStandings(e, sec, results, points, nil).Pairs, []graded{
		{"1", "NS", 1, 8.4, 2, "", nil},
		{"2", "NS", 2, 7.5, 1, "", nil},
		{"3", "NS", 3, 3.7, 3, "", nil},
		{"3", "EW", 1, 9.5, 1, "", nil},
		{"1", "EW", 2, 5.5, 2, "", nil},
		{"2", "EW", 3, 2.6, 3, "", nil},
	})
}

// TestStratifiedStandings ranks the worked Mitchell in strata A (all), B
// and C, a lower stratum's pair ranked in each one above too (the ACBL's
// clubs' rule, grading.go). NS: 2 (A) 7.5, 1 (B) 7.4, 3 (C) 3.5 — in A
// 1st, 2nd, 3rd; in B (NS 1 and 3) 1 is 1st, 3 2nd; in C (3 alone) 1st.
// EW: 3 (C) 9.5, 1 (no stratum: the top) 5.5, 2 (B) 2.6 — in A 1st, 2nd,
// 3rd; in B (EW 3 and 2) 3 1st, 2 2nd; in C 3 1st.
func TestStratifiedStandings(t *testing.T) {
	sec, results := mitchell3(t)
	sec.Grading = Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 750}, {Name: "C", Below: 300}}}
	pairs := []Pair{
		{Number: "1", Direction: "NS", Stratum: "B"}, {Number: "2", Direction: "NS", Stratum: "A"}, {Number: "3", Direction: "NS", Stratum: "C"},
		{Number: "2", Direction: "EW", Stratum: "B"}, {Number: "3", Direction: "EW", Stratum: "C"},
	}
	a, b, c := func(p int) StratumPlace { return StratumPlace{"A", p} }, func(p int) StratumPlace { return StratumPlace{"B", p} }, func(p int) StratumPlace { return StratumPlace{"C", p} }
	checkGraded(t, sectionStandings(&Event{Scoring: MethodMP}, sec, results, pairs, nil).Pairs, []graded{
		{"2", "NS", 1, 0, 0, "A", []StratumPlace{a(1)}},
		{"1", "NS", 2, 0, 0, "B", []StratumPlace{a(2), b(1)}},
		{"3", "NS", 3, 0, 0, "C", []StratumPlace{a(3), b(2), c(1)}},
		{"3", "EW", 1, 0, 0, "C", []StratumPlace{a(1), b(1), c(1)}},
		{"1", "EW", 2, 0, 0, "A", []StratumPlace{a(2)}},
		{"2", "EW", 3, 0, 0, "B", []StratumPlace{a(3), b(2)}},
	})
}

// TestGradingRefused: a stratum the section does not define, a handicap
// out of bounds, strata out of order, a percent handicap at IMPs — each
// refused naming its field.
func TestGradingRefused(t *testing.T) {
	g := Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 500}}, Handicap: HandicapPercent}
	for _, c := range []struct {
		name, field, message string
		err                  error
	}{
		{"stratum not defined", "stratum", `"D": not a stratum of section A`, g.checkGrade("", "D", 0, "A")},
		{"handicap out of bounds", "pairs[1].handicap", "26: a handicap is from −25 to +25%", g.checkGrade("pairs[1].", "B", 26, "A")},
		{"no handicap event", "handicap", "not a handicap event", (&Grading{}).checkGrade("", "", 2, "A")},
		{"strata out of order", "grading.strata[2].below", "each stratum's limit is below the one above", (&Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 300}, {Name: "C", Below: 500}}}).check(MethodMP)},
		{"top with a limit", "grading.strata[0].below", "the top stratum is the whole field", (&Grading{Strata: []Stratum{{Name: "A", Below: 100}}}).check(MethodMP)},
		{"percent at IMPs", "grading.handicap", "use points", (&Grading{Handicap: HandicapPercent}).check(MethodCrossIMP)},
		{"stratum twice", "grading.strata[1].name", `"A" is given twice`, (&Grading{Strata: []Stratum{{Name: "A"}, {Name: "A", Below: 5}}}).check(MethodMP)},
	} {
		var e *Error
		if !errors.As(c.err, &e) || e.Kind != ErrInvalid || e.Field != c.field || !strings.Contains(e.Message, c.message) {
			t.Errorf("%s: %v, want ErrInvalid on %s saying %q", c.name, c.err, c.field, c.message)
		}
	}
}

// TestParseGradeTable reads a pasted table: masterpoints and handicap in a
// section with both, a bad line refused naming it.
func TestParseGradeTable(t *testing.T) {
	g := &Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 500}}, Handicap: HandicapPercent}
	got, err := ParseGradeTable("# number mp handicap\n1234 850 -2\n\n5678,120,3.5\n", g)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Number != "1234" || *got[0].Masterpoints != 850 || *got[0].Handicap != -2 || got[1].Number != "5678" || *got[1].Masterpoints != 120 || *got[1].Handicap != 3.5 {
		t.Errorf("got %+v", got)
	}
	if _, err := ParseGradeTable("1234 850\n", g); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a short line: %v, want refused naming line 1", err)
	}
	// The stratum from the higher-ranked player: 850 and 120 → A (850 ≥ 500).
	var ungraded []string
	var stratum string
	var h float64
	table := map[string]PlayerGrade{"1234": got[0], "5678": got[1]}
	if !grade(g, &stratum, &h, []Player{{Name: "Ann", Number: "1234"}, {Name: "Bob", Number: "5678"}}, table, "pair 1", &ungraded) || stratum != "A" || h != 0.75 {
		t.Errorf("graded %q %.2f (%v), want A and (−2+3.5)/2 = 0.75", stratum, h, ungraded)
	}
}

// TestTeamsGradedStandings: a teams section's standings (team number as
// the standing's, one field) take the teams' grades. VPs 60, 45, 33 for
// teams 1, 2, 3; a handicap of +20 VPs to team 3 gives 53 (points), which
// passes team 2's 45: places 1, 3→2nd, 2→3rd (scratch 1, 3, 2). Strata A
// and B with team 2 and 3 in B: in B team 3 is 1st, team 2 2nd.
func TestTeamsGradedStandings(t *testing.T) {
	m, err := MovementSpec{Kind: "teams", Teams: 3, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	st := []Standing{{Number: "1", Total: 60, Place: 1}, {Number: "2", Total: 45, Place: 2}, {Number: "3", Total: 33, Place: 3}}
	teams := []Roster{{Number: 1}, {Number: 2, Stratum: "B"}, {Number: 3, Stratum: "B", Handicap: 20}}
	g := &Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 1000}}, Handicap: HandicapPoints}
	a, b := func(p int) StratumPlace { return StratumPlace{"A", p} }, func(p int) StratumPlace { return StratumPlace{"B", p} }
	checkGraded(t, gradeStandings(MethodIMPTeams, g, st, gradesOf(&m, nil, teams)), []graded{
		{"1", "", 1, 60, 1, "A", []StratumPlace{a(1)}},
		{"3", "", 2, 53, 3, "B", []StratumPlace{a(2), b(1)}},
		{"2", "", 3, 45, 2, "B", []StratumPlace{a(3), b(2)}},
	})
}
