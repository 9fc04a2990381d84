package reports

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// smallUSEBIO is a two-line event written for these tests: one pair of
// each kind of SCORE, a hand set and a second BOARD element for board 1.
const smallUSEBIO = `<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Test Club</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS">
  <EVENT_DESCRIPTION>Tuesday &amp; more</EVENT_DESCRIPTION>
  <WINNER_TYPE>2</WINNER_TYPE>
  <PARTICIPANTS>
    <PAIR>
      <PAIR_NUMBER>1</PAIR_NUMBER>
      <DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>12.50</TOTAL_SCORE>
      <PERCENTAGE>52.08</PERCENTAGE>
      <PLACE>2=</PLACE>
      <PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER>
    </PAIR>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
      <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>3NTX</CONTRACT>
      <PLAYED_BY>W</PLAYED_BY>
      <LEAD>QS</LEAD>
      <TRICKS>8</TRICKS>
      <SCORE>+100</SCORE>
      <NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>
      <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>
      <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <SCORE>A6040</SCORE>
      <NS_CROSS_IMP_POINTS>3</NS_CROSS_IMP_POINTS>
      <EW_CROSS_IMP_POINTS>-3</EW_CROSS_IMP_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
<HANDSET>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND><DIRECTION>North</DIRECTION><SPADES>AKQJT98765432</SPADES><HEARTS>-</HEARTS><DIAMONDS></DIAMONDS><CLUBS></CLUBS></HAND>
  </BOARD>
  <BOARD>
    <BOARD_NUMBER>2</BOARD_NUMBER>
    <HAND><DIRECTION>South</DIRECTION><SPADES></SPADES><HEARTS>AKQJT98765432</HEARTS><DIAMONDS></DIAMONDS><CLUBS></CLUBS></HAND>
  </BOARD>
</HANDSET>
</USEBIO>
`

// TestReadUSEBIO reads every field of the small file above.
func TestReadUSEBIO(t *testing.T) {
	u, err := ReadUSEBIO(strings.NewReader(smallUSEBIO))
	if err != nil {
		t.Fatal(err)
	}
	ev := u.Event
	if u.Version != "1.2" || u.Club != "Test Club" || ev.Type != "MP_PAIRS" || ev.Name != "Tuesday & more" || ev.WinnerType != 2 || ev.Line != 5 {
		t.Errorf("header: %+v / %+v", u, ev)
	}
	if len(ev.Pairs) != 1 {
		t.Fatalf("%d pairs, want 1", len(ev.Pairs))
	}
	p := ev.Pairs[0]
	if p.Number != "1" || p.Direction != "NS" || p.Place != "2=" || strings.Join(p.Players, ",") != "Ann,Bob" ||
		p.Total.Text != "12.50" || p.Total.Decimals != 2 || p.Percentage.Value != 52.08 || p.Line != 9 {
		t.Errorf("pair: %+v", p)
	}
	// Board 1 comes in two BOARD elements: one traveler of two lines.
	// Board 2 has only hands.
	if len(ev.Boards) != 2 || len(ev.Boards[0].Lines) != 2 || ev.Boards[1].Number != 2 || len(ev.Boards[1].Lines) != 0 {
		t.Fatalf("boards: %+v", ev.Boards)
	}
	l := ev.Boards[0].Lines[0]
	want := USEBIOLine{Line: 21, NS: "1", EW: "2", ContractText: "3NTX", HasContract: true,
		Contract: scoring.Contract{Level: 3, Strain: scoring.NoTrump, Doubles: 1}, Declarer: scoring.West, HasDeclarer: true,
		Lead: "QS", Tricks: 8, HasTricks: true, Score: LineScore{Text: "+100", Points: 100},
		Points: PointsMatchPoints, NSPoints: Figure{"3.5", 3.5, 1}, EWPoints: Figure{"0.5", 0.5, 1}}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("line 1:\n got %+v\nwant %+v", l, want)
	}
	a := ev.Boards[0].Lines[1]
	if !a.Score.Artificial || a.Score.NSPercent != 60 || a.Score.EWPercent != 40 || a.HasContract || a.Points != PointsCrossIMPs || a.EWPoints.Value != -3 {
		t.Errorf("artificial line: %+v", a)
	}
	if d := ev.Boards[0].Deal; !ev.Boards[0].HasDeal() || d.Given[scoring.East] || d.Hands[scoring.North].String() != "AKQJT98765432..." {
		t.Errorf("board 1 deal %v", d)
	}
	if d := ev.Boards[1].Deal; !d.Given[scoring.South] || d.Given[scoring.North] {
		t.Errorf("board 2 deal %v", d)
	}
}

