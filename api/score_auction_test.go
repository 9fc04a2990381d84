package api

import (
	"encoding/json"
	"testing"
)

// TestScoreFromAuction: POST /v1/score takes the contract and declarer from
// an auction run under the code's bid order, says them, and refuses a call
// the code does not allow, naming it.
func TestScoreFromAuction(t *testing.T) {
	for _, tc := range []struct {
		line               string
		ok                 bool
		contract, declarer string
		ns                 int
		field              string
	}{
		// royalton-1915, North deals: 1H, pass, South 2H royal (seed 000 Law
		// 32), three passes: North declares 2HR; 7 tricks is one down, 100 a
		// royal undertrick: NS −100.
		{line: `{"law":"royalton-1915","dealer":"N","auction":["1H","P","2HR","P","P","P"],"tricks":7}`, ok: true, contract: "2HR", declarer: "N", ns: -100},
		// bridge, East deals and leaves it to West, who names hearts; doubled
		// twice: HXX by the dealer East; 9 tricks, 3 odd at 8 × 4 = 96, game
		// premium 50, honours unknown: EW 146.
		{line: `{"law":"bridge","dealer":"E","auction":["LEAVE","H","X","X","PASS","PASS"],"tricks":9}`, ok: true, contract: "HXX", declarer: "E", ns: -146},
		// auction-1915 (seed 003 Law 45): 1S then 1H is insufficient.
		{line: `{"law":"auction-1915","dealer":"N","auction":["1S","1H"],"tricks":7}`, field: "auction[1]"},
		// a contract that is not the auction's
		{line: `{"law":"auction-1915","dealer":"N","auction":["1S","P","P","P"],"contract":"2S","tricks":7}`, field: "contract"},
	} {
		out, ok := Score([]byte(tc.line))
		var got struct {
			NSScore  int    `json:"ns_score"`
			Contract string `json:"contract"`
			Declarer string `json:"declarer"`
			Field    string `json:"field"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: not JSON: %s", tc.line, out)
		}
		if ok != tc.ok || got.Contract != tc.contract || got.Declarer != tc.declarer || got.NSScore != tc.ns || got.Field != tc.field {
			t.Errorf("%s: %s, want ok %v contract %q declarer %q ns %d field %q", tc.line, out, tc.ok, tc.contract, tc.declarer, tc.ns, tc.field)
		}
	}
}
