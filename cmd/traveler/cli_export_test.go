package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// cliRun runs `traveler args...` with an empty stdin and returns the exit
// status, stdout and stderr.
func cliRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// cliUSEBIO is what the tests read of a USEBIO file by themselves, with
// encoding/xml rather than package reports: the pairs' figures and the
// traveler lines.
type cliUSEBIO struct {
	Name   string          `xml:"EVENT>EVENT_DESCRIPTION"`
	Pairs  []cliUSEBIOPair `xml:"EVENT>PARTICIPANTS>PAIR"`
	Boards []struct {
		Number int `xml:"BOARD_NUMBER"`
		Lines  []struct {
			NS       string `xml:"NS_PAIR_NUMBER"`
			EW       string `xml:"EW_PAIR_NUMBER"`
			Contract string `xml:"CONTRACT"`
			PlayedBy string `xml:"PLAYED_BY"`
			Tricks   string `xml:"TRICKS"`
			Score    string `xml:"SCORE"`
		} `xml:"TRAVELLER_LINE"`
	} `xml:"EVENT>BOARD"`
}

// cliUSEBIOPair is a PAIR of a USEBIO file with its figures.
type cliUSEBIOPair struct {
	Number     string `xml:"PAIR_NUMBER"`
	Total      string `xml:"TOTAL_SCORE"`
	Percentage string `xml:"PERCENTAGE"`
	Place      string `xml:"PLACE"`
}

// readCLIUSEBIO parses a USEBIO file of the shared testdata.
func readCLIUSEBIO(t *testing.T, path string) cliUSEBIO {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var u cliUSEBIO
	if err := xml.Unmarshal(data, &u); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return u
}

// travelerLines lists the file's traveler lines board by board, each as
// "contract declarer tricks score" (the PBN's "Pass" as "PASS"), sorted
// within a board, for comparing with what an export shows.
func (u cliUSEBIO) travelerLines() map[int][]string {
	out := map[int][]string{}
	for _, b := range u.Boards {
		for _, l := range b.Lines {
			if strings.HasPrefix(l.Score, "A") {
				continue // an artificial score: no contract
			}
			out[b.Number] = append(out[b.Number], cliLineText(l.Contract, l.PlayedBy, l.Tricks, l.Score))
		}
		slices.Sort(out[b.Number])
	}
	return out
}

// cliLineText writes one traveler line for comparison, the contract in
// capitals (the teams PBN writes a double "4Hx").
func cliLineText(contract, declarer, tricks, score string) string {
	if strings.EqualFold(contract, "pass") {
		return "PASS - - " + score
	}
	return strings.ToUpper(contract) + " " + declarer + " " + tricks + " " + score
}

// cliOpenWorkbook opens an xlsx file with excelize.OpenReader, as a user's
// program would read what traveler wrote.
func cliOpenWorkbook(t *testing.T, path string) *excelize.File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// cliSheetRows returns a sheet's rows with the cells' raw values (numbers
// unformatted).
func cliSheetRows(t *testing.T, f *excelize.File, sheet string) [][]string {
	t.Helper()
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatalf("sheet %s: %v", sheet, err)
	}
	return rows
}

// cliStandingsByPair reads the Standings sheet (Place, Pair, Direction,
// Players, score, %, Boards) into a row per pair number.
func cliStandingsByPair(t *testing.T, f *excelize.File) map[string][]string {
	t.Helper()
	rows := cliSheetRows(t, f, "Standings")
	if len(rows) == 0 || len(rows[0]) < 7 || rows[0][0] != "Place" {
		t.Fatalf("Standings header %v, want Place, Pair, Direction, Players, score, %%, Boards", rows[0])
	}
	out := map[string][]string{}
	for _, r := range rows[1:] {
		if len(r) >= 5 && r[1] != "" {
			if _, err := strconv.Atoi(r[0]); err == nil {
				out[r[1]] = r
			}
		}
	}
	return out
}

