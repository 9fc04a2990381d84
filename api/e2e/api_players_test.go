package e2e

// The club's roster through the API (issue 22 §4) against a real
// PostgreSQL: players kept across events, pairs entered by membership
// number, a real USEBIO file imported twice adding each player once.

import (
	"bytes"
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// rosterOf reads the whole roster (at most one page of 200) by name.
func rosterOf(e *env, query string) api.ClubPlayersResponse {
	e.t.Helper()
	var r api.ClubPlayersResponse
	e.want(200, &r, "GET", "/v1/players?limit=200"+query, directorToken, nil)
	return r
}

// TestRosterAcrossEvents: the players of one event's pairs are in the
// roster when the next event's pairs are entered, by membership number
// alone or by name alone; a number the roster gives another name, or a
// new number without a name, is refused naming the field; a new number
// with a name joins the roster.
func TestRosterAcrossEvents(t *testing.T) {
	e := newEnv(t)
	newSection := func(name string) int64 {
		var ev api.EventResponse
		e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{"name": name, "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"})
		var sec api.SectionResponse
		e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken, `{"name": "A", "movement": {"kind": "howell", "pairs": 6, "boards_per_round": 2}}`)
		return sec.ID
	}
	tuesday := newSection("Tuesday pairs")
	e.want(201, nil, "POST", "/v1/sections/"+id(tuesday)+"/pairs", directorToken, `[
		{"number": "1", "players": [{"name": "Ann Smith", "number": "100001"}, {"name": "Bob Jones", "number": "100002"}]},
		{"number": "2", "players": [{"name": "Cat White", "number": "100003"}, {"name": "Dan Brown"}]}]`)
	r := rosterOf(e, "")
	if r.Total != 4 || len(r.Players) != 4 {
		t.Fatalf("roster after Tuesday: %+v, want the 4 players of its 2 pairs", r)
	}

	thursday := newSection("Thursday pairs")
	var pairs []api.PairResponse
	e.want(201, &pairs, "POST", "/v1/sections/"+id(thursday)+"/pairs", directorToken, `[
		{"number": "1", "players": [{"number": "100001"}, {"number": "100003"}]},
		{"number": "2", "players": [{"name": "bob  JONES"}, {"name": "Dan Brown"}]},
		{"number": "3", "players": [{"name": "Eve Green", "number": "100005"}, {"name": "Fay Black"}]}]`)
	want := [][2]api.PlayerDTO{
		{{Name: "Ann Smith", Number: "100001"}, {Name: "Cat White", Number: "100003"}}, // filled from their numbers
		{{Name: "Bob Jones", Number: "100002"}, {Name: "Dan Brown"}},                   // Bob's number from his name; Dan has none
		{{Name: "Eve Green", Number: "100005"}, {Name: "Fay Black"}},                   // new players, as given
	}
	for i, p := range pairs {
		if len(p.Players) != 2 || p.Players[0] != want[i][0] || p.Players[1] != want[i][1] {
			t.Errorf("pair %s: %+v, want %+v", p.Number, p.Players, want[i])
		}
	}
	r = rosterOf(e, "")
	if r.Total != 6 {
		t.Errorf("roster after Thursday: %d players, want 6 (Tuesday's 4, Eve Green and Fay Black)", r.Total)
	}

	// refusals name the field and change nothing
	friday := newSection("Friday pairs")
	er := e.wantError(422, "pairs[1].players[0].name", "POST", "/v1/sections/"+id(friday)+"/pairs", directorToken, `[
		{"number": "1", "players": [{"name": "Gus Grey", "number": "100007"}, {"name": "Hal Blue"}]},
		{"number": "2", "players": [{"name": "Zoe Smith", "number": "100001"}, {"name": "Ivy Red"}]}]`)
	if want := `"Zoe Smith": membership number 100001 is Ann Smith in the club's roster`; !strings.Contains(er.Error, want) {
		t.Errorf("a number with another name: %q", er.Error)
	}
	e.wantError(422, "players[0].name", "POST", "/v1/sections/"+id(friday)+"/pairs", directorToken,
		`{"number": "1", "players": [{"number": "999999"}, {"name": "Hal Blue"}]}`)
	e.wantError(422, "players[0].number", "POST", "/v1/sections/"+id(friday)+"/pairs", directorToken,
		`{"number": "1", "players": [{"name": "Gus Grey", "number": "12;34"}, {"name": "Hal Blue"}]}`)
	if r := rosterOf(e, ""); r.Total != 6 {
		t.Errorf("roster after refused pairs: %d players, want still 6", r.Total)
	}

	// a substitute by number, on an existing pair
	var sub api.PairResponse
	e.want(200, &sub, "PATCH", "/v1/pairs/"+id(pairs[2].ID), directorToken, `{"players": [{"number": "100005"}, {"number": "100002"}]}`)
	if sub.Players[1] != (api.PlayerDTO{Name: "Bob Jones", Number: "100002"}) {
		t.Errorf("substitute by number: %+v", sub.Players)
	}

	// search, pages (by name: Ann, Bob, Cat, Dan, Eve, Fay) and their bounds
	if r := rosterOf(e, "&q=smi"); r.Total != 1 || r.Players[0].Name != "Ann Smith" {
		t.Errorf("search smi: %+v", r)
	}
	if r := rosterOf(e, "&q=10000"); r.Total != 4 {
		t.Errorf("search by the start of a number 10000: %d players, want the 4 numbered ones", r.Total)
	}
	var page api.ClubPlayersResponse
	e.want(200, &page, "GET", "/v1/players?limit=2&offset=2", directorToken, nil)
	if page.Total != 6 || len(page.Players) != 2 || page.Players[0].Name != "Cat White" || page.Players[1].Name != "Dan Brown" {
		t.Errorf("page 2 of 2 by name: %+v", page)
	}
	e.wantError(422, "limit", "GET", "/v1/players?limit=201", directorToken, nil)
	e.wantError(400, "limit", "GET", "/v1/players?limit=many", directorToken, nil)
	e.wantError(400, "sort", "GET", "/v1/players?sort=name", directorToken, nil)

	// add and change, one number one player
	var gus api.ClubPlayerResponse
	e.want(201, &gus, "POST", "/v1/players", directorToken, `{"name": "Gus Grey", "number": "100007"}`)
	e.wantError(409, "number", "POST", "/v1/players", directorToken, `{"name": "Gus Grey junior", "number": "100007"}`)
	e.wantError(422, "name", "POST", "/v1/players", directorToken, `{"name": " ", "number": "100008"}`)
	e.wantError(409, "number", "PATCH", "/v1/players/"+id(gus.ID), directorToken, `{"number": "100001"}`)
	// Ann marries: the roster has her new name; Tuesday's pair keeps the
	// name it was entered with and may still be saved with it.
	var annRow api.ClubPlayersResponse
	e.want(200, &annRow, "GET", "/v1/players?q=100001", directorToken, nil)
	e.want(200, nil, "PATCH", "/v1/players/"+id(annRow.Players[0].ID), directorToken, `{"name": "Ann Smith-Jones"}`)
	var tue []api.PairResponse
	e.want(200, &tue, "GET", "/v1/sections/"+id(tuesday)+"/pairs", directorToken, nil)
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(tue[0].ID), directorToken,
		`{"players": [{"name": "Ann Smith", "number": "100001"}, {"name": "Bob Jones", "number": "100002"}, {"name": "Dan Brown"}]}`)
	e.wantError(422, "players[0].name", "POST", "/v1/sections/"+id(friday)+"/pairs", directorToken,
		`{"number": "1", "players": [{"name": "Ann Smith", "number": "100001"}, {"name": "Hal Blue"}]}`)
	var renamed api.ClubPlayerResponse
	e.want(200, &renamed, "PATCH", "/v1/players/"+id(gus.ID), directorToken, `{"name": "Gus Gray", "number": ""}`)
	if renamed.Name != "Gus Gray" || renamed.Number != "" {
		t.Errorf("changed: %+v", renamed)
	}
	e.wantError(404, "", "GET", "/v1/players/999999", directorToken, nil)

	// removed from the roster; the events keep their players
	e.want(204, nil, "DELETE", "/v1/players/"+id(gus.ID), directorToken, nil)
	e.wantError(404, "", "GET", "/v1/players/"+id(gus.ID), directorToken, nil)
	e.wantError(404, "", "DELETE", "/v1/players/"+id(gus.ID), directorToken, nil)
	var ann api.ClubPlayersResponse
	e.want(200, &ann, "GET", "/v1/players?q=100001", directorToken, nil)
	e.want(204, nil, "DELETE", "/v1/players/"+id(ann.Players[0].ID), directorToken, nil)
	var kept []api.PairResponse
	e.want(200, &kept, "GET", "/v1/sections/"+id(tuesday)+"/pairs", directorToken, nil)
	if kept[0].Players[0] != (api.PlayerDTO{Name: "Ann Smith", Number: "100001"}) || len(kept[0].Players) != 3 {
		t.Errorf("Tuesday's pair 1 after Ann left the roster: %+v", kept[0].Players)
	}
}

