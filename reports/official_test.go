package reports

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// editLines returns a copy of a file with the text of some lines replaced:
// edits maps a line number (1-based) to the old and the new text, and the
// test fails when a line does not hold its old text.
func editLines(t *testing.T, data []byte, edits map[int][2]string) []byte {
	t.Helper()
	lines := strings.SplitAfter(string(data), "\n")
	for n, e := range edits {
		if n < 1 || n > len(lines) || !strings.Contains(lines[n-1], e[0]) {
			t.Fatalf("line %d does not hold %q", n, e[0])
		}
		lines[n-1] = strings.Replace(lines[n-1], e[0], e[1], 1)
	}
	return []byte(strings.Join(lines, ""))
}

// officialEdit is the copy of Compscore3's mp_pairs_howell.xml the tests
// change: board 1, pair 3 (NS) against pair 11 (EW), scored -400 (lines
// 261–271), given 2 and 8 matchpoints instead of the 0 and 10 traveler
// computes (and the file has: a top of 10 over six lines, -400 the worst
// NS score on the board), with the pairs' totals and percentages moved as
// the file's own convention moves them (the testdata README: Σ scaled
// matchpoints, a pair's total scaled to the 27 boards, percentage of 27 ×
// 10): pair 3 played 26 boards (its lines add to 127.2, and 127.2 × 27/26
// = 132.09, the file's total), so +2 is +2.08 → 134.17, and (127.2 + 2) /
// 260 = 49.69 %; pair 11 played 27, 131.60 → 129.60 and 48.74 → 48.00
// (129.60 / 270). Places stay: 49.69 is still 6th, 48.00 still 7th (above
// pair 1's 47.69).
var officialEdit = map[int][2]string{
	269: {"<NS_MATCH_POINTS>0<", "<NS_MATCH_POINTS>2<"},
	270: {"<EW_MATCH_POINTS>10<", "<EW_MATCH_POINTS>8<"},
	71:  {"132.09", "134.17"},
	72:  {"48.92", "49.69"},
	223: {"131.60", "129.60"},
	224: {"48.74", "48.00"},
}

// TestOfficialFiguresAgree: on the real files whose arithmetic traveler
// reproduces (Compscore3's matchpoint and Butler Howells, every line's
// points and every pair's total, percentage and place, the README of
// ../shared/testdata) the import reports no difference — yet it did compare
// them: every line with points and every pair is kept.
func TestOfficialFiguresAgree(t *testing.T) {
	for _, c := range []struct {
		file         string
		lines, pairs int
	}{
		{"mp_pairs_howell.xml", 161, 12}, // 161 TRAVELLER_LINEs with NS/EW_MATCH_POINTS, 12 PAIRs
		{"butler_howell.xml", 140, 8},    // 35 boards × 4 tables, 8 PAIRs
	} {
		data, err := os.ReadFile(sharedtest.Path(t, "usebio", c.file))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: c.file, Strict: true})
		if err != nil {
			t.Fatalf("%s read strictly: %v", c.file, err)
		}
		if len(f.official.lines) != c.lines || len(f.official.pairs) != c.pairs {
			t.Errorf("%s: kept %d lines and %d pairs of the file's figures, want %d and %d", c.file, len(f.official.lines), len(f.official.pairs), c.lines, c.pairs)
		}
		if len(f.Differences) != 0 {
			t.Errorf("%s: differences %v, want none", c.file, f.Differences)
		}
		if n := f.KeepOfficial(); n != 0 {
			t.Errorf("%s: keeping the official figures made %d corrections, want none", c.file, n)
		}
	}
}

