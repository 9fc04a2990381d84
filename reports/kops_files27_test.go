package reports

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestKOPSCrossIMPFigures: the board protocols of a real Polish club
// cross-IMP session scored by KOPS (Chorzów, 2013-08-07, 10 pairs;
// testdata/pbn/kops_crossimp_2013_boards.txt: the eight boards whose pages
// pbntools kept, each with four real results and a director's average),
// written as USEBIO (a round a board) and read as an import reads it.
// Each line's cross-IMPs are KOPS's to its 0.1: the average of the IMPs
// against the other real results, the average line left out of every
// comparison and scoring 0 (board 11: −420 against −1400, −800 and −450 is
// 14 + 9 + 1 = 24 IMPs over 3, 8.0; 170 on board 2 against 140, 140 and
// −100, 1 + 1 + 7 over 3, 3.0).
func TestKOPSCrossIMPFigures(t *testing.T) {
	f, err := os.Open("testdata/pbn/kops_crossimp_2013_boards.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type kopsLine struct{ board, ns, ew, contract, decl, tricks, score, nsIMPs, ewIMPs string }
	var lines []kopsLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 9 {
			t.Fatalf("%q: want 9 fields", sc.Text())
		}
		lines = append(lines, kopsLine{fs[0], fs[1], fs[2], fs[3], fs[4], fs[5], fs[6], fs[7], fs[8]})
	}
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"CROSS_IMP\">\n<EVENT_DESCRIPTION>Turniej MONIKA</EVENT_DESCRIPTION>\n<PROGRAM_NAME>KOPS</PROGRAM_NAME>\n<WINNER_TYPE>1</WINNER_TYPE>\n<DATE>2013-08-07</DATE>\n")
	board, table := "", 0
	for _, l := range lines {
		if l.board != board {
			if board != "" {
				b.WriteString("</BOARD>\n")
			}
			board, table = l.board, 0
			fmt.Fprintf(&b, "<BOARD><BOARD_NUMBER>%s</BOARD_NUMBER>\n", board)
		}
		table++
		fmt.Fprintf(&b, "<TRAVELLER_LINE><ROUND_NUMBER>%s</ROUND_NUMBER><TABLE_NUMBER>%d</TABLE_NUMBER><NS_PAIR_NUMBER>%s</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%s</EW_PAIR_NUMBER>", board, table, l.ns, l.ew)
		if l.contract == "AVG" {
			b.WriteString("<SCORE>A5050</SCORE>")
		} else {
			fmt.Fprintf(&b, "<CONTRACT>%s</CONTRACT><PLAYED_BY>%s</PLAYED_BY><TRICKS>%s</TRICKS><SCORE>%s</SCORE>", l.contract, l.decl, l.tricks, l.score)
		}
		b.WriteString("</TRAVELLER_LINE>\n")
	}
	b.WriteString("</BOARD>\n</EVENT>\n</USEBIO>\n")
	rf, err := ReadResults(strings.NewReader(b.String()), ReadOptions{Source: "kops_crossimp_2013.xml"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]kopsLine{}
	for _, l := range lines {
		want[l.board+" "+l.ns+" "+l.ew] = l
	}
	equal, real := 0, 0
	for _, tr := range rf.Event.Sections[0].Travelers {
		for _, l := range tr.Lines {
			w, ok := want[fmt.Sprint(tr.Board.Number)+" "+l.Result.NS+" "+l.Result.EW]
			if !ok {
				t.Errorf("board %d, %s v %s: not on KOPS's protocol", tr.Board.Number, l.Result.NS, l.Result.EW)
				continue
			}
			if w.contract == "AVG" {
				if l.NSPoints != 0 || l.EWPoints != 0 {
					t.Errorf("board %d, %s v %s (a director's average): %v and %v cross-IMPs, want 0", tr.Board.Number, l.Result.NS, l.Result.EW, l.NSPoints, l.EWPoints)
				}
				continue
			}
			real++
			ns, ew := fmt.Sprintf("%.1f", l.NSPoints+0), fmt.Sprintf("%.1f", l.EWPoints+0)
			if ns == w.nsIMPs && ew == w.ewIMPs {
				equal++
			} else {
				t.Errorf("board %d, %s v %s: %s and %s cross-IMPs, KOPS %s and %s", tr.Board.Number, l.Result.NS, l.Result.EW, ns, ew, w.nsIMPs, w.ewIMPs)
			}
		}
	}
	if real != 32 || equal != 32 {
		t.Errorf("%d of %d real lines' cross-IMPs equal KOPS's, want all 32", equal, real)
	}
}
