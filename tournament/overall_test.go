package tournament

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
)

// sectionA is TestPairStandingsMitchell's 3-table Mitchell (boards 1–3,
// one a round) with its results, as section id of session: scored within
// itself, NS 1 7.4, NS 2 7.5, NS 3 3.5, EW 1 5.5, EW 2 2.6, EW 3 9.5 of
// 12 (top 4 a board).
func sectionA(t *testing.T, id int64, session int, name string, board1 []played) OverallInput {
	t.Helper()
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: id, Session: session, Name: name, Movement: m, CurrentRound: 3}
	if board1 == nil {
		board1 = []played{{1, 1, 1, "4S", "N", 10}, {2, 3, 1, "4S", "N", 10}, {3, 2, 1, "4S", "N", 9}}
	}
	results := enter(t, &sec, Director, append(resultsOf(append(board1,
		played{1, 2, 2, "3NT", "S", 9}, played{2, 1, 2, "3NT", "S", 8}, played{3, 3, 2, "2S", "E", 8},
		played{1, 3, 3, "1NT", "W", 7}, played{2, 2, 3, "PASS", "", 0},
	)), Result{Round: 3, Table: 1, Board: 3, Status: StatusArtificial, NSPercent: 60, EWPercent: 40}))
	return OverallInput{Section: sec, Results: results}
}

// named gives a section's pairs players, in the order NS 1–3, EW 1–3.
func named(in OverallInput, names ...[2]string) OverallInput {
	for i, n := range names {
		dir := "NS"
		if i >= 3 {
			dir = "EW"
		}
		in.Pairs = append(in.Pairs, Pair{Number: fmt.Sprint(i%3 + 1), Direction: dir, Players: []Player{{Name: n[0]}, {Name: n[1]}}})
	}
	return in
}

// twoSessions is TestOverallTwoSessionsCarryOver's two sessions of
// sectionA, the partnerships seated the other way round in the second,
// Ann–Bob's names there written as ann and bob.
func twoSessions(t *testing.T, ann, bob string) (s1, s2 OverallInput) {
	t.Helper()
	s1 = named(sectionA(t, 1, 1, "A", nil), [2]string{"Ann", "Bob"}, [2]string{"Cat", "Dan"}, [2]string{"Eve", "Fay"},
		[2]string{"Gus", "Hal"}, [2]string{"Ivy", "Jon"}, [2]string{"Kim", "Lee"})
	s2 = named(sectionA(t, 2, 2, "A", nil), [2]string{"Kim", "Lee"}, [2]string{"Ivy", "Jon"}, [2]string{"Gus", "Hal"},
		[2]string{"Eve", "Fay"}, [2]string{"Cat", "Dan"}, [2]string{ann, bob})
	return s1, s2
}

type overallRow struct {
	who   string
	total float64
	pct   float64
	place int
}

func wantOverall(t *testing.T, o Overall, want []overallRow) {
	t.Helper()
	var got []overallRow
	for _, e := range o.Entries {
		who := e.Direction
		if len(e.Players) > 0 {
			who = e.Players[0]
		} else {
			who += " " + e.Sessions[0].Section + e.Sessions[0].Number + e.Sessions[0].Direction
		}
		got = append(got, overallRow{who, e.Total, e.Percentage, e.Place})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("overall\n got %v\nwant %v", got, want)
	}
}

