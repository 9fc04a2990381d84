package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPIHowellLatePair: a late pair joins a 13-pair Howell through the
// movement change the half-table Mitchell's late pair uses: the same Howell
// with one pair more, from the round it joins, the pair added. With round 3
// announced, from round 2 is refused (422, from_round); from round 3 pair
// 14 plays the table of the pair that sat out round 3 (13 pairs: the
// 14-pair Howell with pair 14 missing), no one sits out from round 3 on,
// and round 1 keeps its sit-out with pair 14 out too.
func TestAPIHowellLatePair(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Howell late", "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "H", "movement": {"kind": "howell", "pairs": 13, "boards_per_round": 2}}`)
	path := "/v1/sections/" + id(sec.ID)
	e.want(200, nil, "PATCH", path, directorToken, `{"current_round": 3}`)
	filled := map[string]any{"kind": "howell", "pairs": 14, "boards_per_round": 2}
	add := []map[string]any{{"number": "14", "players": []map[string]any{{"name": "Late Comer"}, {"name": "Last Minute"}}}}

	got := e.wantError(422, "from_round", "POST", path+"/movement", directorToken, map[string]any{"movement": filled, "from_round": 2, "add": add})
	if !strings.Contains(got.Error, "round 3 or a later one") {
		t.Errorf("from round 2: %q", got.Error)
	}
	var after api.SectionResponse
	e.want(200, &after, "POST", path+"/movement", directorToken, map[string]any{"movement": filled, "from_round": 3, "add": add})
	r1, r3 := after.Generated.Rounds[0], after.Generated.Rounds[2]
	if want := append(slices.Clone(sec.Generated.Rounds[0].SitOut), 14); !slices.Equal(r1.SitOut, want) {
		t.Errorf("round 1 sit-outs %v, want %v", r1.SitOut, want)
	}
	out := sec.Generated.Rounds[2].SitOut
	played := false
	for _, tb := range r3.Tables {
		if (tb.NS == 14 && tb.EW == out[0]) || (tb.EW == 14 && tb.NS == out[0]) {
			played = true
		}
	}
	if !played || len(r3.SitOut) != 0 || len(r3.Tables) != 7 {
		t.Errorf("round 3: %d tables, sit-outs %v, pair 14 against pair %v: %v", len(r3.Tables), r3.SitOut, out, played)
	}
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", path+"/pairs", directorToken, nil)
	if len(pairs) != 1 || pairs[0].Number != "14" {
		t.Errorf("pairs after the late pair: %+v", pairs)
	}
}
