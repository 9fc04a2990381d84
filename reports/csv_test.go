package reports

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// update rewrites the golden files under testdata/golden instead of
// comparing with them: go test ./reports -run Golden -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or writes it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// TestStandingsCSVGolden: smallEvent's standings (the figures worked out in
// its comment: NS 2 7.50 62.50 first, EW 3 9.50 79.17 first).
func TestStandingsCSVGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, smallEvent(t)); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings.csv", buf.Bytes())
}

// TestTravelersCSVGolden: smallEvent's nine traveler lines with the scores
// and matchpoints of its comment.
func TestTravelersCSVGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteTravelersCSV(&buf, smallEvent(t)); err != nil {
		t.Fatal(err)
	}
	golden(t, "travelers.csv", buf.Bytes())
}

// TestStandingsCSVNoPercentage: a method without percentages leaves the
// column empty rather than printing 0.00.
func TestStandingsCSVNoPercentage(t *testing.T) {
	d := smallEvent(t)
	d.Event.Scoring = tournament.MethodTotal
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, d); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(buf.Bytes(), []byte("\n"))
	if want := "A,NS,1,2,,Ann & Bob,7.50,,3"; string(lines[1]) != want {
		t.Errorf("first row %q, want %q", lines[1], want)
	}
}
