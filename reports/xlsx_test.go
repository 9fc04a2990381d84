package reports

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// board1Deal is the hand record of board 1 of the small event: every hand
// 4-3-3-3, each suit dealt in sequences so that no card repeats.
const board1Deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

// pbnDeal reads a deal a test gives in PBN, as tournament.ParseBoard and
// the file readers read one.
func pbnDeal(pbn string) scoring.Deal {
	d, err := scoring.ParseDeal("deal", pbn)
	if err != nil {
		panic(err)
	}
	return d
}

// smallEvent is a 3-table Mitchell at matchpoints, one board a round, boards
// 1–3 each played three times, scored under contract-2017 (Law 77) with the
// vulnerability by board number (board 1 none, 2 NS, 3 EW):
//
//	board 1: R1 T1 NS1–EW1 4S N 10 +420;  R2 T3 NS3–EW2 4S N 10 +420;  R3 T2 NS2–EW3 4S N 9 −50
//	         (4S made: 4×30 + 300 game = 420; one down not vulnerable −50)
//	board 2: R1 T2 NS2–EW2 3NT S 9 +600;  R2 T1 NS1–EW3 3NT S 8 −100;  R3 T3 NS3–EW1 2S E 8 −110
//	         (3NT vulnerable 40+30+30 + 500 = 600, one down −100; 2S by EW not vulnerable 60 + 50 = 110)
//	board 3: R1 T3 NS3–EW3 1NT W 7 −90 (40 + 50);  R2 T2 NS2–EW1 passed out 0;  R3 T1 NS1–EW2 artificial 60/40
//
// Matchpoints, 2 per score beaten and 1 per tie, top 4 with 3 results:
//
//	board 1: +420 3|1, +420 3|1, −50 0|4
//	board 2: +600 4|0, −100 2|2, −110 0|4
//	board 3: the two real results between themselves 0 and 2, scaled to 3
//	         results by Neuberg (raw+1)·3/2−1: −90 0.5|3.5, 0 3.5|0.5; the
//	         artificial 60/40 is average plus for NS 1 and average minus for
//	         EW 2, by the event's default (contract-2017's law option
//	         average_session, Law 12C2 as the WBF Laws Committee's minute of
//	         1998-08-30 reads it) 60 % or the pair's percentage on its other
//	         boards if higher, 40 % or it if lower: NS 1 (3+2)/8 = 62.5 %,
//	         so 62.5 % of 4 = 2.5; EW 2 (1+0)/8 = 12.5 %, so 0.5: 2.5|0.5
//
//	NS 1: 3+2+2.5 = 7.5 (7.5/12 = 62.50%)   EW 1: 1+4+0.5 = 5.5 (45.83%)
//	NS 2: 0+4+3.5 = 7.5 (62.50%)            EW 2: 1+0+0.5 = 1.5 (12.50%)
//	NS 3: 3+0+0.5 = 3.5 (29.17%)            EW 3: 4+2+3.5 = 9.5 (79.17%)
//
// NS 1 and NS 2 tie for first (both place 1, NS 1 listed first). The same
// section tournament's TestPairStandingsMitchell works with 60 % and 40 %
// as given (7.4 and 2.6).
func smallEvent(t testing.TB) tournament.EventData {
	t.Helper()
	m, err := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{ID: 1, Name: "Small Mitchell", Date: "2024-05-01", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Movement: m}
	play := func(round, table, board int, ns, ew, contract, decl string, tricks int) tournament.Result {
		return tournament.Result{SectionID: 1, Round: round, Table: table, Board: board, NS: ns, EW: ew, Status: tournament.StatusPlayed, Contract: contract, Declarer: decl, Tricks: tricks}
	}
	results := []tournament.Result{
		play(1, 1, 1, "1", "1", "4S", "N", 10), play(2, 3, 1, "3", "2", "4S", "N", 10), play(3, 2, 1, "2", "3", "4S", "N", 9),
		play(1, 2, 2, "2", "2", "3NT", "S", 9), play(2, 1, 2, "1", "3", "3NT", "S", 8), play(3, 3, 2, "3", "1", "2S", "E", 8),
		play(1, 3, 3, "3", "3", "1NT", "W", 7),
		{SectionID: 1, Round: 2, Table: 2, Board: 3, NS: "2", EW: "1", Status: tournament.StatusPassedOut, Contract: "PASS", Tricks: tournament.TricksNotGiven},
		{SectionID: 1, Round: 3, Table: 1, Board: 3, NS: "1", EW: "2", Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40, Tricks: tournament.TricksNotGiven},
	}
	boards := map[int]tournament.Board{1: {SectionID: 1, Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Deal: pbnDeal(board1Deal)}}
	for i, err := range tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results) {
		if err != nil {
			t.Fatalf("result %d: %v", i, err)
		}
	}
	pairs := []tournament.Pair{
		{SectionID: 1, Number: "2", Direction: "NS", Players: []tournament.Player{{Name: "Ann", Number: "100001"}, {Name: "Bob", Number: "100002"}}},
		{SectionID: 1, Number: "3", Direction: "EW", Players: []tournament.Player{{Name: "Cat"}, {Name: "Dan", Number: "EBU 4"}}},
	}
	sd := tournament.BuildSection(e, sec, pairs, nil, boards, results)
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{sd}}
}

