package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// needDDS skips a test that solves deals under the race detector, which
// DDS cannot be loaded into; scripts/test runs them again without it.
func needDDS(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("DDS is not loaded under the race detector; scripts/test runs the dd tests without -race")
	}
}

// TestDDCommandList100: DDS's own 100 test deals, written as a PBN file
// with their dealers and vulnerabilities, come out of `traveler dd` with
// the trick tables and contract-2017 par scores published with them
// (../shared/testdata/pbn/dds_list100.txt), and every other code's par.
func TestDDCommandList100(t *testing.T) {
	needDDS(t)
	list, err := os.ReadFile(filepath.Join(sharedtest.Dir(t), "pbn", "dds_list100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		table []string // 20 numbers: S H D C NT, each for N E S W
		par   string
	}
	var pbn strings.Builder
	var wants []want
	seats := []string{"N", "E", "S", "W"}
	vuls := []string{"None", "All", "NS", "EW"} // DDS's 0 none, 1 both, 2 NS, 3 EW
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) >= 6 && f[0] == "PBN":
			var dealer, vul int
			fmt.Sscan(f[1], &dealer)
			fmt.Sscan(f[2], &vul)
			fmt.Fprintf(&pbn, "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal %s %s %s %s]\n\n",
				len(wants)+1, seats[dealer], vuls[vul], f[5], f[6], f[7], f[8])
			wants = append(wants, want{})
		case len(f) == 21 && f[0] == "TABLE":
			wants[len(wants)-1].table = f[1:]
		case len(f) >= 2 && f[0] == "PAR2":
			wants[len(wants)-1].par = strings.Trim(f[1], `"`)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"dd", "-"}, strings.NewReader(pbn.String()), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 100 {
		t.Fatalf("%d lines, want 100", len(lines))
	}
	for i, line := range lines {
		var a api.AnalysisDTO
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if a.Board != i+1 {
			t.Fatalf("line %d: board %d", i+1, a.Board)
		}
		byStrain := func(r api.StrainTricksDTO) []int { return []int{r.S, r.H, r.D, r.C, r.NT} }
		rows := [][]int{byStrain(a.Tricks.N), byStrain(a.Tricks.E), byStrain(a.Tricks.S), byStrain(a.Tricks.W)}
		var got []string
		for strain := range 5 {
			for seat := range 4 {
				got = append(got, fmt.Sprint(rows[seat][strain]))
			}
		}
		if strings.Join(got, " ") != strings.Join(wants[i].table, " ") {
			t.Errorf("board %d: table %v, published %v", i+1, got, wants[i].table)
		}
		if p := a.Par["contract-2017"]; fmt.Sprint(p.NSScore) != wants[i].par || len(p.Contracts) == 0 {
			t.Errorf("board %d: contract-2017 par %d %v, published %s", i+1, p.NSScore, p.Contracts, wants[i].par)
		}
		if len(a.Par) != 6 {
			t.Errorf("board %d: par under %d codes, want 6", i+1, len(a.Par))
		}
		for _, code := range []string{"royal-auction-1913", "royalton-1915"} {
			if a.Par[code].Note != api.NulloNote {
				t.Errorf("board %d: %s par does not say nullos are left out", i+1, code)
			}
		}
	}
}

