package reports_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// TestLawComparisonSheets writes the hand-checked event's comparison with
// contract-2017 (figures worked out above handChecked and
// TestCompareLawsHandChecked) as a workbook and reads the cells back.
func TestLawComparisonSheets(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	c, err := reports.CompareLaws(d, scoring.NewRules(scoring.Contract2017))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := reports.WriteWorkbook(&buf, d, reports.LawComparisonSheets([]reports.LawComparison{c})...); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := func(sheet string, n int) []string {
		t.Helper()
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if n > len(rows) {
			t.Fatalf("%s has %d rows, want at least %d", sheet, len(rows), n)
		}
		return rows[n-1]
	}
	// NS field by 1915 place: NS3 (1st, 10 → 7, still 1st), NS2 (2nd, 5 → 7, 1st: +1), NS1 (3rd, 3 → 4, 3rd);
	// then Kendall's tau-b 0.8165.
	pairs := "Law comparison pairs"
	for i, want := range [][]string{
		{"auction-1915", "contract-2017", "A", "NS", "3", "NS3 a & NS3 b", "1", "1", "0", "10", "7"},
		{"auction-1915", "contract-2017", "A", "NS", "2", "NS2 a & NS2 b", "2", "1", "1", "5", "7"},
		{"auction-1915", "contract-2017", "A", "NS", "1", "NS1 a & NS1 b", "3", "3", "0", "3", "4"},
		{"auction-1915", "contract-2017", "A", "NS", "", "Kendall's tau-b between the two standings", "", "", "0.8165"},
	} {
		got := row(pairs, i+2)
		if len(got) < len(want) || strings.Join(got[:len(want)], "|") != strings.Join(want, "|") {
			t.Errorf("%s row %d = %q, want %q", pairs, i+2, got, want)
		}
	}
	// Board 1, round 1, table 1: 4S by N making 10: 161 under 1915, 420
	// under 2017; NS matchpoints 3 → 4.
	boards := "Law comparison boards"
	got := row(boards, 2)
	want := []string{"auction-1915", "contract-2017", "A", "1", "1", "1", "1", "1", "4S", "N", "10", "161", "420", "3", "4"}
	if len(got) < 16 || strings.Join(got[:15], "|") != strings.Join(want, "|") {
		t.Fatalf("%s row 2 = %q, want %q", boards, got, want)
	}
	if !strings.Contains(got[15], "only under auction-1915") || !strings.Contains(got[15], "only under contract-2017") {
		t.Errorf("why = %q, want the items only one code scores", got[15])
	}
	// Board 2, round 3, table 3 was passed out: 0 under both, no tricks, nothing to explain.
	got = row(boards, 7)
	if got[3] != "2" || got[8] != "PASS" && got[8] != "" || got[10] != "" || got[11] != "0" || got[12] != "0" || len(got) > 15 && got[15] != "" {
		t.Errorf("%s row 7 (board 2, passed out) = %q", boards, got)
	}
}
