package reports_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// adjustedEvent is the hand-checked event (handChecked, contract-2017)
// with three lines adjusted (issue 27 §4):
//
//   - board 1, NS1–EW1: an assigned score weighted under Law 12C1(c), half
//     4S= by N (NS +420, Law 77, not vulnerable) and half 4S−1 by N (NS −50):
//     weighted NS +185;
//   - board 2, NS1–EW3: a split score under Law 12C1(b): NS are given 4HX= by
//     E (NS −590, EW not vulnerable: 240 + 50 + 300), EW are given 4HX−1 by E
//     (NS +100, doubled not vulnerable), the EW side's own;
//   - board 3, NS1–EW2: an artificial adjusted score, 60 %/40 % (Law 12C2).
func adjustedEvent(t *testing.T) tournament.EventData {
	t.Helper()
	d := mitchell3(t, scoring.Contract2017, handChecked)
	sd := &d.Sections[0]
	results := sd.Results
	for i := range results {
		r := &results[i]
		switch {
		case r.Board == 1 && r.NS == "1":
			*r = tournament.Result{SectionID: r.SectionID, Board: r.Board, Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW,
				Status: tournament.StatusAssigned, Assigned: []tournament.AssignedPart{{NSScore: 420, Weight: 0.5}, {NSScore: -50, Weight: 0.5}}}
		case r.Board == 2 && r.NS == "1":
			*r = tournament.Result{SectionID: r.SectionID, Board: r.Board, Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW,
				Status: tournament.StatusAssigned, Assigned: []tournament.AssignedPart{{NSScore: -590, Weight: 1}},
				EWAssigned: []tournament.AssignedPart{{NSScore: 100, Weight: 1}}}
		case r.Board == 3 && r.NS == "1":
			*r = tournament.Result{SectionID: r.SectionID, Board: r.Board, Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW,
				Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40}
		}
	}
	rules, err := d.Event.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if errs := tournament.ScoreResults(rules, &sd.Section, nil, results); errs != nil {
		t.Fatalf("scoring the adjusted event: %v", errs)
	}
	d.Sections[0] = tournament.BuildSection(d.Event, sd.Section, sd.Pairs, nil, nil, results)
	return d
}

// TestPBNAdjustedScoresReadBack: an event with a weighted assigned score
// (Law 12C1(c)), a split score (12C1(b)) and an artificial score, written
// as PBN, reads back through traveler to the same standings and the same
// lines (before, the assigned lines were written with no part of their
// score that a reader could take, and the file read back without them).
func TestPBNAdjustedScoresReadBack(t *testing.T) {
	d := adjustedEvent(t)
	want := standingsOf(d)
	for _, w := range []string{"board 1 1 v 1 assigned  185:", "board 2 1 v 3 assigned  -590:"} {
		if !strings.Contains(want, w) {
			t.Fatalf("the adjusted event's own lines lack %q (Law 12C1(c): ½·420 + ½·(−50) = 185):\n%s", w, want)
		}
	}
	var pbn bytes.Buffer
	if err := reports.WritePBN(&pbn, d); err != nil {
		t.Fatal(err)
	}
	back, err := reports.ReadResults(bytes.NewReader(pbn.Bytes()), reports.ReadOptions{Strict: true})
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, pbn.String())
	}
	if got := standingsOf(back.Event); got != want {
		t.Errorf("read back:\n%s\nwant\n%s", got, want)
	}
	var split *tournament.Result
	for i := range back.Event.Sections[0].Results {
		if r := &back.Event.Sections[0].Results[i]; r.Board == 2 && r.NS == "1" {
			split = r
		}
	}
	if split == nil || !split.Split() || split.EWSideScore() != 100 {
		t.Errorf("board 2, NS1–EW3 read back as %+v; want the split score, the EW side's NS +100", split)
	}
}

// pbnNoteTag is a Note tag as PBN 2.1 §3.5.5 writes it: "<note_index>:<note_text>".
var pbnNoteTag = regexp.MustCompile(`^\[Note "([1-9][0-9]?):[^"]*"\]$`)

// TestPBNNotesNumbered: every Note traveler writes is "<index>:<text>", as
// PBN 2.1 §3.5.5 defines a note tag's value, the indexes of a game
// differing (§3.5.5: "They must differ in the value of the <note_index>").
// Before, the Notes of adjusted and fouled lines were free text.
func TestPBNNotesNumbered(t *testing.T) {
	var pbn bytes.Buffer
	if err := reports.WritePBN(&pbn, adjustedEvent(t)); err != nil {
		t.Fatal(err)
	}
	notes := 0
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(pbn.Bytes()))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			seen = map[string]bool{} // a new game
		}
		if !strings.HasPrefix(line, "[Note ") {
			continue
		}
		notes++
		m := pbnNoteTag.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s: not \"<note_index>:<note_text>\" (PBN 2.1 §3.5.5)", line)
			continue
		}
		if seen[m[1]] {
			t.Errorf("%s: index %s twice in one game (PBN 2.1 §3.5.5)", line, m[1])
		}
		seen[m[1]] = true
	}
	if notes != 4 { // the weighted score, the split score's two sides, the artificial score
		t.Errorf("%d Notes written, want 4 (assigned: 1, split: 2, artificial: 1)\n%s", notes, pbn.String())
	}
}

// pbnjsTag is a tag as the npm package pbn reads it (testdata/pbnjs/read.js).
type pbnjsTag struct {
	Name, Value, Text string
	Number            int
}

