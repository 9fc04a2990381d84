package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPIOverallIndividual: the overall ranking of an individual event
// ranks its players, each as the section's standings do
// (TestAPIIndividual8's hand table: player 3 12 of 14, 85.71 %, first;
// players 2, 4 and 6 4 of 14, 28.57 %, equal sixth) — before, it ranked
// the 28 partnerships the movement seats. Adding a pairs section makes the
// event one the overall ranking refuses, 422 naming "sections" and the
// section.
func TestAPIOverallIndividual(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Christmas individual overall", 8)
	playIndividual(t, e, sec, eightLines)
	path := "/v1/events/" + id(sec.EventID) + "/standings"
	check := func() {
		t.Helper()
		var ov api.OverallResponse
		e.want(200, &ov, "GET", path, directorToken, nil)
		if len(ov.Entries) != 8 {
			t.Fatalf("%d entries, want the 8 players: %+v", len(ov.Entries), ov.Entries)
		}
		for _, en := range ov.Entries {
			if len(en.Players) != 1 {
				t.Fatalf("entry %+v: want one player", en)
			}
			total, pct, place := 8.0, 57.14, "2"
			switch en.Players[0] {
			case "Player 3":
				total, pct, place = 12, 85.71, "1"
			case "Player 2", "Player 4", "Player 6":
				total, pct, place = 4, 28.57, "6"
			}
			if en.Total != total || en.Percentage != pct || en.Place != place || en.Boards != 7 {
				t.Errorf("%s: %v (%v %%) place %s, %d boards; want %v (%v %%) place %s, 7 boards", en.Players[0], en.Total, en.Percentage, en.Place, en.Boards, total, pct, place)
			}
		}
	}
	check()
	var pairs api.SectionResponse
	e.want(201, &pairs, "POST", "/v1/events/"+id(sec.EventID)+"/sections", directorToken,
		map[string]any{"name": "B", "session": 2, "movement": map[string]any{"kind": "mitchell", "tables": 3, "boards_per_round": 1}})
	got := e.wantError(422, "sections", "GET", path, directorToken, nil)
	if !strings.Contains(got.Error, "section B") || !strings.Contains(got.Error, "individual") {
		t.Errorf("mixed: %+v", got)
	}
}
