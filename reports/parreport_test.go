package reports

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestParReport works the report out by hand on two boards of DDS's own
// test list (dds_list100.txt), with their published par under contract-
// 2017. Board 1 (dealer N, none vulnerable; par NS -110, 2S by EW), four
// results, Law 77: 2S by E making 8, EW +110 (at par); 3S by W one down,
// NS +50; 1NT by N making 7, NS +90; 2S by E making 9, EW +140. Board 2
// (the list's second deal: dealer E, NS vulnerable; par NS +100, 4SX by EW
// one down), one result: 4SX by E one down, EW not vulnerable, NS +100
// (at par). Distances from par: 0, 160, 200, 30 and 0 — mean 78. The
// cards' spread, the variance of par over the five results (-110 four
// times, +100 once): 7,056; the tables', the variance of the distances
// with their signs (0, 160, 200, -30, 0): 8,944; the cards' share
// 7,056 / 16,000 = 0.441.
//
// Without par (η², one-way analysis of variance): the scores −110, +50,
// +90, −140 | +100, grand mean −2, board means −27.5 and +100; between
// boards 4 × 25.5² + 102² = 13,005, within board 1 82.5² + 77.5² + 117.5²
// + 112.5² = 39,275: 13,005 / 52,280 = 0.2488.
func TestParReport(t *testing.T) {
	deal1 := pbnDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
	deal2 := pbnDeal("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63")
	b1 := tournament.Board{Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Deal: deal1}
	b2 := tournament.Board{Number: 2, Dealer: scoring.East, Vulnerability: scoring.VulNS, Deal: deal2}
	played := func(board int, contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: board, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	par := func(ns int, c scoring.ParContract) []tournament.LawPar {
		return []tournament.LawPar{{Law: scoring.Contract2017, Par: scoring.Par{NSScore: ns, Contracts: []scoring.ParContract{c}}}}
	}
	d := tournament.EventData{
		Event: tournament.Event{Name: "Par", Law: scoring.Contract2017, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Name: "A", Movement: movement.Movement{Boards: 2}},
			Boards:  []tournament.Board{b1, b2},
			Results: []tournament.Result{
				played(1, "2S", "E", 8), played(1, "3S", "W", 8), played(1, "1NT", "N", 7), played(1, "2S", "E", 9),
				played(2, "4SX", "E", 9),
				{Board: 2, Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40},
			},
			Analyses: []tournament.Analysis{
				{Board: 1, Deal: deal1, Par: par(-110, scoring.ParContract{Contract: scoring.Contract{Level: 2, Strain: scoring.Spades}, Side: scoring.EW})},
				{Board: 2, Deal: deal2, Par: par(100, scoring.ParContract{Contract: scoring.Contract{Level: 4, Strain: scoring.Spades, Doubles: 1}, Side: scoring.EW, Result: -1})},
			},
		}},
	}
	rep, err := MakeParReport(d)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Analysed != 2 || len(rep.Codes) != 6 || rep.Codes[0].Law != "contract-2017" || !rep.Codes[0].Own {
		t.Fatalf("%d analysed, codes %+v", rep.Analysed, rep.Codes)
	}
	c := rep.Codes[0]
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.001 }
	if c.Results != 5 || c.AtPar != 2 || !near(c.MeanFromPar, 78) || !near(c.CardsSpread, 7056) || !near(c.TablesSpread, 8944) || !near(c.CardsShare, 0.441) {
		t.Errorf("contract-2017: %+v", c)
	}
	if !near(c.BoardsShare, 13005.0/52280) {
		t.Errorf("contract-2017 η² %v, want 13,005 / 52,280 = 0.2488", c.BoardsShare)
	}
	if len(c.Boards) != 2 || c.Boards[0].Results != 4 || c.Boards[0].AtPar != 1 || !near(c.Boards[0].MeanFromPar, 97.5) ||
		c.Boards[1].Contracts[0] != "4SX EW -1" || c.Boards[1].Results != 1 {
		t.Errorf("boards: %+v", c.Boards)
	}
	for _, other := range rep.Codes[1:] {
		if other.Results != 0 || other.Own {
			t.Errorf("%s: %+v, want nothing (no par given under it)", other.Law, other)
		}
	}

	// The reports that show par beside something else get the same
	// report, and none — nothing scored — once no board is analysed.
	if beside, err := ParReportIfAnalysed(d); err != nil || beside == nil || beside.Codes[0].BoardsShare != c.BoardsShare || beside.Codes[0].AtPar != c.AtPar {
		t.Errorf("ParReportIfAnalysed with analyses: %+v (%v), want the par report", beside, err)
	}
	d.Sections[0].Analyses = nil
	if beside, err := ParReportIfAnalysed(d); err != nil || beside != nil {
		t.Errorf("ParReportIfAnalysed without analyses: %+v (%v), want none", beside, err)
	}
}

