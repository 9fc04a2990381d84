package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// cliImportedLine is the first line `traveler import` prints.
var cliImportedLine = regexp.MustCompile(`^event (\d+): `)

// cliImport imports a file into the database at url and returns the new
// event's id and what was printed.
func cliImport(t *testing.T, url, format, path string) (string, string) {
	t.Helper()
	code, stdout, stderr := cliRun(t, "import", format, path, "--database-url", url)
	if code != 0 {
		t.Fatalf("import %s %s: exit %d: %s", format, path, code, stderr)
	}
	m := cliImportedLine.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("import printed %q, want \"event N: ...\" first", stdout)
	}
	return m[1], stdout
}

// cliCountEvents counts the events stored in the database at url.
func cliCountEvents(t *testing.T, url string) int {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	evs, err := tournament.NewService(store, tournament.ServiceOptions{}).Events(ctx, tournament.Director)
	if err != nil {
		t.Fatal(err)
	}
	return len(evs)
}

// cliPBNGames reads a PBN file's games by themselves, as maps of tag to
// value: a game is its tags up to an empty line; % lines and the lines of
// a tag's section (calls, table rows) are skipped.
func cliPBNGames(text string) []map[string]string {
	tag := regexp.MustCompile(`^\[(\w+) "(.*)"\]\s*$`)
	var games []map[string]string
	var g map[string]string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			g = nil
			continue
		}
		if m := tag.FindStringSubmatch(line); m != nil {
			if g == nil {
				g = map[string]string{}
				games = append(games, g)
			}
			if _, seen := g[m[1]]; !seen {
				g[m[1]] = m[2]
			}
		}
	}
	return games
}

// cliPBNLine writes a PBN game's result as cliLineText does; the score "NS 420"
// as 420, "?" when the game gives none.
func cliPBNLine(g map[string]string) string {
	score, ok := strings.CutPrefix(g["Score"], "NS ")
	if !ok {
		score = "?"
	}
	return cliLineText(g["Contract"], g["Declarer"], g["Result"], score)
}

// cliWithoutScore drops the score from a cliLineText line.
func cliWithoutScore(s string) string { return s[:strings.LastIndex(s, " ")] }

// cliCSVLines reads csv-travelers output (section, board, dealer,
// vulnerability, round, table, ns, ew, status, contract, declarer, tricks,
// ns_score, ...) into lines keyed by board, round and table.
func cliCSVLines(t *testing.T, out string) map[[3]string]string {
	t.Helper()
	rows := cliReadCSV(t, out)
	if len(rows) == 0 || !slices.Equal(rows[0][:6], []string{"section", "board", "dealer", "vulnerability", "round", "table"}) {
		t.Fatalf("csv-travelers header %v", rows[0])
	}
	lines := map[[3]string]string{}
	for _, r := range rows[1:] {
		lines[[3]string{r[1], r[4], r[5]}] = cliLineText(r[9], r[10], r[11], r[12])
	}
	return lines
}

