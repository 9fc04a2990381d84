package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// TestAPIHandSet: a PBN hand-record file with more boards than the section
// plays stores the section's boards and names the rest in
// Traveler-Boards-Left-Out; the section's boards the file lacks are named in
// Traveler-Boards-Missing (the old rule refused the file: 12 boards for a
// section of 10).
func TestAPIHandSet(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Hand set", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "howell", "pairs": 6, "boards_per_round": 2}}`)
	// 6 pairs, 5 rounds of 2 boards: boards 1 to 10. The file: 1 to 12 but 3.
	var pbn strings.Builder
	for b := 1; b <= 12; b++ {
		if b != 3 {
			fmt.Fprintf(&pbn, "[Board \"%d\"]\n[Deal \"%s\"]\n\n", b, apitest.OneSuitDeal)
		}
	}
	var boards []api.BoardResponse
	r := e.want(200, &boards, "PUT", "/v1/sections/"+id(sec.ID)+"/boards", directorToken, pbn.String(), "Content-Type", "application/x-pbn")
	if got := r.Header.Get(api.HeaderBoardsLeftOut); got != "11-12" {
		t.Errorf("%s: %q, want 11-12", api.HeaderBoardsLeftOut, got)
	}
	if got := r.Header.Get(api.HeaderBoardsMissing); got != "3" {
		t.Errorf("%s: %q, want 3", api.HeaderBoardsMissing, got)
	}
	deals := 0
	for _, b := range boards {
		if b.Deal != "" {
			deals++
		}
	}
	if len(boards) != 9 || deals != 9 {
		t.Errorf("%d boards, %d with a deal; want 9 and 9 (1 to 10 but 3)", len(boards), deals)
	}
}

// TestAPIHandSetDealingMachineFiles: a section's hand set is stored from
// the files dealing machines use, and written back in them. Big Deal 2.0's
// 28 boards (reports/testdata/deals/README.md) as DUP, sent as bytes and
// known by their content, store boards 1 to 10 of a 10-board section with
// the deals of Big Deal's PBN and leave out 11–28; the same set as DLM named
// by ?format=dlm stores the same deals. GET .../boards?format=dup writes
// the ten boards as DUP: Big Deal's first ten records but the highest board
// (bytes 154–156: "10 " for "28 "). A damaged file is refused naming the
// record, and nothing stored changes; an unknown format is refused naming
// the formats.
func TestAPIHandSetDealingMachineFiles(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Dealt by machine", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "howell", "pairs": 6, "boards_per_round": 2}}`)
	path := "/v1/sections/" + id(sec.ID) + "/boards"
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "..", "reports", "testdata", "deals", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	pbn, err := reports.ReadHandRecords(bytes.NewReader(read("bigdeal20.pbn")))
	if err != nil {
		t.Fatal(err)
	}
	check := func(boards []api.BoardResponse) {
		t.Helper()
		if len(boards) != 10 {
			t.Fatalf("%d boards, want 10", len(boards))
		}
		for i, b := range boards {
			want, _ := scoring.ParseDeal("deal", pbn[i].Board.Deal)
			got, err := scoring.ParseDeal("deal", b.Deal)
			if err != nil || got.Hands != want.Hands || b.Number != pbn[i].Board.Number || b.Dealer != pbn[i].Board.Dealer || b.Vulnerable != pbn[i].Board.Vulnerable {
				t.Errorf("board %d %s %s %q, Big Deal's PBN board %d %s %s %q", b.Number, b.Dealer, b.Vulnerable, b.Deal,
					pbn[i].Board.Number, pbn[i].Board.Dealer, pbn[i].Board.Vulnerable, pbn[i].Board.Deal)
			}
		}
	}
	dup := read("bigdeal20.dup")
	var boards []api.BoardResponse
	r := e.want(200, &boards, "PUT", path, directorToken, dup, "Content-Type", "application/octet-stream")
	if got := r.Header.Get(api.HeaderBoardsLeftOut); got != "11-28" {
		t.Errorf("%s: %q, want 11-28", api.HeaderBoardsLeftOut, got)
	}
	check(boards)
	boards = nil
	e.want(200, &boards, "PUT", path+"?format=dlm", directorToken, read("bigdeal20.dlm"), "Content-Type", "text/plain")
	check(boards)

	got := e.want(200, nil, "GET", path+"?format=dup", directorToken, nil)
	want := bytes.Clone(dup[:10*156])
	for rec := 0; rec < 10; rec++ {
		copy(want[rec*156+153:], "10 ")
	}
	if !bytes.Equal(got.Body, want) || got.Header.Get("Content-Type") != "application/octet-stream" {
		t.Errorf("GET ?format=dup: %d bytes of %s, want Big Deal's first 10 records (%d bytes) with the highest board 10", len(got.Body), got.Header.Get("Content-Type"), len(want))
	}

	damaged := bytes.Clone(dup)
	copy(damaged[2*156+2:], "99") // record 3, North's second card
	fe := e.wantError(422, "*", "PUT", path, directorToken, damaged, "Content-Type", "application/octet-stream")
	if !strings.Contains(fe.Error, "DUP: record 3 (bytes 313–468), North's card 2 \"99\": expected a card number 01") {
		t.Errorf("damaged DUP: %q", fe.Error)
	}
	boards = nil
	e.want(200, &boards, "GET", path, directorToken, nil)
	check(boards)
	e.wantError(400, "format", "GET", path+"?format=rtf", directorToken, nil)
}
