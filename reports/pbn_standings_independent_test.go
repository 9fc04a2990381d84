package reports_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// independentStanding is a pair's figures as testdata/pbnjs/standings.js
// works them out with the npm packages pbn and bridge-scorer.
type independentStanding struct {
	Section, Pair string
	Total         float64
	Boards        int
	Percentage    float64
}

// standingsWithBridgeScorer ranks a PBN text's pairs with programs
// independent of traveler (testdata/pbnjs/standings.js: the npm package pbn
// reads it, the npm package bridge-scorer scores each board by method, MP
// or CROSS_IMP), run by runPBNJS.
func standingsWithBridgeScorer(t *testing.T, text []byte, method string) map[string]independentStanding {
	t.Helper()
	out := runPBNJS(t, "bridge-scorer", "standings.js", text, method)
	got := map[string]independentStanding{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var s independentStanding
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got[s.Section+"/"+s.Pair] = s
	}
	return got
}

// TestPBNExportStandingsIndependent: traveler's PBN export of real files
// is ranked again by programs written without traveler — the npm package
// pbn reads the export, the npm package bridge-scorer (its matchpoints, 2 a
// score beaten and 1 a tie, and its cross-IMPs averaged over the other
// scores, as traveler's own convention scores them) scores each board, and
// testdata/pbnjs/standings.js adds the pairs' boards up — and every pair's
// total and percentage equal traveler's standings of the file (issue 27:
// "every written file reads back to the same standings … through an
// independent reader"). A board played fewer times than the most is
// scaled by Neuberg's formula in the script (bridge-scorer does not scale);
// a pair's total is compared scaled to the most boards a pair of its
// field (its section, or its direction of a two-winner Mitchell) played,
// as traveler's standings give it. The files are read
// under traveler's own convention (the script rounds nothing). A pair that
// holds an artificial or assigned adjusted score is left out: those lines
// are traveler's notes, which bridge-scorer does not score; every other
// pair must be equal.
func TestPBNExportStandingsIndependent(t *testing.T) {
	for _, c := range []struct{ name, path string }{
		{"Compscore3 MP Howell", sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")},
		{"Compscore3 MP Mitchell", filepath.Join("testdata", "usebio", "mp_pairs_mitchell_03.xml")},
		{"Compscore3 cross-IMP Howell", filepath.Join("testdata", "usebio", "cross_imp_howell.xml")},
		{"EBU PairsScorer", filepath.Join("testdata", "usebio", "ebu_pairsscorer_mp_pairs.xml")},
		{"RealBridge", filepath.Join("testdata", "usebio", "realbridge_mp_pairs.xml")},
		{"KOPS cross-IMPs", sharedtest.Path(t, "pbn", "crossimp_kops_2013.pbn")},
		{"Polish barometer", sharedtest.Path(t, "pbn", "pairs_no_date_2013.pbn")},
		{"Magic Contest", filepath.Join("testdata", "pbn", "magic_contest_ffb_2022.pbn")},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			rf, err := reports.ReadResults(bytes.NewReader(data), reports.ReadOptions{Source: c.path, Convention: "traveler"})
			if err != nil {
				t.Fatal(err)
			}
			method := string(rf.Event.Event.Scoring)
			var pbn bytes.Buffer
			if err := reports.WritePBN(&pbn, rf.Event); err != nil {
				t.Fatal(err)
			}
			got := standingsWithBridgeScorer(t, pbn.Bytes(), method)
			equal, n, adjusted := 0, 0, 0
			for _, sd := range rf.Event.Sections {
				held := map[string]bool{} // "7|NS": the pair held an adjusted score
				most := map[string]int{}  // by direction: a two-winner Mitchell's two fields
				for _, r := range sd.Results {
					if r.Status == tournament.StatusArtificial || r.Status == tournament.StatusAssigned {
						held[r.NS+"|NS"], held[r.EW+"|EW"] = true, true
					}
				}
				for _, s := range sd.Standings.Pairs {
					most[s.Direction] = max(most[s.Direction], s.Boards)
				}
				for _, s := range sd.Standings.Pairs {
					if s.Boards == 0 {
						continue
					}
					if held[s.Number+"|"+s.Direction] || s.Direction == "" && (held[s.Number+"|NS"] || held[s.Number+"|EW"]) {
						adjusted++
						continue
					}
					n++
					o, ok := got[sd.Section.Name+"/"+s.Number+s.Direction] // a Mitchell's pairs are written "7NS", "6EW"
					if !ok {
						t.Errorf("%s %s: not ranked by the independent scorer", sd.Section.Name, s.Number)
						continue
					}
					total := o.Total
					if o.Boards > 0 {
						total *= float64(most[s.Direction]) / float64(o.Boards)
					}
					same := math.Abs(total-s.Total) < 0.006 && o.Boards == s.Boards
					if method == string(tournament.MethodMP) {
						same = same && math.Abs(o.Percentage-s.Percentage) < 0.006
					}
					if same {
						equal++
					} else {
						t.Errorf("%s %s: traveler %v (%v %%, %d boards), bridge-scorer %v (%v %%, %d boards)", sd.Section.Name, s.Number, s.Total, s.Percentage, s.Boards, o.Total, o.Percentage, o.Boards)
					}
				}
			}
			if n == 0 {
				t.Fatal("no pair to compare")
			}
			t.Logf("%s (%s): %d of %d pairs equal to bridge-scorer's (%d holding an adjusted score left out)", c.name, method, equal, n, adjusted)
		})
	}
}