// TestDDCommandRealFile: a results file another program wrote
// (teams_imps_2021.pbn, a RealBridge export: every played result repeats
// its deal, with the program's own double-dummy table and par) gives one
// line for each of its 10 boards, with the same trick tables as the file's
// [DoubleDummyTricks] (20 digits: declarer N, S, E, W, each NT S H D C)
// and the same contract-2017 par as its [OptimumScore] ("NS +90").
func TestDDCommandRealFile(t *testing.T) {
	needDDS(t)
	file := filepath.Join(sharedtest.Dir(t), "pbn", "teams_imps_2021.pbn")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The file's own figures, by board.
	theirs := map[int][2]string{}
	board := 0
	for _, line := range strings.Split(string(raw), "\n") {
		var v string
		switch {
		case strings.HasPrefix(line, "[Board "):
			fmt.Sscanf(strings.Trim(line[7:], `"]`+"\r"), "%d", &board)
		case strings.HasPrefix(line, "[DoubleDummyTricks "):
			v = strings.Trim(line[19:], `"]`+"\r")
			theirs[board] = [2]string{v, theirs[board][1]}
		case strings.HasPrefix(line, "[OptimumScore "):
			v = strings.Trim(line[14:], `"]`+"\r")
			theirs[board] = [2]string{theirs[board][0], v}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"dd", "--laws", "contract-2017,auction-1915", file}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	boards := map[int]bool{}
	for _, line := range lines {
		var a api.AnalysisDTO
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatal(err)
		}
		boards[a.Board] = true
		if len(a.Par) != 2 {
			t.Errorf("board %d: par under %d codes, want the 2 asked for", a.Board, len(a.Par))
		}
		var ours strings.Builder
		for _, r := range []api.StrainTricksDTO{a.Tricks.N, a.Tricks.S, a.Tricks.E, a.Tricks.W} {
			fmt.Fprintf(&ours, "%x%x%x%x%x", r.NT, r.S, r.H, r.D, r.C)
		}
		par := a.Par["contract-2017"].NSScore
		optimum := fmt.Sprintf("NS %+d", par)
		if par == 0 {
			optimum = "0"
		}
		if want := theirs[a.Board]; ours.String() != want[0] || optimum != want[1] {
			t.Errorf("board %d: tricks %s, par %q; the file says %s, %q", a.Board, ours.String(), optimum, want[0], want[1])
		}
	}
	if len(lines) != 10 || len(boards) != 10 || len(theirs) != 10 {
		t.Fatalf("%d lines, %d boards, %d in the file; want 10 of each:\n%s", len(lines), len(boards), len(theirs), stdout.String())
	}
}

// TestDDCommandNoLibrary: where DDS cannot be loaded (here: under the
// race detector, which refuses it as a missing library is refused), a good
// file is exit 1 with the package to install named.
func TestDDCommandNoLibrary(t *testing.T) {
	if !raceEnabled {
		t.Skip("DDS loads here; the missing library is TestNoLibrary's in scoring/dds, and this test's under -race")
	}
	var stdout, stderr bytes.Buffer
	in := "[Board \"1\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n"
	code := run(context.Background(), []string{"dd"}, strings.NewReader(in), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "apt-get install libdds0") || stdout.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestDDCommandBadInput: a bad deal or dealer is exit 1 naming the line,
// the board and the PBN tag (before DDS is loaded); a bad flag is exit 2;
// nothing is written.
func TestDDCommandBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		in   string
		code int
		want string
	}{
		{[]string{"dd"}, "[Board \"3\"]\n[Deal \"N:AKQ.234.567.89T -\"]\n", 1, `stdin: line 1, board 3: [Deal] "N:AKQ.234.567.89T -": must give four hands`},
		{[]string{"dd", "-"}, "[Board \"3\"]\n[Dealer \"X\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n", 1, `line 1, board 3: [Dealer] "X": not a seat`},
		{[]string{"dd"}, "[Board \"4\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n", 1, `line 1, board 4: [Deal] "N:AKQJT98765432... - - -": a hand is not given`},
		{[]string{"dd"}, "[Event \"no deals\"]\n", 1, "[Deal]"},
		{[]string{"dd", "--laws", "whist"}, "", 2, `"whist": not a law code`},
		{[]string{"dd", "--threads", "0"}, "", 2, "--threads 0: must be 1 or more"},
		{[]string{"dd", "--threads", "2", "--memory", "40"}, "", 2, "--memory 40: must be 0 (DDS chooses) or at least 32 MB a thread"},
		{[]string{"dd", "a.pbn", "b.pbn"}, "", 2, `unexpected argument "b.pbn"`},
		// Flags after the file, as every other command takes them.
		{[]string{"dd", "a.pbn", "--threads", "0"}, "", 2, "--threads 0: must be 1 or more"},
		{[]string{"dd", "-", "--laws", "whist"}, "", 2, `"whist": not a law code`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, strings.NewReader(c.in), &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) || stdout.Len() != 0 {
			t.Errorf("%v %q: exit %d, stderr %q, stdout %q; want exit %d and %q", c.args, c.in, code, stderr.String(), stdout.String(), c.code, c.want)
		}
	}
}

