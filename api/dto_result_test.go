package api

import (
	"encoding/json"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestResultRequestArtificial: an artificial adjusted score entered through
// the API (e.g. average plus to NS, average minus to EW: 60% and 40%, Law
// 12C2) reaches the service with each side's percentage on its own side.
func TestResultRequestArtificial(t *testing.T) {
	var q ResultRequest
	if err := json.Unmarshal([]byte(`{"board": 3, "round": 1, "table": 2, "ns": "1", "ew": "5",
		"status": "artificial", "ns_percent": 60, "ew_percent": 40}`), &q); err != nil {
		t.Fatal(err)
	}
	r := q.Result()
	if r.Status != tournament.StatusArtificial || r.NSPercent != 60 || r.EWPercent != 40 {
		t.Errorf("artificial NS 60%% EW 40%% reaches the service as %s NS %d%% EW %d%%", r.Status, r.NSPercent, r.EWPercent)
	}
	if r.Board != 3 || r.Round != 1 || r.Table != 2 || r.NS != "1" || r.EW != "5" {
		t.Errorf("board %d round %d table %d, %s v %s; want board 3 round 1 table 2, 1 v 5", r.Board, r.Round, r.Table, r.NS, r.EW)
	}
}