// TestOverallTwoSessionsCarryOver: a two-session pairs event, the same
// 3-table Mitchell and results each session (sectionA), the partnerships
// seated differently in the second: session 1 NS 1 Ann–Bob, NS 2 Cat–Dan,
// NS 3 Eve–Fay, EW 1 Gus–Hal, EW 2 Ivy–Jon, EW 3 Kim–Lee; session 2 the
// other way round (NS 1 Kim–Lee … EW 3 Ann–Bob, "ann" and "BOB" written
// so: names are known again whatever their case). Each session's
// matchpoints are its own (top 4, 12 possible a session):
//
//	           session 1   session 2
//	Ann–Bob     7.4 (NS1)   9.5 (EW3)
//	Cat–Dan     7.5 (NS2)   2.6 (EW2)
//	Eve–Fay     3.5 (NS3)   5.5 (EW1)
//	Gus–Hal     5.5 (EW1)   3.5 (NS3)
//	Ivy–Jon     2.6 (EW2)   7.5 (NS2)
//	Kim–Lee     9.5 (EW3)   7.4 (NS1)
//
// The sessions summed (ACBL's overall of a multi-session event is the sum
// of its sessions: e.g. its Side Game Series, "his overall score is the sum
// of the percentage scores of his two best sessions", ACBL Tech Files,
// EVENTS.033, server.bridgehands.com/Laws/ACBL/Duplicate/Tech_Files/
// Tech_File_Event_Guidelines.htm): Ann 16.9 and Kim 16.9 (70.42 % of 24)
// first equal, Cat and Ivy 10.1 (42.08 %) third, Eve and Gus 9 (37.5 %)
// fifth.
//
// A 50 % carry-over (half of session 1 carried into session 2, the final).
// The percentage is the director's: the ACBL's word is "carryover", the
// EBU's "carry-forward", and what share a final carries is each event's
// conditions of contest. No ACBL or EBU text fixing a percentage was found
// in the reference corpora (searched: the ACBL's pair-event conditions of
// contest and ACBLscore manual, the EBU's pages; again for issue 25's
// closing: "ACBL carryover", "EBU carry-forward", the ACBL Tech Files'
// event guidelines EVENTS.033, which sum sessions), so 50 % is this test's
// choice and the figures below are hand arithmetic:
// Ann 3.7 + 9.5 = 13.2, Kim 4.75 + 7.4 = 12.15, Ivy 1.3 + 7.5 = 8.8,
// Eve 1.75 + 5.5 = 7.25, Cat 3.75 + 2.6 = 6.35, Gus 2.75 + 3.5 = 6.25; the
// percentages of 6 + 12 = 18 possible: 73.33, 67.5, 48.89, 40.28, 35.28,
// 34.72.
//
// Known by pair number instead (SameNumber), the sessions summed: NS 1
// 14.8, NS 2 15, NS 3 7, EW 1 11, EW 2 5.2, EW 3 19 — one field over two
// sessions: EW 3, NS 2, NS 1, EW 1, NS 3, EW 2 (each named by its
// session-1 players: Kim, Cat, Ann, Gus, Eve, Ivy).
func TestOverallTwoSessionsCarryOver(t *testing.T) {
	s1, s2 := twoSessions(t, "ann", "BOB")
	e := Event{Scoring: MethodMP}
	wantOverall(t, OverallStandings(&e, []OverallInput{s1, s2}), []overallRow{
		{"Ann", 16.9, 70.42, 1}, {"Kim", 16.9, 70.42, 1}, {"Cat", 10.1, 42.08, 3}, {"Ivy", 10.1, 42.08, 3},
		{"Eve", 9, 37.5, 5}, {"Gus", 9, 37.5, 5},
	})
	e.Overall = OverallOptions{Method: OverallCarryOver, CarryOver: 50}
	o := OverallStandings(&e, []OverallInput{s1, s2})
	wantOverall(t, o, []overallRow{
		{"Ann", 13.2, 73.33, 1}, {"Kim", 12.15, 67.5, 2}, {"Ivy", 8.8, 48.89, 3},
		{"Eve", 7.25, 40.28, 4}, {"Cat", 6.35, 35.28, 5}, {"Gus", 6.25, 34.72, 6},
	})
	if ann := o.Entries[0]; ann.Boards != 6 || ann.Sessions[0].Number != "1" || ann.Sessions[0].Direction != "NS" || ann.Sessions[1].Direction != "EW" || ann.Sessions[1].Points != 9.5 {
		t.Errorf("Ann–Bob's sessions: %+v", ann)
	}
	e.Overall = OverallOptions{SamePair: SameNumber}
	wantOverall(t, OverallStandings(&e, []OverallInput{s1, s2}), []overallRow{
		{"Kim", 19, 79.17, 1}, {"Cat", 15, 62.5, 2}, {"Ann", 14.8, 61.67, 3}, {"Gus", 11, 45.83, 4},
		{"Eve", 7, 29.17, 5}, {"Ivy", 5.2, 21.67, 6},
	})
}

