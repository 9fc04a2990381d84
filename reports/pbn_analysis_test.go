package reports

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// pbnGameTags splits a PBN file into games (at empty lines) and returns,
// per board, the first game's lines from tag name on: the tag line and,
// for a table tag, its rows (up to the next tag).
func pbnBlocks(text, name string) map[string]string {
	out := map[string]string{}
	for _, game := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		lines := strings.Split(game, "\n")
		board := ""
		for i, l := range lines {
			if strings.HasPrefix(l, `[Board "`) {
				board = strings.TrimSuffix(strings.TrimPrefix(l, `[Board "`), `"]`)
			}
			if !strings.HasPrefix(l, "["+name+" ") {
				continue
			}
			block := []string{l}
			for _, r := range lines[i+1:] {
				if strings.HasPrefix(r, "[") {
					break
				}
				block = append(block, r)
			}
			if _, seen := out[board]; !seen && board != "" {
				out[board] = strings.Join(block, "\n")
			}
		}
	}
	return out
}

// TestPBNWritesDoubleDummyAsRealBridge: RealBridge's export of a teams
// qualifier (teams_imps_2021.pbn) carries each board's double-dummy table
// and par. Read through the one way in, given analyses made of the file's
// own [DoubleDummyTricks] (contract-2017's par found by scoring's search,
// which finds DDS's own on all 100 deals of DDS's list: scoring/dds), and
// written again by WritePBN, every board's DoubleDummyTricks,
// OptimumResultTable (its rows too) and OptimumScore come out byte for
// byte as RealBridge wrote them.
func TestPBNWritesDoubleDummyAsRealBridge(t *testing.T) {
	raw, err := os.ReadFile(sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	d, theirs := realBridgeAnalysed(t, raw)
	if len(d.Sections[0].Analyses) != 10 {
		t.Fatalf("%d boards analysed from the file, want its 10", len(d.Sections[0].Analyses))
	}
	var out bytes.Buffer
	if err := WritePBN(&out, d); err != nil {
		t.Fatal(err)
	}
	for name, byBoard := range theirs {
		ours := pbnBlocks(out.String(), name)
		for board, want := range byBoard {
			if ours[board] != want {
				t.Errorf("board %s: we write\n%s\nRealBridge wrote\n%s", board, ours[board], want)
			}
		}
	}
	if !strings.Contains(out.String(), `[ParContract "NS 1NT"]`) {
		t.Errorf("no ParContract of board 11 (1NT by NS, RealBridge's +90)")
	}
	// Read back by traveler's own reader: the file is still one event of
	// the same results.
	back := readFile(t, bytes.NewReader(out.Bytes()), ReadOptions{Format: FormatPBN})
	if len(back.Event.Sections[0].Results) != len(d.Sections[0].Results) {
		t.Errorf("read back: %d results, wrote %d", len(back.Event.Sections[0].Results), len(d.Sections[0].Results))
	}
}

// realBridgeAnalysed reads RealBridge's teams file through the one way in
// and gives its boards analyses made of the file's own DoubleDummyTricks
// (contract-2017's par found by scoring's search, which finds DDS's own on
// all 100 deals of DDS's list: scoring/dds); it returns the event and the
// file's analysis tags by name and board.
func realBridgeAnalysed(t *testing.T, raw []byte) (tournament.EventData, map[string]map[string]string) {
	t.Helper()
	f := readFile(t, bytes.NewReader(raw), ReadOptions{Format: FormatPBN})
	theirs := map[string]map[string]string{}
	for _, name := range []string{"DoubleDummyTricks", "OptimumResultTable", "OptimumScore"} {
		theirs[name] = pbnBlocks(string(raw), name)
	}
	rules := scoring.NewRules(scoring.Contract2017)
	d := f.Event
	for si := range d.Sections {
		s := &d.Sections[si]
		for _, b := range s.Boards {
			digits := theirs["DoubleDummyTricks"][strconv.Itoa(b.Number)]
			digits = strings.TrimSuffix(strings.TrimPrefix(digits, `[DoubleDummyTricks "`), `"]`)
			if b.Deal.Empty() || len(digits) != 20 {
				continue
			}
			var table scoring.TrickTable
			seats := []scoring.Seat{scoring.North, scoring.South, scoring.East, scoring.West}
			strains := []scoring.Strain{scoring.NoTrump, scoring.Spades, scoring.Hearts, scoring.Diamonds, scoring.Clubs}
			for i := range 20 {
				n, _ := strconv.ParseUint(digits[i:i+1], 16, 8)
				table[seats[i/5]][strains[i%5]] = uint8(n)
			}
			hands, _ := b.Deal.Complete()
			par, err := rules.ParOf(&table, hands, b.Dealer, b.Vulnerability)
			if err != nil {
				t.Fatal(err)
			}
			s.Analyses = append(s.Analyses, tournament.Analysis{Board: b.Number, Deal: b.Deal, Dealer: b.Dealer, Vulnerability: b.Vulnerability,
				Tricks: table, Par: []tournament.LawPar{{Law: scoring.Contract2017, Par: par}}})
		}
	}
	return d, theirs
}

// TestWorkbookDoubleDummy: the workbook of an event with analysed boards
// has a Double dummy sheet: board 11 of RealBridge's file (dealer South,
// none vulnerable) with the file's table — North takes 7 in clubs, 6 in
// diamonds and hearts, 7 in spades and no-trump (DoubleDummyTricks
// "77667…": no-trump, spades, hearts, diamonds, clubs) — and par NS +90
// (the file's OptimumScore).
func TestWorkbookDoubleDummy(t *testing.T) {
	raw, err := os.ReadFile(sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := realBridgeAnalysed(t, raw)
	var out bytes.Buffer
	if err := WriteWorkbook(&out, d); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows("Double dummy")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, r := range rows {
		if len(r) > 0 && r[0] == "Board 11" {
			for _, rr := range rows[i+1 : i+8] {
				got = append(got, strings.Join(rr, "|"))
			}
			break
		}
	}
	want := []string{"Declarer|Clubs|Diamonds|Hearts|Spades|No-trump", "North|7|6|6|7|7", "South|7|5|5|7|7", "East|5|7|7|6|6", "West|5|7|7|6|6",
		"Par under|NS score|||||Contracts|Note", "contract-2017|90|||||1NT NS"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("board 11:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadDeals: a file of deals without board numbers (as deal
// generators write) is numbered by place for traveler dd, while the hand
// records a section stores must say their boards.
func TestReadDeals(t *testing.T) {
	file := "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\n" +
		"[Board \"7\"]\n[Deal \"E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63\"]\n\n" +
		"[Deal \"N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93\"]\n"
	recs, err := ReadDeals(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, r := range recs {
		got = append(got, r.Board.Number)
	}
	if fmt.Sprint(got) != "[1 7 3]" {
		t.Errorf("boards %v, want [1 7 3] (by place, or as given)", got)
	}
	if _, err := ReadHandRecords(strings.NewReader(file)); err == nil || !strings.Contains(err.Error(), "[Board]") {
		t.Errorf("ReadHandRecords took a deal without its board: %v", err)
	}
}
