package web_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// tableResultsJSON is the part of the table page's JSON that carries the
// table's stored results, from which the form is filled for a correction.
type tableResultsJSON struct {
	Results []struct {
		ID       int64    `json:"id"`
		Contract string   `json:"contract"`
		Auction  []string `json:"auction"`
	} `json:"results"`
}

// TestTablePageReshowsAuction: a result the table entered by its auction
// comes back on the table page with the calls as stored, so the form a
// correction opens shows them again. Royalton: the dealer bids 1H, his
// partner 2H royal (seed 000 Law 32), all pass — 2HR by the dealer; typed
// with P for pass, kept as PASS.
func TestTablePageReshowsAuction(t *testing.T) {
	s := newTableSite(t)
	token, section, board, _ := historicalTable(t, s, "royalton-1915")
	r := map[string]any{"board": board, "round": 1, "table": 1, "tricks": 8, "auction": []string{"1H", "P", "2HR", "P", "P", "P"}}
	st, a := enter(s, token, section, r)
	if st != http.StatusCreated || a.Contract != "2HR" {
		t.Fatalf("1H P 2HR P P P: %d %s (%s), want 201 2HR", st, a.Contract, a.Error)
	}
	var page tableResultsJSON
	if err := json.Unmarshal([]byte(tableByID(s.get("/t/"+token).doc, "table-data").FirstChild.Data), &page); err != nil {
		t.Fatal(err)
	}
	want := []string{"1H", "PASS", "2HR", "PASS", "PASS", "PASS"}
	if len(page.Results) != 1 || page.Results[0].Contract != "2HR" || !slices.Equal(page.Results[0].Auction, want) {
		t.Errorf("the table page's stored results %+v, want 2HR with the auction %q", page.Results, want)
	}
}
