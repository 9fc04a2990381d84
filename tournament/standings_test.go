package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// played is a result for the hand-worked sections below.
type played struct {
	round, table, board int
	contract, declarer  string
	tricks              int
}

// enter checks, places and scores results under contract-2017 as the
// Service does, failing the test on any error.
func enter(t *testing.T, sec *Section, a Actor, in []Result) []Result {
	t.Helper()
	rules := scoring.NewRules(scoring.Contract2017)
	boards := withImplied(map[int]Board{}, sec)
	for i := range in {
		if err := checkResult(a, sec, &rules, boards, &in[i], ""); err != nil {
			t.Fatalf("result %d: %v", i, err)
		}
	}
	return in
}

func resultsOf(ps []played) []Result {
	out := make([]Result, len(ps))
	for i, p := range ps {
		out[i] = Result{Round: p.round, Table: p.table, Board: p.board, Contract: p.contract, Declarer: p.declarer, Tricks: p.tricks}
	}
	return out
}

// TestPairStandingsMitchell works a 3-table Mitchell (one board a round,
// boards 1–3 each played three times) by hand. Scores are contract-2017
// (Law 77), vulnerability by board number (board 1 none, 2 NS, 3 EW);
// matchpoints 2 per score beaten and 1 per tie, top 4 with 3 results
// (LAWS.md, "Comparing results"; shared/testdata README).
//
//	board 1: R1 T1 NS1–EW1 4S N 10 +420: 3 | 1;  R2 T3 NS3–EW2 4S N 10 +420: 3 | 1;  R3 T2 NS2–EW3 4S N 9 −50: 0 | 4
//	board 2: R1 T2 NS2–EW2 3NT S 9 +600: 4 | 0;  R2 T1 NS1–EW3 3NT S 8 −100: 2 | 2;  R3 T3 NS3–EW1 2S E 8 −110: 0 | 4
//	board 3: R1 T3 NS3–EW3 1NT W 7 −90 and R2 T2 NS2–EW1 passed out 0: two real results matchpointed
//	         between themselves (2 and 0) and scaled to 3 by Neuberg, (raw+1)·3/2−1: 3.5 and 0.5 (EW 0.5, 3.5);
//	         R3 T1 NS1–EW2 an artificial 60/40: 60% and 40% of the top 4, 2.4 and 1.6.
//
//	NS 1: 3+2+2.4 = 7.4 (7.4/12 = 61.67%)   EW 1: 1+4+0.5 = 5.5 (45.83%)
//	NS 2: 0+4+3.5 = 7.5 (62.50%)            EW 2: 1+0+1.6 = 2.6 (21.67%)
//	NS 3: 3+0+0.5 = 3.5 (29.17%)            EW 3: 4+2+3.5 = 9.5 (79.17%)
//
// Each board shares 3·4 = 12 points. Two winners: NS and EW ranked apart.
func TestPairStandingsMitchell(t *testing.T) {
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

	wantScores := []int{420, 420, -50, 600, -100, -110, -90, 0, 0}
	for i, r := range results {
		if r.NSScore != wantScores[i] {
			t.Errorf("result %d (board %d, round %d, table %d): ns_score %d, want %d", i, r.Board, r.Round, r.Table, r.NSScore, wantScores[i])
		}
	}
	got := pairStandings(MethodMP, &m, results, []Pair{{Number: "2", Direction: "NS", Players: []Player{{Name: "Ann"}, {Name: "Bob"}}}})
	want := []Standing{
		{Number: "2", Direction: "NS", Players: []string{"Ann", "Bob"}, Total: 7.5, Percentage: 62.5, Place: 1, Boards: 3},
		{Number: "1", Direction: "NS", Total: 7.4, Percentage: 61.67, Place: 2, Boards: 3},
		{Number: "3", Direction: "NS", Total: 3.5, Percentage: 29.17, Place: 3, Boards: 3},
		{Number: "3", Direction: "EW", Total: 9.5, Percentage: 79.17, Place: 1, Boards: 3},
		{Number: "1", Direction: "EW", Total: 5.5, Percentage: 45.83, Place: 2, Boards: 3},
		{Number: "2", Direction: "EW", Total: 2.6, Percentage: 21.67, Place: 3, Boards: 3},
	}
	checkStandings(t, got, want)

	// The traveler of board 3 as shown: the same points (every board is
	// scored at n = 3, its own number of lines).
	sb := compareSection(MethodMP, &m, results)
	if sb.full != 3 {
		t.Fatalf("full = %d, want 3", sb.full)
	}
	pts := sb.points[3]
	wantNS, wantEW := []float64{0.5, 3.5, 2.4}, []float64{3.5, 0.5, 1.6}
	for k := range wantNS {
		if scoring.Round2(pts.Shown[0][k]) != wantNS[k] || scoring.Round2(pts.Shown[1][k]) != wantEW[k] {
			t.Errorf("board 3 line %d: %.2f|%.2f, want %.2f|%.2f", k, pts.Shown[0][k], pts.Shown[1][k], wantNS[k], wantEW[k])
		}
	}
}

