package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestAPIMitchellVariants: a Mitchell variant is asked for by its name
// ("variant") and chosen switches ("switches") in POST
// /v1/events/{id}/sections, generated, stored and read back (GET
// /v1/sections/{id}) as asked; a switch round or table that does not exist
// and a variant that cannot balance for its tables are refused (422) naming
// the field. The 7-table hesitation Mitchell is the EBU's (see
// movement.TestHesitationMitchellEBU): round 2 table 7 has pair 14 (EW 7) NS.
func TestAPIMitchellVariants(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Variants", "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "H", "movement": map[string]any{
		"kind": "mitchell", "variant": "hesitation", "tables": 7, "boards_per_round": 3,
		"switches": []map[string]any{{"round": 8, "tables": []int{1, 2, 3}}}}})
	var got api.SectionResponse
	e.want(200, &got, "GET", "/v1/sections/"+id(sec.ID), directorToken, nil)
	if got.Movement.Variant != "hesitation" || len(got.Movement.Switches) != 1 || got.Movement.Switches[0].Round != 8 {
		t.Errorf("stored spec %+v", got.Movement)
	}
	if n := len(got.Generated.Rounds); n != 8 {
		t.Fatalf("%d rounds, want 8", n)
	}
	if t7 := apitest.Seat(got, 2, 7); t7.NS != 14 || t7.NSPair != "7 EW" {
		t.Errorf("round 2 table 7: %+v, want pair 14 (7 EW) NS", t7)
	}
	switched := 0
	for _, tb := range got.Generated.Rounds[7].Tables {
		if tb.ArrowSwitch {
			switched++
		}
	}
	if switched != 3 {
		t.Errorf("round 8: %d tables switched, want the 3 chosen", switched)
	}
	for _, c := range []struct {
		field string
		spec  map[string]any
	}{
		{"movement.switches[0].round", map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": 2,
			"switches": []map[string]any{{"round": 6, "tables": []int{1}}}}},
		{"movement.switches[0].tables[1]", map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": 2,
			"switches": []map[string]any{{"round": 2, "tables": []int{1, 6}}}}},
		{"movement.tables", map[string]any{"kind": "mitchell", "variant": "two-stanza", "tables": 8, "boards_per_round": 2}},
		{"movement.variant", map[string]any{"kind": "mitchell", "variant": "spiral", "tables": 8, "boards_per_round": 2}},
	} {
		e.wantError(422, c.field, "POST", path, directorToken, map[string]any{"name": "X", "movement": c.spec})
	}
}

// TestAPIRoverLatePair: the EBU's rover Mitchell is "for a late pair
// arriving during the first round" (EBUScore Pairs movement manual, [M6]):
// a 7-table Mitchell changed from round 2 to the rover Mitchell with the late
// pair added as NS 8 keeps round 1 as played; in round 2 the rover plays at
// table 1, the EBU's first table, and NS 1 sits out. The rover's table is
// no half table (TestRoverIsNoHalfTable).
func TestAPIRoverLatePair(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Rover", "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken, map[string]any{"name": "A",
		"movement": map[string]any{"kind": "mitchell", "tables": 7, "boards_per_round": 2}})
	path := "/v1/sections/" + id(sec.ID)
	var got api.SectionResponse
	e.want(200, &got, "POST", path+"/movement", directorToken, map[string]any{
		"movement":   map[string]any{"kind": "mitchell", "variant": "rover", "tables": 7, "boards_per_round": 2},
		"from_round": 2,
		"add":        []map[string]any{{"number": "8", "direction": "NS", "players": []map[string]any{{"name": "Late North"}, {"name": "Late South"}}}}})
	r1, r2 := got.Generated.Rounds[0], got.Generated.Rounds[1]
	if t1 := apitest.Seat(got, 1, 1); t1.NSPair != "1 NS" || t1.EWPair != "1 EW" || len(r1.SitOut) != 1 || r1.SitOut[0] != 8 {
		t.Errorf("round 1: table 1 %+v, sit-out %v; want NS 1 v EW 1 as played, the rover (pair 8) out", t1, r1.SitOut)
	}
	if t1 := apitest.Seat(got, 2, 1); t1.NSPair != "8 NS" || len(r2.SitOut) != 1 || r2.SitOut[0] != 1 {
		t.Errorf("round 2: table 1 %+v, sit-out %v; want the rover (8 NS) at table 1 and NS 1 out", t1, r2.SitOut)
	}
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", path+"/pairs", directorToken, nil)
	if len(pairs) != 1 || pairs[0].Number != "8" || pairs[0].Direction != "NS" {
		t.Errorf("pairs %+v, want the late pair 8 NS", pairs)
	}
}