// openWorkbook writes d (and extra) and opens the workbook again.
func openWorkbook(t *testing.T, d tournament.EventData, extra ...Sheet) *excelize.File {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteWorkbook(&buf, d, extra...); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// wantCells checks raw cell values (numbers as excelize prints them: 7.4,
// not 7.40); "" is an empty cell.
func wantCells(t *testing.T, f *excelize.File, sheet string, want map[string]string) {
	t.Helper()
	for cell, w := range want {
		got, err := f.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Errorf("%s!%s: %v", sheet, cell, err)
			continue
		}
		if got != w {
			t.Errorf("%s!%s = %q, want %q", sheet, cell, got, w)
		}
	}
}

// wantRow checks a whole row, column A onwards.
func wantRow(t *testing.T, f *excelize.File, sheet string, row int, want ...string) {
	t.Helper()
	m := map[string]string{}
	for i, w := range want {
		c, _ := excelize.CoordinatesToCellName(i+1, row)
		m[c] = w
	}
	wantCells(t, f, sheet, m)
}

func TestWorkbookSheets(t *testing.T) {
	extra := Sheet{Name: "Royalton", Header: []string{"Result", "Count"}, Rows: [][]any{{"exact", 46}, {"over", 15}, {"defeated", 11}}}
	f := openWorkbook(t, smallEvent(t), extra)
	want := []string{"Standings", "Travelers", "Scorecards", "Frequencies", "Players", "Royalton"}
	got := f.GetSheetList()
	if len(got) != len(want) {
		t.Fatalf("sheets %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sheets %v, want %v", got, want)
		}
	}
	wantRow(t, f, "Royalton", 1, "Result", "Count")
	wantRow(t, f, "Royalton", 2, "exact", "46")
	wantRow(t, f, "Royalton", 4, "defeated", "11")
	wantHeaderStyle(t, f, "Royalton", "B1")
}

// TestWorkbookPlayers: the Players sheet carries every player of
// smallEvent's pairs with the membership number it was entered with.
func TestWorkbookPlayers(t *testing.T) {
	f := openWorkbook(t, smallEvent(t))
	wantRow(t, f, "Players", 1, "Section", "Pair or team", "Direction", "Player", "Membership number")
	wantRow(t, f, "Players", 2, "A", "2", "NS", "Ann", "100001")
	wantRow(t, f, "Players", 3, "A", "2", "NS", "Bob", "100002")
	wantRow(t, f, "Players", 4, "A", "3", "EW", "Cat", "")
	wantRow(t, f, "Players", 5, "A", "3", "EW", "Dan", "EBU 4")
}

