package reports

import (
	"errors"
	"flag"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The fuzz tests of the results readers (fuzz_usebio_test.go,
// fuzz_pbn_test.go) share these: the seeds from real files and the checks
// every answer must pass.

// realFiles returns the text of every file of ../shared/testdata/<dir>
// (real files, see its README) and of testdata/golden whose name ends in
// one of exts, by path.
func realFiles(tb testing.TB, dir string, exts ...string) map[string]string {
	tb.Helper()
	files := map[string]string{}
	for _, d := range []string{filepath.Join(testdataDir(tb), dir), filepath.Join("testdata", "golden")} {
		entries, err := os.ReadDir(d)
		if err != nil {
			tb.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || !slices.Contains(exts, filepath.Ext(e.Name())) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				tb.Fatal(err)
			}
			files[filepath.Join(d, e.Name())] = string(data)
		}
	}
	if len(files) == 0 {
		tb.Fatalf("no %v files in %s or testdata/golden", exts, dir)
	}
	return files
}

// Why FuzzReadUSEBIO used to show 0 executions a second for half a minute
// at a time: the fuzzer minimizes every input that reaches new code,
// trying some n²/2 cuts of an input of n bytes, each a run of the fuzz
// function (about 60 µs with the fuzzer's coverage bookkeeping for a few
// hundred bytes of USEBIO). That is 10 to 40 s for a mutant of a 1 to 2 kB
// seed, and the whole minute -fuzzminimizetime allows by default for one
// of an 80 kB file; a worker's executions are counted only when it is
// done, so with both workers minimizing none are counted. So the fuzz
// tests are seeded with small pieces of the real files, not the files
// whole (TestReadersOnRealFiles checks those), and boundMinimizing caps
// the time spent minimizing one input.

// minimizeTime is the longest the fuzzer minimizes one input, unless
// -fuzzminimizetime says otherwise.
const minimizeTime = "1s"

// boundMinimizing sets -fuzzminimizetime to minimizeTime when the command
// line did not set it (the flag is read when fuzzing starts, in f.Fuzz).
func boundMinimizing(f *testing.F) {
	const name = "test.fuzzminimizetime"
	set := false
	flag.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	if fl := flag.Lookup(name); fl != nil && !set {
		if err := fl.Value.Set(minimizeTime); err != nil {
			f.Fatal(err)
		}
	}
}

// xmlElements returns the elements named name in s, in order ("<name>" or
// "<name attr...>" to the next "</name>"; they must not nest).
func xmlElements(s, name string) []string {
	var out []string
	for {
		i := strings.Index(s, "<"+name+">")
		if j := strings.Index(s, "<"+name+" "); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			return out
		}
		end := strings.Index(s[i:], "</"+name+">")
		if end < 0 {
			return out
		}
		end += i + len("</"+name+">")
		out = append(out, s[i:end])
		s = s[end:]
	}
}

// withoutAfter returns the element el without its children named name
// after the first keep of them.
func withoutAfter(el, name string, keep int) string {
	kids := xmlElements(el, name)
	for _, k := range kids[min(keep, len(kids)):] {
		el = strings.Replace(el, k, "", 1)
	}
	return el
}

// betweenTags matches the white space that indents a file's elements.
var betweenTags = regexp.MustCompile(`>\s+<`)

// usebioPieces cuts a USEBIO file into small files of its own elements:
// the start of its EVENT header, its first pair (one player), its first
// two boards with one traveler line and the first with two, and its first
// hands (two of them).
func usebioPieces(file string) []string {
	file = betweenTags.ReplaceAllString(file, "><")
	ev := regexp.MustCompile(`<EVENT( [^>]*)?>`).FindString(file)
	if ev == "" {
		return nil
	}
	open, end := "<USEBIO>"+ev, "</EVENT></USEBIO>"
	if wt := xmlElements(file, "WINNER_TYPE"); len(wt) > 0 && wt[0] != "<WINNER_TYPE>1</WINNER_TYPE>" {
		open += wt[0]
	}
	handset := strings.Index(file, "<HANDSET")
	if handset < 0 {
		handset = len(file)
	}
	header := file[strings.Index(file, ev)+len(ev):]
	for _, stop := range []string{"<PARTICIPANTS", "<BOARD", "<CONTACT", "</EVENT>"} {
		if j := strings.Index(header, stop); j >= 0 {
			header = header[:j]
		}
	}
	for len(header) > 300 { // whole elements, from the start
		header = header[:strings.LastIndex(header[:len(header)-1], "><")+1]
	}
	pieces := []string{"<USEBIO>" + ev + header + end}
	if pairs := xmlElements(file, "PAIR"); len(pairs) > 0 {
		pieces = append(pieces, open+"<PARTICIPANTS>"+withoutAfter(pairs[0], "PLAYER", 1)+"</PARTICIPANTS>"+end)
	}
	for i, b := range xmlElements(file[:handset], "BOARD") {
		if i == 2 {
			break
		}
		pieces = append(pieces, open+withoutAfter(b, "TRAVELLER_LINE", 1)+end)
		if i == 0 {
			pieces = append(pieces, open+withoutAfter(b, "TRAVELLER_LINE", 2)+end)
		}
	}
	if hands := xmlElements(file[handset:], "BOARD"); len(hands) > 0 {
		pieces = append(pieces, open+"</EVENT><HANDSET>"+withoutAfter(hands[0], "HAND", 2)+"</HANDSET></USEBIO>")
	}
	return pieces
}

