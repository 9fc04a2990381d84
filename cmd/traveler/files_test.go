package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// resultsFiles lists the results files the tests read every one of: the
// USEBIO and PBN files of ../shared/testdata, and those of the folders
// TRAVELER_EXTRA_TESTDATA names (separated by the list separator, each
// holding usebio/ and pbn/ folders), so that more real files can be tried
// without changing a test.
func resultsFiles(t *testing.T) []string {
	t.Helper()
	dirs := []string{sharedtest.Dir(t)}
	if extra := os.Getenv("TRAVELER_EXTRA_TESTDATA"); extra != "" {
		dirs = append(dirs, filepath.SplitList(extra)...)
	}
	var files []string
	for _, d := range dirs {
		for _, pattern := range []string{"usebio/*.xml", "pbn/*.pbn"} {
			m, err := filepath.Glob(filepath.Join(d, pattern))
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, m...)
		}
	}
	if len(files) < 7 {
		t.Fatalf("%d results files in %v, want the 7 of shared/testdata at least", len(files), dirs)
	}
	return files
}

// refusedFiles are real files traveler refuses, each for a reason it
// gives (the error it must print); the tests expect the refusal. Only
// TRAVELER_EXTRA_TESTDATA folders hold them.
var refusedFiles = map[string]string{
	// lin→PBN of three boards of three events, one table each, one with
	// team tags, the others with no names.
	"bfc_lin2pbn_cavendish_3boards.pbn": "expected one kind of event in the whole file",
	// a parser's test file: board 28's ScoreTable twice.
	"magiccontest_butler_excerpt.pbn": `[Board] "28": expected one result per board for each NS and EW pair`,
	// the PBN standard's reference file: end positions of 12 cards.
	"pbnstd_reference_correct_20.pbn": "the N hand has 12 cards",
	// an individual event as a ScoreTable with PlayerId_North… columns (traveler reads an individual from games' PlayerId_ tags).
	"ruter_individual_orebro_2010.pbn": "not from a ScoreTable's PlayerId_ columns",
	// team leagues' match summaries (MatchDetails), no traveler lines.
	"ruter_teams_div2_2013.pbn": "holds match summaries",
	"ruter_teams_salo_2013.pbn": "holds match summaries",
}

// TestEveryResultsFileOnePath reads every results file the three ways a
// club can (issue 12 §4): `traveler rescore`, `traveler export --from`,
// and `traveler import` followed by `traveler export --event` from the
// database. The standings and every traveler line must be the same each
// way: the CSV files byte for byte between the file and the database, and
// rescore's JSON (the API's shape) row for row against the standings CSV.
// Every file is dated 2026-11-24 with --date, as some have no date. Then
// the file traveler writes of it, as PBN and (where the event fits) as
// USEBIO, must read back to the same standings.
func TestEveryResultsFileOnePath(t *testing.T) {
	url := dbtest.URL(t)
	for _, path := range resultsFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			date := []string{"--date", "2026-11-24"}
			if why, ok := refusedFiles[filepath.Base(path)]; ok {
				code, _, stderr := cliRun(t, append([]string{"rescore", path}, date...)...)
				if code != 1 || !strings.Contains(stderr, why) {
					t.Errorf("rescore: exit %d, %s; want 1 and %q", code, stderr, why)
				}
				return
			}
			out, _ := runRescoreJSON(t, append([]string{path}, date...)...)
			fromFile := map[string]string{}
			for _, kind := range []string{"csv-standings", "csv-travelers"} {
				code, stdout, stderr := cliRun(t, append([]string{"export", kind, "--from", path, "-o", "-"}, date...)...)
				if code != 0 {
					t.Fatalf("export %s --from: exit %d: %s", kind, code, stderr)
				}
				fromFile[kind] = stdout
			}
			code, stdout, stderr := cliRun(t, append([]string{"import", path, "--database-url", url}, date...)...)
			if code != 0 {
				t.Fatalf("import: exit %d: %s", code, stderr)
			}
			m := cliImportedLine.FindStringSubmatch(stdout)
			if m == nil {
				t.Fatalf("import printed %q", stdout)
			}
			for _, kind := range []string{"csv-standings", "csv-travelers"} {
				code, stdout, stderr := cliRun(t, "export", kind, "--event", m[1], "--database-url", url, "-o", "-")
				if code != 0 {
					t.Fatalf("export %s --event: exit %d: %s", kind, code, stderr)
				}
				if stdout != fromFile[kind] {
					t.Errorf("%s from the database differs from the file's:\n%s", kind, apitest.LineDiff([]byte(fromFile[kind]), []byte(stdout)))
				}
			}
			rows, err := csv.NewReader(strings.NewReader(fromFile["csv-standings"])).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			// section,direction,place,number,name,players,membership_numbers,score,percentage,boards
			var got []string
			for _, sec := range out.out.Sections {
				for _, p := range sec.Standings.Pairs {
					pct := ""
					if tournament.Method(out.out.Event.Scoring).HasPercentage() {
						pct = strconv.FormatFloat(p.Percentage, 'f', 2, 64)
					}
					got = append(got, strings.Join([]string{sec.Name, p.Direction, p.Place, p.Number, p.Name, strconv.FormatFloat(p.Total, 'f', 2, 64), pct, strconv.Itoa(p.Boards)}, ","))
				}
			}
			var want []string
			for _, r := range rows[1:] {
				want = append(want, strings.Join([]string{r[0], r[1], r[2], r[3], r[4], r[7], r[8], r[9]}, ","))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("rescore's standings differ from export's:\n%s\n--\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// What traveler writes of it reads back to the same standings:
			// PBN always, USEBIO where it can hold the event (one section
			// of pairs, a method it names).
			for _, format := range []string{"pbn", "usebio"} {
				out := filepath.Join(t.TempDir(), "again."+map[string]string{"pbn": "pbn", "usebio": "xml"}[format])
				code, _, stderr := cliRun(t, append([]string{"export", format, "--from", path, "-o", out}, date...)...)
				if code != 0 {
					if format == "usebio" && (strings.Contains(stderr, "USEBIO") || strings.Contains(stderr, "section")) {
						continue // the event does not fit USEBIO; the refusal says why
					}
					t.Fatalf("export %s --from: exit %d: %s", format, code, stderr)
				}
				// A teams event is written as USEBIO's team event, which
				// traveler's reader takes back as a teams section.
				code, stdout, stderr := cliRun(t, "export", "csv-standings", "--from", out, "-o", "-")
				if code != 0 {
					t.Fatalf("%s written by traveler, read back: exit %d: %s", format, code, stderr)
				}
				want := fromFile["csv-standings"]
				if format == "usebio" {
					// USEBIO names no section: the one it holds reads back as A.
					want = regexp.MustCompile(`(?m)^[^,\n]*,`).ReplaceAllString(want, "A,")
					want = strings.Replace(want, "A,direction", "section,direction", 1)
				}
				if stdout != want {
					t.Errorf("%s written by traveler reads back to other standings:\n%s", format, apitest.LineDiff([]byte(want), []byte(stdout)))
				}
			}
			t.Logf("%s: %d standings rows, %d traveler lines the same three ways", filepath.Base(path), len(rows)-1, strings.Count(fromFile["csv-travelers"], "\n")-1)
		})
	}
}