// cliTravelersFromSheet reads the Travelers sheet into lines board by board,
// written as travelerLines writes them: per board a "Board N" title, the
// hand record, a header starting NS, EW, Contract, then the lines.
func cliTravelersFromSheet(t *testing.T, f *excelize.File) map[int][]string {
	t.Helper()
	out := map[int][]string{}
	board, inLines := 0, false
	for _, r := range cliSheetRows(t, f, "Travelers") {
		switch {
		case len(r) == 0 || r[0] == "":
			inLines = false
		case strings.HasPrefix(r[0], "Board "):
			n, err := strconv.Atoi(strings.TrimPrefix(r[0], "Board "))
			if err != nil {
				t.Fatalf("Travelers title %q", r[0])
			}
			board, inLines = n, false
		case r[0] == "NS" && len(r) > 2 && r[2] == "Contract":
			inLines = true
		case inLines:
			r = append(r, make([]string, 6)...)
			if strings.Contains(r[2], "%") {
				continue // an artificial score
			}
			if r[2] == "PASS" {
				out[board] = append(out[board], cliLineText("PASS", "", "", r[5]))
				continue
			}
			out[board] = append(out[board], cliLineText(r[2], r[3], r[4], r[5]))
		}
	}
	for b := range out {
		slices.Sort(out[b])
	}
	return out
}

// cliReadCSV parses CSV output into rows.
func cliReadCSV(t *testing.T, s string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, s)
	}
	return rows
}

// cliCheckStandings compares the Standings sheet's place, score and
// percentage of every pair with the file's PLACE, TOTAL_SCORE and
// PERCENTAGE (a shared place "6=" as 6).
func cliCheckStandings(t *testing.T, f *excelize.File, u cliUSEBIO) {
	t.Helper()
	got := cliStandingsByPair(t, f)
	if len(got) != len(u.Pairs) {
		t.Errorf("Standings has %d pairs, the file %d", len(got), len(u.Pairs))
	}
	for _, p := range u.Pairs {
		row, ok := got[p.Number]
		if !ok {
			t.Errorf("pair %s: not in Standings", p.Number)
			continue
		}
		if row[0] != strings.TrimSuffix(p.Place, "=") {
			t.Errorf("pair %s: place %s, the file's PLACE %s", p.Number, row[0], p.Place)
		}
		cliSameNumber(t, "pair "+p.Number+" score", row[4], p.Total)
		if p.Percentage != "" {
			cliSameNumber(t, "pair "+p.Number+" %", row[5], p.Percentage)
		}
	}
}

// cliSameNumber reports when a cell's number differs from the file's figure.
func cliSameNumber(t *testing.T, what, cell, figure string) {
	t.Helper()
	a, errA := strconv.ParseFloat(cell, 64)
	b, errB := strconv.ParseFloat(figure, 64)
	if errA != nil || errB != nil || a != b {
		t.Errorf("%s: cell %q, the file's %q", what, cell, figure)
	}
}