// pbnPieces cuts a PBN file into small files of its own games: the first
// three each alone, and the first two together.
func pbnPieces(file string) []string {
	games := strings.Split(strings.ReplaceAll(file, "\r\n", "\n"), "\n\n")
	var pieces []string
	for i, g := range games {
		if i == 3 {
			break
		}
		if len(g) > 1500 { // not PBN (dds_list100.txt): its first lines
			g = g[:strings.LastIndex(g[:1500], "\n")+1]
		}
		if strings.TrimSpace(g) != "" {
			pieces = append(pieces, g+"\n")
		}
	}
	if len(games) >= 2 && len(games[0])+len(games[1]) <= 3000 {
		pieces = append(pieces, games[0]+"\n\n"+games[1]+"\n")
	}
	return pieces
}

// sortedValues returns the files' texts in the order of their paths.
func sortedValues(files map[string]string) []string {
	var out []string
	for _, path := range slices.Sorted(maps.Keys(files)) {
		out = append(out, files[path])
	}
	return out
}

// TestReadersOnRealFiles holds the whole real and golden files, and the
// tests' own, to the checks the fuzz tests make (they are seeded with
// pieces of them).
func TestReadersOnRealFiles(t *testing.T) {
	usebio := realFiles(t, "usebio", ".xml")
	usebio["smallUSEBIO"] = smallUSEBIO
	for path, file := range usebio {
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkReadUSEBIO(t, file)
			checkReadResultsUSEBIO(t, file)
			if _, err := readResults(file, FormatUSEBIO); err != nil && path != "smallUSEBIO" {
				t.Error(err) // the real files are events
			}
		})
	}
	pbn := realFiles(t, "pbn", ".pbn", ".txt")
	pbn["smallPBN"] = smallPBN
	for path, file := range pbn {
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkReadPBN(t, file)
			checkReadPBNResults(t, file)
			checkReadResultsPBN(t, file)
			checkReadHandRecords(t, file)
		})
	}
}

// checkFileError fails the test unless err is a *FileError of the format
// that says where (a line, 1 or more) and what (an element or tag, and what
// was expected). The one error without an element is USEBIO's about the
// XML itself, not well-formed or without a root element (as
// TestReadUSEBIOErrors has it).
func checkFileError(t *testing.T, err error, format string) {
	t.Helper()
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %q, want a *FileError", err, err)
	}
	xmlItself := format == "USEBIO" && (strings.HasPrefix(fe.Expected, "well-formed XML (") || strings.HasPrefix(fe.Expected, "an XML document"))
	if fe.Format != format || fe.Line < 1 || (fe.Element == "" && !xmlItself) || fe.Expected == "" {
		t.Fatalf("%q: want format %s, a line ≥ 1, an element and what was expected; got %+v", err, format, *fe)
	}
}

// sameError fails the test unless two readings of one input failed alike.
func sameError(t *testing.T, err, again error) {
	t.Helper()
	if again == nil || again.Error() != err.Error() {
		t.Fatalf("read again: %v, first %v", again, err)
	}
}

// checkEventData fails the test unless an event read from a file holds
// together: sections whose boards are numbered 1 to their movement's
// boards, every result on one of them, seated at a table of its round that
// plays its board, between pairs the standings rank, and every figure
// finite.
func checkEventData(t *testing.T, d tournament.EventData) {
	t.Helper()
	if len(d.Sections) == 0 {
		t.Fatal("an event without sections")
	}
	for i := range d.Sections {
		checkSectionData(t, &d.Sections[i])
	}
}

