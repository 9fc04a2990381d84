package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// needDDS skips a test that solves deals under the race detector, which
// DDS cannot be loaded into; scripts/test runs them again without it.
func needDDS(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("DDS is not loaded under the race detector; scripts/test runs the dd tests without -race")
	}
}

// listDeals reads the first n deals of DDS's own test list with their
// dealer, vulnerability, published table (20 numbers: S H D C NT, each
// for N E S W) and contract-2017 par score.
func listDeals(t *testing.T, n int) (deals, dealers, vuls, tables, pars []string) {
	t.Helper()
	list, err := os.ReadFile(filepath.Join(sharedtest.Dir(t), "pbn", "dds_list100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	seats := []string{"N", "E", "S", "W"}
	vulNames := []string{"None", "All", "NS", "EW"} // DDS's 0 none, 1 both, 2 NS, 3 EW
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() && len(pars) < n {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) >= 9 && f[0] == "PBN":
			var dealer, vul int
			fmt.Sscan(f[1], &dealer)
			fmt.Sscan(f[2], &vul)
			deals = append(deals, strings.Trim(strings.Join(f[5:9], " "), `"`))
			dealers, vuls = append(dealers, seats[dealer]), append(vuls, vulNames[vul])
		case len(f) == 21 && f[0] == "TABLE":
			tables = append(tables, strings.Join(f[1:], " "))
		case len(f) >= 2 && f[0] == "PAR2":
			pars = append(pars, strings.Trim(f[1], `"`))
		}
	}
	return deals[:n], dealers[:n], vuls[:n], tables[:n], pars[:n]
}

// analysisEnv is the API over a fresh database with the analysis queue
// worked (when dd is given) as `traveler serve` works it.
func analysisEnv(t *testing.T, dd tournament.DoubleDummy) apitest.Client {
	t.Helper()
	return newEnv(t, withService(tournament.ServiceOptions{DoubleDummy: dd}), withAnalysis()).Client
}

// sectionWithDeals sets up an auction-1915 event whose section (3 tables,
// 2 boards a round: boards 1 to 6) has hand records for boards 1 to 5 from
// DDS's list and none for board 6; it returns the section's ID.
func sectionWithDeals(t *testing.T, c apitest.Client, deals, dealers, vuls []string) int64 {
	t.Helper()
	var ev api.EventResponse
	c.Want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Double dummy", "date": "2026-11-24", "law": "auction-1915", "scoring": "MP"})
	var sec api.SectionResponse
	c.Want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	var in []map[string]any
	for i, d := range deals {
		in = append(in, map[string]any{"number": i + 1, "dealer": dealers[i], "vulnerable": vuls[i], "deal": d})
	}
	in = append(in, map[string]any{"number": 6})
	c.Want(200, nil, "PUT", "/v1/sections/"+id(sec.ID)+"/boards", directorToken, in)
	return sec.ID
}