// TestReadUSEBIOErrors checks that each kind of bad file is refused with the
// line and element of the problem.
func TestReadUSEBIOErrors(t *testing.T) {
	line := func(inner string) string {
		return "<USEBIO>\n<EVENT>\n<BOARD>\n<BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>\n" + inner + "\n</TRAVELLER_LINE>\n</BOARD>\n</EVENT>\n</USEBIO>"
	}
	pairs := "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n"
	for _, tc := range []struct {
		name, doc   string
		line        int
		element     string
		wantInError string
	}{
		{"empty", "", 1, "", "root element USEBIO"},
		{"not XML", "<USEBIO><EVENT></USEBIO>", 1, "", "well-formed XML"},
		{"wrong root", "<PBN/>", 1, "PBN", "root element USEBIO"},
		{"no event", "<USEBIO>\n<CLUB/>\n</USEBIO>", 1, "USEBIO", "an EVENT element"},
		{"two roots", "<USEBIO><EVENT/></USEBIO>\n<USEBIO/>", 2, "USEBIO", "one root element"},
		{"winner type", "<USEBIO><EVENT>\n<WINNER_TYPE>3</WINNER_TYPE></EVENT></USEBIO>", 2, "EVENT/WINNER_TYPE", "1 (one winner)"},
		{"pair number", "<USEBIO><EVENT><PARTICIPANTS>\n<PAIR><PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT></USEBIO>", 2, "PARTICIPANTS/PAIR/PAIR_NUMBER", "the pair's number"},
		{"direction", "<USEBIO><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>\n<DIRECTION>North</DIRECTION></PAIR></PARTICIPANTS></EVENT></USEBIO>", 2, "PARTICIPANTS/PAIR/DIRECTION", "NS, EW"},
		{"percentage", "<USEBIO><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>\n<PERCENTAGE>52,08</PERCENTAGE></PAIR></PARTICIPANTS></EVENT></USEBIO>", 2, "PARTICIPANTS/PAIR/PERCENTAGE", "a number"},
		{"board number", "<USEBIO><EVENT>\n<BOARD><BOARD_NUMBER>0</BOARD_NUMBER></BOARD></EVENT></USEBIO>", 2, "BOARD/BOARD_NUMBER", "a board number"},
		{"no board number", "<USEBIO><EVENT>\n<BOARD></BOARD></EVENT></USEBIO>", 2, "BOARD", "a BOARD_NUMBER element"},
		{"no NS pair", line("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"), 5, "BOARD/TRAVELLER_LINE/NS_PAIR_NUMBER", "North-South"},
		{"no EW pair", line("<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>"), 5, "BOARD/TRAVELLER_LINE/EW_PAIR_NUMBER", "East-West"},
		{"contract", line(pairs + "<CONTRACT>8H</CONTRACT>"), 7, "BOARD/TRAVELLER_LINE/CONTRACT", "a contract such as 4H"},
		{"declarer", line(pairs + "<PLAYED_BY>X</PLAYED_BY>"), 7, "BOARD/TRAVELLER_LINE/PLAYED_BY", "N, E, S or W"},
		{"tricks", line(pairs + "<TRICKS>14</TRICKS>"), 7, "BOARD/TRAVELLER_LINE/TRICKS", "0 to 13"},
		{"score", line(pairs + "<SCORE>A50</SCORE>"), 7, "BOARD/TRAVELLER_LINE/SCORE", "artificial score such as A6040"},
		{"points", line(pairs + "<NS_MATCH_POINTS>x</NS_MATCH_POINTS>"), 7, "BOARD/TRAVELLER_LINE/NS_MATCH_POINTS", "a number"},
		{"hand direction", "<USEBIO><EVENT/><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<HAND><DIRECTION>Up</DIRECTION></HAND></BOARD></HANDSET></USEBIO>", 2, "HANDSET/BOARD/HAND/DIRECTION", "North, East"},
		{"hand cards", "<USEBIO><EVENT/><HANDSET>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND><DIRECTION>N</DIRECTION><SPADES>AK</SPADES></HAND></BOARD></HANDSET></USEBIO>", 2, "HANDSET/BOARD", "13 cards"},
		{"encoding", `<?xml version="1.0" encoding="EBCDIC"?><USEBIO/>`, 1, "", "well-formed XML"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadUSEBIO(strings.NewReader(tc.doc))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if fe.Format != "USEBIO" || fe.Line != tc.line || fe.Element != tc.element || !strings.Contains(err.Error(), tc.wantInError) {
				t.Errorf("got %+v (%q), want line %d element %q mentioning %q", fe, err, tc.line, tc.element, tc.wantInError)
			}
		})
	}
}

// TestReadUSEBIOLatin1 reads a file in ISO-8859-1 and one in Windows-1252.
func TestReadUSEBIOLatin1(t *testing.T) {
	for _, tc := range []struct{ charset, raw, want string }{
		{"ISO-8859-1", "Jos\xe9", "José"},
		{"windows-1252", "\x93Fl\xfbte\x94 \x80", "“Flûte” €"},
	} {
		doc := `<?xml version="1.0" encoding="` + tc.charset + `"?><USEBIO><EVENT><EVENT_DESCRIPTION>` + tc.raw + `</EVENT_DESCRIPTION></EVENT></USEBIO>`
		u, err := ReadUSEBIO(strings.NewReader(doc))
		if err != nil {
			t.Fatalf("%s: %v", tc.charset, err)
		}
		if u.Event.Name != tc.want {
			t.Errorf("%s: name %q, want %q", tc.charset, u.Event.Name, tc.want)
		}
	}
}

