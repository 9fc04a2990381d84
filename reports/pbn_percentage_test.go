package reports

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// magicEdit changes one ScoreTable row of Magic Contest's file
// (testdata/pbn/magic_contest_ffb_2022.pbn): board 1, round 1, table 3,
// pair 3 (NS) against pair 42 (EW), 4S by S making 10 (420), printed 28.3
// and 13.7 matchpoints, 67 and 33 %. Its percentages become 70 and 30, its
// matchpoints stay.
var magicEdit = map[int][2]string{112: {`28.3 13.7  67  33`, `28.3 13.7  70  30`}}

// TestPBNLinePercentages (issue 27 §2, PBN 2.1 §4's ScoreTable columns
// Percentage_NS and Percentage_EW): each line's percentages are compared
// with traveler's as its points are, through the same Differences, notes
// and strict refusal.
//
// The file is Magic Contest France 4.13.3.4's export of a real FFB final
// (22 tables, 44 pairs, 30 boards, each board's traveler a ScoreTable
// with MP_NS/MP_EW on a top of 42 and Percentage_NS/Percentage_EW as whole
// percentages). Board 1 was played 21 times plus one artificial A+
// (25.2 each, 60 %): the fourteen 420s each beat the seven lower scores
// (400, 170 and five −50s) and tie the thirteen others, 2 × 7 + 13 = 27 on
// the board's own top of 40, which Neuberg scales to the field's 42:
// (27 + 1) × 22/21 − 1 = 28.33 (the file's 28.3; traveler keeps counted
// points to 2 decimals), 28.33/42 = 67.4524 %, the file's 67; the EW side
// 13.67/42 = 32.5476 %, the file's 33.
//
// The test counts, from the file's own columns and traveler's travelers
// (each line's points over its top, the field's 42 where the file's points
// are the Neuberg-scaled ones), how many of the file's percentages
// traveler reproduces to the file's precision, and wants a Difference for
// exactly each of the others. In the edited copy (magicEdit) the row's 70
// and 30 differ: "file 70, traveler 67.381 (by +2.62)" and "file 30,
// traveler 32.619 (by -2.62)" — the line's points read as its program
// writes them, to 0.1 (28.3/42 and 13.7/42: the "wbf" convention
// Magic Contest's files are read by, TestMagicContestLinePointsToATenth),
// and named as traveler's reader
// places it (round 1, table 1: it numbers the tables itself, as for the
// file's points) — and a strict read refuses it at that row,
// naming [ScoreTable] Percentage_NS. Before, the percentages were not
// compared at all: the edited copy read strictly.
func TestPBNLinePercentages(t *testing.T) {
	data := readTestdata(t, "pbn/magic_contest_ffb_2022.pbn")
	f, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: "magic.pbn"})
	if err != nil {
		t.Fatal(err)
	}
	sd := f.Event.Sections[0]
	if len(sd.Pairs) != 44 || sd.Section.Movement.Boards != 30 {
		t.Fatalf("read %d pairs, %d boards; want 44 and 30", len(sd.Pairs), sd.Section.Movement.Boards)
	}
	games, err := ReadPBN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	type lineKey struct {
		board  int
		ns, ew string
	}
	filePct := map[lineKey][2]Figure{}
	for i := range games {
		st, ok := games[i].Tag("ScoreTable")
		if !ok {
			continue
		}
		tb, err := readPBNTable(st)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := strconv.Atoi(games[i].Value("Board"))
		for _, row := range tb.rows {
			ns, _ := ParseFigure(tb.value(row, "Percentage_NS"))
			ew, _ := ParseFigure(tb.value(row, "Percentage_EW"))
			filePct[lineKey{b, tb.value(row, "PairId_NS"), tb.value(row, "PairId_EW")}] = [2]Figure{ns, ew}
		}
	}
	fieldTop := 0.0
	for _, tr := range sd.Travelers {
		fieldTop = max(fieldTop, tr.Top)
	}
	compared, equal := 0, 0
	for _, tr := range sd.Travelers {
		for _, l := range tr.Lines {
			fp, ok := filePct[lineKey{tr.Board.Number, l.Result.NS, l.Result.EW}]
			if !ok {
				continue
			}
			for side, fig := range fp {
				if !fig.Given() {
					continue
				}
				compared++
				shown := [2]float64{l.NSPoints, l.EWPoints}[side]
				if fig.Matches(100*shown/tr.Top) || fig.Matches(100*l.Counted[side]/fieldTop) {
					equal++
				}
			}
		}
	}
	var pcts []Difference
	for _, d := range f.Differences {
		if d.Figure == FigureLinePercentage {
			pcts = append(pcts, d)
		}
	}
	if compared != 1320 || len(pcts) != compared-equal {
		t.Errorf("the file's %d line percentages (want 1320: 660 rows × 2), %d equal traveler's; %d differences of a line's percentage, want %d", compared, equal, len(pcts), compared-equal)
	}
	t.Logf("%d of %d line percentages equal traveler's", equal, compared)

	edited := editLines(t, data, magicEdit)
	ef, err := ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.pbn"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ef.Differences {
		if d.Line == 112 {
			got = append(got, d.Element+" "+d.String())
		}
	}
	want := []string{
		"[ScoreTable] Percentage_NS board 1 round 1 table 1 (3 v 42) NS percentage: file 70, traveler 67.381 (by +2.62)",
		"[ScoreTable] Percentage_EW board 1 round 1 table 1 (3 v 42) EW percentage: file 30, traveler 32.619 (by -2.62)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the edited row's differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	noted := 0
	for _, n := range ef.Notes {
		if n.Line == 112 && n.Difference() && strings.Contains(n.Text, "NS percentage: file 70") {
			noted++
		}
	}
	if noted != 1 {
		t.Errorf("%d notes of the edited row's NS percentage, want 1", noted)
	}
	_, err = ReadResults(bytes.NewReader(edited), ReadOptions{Source: "edited.pbn", Strict: true})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != 112 || fe.Element != "[ScoreTable] Percentage_NS" || fe.Value != "70" {
		t.Errorf("strict read of the edited copy: %v, want a refusal at line 112 [ScoreTable] Percentage_NS, value 70", err)
	}
	// A percentage is not a line's points: keeping the file's figures
	// corrects no side for it.
	for _, cs := range ef.OfficialCorrections() {
		for _, pc := range cs {
			if pc.Board == 1 && pc.Round == 1 && pc.Table == 3 {
				t.Errorf("a correction %+v for the edited row, whose points are traveler's", pc)
			}
		}
	}
}