// TestPairStandingsLive checks that standings mid-session scale a board
// played fewer times than the movement plays it: with only board 1's first
// two results in, each is matchpointed between the two (2 and 0) and scaled
// to the movement's 3 plays by Neuberg: (2+1)·3/2−1 = 3.5 and 0.5, each
// pair's percentage over its one board at top 4.
func TestPairStandingsLive(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1}
	results := enter(t, sec, Director, resultsOf([]played{{1, 1, 1, "4S", "N", 10}, {2, 3, 1, "4S", "N", 9}}))
	got := pairStandings(MethodMP, &m, results, nil)
	want := []Standing{
		{Number: "1", Direction: "NS", Total: 3.5, Percentage: 87.5, Place: 1, Boards: 1},
		{Number: "3", Direction: "NS", Total: 0.5, Percentage: 12.5, Place: 2, Boards: 1},
		{Number: "2", Direction: "NS", Place: 3},
		{Number: "2", Direction: "EW", Total: 3.5, Percentage: 87.5, Place: 1, Boards: 1},
		{Number: "1", Direction: "EW", Total: 0.5, Percentage: 12.5, Place: 2, Boards: 1},
		{Number: "3", Direction: "EW", Place: 3},
	}
	checkStandings(t, got, want)
}

// TestTeamStandings works a 2-team match of two boards by hand. Round 1:
// table 1 (room 1) team 2's pair 3 NS v team 1's pair 2; table 2 (room 2)
// team 1's pair 1 NS v team 2's pair 4.
//
//	board 1 (none vul): room 1 4S N 10 +420, room 2 4S N 9 −50: team 2 +420 and +50 = 470, 10 IMPs (450–490, WBF IMP scale)
//	board 2 (NS vul):   3NT S 9 +600 in both rooms: 0 IMPs
//
// Team 2 wins by 10 IMPs over 2 boards: VPs by the WBF continuous scale
// (scoring.WBFContinuous, checked against its formula there), team 1 the rest of 20.
func TestTeamStandings(t *testing.T) {
	m, err := MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1}
	results := enter(t, sec, Director, resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "4S", "N", 9},
		{1, 1, 2, "3NT", "S", 9}, {1, 2, 2, "3NT", "S", 9},
	}))
	vp := scoring.Round2(scoring.WBFContinuous{}.VP(10, 2))
	got := teamStandings(&m, results, []Roster{{Number: 2, Name: "Smith", Players: []Player{{Name: "Ann"}}}})
	want := []Standing{
		{Number: "2", Name: "Smith", Players: []string{"Ann"}, Total: vp, IMPs: 10, Place: 1, Boards: 2},
		{Number: "1", Total: scoring.Round2(20 - vp), IMPs: -10, Place: 2, Boards: 2},
	}
	checkStandings(t, got, want)
	imps := teamBoardIMPs(&m, results)
	if imps[0] != 10 || imps[1] != -10 || imps[2] != 0 || imps[3] != 0 {
		t.Errorf("board IMPs %v, want [10 -10 0 0]", imps)
	}
}