// readWithPBNJS reads a PBN text with the npm package pbn (an independent
// reader: github.com/richardschneider/pbn, MIT; installed by `npm ci` in
// testdata/pbnjs, which .ci/run does) and returns the tags it read
// (runPBNJS runs testdata/pbnjs/read.js).
func readWithPBNJS(t *testing.T, text []byte) []pbnjsTag {
	t.Helper()
	out := runPBNJS(t, "pbn", "read.js", text)
	var tags []pbnjsTag
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var tg pbnjsTag
		if err := json.Unmarshal([]byte(line), &tg); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		tags = append(tags, tg)
	}
	return tags
}

// runPBNJS runs the test script testdata/pbnjs/script on a PBN text (given
// as a file, with args after it) and returns what it printed. The test
// skips when node is not installed, and fails when the npm package pkg the
// script needs is not (`npm ci` in testdata/pbnjs, which .ci/run does) or
// the script fails on the text.
func runPBNJS(t *testing.T, pkg, script string, text []byte, args ...string) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the independent programs (npm packages pbn and bridge-scorer) cannot run")
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "pbnjs"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
		t.Fatalf("the npm package %s is not installed in %s: run `npm ci` there (.ci/run does): %v", pkg, dir, err)
	}
	file := filepath.Join(t.TempDir(), "event.pbn")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, append([]string{filepath.Join(dir, script), file}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s refused traveler's export: %v\n%s", script, err, stderr.String())
	}
	return out
}

// TestPBNExportIndependentReader reads traveler's PBN export of the
// adjusted event with an independent PBN reader, the npm package pbn
// (readWithPBNJS): it throws on a Note that is not "<index>:<text>", as it
// did on every export with an adjusted score. Its Notes and Contracts must
// be what traveler wrote.
func TestPBNExportIndependentReader(t *testing.T) {
	var pbn bytes.Buffer
	if err := reports.WritePBN(&pbn, adjustedEvent(t)); err != nil {
		t.Fatal(err)
	}
	var notes []string
	contracts := 0
	for _, tg := range readWithPBNJS(t, pbn.Bytes()) {
		switch tg.Name {
		case "Note":
			notes = append(notes, strconv.Itoa(tg.Number)+":"+tg.Text)
		case "Contract":
			if tg.Value != "" {
				contracts++
			}
		}
	}
	want := []string{
		"1:assigned adjusted score (Law 12C1(c)), NS side: NS 420 weight 0.5; NS -50 weight 0.5",
		"1:assigned adjusted score (Law 12C1(c)), NS side: NS -590 weight 1",
		"2:split score (Law 12C1(b)), EW side: NS 100 weight 1",
		"1:artificial score 60%/40%",
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("the npm reader's Notes:\n%s\nwant\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
	if contracts != 6 { // 9 lines, 3 adjusted
		t.Errorf("the npm reader read %d contracts, want 6", contracts)
	}
}

// TestPBNExportsOfRealFilesIndependentReader: every real PBN results file
// the tests hold (../shared/testdata/pbn, testdata/pbn), read by traveler
// and written again as PBN, is read by the npm package pbn
// (readWithPBNJS), one Contract for each line traveler holds a contract
// or a passed-out board for.
func TestPBNExportsOfRealFilesIndependentReader(t *testing.T) {
	files := []string{
		sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn"),
		sharedtest.Path(t, "pbn", "crossimp_kops_2013.pbn"),
		sharedtest.Path(t, "pbn", "teams_imps_2021.pbn"),
		sharedtest.Path(t, "pbn", "vugraph_rooms_1998.pbn"),
		filepath.Join("testdata", "pbn", "ruter_butler_2012.pbn"),
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rf, err := reports.ReadResults(f, reports.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, sd := range rf.Event.Sections {
				for _, r := range sd.Results {
					if r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut {
						want++
					}
				}
			}
			var pbn bytes.Buffer
			if err := reports.WritePBN(&pbn, rf.Event); err != nil {
				t.Fatal(err)
			}
			got := 0
			for _, tg := range readWithPBNJS(t, pbn.Bytes()) {
				if tg.Name == "Contract" && tg.Value != "" {
					got++
				}
			}
			if got != want {
				t.Errorf("the npm reader read %d contracts; traveler wrote %d lines with one", got, want)
			}
		})
	}
}

// TestPBNAssignedNoteRefused: an assigned score's Note that cannot be read
// (a share that is no number; more parts than a weighted score may have,
// tournament.MaxAssignedParts; shares adding up to 90 %, not 100 % as Law
// 12C1(c) weights them) refuses the file naming the Note's line.
func TestPBNAssignedNoteRefused(t *testing.T) {
	game := "[Board \"1\"]\n[PairId_NS \"1\"]\n[PairId_EW \"2\"]\n[Note \"1:assigned adjusted score (Law 12C1(c)), NS side: %s\"]\n"
	eleven := strings.TrimSuffix(strings.Repeat("NS 420 weight 0.09; ", 11), "; ")
	for _, parts := range []string{"NS 420 weight half", eleven, "NS 420 weight 0.5; NS -50 weight 0.4"} {
		_, err := reports.ReadResults(strings.NewReader(strings.Replace(game, "%s", parts, 1)), reports.ReadOptions{})
		if err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "[Note]") {
			t.Errorf("%q: %v; want a refusal naming line 4, [Note]", parts, err)
		}
	}
}
