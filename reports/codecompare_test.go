package reports

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoCodeEvent is a hand-checked event of two sections on the same two
// deals — DDS's test list (testdata pbn/dds_list100.txt) deals 1 and 2 —
// section A under the event's contract-2017, section B under its own
// royalton-1915. Par (NS):
//
// contract-2017, from the list's PAR lines: board 1 −110 (2S by EW),
// board 2 +100 (4SX by EW one down).
//
// royalton-1915, by hand from the list's TABLE lines (LAWS.md: every odd
// trick 10, overtricks count, game 125 at a trick score of 40, 50 an
// undertrick, 100 royal; bid order ♠ < ♣ < ♦ < ♥ < NT, a royal bid above
// the plain one of its number). Board 1 (dealer N): EW take 8 in spades,
// NS at most 7 (clubs); EW's 2S scores 20, and every NS bid over it fails
// (2C one down −50), so par is −20. Board 2 (dealer E): NS take 10 in
// hearts, 40 and game: +165; EW take 9 in spades: a royal 4S over 4H one
// down costs 100 (doubled 200), NS's royal 4H over it still makes, and 5S
// two down costs 200 doubled: no sacrifice pays, par +165.
func twoCodeEvent(t *testing.T) tournament.EventData {
	t.Helper()
	deal1 := pbnDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
	deal2 := pbnDeal("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63")
	deal3 := pbnDeal("N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93") // the list's third deal
	boards := []tournament.Board{
		{Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Deal: deal1},
		{Number: 2, Dealer: scoring.East, Vulnerability: scoring.VulNS, Deal: deal2},
	}
	played := func(board int, contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: board, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	pc := func(level int, s scoring.Strain, doubles int, side scoring.Side, result int) []scoring.ParContract {
		return []scoring.ParContract{{Contract: scoring.Contract{Level: int8(level), Strain: s, Doubles: uint8(doubles)}, Side: side, Result: result}}
	}
	analyses := []tournament.Analysis{
		{Board: 1, Deal: deal1, Par: []tournament.LawPar{
			{Law: scoring.Contract2017, Par: scoring.Par{NSScore: -110, Contracts: pc(2, scoring.Spades, 0, scoring.EW, 0)}},
			{Law: scoring.Royalton1915, Par: scoring.Par{NSScore: -20, Contracts: pc(2, scoring.Spades, 0, scoring.EW, 0), NullosLeftOut: true}},
		}},
		{Board: 2, Deal: deal2, Par: []tournament.LawPar{
			{Law: scoring.Contract2017, Par: scoring.Par{NSScore: 100, Contracts: pc(4, scoring.Spades, 1, scoring.EW, -1)}},
			{Law: scoring.Royalton1915, Par: scoring.Par{NSScore: 165, Contracts: pc(4, scoring.Hearts, 0, scoring.NS, 0), NullosLeftOut: true}},
		}},
	}
	// The trick tables: the list's TABLE lines (strains S H D C NT, each for
	// N E S W), as list100First reads them.
	tables := [][]uint8{
		{5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6},
		{4, 9, 4, 9, 10, 2, 10, 2, 8, 3, 8, 3, 6, 7, 6, 7, 9, 3, 9, 3},
	}
	strains := [5]scoring.Strain{scoring.Spades, scoring.Hearts, scoring.Diamonds, scoring.Clubs, scoring.NoTrump}
	for i, tt := range tables {
		analyses[i].Dealer, analyses[i].Vulnerability = boards[i].Dealer, boards[i].Vulnerability
		for k, n := range tt {
			analyses[i].Tricks[k%4][strains[k/4]] = n
		}
	}
	secA := tournament.Section{ID: 1, Name: "A", Movement: movement.Movement{Boards: 3}}
	secB := tournament.Section{ID: 2, Name: "B", Movement: movement.Movement{Boards: 2}, Law: scoring.Royalton1915} // its options the defaults
	return tournament.EventData{
		Event: tournament.Event{Name: "Two codes", Law: scoring.Contract2017, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{
			{Section: secA, Boards: append(boards[:2:2], tournament.Board{Number: 3, Dealer: scoring.South, Deal: deal3}),
				Analyses: analyses,
				Results: []tournament.Result{
					played(1, "2S", "E", 8), played(1, "1NT", "N", 7),
					played(2, "4SX", "E", 9), played(2, "4H", "S", 10),
					played(3, "7NT", "N", 13),
				}},
			{Section: secB, Boards: boards, Analyses: analyses,
				Results: []tournament.Result{
					played(1, "2S", "W", 8), played(1, "1S", "E", 8),
					played(2, "4H", "N", 10), played(2, "2H", "S", 10),
				}},
		},
	}
}

// TestCompareCodesHandChecked: the duplicate-whist test on twoCodeEvent.
//
// Section A, contract-2017 (Law 77): board 1 2S by E making 8, NS −110 (at
// par); 1NT by N making 7, NS +90 (40 + 50), 200 from par. Board 2 (NS
// vulnerable): 4SX by E one down, EW not vulnerable, NS +100 (at par); 4H
// by S making 10, NS +620 (120 + 500), 520 from par. 2 of 4 at par; mean
// distance (0 + 200 + 0 + 520) / 4 = 180; the distances' standard deviation
// √((180² + 20² + 180² + 340²) / 4) = √45,200 = 212.60.
//
// Section B, royalton-1915: board 1 2S by W making 8 and 1S by E making 8,
// both EW 20 (two odd tricks, overtricks count), NS −20: at par; board 2
// 4H by N and 2H by S making 10, both 40 + 125 = NS +165: at par. 4 of 4.
//
// Board by board the share at par, A − B: 1/2 − 1 on both boards, so
// Royalton is nearer on both. Wilcoxon: two differences of −0.5, tied
// ranks 1.5 each: W+ 0, W− 3; of the 4 sign patterns 2 (all plus, all
// minus) are as far from the mean: p = 0.5.
//
// Spread between boards (η²), A: scores −110, 90 | 100, 620; grand mean
// 175, board means −10 and 360: between 2·185² + 2·185² = 136,900; within
// 100² + 100² + 260² + 260² = 155,200; η² = 136,900 / 292,100 = 0.4687. B:
// every table on a board the same, η² = 1.
//
// Board 3 only section A has: unmatched.
//
// The declaration measure (MeasureDeclaration), by hand from the trick
// tables. contract-2017: board 1 EW's best is 2S (+110, declare28's
// TestMeasureDeclaration), NS's 1C (+70): EW could make most. 2S by E: in
// the best, highest 2 (8 tricks), gap 0, the leader declared; 1NT by N: not
// NS's best (clubs), N takes 6 at no-trump: highest 0, gap −1. Board 2 (NS
// vulnerable): NS's best hearts (10 tricks, 4H +620), EW's spades (9
// tricks, 3S +140): NS could make most. 4SX by E: in EW's best strain,
// highest 3, gap −1, not the leader; 4H by S: in the best, gap 0, the
// leader. A: 3 of 4 in the best; gaps 0, −1, −1, 0: mean −0.5, size 0.5;
// the leader declared at 2 of 4. royalton-1915: board 1 EW's best spades
// (20) against NS's clubs (10); 2S by W gap 0, 1S by E gap +1. Board 2
// NS's hearts (40 + 125) against EW's spades (30); 4H by N gap 0, 2H by S
// gap +2. B: 4 of 4 in the best; mean gap 0.75; the leader declared at 4
// of 4. Share in the best A − B: board 1 0.5 − 1, board 2 0: one non-zero
// difference, W− 1, p 1 (both sign patterns as far from the mean).
func TestCompareCodesHandChecked(t *testing.T) {
	d := twoCodeEvent(t)
	cs, err := CompareEventCodes(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("%d comparisons, want 1", len(cs))
	}
	c := cs[0]
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.0001 }
	if c.A.Law != "contract-2017" || c.B.Law != "royalton-1915" || c.A.Name != "contract-2017 (section A)" || c.B.Name != "royalton-1915 (section B)" {
		t.Errorf("sides %q %q", c.A.Name, c.B.Name)
	}
	if c.A.Results != 4 || c.A.WithPar != 4 || c.A.AtPar != 2 || !near(c.A.MeanFromPar, 180) || !near(c.A.SpreadFromPar, math.Sqrt(45200)) {
		t.Errorf("A: %+v", c.A)
	}
	if c.B.Results != 4 || c.B.AtPar != 4 || c.B.MeanFromPar != 0 || c.B.SpreadFromPar != 0 || !c.B.NullosLeftOut {
		t.Errorf("B: %+v", c.B)
	}
	if !near(c.A.Cards.BoardsShare, 136900.0/292100) || c.A.Cards.BetweenSS != 136900 || c.A.Cards.WithinSS != 155200 || !near(c.B.Cards.BoardsShare, 1) {
		t.Errorf("η²: A %+v, B %+v", c.A.Cards, c.B.Cards)
	}
	if len(c.Boards) != 2 || c.Boards[0].Nearer != "B" || c.Boards[1].Nearer != "B" ||
		*c.Boards[1].A.Par != 100 || *c.Boards[1].B.Par != 165 || c.Boards[1].A.Results != 2 || c.Boards[0].A.ShareAtPar != 0.5 {
		t.Errorf("boards: %+v", c.Boards)
	}
	da, db := c.A.Declarations, c.B.Declarations
	if da.Measured != 4 || da.Judged != 4 || da.InBest != 3 || da.Levelled != 4 || !near(da.MeanLevelGap, -0.5) || !near(da.MeanAbsGap, 0.5) || da.Leads != 4 || da.LeaderDeclared != 2 {
		t.Errorf("A's declarations: %+v", da)
	}
	if db.Judged != 4 || db.InBest != 4 || !near(db.MeanLevelGap, 0.75) || db.Leads != 4 || db.LeaderDeclared != 4 {
		t.Errorf("B's declarations: %+v", db)
	}
	if c.Boards[0].NearerBest != "B" || c.Boards[1].NearerBest != "tie" || c.InBest.N != 1 || c.InBest.Zeros != 1 || c.InBest.WMinus != 1 || c.InBest.P != 1 ||
		!strings.Contains(c.InBestWords, "best declaration") {
		t.Errorf("in the best: boards %q %q, test %+v, words %q", c.Boards[0].NearerBest, c.Boards[1].NearerBest, c.InBest, c.InBestWords)
	}
	if c.AtPar.N != 2 || c.AtPar.WPlus != 0 || c.AtPar.WMinus != 3 || !near(c.AtPar.P, 0.5) {
		t.Errorf("test: %+v", c.AtPar)
	}
	for _, w := range []string{"Wilcoxon signed-rank", "royalton-1915 was ahead on 2 boards", "p = 0.5000", "within what chance gives"} {
		if !strings.Contains(c.AtParWords, w) {
			t.Errorf("words %q lack %q", c.AtParWords, w)
		}
	}
	if len(c.Unmatched) != 1 || !strings.Contains(c.Unmatched[0], "board 3: only contract-2017 (section A)") {
		t.Errorf("unmatched %q", c.Unmatched)
	}
}

// TestCompareCodesOneCode: an event whose sections all share the event's
// code has nothing to compare, and says how to get something.
func TestCompareCodesOneCode(t *testing.T) {
	d := twoCodeEvent(t)
	d.Sections[1].Section.Law, d.Sections[1].Section.LawOptions = 0, nil
	_, err := CompareEventCodes(d)
	var te *tournament.Error
	if err == nil || !errors.As(err, &te) || te.Field != "law" || !strings.Contains(te.Message, "give a section a law code of its own") {
		t.Errorf("err %v, want a refusal naming law", err)
	}
}

// TestCompareTwoEvents: two events on the same boards compare as two
// sides: the section of twoCodeEvent under royalton-1915 as an event of
// its own against section A's event.
func TestCompareTwoEvents(t *testing.T) {
	d := twoCodeEvent(t)
	one := tournament.EventData{Event: d.Event, Sections: d.Sections[:1]}
	two := tournament.EventData{Event: tournament.Event{Name: "Royalton night", Law: scoring.Royalton1915, Scoring: tournament.MethodMP},
		Sections: d.Sections[1:]}
	two.Sections[0].Section.Law, two.Sections[0].Section.LawOptions = 0, nil
	c, err := CompareCodes(EventSide(one), EventSide(two))
	if err != nil {
		t.Fatal(err)
	}
	if c.B.Name != "royalton-1915 (Royalton night)" || c.A.AtPar != 2 || c.B.AtPar != 4 || c.AtPar.WMinus != 3 {
		t.Errorf("%+v", c)
	}
}

// TestCodesText: the text names both sides, prints the boards, and says
// both tests in plain words (TestCompareCodesHandChecked's figures).
func TestCodesText(t *testing.T) {
	cs, err := CompareEventCodes(twoCodeEvent(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := WriteText(&buf, CodesText(cs)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, w := range []string{"A contract-2017 (section A), B royalton-1915 (section B)", "royalton-1915 (section B) (nullos left out of par)",
		"2 of 4", "4 of 4", "p = 0.5000", "p = 1.0000", "best declaration", "not compared: board 3"} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
}

// TestCodesSheet: the workbook of twoCodeEvent has the Code comparison
// sheet: section A's row with its 4 results and 2 at par, section B's
// saying par leaves its code's nullos out (as the text does), board 1 with
// royalton-1915 nearer par, the at-par test's p of 0.5 and what it means
// (TestCompareCodesHandChecked's figures).
func TestCodesSheet(t *testing.T) {
	d := twoCodeEvent(t)
	var out bytes.Buffer
	if err := WriteReport(&out, d); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows("Code comparison")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, r := range rows {
		all = append(all, strings.Join(r, "|"))
	}
	text := strings.Join(all, "\n")
	for _, w := range []string{"|contract-2017 (section A)|4|4|2|180|", "|royalton-1915 (section B) (nullos left out of par)|", "|board 1|4||3|", "|Wilcoxon signed-rank: at par|", "|0.5|Wilcoxon signed-rank test on the share",
		"If neither code tended to do better, each board's difference would be as likely to favour one as the other"} {
		if !strings.Contains(text, w) {
			t.Errorf("sheet lacks %q:\n%s", w, text)
		}
	}
}

// TestReportWithNoSharedBoard: the workbook of an event compared with
// another (?with=, d.With) that shares no board with it is refused as
// CompareWith refuses it — a 422 naming with, saying what differs —
// writing nothing, as the API's codes report and the reports page refuse
// it; it left the Code comparison sheet out and wrote the rest. The other
// event is twoCodeEvent's section B with every board's deal turned a seat
// (North's cards to East's, and so on), so no board has the same hands.
// An event alone whose sections share one code still gets its workbook,
// without the sheet (TestCompareCodesOneCode: nothing to compare).
func TestReportWithNoSharedBoard(t *testing.T) {
	d := twoCodeEvent(t)
	one := tournament.EventData{Event: d.Event, Sections: d.Sections[:1]}
	two := tournament.EventData{Event: tournament.Event{ID: 2, Name: "Other deals", Law: scoring.Royalton1915, Scoring: tournament.MethodMP},
		Sections: slices.Clone(d.Sections[1:])}
	two.Sections[0].Boards = slices.Clone(two.Sections[0].Boards)
	for i := range two.Sections[0].Boards {
		b := &two.Sections[0].Boards[i]
		turned := b.Deal
		for s := range 4 {
			turned.Hands[(s+1)%4], turned.Given[(s+1)%4] = b.Deal.Hands[s], b.Deal.Given[s]
		}
		b.Deal = turned
	}
	_, want := CompareWith(one, &two)
	var te *tournament.Error
	if !errors.As(want, &te) || te.Field != "with" || !strings.Contains(te.Message, "share no board") {
		t.Fatalf("CompareWith: %v, want a refusal naming with", want)
	}
	one.With = &two
	var out bytes.Buffer
	err := WriteReport(&out, one)
	if !errors.As(err, &te) || te.Kind != tournament.ErrInvalid || te.Field != "with" || te.Message != want.(*tournament.Error).Message {
		t.Errorf("the workbook with an event sharing no board: %v, want CompareWith's refusal %v", err, want)
	}
	if out.Len() != 0 {
		t.Errorf("%d bytes written before the refusal", out.Len())
	}
	alone := tournament.EventData{Event: d.Event, Sections: d.Sections[:1]}
	out.Reset()
	if err := WriteReport(&out, alone); err != nil || out.Len() == 0 {
		t.Errorf("an event of one code alone: %v (%d bytes), want its workbook", err, out.Len())
	}
}