// TestCLIExportFromUSEBIO exports mp_pairs_howell.xml with no database at
// all: the workbook's Standings carry every pair's place, total and
// percentage as the file gives them (e.g. pair 1: PLACE 8, TOTAL_SCORE
// 128.77, PERCENTAGE 47.69; pair 6: 1, 162.60, 60.22), its Travelers every
// line of the file, and csv-standings on stdout the same figures.
func TestCLIExportFromUSEBIO(t *testing.T) {
	path := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	u := readCLIUSEBIO(t, path)
	out := filepath.Join(t.TempDir(), "howell.xlsx")

	code, stdout, stderr := cliRun(t, "export", "xlsx", "--from", path, "-o", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	f := cliOpenWorkbook(t, out)
	cliCheckStandings(t, f, u)
	row6 := cliStandingsByPair(t, f)["6"]
	if row6[0] != "1" || row6[4] != "162.6" || row6[5] != "60.22" || row6[6] != "27" {
		t.Errorf("pair 6 row %v, want place 1, 162.6, 60.22 over 27 boards (the file: 162.60, 60.22, PLACE 1)", row6)
	}
	want, got := u.travelerLines(), cliTravelersFromSheet(t, f)
	if len(got) != 27 {
		t.Errorf("Travelers has %d boards, want the file's 27", len(got))
	}
	for b, lines := range want {
		if !slices.Equal(got[b], lines) {
			t.Errorf("board %d: Travelers %v, the file %v", b, got[b], lines)
		}
	}
	for _, s := range []string{"Royalton report", "Law comparison pairs", "Law comparison boards"} {
		if idx, _ := f.GetSheetIndex(s); idx < 0 {
			t.Errorf("no sheet %q in %v", s, f.GetSheetList())
		}
	}

	code, stdout, stderr = cliRun(t, "export", "csv-standings", "--from", path)
	if code != 0 {
		t.Fatalf("csv-standings: exit %d: %s", code, stderr)
	}
	rows := cliReadCSV(t, stdout)
	if len(rows) != len(u.Pairs)+1 {
		t.Fatalf("csv-standings: %d rows, want a header and %d pairs", len(rows), len(u.Pairs))
	}
	byNumber := map[string][]string{}
	for _, r := range rows[1:] { // section,direction,place,number,name,players,membership_numbers,score,percentage,boards
		byNumber[r[3]] = r
	}
	for _, p := range u.Pairs {
		r := byNumber[p.Number]
		if r == nil || r[2] != strings.TrimSuffix(p.Place, "=") || r[7] != p.Total || r[8] != p.Percentage {
			t.Errorf("csv pair %s: %v; the file: place %s, total %s, %s%%", p.Number, r, p.Place, p.Total, p.Percentage)
		}
	}
}

// TestCLIExportBadFile exports a copy of mp_pairs_howell.xml whose first
// TRICKS is "x": exit 1, the message names the line and the element, and
// neither the output file nor a temporary file is left.
func TestCLIExportBadFile(t *testing.T) {
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte("<TRICKS>11</TRICKS>"))
	if i < 0 {
		t.Fatal("no <TRICKS>11</TRICKS> in the file")
	}
	line := bytes.Count(data[:i], []byte("\n")) + 1 // board 1, NS 3 v EW 11: line 267
	bad := slices.Concat(data[:i], []byte("<TRICKS>x</TRICKS>"), data[i+len("<TRICKS>11</TRICKS>"):])
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.xml")
	if err := os.WriteFile(in, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	outDir := t.TempDir()
	for _, format := range []string{"xlsx", "pbn"} {
		out := filepath.Join(outDir, "out."+format)
		code, _, stderr := cliRun(t, "export", format, "--from", in, "-o", out)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1; stderr %s", format, code, stderr)
		}
		want := "line " + strconv.Itoa(line) + ": BOARD/TRAVELLER_LINE/TRICKS \"x\": expected"
		if !strings.Contains(stderr, want) {
			t.Errorf("%s: stderr %q, want it to name %q", format, stderr, want)
		}
	}
	if entries, _ := os.ReadDir(outDir); len(entries) != 0 {
		t.Errorf("left behind in the output folder: %v", entries)
	}
}