// TestAPIAppendixMitchell: a director asking for the appendix Mitchell of 9
// tables gets EBUScore's "[M20] 1-Table Appendix Mitchell. Tables 1/10
// share" (see movement.TestAppendixMitchellEBUScore, which checks every
// round against the file): 10½ tables, 9 rounds of 3 boards, table 10
// sharing table 1's boards, the EW pairs (pairs 12 to 22, the file's EW 1
// to 11) going up a table a round round all 11 tables, and the EW pair at
// table 11, whose NS pair (11) is the file's missing pair, sitting out. The
// file's lines for round 1: "1,1,1" at table 1, "10,10,1" at table 10,
// "11,11,9" at table 11; round 2: "1,11,2", "10,9,2", "11,10,8". Two
// appendix tables are refused (422 movement.appendix): the published
// movement appends one.
func TestAPIAppendixMitchell(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Appendix", "date": "2026-11-28", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "A", "movement": map[string]any{
		"kind": "mitchell", "variant": "appendix", "tables": 9, "appendix": 1, "boards_per_round": 3}})
	g := sec.Generated
	if g.Tables != 11 || g.Pairs != 22 || g.Boards != 27 || len(g.Rounds) != 9 {
		t.Fatalf("%d tables, %d pairs, %d boards, %d rounds; want 11, 22, 27, 9", g.Tables, g.Pairs, g.Boards, len(g.Rounds))
	}
	for _, c := range []struct {
		round, table, ns, ew, firstBoard int
	}{
		{1, 1, 1, 12, 1}, {1, 10, 10, 21, 1}, {2, 1, 1, 22, 4}, {2, 10, 10, 20, 4},
	} {
		if s := apitest.Seat(sec, c.round, c.table); s.NS != c.ns || s.EW != c.ew || len(s.Boards) != 3 || s.Boards[0] != c.firstBoard {
			t.Errorf("round %d table %d: %+v, want %d v %d on boards %d-%d", c.round, c.table, s, c.ns, c.ew, c.firstBoard, c.firstBoard+2)
		}
	}
	for r, want := range map[int]int{1: 22, 2: 21} {
		if got := g.Rounds[r-1].SitOut; len(got) != 1 || got[0] != want {
			t.Errorf("round %d: sitting out %v, want [%d]", r, got, want)
		}
	}
	e.wantError(422, "movement.appendix", "POST", path, directorToken, map[string]any{"name": "X", "movement": map[string]any{
		"kind": "mitchell", "variant": "appendix", "tables": 9, "appendix": 2, "boards_per_round": 3}})
}