// TestOverallAcrossTheField: two sections (A, B) of one session play the
// same three boards (sectionA's movement); B's board 1 goes +450 (R1 T1,
// 4S N 11), +420 (R2 T3) and +140 (R3 T2, 3S N 9), its boards 2 and 3 as
// A's. Across the field each board has 6 lines, top 10 (2 a score beaten,
// 1 a tie: EBU/WBF matchpoints). Board 1, played in both sections, NS:
//
//	+450 (B NS1): beats 5                         → 10
//	+420 (A NS1, A NS3, B NS3): beat 2, tie 2     → 6 each
//	+140 (B NS2): beats 1 (−50)                   → 2
//	 −50 (A NS2): beats none                      → 0   (Σ 30 = 6·5)
//
// Board 2: +600 ×2 → 9, −100 ×2 → 5, −110 ×2 → 1. Board 3: the four real
// scores (−90 ×2, 0 ×2) matchpointed among themselves (0: 5, −90: 1) and
// Neuberg-scaled from 4 to 6 lines, (raw+1)·6/4 − 1: 8 and 2; the 60/40
// artificial scores 6 and 4 of the top 10.
//
// NS: B1 10+5+6 = 21 (70 % of 30), B2 2+9+8 = 19 (63.33 %), A1 6+5+6 = 17
// and A2 0+9+8 = 17 (56.67 %), A3 and B3 6+1+2 = 9 (30 %). EW 3 of A:
// 10 (against −50) + 5 + 8 = 23 (76.67 %). Within its section (the
// default) A's NS 1 has 7.4 (61.67 %) and ranks second.
func TestOverallAcrossTheField(t *testing.T) {
	a := sectionA(t, 1, 1, "A", nil)
	b := sectionA(t, 2, 1, "B", []played{{1, 1, 1, "4S", "N", 11}, {2, 3, 1, "4S", "N", 10}, {3, 2, 1, "3S", "N", 9}})
	e := Event{Scoring: MethodMP, Overall: OverallOptions{Field: FieldAcross}}

	fb := fieldBoards(MethodMP, []fieldPart{{&a.Section.Movement, a.Results}, {&b.Section.Movement, b.Results}})
	board1 := func(p int, in OverallInput) map[int]float64 {
		got := map[int]float64{}
		for k, i := range fb[p].boards[1] {
			got[in.Results[i].NSScore] = fb[p].points[1].Shown[0][k]
		}
		return got
	}
	if got, want := board1(0, a), map[int]float64{420: 6, -50: 0}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("board 1 in A across the field: %v, want %v", got, want)
	}
	if got, want := board1(1, b), map[int]float64{450: 10, 420: 6, 140: 2}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("board 1 in B across the field: %v, want %v", got, want)
	}
	if fb[0].points[1].Top != 10 {
		t.Errorf("board 1's top across the field: %v, want 10", fb[0].points[1].Top)
	}

	o := OverallStandings(&e, []OverallInput{a, b})
	var ns []overallRow
	for _, en := range o.Entries {
		if en.Direction == "NS" {
			s := en.Sessions[0]
			ns = append(ns, overallRow{s.Section + s.Number, en.Total, en.Percentage, en.Place})
		}
		if en.Direction == "EW" && en.Sessions[0].Section == "A" && en.Sessions[0].Number == "3" && (en.Total != 23 || en.Percentage != 76.67) {
			t.Errorf("A EW 3 across the field: %v (%v %%), want 23 (76.67 %%)", en.Total, en.Percentage)
		}
	}
	want := []overallRow{{"B1", 21, 70, 1}, {"B2", 19, 63.33, 2}, {"A1", 17, 56.67, 3}, {"A2", 17, 56.67, 3}, {"A3", 9, 30, 5}, {"B3", 9, 30, 5}}
	if fmt.Sprint(ns) != fmt.Sprint(want) {
		t.Errorf("NS across the field\n got %v\nwant %v", ns, want)
	}

	// A section's own standings in the event scored across the field.
	st := sectionStandingsBy(&e, &a.Section, a.Results, nil, nil, &fieldScore{boards: fb[0], sections: 2})
	i := slices.IndexFunc(st.Pairs, func(s Standing) bool { return s.Number == "1" && s.Direction == "NS" })
	if i < 0 || st.Pairs[i].Total != 17 || st.Pairs[i].Percentage != 56.67 || st.FieldSections != 2 {
		t.Errorf("A's standings across the field: %+v", st)
	}
	// Within each section (the default), A's NS 1 has its own 7.4.
	e.Overall = OverallOptions{}
	for _, en := range OverallStandings(&e, []OverallInput{a, b}).Entries {
		if s := en.Sessions[0]; s.Section == "A" && s.Number == "1" && s.Direction == "NS" && (en.Total != 7.4 || en.Percentage != 61.67) {
			t.Errorf("A NS 1 within its section: %v (%v %%), want 7.4 (61.67 %%)", en.Total, en.Percentage)
		}
	}
}

