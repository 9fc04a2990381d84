package reports

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestPBNGolden writes interchangeEvent as PBN and compares it with the
// golden file; reading it back gives the same event.
func TestPBNGolden(t *testing.T) {
	d := interchangeEvent(t)
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	golden(t, "event.pbn", buf.Bytes())
	back, err := readPBNEvent(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back) // membership numbers too: the TotalScoreTable's MemberID1 and MemberID2
}

// TestPBNRoundTripHowell: the USEBIO Howell written as PBN and read back is
// the same event, its 24 players' national numbers included (the
// TotalScoreTable's MemberID1 and MemberID2).
func TestPBNRoundTripHowell(t *testing.T) {
	d, err := eventFromUSEBIO(readUSEBIOFile(t, howellFile))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	back, err := readPBNEvent(&buf)
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back)
}

// TestPBNTeamsImport imports the teams file of shared/testdata: 299 results
// of boards 11–20 at 30 tables (one missing), 30 teams; every result's
// score is the file's (the import refuses another), and every line whose
// other room is there has the file's ScoreIMP.
func TestPBNTeamsImport(t *testing.T) {
	f, err := os.Open(sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadPBNResults(f)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pbnEventOf(games)
	if err != nil {
		t.Fatal(err)
	}
	s := d.Sections[0]
	if d.Event.Scoring != tournament.MethodIMPTeams || d.Event.Date != "2021-08-23" || len(s.Results) != 299 || len(s.Teams) != 30 || len(s.Pairs) != 60 {
		t.Fatalf("%s %s: %d results, %d teams, %d pairs; want IMP_TEAMS 2021-08-23, 299, 30, 60", d.Event.Scoring, d.Event.Date, len(s.Results), len(s.Teams), len(s.Pairs))
	}
	type key struct {
		board int
		table int
	}
	imps := map[key]float64{}
	scores := map[key]int{}
	for _, tr := range s.Travelers {
		for _, l := range tr.Lines {
			imps[key{l.Result.Board, l.Result.Table}] = l.NSPoints
			scores[key{l.Result.Board, l.Result.Table}] = l.Result.NSScore
		}
	}
	compared := 0
	for _, g := range games {
		table := 0
		for _, c := range g.Table {
			table = table*10 + int(c-'0')
		}
		k := key{g.Board, table}
		if scores[k] != g.Score {
			t.Errorf("board %d table %d: NS %d, file %d", g.Board, table, scores[k], g.Score)
		}
		if imps[k] == 0 && g.NSIMPs != 0 {
			continue // the other room's result is not in the file
		}
		compared++
		if imps[k] != g.NSIMPs {
			t.Errorf("board %d table %d: %v IMPs, file %v", g.Board, table, imps[k], g.NSIMPs)
		}
	}
	if compared < 297 {
		t.Errorf("%d lines compared with the file's IMPs, want at least 297", compared)
	}
}

// TestPBNEventErrors: bad files name the tag and the line.
func TestPBNEventErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePBN(&buf, interchangeEvent(t)); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	cases := []struct {
		name, file, element string
		line                int
	}{
		{"board number", strings.Replace(good, `[Board "1"]`, `[Board "x"]`, 1), "[Board]", lineOf(good, `[Board "1"]`)},
		{"unclosed tag", strings.Replace(good, `[Contract "4S"]`, `[Contract "4S]`, 1), "tag", lineOf(good, `[Contract "4S"]`)},
		{"wrong score", strings.Replace(good, `[Score "NS 420"]`, `[Score "NS 450"]`, 1), "[Score]", lineOf(good, `[Score "NS 420"]`)},
		{"missing result", strings.Replace(good, "[Result \"10\"]\n", ``, 1), "[Result]", lineOf(good, `[Event`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readPBNEvent(strings.NewReader(c.file))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if fe.Element != c.element || fe.Line != c.line || fe.Expected == "" {
				t.Errorf("%v: element %q line %d, want %q line %d", err, fe.Element, fe.Line, c.element, c.line)
			}
		})
	}
}
