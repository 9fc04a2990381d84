package e2e

import (
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIResultAuction: table 1 enters board 1 by its auction alone, the
// API takes the contract and declarer from it and keeps the calls; a
// director reads them back, in the section's results and in the audit; the
// table's correction replaces them, and a line without an auction has none.
//
// Board 1 is dealt by North, nobody vulnerable (the board number's dealer
// and vulnerability). North opens 1S, South raises to 2S, North bids 4S and
// East doubles: 4SX by North. Ten tricks under contract-2017, Law 77:
// 4×30 doubled = 240 trick score, 300 game premium not vulnerable, 50 for
// the insult, 590. The correction leaves out the double: 4S making ten,
// 4×30 + 300 = 420.
func TestAPIResultAuction(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Auctions", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	in := f.Line(1, 1, 1, "", "", 10)
	delete(in, "contract")
	delete(in, "declarer")
	// As a table types them: P for pass, lower case.
	in["auction"] = []string{"1S", "P", "2s", "p", "4S", "X", "pass", "P", "P"}
	// As they are kept: each call in its usual form.
	doubled := []string{"1S", "PASS", "2S", "PASS", "4S", "X", "PASS", "PASS", "PASS"}
	var res dto.ResultResponse
	e.want(201, &res, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], in)
	if res.Contract != "4SX" || res.Declarer != "N" || res.NSScore != 590 || !slices.Equal(res.Auction, doubled) {
		t.Fatalf("entered: %s by %s, %d, auction %q; want 4SX by N, 590, %q", res.Contract, res.Declarer, res.NSScore, res.Auction, doubled)
	}
	path := "/v1/results/" + id(res.ID)
	var got dto.ResultResponse
	e.want(200, &got, "GET", path, directorToken, nil)
	if !slices.Equal(got.Auction, doubled) || got.Contract != "4SX" {
		t.Errorf("read back: %s, auction %q; want 4SX, %q", got.Contract, got.Auction, doubled)
	}

	// Board 2 without an auction: none stored, none answered.
	var plain dto.ResultResponse
	e.want(201, &plain, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], f.Line(1, 1, 2, "3NT", "S", 9))
	var list []dto.ResultResponse
	e.want(200, &list, "GET", "/v1/sections/"+id(f.Section.ID)+"/results", directorToken, nil)
	if len(list) != 2 || !slices.Equal(list[0].Auction, doubled) || list[1].Auction != nil {
		t.Errorf("section's results: %+v; want board 1 with %q, board 2 with no auction", list, doubled)
	}

	// The table corrects it: East did not double.
	fix := f.Line(1, 1, 1, "", "", 10)
	delete(fix, "contract")
	delete(fix, "declarer")
	undoubled := []string{"1S", "PASS", "2S", "PASS", "4S", "PASS", "PASS", "PASS"}
	fix["auction"] = undoubled
	e.want(200, &res, "PUT", path, tok[1], fix, "If-Match", `"1"`)
	if res.Contract != "4S" || res.NSScore != 420 || !slices.Equal(res.Auction, undoubled) {
		t.Errorf("corrected: %s, %d, auction %q; want 4S, 420, %q", res.Contract, res.NSScore, res.Auction, undoubled)
	}
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", path+"/audit", directorToken, nil)
	if len(audit) != 2 || !slices.Equal(audit[0].After.Auction, doubled) ||
		!slices.Equal(audit[1].Before.Auction, doubled) || !slices.Equal(audit[1].After.Auction, undoubled) {
		t.Errorf("audit: %s; want the insert with %q, the update from it to %q", apitest.JSON(audit), doubled, undoubled)
	}

	// An auction that is not the contract given is refused, naming it.
	wrong := f.Line(1, 1, 2, "3NT", "S", 9)
	wrong["auction"] = undoubled
	e.wantError(422, "contract", "PUT", "/v1/results/"+id(plain.ID), tok[1], wrong, "If-Match", `"1"`)
}