// TestCLIExportWriteFailure exports as USEBIO a pairs session scored by
// total points (the Polish club session of pairs_no_date_2013.pbn, its
// [Scoring "MP"] made "Total"), which USEBIO has no form for: exit 1, the
// message naming TOTAL and PBN, and the file already at -o is left as it
// was, with no temporary file beside it. (A teams file, IMP_TEAMS, was the
// example until traveler wrote USEBIO's team events.)
func TestCLIExportWriteFailure(t *testing.T) {
	raw, err := os.ReadFile(sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(t.TempDir(), "total.pbn")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(raw), `[Scoring "MP"]`, `[Scoring "Total"]`)), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "teams.xml")
	if err := os.WriteFile(out, []byte("the earlier export\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cliRun(t, "export", "usebio", "--from", path, "-o", out)
	if code != 1 || !strings.Contains(stderr, "scored TOTAL") || !strings.Contains(stderr, "PBN") {
		t.Errorf("exit %d, stderr %q; want 1 and a message naming TOTAL and PBN", code, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "the earlier export\n" {
		t.Errorf("-o file now holds %q, want the earlier export untouched", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the output folder holds %d files, want only teams.xml: %v", len(entries), entries)
	}

	// The same file as PBN works, replacing the earlier file and keeping its mode.
	out = filepath.Join(dir, "teams.pbn")
	if err := os.WriteFile(out, []byte("the earlier export\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cliRun(t, "export", "pbn", "--from", path, "-o", out); code != 0 {
		t.Fatalf("pbn: exit %d: %s", code, stderr)
	}
	st, err := os.Stat(out)
	if err != nil || st.Mode().Perm() != 0o600 || st.Size() < 1000 {
		t.Errorf("teams.pbn: %v, %v; want the export, mode 0600", st, err)
	}
}

// TestCLIBadArguments checks that each bad argument exits 2 and names the
// flag or argument at fault, before any database or file is touched.
func TestCLIBadArguments(t *testing.T) {
	howell := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "docx", "--from", howell}, `FORMAT "docx": not a format traveler writes; allowed: xlsx, csv-standings, csv-overall, csv-travelers, usebio, pbn`},
		{[]string{"export", "--from", howell}, "FORMAT: missing"},
		{[]string{"export", "xlsx"}, "--event or --from: missing"},
		{[]string{"export", "xlsx", "--event", "1", "--from", howell}, "--event and --from: give one, not both"},
		{[]string{"export", "xlsx", "--event", "0"}, "--event 0: must be an event's id"},
		{[]string{"export", "xlsx", "--from", howell, "--section", "2"}, "--section: goes with --event only"},
		{[]string{"export", "xlsx", "--event", "3", "--session", "-1"}, "--session -1: must be a session's number"},
		{[]string{"export", "xlsx", "--from", howell, "-o", t.TempDir()}, "is a folder"},
		{[]string{"report", "standings", "--from", howell}, `REPORT "standings": not a report traveler prints; allowed: royalton, laws`},
		{[]string{"report", "laws"}, "--event or --from: missing"},
		{[]string{"report", "laws", "--event", "2", "--from", howell}, "--event and --from: give one, not both"},
		{[]string{"report", "laws", "--from", howell, "--to", "whist-1900"}, `--to "whist-1900": not a law code; allowed: all, bridge, bridge-portland, royal-auction-1913, auction-1915, royalton-1915, contract-2017`},
		{[]string{"report", "royalton", "--from", howell, "--to", "auction-1915"}, "--to: only the laws report compares law codes"},
		{[]string{"report", "royalton", "--from", howell, "--format", "yaml"}, `--format "yaml": allowed: table, json`},
		{[]string{"import", "csv", howell}, `FORMAT "csv": not a format traveler reads; allowed: usebio, pbn`},
		{[]string{"import", "usebio"}, "FILE: missing"},
		{[]string{"import", "usebio", howell, howell}, "unexpected argument"},
	} {
		code, stdout, stderr := cliRun(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestCLIHelpListsCommands checks the usage summary names the three
// commands.
func TestCLIHelpListsCommands(t *testing.T) {
	code, stdout, _ := cliRun(t, "help")
	for _, re := range []string{`(?m)^  import\s+store a results file`, `(?m)^  export\s+write an event`, `(?m)^  report\s+print the Royalton report`} {
		if code != 0 || !regexp.MustCompile(re).MatchString(stdout) {
			t.Errorf("help (exit %d) has no line matching %s:\n%s", code, re, stdout)
		}
	}
}
