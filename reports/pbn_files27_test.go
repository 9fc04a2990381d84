package reports_test

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestPBNHandSetWiderThanPlayed: a results file whose hand set holds more
// deals than the boards played (EBUScore writes boards 19–28 with a deal and
// no result) is read with the boards played, and a note names the line of
// the first deal left out (issue 27 §3). The file: the real Polish club
// session pairs_no_date_2013.pbn (27 boards played, ../shared/testdata) with
// the deals of boards 28–30 of the real BridgeNZ hand set
// testdata/pbn/hazlemere_trophy_2015.pbn after it. Before, the section was
// read as playing 30 boards, and import refused it naming no line.
func TestPBNHandSetWiderThanPlayed(t *testing.T) {
	played, err := os.ReadFile(sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := os.ReadFile("testdata/pbn/hazlemere_trophy_2015.pbn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := reports.ReadPBN(bytes.NewReader(set))
	if err != nil {
		t.Fatal(err)
	}
	file := strings.TrimRight(string(played), "\r\n") + "\n"
	firstLine := strings.Count(file, "\n") + 2 // after the empty line that ends the last game
	for _, g := range games {
		if b := g.Value("Board"); b == "28" || b == "29" || b == "30" {
			file += "\n[Board \"" + b + "\"]\n[Dealer \"" + g.Value("Dealer") + "\"]\n[Deal \"" + g.Value("Deal") + "\"]\n"
		}
	}
	want, err := reports.ReadResults(bytes.NewReader(played), reports.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := reports.ReadResults(strings.NewReader(file), reports.ReadOptions{})
	if err != nil {
		t.Fatalf("the file with a wider hand set is refused: %v", err)
	}
	sd := got.Event.Sections[0]
	if sd.Section.Movement.Boards != 27 || len(sd.Boards) > 27 {
		t.Errorf("the section plays %d boards and holds %d; want the 27 played", sd.Section.Movement.Boards, len(sd.Boards))
	}
	if g, w := standingsOf(got.Event), standingsOf(want.Event); g != w {
		t.Errorf("standings with the wider hand set:\n%s\nwant the file's own:\n%s", g, w)
	}
	noted := false
	for _, n := range got.Notes {
		if n.Element == "[Board]" && n.Line == firstLine && strings.Contains(n.Text, "boards 28–30") {
			noted = true
		}
	}
	if !noted {
		t.Errorf("no note naming line %d and boards 28–30: %+v", firstLine, got.Notes)
	}
}

// linExport is a game of a BBO export: the deal given only in LIN_DATA,
// [Deal] left with unknown hands. The LIN is BBO's own, for board 1 of a
// real BBO session (jarekczek/pbntools test/test_bbo_history_with_lins/
// 3381671193.lin; the BBO names replaced by placeholders), its contract
// and result as pbntools' expected PBN of it gives them (5D by E, 11 tricks).
const linExport = `[Event "BBO"]
[Site "?"]
[Date "2013.08.10"]
[Board "1"]
[West "West One"]
[North "North One"]
[East "East One"]
[South "South One"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:- - - -"]
[Scoring "MP"]
[Declarer "E"]
[Contract "5D"]
[Result "11"]
[LIN_DATA "pn|South One,West One,North One,East One|st||md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|rh||ah|Board 1|sv|o|mb|1S|mb|2N!|mb|p|mb|3C|mb|p|mb|3D|mb|p|mb|3H|mb|p|mb|4D|mb|p|mb|5D|mb|p|mb|p|mb|p|"]
`

// TestPBNDealFromLINData: a game whose deal is only in LIN_DATA (BBO and
// RealBridge exports) is read with the deal of the LIN md field (issue 27
// §3), the one pbntools reads from the same LIN (its expected PBN,
// test/test_bbo_history_with_lins/history_expected.pbn: "N:AQ983.A973.K92.3
// J7..AQJ863.KJ864 KT2.QT842.7.T952 654.KJ65.T54.AQ7", East's hand the
// cards the LIN leaves out); traveler's export of it carries that deal.
// Before, the deal was ignored and the export wrote [Deal "N:- - - -"].
func TestPBNDealFromLINData(t *testing.T) {
	const want = "N:AQ983.A973.K92.3 J7..AQJ863.KJ864 KT2.QT842.7.T952 654.KJ65.T54.AQ7"
	f, err := reports.ReadResults(strings.NewReader(linExport), reports.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b := f.Event.Sections[0].Boards
	if len(b) != 1 || b[0].Deal.PBN() != want {
		t.Fatalf("board read as %+v; want the deal %s", b, want)
	}
	if r := f.Event.Sections[0].Results[0]; r.NSScore != -400 { // 5D= by E not vulnerable: 100 + 300 (Law 77)
		t.Errorf("5D by E, 11 tricks scored NS %d; want -400", r.NSScore)
	}
	noted := false
	for _, n := range f.Notes {
		noted = noted || n.Element == "[LIN_DATA]"
	}
	if !noted {
		t.Errorf("no note that the deal came from LIN_DATA: %+v", f.Notes)
	}
	var out bytes.Buffer
	if err := reports.WritePBN(&out, f.Event); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `[Deal "`+want+`"]`) {
		t.Errorf("the export does not carry the LIN's deal:\n%s", out.String())
	}
	bad := strings.Replace(linExport, "md|3S2TKH248TQD7", "md|3S2TKH248TQD7D7", 1)
	if _, err := reports.ReadResults(strings.NewReader(bad), reports.ReadOptions{}); err == nil || !strings.Contains(err.Error(), "line 16") || !strings.Contains(err.Error(), "LIN_DATA") {
		t.Errorf("a LIN whose hand holds a card twice: %v; want a refusal naming line 16 and [LIN_DATA]", err)
	}
}

// bridgeWebsGames are three tables of one board as BridgeWebs spells them
// (issue 27 §3): a doubled contract "3D*", a board passed out "PO", and
// an adjusted line "A" for the contract, the declarer and the result. The
// figures are Law 77's: 3D doubled and made by N, not vulnerable (board
// 1): 2 × 60 = 120 trick score, game 300, insult 50: NS +470.
const bridgeWebsGames = `[Event "Club pairs"]
[Board "1"]
[North "N1"]
[South "S1"]
[East "E1"]
[West "W1"]
[Declarer "N"]
[Contract "3D*"]
[Result "9"]
[Score "NS 470"]

[Board "1"]
[North "N2"]
[South "S2"]
[East "E2"]
[West "W2"]
[Declarer ""]
[Contract "PO"]
[Result ""]

[Board "1"]
[North "N3"]
[South "S3"]
[East "E3"]
[West "W3"]
[Declarer "A"]
[Contract "A"]
[Result "A"]
`

// TestPBNBridgeWebsSpellings: BridgeWebs' "3D*", "PO" and "A A A" are read
// as a doubled contract, a board passed out and an average (50 %/50 %),
// with a note; before, the whole file was refused at the first of them.
func TestPBNBridgeWebsSpellings(t *testing.T) {
	f, err := reports.ReadResults(strings.NewReader(bridgeWebsGames), reports.ReadOptions{})
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	got := map[string]string{}
	for _, r := range f.Event.Sections[0].Results {
		got[r.NS] = string(r.Status) + " " + r.Contract + " " + strconv.Itoa(r.NSScore) + " " + strconv.Itoa(r.NSPercent) + "/" + strconv.Itoa(r.EWPercent)
	}
	want := map[string]string{
		"1": string(tournament.StatusPlayed) + " 3DX 470 0/0",
		"3": string(tournament.StatusPassedOut) + " PASS 0 0/0",
		"5": string(tournament.StatusArtificial) + "  0 50/50",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("NS pair %s: %q, want %q (all: %v)", k, got[k], w, got)
		}
	}
	noted := false
	for _, n := range f.Notes {
		noted = noted || (n.Element == "[Contract]" && strings.Contains(n.Text, "BridgeWebs"))
	}
	if !noted {
		t.Errorf("no note of BridgeWebs' spellings: %+v", f.Notes)
	}
}

// TestHandRecordsFromLINData: a hand-record upload of a BBO export whose
// deal is only in LIN_DATA gives the LIN's deal (the one pbntools reads,
// see TestPBNDealFromLINData); before, the game gave no hand record and
// the file was refused for holding no deal.
func TestHandRecordsFromLINData(t *testing.T) {
	hs, err := reports.ReadHandRecords(strings.NewReader(linExport))
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != 1 || hs[0].Board.Number != 1 {
		t.Fatalf("hand records %+v; want board 1", hs)
	}
	d, err := scoring.ParseDeal("deal", hs[0].Board.Deal)
	if err != nil {
		t.Fatal(err)
	}
	d.First = scoring.North
	if got := d.PBN(); got != "N:AQ983.A973.K92.3 J7..AQJ863.KJ864 KT2.QT842.7.T952 654.KJ65.T54.AQ7" {
		t.Errorf("board 1's deal %s; want pbntools' reading of the LIN", got)
	}
}

// TestPBNDealerFromLINData: with no [Dealer], the dealer is the LIN md
// field's digit (1 South, 2 West, 3 North, 4 East; "md|3…" in linExport:
// North), not the board number's. The game is numbered 2 here (East deals
// board 2 by number) so that the two differ.
func TestPBNDealerFromLINData(t *testing.T) {
	file := strings.Replace(strings.Replace(linExport, "[Dealer \"N\"]\n", "", 1), "[Board \"1\"]", "[Board \"2\"]", 1)
	f, err := reports.ReadResults(strings.NewReader(file), reports.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range f.Event.Sections[0].Boards {
		if b.Number == 2 && b.Dealer != scoring.North {
			t.Errorf("board 2 read as %+v; want North the dealer, as the LIN's md|3 says", b)
		}
	}
}