// TestParseLineScore reads every form of SCORE.
func TestParseLineScore(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want LineScore
		ok   bool
	}{
		{"", LineScore{}, true},
		{"-420", LineScore{Text: "-420", Points: -420}, true},
		{" +100 ", LineScore{Text: "+100", Points: 100}, true},
		{"0", LineScore{Text: "0"}, true},
		{"A5050", LineScore{Text: "A5050", Artificial: true, NSPercent: 50, EWPercent: 50}, true},
		{"A4060", LineScore{Text: "A4060", Artificial: true, NSPercent: 40, EWPercent: 60}, true},
		{"A60", LineScore{}, false},
		{"A60x0", LineScore{}, false},
		{"4.5", LineScore{}, false},
		{"--5", LineScore{}, false},
		{"1234567", LineScore{}, false},
		{"-", LineScore{}, false},
	} {
		got, ok := ParseLineScore(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseLineScore(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestFigure reads figures and compares numbers at their precision.
func TestFigure(t *testing.T) {
	for _, tc := range []struct {
		in       string
		value    float64
		decimals int
		ok       bool
	}{
		{"128.77", 128.77, 2, true}, {"-5.00", -5, 2, true}, {"10", 10, 0, true}, {"+0.5", 0.5, 1, true},
		{".5", 0.5, 1, true}, {"", 0, 0, false}, {"1e3", 0, 0, false}, {"1.2.3", 0, 0, false}, {"-", 0, 0, false}, {"NaN", 0, 0, false},
	} {
		f, ok := ParseFigure(tc.in)
		if ok != tc.ok || (ok && (f.Value != tc.value || f.Decimals != tc.decimals)) {
			t.Errorf("ParseFigure(%q) = %+v, %v", tc.in, f, ok)
		}
	}
	f, _ := ParseFigure("128.77")
	// 124·27/26 = 128.7692…: pair 1's scaled total in mp_pairs_howell.xml.
	if !f.Matches(124.0*27/26) || f.Matches(128.76) || (Figure{}).Matches(0) {
		t.Error("Figure.Matches")
	}
	// Halves go away from zero, even when the binary value is just under the half.
	for in, want := range map[float64]float64{47.125: 47.13, -47.125: -47.13, 1.005: 1.01, 2.675: 2.68, 0.004: 0} {
		if got := RoundTo(in, 2); got != want {
			t.Errorf("RoundTo(%v, 2) = %v, want %v", in, got, want)
		}
	}
}

// TestReadUSEBIOTestdata reads the two real files of ../shared/testdata and
// checks their size and a few figures against the files themselves.
func TestReadUSEBIOTestdata(t *testing.T) {
	dir := testdataDir(t)
	for _, tc := range []struct {
		file                  string
		typ                   string
		pairs, boards, lines  int
		points                PointsKind
		artificial, withHands int
	}{
		// README: 12 pairs, 27 boards, one A5050; 161 lines (board 12 was played five times).
		{"mp_pairs_howell.xml", "MP_PAIRS", 12, 27, 161, PointsMatchPoints, 1, 27},
		// README: 8 pairs, 35 boards; four tables, so 140 lines.
		{"butler_howell.xml", "BUTLER_PAIRS", 8, 35, 140, PointsButler, 0, 35},
	} {
		f, err := os.Open(filepath.Join(dir, "usebio", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		u, err := ReadUSEBIO(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		ev := u.Event
		lines, artificial, hands := 0, 0, 0
		for _, b := range ev.Boards {
			lines += len(b.Lines)
			if b.HasDeal() {
				hands++
			}
			for _, l := range b.Lines {
				if l.Score.Artificial {
					artificial++
				}
				if l.Points != tc.points {
					t.Errorf("%s line %d: points %v, want %v", tc.file, l.Line, l.Points, tc.points)
				}
			}
		}
		if ev.Type != tc.typ || len(ev.Pairs) != tc.pairs || len(ev.Boards) != tc.boards || lines != tc.lines || artificial != tc.artificial || hands != tc.withHands {
			t.Errorf("%s: type %s, %d pairs, %d boards, %d lines, %d artificial, %d with hands", tc.file, ev.Type, len(ev.Pairs), len(ev.Boards), lines, artificial, hands)
		}
	}
}

// testdataDir is sharedtest.Dir, under the name this package's tests (and
// those being written beside them) call it by.
func testdataDir(t testing.TB) string {
	t.Helper()
	return sharedtest.Dir(t)
}