// TestWorkbookStandings: places, totals and percentages from smallEvent's
// comment, NS block then EW block, each by place.
func TestWorkbookStandings(t *testing.T) {
	f := openWorkbook(t, smallEvent(t))
	const s = "Standings"
	wantRow(t, f, s, 1, "Place", "Pair", "Direction", "Players", "MP", "%", "Boards")
	wantRow(t, f, s, 2, "Section A, North-South")
	wantRow(t, f, s, 3, "1", "1", "NS", "", "7.5", "62.5", "3")
	wantRow(t, f, s, 4, "1", "2", "NS", "Ann & Bob", "7.5", "62.5", "3")
	wantRow(t, f, s, 5, "3", "3", "NS", "", "3.5", "29.17", "3")
	wantRow(t, f, s, 6, "", "", "", "", "", "", "")
	wantRow(t, f, s, 7, "Section A, East-West")
	wantRow(t, f, s, 8, "1", "3", "EW", "Cat & Dan", "9.5", "79.17", "3")
	wantRow(t, f, s, 9, "2", "1", "EW", "", "5.5", "45.83", "3")
	wantRow(t, f, s, 10, "3", "2", "EW", "", "1.5", "12.5", "3")

	// Shown with two decimals: the points format 0.00.
	if v, _ := f.GetCellValue(s, "E3"); v != "7.50" {
		t.Errorf("E3 shown as %q, want 7.50", v)
	}
	for _, c := range []string{"E3", "F10"} {
		id, _ := f.GetCellStyle(s, c)
		st, err := f.GetStyle(id)
		if err != nil || st.NumFmt != 2 {
			t.Errorf("%s: number format %v (%v), want built-in 2 (0.00)", c, st, err)
		}
	}
	wantHeaderStyle(t, f, s, "A1")
	wantHeaderStyle(t, f, s, "F1")

	panes, err := f.GetPanes(s)
	if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.TopLeftCell != "A2" {
		t.Errorf("panes %+v (%v), want the header row frozen (YSplit 1, top left A2)", panes, err)
	}
	pl, err := f.GetPageLayout(s)
	if err != nil || pl.Orientation == nil || *pl.Orientation != "landscape" || pl.FitToWidth == nil || *pl.FitToWidth != 1 || pl.FitToHeight == nil || *pl.FitToHeight != 0 {
		t.Errorf("page layout %+v (%v), want landscape, one page wide, any pages tall", pl, err)
	}
	props, err := f.GetSheetProps(s)
	if err != nil || props.FitToPage == nil || !*props.FitToPage {
		t.Errorf("sheet props %+v (%v), want fit to page", props, err)
	}
}

// wantHeaderStyle checks a header cell is bold on a solid fill.
func wantHeaderStyle(t *testing.T, f *excelize.File, sheet, cell string) {
	t.Helper()
	id, err := f.GetCellStyle(sheet, cell)
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.GetStyle(id)
	if err != nil || st.Font == nil || !st.Font.Bold || st.Fill.Pattern != 1 || len(st.Fill.Color) == 0 {
		t.Errorf("%s!%s style %+v (%v), want bold on a solid fill", sheet, cell, st, err)
	}
}

// TestWorkbookTravelers: every board's block, lines in round and table
// order with the scores and matchpoints of smallEvent's comment.
func TestWorkbookTravelers(t *testing.T) {
	f := openWorkbook(t, smallEvent(t))
	const s = "Travelers"
	wantRow(t, f, s, 1, "Board 1", "Section A", "Dealer N", "Vul None")
	wantRow(t, f, s, 2, "North", "AKQJ.T98.765.432")
	wantRow(t, f, s, 3, "East", "T98.765.432.AKQJ")
	wantRow(t, f, s, 4, "South", "765.432.AKQJ.T98")
	wantRow(t, f, s, 5, "West", "432.AKQJ.T98.765")
	wantRow(t, f, s, 6, "NS", "EW", "Contract", "Declarer", "Tricks", "Score", "NS MP", "EW MP")
	wantRow(t, f, s, 7, "1", "1", "4S", "N", "10", "420", "3", "1")
	wantRow(t, f, s, 8, "3", "2", "4S", "N", "10", "420", "3", "1")
	wantRow(t, f, s, 9, "2", "3", "4S", "N", "9", "-50", "0", "4")
	// Board 2 (dealer E, NS vulnerable) has no hand record.
	wantRow(t, f, s, 11, "Board 2", "Section A", "Dealer E", "Vul NS")
	wantRow(t, f, s, 12, "NS", "EW", "Contract", "Declarer", "Tricks", "Score", "NS MP", "EW MP")
	wantRow(t, f, s, 13, "2", "2", "3NT", "S", "9", "600", "4", "0")
	wantRow(t, f, s, 14, "1", "3", "3NT", "S", "8", "-100", "2", "2")
	wantRow(t, f, s, 15, "3", "1", "2S", "E", "8", "-110", "0", "4")
	wantRow(t, f, s, 17, "Board 3", "Section A", "Dealer S", "Vul EW")
	wantRow(t, f, s, 19, "3", "3", "1NT", "W", "7", "-90", "0.5", "3.5")
	wantRow(t, f, s, 20, "2", "1", "PASS", "", "", "0", "3.5", "0.5")
	wantRow(t, f, s, 21, "1", "2", "60%/40%", "", "", "", "2.5", "0.5")
	wantHeaderStyle(t, f, s, "A6")
	if v, _ := f.GetCellValue(s, "G19"); v != "0.50" {
		t.Errorf("G19 shown as %q, want 0.50", v)
	}
}