// TestAPIAppendixMitchell17: a director asking for 4 appendix tables on a
// 13-table Mitchell gets EBUScore's "[M13d] 17 table Appendix Mitchell - 2
// WINNERS" (PSMovements.txt; movement.TestAppendixMitchellsEBUScore checks
// every round and table of it and of the 16- to 20-table ones): 17 tables,
// 12 rounds of the 13 sets of 2 boards, tables 14 to 17 sharing the sets of
// tables 1 to 4. The file's lines (table: round by round NS, EW, set; EW
// pair e is movement pair 17+e, "EW e"): table 1 round 1 "1,1,1"; table 5
// round 2 "17,7,6", a moving NS pair come from table 17; table 14 round 2
// "13,14,2", EW 14 staying; table 17 round 12 "6,17,2". With arrow_switch
// [12] it is the "1 WINNER A/S" entry, whose table 1 round 12 is "27,1,12":
// EW 10 (pair 27) plays the NS cards against NS 1. The field refuses what
// EBUScore does not publish: 2 appendix tables on 13 (422
// movement.appendix, allowed 1 and 3 to 7), 4 on a 9-table Mitchell
// (allowed 1), 13 rounds (movement.rounds).
func TestAPIAppendixMitchell17(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Appendix 17", "date": "2026-11-28", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	spec := func(name string, extra map[string]any) map[string]any {
		mv := map[string]any{"kind": "mitchell", "variant": "appendix", "tables": 13, "appendix": 4, "boards_per_round": 2}
		for k, v := range extra {
			mv[k] = v
		}
		return map[string]any{"name": name, "movement": mv}
	}
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, spec("A", nil))
	g := sec.Generated
	if g.Kind != "mitchell" || g.Winners != 2 || g.Tables != 17 || g.Pairs != 34 || g.Boards != 26 || len(g.Rounds) != 12 || !strings.Contains(g.Name, "[M13d]") {
		t.Fatalf("%s %q: %d winners, %d tables, %d pairs, %d boards, %d rounds; want a Mitchell citing [M13d], 2, 17, 34, 26, 12",
			g.Kind, g.Name, g.Winners, g.Tables, g.Pairs, g.Boards, len(g.Rounds))
	}
	for _, c := range []struct {
		round, table, ns, ew, firstBoard int
		nsPair, ewPair                   string
	}{
		{1, 1, 1, 18, 1, "1 NS", "1 EW"}, {2, 5, 17, 24, 11, "17 NS", "7 EW"}, {2, 14, 13, 31, 3, "13 NS", "14 EW"}, {12, 17, 6, 34, 3, "6 NS", "17 EW"},
	} {
		if s := apitest.Seat(sec, c.round, c.table); s.NS != c.ns || s.EW != c.ew || s.NSPair != c.nsPair || s.EWPair != c.ewPair ||
			len(s.Boards) != 2 || s.Boards[0] != c.firstBoard || s.ArrowSwitch {
			t.Errorf("round %d table %d: %+v, want %s v %s on boards %d-%d", c.round, c.table, s, c.nsPair, c.ewPair, c.firstBoard, c.firstBoard+1)
		}
	}
	var back api.SectionResponse
	e.want(200, &back, "GET", "/v1/sections/"+id(sec.ID), directorToken, nil)
	if fmt.Sprint(back.Generated) != fmt.Sprint(g) {
		t.Errorf("read back:\n%v\nwant the movement stored:\n%v", back.Generated, g)
	}
	var one api.SectionResponse
	e.want(201, &one, "POST", path, directorToken, spec("B", map[string]any{"arrow_switch": []int{12}}))
	if s := apitest.Seat(one, 12, 1); one.Generated.Winners != 1 || s.NS != 1 || s.EW != 27 || !s.ArrowSwitch {
		t.Errorf("one winner: %d winners, round 12 table 1 %+v; want 1, NS 1 v EW 10 (pair 27) switched", one.Generated.Winners, s)
	}
	for _, c := range []struct {
		extra   map[string]any
		field   string
		allowed []string
	}{
		{map[string]any{"appendix": 2}, "movement.appendix", []string{"1", "3", "4", "5", "6", "7"}},
		{map[string]any{"tables": 9}, "movement.appendix", []string{"1"}},
		{map[string]any{"rounds": 13}, "movement.rounds", nil},
	} {
		er := e.wantError(422, c.field, "POST", path, directorToken, spec("X", c.extra))
		if !slices.Equal(er.Allowed, c.allowed) {
			t.Errorf("%v: allowed %v, want %v (%s)", c.extra, er.Allowed, c.allowed, er.Error)
		}
	}
}