// TestCheckOverall: bad options are refused naming the field.
func TestCheckOverall(t *testing.T) {
	cases := []struct {
		o      OverallOptions
		method Method
		field  string
	}{
		{OverallOptions{Field: "club"}, MethodMP, "overall.field"},
		{OverallOptions{Field: FieldAcross}, MethodIMPTeams, "overall.field"},
		{OverallOptions{Method: "average"}, MethodMP, "overall.method"},
		{OverallOptions{Method: OverallCarryOver}, MethodMP, "overall.carry_over"},
		{OverallOptions{Method: OverallCarryOver, CarryOver: 100}, MethodMP, "overall.carry_over"},
		{OverallOptions{CarryOver: 50}, MethodMP, "overall.carry_over"},
		{OverallOptions{SamePair: "seat"}, MethodMP, "overall.same_pair"},
	}
	for _, c := range cases {
		_, err := checkOverall(c.o, c.method)
		var te *Error
		if !errors.As(err, &te) || te.Field != c.field || te.Kind != ErrInvalid {
			t.Errorf("checkOverall(%+v, %s) = %v, want invalid %s", c.o, c.method, err, c.field)
		}
	}
	if o, err := checkOverall(OverallOptions{Method: OverallCarryOver, CarryOver: 25}, MethodMP); err != nil || o.Field != FieldSection || o.SamePair != SamePlayers {
		t.Errorf("a 25 %% carry-over: %+v, %v", o, err)
	}
}

// TestOverallFactorsSectionTops: two sections of one session scored within
// each section, one of 3 tables (top 4: 3 plays a board, 2 a score beaten)
// and one of 2 (2 rounds of 2 boards, each board played twice: top 2;
// table 1's +420 beats table 2's −50 on every board, so NS 1 has 8 of 8,
// NS 2 0, EW 1 (at table 1) 0, EW 2 8): ranked together, the small section's matchpoints
// are factored to the session's larger top, ×4/2 (ACBLscore's "factoring
// scores", the manual's Part III "Factoring Scores"), its percentages
// unchanged; the large section's stay as they are.
func TestOverallFactorsSectionTops(t *testing.T) {
	a := sectionA(t, 1, 1, "A", nil)
	m, err := MovementSpec{Kind: "mitchell", Tables: 2, Rounds: 2, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := Section{ID: 2, Session: 1, Name: "D", Movement: m, CurrentRound: 2}
	var ps []played
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				ps = append(ps, played{rd.Number, tb.Table, b, "4S", "N", 11 - tb.Table}) // table 1 +420 beats table 2's −50
			}
		}
	}
	dres := enter(t, &d, Director, resultsOf(ps))
	e := Event{Scoring: MethodMP}
	o := OverallStandings(&e, []OverallInput{a, {Section: d, Results: dres}})
	own := map[string]Standing{}
	for _, st := range pairStandings(MethodMP, &m, dres, nil) {
		own[st.Number+st.Direction] = st
	}
	seen := 0
	for _, en := range o.Entries {
		s := en.Sessions[0]
		switch s.Section {
		case "D":
			st := own[s.Number+s.Direction]
			if s.Points != 2*st.Total || s.Percentage != st.Percentage || en.Percentage != st.Percentage {
				t.Errorf("D %s %s: %v (%v %%), want 2 × %v (%v %%)", s.Number, s.Direction, s.Points, s.Percentage, st.Total, st.Percentage)
			}
			seen++
		case "A":
			if s.Number == "1" && s.Direction == "NS" && s.Points != 7.4 {
				t.Errorf("A NS 1: %v, want its own 7.4", s.Points)
			}
		}
	}
	if seen != 4 || own["1NS"].Total != 8 || own["1NS"].Percentage != 100 || own["2NS"].Total != 0 || own["2EW"].Total != 8 {
		t.Errorf("%d of D's 4 pairs ranked: %+v", seen, own)
	}
}