// TestImportAddsRosterOnce: a real USEBIO file (Compscore3, 12 pairs, 24
// PLAYERs each with its NATIONAL_ID_NUMBER) imported twice adds its 24
// players once; a pair entered later by one of those numbers gets the
// file's name.
func TestImportAddsRosterOnce(t *testing.T) {
	e := newEnv(t)
	body, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var first, second api.ImportResponse
	e.want(201, &first, "POST", "/v1/events/import", directorToken, body, "Content-Type", "text/xml")
	if r := rosterOf(e, ""); r.Total != 24 {
		t.Fatalf("roster after one import: %d players, want the file's 24", r.Total)
	}
	e.want(201, &second, "POST", "/v1/events/import?again=true", directorToken, body, "Content-Type", "text/xml")
	if first.ID == second.ID {
		t.Fatalf("the second import made no event of its own")
	}
	r := rosterOf(e, "")
	if r.Total != 24 {
		t.Errorf("roster after the same file twice: %d players, want still 24", r.Total)
	}
	var one api.ClubPlayersResponse
	e.want(200, &one, "GET", "/v1/players?q=100001", directorToken, nil)
	if one.Total != 1 || one.Players[0].Name != "Player 1" {
		t.Errorf("number 100001 (the file's first PLAYER): %+v", one)
	}
}

