package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// cliOfficialCopy writes the copy of Compscore3's mp_pairs_howell.xml
// that reports' TestOfficialFigureChanged reads (its comment traces each
// figure): board 1's 3 v 11 given 2 and 8 matchpoints instead of 0 and 10,
// pair 3 134.17 / 49.69 %, pair 11 129.60 / 48.00 %.
func cliOfficialCopy(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for n, e := range map[int][2]string{
		269: {"<NS_MATCH_POINTS>0<", "<NS_MATCH_POINTS>2<"}, 270: {"<EW_MATCH_POINTS>10<", "<EW_MATCH_POINTS>8<"},
		71: {"132.09", "134.17"}, 72: {"48.92", "49.69"}, 223: {"131.60", "129.60"}, 224: {"48.74", "48.00"},
	} {
		if !strings.Contains(lines[n-1], e[0]) {
			t.Fatalf("line %d does not hold %q", n, e[0])
		}
		lines[n-1] = strings.Replace(lines[n-1], e[0], e[1], 1)
	}
	path := filepath.Join(t.TempDir(), "edited.xml")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCLIImportOfficialFigures: `traveler import` prints the file's figures
// that differ from traveler's (stderr notes, a table on stdout), refuses
// the file with --strict naming the first difference and storing nothing,
// and with --figures official keeps the file's line points: two sides
// corrected, the imported event showing every figure as the file does.
// The unchanged file prints no difference.
func TestCLIImportOfficialFigures(t *testing.T) {
	url := dbtest.URL(t)
	path := cliOfficialCopy(t)
	before := cliCountEvents(t, url)
	code, _, stderr := cliRun(t, "import", path, "--strict", "--database-url", url)
	if code != 1 || !strings.Contains(stderr, "line 261: BOARD/TRAVELLER_LINE/NS_MATCH_POINTS") || !strings.Contains(stderr, "file 2, traveler 0") {
		t.Errorf("--strict: exit %d, %s; want 1 naming line 261's NS_MATCH_POINTS", code, stderr)
	}
	if code, _, stderr := cliRun(t, "import", path, "--figures", "file", "--database-url", url); code != 2 || !strings.Contains(stderr, "--figures") {
		t.Errorf("--figures file: exit %d, %s; want 2 naming the flag", code, stderr)
	}
	if n := cliCountEvents(t, url); n != before {
		t.Fatalf("%d events after refused imports, want %d", n, before)
	}

	code, stdout, stderr := cliRun(t, "import", path, "--figures", "official", "--database-url", url)
	if code != 0 {
		t.Fatalf("import --figures official: exit %d: %s", code, stderr)
	}
	if n := strings.Count(stderr, "the file's official figure differs from traveler's"); n != 6 {
		t.Errorf("%d notes of differing figures, want 6:\n%s", n, stderr)
	}
	for _, w := range []string{
		"6 figures of the file's own differ from traveler's:",
		"board 1 round 1 table 1 (3 v 11) NS points  2",
		"pair 3 total",
		"kept the file's official figures: 2 line sides corrected",
		"the imported event shows every figure as the file does",
	} {
		if !strings.Contains(stdout, w) {
			t.Errorf("import printed\n%s\nwithout %q", stdout, w)
		}
	}

	_, stdout = cliImport(t, url, "usebio", sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if strings.Contains(stdout, "differ") {
		t.Errorf("the unchanged file printed differences:\n%s", stdout)
	}
}

// TestCLIImportOfficialFiguresPBN: a PBN file's own figures go the same
// way (issue 27 §2): the copy of Ruter's real Butler session that reports'
// TestOfficialPBNFigureChanged reads (board 1's first ScoreTable row, line
// 71, given 7 and −7 IMPs where traveler, as the file, gives 5 and −5; pair
// 6 tied with pair 7 at 3= on 34 where its lines add to 29) is refused
// with --strict at that row, and imported with --figures official its
// row's two sides are corrected, the pair's tie explained in the table.
func TestCLIImportOfficialFiguresPBN(t *testing.T) {
	url := dbtest.URL(t)
	data, err := os.ReadFile("../../reports/testdata/pbn/ruter_butler_2012.pbn")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for n, e := range map[int][2]string{
		71: {`"120"      -   5  -5`, `"120"      -   7  -7`},
		56: {` 3  -  7 4 "N-S"  34`, ` 3  4  7 4 "N-S"  34`},
		57: {` 4  5  6 3 "N-S"  29`, ` 3  4  6 3 "N-S"  34`},
	} {
		if !strings.Contains(lines[n-1], e[0]) {
			t.Fatalf("line %d does not hold %q", n, e[0])
		}
		lines[n-1] = strings.Replace(lines[n-1], e[0], e[1], 1)
	}
	path := filepath.Join(t.TempDir(), "edited.pbn")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cliRun(t, "import", path, "--strict", "--database-url", url); code != 1 || !strings.Contains(stderr, "line 71: [ScoreTable] IMP_NS") {
		t.Errorf("--strict: exit %d, %s; want 1 naming line 71's IMP_NS", code, stderr)
	}
	code, stdout, stderr := cliRun(t, "import", path, "--figures", "official", "--database-url", url)
	if code != 0 {
		t.Fatalf("import --figures official: exit %d: %s", code, stderr)
	}
	for _, w := range []string{
		"4 figures of the file's own differ from traveler's:",
		"(3 v 4) NS points  7",
		"a tie in the file: it places pairs 6, 7 at 3=",
		"kept the file's official figures: 2 line sides corrected",
	} {
		if !strings.Contains(stdout, w) {
			t.Errorf("import printed\n%s\nwithout %q", stdout, w)
		}
	}
}
