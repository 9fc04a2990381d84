package reports

import (
	"os"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// list100First is the first deal of DDS's test list
// (../shared/testdata/pbn/dds_list100.txt lines 2–4): "PBN 0 0 0 0
// "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"",
// dealer North, none vulnerable, and its double-dummy "TABLE 5 8 5 8 6 6 6 6
// 5 7 5 7 7 5 7 5 6 6 6 6" (strains S H D C NT, each for N E S W); DDS's
// own par for it is "EW 2S", EW +110.
func list100First(t *testing.T) *tournament.Analysis {
	t.Helper()
	deal, err := scoring.ParseDeal("deal", "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
	if err != nil {
		t.Fatal(err)
	}
	an := &tournament.Analysis{Board: 1, Deal: deal, Dealer: scoring.North, Vulnerability: scoring.VulNone}
	dds := []uint8{5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6}
	strains := [5]scoring.Strain{scoring.Spades, scoring.Hearts, scoring.Diamonds, scoring.Clubs, scoring.NoTrump}
	for k, n := range dds {
		an.Tricks[k%4][strains[k/4]] = n
	}
	return an
}

// TestMeasureDeclaration measures tables on the first deal of DDS's list,
// each figure worked by hand from its trick table (list100First):
//
// contract-2017 (WBF Law 77, none vulnerable): NS take 7 tricks at clubs
// and no more than 6 elsewhere, so their best is 1C, +70 (20 + the 50 part
// score); EW take 8 at spades, their best 2S, EW +110 (60 + 50), more than
// NS's 70: EW could make most. 3S by West (8 tricks) is EW's best strain a
// level too high; 1C by North is NS's best at the highest it makes; 1NT by
// South (6 tricks) is not NS's best and one too high.
//
// auction-1915 (seed 003; LAWS.md "Honours"): honours turn EW's best. 2S
// by EW scores 2 × 9 = 18, but NS hold ♠K Q J, simple honours 2 × 9 = 18:
// net 0. 1D by EW: 7 for the trick, NS's ♦K Q J 2 × 7 = 14: NS +7. EW's
// best is spades (NS 0, at the highest bid worth it, 2S). NS's best is 1C:
// 6 for the trick, EW's ♣K Q J 2 × 6 = 12: NS −6. Worth 0 to EW against
// −6 to NS: EW could make most.
//
// royalton-1915 (seed 000: 10 an odd trick in any strain, royal or plain,
// no honours): EW's best is spades, 2S and royal 2S alike at 20.
func TestMeasureDeclaration(t *testing.T) {
	an := list100First(t)
	type want struct {
		best           []string
		bestNS         int
		inBest         bool
		highest, gap   int
		leaderDeclared bool
	}
	cases := []struct {
		law      scoring.Law
		contract string
		declarer scoring.Seat
		want     want
	}{
		{scoring.Contract2017, "3S", scoring.West, want{[]string{"2S"}, -110, true, 2, -1, true}},
		{scoring.Contract2017, "1C", scoring.North, want{[]string{"1C"}, 70, true, 1, 0, false}},
		{scoring.Contract2017, "1NT", scoring.South, want{[]string{"1C"}, 70, false, 0, -1, false}},
		{scoring.Auction1915, "2S", scoring.East, want{[]string{"2S"}, 0, true, 2, 0, true}},
		{scoring.Auction1915, "1D", scoring.West, want{[]string{"2S"}, 0, false, 1, 0, true}},
		{scoring.Auction1915, "1C", scoring.South, want{[]string{"1C"}, -6, true, 1, 0, false}},
		{scoring.Royalton1915, "2SR", scoring.East, want{[]string{"2S", "2SR"}, -20, true, 2, 0, true}},
	}
	for _, c := range cases {
		rules := scoring.NewRules(c.law)
		con, err := rules.ParseContract(c.contract)
		if err != nil {
			t.Fatalf("%s %s: %v", c.law, c.contract, err)
		}
		got, err := MeasureDeclaration(&rules, an, con, c.declarer)
		if err != nil {
			t.Fatalf("%s %s by %s: %v", c.law, c.contract, c.declarer, err)
		}
		var best []string
		for _, b := range got.Best {
			best = append(best, b.String())
		}
		g := want{best, got.BestNS, got.InBest, got.Highest, got.LevelGap, got.LeaderDeclared}
		if !slices.Equal(g.best, c.want.best) || g.bestNS != c.want.bestNS || g.inBest != c.want.inBest ||
			g.highest != c.want.highest || g.gap != c.want.gap || g.leaderDeclared != c.want.leaderDeclared {
			t.Errorf("%s %s by %s: got %+v, want %+v", c.law, c.contract, c.declarer, g, c.want)
		}
		if !got.Judged || !got.Levelled || !got.Lead || got.Leader != scoring.EW || got.Side != c.declarer.Side() {
			t.Errorf("%s %s by %s: judged %v levelled %v, leader %v %s, side %s; want judged, levelled, leader EW, side %s",
				c.law, c.contract, c.declarer, got.Judged, got.Levelled, got.Lead, got.Leader, got.Side, c.declarer.Side())
		}
	}
	// A passed-out board: no declaration, but EW could make most.
	rules := scoring.NewRules(scoring.Contract2017)
	got, err := MeasureDeclaration(&rules, an, scoring.Contract{Pass: true}, scoring.North)
	if err != nil || !got.PassedOut || !got.Lead || got.Leader != scoring.EW || got.LeaderDeclared || got.Judged {
		t.Errorf("passed out: %+v %v", got, err)
	}
	// A nullo (royalton-1915) on this deal is left out, not judged: its
	// nullo search goes past DeclarationNulloBudget (BENCHMARKS.md, "Nullo
	// by double dummy": DDS's deal 1 is not solved in 3,000,000 positions).
	rules = scoring.NewRules(scoring.Royalton1915)
	nl, _ := rules.ParseContract("2NL")
	got, err = MeasureDeclaration(&rules, an, nl, scoring.North)
	if err != nil || got.Judged || got.InBest || !got.NullosLeftOut {
		t.Errorf("nullo: %+v %v", got, err)
	}
}

// TestDeclarationReport sums the measure over board 1 of DDS's list
// (list100First) under contract-2017, the tables of TestParReport and a
// pass: 2S by E (8 tricks) and again (9): EW's best at the highest it makes
// (gap 0); 3S by W: EW's best one too high (−1); 1NT by N (North takes 6
// at no-trump by double dummy): not NS's best (1C), one too high (−1);
// passed out. 3 of 4 in the best declaration, 2 at the highest, 2 over,
// the mean gap −2/4 = −0.5; EW could make most on the board (+110 against
// NS's +70) and declared at 3 of its 5 results.
func TestDeclarationReport(t *testing.T) {
	an := *list100First(t)
	played := func(contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: 1, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	d := tournament.EventData{
		Event: tournament.Event{Name: "Declaration", Law: scoring.Contract2017, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Name: "A"},
			Results: []tournament.Result{played("2S", "E", 8), played("3S", "W", 8), played("1NT", "N", 7), played("2S", "E", 9),
				{Board: 1, Status: tournament.StatusPassedOut, Contract: "PASS"},
				{Board: 1, Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40}},
			Analyses: []tournament.Analysis{an},
		}},
	}
	rep, err := MakeDeclarationReport(d)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Analysed != 1 || len(rep.Codes) != 1 || rep.Codes[0].Law != "contract-2017" || len(rep.Codes[0].Boards) != 1 {
		t.Fatalf("%+v", rep)
	}
	want := DeclarationCount{Tables: 4, PassedOut: 1, InBest: 3, Levelled: 4, AtHighest: 2, Over: 2, MeanLevelGap: -0.5, Leading: 5, LeaderDeclared: 3}
	c := rep.Codes[0]
	if c.DeclarationCount != want {
		t.Errorf("code: %+v, want %+v", c.DeclarationCount, want)
	}
	b := c.Boards[0]
	if b.DeclarationCount != want || b.Leader != "EW" || !slices.Equal(b.Best[0], []string{"1C"}) || !slices.Equal(b.Best[1], []string{"2S"}) || len(b.Tables) != 5 {
		t.Errorf("board: %+v", b)
	}
}

// lowCards is a deal where one side holds every low card: North ♠8–2
// ♥7–2, South ♦8–2 ♣7–2, East ♠A–9 ♥A–8, West ♦A–9 ♣A–8; dealer North,
// none vulnerable. Its trick table is DDS's (`traveler dd`, libdds0): North
// and South take C0 D1 H0 S1 NT0, East and West C13 D12 H13 S12 NT13.
// Its nullo table is worked by hand in scoring.TestSolveNulloLowCards:
// North-South as nullo declarers take 0 tricks, East-West 13.
func lowCards(t *testing.T) *tournament.Analysis {
	t.Helper()
	deal, err := scoring.ParseDeal("deal", "N:8765432.765432.. AKQJT9.AKQJT98.. ..8765432.765432 ..AKQJT9.AKQJT98")
	if err != nil {
		t.Fatal(err)
	}
	an := &tournament.Analysis{Board: 1, Deal: deal, Dealer: scoring.North, Vulnerability: scoring.VulNone}
	ns := [5]uint8{0, 1, 0, 1, 0} // C D H S NT
	ew := [5]uint8{13, 12, 13, 12, 13}
	for s := scoring.North; s <= scoring.West; s++ {
		if s.Side() == scoring.NS {
			an.Tricks[s] = ns
		} else {
			an.Tricks[s] = ew
		}
	}
	return an
}

// TestMeasureDeclarationNullo judges nullos under royalton-1915 (seed 000:
// 10 an odd trick in any strain, nullo included; a nullo is made when the
// opponents take 6 + its level, and its odd tricks are theirs over six,
// LAWS.md "Contract made / defeated"; the grand slam is scored when 7 is
// declared and made, LAWS.md "Slams") on lowCards, by hand:
//
// North-South take at most one trick in any plain strain, so any plain bid
// of theirs fails; as nullo declarers they take none: East-West take 13,
// 7 odd tricks, and 7NL makes — 7 × 10 and the declared grand slam, the
// same as East-West's 7NT (13 tricks: 7 × 10 and the grand slam): par
// under royalton-1915 (`traveler dd`, nullos left out) is EW 445 by 7NT,
// 7H or 7C, royal or plain (spades and diamonds make 12). So North-South's
// best declaration is 7NL (plain or royal: the same score made), worth as
// much to them as East-West's best is to East-West: neither side could
// make most. East-West as nullo declarers take 13: no odd trick.
//
//   - 3NL by North: in NS's best, highest 7, level gap 7 − 3 = 4.
//   - 7NL by South: in NS's best, at the highest (gap 0).
//   - 2NL by East: not in EW's best (their best is 7 in clubs, hearts or
//     no-trump), highest 0, gap 0 − 2 = −2.
//   - 7NT by West: in EW's best, gap 0.
func TestMeasureDeclarationNullo(t *testing.T) {
	an := lowCards(t)
	rules := scoring.NewRules(scoring.Royalton1915)
	cases := []struct {
		contract     string
		declarer     scoring.Seat
		inBest       bool
		highest, gap int
	}{
		{"3NL", scoring.North, true, 7, 4},
		{"7NL", scoring.South, true, 7, 0},
		{"2NL", scoring.East, false, 0, -2},
		{"7NT", scoring.West, true, 7, 0},
	}
	for _, c := range cases {
		con, err := rules.ParseContract(c.contract)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MeasureDeclaration(&rules, an, con, c.declarer)
		if err != nil {
			t.Fatalf("%s by %s: %v", c.contract, c.declarer, err)
		}
		if !got.Judged || got.NullosLeftOut || got.InBest != c.inBest || !got.Levelled || got.Highest != c.highest || got.LevelGap != c.gap || got.Lead {
			t.Errorf("%s by %s: %+v; want judged, in best %v, highest %d, gap %d, no side making most", c.contract, c.declarer, got, c.inBest, c.highest, c.gap)
		}
		var best []string
		for _, b := range got.Best {
			best = append(best, b.String())
		}
		wantBest, want := []string{"7NL", "7NLR"}, 445
		if c.declarer.Side() == scoring.EW {
			wantBest, want = []string{"7C", "7H", "7NT", "7CR", "7HR", "7NTR"}, -445
		}
		if got.BestNS != want || !slices.Equal(best, wantBest) {
			t.Errorf("%s by %s: best %v scoring NS %d, want %v scoring %d", c.contract, c.declarer, best, got.BestNS, wantBest, want)
		}
	}
}

// TestDeclarationReportNullo sums nullos judged and left out under
// royalton-1915: section A plays lowCards, section B DDS's deal 1
// (list100First), whose nullos the bounded search leaves out.
//
// A (TestMeasureDeclarationNullo, by hand): 3NL by N (in NS's best, gap
// +4: under) and 2NL by E (not in EW's best, gap −2: over): 2 tables, 1 in
// best, 0 at the highest, mean gap (4 − 2) / 2 = 1; neither side could
// make most. B: one nullo, not judged; its board's nullos left out.
func TestDeclarationReportNullo(t *testing.T) {
	played := func(contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: 1, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	d := tournament.EventData{
		Event: tournament.Event{Name: "Nullos", Law: scoring.Royalton1915, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{
			{Section: tournament.Section{Name: "A"}, Results: []tournament.Result{played("3NL", "N", 0), played("2NL", "E", 13)}, Analyses: []tournament.Analysis{*lowCards(t)}},
			{Section: tournament.Section{Name: "B"}, Results: []tournament.Result{played("2NL", "N", 5)}, Analyses: []tournament.Analysis{*list100First(t)}},
		},
	}
	rep, err := MakeDeclarationReport(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Codes) != 1 || len(rep.Codes[0].Boards) != 2 {
		t.Fatalf("%+v", rep)
	}
	c := rep.Codes[0]
	a, b := c.Boards[0], c.Boards[1]
	wantA := DeclarationCount{Tables: 2, InBest: 1, Levelled: 2, Under: 1, Over: 1, MeanLevelGap: 1}
	if a.DeclarationCount != wantA || a.NullosLeftOut || !slices.Equal(a.Best[0], []string{"7NL", "7NLR"}) || a.Leader != "" {
		t.Errorf("lowCards: %+v, want %+v", a, wantA)
	}
	if want := (DeclarationCount{NotJudged: 1, Leading: 1}); b.DeclarationCount != want || !b.NullosLeftOut {
		t.Errorf("deal 1: %+v, want %+v and nullos left out", b, want)
	}
	if !c.NullosLeftOut || c.NulloBoardsLeftOut != 1 || c.NotJudged != 1 || c.Tables != 2 {
		t.Errorf("code: %+v", c)
	}
	if got, want := c.name(), "royalton-1915 (nullos left out on 1 board: double-dummy search too long)"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}

// TestDeclarationReportNulloRealDeal judges nullos on a real board, which
// the search of the whole nullo table within DeclarationNulloBudget left
// out: board 19 of a club's session (testdata/pbn/bridgewebs_hands_2025.pbn,
// README there), dealer South, East-West vulnerable, read with the file's
// own double-dummy tricks and its six played results, scored under
// royalton-1915 (seed 000: every odd trick 10 in any strain, royal or
// plain, so a side's best plain declaration is the strain where it takes
// most tricks). From the file's table: North and South take 9 tricks at
// diamonds and at most 5 elsewhere, so their best plain declarations are
// 3D and royal 3D; East and West take 11 at spades and at clubs, at most 8
// elsewhere: 5S, 5C, royal or plain. Whether a nullo would be worth more
// to either side is one question a seat ("is the nullo's declarer held to
// so few tricks"), settled within the budget (25,346 positions): no seat
// is, so the best declarations are the plain ones and the board's nullos
// are judged, not left out (before: the whole table was searched and left
// out). The whole table, solved apart with scoring.SolveNullo in 1,546,945
// positions (BENCHMARKS.md, "Asking only what the report needs"), has
// every seat taking 7 tricks as a nullo's declarer: no nullo made at all.
func TestDeclarationReportNulloRealDeal(t *testing.T) {
	raw, err := os.ReadFile("testdata/pbn/bridgewebs_hands_2025.pbn")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := realBridgeAnalysed(t, raw)
	d.Event.Law, d.Event.LawOptions = scoring.Royalton1915, nil // the file's MP options are contract-2017's
	rep, err := MakeDeclarationReport(d)
	if err != nil {
		t.Fatal(err)
	}
	var b *BoardDeclaration
	for i := range rep.Codes[0].Boards {
		if rep.Codes[0].Boards[i].Board == 19 {
			b = &rep.Codes[0].Boards[i]
		}
	}
	if b == nil {
		t.Fatalf("no board 19 in %+v", rep.Codes[0])
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	if b.NullosLeftOut || !slices.Equal(sorted(b.Best[0]), []string{"3D", "3DR"}) || !slices.Equal(sorted(b.Best[1]), []string{"5C", "5CR", "5S", "5SR"}) || b.Leader != "EW" {
		t.Errorf("board 19: nullos left out %v, best NS %v EW %v, leader %q", b.NullosLeftOut, b.Best[0], b.Best[1], b.Leader)
	}
	if b.NotJudged != 0 || b.DeclarationCount.Tables+b.PassedOut == 0 {
		t.Errorf("board 19: %+v", b.DeclarationCount)
	}
}

// TestDeclarationStoredNulloTable: a board whose nullo table the analysis
// job solved in the background is judged whatever the report's own
// budget, and one without it is left out when that budget does not settle
// it. Board 1 of the club's session (testdata/pbn/bridgewebs_hands_2025.pbn,
// README there) under royalton-1915, the report given 1 position a board:
// without a table its nullos are left out; with the table
// scoring.SolveNullo gives the deal (N 8, E 5, S 8, W 5 tricks as a
// nullo's declarer, solved in 1,594,646 positions: BENCHMARKS.md, "Nullo
// by double dummy") they are judged. East or West as a nullo's declarer
// takes 5 tricks, North-South 8 = 6 + 2: nullo 2 made (LAWS.md "Contract
// made / defeated"), so a nullo may be East-West's best.
func TestDeclarationStoredNulloTable(t *testing.T) {
	raw, err := os.ReadFile("testdata/pbn/bridgewebs_hands_2025.pbn")
	if err != nil {
		t.Fatal(err)
	}
	board1 := func(stored *scoring.NulloTable) BoardDeclaration {
		t.Helper()
		d, _ := realBridgeAnalysed(t, raw)
		d.Event.Law, d.Event.LawOptions = scoring.Royalton1915, nil
		found := false
		for si := range d.Sections {
			for ai := range d.Sections[si].Analyses {
				if an := &d.Sections[si].Analyses[ai]; an.Board == 1 {
					an.Nullo, found = stored, true
				}
			}
		}
		if !found {
			t.Fatal("no analysis of board 1")
		}
		rep, err := MakeDeclarationReportWithin(d, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range rep.Codes[0].Boards {
			if b.Board == 1 {
				return b
			}
		}
		t.Fatalf("no board 1 in %+v", rep.Codes[0])
		return BoardDeclaration{}
	}
	if b := board1(nil); !b.NullosLeftOut {
		t.Errorf("without a stored table, within 1 position: nullos judged (%+v)", b)
	}
	b := board1(&scoring.NulloTable{8, 5, 8, 5})
	if b.NullosLeftOut || b.NotJudged != 0 {
		t.Errorf("with the stored table: nullos left out %v, not judged %d", b.NullosLeftOut, b.NotJudged)
	}
	if !slices.Contains(b.Best[1], "2NL") {
		t.Errorf("with the stored table East-West's best %v: want the nullo 2NL among them", b.Best[1])
	}
}
