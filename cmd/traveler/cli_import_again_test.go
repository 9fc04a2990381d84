package main

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// TestCLIImportAgain: importing the same file twice is refused, naming the
// event that holds it, and nothing more is stored; --again imports it.
func TestCLIImportAgain(t *testing.T) {
	url := dbtest.URL(t)
	path := sharedtest.Path(t, "usebio", "butler_howell.xml")
	first, _ := cliImport(t, url, "usebio", path)
	code, stdout, stderr := cliRun(t, "import", "usebio", path, "--database-url", url)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "event "+first+" (") || !strings.Contains(stderr, "--again") {
		t.Errorf("second import: exit %d, stdout %q, stderr %q; want 1 naming event %s and --again", code, stdout, stderr, first)
	}
	if n := cliCountEvents(t, url); n != 1 {
		t.Fatalf("%d events after a refused import, want 1", n)
	}
	code, _, stderr = cliRun(t, "import", "usebio", path, "--again", "--database-url", url)
	if code != 0 {
		t.Fatalf("import --again: exit %d: %s", code, stderr)
	}
	if n := cliCountEvents(t, url); n != 2 {
		t.Errorf("%d events after import --again, want 2", n)
	}
}
