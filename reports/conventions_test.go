package reports

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// standingsText lists a section's standings a pair a line: direction,
// number, total, percentage, place.
func standingsText(sd tournament.SectionData) string {
	var b strings.Builder
	for _, p := range sd.Standings.Pairs {
		b.WriteString(p.Direction + p.Number + " " + strings.TrimRight(strings.TrimRight(ftoa(p.Total), "0"), ".") + " " + ftoa(p.Percentage) + " " + itoa(p.Place) + "\n")
	}
	return b.String()
}

// TestUSEBIOCompscoreTwoWinnerForm reads twoWinnerEvent (figures worked by
// hand in its comment) written as Compscore3 writes a two-winner Mitchell:
// pairs numbered "1NS", "1EW" in PAIR_NUMBER and the traveller lines, no
// DIRECTION and no WINNER_TYPE, and EVENT_TYPE "NOTSUP" on the EVENT while
// PARTICIPANTS says MP_PAIRS. The standings must be the hand-worked ones,
// with notes saying what was read from where.
func TestUSEBIOCompscoreTwoWinnerForm(t *testing.T) {
	d := twoWinnerEvent(t)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	x := buf.String()
	// traveler writes "1NS" with a DIRECTION; Compscore3 leaves the DIRECTION out here.
	pair := regexp.MustCompile(`<PAIR_NUMBER>(\d+)(?:NS|EW)</PAIR_NUMBER>(\s*)<DIRECTION>(NS|EW)</DIRECTION>`)
	x = pair.ReplaceAllString(x, "<PAIR_NUMBER>$1$3</PAIR_NUMBER>$2")
	x = regexp.MustCompile(`<NS_PAIR_NUMBER>(\d+)</NS_PAIR_NUMBER>`).ReplaceAllString(x, "<NS_PAIR_NUMBER>${1}NS</NS_PAIR_NUMBER>")
	x = regexp.MustCompile(`<EW_PAIR_NUMBER>(\d+)</EW_PAIR_NUMBER>`).ReplaceAllString(x, "<EW_PAIR_NUMBER>${1}EW</EW_PAIR_NUMBER>")
	x = regexp.MustCompile(`\s*<WINNER_TYPE>2</WINNER_TYPE>`).ReplaceAllString(x, "")
	x = strings.Replace(x, `<EVENT EVENT_TYPE="MP_PAIRS">`, `<EVENT EVENT_TYPE="NOTSUP">`, 1)
	x = strings.Replace(x, `<PARTICIPANTS>`, `<PARTICIPANTS EVENT_TYPE="MP_PAIRS">`, 1)
	if !strings.Contains(x, "<PAIR_NUMBER>1EW</PAIR_NUMBER>") || !strings.Contains(x, "<NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>") || strings.Contains(x, "DIRECTION") {
		t.Fatalf("the file is not in Compscore3's form:\n%s", x)
	}
	f := readFile(t, strings.NewReader(x), ReadOptions{})
	got, want := standingsText(f.Event.Sections[0]), standingsText(d.Sections[0])
	if got != want || f.Event.Event.Scoring != tournament.MethodMP {
		t.Errorf("standings\n%s\nwant the hand-worked\n%s(scored %s)", got, want, f.Event.Event.Scoring)
	}
	var notes []string
	for _, n := range f.Notes {
		notes = append(notes, n.String())
	}
	for _, want := range []string{"EVENT/WINNER_TYPE: not given: every pair has its direction", "EVENT EVENT_TYPE: EVENT_TYPE NOTSUP is not one of USEBIO's; the PARTICIPANTS say MP_PAIRS"} {
		if !strings.Contains(strings.Join(notes, "\n"), want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
}

// TestPBNScoreTable reads a board written as Ruter and Magic Contest
// write one: the deal once, its traveler a ScoreTable, a pair sitting out
// ("Bye"), an adjusted score A+/A- and a passed-out line. Board 1 (N,
// none vulnerable), 4 lines besides the bye, matchpoints 2 a score beaten:
//
//	NS1 v EW2 4S by N 10 tricks: +420 → 4 of the 3 real lines' top 4
//	NS3 v EW4 4S by N  9 tricks:  −50 → 0
//	NS5 v EW6 passed out:           0 → 2
//	NS7 v EW8 A+ / A-: 60% and 40% of the full top 6
//
// The three real lines are scaled to four, (raw+1)·4/3 − 1: 4 → 5.67,
// 0 → 0.33, 2 → 3; the adjusted line NS 3.6, EW 2.4.
func TestPBNScoreTable(t *testing.T) {
	file := `% PBN 2.1
[Event "Club barometer"]
[Date "2014.10.05"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints;MP1"]
[Contract ""]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;MP_NS\4R;MP_EW\4R"]
 1  1  1  2 4S   N 10  "420"      - 5.67 0.33
 2  1  3  4 4S   N  9      -   "50" 0.33 5.67
 3  1  5  6 Pass -  -    "0"      -    3    3
 4  1  7  8 -    -  -   "A+"   "A-"  3.6  2.4
 5  1  9  - -    -  -  "Bye"  "Bye"    -    -
`
	f := readFile(t, strings.NewReader(file), ReadOptions{})
	tr := f.Event.Sections[0].Travelers[0]
	var got []string
	for _, l := range tr.Lines {
		got = append(got, l.Result.NS+"v"+l.Result.EW+" "+string(l.Result.Status)+" "+itoa(l.Result.NSScore)+" "+ftoa(l.NSPoints)+"/"+ftoa(l.EWPoints))
	}
	want := []string{"1v2 played 420 5.67/0.33", "3v4 played -50 0.33/5.67", "5v6 passed_out 0 3.00/3.00", "7v8 artificial 0 3.60/2.40"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("traveler\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if f.Event.Event.Scoring != tournament.MethodMP || len(f.Event.Sections[0].Results) != 4 {
		t.Errorf("scored %s with %d results, want MP and 4 (the bye is none)", f.Event.Event.Scoring, len(f.Event.Sections[0].Results))
	}
	bad := strings.Replace(file, `"50" 0.33`, `"60" 0.33`, 1)
	if _, err := ReadResults(strings.NewReader(bad), ReadOptions{Strict: true}); err == nil || !strings.Contains(err.Error(), `[Score] "EW 60": expected the NS score of 4S by N taking 9 tricks: -50`) {
		t.Errorf("a wrong score, strictly: %v", err)
	}
}

// TestPBNVugraphRooms reads a vugraph match as rpbridge.net's archive
// writes it: the second room's game has only the players and what
// happened, no Board, Table or Room; the two rooms name the same home
// team. Board 1 (none vulnerable): open room REDS NS 4S by N 10 tricks
// +420, closed room BLUES NS 3S by N 9 tricks +140: REDS net 420 − 140 =
// 280 → 7 IMPs (Law 78B: 270–310).
func TestPBNVugraphRooms(t *testing.T) {
	file := `[Event "Final"]
[Date "2012.08.??"]
[Stage "Final:1"]
[HomeTeam "REDS"]
[VisitTeam "BLUES"]
[North "R1"]
[South "R2"]
[East "B1"]
[West "B2"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]

[North "B3"]
[South "B4"]
[East "R3"]
[West "R4"]
[Declarer "N"]
[Contract "3S"]
[Result "9"]
`
	f := readFile(t, strings.NewReader(file), ReadOptions{})
	sd := f.Event.Sections[0]
	if f.Event.Event.Scoring != tournament.MethodIMPTeams || len(sd.Results) != 2 || f.Event.Event.Date != "2012-08-01" {
		t.Fatalf("read %s, %d results, dated %s", f.Event.Event.Scoring, len(sd.Results), f.Event.Event.Date)
	}
	imps := map[string]int{}
	for _, st := range sd.Standings.Pairs {
		imps[st.Name] = st.IMPs
	}
	if imps["REDS"] != 7 || imps["BLUES"] != -7 {
		t.Errorf("IMPs %v, want REDS 7 and BLUES -7", imps)
	}
	var notes []string
	for _, n := range f.Notes {
		notes = append(notes, n.Text)
	}
	for _, want := range []string{"games without a [Board] take every tag they lack", "the home team is taken to sit EW in the second"} {
		if !strings.Contains(strings.Join(notes, "\n"), want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
}

// ftoa writes x with 2 decimals; itoa writes n.
func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
func itoa(n int) string     { return strconv.Itoa(n) }