// TestParReportSheet: the report workbook of an event with analysed
// boards (RealBridge's teams file, given analyses of its own tables) ends
// with the Par report sheet, contract-2017's figures in its first row.
func TestParReportSheet(t *testing.T) {
	raw, err := os.ReadFile(sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := realBridgeAnalysed(t, raw)
	var out bytes.Buffer
	if err := WriteReport(&out, d); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows("Par report")
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := MakeParReport(d)
	c := rep.Codes[0]
	want := fmt.Sprintf("contract-2017 (the event's)|all|||%d|%d", c.Results, c.AtPar)
	if len(rows) < 2 || !strings.HasPrefix(strings.Join(rows[1], "|"), want) || c.Results != 299 {
		t.Fatalf("first row %v, want it to start %s (299 results)", rows[1], want)
	}
	if sheets := x.GetSheetList(); sheets[len(sheets)-2] != "Par report" || sheets[len(sheets)-1] != "Declarations" {
		t.Errorf("sheets %v: the par report and the declarations are not last", sheets)
	}
	// The declaration report beside it: the same 299 results measured
	// (every one a played contract or a pass; the file has no nullos).
	decl, err := MakeDeclarationReport(d)
	if err != nil {
		t.Fatal(err)
	}
	dc := decl.Codes[0]
	drows, err := x.GetRows("Declarations")
	if err != nil {
		t.Fatal(err)
	}
	want = fmt.Sprintf("contract-2017|all||||%d|%d|%d|%d|%d", dc.Tables, dc.InBest, dc.AtHighest, dc.Under, dc.Over)
	if len(drows) < 2 || !strings.HasPrefix(strings.Join(drows[1], "|"), want) || dc.Tables+dc.PassedOut != 299 {
		t.Errorf("declarations: first row %v, want it to start %s; %d contracts and %d passed out, want 299 in all", drows[1], want, dc.Tables, dc.PassedOut)
	}
}

// TestParReportSaysNullosLeftOut: under a code with nullos (royal-auction-
// 1913, seed 001's nullo chapter) par leaves them out (LAWS.md "Par":
// "every output that shows par says so"), and so does every part of the
// par report: the code's summary row, its per-board rows in the workbook,
// and the heading of its per-board block in the text; contract-2017, with
// no nullos, says nothing of them. The board is TestParReport's board 1
// with one result; its figures are not what is tested here.
func TestParReportSaysNullosLeftOut(t *testing.T) {
	deal := pbnDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
	d := tournament.EventData{
		Event: tournament.Event{Name: "Nullos", Law: scoring.RoyalAuction1913, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Name: "A", Movement: movement.Movement{Boards: 1}},
			Boards:  []tournament.Board{{Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Deal: deal}},
			Results: []tournament.Result{{Board: 1, Status: tournament.StatusPlayed, Contract: "1NT", Declarer: "N", Tricks: 7}},
			Analyses: []tournament.Analysis{{Board: 1, Deal: deal, Par: []tournament.LawPar{
				{Law: scoring.RoyalAuction1913, Par: scoring.Par{NSScore: 10, NullosLeftOut: true}},
				{Law: scoring.Contract2017, Par: scoring.Par{NSScore: -110}},
			}}},
		}},
	}
	rep, err := MakeParReport(d)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, p := range rep.Text(d) {
		text = append(text, p.Lines...)
	}
	joined := strings.Join(text, "\n")
	if !strings.Contains(joined, "royal-auction-1913 (the event's) (nullos left out), board by board:") {
		t.Errorf("the 1913 per-board block does not say nullos are left out:\n%s", joined)
	}
	if !strings.Contains(joined, "\ncontract-2017, board by board:") {
		t.Errorf("contract-2017's per-board block should say nothing of nullos:\n%s", joined)
	}
	s := rep.Sheet()
	boardRows := 0
	for _, row := range s.Rows {
		name, board := row[0].(string), row[1].(string)
		has := strings.Contains(name, "(nullos left out)")
		if strings.HasPrefix(name, "royal-auction-1913") != has {
			t.Errorf("row %v: nullos left out %v", row, has)
		}
		if board != "all" {
			boardRows++
		}
	}
	if boardRows != 2 {
		t.Errorf("%d per-board rows, want 2 (one board, two codes with par)", boardRows)
	}
}