// TestCLIImportExportUSEBIO stores butler_howell.xml with `traveler
// import` (a copy with a bad SCORE is refused first and stores nothing),
// then exports the stored event as xlsx, csv-travelers, pbn and usebio and
// reports on it: every figure equals the file's (8 pairs, 35 boards, 140
// lines; pair 4 first with 34.00 IMPs).
func TestCLIImportExportUSEBIO(t *testing.T) {
	url := dbtest.URL(t)
	path := sharedtest.Path(t, "usebio", "butler_howell.xml")
	u := readCLIUSEBIO(t, path)
	lines := 0
	for _, b := range u.Boards {
		lines += len(b.Lines)
	}
	if len(u.Pairs) != 8 || len(u.Boards) != 35 || lines != 140 {
		t.Fatalf("the file has %d pairs, %d boards, %d lines; want 8, 35, 140", len(u.Pairs), len(u.Boards), lines)
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(data, []byte("<SCORE>"))
	badLine := bytes.Count(data[:i], []byte("\n")) + 1
	bad := filepath.Join(t.TempDir(), "bad.xml")
	if err := os.WriteFile(bad, slices.Concat(data[:i], []byte("<SCORE>lots"), data[i+len("<SCORE>"):]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cliRun(t, "import", "usebio", bad, "--database-url", url)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "line "+strconv.Itoa(badLine)+": BOARD/TRAVELLER_LINE/SCORE") {
		t.Errorf("bad SCORE: exit %d, stdout %q, stderr %q; want 1 naming line %d and BOARD/TRAVELLER_LINE/SCORE", code, stdout, stderr, badLine)
	}
	if n := cliCountEvents(t, url); n != 0 {
		t.Fatalf("%d events stored after a refused import, want none", n)
	}

	id, stdout := cliImport(t, url, "usebio", path)
	want := regexp.MustCompile(`^event ` + id + `: Monday Afternoon - Butler \(2026-03-09, law code contract-2017, scored BUTLER\)\n` +
		`  section \d+ "A", session 1, custom movement: 8 pairs, 35 boards, 140 results\n$`)
	if !want.MatchString(stdout) {
		t.Errorf("import printed %q, want it to match %s", stdout, want)
	}

	out := filepath.Join(t.TempDir(), "butler.xlsx")
	if code, _, stderr := cliRun(t, "export", "xlsx", "--event", id, "-o", out, "--database-url", url); code != 0 {
		t.Fatalf("export xlsx: exit %d: %s", code, stderr)
	}
	f := cliOpenWorkbook(t, out)
	cliCheckStandings(t, f, u)
	if row := cliStandingsByPair(t, f)["4"]; row[0] != "1" || row[4] != "34" {
		t.Errorf("pair 4: %v, want place 1 with 34 IMPs (the file: PLACE 1, TOTAL_SCORE 34.00)", row)
	}
	fileLines := u.travelerLines()
	sheetLines := cliTravelersFromSheet(t, f)
	for b, ls := range fileLines {
		if !slices.Equal(sheetLines[b], ls) {
			t.Errorf("board %d: Travelers %v, the file %v", b, sheetLines[b], ls)
		}
	}

	code, stdout, stderr = cliRun(t, "export", "csv-travelers", "--event", id, "--database-url", url)
	if code != 0 {
		t.Fatalf("export csv-travelers: exit %d: %s", code, stderr)
	}
	byBoard := map[int][]string{}
	for k, l := range cliCSVLines(t, stdout) {
		b, _ := strconv.Atoi(k[0])
		byBoard[b] = append(byBoard[b], l)
	}
	for b, ls := range fileLines {
		slices.Sort(byBoard[b])
		if !slices.Equal(byBoard[b], ls) {
			t.Errorf("csv board %d: %v, the file %v", b, byBoard[b], ls)
		}
	}

	code, stdout, stderr = cliRun(t, "export", "pbn", "--event", id, "--database-url", url)
	if code != 0 {
		t.Fatalf("export pbn: exit %d: %s", code, stderr)
	}
	pbnByBoard := map[int][]string{}
	for _, g := range cliPBNGames(stdout) {
		b, _ := strconv.Atoi(g["Board"])
		pbnByBoard[b] = append(pbnByBoard[b], cliPBNLine(g))
	}
	for b, ls := range fileLines {
		slices.Sort(pbnByBoard[b])
		if !slices.Equal(pbnByBoard[b], ls) {
			t.Errorf("pbn board %d: %v, the file %v", b, pbnByBoard[b], ls)
		}
	}

	code, stdout, stderr = cliRun(t, "export", "usebio", "--event", id, "--database-url", url)
	if code != 0 {
		t.Fatalf("export usebio: exit %d: %s", code, stderr)
	}
	var again cliUSEBIO
	if err := xml.Unmarshal([]byte(stdout), &again); err != nil {
		t.Fatalf("export usebio: %v", err)
	}
	for _, p := range u.Pairs {
		k := slices.IndexFunc(again.Pairs, func(q cliUSEBIOPair) bool { return q.Number == p.Number })
		if k < 0 {
			t.Errorf("usebio: no pair %s", p.Number)
			continue
		}
		cliSameNumber(t, "usebio pair "+p.Number+" total", again.Pairs[k].Total, p.Total)
		if again.Pairs[k].Place != p.Place {
			t.Errorf("usebio pair %s: place %s, the file %s", p.Number, again.Pairs[k].Place, p.Place)
		}
	}

	// The reports read the stored event as they read the file.
	fromDB := reportJSONWithoutEvent(t, "royalton", "--event", id, "--database-url", url)
	fromFile := reportJSONWithoutEvent(t, "royalton", "--from", path)
	if fromDB != fromFile {
		t.Errorf("royalton from the database differs from the file's:\n%s\n%s", fromDB, fromFile)
	}
	fromDB = reportJSONWithoutEvent(t, "laws", "--to", "bridge", "--event", id, "--database-url", url)
	fromFile = reportJSONWithoutEvent(t, "laws", "--to", "bridge", "--from", path)
	if fromDB != fromFile {
		t.Errorf("laws from the database differ from the file's")
	}

	// A section or an event that is not there fails, naming the flag.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "csv-standings", "--event", id, "--section", "999999"}, "--section: event " + id + " has no section 999999"},
		{[]string{"report", "royalton", "--event", id, "--session", "2"}, "--session: event " + id + " has no session 2"},
		{[]string{"export", "pbn", "--event", "999999"}, "--event 999999: event 999999 does not exist"},
	} {
		code, stdout, stderr := cliRun(t, append(c.args, "--database-url", url)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestCLIImportHowellMP stores mp_pairs_howell.xml (12 pairs, 27
// boards, 161 lines, one of them the A5050 of board 26) and exports it as
// a workbook whose Standings and Travelers are the file's.
func TestCLIImportHowellMP(t *testing.T) {
	url := dbtest.URL(t)
	path := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	u := readCLIUSEBIO(t, path)
	id, stdout := cliImport(t, url, "usebio", path)
	if !strings.HasSuffix(stdout, ": 12 pairs, 27 boards, 161 results\n") {
		t.Errorf("import printed %q, want 12 pairs, 27 boards, 161 results", stdout)
	}
	out := filepath.Join(t.TempDir(), "howell.xlsx")
	if code, _, stderr := cliRun(t, "export", "xlsx", "--event", id, "-o", out, "--database-url", url); code != 0 {
		t.Fatalf("export xlsx: exit %d: %s", code, stderr)
	}
	f := cliOpenWorkbook(t, out)
	cliCheckStandings(t, f, u)
	sheet := cliTravelersFromSheet(t, f)
	for b, ls := range u.travelerLines() {
		if !slices.Equal(sheet[b], ls) {
			t.Errorf("board %d: Travelers %v, the file %v", b, sheet[b], ls)
		}
	}
}

// reportJSONWithoutEvent runs `traveler report KIND --format json args...`
// and returns its JSON without what names the source: "event_id", "from"
// and the sections' ids.
func reportJSONWithoutEvent(t *testing.T, kind string, args ...string) string {
	t.Helper()
	code, stdout, stderr := cliRun(t, append([]string{"report", kind, "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("report %s %v: exit %d: %s", kind, args, code, stderr)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("report %s: %v", kind, err)
	}
	delete(m, "event_id")
	delete(m, "from")
	var sections []map[string]json.RawMessage
	if err := json.Unmarshal(m["sections"], &sections); err != nil {
		t.Fatalf("report %s: sections: %v", kind, err)
	}
	for _, s := range sections {
		delete(s, "id")
	}
	b, err := json.Marshal(sections)
	if err != nil {
		t.Fatal(err)
	}
	m["sections"] = b
	b, err = json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCLIExportTeamsPBN exports teams_imps_2021.pbn with no database
// (see cliCheckTeamsExports).
func TestCLIExportTeamsPBN(t *testing.T) {
	path := sharedtest.Path(t, "pbn", "teams_imps_2021.pbn")
	cliCheckTeamsExports(t, path, "--from", path)
}

// TestCLIImportTeamsPBN stores the teams file in the database (one round,
// its own 30 matches, the missing room of board 20 an empty slot) and
// checks the exports from the database against the file as
// TestCLIExportTeamsPBN does from the file.
func TestCLIImportTeamsPBN(t *testing.T) {
	url := dbtest.URL(t)
	path := sharedtest.Path(t, "pbn", "teams_imps_2021.pbn")
	id, out := cliImport(t, url, "pbn", path)
	if !strings.Contains(out, "299 results") {
		t.Errorf("import printed %q, want the file's 299 results", out)
	}
	cliCheckTeamsExports(t, path, "--event", id, "--database-url", url)
}

// cliCheckTeamsExports exports teams_imps_2021.pbn (one round of 30
// teams, boards 11 to 20 at 30 tables, 299 games: 300 less the one room of
// board 20 the file lacks) from the source the flags name (--from the
// file, or --event once the file is imported), as csv-travelers, pbn and
// xlsx: every game's contract, declarer, tricks and, where the file has
// one, score comes back.
func cliCheckTeamsExports(t *testing.T, path string, source ...string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := cliPBNGames(string(data))
	if len(games) != 299 {
		t.Fatalf("the file has %d games, want 299", len(games))
	}
	export := func(format string, extra ...string) string {
		t.Helper()
		code, stdout, stderr := cliRun(t, slices.Concat([]string{"export", format}, source, extra)...)
		if code != 0 {
			t.Fatalf("export %s: exit %d: %s", format, code, stderr)
		}
		return stdout
	}

	csvByKey := cliCSVLines(t, export("csv-travelers"))
	if len(csvByKey) != len(games) {
		t.Errorf("csv has %d lines, the file %d games", len(csvByKey), len(games))
	}
	for _, g := range games {
		want, got := cliPBNLine(g), csvByKey[[3]string{g["Board"], "1", g["Table"]}] // one round
		if strings.HasSuffix(want, " ?") {
			want, got = cliWithoutScore(want), cliWithoutScore(got)
		}
		if got != want {
			t.Errorf("csv board %s table %s: %q, the file %q", g["Board"], g["Table"], got, want)
		}
	}

	again := map[[2]string]string{}
	for _, g := range cliPBNGames(export("pbn")) {
		again[[2]string{g["Board"], g["Table"]}] = cliPBNLine(g)
	}
	for _, g := range games {
		want, got := cliPBNLine(g), again[[2]string{g["Board"], g["Table"]}]
		if strings.HasSuffix(want, " ?") {
			want, got = cliWithoutScore(want), cliWithoutScore(got)
		}
		if got != want {
			t.Errorf("pbn board %s table %s: %q, the file %q", g["Board"], g["Table"], got, want)
		}
	}

	out := filepath.Join(t.TempDir(), "teams.xlsx")
	export("xlsx", "-o", out)
	sheet := cliTravelersFromSheet(t, cliOpenWorkbook(t, out))
	fileByBoard := map[int][]string{}
	for _, g := range games {
		b, _ := strconv.Atoi(g["Board"])
		fileByBoard[b] = append(fileByBoard[b], cliWithoutScore(cliPBNLine(g)))
	}
	if len(sheet) != len(fileByBoard) {
		t.Errorf("Travelers has boards %d, the file %d", len(sheet), len(fileByBoard))
	}
	for b, ls := range fileByBoard {
		var got []string
		for _, l := range sheet[b] {
			got = append(got, cliWithoutScore(l))
		}
		slices.Sort(got)
		slices.Sort(ls)
		if !slices.Equal(got, ls) {
			t.Errorf("Travelers board %d: %v, the file %v", b, got, ls)
		}
	}
}
