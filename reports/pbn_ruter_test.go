package reports

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPBNRuterButlerFigures reads a real Norwegian club session written
// by Ruter (Ruter i Norge 4.4, testdata/pbn/ruter_butler_2012.pbn: 16
// pairs, 21 boards, Butler IMPs, every board's traveler a ScoreTable) and
// compares traveler's figures with the file's own: each line's Butler
// IMPs (the ScoreTable's IMP_NS), each pair's total (the
// TotalScoreTable's TotalScoreIMP) and place (Rank). All 168 lines, 16
// totals and 16 places equal the file's.
func TestPBNRuterButlerFigures(t *testing.T) {
	f, err := os.Open("testdata/pbn/ruter_butler_2012.pbn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := ReadResults(f, ReadOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/pbn/ruter_butler_2012.pbn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadPBN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	type lineKey struct {
		board  int
		ns, ew string
	}
	own := map[lineKey]string{}
	var totals pbnTable
	for i := range games {
		g := &games[i]
		if tt, ok := g.Tag("TotalScoreTable"); ok {
			if totals, err = readPBNTable(tt); err != nil {
				t.Fatal(err)
			}
		}
		st, ok := g.Tag("ScoreTable")
		if !ok {
			continue
		}
		tb, err := readPBNTable(st)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := strconv.Atoi(g.Value("Board"))
		for _, row := range tb.rows {
			own[lineKey{b, tb.value(row, "PairId_NS"), tb.value(row, "PairId_EW")}] = tb.value(row, "IMP_NS")
		}
	}
	sd := rf.Event.Sections[0]
	if rf.Event.Event.Scoring != "BUTLER" || len(sd.Pairs) != 16 || sd.Section.Movement.Boards != 21 {
		t.Fatalf("read as %s, %d pairs, %d boards; want Butler, 16 pairs, 21 boards", rf.Event.Event.Scoring, len(sd.Pairs), sd.Section.Movement.Boards)
	}
	lines := 0
	for _, tr := range sd.Travelers {
		for _, l := range tr.Lines {
			k := lineKey{tr.Board.Number, l.Result.NS, l.Result.EW}
			want, ok := own[k]
			if !ok {
				t.Errorf("board %d, %s v %s: not in the file's ScoreTable", k.board, k.ns, k.ew)
				continue
			}
			lines++
			if got := strconv.FormatFloat(l.NSPoints, 'f', -1, 64); got != want {
				t.Errorf("board %d, %s v %s: NS %s IMPs, the file %s", k.board, k.ns, k.ew, got, want)
			}
		}
	}
	if lines != 168 || len(own) != 168 {
		t.Errorf("%d lines compared of the file's %d; want 168", lines, len(own))
	}
	places := 0
	for _, row := range totals.rows {
		id := totals.value(row, "PairId")
		for _, p := range sd.Standings.Pairs {
			if p.Number != id {
				continue
			}
			places++
			if got := strconv.FormatFloat(p.Total, 'f', -1, 64); got != totals.value(row, "TotalScoreIMP") {
				t.Errorf("pair %s: total %s IMPs, the file %s", id, got, totals.value(row, "TotalScoreIMP"))
			}
			if got := strconv.Itoa(p.Place); got != totals.value(row, "Rank") {
				t.Errorf("pair %s: place %s, the file %s", id, got, totals.value(row, "Rank"))
			}
		}
	}
	if places != 16 {
		t.Errorf("%d pairs of the TotalScoreTable compared; want 16", places)
	}

	// The file's [Application] names Ruter i Norge: the event is read
	// under the "norway" convention, with a note saying why, and its
	// shared places are written as the file writes Rank and RankTie
	// ("4-5" for pairs 6 and 10 at 29 IMPs, "14-15" for 5 and 8 at −47;
	// a RankTie of "-" is a place held alone).
	if rf.Event.Event.Convention != "norway" {
		t.Errorf("read under convention %q, want norway (the file's Application is Ruter i Norge)", rf.Event.Event.Convention)
	}
	noted := false
	for _, n := range rf.Notes {
		noted = noted || strings.Contains(n.String(), "Ruter i Norge") && strings.Contains(n.String(), "norway")
	}
	if !noted {
		t.Errorf("no note says the convention was taken from the Application: %v", rf.Notes)
	}
	st := sd.Standings
	st.Event = rf.Event.Event
	texts := st.PlaceTexts()
	ranked := 0
	for _, row := range totals.rows {
		want := totals.value(row, "Rank")
		if tie := totals.value(row, "RankTie"); tie != "-" && tie != "" {
			want += "-" + tie
		}
		for i, p := range st.Pairs {
			if p.Number == totals.value(row, "PairId") {
				ranked++
				if texts[i] != want {
					t.Errorf("pair %s: place written %q, the file's Rank/RankTie %q", p.Number, texts[i], want)
				}
			}
		}
	}
	if ranked != 16 {
		t.Errorf("%d places compared, want 16", ranked)
	}
}