// checkSectionData checks one section of an event (see checkEventData).
func checkSectionData(t *testing.T, sd *tournament.SectionData) {
	t.Helper()
	mov := &sd.Section.Movement
	if mov.Boards < 1 || len(sd.Boards) != mov.Boards {
		t.Fatalf("section %s: movement of %d boards, section of %d", sd.Section.Name, mov.Boards, len(sd.Boards))
	}
	for i, b := range sd.Boards {
		if b.Number != i+1 {
			t.Fatalf("section %s: board %d at index %d", sd.Section.Name, b.Number, i)
		}
	}
	if len(sd.Results) == 0 {
		t.Fatalf("section %s without results", sd.Section.Name)
	}
	ranked := func(number, dir string) bool {
		return slices.ContainsFunc(sd.Standings.Pairs, func(s tournament.Standing) bool {
			return s.Number == number && (s.Direction == "" || s.Direction == dir)
		})
	}
	for _, r := range sd.Results {
		where := "section " + sd.Section.Name + " board " + strconv.Itoa(r.Board) + " " + r.NS + " v " + r.EW
		if r.Board < 1 || r.Board > mov.Boards {
			t.Fatalf("%s: not a board of the section's %d", where, mov.Boards)
		}
		if r.Round < 1 || r.Round > len(mov.Rounds) {
			t.Fatalf("%s: round %d of %d", where, r.Round, len(mov.Rounds))
		}
		tables := mov.Rounds[r.Round-1].Tables
		at := slices.IndexFunc(tables, func(tb movement.Table) bool { return tb.Table == r.Table })
		if at < 0 || !slices.Contains(tables[at].Boards, r.Board) {
			t.Fatalf("%s: round %d table %d does not play it (%+v)", where, r.Round, r.Table, tables)
		}
		if mov.Kind != movement.KindTeams && (!ranked(r.NS, "NS") || !ranked(r.EW, "EW")) {
			t.Fatalf("%s: a pair the standings do not rank: %+v", where, sd.Standings.Pairs)
		}
		if r.Status == tournament.StatusPlayed && (r.Tricks < 0 || r.Tricks > 13) {
			t.Fatalf("%s: %d tricks", where, r.Tricks)
		}
	}
	finite := func(what string, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("section %s: %s is %v", sd.Section.Name, what, x)
		}
	}
	for _, tr := range sd.Travelers {
		finite("a top", tr.Top)
		for _, l := range tr.Lines {
			if l.Result.Board != tr.Board.Number {
				t.Fatalf("section %s: board %d's traveler has a line of board %d", sd.Section.Name, tr.Board.Number, l.Result.Board)
			}
			finite("NS points", l.NSPoints)
			finite("EW points", l.EWPoints)
		}
	}
	for _, s := range sd.Standings.Pairs {
		finite("pair "+s.Number+"'s total", s.Total)
		finite("pair "+s.Number+"'s percentage", s.Percentage)
	}
}

// readResults reads doc with ReadResults in that format, dating an
// undated file 2024-01-01 (not today, so that two readings agree).
func readResults(doc string, format Format) (*ResultsFile, error) {
	return ReadResults(strings.NewReader(doc), ReadOptions{Format: format, Today: "2024-01-01"})
}

// checkResultsFile fails the test unless a file read by ReadResults is of
// its format, names its encoding, has notes of its lines and holds an event
// together (see checkEventData).
func checkResultsFile(t *testing.T, rf *ResultsFile, format Format) {
	t.Helper()
	if rf == nil || rf.Format != format || rf.Encoding == "" {
		t.Fatalf("results file %+v, want format %s and an encoding", rf, format)
	}
	for _, n := range rf.Notes {
		if n.Line < 0 || n.Text == "" {
			t.Fatalf("note %+v", n)
		}
	}
	checkEventData(t, rf.Event)
}

// sameResultsFile fails the test unless two readings of one input gave the
// same file: the same event and the same notes.
func sameResultsFile(t *testing.T, rf, again *ResultsFile) {
	t.Helper()
	if !reflect.DeepEqual(rf, again) {
		t.Fatalf("read twice, the same file gave two results:\n%+v\n%+v", rf, again)
	}
}
