package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestReportCodesArgs: --with belongs to the codes report only, and names
// another event (an id of 1 or more) or a results file; each refusal names
// --with and exits 2.
func TestReportCodesArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "laws", "--from", "x.pbn", "--with", "2"}, "--with: only the codes report compares with another event"},
		{[]string{"report", "codes", "--from", "x.pbn", "--with", ""}, "--with: empty"},
		{[]string{"report", "codes", "--from", "x.pbn", "--with", "0"}, "--with 0: must be an event's id, 1 or more"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestReportCodesWithFile: `traveler report codes --from A --with B` on two
// PBN files of DDS's test list deal 1 (../shared/testdata/pbn/dds_list100.txt,
// dealer N, none vulnerable; EW take 8 tricks at spades), solved double
// dummy here. File A is played under contract-2017: two tables in 2S by
// East making 8, par (the list's PAR line, −110) at both. File B says
// [TravelerLaw "royalton-1915"]: two tables in 2S by East making 9, EW 30
// under Royalton (seed 000: every odd trick 10, overtricks count) where
// par is EW 20 (reports.twoCodeEvent works it by hand), so neither is at
// par. On the one board contract-2017 is ahead; the exact Wilcoxon
// signed-rank p of one board is 1 (either sign equally likely: 2 × ½).
// The text names the test, says its p-value in plain words, and says
// Royalton's par leaves nullos out; the JSON carries the same words.
func TestReportCodesWithFile(t *testing.T) {
	needDDS(t)
	dir := t.TempDir()
	write := func(name, law string, tricks int) string {
		var pbn strings.Builder
		for i := range 2 {
			pbn.WriteString(`[Event "` + name + `"]
[Date "2026.11.27"]
[Scoring "MP"]
` + law + `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]
[PairId_NS "` + strconv.Itoa(1+2*i) + `"]
[PairId_EW "` + strconv.Itoa(2+2*i) + `"]
[Contract "2S"]
[Declarer "E"]
[Result "` + strconv.Itoa(tricks) + `"]

`)
		}
		file := filepath.Join(dir, name+".pbn")
		if err := os.WriteFile(file, []byte(pbn.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		return file
	}
	a := write("Contract", "", 8)
	b := write("Royalton", `[TravelerLaw "royalton-1915"]`+"\n", 9)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"report", "codes", "--from", a, "--with", b}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	text := stdout.String()
	for _, w := range []string{"royalton-1915 (Royalton) (nullos left out of par)",
		"Wilcoxon signed-rank test on the share of its tables that scored exactly par, board by board: contract-2017 was ahead on 1 board, royalton-1915 on 0",
		"If neither code tended to do better, each board's difference would be as likely to favour one as the other",
		"is p = 1.0000", "within what chance gives", "Wilcoxon signed-rank test on the share of its contracts in the best declaration"} {
		if !strings.Contains(text, w) {
			t.Errorf("the text lacks %q:\n%s", w, text)
		}
	}
	stdout.Reset()
	if code := run(context.Background(), []string{"report", "codes", "--from", a, "--with", b, "--format", "json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep api.CodesResponse
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Comparisons) != 1 || !strings.Contains(rep.Comparisons[0].AtParWords, "is p = 1.0000") || rep.Comparisons[0].B.Note == "" {
		t.Errorf("the JSON: %s", stdout.String())
	}
}