// TestWorkbookScorecards: a pair's boards in order, the score from its
// side, and the running total reaching its standings total.
func TestWorkbookScorecards(t *testing.T) {
	f := openWorkbook(t, smallEvent(t))
	const s = "Scorecards"
	wantRow(t, f, s, 1, "Section A, pair 1 NS")
	wantRow(t, f, s, 2, "Board", "Round", "Opponents", "Contract", "Declarer", "Tricks", "Score", "MP", "Total")
	wantRow(t, f, s, 3, "1", "1", "1", "4S", "N", "10", "420", "3", "3")
	wantRow(t, f, s, 4, "2", "2", "3", "3NT", "S", "8", "-100", "2", "5")
	wantRow(t, f, s, 5, "3", "3", "2", "60%/40%", "", "", "", "2.5", "7.5")
	wantRow(t, f, s, 7, "Section A, pair 2 NS: Ann & Bob")
	wantRow(t, f, s, 9, "1", "3", "3", "4S", "N", "9", "-50", "0", "0")
	wantRow(t, f, s, 10, "2", "1", "2", "3NT", "S", "9", "600", "4", "4")
	wantRow(t, f, s, 11, "3", "2", "1", "PASS", "", "", "0", "3.5", "7.5")
	// Pairs 1–3 NS, then 1–3 EW: EW 3 is the sixth block, rows 31–35.
	wantRow(t, f, s, 31, "Section A, pair 3 EW: Cat & Dan")
	wantRow(t, f, s, 33, "1", "3", "2", "4S", "N", "9", "50", "4", "4")
	wantRow(t, f, s, 34, "2", "2", "1", "3NT", "S", "8", "100", "2", "6")
	wantRow(t, f, s, 35, "3", "1", "3", "1NT", "W", "7", "90", "3.5", "9.5")
	wantHeaderStyle(t, f, s, "A2")
}

// TestWorkbookFrequencies: per board each distinct NS score, highest
// first, the artificial score after the real ones.
func TestWorkbookFrequencies(t *testing.T) {
	f := openWorkbook(t, smallEvent(t))
	const s = "Frequencies"
	wantRow(t, f, s, 1, "Section", "Board", "NS score", "Tables", "NS MP", "EW MP")
	wantRow(t, f, s, 2, "A", "1", "420", "2", "3", "1")
	wantRow(t, f, s, 3, "A", "1", "-50", "1", "0", "4")
	wantRow(t, f, s, 4, "A", "2", "600", "1", "4", "0")
	wantRow(t, f, s, 5, "A", "2", "-100", "1", "2", "2")
	wantRow(t, f, s, 6, "A", "2", "-110", "1", "0", "4")
	wantRow(t, f, s, 7, "A", "3", "0", "1", "3.5", "0.5")
	wantRow(t, f, s, 8, "A", "3", "-90", "1", "0.5", "3.5")
	wantRow(t, f, s, 9, "A", "3", "60%/40%", "1", "2.5", "0.5")
	wantRow(t, f, s, 10, "", "", "", "", "", "")
	panes, _ := f.GetPanes(s)
	if !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("panes %+v, want the header row frozen", panes)
	}
}