// TestExportsCarryNumbers: a pair entered with membership numbers has them
// in every export: USEBIO's PLAYER/NATIONAL_ID_NUMBER, PBN's
// TotalScoreTable MemberID1 and MemberID2, the workbook's Players sheet,
// the standings CSV's membership_numbers beside its players.
func TestExportsCarryNumbers(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Numbers", false)
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+id(f.Section.ID)+"/pairs", directorToken, nil)
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(pairs[0].ID), directorToken,
		`{"players": [{"name": "Ann North", "number": "100001"}, {"name": "Bob South", "number": "100002"}]}`)
	ev := "/v1/events/" + id(f.Event.ID)

	usebio := string(e.want(200, nil, "GET", ev+"/usebio.xml?section="+id(f.Section.ID), directorToken, nil).Body)
	for _, want := range []string{"<PLAYER_NAME>Ann North</PLAYER_NAME>", "<NATIONAL_ID_NUMBER>100001</NATIONAL_ID_NUMBER>", "<NATIONAL_ID_NUMBER>100002</NATIONAL_ID_NUMBER>"} {
		if !strings.Contains(usebio, want) {
			t.Errorf("usebio.xml lacks %s", want)
		}
	}
	pbn := string(e.want(200, nil, "GET", ev+"/results.pbn", directorToken, nil).Body)
	if want := `"1NS" "Ann North - Bob South" "100001" "100002"`; !strings.Contains(pbn, `[TotalScoreTable "Rank\2R;PairId\4R;Names\40L;MemberID1\10R;MemberID2\10R"]`) || !strings.Contains(pbn, want) {
		t.Errorf("results.pbn has no TotalScoreTable row %s:\n%.1500s", want, pbn)
	}
	standings, err := csv.NewReader(bytes.NewReader(e.want(200, nil, "GET", ev+"/standings.csv", directorToken, nil).Body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	numbered := 0
	for _, r := range standings { // section,direction,place,number,name,players,membership_numbers,…
		if len(r) == 10 && r[0] == "A" && r[1] == "NS" && r[3] == "1" && r[5] == "Ann North & Bob South" && r[6] == "100001 & 100002" {
			numbered++
		}
	}
	if numbered != 1 || len(standings) == 0 || standings[0][6] != "membership_numbers" {
		t.Errorf("standings.csv: %d rows of pair 1 NS with its players' numbers (want 1):\n%v", numbered, standings)
	}
	book, err := excelize.OpenReader(bytes.NewReader(e.want(200, nil, "GET", ev+"/report.xlsx", directorToken, nil).Body))
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	rows, err := book.GetRows("Players")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, r := range rows {
		if len(r) == 5 && r[0] == "A" && r[1] == "1" && r[2] == "NS" && ((r[3] == "Ann North" && r[4] == "100001") || (r[3] == "Bob South" && r[4] == "100002")) {
			found++
		}
	}
	if found != 2 || len(rows) != 13 {
		t.Errorf("Players sheet: %d rows (want the header and the 12 players of 6 pairs), %d of pair 1 NS's with their numbers (want 2): %v", len(rows), found, rows)
	}
}
