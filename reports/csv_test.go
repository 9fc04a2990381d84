package reports

import (
	"bytes"
	"encoding/csv"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
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
	// NS 1 and NS 2 tie at 7.5 (smallEvent), NS 1 listed first.
	if want := "A,NS,1,1,,,,7.50,,3"; string(lines[1]) != want {
		t.Errorf("first row %q, want %q", lines[1], want)
	}
}

// standingsCSVRows writes d's standings CSV and reads it back: the header,
// then the rows by section, direction and number.
func standingsCSVRows(t *testing.T, d tournament.EventData) ([]string, map[[3]string][]string) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, d); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(rows) < 1 {
		t.Fatalf("not CSV: %v\n%s", err, buf.String())
	}
	by := map[[3]string][]string{}
	for _, r := range rows[1:] {
		by[[3]string{r[0], r[1], r[3]}] = r
	}
	return rows[0], by
}

// TestStandingsCSVNumbers: the standings CSV carries each pair's
// membership numbers beside its players, as smallEvent enters them — NS 2
// Ann 100001 and Bob 100002; EW 3 Cat with none and Dan "EBU 4", whose
// number keeps its place as the second; a pair whose players have no
// number, and a pair with no players, leave the column empty.
func TestStandingsCSVNumbers(t *testing.T) {
	d := smallEvent(t)
	d.Sections[0].Pairs = append(d.Sections[0].Pairs, tournament.Pair{SectionID: 1, Number: "1", Direction: "EW", Players: []tournament.Player{{Name: "Eve"}, {Name: "Fay"}}})
	header, by := standingsCSVRows(t, d)
	if want := []string{"section", "direction", "place", "number", "name", "players", "membership_numbers", "score", "percentage", "boards"}; !slices.Equal(header, want) {
		t.Fatalf("header %v, want %v", header, want)
	}
	for _, c := range []struct{ dir, number, players, numbers string }{
		{"NS", "2", "Ann & Bob", "100001 & 100002"},
		{"EW", "3", "Cat & Dan", " & EBU 4"},
		{"EW", "1", "Eve & Fay", ""},
		{"NS", "1", "", ""},
	} {
		r := by[[3]string{"A", c.dir, c.number}]
		if r == nil || r[5] != c.players || r[6] != c.numbers {
			t.Errorf("%s %s: row %q, want players %q, numbers %q", c.dir, c.number, r, c.players, c.numbers)
		}
	}
}

// TestStandingsCSVTeamNumbers: in a teams section (RealBridge's
// teams_imps_2021.pbn, 30 teams and their 60 pairs, numbered alike) a
// team's row carries its own players' numbers, not those of the pair with
// the team's number.
func TestStandingsCSVTeamNumbers(t *testing.T) {
	f, err := os.Open(sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := ReadResults(f, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := rf.Event
	sd := &d.Sections[0]
	if len(sd.Teams) != 30 || len(sd.Pairs) != 60 {
		t.Fatalf("%d teams, %d pairs; want 30 and 60", len(sd.Teams), len(sd.Pairs))
	}
	for i := range sd.Teams {
		if sd.Teams[i].Number == 1 {
			sd.Teams[i].Players = []tournament.Player{{Name: "Ann", Number: "100001"}, {Name: "Bob", Number: "100002"}, {Name: "Cat", Number: "100003"}, {Name: "Dan"}}
		}
	}
	for i := range sd.Pairs {
		if sd.Pairs[i].Number == "1" {
			sd.Pairs[i].Players = []tournament.Player{{Name: "Zed", Number: "999999"}, {Name: "Yan", Number: "999998"}}
		}
	}
	_, by := standingsCSVRows(t, d)
	r := by[[3]string{sd.Section.Name, "", "1"}]
	if r == nil || r[5] != "Ann & Bob & Cat & Dan" || r[6] != "100001 & 100002 & 100003 & " {
		t.Errorf("team 1: row %q, want its own four players and numbers", r)
	}
}

// TestCSVFormulaInjection: text a player or director typed that a
// spreadsheet would run as a formula — starting with =, +, -, @, a tab or a
// carriage return, the characters OWASP's "CSV Injection" guidance lists
// (https://owasp.org/www-community/attacks/CSV_Injection) — is written with
// a leading apostrophe, as that guidance says, by both CSV writers; the
// figures we print stay figures: a negative NS score (-620, 4S by E making
// 10 with EW vulnerable) and a negative total are written as they are.
func TestCSVFormulaInjection(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"=1+1", "'=1+1"},
		{`=HYPERLINK("http://x","y")`, `'=HYPERLINK("http://x","y")`},
		{"+1", "'+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"Ann", "Ann"},       // text that starts no formula is left as it is
		{"O'Neil", "O'Neil"}, // an apostrophe inside a name too
		{"1 = 1", "1 = 1"},   // only the first character counts
	} {
		d := smallEvent(t)
		sd := &d.Sections[0]
		sd.Section.Name = c.name
		for i := range sd.Pairs {
			if sd.Pairs[i].Number == "2" && sd.Pairs[i].Direction == "NS" {
				sd.Pairs[i].Players[0].Name = c.name
				sd.Pairs[i].Players[0].Number = c.name
			}
		}
		for i := range sd.Standings.Pairs {
			if p := &sd.Standings.Pairs[i]; p.Number == "2" && p.Direction == "NS" {
				p.Total = -3.5 // a figure: a total below zero (IMPs) stays a number
			}
		}
		_, by := standingsCSVRows(t, d)
		r := by[[3]string{c.want, "NS", "2"}]
		if r == nil {
			t.Errorf("%q: no row of section %q, NS 2 in %v", c.name, c.want, by)
			continue
		}
		wantNum := c.want
		if c.name[0] == '\t' || c.name[0] == '\r' {
			wantNum = "'=1" // membership numbers are trimmed (standingPlayers.columns): "=1" is left, made inert
		}
		if wantPl, wantNum := c.want+" & Bob", wantNum+" & 100002"; r[5] != wantPl || r[6] != wantNum || r[7] != "-3.50" {
			t.Errorf("%q: players %q, numbers %q, score %q; want %q, %q and -3.50", c.name, r[5], r[6], r[7], wantPl, wantNum)
		}

		for i := range sd.Travelers {
			for j := range sd.Travelers[i].Lines {
				if l := &sd.Travelers[i].Lines[j].Result; l.Board == 1 && l.Round == 1 {
					l.NSScore = -620
					l.NS = c.name
				}
			}
		}
		var buf bytes.Buffer
		if err := WriteTravelersCSV(&buf, d); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, row := range rows[1:] {
			if row[0] != c.want {
				t.Errorf("%q: travelers.csv section %q, want %q", c.name, row[0], c.want)
			}
			if row[1] == "1" && row[4] == "1" {
				found = true
				if row[6] != c.want || row[12] != "-620" {
					t.Errorf("%q: board 1 round 1 ns %q, ns_score %q; want %q and -620", c.name, row[6], row[12], c.want)
				}
			}
		}
		if !found {
			t.Errorf("%q: no line of board 1, round 1 in travelers.csv", c.name)
		}
	}
}
