package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// TestCLIImportHandSetWiderThanPlayed: `traveler import` of a results file
// whose hand set is wider than the boards played (as EBUScore writes boards
// 19–28 with no results) stores the boards played, as the file without
// the extra deals would be stored, and notes the rest naming the line of
// the first (issue 27 §3). The file: the real 27-board session
// pairs_no_date_2013.pbn (../shared/testdata) with the deals of boards
// 28–30 of the real BridgeNZ hand set reports/testdata/pbn/
// hazlemere_trophy_2015.pbn after it. Before, import refused the whole
// file with a message naming no line.
func TestCLIImportHandSetWiderThanPlayed(t *testing.T) {
	url := dbtest.URL(t)
	playedPath := sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn")
	played, err := os.ReadFile(playedPath)
	if err != nil {
		t.Fatal(err)
	}
	set, err := os.ReadFile(filepath.Join("..", "..", "reports", "testdata", "pbn", "hazlemere_trophy_2015.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := reports.ReadPBN(strings.NewReader(string(set)))
	if err != nil {
		t.Fatal(err)
	}
	file := strings.TrimRight(string(played), "\r\n") + "\n"
	firstLine := strings.Count(file, "\n") + 2
	for _, g := range games {
		if b := g.Value("Board"); b == "28" || b == "29" || b == "30" {
			file += "\n[Board \"" + b + "\"]\n[Dealer \"" + g.Value("Dealer") + "\"]\n[Deal \"" + g.Value("Deal") + "\"]\n"
		}
	}
	wider := filepath.Join(t.TempDir(), "wider.pbn")
	if err := os.WriteFile(wider, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want := cliImport(t, url, "pbn", playedPath)
	code, got, stderr := cliRun(t, "import", "pbn", wider, "--database-url", url)
	if code != 0 {
		t.Fatalf("import of the wider hand set: exit %d: %s", code, stderr)
	}
	ids := regexp.MustCompile(`(?m)^event \d+: |section \d+ `) // the new event's and section's ids
	strip := func(s string) string { return ids.ReplaceAllString(s, "") }
	if strip(got) != strip(want) {
		t.Errorf("import printed\n%s\nwant what the file without the extra deals gives:\n%s", got, want)
	}
	if !strings.Contains(stderr, "line "+strconv.Itoa(firstLine)) || !strings.Contains(stderr, "boards 28–30") {
		t.Errorf("stderr %q: no note naming line %d and boards 28–30", stderr, firstLine)
	}
}