// TestOfficialFigureChanged: a copy of the Compscore3 file with one line's
// matchpoints changed (officialEdit) reports each differing figure, where
// it is and by how much — in Differences, in the notes, and as the
// refusal of a strict read naming the first; keeping the file's figures
// makes the line's two sides corrections.
func TestOfficialFigureChanged(t *testing.T) {
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	edited := editLines(t, data, officialEdit)
	f, err := ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.xml"})
	if err != nil {
		t.Fatal(err)
	}
	// Board 1 is played in round 1 of the movement built from the lines;
	// pair 3 sits NS at table 1 there (the first line of the file). A
	// line's figures are placed at the line of their TRAVELLER_LINE (261),
	// a pair's at its PAIR (68, 220), as every USEBIO message places them.
	var got []string
	for _, d := range f.Differences {
		got = append(got, strconv.Itoa(d.Line)+" "+d.Element+" "+d.String())
	}
	r, tb := f.Differences[0].Round, f.Differences[0].Table
	at := "board 1 round " + strconv.Itoa(r) + " table " + strconv.Itoa(tb) + " (3 v 11)"
	want := []string{
		"261 BOARD/TRAVELLER_LINE/NS_MATCH_POINTS " + at + " NS points: file 2, traveler 0 (by +2.00)",
		"261 BOARD/TRAVELLER_LINE/EW_MATCH_POINTS " + at + " EW points: file 8, traveler 10 (by -2.00)",
		"68 PARTICIPANTS/PAIR/TOTAL_SCORE pair 3 total: file 134.17, traveler 132.09 (by +2.08)",
		"68 PARTICIPANTS/PAIR/PERCENTAGE pair 3 percentage: file 49.69, traveler 48.92 (by +0.77)",
		"220 PARTICIPANTS/PAIR/TOTAL_SCORE pair 11 total: file 129.60, traveler 131.60 (by -2.00)",
		"220 PARTICIPANTS/PAIR/PERCENTAGE pair 11 percentage: file 48.00, traveler 48.74 (by -0.74)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	noted := 0
	for _, n := range f.Notes {
		if strings.Contains(n.Text, "official figure differs") {
			noted++
		}
	}
	if noted != len(want) {
		t.Errorf("%d notes of differing figures, want %d: %v", noted, len(want), f.Notes)
	}

	_, err = ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.xml", Strict: true})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != 261 || fe.Element != "BOARD/TRAVELLER_LINE/NS_MATCH_POINTS" || fe.Value != "2" ||
		!strings.Contains(fe.Expected, "file 2, traveler 0") || !strings.Contains(fe.Expected, "line 261 board 1") || !strings.Contains(fe.Expected, "6 figures differ") {
		t.Errorf("strict read: %v, want a refusal at line 261 (the TRAVELLER_LINE) NS_MATCH_POINTS naming the first differences", err)
	}

	if n := f.KeepOfficial(); n != 2 {
		t.Fatalf("KeepOfficial made %d corrections, want 2 (the line's NS and EW)", n)
	}
	cs := f.Event.Sections[0].Section.Corrections
	if len(cs) != 2 || cs[0].Board != 1 || cs[0].Round != r || cs[0].Table != tb || cs[0].Side != "NS" || cs[0].Points != 2 ||
		cs[1].Side != "EW" || cs[1].Points != 8 || !strings.Contains(cs[0].Reason, "line 261") {
		t.Errorf("corrections %+v, want board 1 NS 2 and EW 8 naming line 261", cs)
	}
}

// TestOfficialRounding: a program that prints each line's points to 2
// decimals and adds the printed figures (as the issue says EBUScore and
// ScoreBridge do) gives a total and percentage traveler, adding unrounded
// points, does not — explained as rounding, not reported as a different
// result. Worked example: boards played 3 times where 4 were due, scaled
// by Neuberg's formula (the testdata README: (raw + 1)·n/m − 1, n = 4,
// m = 3), a raw 0 becomes 1·4/3 − 1 = 0.3333 (printed 0.33) and a raw 2
// becomes 3·4/3 − 1 = 3; a pair with 0, 0 and 2 has 3.6667 (traveler's
// standings: 3.67, 20.37 % of 3 boards × top 6) where the file adds
// 0.33 + 0.33 + 3 = 3.66 and 3.66 / 18 = 20.33 %.
func TestOfficialRounding(t *testing.T) {
	third := 4.0/3 - 1
	var d tournament.EventData
	sd := tournament.SectionData{Standings: tournament.Standings{Pairs: []tournament.Standing{{Number: "1", Total: 3.67, Percentage: 20.37, Place: 1}}}}
	o := &officialFigures{}
	for b, pts := range []float64{third, third, 3} {
		r := tournament.Result{Board: b + 1, Round: 1, Table: 1, NS: "1", EW: "2"}
		sd.Travelers = append(sd.Travelers, tournament.Traveler{Lines: []tournament.TravelerLine{{Result: r, NSPoints: pts}}})
		printed, _ := ParseFigure(strconv.FormatFloat(pts, 'f', 2, 64))
		o.lines = append(o.lines, officialLine{line: 10 * (b + 1), elements: [2]string{"BOARD/TRAVELLER_LINE/NS_MATCH_POINTS", "BOARD/TRAVELLER_LINE/EW_MATCH_POINTS"},
			board: b + 1, round: 1, table: 1, ns: "1", ew: "2", points: [2]Figure{printed}})
	}
	d.Sections = []tournament.SectionData{sd}
	total, _ := ParseFigure("3.66")
	pct, _ := ParseFigure("20.33")
	o.pairs = []officialPair{{line: 5, elements: [3]string{"PARTICIPANTS/PAIR/TOTAL_SCORE", "PARTICIPANTS/PAIR/PERCENTAGE", "PARTICIPANTS/PAIR/PLACE"}, number: "1", total: total, percentage: pct, place: "1"}}
	diffs := compareOfficial(&d, o)
	var got []string
	for _, df := range diffs {
		got = append(got, df.String()+" rounding="+strconv.FormatBool(df.Rounding))
	}
	want := []string{
		"pair 1 total: differs by rounding: file 3.66, traveler 3.6667 (the file adds its lines' points as it printed them, rounded to 2 decimals; traveler adds them unrounded) rounding=true",
		"pair 1 percentage: differs by rounding: file 20.33, traveler 20.37 (the file adds its lines' points as it printed them, rounded to 2 decimals; traveler adds them unrounded) rounding=true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Keeping the file's figures corrects the two lines printed 0.33: the
	// pair then adds up to the file's 3.66.
	f := &ResultsFile{Event: d, official: o, Differences: diffs}
	if n := f.KeepOfficial(); n != 2 {
		t.Fatalf("KeepOfficial made %d corrections, want 2 (boards 1 and 2 NS: 0.33)", n)
	}
	sum := 3.0
	for _, pc := range f.Event.Sections[0].Section.Corrections {
		if pc.Side != "NS" || pc.Points != 0.33 || pc.Board > 2 {
			t.Errorf("correction %+v, want NS 0.33 on board 1 or 2", pc)
		}
		sum += pc.Points
	}
	if RoundTo(sum, 2) != 3.66 {
		t.Errorf("the pair adds to %v kept, want the file's 3.66", sum)
	}
}

// figuresEqual counts the file's own figures a read compared (each side of
// a line, each pair's total, percentage and place it printed) and how
// many of them equal traveler's (not among its Differences).
func figuresEqual(f *ResultsFile) (compared, equal int) {
	for _, l := range f.official.lines {
		for _, p := range append(l.points[:], l.percentages[:]...) {
			if p.Given() {
				compared++
			}
		}
	}
	for _, p := range f.official.pairs {
		for _, given := range []bool{p.total.Given(), p.percentage.Given(), p.place != ""} {
			if given {
				compared++
			}
		}
	}
	return compared, compared - len(f.Differences)
}

// TestOfficialPBNFiguresAgree: a real PBN file's own figures are compared
// as USEBIO's are — Ruter's Butler session (testdata/pbn/ruter_butler_2012.pbn,
// Ruter i Norge 4.4: 21 ScoreTables of 8 rows with IMP_NS and IMP_EW, 168
// lines; a TotalScoreTable of 16 pairs with TotalScoreIMP and Rank, RankTie
// marking the two ties 4–5 and 14–15) — and every one of its 368 figures
// (168 × 2 line IMPs, 16 totals, 16 places) equals traveler's, so a
// strict read takes it. Before, a PBN file's figures were not compared at
// all (no figure kept).
func TestOfficialPBNFiguresAgree(t *testing.T) {
	f, err := ReadResults(bytes.NewReader(readTestdata(t, "pbn/ruter_butler_2012.pbn")), ReadOptions{Source: "ruter.pbn", Strict: true})
	if err != nil {
		t.Fatalf("read strictly: %v", err)
	}
	if f.official == nil || len(f.official.lines) != 168 || len(f.official.pairs) != 16 {
		t.Fatalf("kept %+v of the file's figures, want 168 lines and 16 pairs", f.official)
	}
	if len(f.Differences) != 0 {
		t.Errorf("differences %v, want none", f.Differences)
	}
	if compared, equal := figuresEqual(f); compared != 368 || equal != 368 {
		t.Errorf("%d of %d figures equal, want 368 of 368", equal, compared)
	}
	ties := 0
	for _, p := range f.official.pairs {
		if strings.HasSuffix(p.place, "=") {
			ties++
		}
	}
	if ties != 4 {
		t.Errorf("%d places read as ties, want 4 (pairs 6 and 10 at 4=, 5 and 8 at 14=: RankTie 5 and 15)", ties)
	}
	if n := f.KeepOfficial(); n != 0 {
		t.Errorf("keeping the official figures made %d corrections, want none", n)
	}
}

// ruterEdit changes the Ruter file (testdata/pbn/ruter_butler_2012.pbn):
// board 1's first ScoreTable row (line 71: table 2, pair 3 NS v 4 EW, 1NT
// by N making 8 tricks, +120, 5 and −5 Butler IMPs against the datum −90:
// 210 is 5 IMPs) given 7 and −7; and the TotalScoreTable ties pairs 7 and 6
// at 3 (Rank 3, RankTie 4, lines 56–57), pair 6 printed with pair 7's
// total 34 where its lines add to 29.
var ruterEdit = map[int][2]string{
	71: {`"120"      -   5  -5`, `"120"      -   7  -7`},
	56: {` 3  -  7 4 "N-S"  34`, ` 3  4  7 4 "N-S"  34`},
	57: {` 4  5  6 3 "N-S"  29`, ` 3  4  6 3 "N-S"  34`},
}

// TestOfficialPBNFigureChanged: the edited Ruter file (ruterEdit) gives
// exactly the differences the edits make, where they are and by how much,
// through the same comparison as USEBIO's: the row's two sides (file 7 and
// −7, traveler's 5 and −5: pair 3's and pair 4's totals stay the file's, 50
// and 9, since only the row was changed), pair 6's total (file 34,
// traveler 29) and its place, explained: the file ties it with pair 7 at
// 3=, traveler's totals (29 and 34) split them (issue 27 §3). A strict read
// refuses it at the row; keeping the file's figures corrects the row.
func TestOfficialPBNFigureChanged(t *testing.T) {
	edited := editLines(t, readTestdata(t, "pbn/ruter_butler_2012.pbn"), ruterEdit)
	f, err := ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.pbn"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range f.Differences {
		got = append(got, strconv.Itoa(d.Line)+" "+d.Element+" "+d.String())
	}
	if len(f.Differences) == 0 {
		t.Fatal("no differences")
	}
	r, tb := f.Differences[0].Round, f.Differences[0].Table
	at := "board 1 round " + strconv.Itoa(r) + " table " + strconv.Itoa(tb) + " (3 v 4)"
	want := []string{
		"71 [ScoreTable] IMP_NS " + at + " NS points: file 7, traveler 5 (by +2.00)",
		"71 [ScoreTable] IMP_EW " + at + " EW points: file -7, traveler -5 (by -2.00)",
		"57 [TotalScoreTable] TotalScoreIMP pair 6 total: file 34, traveler 29 (by +5.00)",
		"57 [TotalScoreTable] Rank pair 6 place: file 3=, traveler 4 (a tie in the file: it places pairs 6, 7 at 3=, printing 34, 34; traveler's totals, to 2 decimals, differ (29.00, 34.00), so its places split the tie)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if compared, equal := figuresEqual(f); compared != 368 || equal != 364 {
		t.Errorf("%d of %d figures equal, want 364 of 368", equal, compared)
	}
	_, err = ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.pbn", Strict: true})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Format != "PBN" || fe.Line != 71 || fe.Element != "[ScoreTable] IMP_NS" || fe.Value != "7" || !strings.Contains(fe.Expected, "line 57 pair 6 place: file 3=") {
		t.Errorf("strict read: %v, want a refusal at line 71 [ScoreTable] IMP_NS naming the others up to the place", err)
	}
	if n := f.KeepOfficial(); n != 2 {
		t.Fatalf("KeepOfficial made %d corrections, want 2 (the row's NS and EW)", n)
	}
	cs := f.Event.Sections[0].Section.Corrections
	if len(cs) != 2 || cs[0].Board != 1 || cs[0].Side != "NS" || cs[0].Points != 7 || cs[1].Side != "EW" || cs[1].Points != -7 || !strings.Contains(cs[0].Reason, "line 71") {
		t.Errorf("corrections %+v, want board 1 NS 7 and EW -7 naming line 71", cs)
	}
}

