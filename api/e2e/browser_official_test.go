package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestBrowserImportOfficialFigures: on a phone, the director imports the
// Compscore3 copy with one line changed (officialCopy traces every figure)
// from the import page: read strictly it is refused naming line 261's
// NS_MATCH_POINTS, nothing stored; with "Keep the file's official figures"
// the page lists the six differences (line, where, file, traveler, by),
// says two sides were corrected and that the event now shows the file's
// figures, and board 1's traveler flags the corrected sides TD.
func TestBrowserImportOfficialFigures(t *testing.T) {
	b := newEnv(t, withBrowser())
	file := filepath.Join(t.TempDir(), "edited.xml")
	if err := os.WriteFile(file, officialCopy(t), 0o600); err != nil {
		t.Fatal(err)
	}
	d := b.phone("director")
	d.signInDirector()
	d.open("/director")
	d.submit("#import-event")
	d.noError("open the import page")
	if d.count("#figures-traveler:checked") != 1 {
		t.Errorf("the page does not offer traveler's figures by default")
	}

	before := countEvents(b)
	d.do("choose the file", chromedpUpload("#import-file", file))
	d.check("#import-strict", true)
	d.submit("#import-submit")
	if msg := d.pageError(); !strings.Contains(msg, "line 261") || !strings.Contains(msg, "NS_MATCH_POINTS") || !strings.Contains(msg, "file 2, traveler 0") {
		t.Errorf("strict import: the page says %q", msg)
	}
	if n := countEvents(b); n != before {
		t.Fatalf("%d events after a refused import, want %d", n, before)
	}
	d.shot("import refused strictly")

	d.do("choose the file again", chromedpUpload("#import-file", file))
	d.check("#import-strict", false)
	d.click("#figures-official")
	d.submit("#import-submit")
	d.noError("import keeping the official figures")
	rows := eval[[]string](d, "read the differences", `[...document.querySelectorAll("#differences-table tr.difference")].map(tr =>
		[...tr.querySelectorAll("td")].map(td => td.textContent.trim()).filter(s => s !== "").join(" | "))`)
	want := []string{
		"261 | board 1 round 1 table 1 (3 v 11) NS points | 2 | 0 | +2.00",
		"261 | board 1 round 1 table 1 (3 v 11) EW points | 8 | 10 | -2.00",
		"68 | pair 3 total | 134.17 | 132.09 | +2.08",
		"68 | pair 3 percentage | 49.69 | 48.92 | +0.77",
		"220 | pair 11 total | 129.60 | 131.60 | -2.00",
		"220 | pair 11 percentage | 48.00 | 48.74 | -0.74",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("the differences table:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	if got := d.text("#figures-kept"); !strings.Contains(got, "2 line sides corrected") || !strings.Contains(got, "now shows every figure as the file does") {
		t.Errorf("the page says %q", got)
	}
	d.shot("imported keeping the official figures")

	d.submit(".imported-section")
	d.noError("open the imported section's results")
	d.open(strings.Replace(d.path(), "/results", "/travelers/1", 1))
	d.noError("open board 1's traveler")
	if n := d.count("table.traveler tr.line"); n == 0 || !strings.Contains(d.text("table.traveler"), "TD") {
		t.Errorf("board 1's traveler (%d lines) flags no corrected side: %q", n, d.text("table.traveler"))
	}
	d.shot("board 1 with the file's figures")
}

// TestBrowserYourFiguresSwitchAfterImport (issue 27 §2): on a phone, the
// director imports the Compscore3 copy with one line changed (officialCopy)
// taking traveler's figures, then, from the import page's button, keeps
// the file's official figures after all: the event's page says the two
// sides of board 1's 3 v 11 were corrected, and the standings are the
// file's (pair 3 134.17, traveler's own 132.09).
func TestBrowserYourFiguresSwitchAfterImport(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := importPageWith(b, "edited.xml", officialCopy(t))
	d.submit("#import-submit")
	d.noError("import taking traveler's figures")
	if got := d.text("#switch-figures-submit"); got != "Keep the file's official figures instead" {
		t.Fatalf("the switch button says %q", got)
	}
	d.shot("imported with traveler's figures, the switch offered")
	d.submit("#switch-figures-submit")
	d.noError("keep the file's figures after the import")
	if got := d.text(".flash"); !strings.Contains(got, "Kept the file's official figures: 2 line sides corrected") {
		t.Errorf("the event page says %q", got)
	}
	d.shot("the file's figures kept after the import")
	eventPath := d.path()
	var imp struct{ ID int64 }
	if _, err := fmt.Sscanf(eventPath, "/director/events/%d", &imp.ID); err != nil {
		t.Fatalf("after the switch the page is %s, not the event's", eventPath)
	}
	pair3 := func() string {
		var st api.StandingsResponse
		var secs []api.SectionResponse
		b.want(200, &secs, "GET", "/v1/events/"+id(imp.ID)+"/sections", directorToken, nil)
		b.want(200, &st, "GET", "/v1/sections/"+id(secs[0].ID)+"/standings", directorToken, nil)
		for _, p := range st.Pairs {
			if p.Number == "3" {
				return f2(p.Total)
			}
		}
		return ""
	}
	if got := pair3(); got != "134.17" {
		t.Errorf("pair 3 after keeping the file's figures: %s, want 134.17", got)
	}
}

// TestBrowserImportOnePair: on a phone, the director imports onePairFile
// (one pair listed, one line against pair 2) from the import page; the
// page's notes say the file lists one pair, that pair 2 was added from the
// line, that board 1 has one line and so scores 0 both ways on a top of 0,
// and that pairs 1 and 2 therefore have no result (TestAPIImportOnePair's
// notes, as the director reads them).
func TestBrowserImportOnePair(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := importPageWith(b, "one-pair.xml", []byte(onePairFile))
	d.submit("#import-submit")
	d.noError("import the one-pair file")
	notes := d.text("#import-notes")
	for _, w := range []string{
		"the file lists one pair only",
		"the traveller lines name pairs PARTICIPANTS does not list (2): added with no players",
		"board 1 has one traveller line only: no other score to compare it with, so it scores 0 for both sides on a top of 0",
		"pairs 1 and 2 play no board with another score to compare: their 0 % is no result",
	} {
		if !strings.Contains(notes, w) {
			t.Errorf("the page's notes %q lack %q", notes, w)
		}
	}
	d.shot("one-pair file imported")
}

// importPageWith is a director's phone on the import page with a file
// called name holding data chosen in it (written to a temporary folder).
func importPageWith(b *env, name string, data []byte) *browserTab {
	b.t.Helper()
	file := filepath.Join(b.t.TempDir(), name)
	if err := os.WriteFile(file, data, 0o600); err != nil {
		b.t.Fatal(err)
	}
	d := b.phone("director")
	d.signInDirector()
	d.open("/director/import")
	d.noError("open the import page")
	d.do("choose the file", chromedpUpload("#import-file", file))
	return d
}
