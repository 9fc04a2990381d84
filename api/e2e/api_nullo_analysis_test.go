package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// lowCardsDeal is scoring.TestSolveNulloLowCards' deal, worked by hand
// there: every East-West card outranks every North-South card of its
// suit, so a nullo's declarer North or South takes 0 tricks and East or
// West 13.
const lowCardsDeal = "N:8765432.765432.. AKQJT9.AKQJT98.. ..8765432.765432 ..AKQJT9.AKQJT98"

// TestAPIAnalysisSolvesNullos: the analysis queue solves a deal's nullos
// by double dummy for a section whose code has them (royal-auction-1913,
// seed 001's nullo chapter) and the board's analysis gives them
// ({N 0, E 13, S 0, W 13}: the hand-worked deal above); under
// contract-2017 it does not (no nullos to play); and when that event
// changes to royal-auction-1913, its deal already analysed is queued again
// and gains them.
func TestAPIAnalysisSolvesNullos(t *testing.T) {
	c := analysisEnv(t, listDDS{})
	want := api.SeatTricksDTO{N: 0, E: 13, S: 0, W: 13}
	section := func(law string) (eventID, sectionID int64) {
		var ev api.EventResponse
		c.Want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
			"name": "Nullos " + law, "date": "2026-11-28", "law": law, "scoring": "MP"})
		var sec api.SectionResponse
		c.Want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
			`{"name": "A", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
		c.Want(200, nil, "PUT", "/v1/sections/"+id(sec.ID)+"/boards", directorToken,
			[]map[string]any{{"number": 1, "dealer": "N", "vulnerable": "None", "deal": lowCardsDeal}})
		return ev.ID, sec.ID
	}
	analysis := func(c apitest.Client, sectionID int64, withNullo bool) api.AnalysisDTO {
		t.Helper()
		path := fmt.Sprintf("/v1/sections/%d/boards/1/analysis", sectionID)
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			r := c.Do("GET", path, directorToken, nil)
			if r.Status == 200 {
				var a api.AnalysisDTO
				if err := json.Unmarshal(r.Body, &a); err != nil {
					t.Fatal(err)
				}
				if a.Nullo != nil || !withNullo {
					return a
				}
			} else if r.Status != 404 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			if time.Now().After(deadline) {
				t.Fatalf("section %d board 1: no analysis with nullos within a minute (%d %s)", sectionID, r.Status, r.Body)
			}
		}
	}
	_, royal := section("royal-auction-1913")
	if a := analysis(c, royal, true); *a.Nullo != want {
		t.Errorf("royal-auction-1913: nullo tricks %+v, want %+v", *a.Nullo, want)
	}
	ev, contract := section("contract-2017")
	if a := analysis(c, contract, false); a.Nullo != nil {
		t.Errorf("contract-2017: nullo tricks %+v, want none", *a.Nullo)
	}
	c.Want(200, nil, "PATCH", "/v1/events/"+id(ev), directorToken, `{"law": "royal-auction-1913"}`)
	if a := analysis(c, contract, true); *a.Nullo != want {
		t.Errorf("after the change to royal-auction-1913: nullo tricks %+v, want %+v", *a.Nullo, want)
	}
}