// readTestdata reads a file of testdata/.
func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestOfficialPlaceTieExplained (issue 27 §3): a file that prints
// percentages to 1 decimal ties two pairs "9=" (48.7 and 48.7) where
// traveler's totals, 131.48 and 131.42 (48.70 % and 48.67 % of 270),
// place them 9 and 10: the difference says it is a tie in the file and
// that traveler's totals split it; the percentages themselves agree at
// the file's precision (no difference). And the other way: two pairs the
// file places 11 and 12 whose traveler totals are equal (120.00) share
// traveler's place 11 — the difference says traveler ties them.
func TestOfficialPlaceTieExplained(t *testing.T) {
	var d tournament.EventData
	d.Sections = []tournament.SectionData{{Standings: tournament.Standings{Pairs: []tournament.Standing{
		{Number: "3", Total: 131.48, Percentage: 48.70, Place: 9},
		{Number: "7", Total: 131.42, Percentage: 48.67, Place: 10},
		{Number: "1", Total: 120, Percentage: 44.44, Place: 11},
		{Number: "5", Total: 120, Percentage: 44.44, Place: 11},
	}}}}
	el := [3]string{"PARTICIPANTS/PAIR/TOTAL_SCORE", "PARTICIPANTS/PAIR/PERCENTAGE", "PARTICIPANTS/PAIR/PLACE"}
	pct := func(s string) Figure { f, _ := ParseFigure(s); return f }
	o := &officialFigures{pairs: []officialPair{
		{line: 10, elements: el, number: "3", percentage: pct("48.7"), place: "9="},
		{line: 20, elements: el, number: "7", percentage: pct("48.7"), place: "9="},
		{line: 30, elements: el, number: "1", percentage: pct("44.4"), place: "11"},
		{line: 40, elements: el, number: "5", percentage: pct("44.4"), place: "12"},
	}}
	var got []string
	for _, df := range compareOfficial(&d, o) {
		got = append(got, strconv.Itoa(df.Line)+" "+df.String())
	}
	want := []string{
		"20 pair 7 place: file 9=, traveler 10 (a tie in the file: it places pairs 7, 3 at 9=, printing 48.7 %, 48.7 %; traveler's totals, to 2 decimals, differ (131.42, 131.48), so its places split the tie)",
		"40 pair 5 place: file 12, traveler 11 (a tie in traveler's figures: pair 5 has the total of pairs 1 (120.00) and shares place 11; the file places them apart)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOfficialNoFiguresNotKept: a file that prints no figure of its own
// (the real Polish club session pairs_no_date_2013.pbn of
// ../shared/testdata: games with contracts and results only, no
// ScoreTable, no TotalScoreTable) gives an event that does not claim the
// file's figures (EventData.Figures false), so switching to them later is
// refused rather than doing nothing; Ruter's file, which prints them, does.
func TestOfficialNoFiguresNotKept(t *testing.T) {
	data, err := os.ReadFile(sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: "pairs.pbn"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Event.Figures || f.OfficialCorrections() != nil {
		t.Errorf("a file without figures of its own: Figures %v, corrections %v; want false, nil", f.Event.Figures, f.OfficialCorrections())
	}
	r, err := ReadResults(bytes.NewReader(readTestdata(t, "pbn/ruter_butler_2012.pbn")), ReadOptions{Source: "ruter.pbn"})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Event.Figures {
		t.Error("Ruter's file, which prints its figures, gives an event without them")
	}
}

// TestOfficialPlaceTieSpellings: a file's shared place is read however the
// program writes a tie — "6=" (the EBU's), "4-5" (Ruter's range), "4/5"
// (ACBLscore's: morrisjones/ACBLmerge ACBLmerge.pl, "Ranks can include
// ties e.g. 4/5") — as its first place, and known for a tie; a place held
// alone is itself; anything else is no place.
func TestOfficialPlaceTieSpellings(t *testing.T) {
	for _, c := range []struct {
		text  string
		place int
		ok    bool
		tie   bool
	}{
		{"6", 6, true, false}, {"6=", 6, true, true}, {"4-5", 4, true, true}, {"4/5", 4, true, true}, {" 12/13 ", 12, true, true},
		{"x", 0, false, false}, {"5/4", 0, false, false}, {"0", 0, false, false},
	} {
		p, ok := placeOf(c.text)
		if p != c.place && c.ok || ok != c.ok || placeTied(c.text) != c.tie {
			t.Errorf("place %q: %d, %v, tie %v; want %d, %v, tie %v", c.text, p, ok, placeTied(c.text), c.place, c.ok, c.tie)
		}
	}
}