func checkStandings(t *testing.T, got, want []Standing) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d standings, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Number != w.Number || g.Direction != w.Direction || g.Name != w.Name || g.Total != w.Total ||
			g.Percentage != w.Percentage || g.Place != w.Place || g.Boards != w.Boards || g.IMPs != w.IMPs ||
			strings.Join(g.Players, ",") != strings.Join(w.Players, ",") {
			t.Errorf("standing %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

// TestCheckResult checks that a result is refused, naming the field, when it
// does not fit the movement (a 3-table Mitchell, one board a round) or the
// law code, and when a table token enters what it may not.
func TestCheckResult(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 7, Name: "A", Movement: m, CurrentRound: 2, Pace: SectionPace{Closed: []ClosedRound{{Table: 1, Round: 1}}}}
	table1 := Actor{Role: RoleTable, Name: "table 1 A", SectionID: 7, Table: 1}
	ok := Result{Round: 2, Table: 1, Board: 2, Contract: "3NT", Declarer: "S", Tricks: 9}
	cases := []struct {
		name  string
		actor Actor
		edit  func(*Result)
		kind  error
		field string
	}{
		{"no such round", Director, func(r *Result) { r.Round = 4 }, ErrInvalid, "round"},
		{"board not at this table", Director, func(r *Result) { r.Board = 3 }, ErrInvalid, "board"},
		{"board not in the section", Director, func(r *Result) { r.Board = 9 }, ErrInvalid, "board"},
		{"wrong NS pair", Director, func(r *Result) { r.NS = "2" }, ErrInvalid, "ns"},
		{"wrong EW pair", Director, func(r *Result) { r.EW = "1" }, ErrInvalid, "ew"},
		{"14 tricks", Director, func(r *Result) { r.Tricks = 14 }, ErrInvalid, "tricks"},
		{"no contract", Director, func(r *Result) { r.Contract = "" }, ErrInvalid, "contract"},
		{"a nullo in contract-2017", Director, func(r *Result) { r.Contract = "2NL" }, ErrInvalid, "contract"},
		{"no declarer", Director, func(r *Result) { r.Declarer = "" }, ErrInvalid, "declarer"},
		{"percentages on a played result", Director, func(r *Result) { r.NSPercent = 60 }, ErrInvalid, "ns_percent"},
		{"weights not adding up", Director, func(r *Result) {
			*r = Result{Round: 2, Table: 1, Board: 2, Status: StatusAssigned, Assigned: []AssignedPart{{420, 0.5}, {-50, 0.4}}}
		}, ErrInvalid, "assigned"},
		{"another table", table1, func(r *Result) { r.Table, r.Board = 2, 3 }, ErrForbidden, "table"},
		{"a round the director closed for the table", table1, func(r *Result) { r.Round, r.Board = 1, 1 }, ErrForbidden, "table"},
		{"a round after the table's own", table1, func(r *Result) { r.Round = 3 }, ErrForbidden, "table"},
		{"an adjusted score from a table", table1, func(r *Result) {
			*r = Result{Round: 2, Table: 1, Board: 2, Status: StatusArtificial, NSPercent: 60, EWPercent: 40}
		}, ErrForbidden, "status"},
		{"the public", Public, func(r *Result) {}, ErrUnauthorized, "Authorization"},
	}
	rules := scoring.NewRules(scoring.Contract2017)
	boards := withImplied(map[int]Board{}, sec)
	for _, c := range cases {
		r := ok
		c.edit(&r)
		err := checkResult(c.actor, sec, &rules, boards, &r, "")
		var te *Error
		if !errors.Is(err, c.kind) || !errors.As(err, &te) || te.Field != c.field {
			t.Errorf("%s: got %v (field %q), want %v on field %q", c.name, err, fieldOf(err), c.kind, c.field)
		}
	}
	// The same result from its own table in the current round is taken, the
	// pairs filled in from the movement: round 2 table 1 is NS 1 v EW pair 6, "3" EW.
	r := ok
	if err := checkResult(table1, sec, &rules, boards, &r, ""); err != nil {
		t.Fatal(err)
	}
	if r.NS != "1" || r.EW != "3" || r.NSScore != 600 || r.Status != StatusPlayed {
		t.Errorf("got ns %q ew %q score %d status %s, want 1, 3, 600 (3NT vulnerable on board 2, Law 77), played", r.NS, r.EW, r.NSScore, r.Status)
	}
}

func fieldOf(err error) string {
	var te *Error
	if errors.As(err, &te) {
		return te.Field
	}
	return ""
}
