package reports

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// jfrFigures is JFR Pary's session as testdata/pbn/jfr_pary_2013_figures.txt
// keeps it: every traveller line with JFR's percentages, and the standings.
type jfrFigures struct {
	lines []jfrLine
	pairs map[string][2]string // pair → place, percentage
}

// jfrLine is one line of a JFR traveller.
type jfrLine struct {
	board                  int
	ns, ew, contract, decl string
	tricks, score          string
	nsPercent, ewPercent   string
}

func readJFRFigures(t *testing.T) jfrFigures {
	t.Helper()
	f, err := os.Open("testdata/pbn/jfr_pary_2013_figures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := jfrFigures{pairs: map[string][2]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		switch {
		case len(fs) == 0 || strings.HasPrefix(fs[0], "#"):
		case fs[0] == "pair" && len(fs) == 4:
			out.pairs[fs[1]] = [2]string{fs[2], fs[3]}
		case len(fs) == 9:
			b, err := strconv.Atoi(fs[0])
			if err != nil {
				t.Fatal(err)
			}
			out.lines = append(out.lines, jfrLine{board: b, ns: fs[1], ew: fs[2], contract: fs[3], decl: fs[4], tricks: fs[5], score: fs[6], nsPercent: fs[7], ewPercent: fs[8]})
		default:
			t.Fatalf("%q: not a line of the figures", sc.Text())
		}
	}
	return out
}

// jfrUSEBIO writes JFR's session as USEBIO: a line a table (a round each
// three boards, as the absent pair 24's opponents show: 23 on boards 1–3,
// 12 on 4–6, …), the sit-out lines against pair 24 left out (no board was
// played there). JFR's two director's scores, both at pairs 9 v 17: board
// 8 "TD 60.00 60.00" an artificial average plus to both (A6060); board 7
// "TD 61.80 38.20", which is the weighted score 67 % of 170 and 33 % of
// 140 (Law 12C1(c)) — derived from JFR's own figures: each real 170 is
// 76.65 % on a top of 10, 7 of its points from the other real results and
// 0.665 = 0.33 × 1 + 0.67 × ½ from the weighted line, each 140 31.65 %,
// 3 + 0.165 = 3 + 0.33 × ½, and the line itself 0.67 × 7.5 + 0.33 × 3.5 =
// 6.18 of 10, 61.80 % — written as traveler writes a weighted score.
func jfrUSEBIO(fig jfrFigures) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"MP_PAIRS\">\n<EVENT_DESCRIPTION>Turniej par barometr</EVENT_DESCRIPTION>\n<PROGRAM_NAME>JFR Pary</PROGRAM_NAME>\n<PROGRAM_VERSION>4.1.0.23</PROGRAM_VERSION>\n<WINNER_TYPE>1</WINNER_TYPE>\n<DATE>2013-08-08</DATE>\n<PARTICIPANTS>\n")
	for p := 1; p <= 23; p++ {
		n := strconv.Itoa(p)
		fmt.Fprintf(&b, "<PAIR><PAIR_NUMBER>%s</PAIR_NUMBER><PERCENTAGE>%s</PERCENTAGE><PLACE>%s</PLACE></PAIR>\n", n, fig.pairs[n][1], fig.pairs[n][0])
	}
	b.WriteString("</PARTICIPANTS>\n")
	board, table := 0, 0
	for _, l := range fig.lines {
		if l.ns == "24" || l.ew == "24" {
			continue
		}
		if l.board != board {
			if board != 0 {
				b.WriteString("</BOARD>\n")
			}
			board, table = l.board, 0
			fmt.Fprintf(&b, "<BOARD><BOARD_NUMBER>%d</BOARD_NUMBER>\n", board)
		}
		table++
		fmt.Fprintf(&b, "<TRAVELLER_LINE><ROUND_NUMBER>%d</ROUND_NUMBER><TABLE_NUMBER>%d</TABLE_NUMBER><NS_PAIR_NUMBER>%s</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%s</EW_PAIR_NUMBER>", (board-1)/3+1, table, l.ns, l.ew)
		switch {
		case l.contract == "PASS":
			b.WriteString("<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>")
		case l.contract == "TD" && l.nsPercent == "60.00" && l.ewPercent == "60.00":
			b.WriteString("<SCORE>A6060</SCORE>")
		case l.contract == "TD" && board == 7:
			b.WriteString("<!-- " + assignedCommentPrefix + " NS 0.67*170 0.33*140 -->")
		default:
			fmt.Fprintf(&b, "<CONTRACT>%s</CONTRACT><PLAYED_BY>%s</PLAYED_BY><TRICKS>%s</TRICKS><SCORE>%s</SCORE>", l.contract, l.decl, l.tricks, l.score)
		}
		b.WriteString("</TRAVELLER_LINE>\n")
	}
	b.WriteString("</BOARD>\n</EVENT>\n</USEBIO>\n")
	return b.String()
}