func TestWorkbookExtraSheetNames(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteWorkbook(&buf, smallEvent(t), Sheet{Name: "Travelers"}); err == nil {
		t.Error("an extra sheet named Travelers was accepted")
	}
	if err := WriteWorkbook(&buf, smallEvent(t), Sheet{Name: "a/b"}); err == nil {
		t.Error(`an extra sheet named "a/b" was accepted`)
	}
	// Excel's sheet names are the same in any case.
	if err := WriteWorkbook(&buf, smallEvent(t), Sheet{Name: "SCORECARDS"}); err == nil {
		t.Error("an extra sheet named SCORECARDS was accepted beside Scorecards")
	}
	if err := WriteWorkbook(&buf, smallEvent(t), Sheet{Name: "Extra"}, Sheet{Name: "extra"}); err == nil {
		t.Error("extra sheets named Extra and extra were accepted")
	}
}

// TestWorkbookExtraSheetEach: a sheet whose rows are made as it is written
// (Each) reads as the same sheet given its Rows, and Each's error is
// WriteWorkbook's.
func TestWorkbookExtraSheetEach(t *testing.T) {
	rows := [][]any{{"exact", 46}, {"over", 15}, {"defeated", 11}}
	each := Sheet{Name: "Royalton", Header: []string{"Result", "Count"}, Each: func(add func([]any) error) error {
		for _, r := range rows {
			if err := add(r); err != nil {
				return err
			}
		}
		return nil
	}}
	f := openWorkbook(t, smallEvent(t), each)
	wantRow(t, f, "Royalton", 1, "Result", "Count")
	wantRow(t, f, "Royalton", 4, "defeated", "11")
	broken := errors.New("the comparison failed")
	each.Each = func(add func([]any) error) error {
		if err := add(rows[0]); err != nil {
			return err
		}
		return broken
	}
	if err := WriteWorkbook(io.Discard, smallEvent(t), each); !errors.Is(err, broken) {
		t.Errorf("WriteWorkbook: %v, want Each's error", err)
	}
}

// failAfter keeps the first n bytes written to it, then fails.
type failAfter struct {
	n   int
	buf bytes.Buffer
}

func (w *failAfter) Write(p []byte) (int, error) {
	if left := w.n - w.buf.Len(); len(p) > left {
		w.buf.Write(p[:left])
		return left, errors.New("the disk is full")
	}
	return w.buf.Write(p)
}

// TestWorkbookWriteFails: when w fails midway WriteWorkbook says so, and
// what w kept is not a workbook (no zip directory is written after a
// failure), however far the writing got.
func TestWorkbookWriteFails(t *testing.T) {
	d := smallEvent(t)
	var whole bytes.Buffer
	if err := WriteReport(&whole, d); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 100, whole.Len() / 2, whole.Len() - 1} {
		w := &failAfter{n: n}
		if err := WriteReport(w, d); err == nil {
			t.Errorf("%d bytes of %d written: no error", n, whole.Len())
		}
		if _, err := zip.NewReader(bytes.NewReader(w.buf.Bytes()), int64(w.buf.Len())); err == nil {
			t.Errorf("%d bytes of %d written: they read as a zip", n, whole.Len())
		}
	}
}

// TestWorkbookConvention: the Standings sheet ends with the event's
// convention, as its page shows it, and writes shared places by it:
// under "norway" two pairs sharing first place are "1-2", as Ruter's real
// file writes Rank 4 and RankTie 5 (testdata/pbn/ruter_butler_2012.pbn);
// under traveler's own they are 1 and 1.
func TestWorkbookConvention(t *testing.T) {
	const s = "Standings"
	f := openWorkbook(t, smallEvent(t))
	wantCells(t, f, s, map[string]string{"A12": "Convention: traveler, traveler's own (Compscore3's): lines added unrounded, percentages rounded half away from zero, a Butler datum without the highest and lowest score"})
	if v, _ := f.GetCellValue(s, "A13"); !strings.HasPrefix(v, "Places: entrants share a place when their totals are equal on totals to two decimals") {
		t.Errorf("A13 = %q, want the tie rule", v)
	}
	d := smallEvent(t)
	d.Event.Convention = "norway"
	ns := d.Sections[0].Standings.Pairs
	ns[1].Place = 1 // NS pairs 2 and 1 share first place
	f = openWorkbook(t, d)
	wantCells(t, f, s, map[string]string{"A3": "1-2", "A4": "1-2", "A5": "3", "A8": "1"})
	if v, _ := f.GetCellValue(s, "A12"); !strings.HasPrefix(v, "Convention: norway, the Norwegian federation's") {
		t.Errorf("A12 = %q, want the norway convention", v)
	}
}
