package reports

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// awkwardSheet is an extra sheet of every value a row may hold and of
// strings that need care in XML: escapes, kept spaces, line breaks, control
// characters, the _xHHHH_ escapes of OOXML, a cell past Excel's 32,767
// characters (cut there, counted in UTF-16 units), and empty cells between
// others.
func awkwardSheet() Sheet {
	long := strings.Repeat("ab", 16383) + "😀" + "tail" // 32,766 units, then a pair that does not fit
	return Sheet{Name: "Awkward & <odd>", Header: []string{"Text", "Number", "More"}, Rows: [][]any{
		{"Ann & Bob <NS>", 1, 2.5},
		{" leading", "trailing ", "\tTab"},
		{"two\nlines", "cr\rlf\r\n", "quote \" and ' apostrophe"},
		{"bell\x07 and nul\x00", "_x0041_", "_x005F_x0041_ and _x005f_ and _xD800_ and _x12G4_"},
		{long, nil, "after a gap"},
		{nil, nil, "only C"},
		{true, false, -0.0},
		{0.1 + 0.2, 1e21, 1e-7},
		{math.NaN(), math.Inf(1), math.Inf(-1)},
		{int64(-9007199254740993), int32(-7), uint8(200)},
		{excelize.Cell{StyleID: 1, Value: "styled"}, excelize.Cell{StyleID: 3, Value: 12.345}, excelize.Cell{Value: 7}},
		{"ünïcödé ✓", "€", "日本語"},
	}}
}

// mixedEvent is the small event with two more sections: "B", whose lines
// are all adjusted or not played, so that no code compares any of them
// while the event's other sections are compared (its travelers and
// standings are compared all the same), and a second section named "A",
// in session 2.
func mixedEvent(t *testing.T) tournament.EventData {
	t.Helper()
	d := smallEvent(t)
	a := d.Sections[0]
	m := a.Section.Movement
	secB := tournament.Section{ID: 2, EventID: 1, Session: 1, Name: "B", Movement: m}
	results := []tournament.Result{
		{SectionID: 2, Round: 1, Table: 1, Board: 1, NS: "1", EW: "1", Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40, Tricks: tournament.TricksNotGiven},
		{SectionID: 2, Round: 1, Table: 2, Board: 2, NS: "2", EW: "2", Status: tournament.StatusNotPlayed, Tricks: tournament.TricksNotGiven},
		{SectionID: 2, Round: 1, Table: 3, Board: 3, NS: "3", EW: "3", Status: tournament.StatusAssigned, Tricks: tournament.TricksNotGiven,
			Assigned: []tournament.AssignedPart{{NSScore: 420, Weight: 0.5}, {NSScore: -50, Weight: 0.5}}},
		{SectionID: 2, Round: 2, Table: 3, Board: 1, NS: "3", EW: "2", Status: tournament.StatusArtificial, NSPercent: 50, EWPercent: 50, Tricks: tournament.TricksNotGiven},
	}
	for i, err := range tournament.ScoreResults(scoring.NewRules(d.Event.Law), &secB, nil, results) {
		if err != nil {
			t.Fatalf("section B, result %d: %v", i, err)
		}
	}
	b := tournament.BuildSection(d.Event, secB, nil, nil, nil, results)
	a2 := a
	a2.Section.ID, a2.Section.Session = 3, 2
	d.Sections = append(d.Sections, b, a2)
	return d
}

// goldenWorkbooks are the workbooks TestWorkbookGolden writes: the small
// event's report and its workbook with the awkward sheet, the mixed
// event's report, two synthetic
// sections, and the reports of three real files of shared/testdata. Not
// pbn/crossimp_kops_2013.pbn: one of its law-comparison totals comes out 0
// or -0 from run to run (a floating-point sum taken in map order), so its
// bytes are not fixed.
func goldenWorkbooks(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	write := func(name string, fn func(io.Writer) error) {
		var buf bytes.Buffer
		if err := fn(&buf); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = buf.Bytes()
	}
	small := smallEvent(t)
	write("small report", func(w io.Writer) error { return WriteReport(w, small) })
	write("small awkward", func(w io.Writer) error { return WriteWorkbook(w, small, awkwardSheet()) })
	mixed := mixedEvent(t)
	write("mixed report", func(w io.Writer) error { return WriteReport(w, mixed) })
	e := tournament.Event{ID: 1, Name: "Synthetic", Law: small.Event.Law, Scoring: tournament.MethodMP}
	synth := tournament.EventData{Event: e}
	for i, spec := range []tournament.MovementSpec{{Kind: "mitchell", Tables: 7, BoardsPerRound: 2}, {Kind: "mitchell", Tables: 4, BoardsPerRound: 3}} {
		synth.Sections = append(synth.Sections, synthSection(t, e, strconv.Itoa(i+1), spec))
	}
	write("synthetic report", func(w io.Writer) error { return WriteReport(w, synth) })
	for _, name := range []string{"usebio/mp_pairs_howell.xml", "usebio/butler_howell.xml", "pbn/teams_imps_2021.pbn"} {
		data, err := os.ReadFile(filepath.Join(testdataDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: name, Today: testToday})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		write(filepath.Base(name)+" report", func(w io.Writer) error { return WriteReport(w, f.Event) })
	}
	return out
}

// TestWorkbookGolden holds the workbooks byte for byte, part by part: each
// part's name, size and sha-256 against testdata/golden/workbooks.txt
// (refreshed with -update). The zip around the parts is not compared: its
// compression and the order of its parts are the zip writer's. Each
// workbook is also opened again, so that a part list that excelize cannot
// read fails here and not in a user's hands.
func TestWorkbookGolden(t *testing.T) {
	books := goldenWorkbooks(t)
	names := make([]string, 0, len(books))
	for name := range books {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, name := range names {
		data := books[name]
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: not a zip: %v", name, err)
		}
		var parts []string
		for _, zf := range zr.File {
			rc, err := zf.Open()
			if err != nil {
				t.Fatalf("%s: %s: %v", name, zf.Name, err)
			}
			h := sha256.New()
			n, err := io.Copy(h, rc)
			rc.Close()
			if err != nil {
				t.Fatalf("%s: %s: %v", name, zf.Name, err)
			}
			parts = append(parts, fmt.Sprintf("%s\t%s\t%d\t%x\n", name, zf.Name, n, h.Sum(nil)))
		}
		slices.Sort(parts)
		for _, p := range parts {
			b.WriteString(p)
		}
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: excelize cannot open it: %v", name, err)
		}
		f.Close()
	}
	golden(t, "workbooks.txt", []byte(b.String()))
}