// TestJFRParyFigures: a real Polish club session scored by JFR Pary
// 4.1.0.23 (Warsaw, 2013-08-08, a barometer of 23 pairs and 27 boards; the
// program's own travellers and standings, testdata/pbn/
// jfr_pary_2013_figures.txt) read as an import reads it, each of its 297
// lines' NS and EW percentages compared with traveler's points over the
// board's top: all 594 are JFR's, the average plus to both (board 8: the
// 10 real results scaled by Neuberg to 11, 0 scores 44.50) and the
// weighted score of board 7 (jfrUSEBIO) included. JFR's standings count a
// board a pair sat out (its opponents, pair 24, absent) at 60 % — the mean
// of the pair's 27 board percentages, those three at 60: all 23 of JFR's
// percentages are that mean to the hundredth; traveler ranks a pair on the
// boards it played, so the percentages of the 9 pairs that sat out differ
// under traveler's own convention; under the jfr convention (a board sat
// out at 60 %, places on the percentages) none does.
func TestJFRParyFigures(t *testing.T) {
	fig := readJFRFigures(t)
	f, err := ReadResults(strings.NewReader(jfrUSEBIO(fig)), ReadOptions{Source: "jfr_pary_2013.xml", Convention: "traveler"})
	if err != nil {
		t.Fatal(err)
	}
	sd := f.Event.Sections[0]
	type key struct {
		board  int
		ns, ew string
	}
	want := map[key]jfrLine{}
	sitOut := map[string]int{}
	for _, l := range fig.lines {
		if l.ew == "24" {
			sitOut[l.ns]++
			continue
		}
		want[key{l.board, l.ns, l.ew}] = l
	}
	equal, lines := 0, 0
	mean := map[string]float64{}
	for _, tr := range sd.Travelers {
		for _, l := range tr.Lines {
			w, ok := want[key{tr.Board.Number, l.Result.NS, l.Result.EW}]
			if !ok {
				t.Errorf("board %d, %s v %s: not on JFR's traveller", tr.Board.Number, l.Result.NS, l.Result.EW)
				continue
			}
			lines++
			ns := strconv.FormatFloat(100*l.NSPoints/tr.Top, 'f', 2, 64)
			ew := strconv.FormatFloat(100*l.EWPoints/tr.Top, 'f', 2, 64)
			for _, c := range [][3]string{{"NS", ns, w.nsPercent}, {"EW", ew, w.ewPercent}} {
				if c[1] == c[2] {
					equal++
				} else {
					t.Errorf("board %d, %s v %s: %s %s %%, JFR %s", tr.Board.Number, l.Result.NS, l.Result.EW, c[0], c[1], c[2])
				}
			}
			mean[l.Result.NS] += 100 * l.NSPoints / tr.Top / 27
			mean[l.Result.EW] += 100 * l.EWPoints / tr.Top / 27
		}
	}
	if lines != 297 || equal != 594 {
		t.Errorf("%d of %d lines' percentages equal JFR's (%d lines), want all 594 of 297", equal, 2*lines, lines)
	}
	// JFR's percentages: the mean over 27 boards, a board sat out at 60.
	for p, pw := range fig.pairs {
		got := strconv.FormatFloat(mean[p]+60*float64(sitOut[p])/27, 'f', 2, 64)
		if got != pw[1] {
			t.Errorf("pair %s: the mean of its boards (sat out at 60 %%) is %s, JFR %s", p, got, pw[1])
		}
	}
	// traveler's own: the 9 pairs that sat out differ, no other.
	differ := map[string]bool{}
	for _, d := range f.Differences {
		if d.Figure == FigurePercentage {
			differ[d.Pair] = true
		}
	}
	for p := range fig.pairs {
		if (sitOut[p] > 0) != differ[p] {
			t.Errorf("pair %s (sat out %d boards): its percentage differs from JFR's: %v; want it to differ only for a pair that sat out", p, sitOut[p], differ[p])
		}
	}
	if len(sitOut) != 9 {
		t.Errorf("%d pairs sat out, want 9", len(sitOut))
	}
	// Under the jfr convention every figure is JFR's: 594 line
	// percentages, 23 percentages and 23 places.
	jfr, err := ReadResults(strings.NewReader(jfrUSEBIO(fig)), ReadOptions{Source: "jfr_pary_2013.xml", Convention: "jfr"})
	if err != nil {
		t.Fatal(err)
	}
	if len(jfr.official.pairs) != 23 {
		t.Errorf("%d pairs' figures of JFR's kept, want 23", len(jfr.official.pairs))
	}
	for _, d := range jfr.Differences {
		t.Errorf("under jfr, differs from JFR Pary: %s", d)
	}
}