// TestAnalysisThroughTheService: hand records stored through the API are
// analysed in the background by DDS (the analysis queue), and GET
// .../boards/{n}/analysis answers each with DDS's published table and
// contract-2017 par, and par under all six codes; a board without a hand
// record, and one the section does not have, are 404s saying so.
func TestAnalysisThroughTheService(t *testing.T) {
	needDDS(t)
	solver, err := dds.Load(dds.Config{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	c := analysisEnv(t, solver)
	deals, dealers, vuls, tables, pars := listDeals(t, 5)
	secID := sectionWithDeals(t, c, deals, dealers, vuls)
	for b := 1; b <= 5; b++ {
		path := fmt.Sprintf("/v1/sections/%d/boards/%d/analysis", secID, b)
		var a api.AnalysisDTO
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			r := c.Do("GET", path, directorToken, nil)
			if r.Status == 200 {
				if err := json.Unmarshal(r.Body, &a); err != nil {
					t.Fatal(err)
				}
				break
			}
			if r.Status != 404 || time.Now().After(deadline) {
				t.Fatalf("board %d: %d %s", b, r.Status, r.Body)
			}
		}
		var got []string
		for _, row := range [][5]int{
			{a.Tricks.N.S, a.Tricks.N.H, a.Tricks.N.D, a.Tricks.N.C, a.Tricks.N.NT},
			{a.Tricks.E.S, a.Tricks.E.H, a.Tricks.E.D, a.Tricks.E.C, a.Tricks.E.NT},
			{a.Tricks.S.S, a.Tricks.S.H, a.Tricks.S.D, a.Tricks.S.C, a.Tricks.S.NT},
			{a.Tricks.W.S, a.Tricks.W.H, a.Tricks.W.D, a.Tricks.W.C, a.Tricks.W.NT},
		} {
			got = append(got, fmt.Sprint(row))
		}
		// the published table runs strain by strain; ours seat by seat
		pub := strings.Fields(tables[b-1])
		var want []string
		for seat := range 4 {
			want = append(want, fmt.Sprintf("[%s %s %s %s %s]", pub[seat], pub[4+seat], pub[8+seat], pub[12+seat], pub[16+seat]))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("board %d: tricks %v, published %v", b, got, want)
		}
		if p := a.Par["contract-2017"]; fmt.Sprint(p.NSScore) != pars[b-1] || len(p.Contracts) == 0 {
			t.Errorf("board %d: contract-2017 par %+v, published %s", b, p, pars[b-1])
		}
		if len(a.Par) != 6 || a.Dealer != dealers[b-1] || a.Vulnerable != vuls[b-1] {
			t.Errorf("board %d: %d codes, dealer %s, %s", b, len(a.Par), a.Dealer, a.Vulnerable)
		}
	}
	// The reports carry the par report: the Royalton report under the
	// event's own code (auction-1915), the law comparison under every code,
	// each board's par the analysis's.
	var sec api.SectionResponse
	c.Want(200, &sec, "GET", fmt.Sprintf("/v1/sections/%d", secID), directorToken, nil)
	var royalton api.RoyaltonResponse
	c.Want(200, &royalton, "GET", fmt.Sprintf("/v1/events/%d/reports/royalton", sec.EventID), directorToken, nil)
	var laws api.LawsResponse
	c.Want(200, &laws, "GET", fmt.Sprintf("/v1/events/%d/reports/laws", sec.EventID), directorToken, nil)
	var par api.ParReportResponse
	c.Want(200, &par, "GET", fmt.Sprintf("/v1/events/%d/reports/par", sec.EventID), directorToken, nil)
	if royalton.Par == nil || royalton.Par.Law != "auction-1915" || len(royalton.Par.Boards) != 5 || len(laws.Par) != 6 || par.Analysed != 5 {
		t.Fatalf("royalton par %+v, laws par %d codes, par report %d analysed", royalton.Par, len(laws.Par), par.Analysed)
	}
	// The declaration report reads the same analyses under the event's code:
	// each board's best declarations for both sides (no tables played).
	var decl api.DeclarationReportResponse
	c.Want(200, &decl, "GET", fmt.Sprintf("/v1/events/%d/reports/declaration", sec.EventID), directorToken, nil)
	if decl.Analysed != 5 || len(decl.Codes) != 1 || decl.Codes[0].Law != "auction-1915" || len(decl.Codes[0].Boards) != 5 {
		t.Fatalf("declaration report: %+v", decl)
	}
	for _, b := range decl.Codes[0].Boards {
		if len(b.BestNS) == 0 || len(b.BestEW) == 0 || len(b.Tables) != 0 {
			t.Errorf("declaration report, board %d: %+v", b.Board, b)
		}
	}
	for _, b := range royalton.Par.Boards {
		var a api.AnalysisDTO
		c.Want(200, &a, "GET", fmt.Sprintf("/v1/sections/%d/boards/%d/analysis", secID, b.Board), directorToken, nil)
		if a.Par["auction-1915"].NSScore != b.Par {
			t.Errorf("board %d: the Royalton report's par %d, the analysis's %d", b.Board, b.Par, a.Par["auction-1915"].NSScore)
		}
	}
	if e := c.WantError(404, "board", "GET", fmt.Sprintf("/v1/sections/%d/boards/6/analysis", secID), directorToken, nil); !strings.Contains(e.Error, "board 6 has no hand record") {
		t.Errorf("board 6: %q", e.Error)
	}
	if e := c.WantError(404, "board", "GET", fmt.Sprintf("/v1/sections/%d/boards/7/analysis", secID), directorToken, nil); !strings.Contains(e.Error, "boards 1 to 6") {
		t.Errorf("board 7: %q", e.Error)
	}
}

// TestAnalysisWithoutDDS: a server that cannot solve double dummy answers
// a stored hand record's analysis with a 404 saying it is not ready and
// why (the race detector's test binaries are such servers; so is one
// without libdds0).
func TestAnalysisWithoutDDS(t *testing.T) {
	c := analysisEnv(t, nil)
	deals, dealers, vuls, _, _ := listDeals(t, 2)
	secID := sectionWithDeals(t, c, deals, dealers, vuls)
	e := c.WantError(404, "board", "GET", fmt.Sprintf("/v1/sections/%d/boards/1/analysis", secID), directorToken, nil)
	if !strings.Contains(e.Error, "not ready yet") || !strings.Contains(e.Error, "install libdds0") {
		t.Errorf("%q", e.Error)
	}
	c.WantError(400, "n", "GET", fmt.Sprintf("/v1/sections/%d/boards/x/analysis", secID), directorToken, nil)
}

// TestHandsHiddenInPlay: a table token reads no deal, and no analysis, of
// a board nobody has finished, which its pair may still have to play; the
// director reads them all.
func TestHandsHiddenInPlay(t *testing.T) {
	c := analysisEnv(t, nil)
	deals, dealers, vuls, _, _ := listDeals(t, 2)
	secID := sectionWithDeals(t, c, deals, dealers, vuls)
	var toks []api.TokenResponse
	c.Want(201, &toks, "POST", fmt.Sprintf("/v1/sections/%d/tokens", secID), directorToken, map[string]any{"tables": []int{1}})
	var boards []api.BoardResponse
	c.Want(200, &boards, "GET", fmt.Sprintf("/v1/sections/%d/boards", secID), toks[0].Token, nil)
	for _, b := range boards {
		if b.Deal != "" {
			t.Errorf("a table reads board %d's deal before anyone played it", b.Number)
		}
	}
	c.Want(200, &boards, "GET", fmt.Sprintf("/v1/sections/%d/boards", secID), directorToken, nil)
	if boards[0].Deal == "" || boards[1].Deal == "" {
		t.Errorf("the director does not read the deals: %+v", boards[:2])
	}
	if e := c.WantError(404, "board", "GET", fmt.Sprintf("/v1/sections/%d/boards/1/analysis", secID), toks[0].Token, nil); !strings.Contains(e.Error, "not finished") {
		t.Errorf("a table reading board 1's analysis in play: %q", e.Error)
	}
}

// TestDealBoards: the director deals a section's boards; only those with
// neither a hand record nor a result get a deal (boards 1 to 5 keep DDS's
// list's, board 6 is dealt; in a new section, the board a table has played
// without one stays without), every deal whole and valid; with nothing left
// to deal it is a 409, and a table may not deal.
func TestDealBoards(t *testing.T) {
	c := analysisEnv(t, nil)
	deals, dealers, vuls, _, _ := listDeals(t, 5)
	secID := sectionWithDeals(t, c, deals, dealers, vuls)
	var got api.DealtBoardsResponse
	c.Want(200, &got, "POST", fmt.Sprintf("/v1/sections/%d/boards/deal", secID), directorToken, nil)
	if got.Dealt != 1 || len(got.Boards) != 6 {
		t.Fatalf("dealt %d of %d boards, want 1 of 6", got.Dealt, len(got.Boards))
	}
	for i, b := range got.Boards[:5] {
		if b.Deal != deals[i] && !strings.HasSuffix(deals[i], b.Deal[2:]) {
			t.Errorf("board %d's hand record changed: %s, was %s", b.Number, b.Deal, deals[i])
		}
	}
	d, err := scoring.ParseDeal("deal", got.Boards[5].Deal)
	if _, whole := d.Complete(); err != nil || !whole || got.Boards[5].Dealer != "E" || got.Boards[5].Vulnerable != "EW" {
		t.Fatalf("board 6 dealt %+v (%v): want a whole deal, dealer E and EW vulnerable (the board number's)", got.Boards[5], err)
	}
	if e := c.WantError(409, "", "POST", fmt.Sprintf("/v1/sections/%d/boards/deal", secID), directorToken, nil); !strings.Contains(e.Error, "no board to deal") {
		t.Errorf("dealing again: %q", e.Error)
	}

	// A new section whose table 1 played board 1 without a hand record.
	var ev api.EventResponse
	c.Want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{"name": "Dealt", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"})
	var sec api.SectionResponse
	c.Want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	c.Want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/results", directorToken,
		map[string]any{"board": 1, "round": 1, "table": 1, "contract": "4S", "declarer": "N", "tricks": 10})
	var toks []api.TokenResponse
	c.Want(201, &toks, "POST", "/v1/sections/"+id(sec.ID)+"/tokens", directorToken, map[string]any{"tables": []int{1}})
	c.WantError(403, "", "POST", "/v1/sections/"+id(sec.ID)+"/boards/deal", toks[0].Token, nil)
	got = api.DealtBoardsResponse{}
	c.Want(200, &got, "POST", "/v1/sections/"+id(sec.ID)+"/boards/deal", directorToken, nil)
	if got.Dealt != 5 || got.Boards[0].Deal != "" {
		t.Fatalf("dealt %d boards, board 1 %q; want 5, and board 1 (played) without a deal", got.Dealt, got.Boards[0].Deal)
	}
}
