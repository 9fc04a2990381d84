package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestReportDeclaration: `traveler report declaration` on a PBN file of the
// first deal of DDS's test list (../shared/testdata/pbn/dds_list100.txt,
// dealer N, none vulnerable; its TABLE: EW 8 tricks at spades, NS 7 at
// clubs and 6 at no-trump) played at two tables, 2S by East making 8 and
// 1NT by North making 7, solved double dummy here. Under contract-2017
// (Law 77) NS's best is 1C (+70), EW's 2S (+110), so EW could make most:
// 2S by E is EW's best at the highest it makes (gap 0); 1NT by N is not
// NS's best and one level more than North makes by double dummy (gap −1).
func TestReportDeclaration(t *testing.T) {
	needDDS(t)
	var pbn strings.Builder
	for i, g := range [][3]string{{"2S", "E", "8"}, {"1NT", "N", "7"}} {
		pbn.WriteString(`[Event "Declaration"]
[Date "2026.11.27"]
[Scoring "MP"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]
[PairId_NS "` + string(rune('1'+2*i)) + `"]
[PairId_EW "` + string(rune('2'+2*i)) + `"]
[Contract "` + g[0] + `"]
[Declarer "` + g[1] + `"]
[Result "` + g[2] + `"]

`)
	}
	file := filepath.Join(t.TempDir(), "declaration.pbn")
	if err := os.WriteFile(file, []byte(pbn.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"report", "declaration", "--from", file, "--format", "json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep api.DeclarationReportResponse
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Analysed != 1 || len(rep.Codes) != 1 || len(rep.Codes[0].Boards) != 1 {
		t.Fatalf("%s", stdout.String())
	}
	c, b := rep.Codes[0], rep.Codes[0].Boards[0]
	if c.Law != "contract-2017" || c.Tables != 2 || c.InBest != 1 || c.AtHighest != 1 || c.Over != 1 || c.MeanLevelGap != -0.5 || c.Leading != 2 || c.LeaderDeclared != 1 {
		t.Errorf("code: %+v", c)
	}
	if b.Leader != "EW" || len(b.BestNS) != 1 || b.BestNS[0] != "1C" || len(b.BestEW) != 1 || b.BestEW[0] != "2S" || len(b.Tables) != 2 {
		t.Fatalf("board: %+v", b)
	}
	for _, l := range b.Tables {
		want := map[string][2]int{"2S": {2, 0}, "1NT": {0, -1}}[l.Contract]
		if l.Highest == nil || *l.Highest != want[0] || *l.LevelGap != want[1] || l.InBest != (l.Contract == "2S") {
			t.Errorf("table %+v: want highest %d, gap %d", l, want[0], want[1])
		}
	}
	stdout.Reset()
	if code := run(context.Background(), []string{"report", "declaration", "--from", file}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"Declaration report:", "contract-2017, table by table:", "1NT"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("table output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestReportDeclarationNullo: `traveler report declaration` judges nullos
// under royalton-1915 ([TravelerLaw]) on the deal where North-South hold
// every low card (reports.TestMeasureDeclarationNullo works it by hand:
// North-South's best is 7NL, plain or royal; 3NL by North is in it, four
// levels under the highest, 7; 2NL by East is not in East-West's best and
// two over). That deal is settled by the search's sure-trick bounds
// without a position searched; on an ordinary deal with the same tables,
// --nullo-budget 1 cannot finish: the board's nullos are left out and
// both tables are not judged, and said so.
// --nullo-budget is refused out of its range and on another report.
func TestReportDeclarationNullo(t *testing.T) {
	needDDS(t)
	write := func(deal string) string {
		var pbn strings.Builder
		for i, g := range [][3]string{{"3NL", "N", "0"}, {"2NL", "E", "13"}} {
			pbn.WriteString(`[Event "Nullos"]
[Date "2026.11.27"]
[Scoring "MP"]
[TravelerLaw "royalton-1915"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "` + deal + `"]
[PairId_NS "` + string(rune('1'+2*i)) + `"]
[PairId_EW "` + string(rune('2'+2*i)) + `"]
[Contract "` + g[0] + `"]
[Declarer "` + g[1] + `"]
[Result "` + g[2] + `"]

`)
		}
		file := filepath.Join(t.TempDir(), "nullo.pbn")
		if err := os.WriteFile(file, []byte(pbn.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		return file
	}
	file := write("N:8765432.765432.. AKQJT9.AKQJT98.. ..8765432.765432 ..AKQJT9.AKQJT98")
	report := func(file string, extra ...string) api.DeclarationReportResponse {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := append([]string{"report", "declaration", "--from", file, "--format", "json"}, extra...)
		if code := run(context.Background(), args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr.String())
		}
		var rep api.DeclarationReportResponse
		if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Codes) != 1 || rep.Codes[0].Law != "royalton-1915" || len(rep.Codes[0].Boards) != 1 {
			t.Fatalf("%v: %s", extra, stdout.String())
		}
		return rep
	}
	c := report(file).Codes[0]
	if c.Tables != 2 || c.NotJudged != 0 || c.InBest != 1 || c.Under != 1 || c.Over != 1 || c.NullosLeftOut || c.Note != "" ||
		strings.Join(c.Boards[0].BestNS, " ") != "7NL 7NLR" {
		t.Errorf("judged: %+v", c)
	}
	// The lopsided deal is settled by the search's sure-trick bounds before
	// it searches a position, so the budget is shown on an ordinary deal.
	ordinary := write("N:AKQJ.T98.765.432 T987.AKQJ.432.65 6543.765.AKQ.JT7 2.432.JT98.AKQ98")
	c = report(ordinary, "--nullo-budget", "1").Codes[0]
	if c.Tables != 0 || c.NotJudged != 2 || !c.NullosLeftOut || c.NulloBoardsLeftOut != 1 || c.Note != api.DeclarationNulloNote || !c.Boards[0].NullosLeftOut {
		t.Errorf("left out: %+v", c)
	}
	for _, args := range [][]string{{"declaration", "--nullo-budget", "0"}, {"par", "--nullo-budget", "9"}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append([]string{"report", "--from", file}, args...), nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "--nullo-budget") {
			t.Errorf("%v: exit %d, %s", args, code, stderr.String())
		}
	}
}