// TestDealCommand: `traveler deal` writes the boards asked for as a PBN
// file of hand records that traveler's own reader (the one PUT .../boards
// takes) reads back: boards 5 to 8, each dealer and vulnerability the
// board number's, each deal whole, no two alike; bad flags are exit 2.
func TestDealCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"deal", "--boards", "4", "--first", "5"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	recs, err := reports.ReadHandRecords(bytes.NewReader(stdout.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, rec := range recs {
		n := 5 + i
		b, err := tournament.ParseBoard("", rec.Board)
		if err != nil {
			t.Fatal(err)
		}
		_, whole := b.Deal.Complete()
		if b.Number != n || b.Dealer != scoring.BoardDealer(n) || b.Vulnerability != scoring.BoardVulnerability(n) || !whole || seen[b.Deal.PBN()] {
			t.Errorf("board %d: %+v", n, b)
		}
		seen[b.Deal.PBN()] = true
	}
	if len(recs) != 4 {
		t.Fatalf("%d boards, want 4", len(recs))
	}
	for _, args := range [][]string{{"deal", "--boards", "0"}, {"deal", "--first", "999", "--boards", "2"}, {"deal", "--law", "whist"}, {"deal", "x"}} {
		stdout.Reset()
		if code := run(context.Background(), args, nil, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// TestDealCommandDD: with --dd each board carries its double-dummy tags,
// whose table is DDS's for the deal (solved again here through dd).
func TestDealCommandDD(t *testing.T) {
	needDDS(t)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"deal", "--boards", "3", "--dd", "--law", "royalton-1915"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	file := stdout.String()
	if strings.Count(file, "[DoubleDummyTricks ") != 3 || strings.Count(file, "[OptimumScore ") != 3 || strings.Count(file, `[TravelerPar "royalton-1915 `) != 3 {
		t.Fatalf("the double-dummy tags are not on every board:\n%s", file)
	}
	var dd bytes.Buffer
	if code := run(context.Background(), []string{"dd", "--laws", "contract-2017"}, strings.NewReader(file), &dd, &stderr); code != 0 {
		t.Fatalf("dd: exit %d: %s", code, stderr.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(dd.String()), "\n") {
		var a api.AnalysisDTO
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatal(err)
		}
		var digits strings.Builder
		for _, r := range []api.StrainTricksDTO{a.Tricks.N, a.Tricks.S, a.Tricks.E, a.Tricks.W} {
			fmt.Fprintf(&digits, "%x%x%x%x%x", r.NT, r.S, r.H, r.D, r.C)
		}
		if !strings.Contains(file, fmt.Sprintf("[Board \"%d\"]", a.Board)) || !strings.Contains(file, `[DoubleDummyTricks "`+digits.String()+`"]`) {
			t.Errorf("board %d: dd solves %s, not in the file", a.Board, digits.String())
		}
	}
}

// TestReportParRealFile: `traveler report par` on RealBridge's teams file
// solves its 10 boards and, under contract-2017, gives each board the par
// the file's own [OptimumScore] says, and counts at par exactly the games
// whose [Score] (0 for a passed-out game) is that par.
func TestReportParRealFile(t *testing.T) {
	needDDS(t)
	file := filepath.Join(sharedtest.Dir(t), "pbn", "teams_imps_2021.pbn")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	optimum := map[int]int{}
	atPar := map[int]int{}
	var games [][3]string // board, Score value, OptimumScore value
	for _, game := range strings.Split(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n\n") {
		var g [3]string
		for _, l := range strings.Split(game, "\n") {
			for i, name := range []string{"[Board \"", "[Score \"NS ", "[OptimumScore \"NS "} {
				if v, ok := strings.CutPrefix(l, name); ok {
					g[i] = strings.TrimSuffix(v, "\"]")
				}
			}
		}
		if g[0] != "" && g[2] != "" {
			games = append(games, g)
		}
	}
	for _, g := range games {
		var b, o, sc int
		fmt.Sscan(g[0], &b)
		fmt.Sscan(g[2], &o)
		if g[1] != "" {
			fmt.Sscan(g[1], &sc)
		}
		optimum[b] = o
		if sc == o {
			atPar[b]++
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"report", "par", "--from", file, "--format", "json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep api.ParReportResponse
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Analysed != 10 || len(rep.Codes) != 6 || rep.Codes[0].Law != "contract-2017" || !rep.Codes[0].Own || rep.Codes[0].Results != 299 {
		t.Fatalf("%d analysed, codes %d, first %s own %v with %d results", rep.Analysed, len(rep.Codes), rep.Codes[0].Law, rep.Codes[0].Own, rep.Codes[0].Results)
	}
	for _, b := range rep.Codes[0].Boards {
		if b.Par != optimum[b.Board] || b.AtPar != atPar[b.Board] {
			t.Errorf("board %d: par %d, %d at par; the file: %d, %d", b.Board, b.Par, b.AtPar, optimum[b.Board], atPar[b.Board])
		}
	}
	if len(games) != 299 || len(rep.Codes[0].Boards) != 10 {
		t.Errorf("%d games in the file, %d boards reported", len(games), len(rep.Codes[0].Boards))
	}
}

// TestDealCommandFormats: `traveler deal --format F` (or -o with F's
// extension) writes the boards as a dealing machine's file that traveler's
// reader (the one PUT .../boards takes) reads back to boards 1 to 4, each
// deal whole: DUP and BRI in their fixed records (156 and 128 bytes a
// board, as Big Deal writes them: reports/testdata/deals), DLM with its
// 99 boards, LIN a line a board with its dealer and vulnerability; what a
// format cannot hold is exit 2 naming the flag.
func TestDealCommandFormats(t *testing.T) {
	dir := t.TempDir()
	for f, size := range map[string]int{"dup": 4 * 156, "bri": 4 * 128, "dlm": -1, "lin": -1} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, "set."+f)
		args := []string{"deal", "--boards", "4", "-o", out}
		if f == "lin" {
			args = []string{"deal", "--boards", "4", "--format", "LIN", "-o", filepath.Join(dir, "set.txt")}
			out = filepath.Join(dir, "set.txt")
		}
		if code := run(context.Background(), args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if size >= 0 && len(data) != size {
			t.Errorf("%s: %d bytes, want %d", f, len(data), size)
		}
		if got := reports.SniffHandFormat(data); string(got) != f {
			t.Errorf("%s: the file reads as %s", f, got)
		}
		recs, err := reports.ReadHandRecords(bytes.NewReader(data))
		if err != nil || len(recs) != 4 {
			t.Fatalf("%s: %d boards, %v", f, len(recs), err)
		}
		for i, rec := range recs {
			b, err := tournament.ParseBoard("", rec.Board)
			if err != nil || b.Number != i+1 || !b.Deal.Full() || b.Dealer != scoring.BoardDealer(i+1) || b.Vulnerability != scoring.BoardVulnerability(i+1) {
				t.Errorf("%s board %d: %+v %v", f, i+1, b, err)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"deal", "--format", "rtf"}, "--format"},
		{[]string{"deal", "--format", "bri", "--first", "5"}, "a BRI file has no board numbers"},
		{[]string{"deal", "--format", "dlm", "--first", "98", "--boards", "4"}, "a DLM file holds boards 1 to 99"},
		{[]string{"deal", "--format", "dup", "--dd"}, "--dd"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), c.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}