// gradedInput gives in's section the grading g and each named pair (by its
// first player) a stratum and a handicap.
func gradedInput(in OverallInput, g Grading, grades map[string]standingGrade) OverallInput {
	in.Section.Grading = g
	in.Pairs = slices.Clone(in.Pairs)
	for i := range in.Pairs {
		gd := grades[in.Pairs[i].Players[0].Name]
		in.Pairs[i].Stratum, in.Pairs[i].Handicap = gd.stratum, gd.handicap
	}
	return in
}

// TestOverallGraded: TestOverallTwoSessionsCarryOver's two sessions
// summed (Ann and Kim 70.42 %, Cat and Ivy 42.08 %, Eve and Gus 37.5 %),
// each session's section graded the same way; the overall ranking is
// graded by the same step as a section's standings (gradePlaces).
//
// A handicap event (handicaps in percent, EBU: added to the pair's
// percentage, grading.go): Ann −6 (−4 in session 1: the last session's
// counts), Kim 0, Cat +3, Ivy −1, Eve +6, Gus +2. Net: Kim 70.42, Ann
// 64.42, Cat 45.08, Eve 43.5, Ivy 41.08, Gus 39.5 — places 1 to 6 in that
// order; the scratch places 1=, 1=, 3=, 5=, 3=, 5=.
//
// Stratified (A the whole field, B under 500 masterpoints; ACBL: a lower
// stratum's pair is ranked in the upper ones too): Cat, Eve and Gus in B.
// A: the overall places (1=, 1=, 3=, 3=, 5=, 5=); B among Cat 42.08, Eve
// and Gus 37.5: Cat 1, Eve and Gus 2=.
//
// Sections graded differently (session 2 not stratified) leave the
// overall ranking ungraded: a stratum means one thing only where the
// sections agree on it.
func TestOverallGraded(t *testing.T) {
	s1, s2 := twoSessions(t, "Ann", "Bob")
	e := Event{Scoring: MethodMP}
	hc := Grading{Handicap: HandicapPercent}
	h := map[string]standingGrade{"Ann": {handicap: -6}, "Kim": {}, "Cat": {handicap: 3}, "Ivy": {handicap: -1}, "Eve": {handicap: 6}, "Gus": {handicap: 2}}
	h1 := maps.Clone(h)
	h1["Ann"] = standingGrade{handicap: -4}
	o := OverallStandings(&e, []OverallInput{gradedInput(s1, hc, h1), gradedInput(s2, hc, h)})
	var got []string
	for _, en := range o.Entries {
		got = append(got, fmt.Sprintf("%s %v%+g=%v #%d (%d)", en.Players[0], en.Percentage, en.Handicap, en.Net, en.Place, en.Scratch))
	}
	want := []string{"Kim 70.42+0=70.42 #1 (1)", "Ann 70.42-6=64.42 #2 (1)", "Cat 42.08+3=45.08 #3 (3)",
		"Eve 37.5+6=43.5 #4 (5)", "Ivy 42.08-1=41.08 #5 (3)", "Gus 37.5+2=39.5 #6 (5)"}
	if !slices.Equal(got, want) || o.Grading.Handicap != HandicapPercent {
		t.Errorf("handicap overall\n got %q\nwant %q", got, want)
	}

	st := Grading{Strata: []Stratum{{Name: "A"}, {Name: "B", Below: 500}}}
	b := map[string]standingGrade{"Cat": {stratum: "B"}, "Eve": {stratum: "B"}, "Gus": {stratum: "B"}}
	o = OverallStandings(&e, []OverallInput{gradedInput(s1, st, b), gradedInput(s2, st, b)})
	got = nil
	for _, en := range o.Entries {
		got = append(got, fmt.Sprintf("%s %s %v", en.Players[0], en.Stratum, en.Strata))
	}
	want = []string{"Ann A [{A 1}]", "Kim A [{A 1}]", "Cat B [{A 3} {B 1}]", "Ivy A [{A 3}]", "Eve B [{A 5} {B 2}]", "Gus B [{A 5} {B 2}]"}
	if !slices.Equal(got, want) {
		t.Errorf("stratified overall\n got %q\nwant %q", got, want)
	}

	o = OverallStandings(&e, []OverallInput{gradedInput(s1, st, b), gradedInput(s2, Grading{}, nil)})
	if o.Grading.Stratified() || o.Entries[2].Strata != nil {
		t.Errorf("sections graded differently: the overall is graded %+v, entry %+v", o.Grading, o.Entries[2])
	}
}