// TestResultsEndpointIsRescoreShape imports the Compscore Howell through
// the API of `traveler serve` and reads GET /v1/events/{id}/results: it
// must be what `traveler rescore --format json` prints for the same file —
// one shape for the API and the CLI — but for what only a stored event has
// (ids, timestamps, versions) and what only a file has (how it was read).
func TestResultsEndpointIsRescoreShape(t *testing.T) {
	port := portOf(t, freeAddr(t))
	serveInProcess(t, "http://127.0.0.1:"+port, "--addr", "127.0.0.1:"+port)
	e := apitest.Client{T: t, URL: "http://127.0.0.1:" + port}
	path := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var imp api.ImportResponse
	e.Want(201, &imp, "POST", "/v1/events/import", apitest.DirectorToken, string(body), "Content-Type", "application/xml")
	if imp.File.Format != "usebio" || imp.File.Encoding != "UTF-8" || len(imp.File.Notes) != 0 {
		t.Errorf("how the file was read: %+v, want usebio, UTF-8 and no note", imp.File)
	}
	var stored api.EventResultsResponse
	e.Want(200, &stored, "GET", "/v1/events/"+apitest.ID(imp.ID)+"/results", apitest.DirectorToken, nil)
	rescored, _ := runRescoreJSON(t, path)
	file := rescored.out
	if file.File == nil || stored.File != nil {
		t.Fatalf("file: %v from the file, %v from the API; want only the file's", file.File, stored.File)
	}
	// What only a stored event has: ids, timestamps, versions and who entered.
	file.File = nil
	file.Event.ID, file.Event.CreatedAt, file.Event.UpdatedAt = stored.Event.ID, stored.Event.CreatedAt, stored.Event.UpdatedAt
	for i := range file.Sections {
		file.Sections[i].ID = stored.Sections[i].ID
		for j := range file.Sections[i].Travelers {
			tf, ts := &file.Sections[i].Travelers[j], &stored.Sections[i].Travelers[j]
			tf.SectionID = ts.SectionID
			for k := range tf.Lines {
				lf, ls := &tf.Lines[k], &ts.Lines[k]
				lf.ID, lf.SectionID, lf.Version, lf.EnteredBy, lf.EnteredAt, lf.UpdatedAt = ls.ID, ls.SectionID, ls.Version, ls.EnteredBy, ls.EnteredAt, ls.UpdatedAt
			}
		}
	}
	if a, b := apitest.JSON(file), apitest.JSON(stored); a != b {
		t.Errorf("GET results differs from rescore's JSON:\n%s", apitest.LineDiff([]byte(strings.ReplaceAll(a, ",", ",\n")), []byte(strings.ReplaceAll(b, ",", ",\n"))))
	}
	if n := len(stored.Sections[0].Standings.Pairs); n != 12 {
		t.Errorf("%d pairs, want the file's 12", n)
	}
}
