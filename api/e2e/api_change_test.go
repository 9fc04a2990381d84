package e2e

// Issue 13 §1, "change anything, lose nothing": every new endpoint once,
// and every refusal, against a real PostgreSQL.
//
// The fixture (apitest.NewMitchell) is a 3-table Mitchell, 2 boards a round, 3
// rounds. A Mitchell moves the EW pairs up a table and the boards down one
// each round, so (movement cards):
//
//	round 1: table 1 NS1–EW1 boards 1-2, table 2 NS2–EW2 boards 3-4, table 3 NS3–EW3 boards 5-6
//	round 2: table 1 NS1–EW3 boards 3-4, table 2 NS2–EW1 boards 5-6, table 3 NS3–EW2 boards 1-2
//	round 3: table 1 NS1–EW2 boards 5-6, table 2 NS2–EW3 boards 1-2, table 3 NS3–EW1 boards 3-4
//
// The test reads the movement back and checks these seats before it counts
// on them.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// pairIDs returns a section's pairs' ids by "1 NS", "3 EW".
func pairIDs(e *env, sectionID int64) map[string]int64 {
	e.t.Helper()
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+id(sectionID)+"/pairs", directorToken, nil)
	out := map[string]int64{}
	for _, p := range pairs {
		out[p.Number+" "+p.Direction] = p.ID
	}
	return out
}

// slots lists results as "round/table/board status ns%/ew%".
func slots(rs []dto.ResultResponse) string {
	var b []string
	for _, r := range rs {
		b = append(b, fmt.Sprintf("%d/%d/%d %s %d/%d", r.Round, r.Table, r.Board, r.Status, r.NSPercent, r.EWPercent))
	}
	return strings.Join(b, ", ")
}

func TestAPIChangePairs(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Changes", true)
	for _, c := range []struct{ round, table, ns, ew int }{{1, 1, 1, 4}, {2, 3, 3, 5}, {3, 3, 3, 4}, {1, 2, 2, 5}, {2, 2, 2, 4}} {
		if s := apitest.Seat(f.Section, c.round, c.table); s.NS != c.ns || s.EW != c.ew {
			t.Fatalf("round %d table %d: NS %d EW %d, want %d, %d (EW pair n is movement pair n+3)", c.round, c.table, s.NS, s.EW, c.ns, c.ew)
		}
	}
	pairs := pairIDs(e, f.Section.ID)
	sec := "/v1/sections/" + id(f.Section.ID)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)[1]

	// A substitute: Bob South leaves, Zoe Sub sits in; a membership number.
	var p api.PairResponse
	e.want(200, &p, "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken,
		`{"players": [{"name": "Ann North", "number": "EBU 123"}, {"name": " Zoe Sub "}]}`)
	if p.Number != "1" || p.Direction != "NS" || len(p.Players) != 2 || p.Players[1].Name != "Zoe Sub" || p.Players[0].Number != "EBU 123" {
		t.Errorf("patched pair: %+v", p)
	}
	// A number another pair holds (NS 2) is a 409; one the movement lacks
	// (3 tables: NS 1 to 3) a 422.
	e.wantError(409, "number", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, `{"number": "2"}`)
	e.wantError(422, "number", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, `{"number": "4"}`)
	e.wantError(422, "players[1].name", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, `{"players": [{"name": "Ann"}, {"name": " "}]}`)
	e.wantError(400, "nickname", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, `{"nickname": "x"}`)
	e.wantError(403, "*", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), tok, `{"players": []}`)
	e.wantError(401, "Authorization", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), "-", `{"players": []}`)
	e.wantError(404, "", "PATCH", "/v1/pairs/999999", directorToken, `{"players": []}`)

	// Board 1, round 1, table 1: NS 1 v EW 1, 4S by N making 10, 420
	// (not vulnerable: 4×30 + 300).
	var stored []dto.ResultResponse
	e.want(201, &stored, "POST", sec+"/results", directorToken, []any{f.Line(1, 1, 1, "4S", "N", 10)})
	if stored[0].NSScore != 420 {
		t.Fatalf("board 1: %d, want 420", stored[0].NSScore)
	}
	// Now NS 1 and EW 1 have a result: their numbers stay, their players
	// may still change; neither is deleted.
	er := e.wantError(409, "number", "PATCH", "/v1/pairs/"+id(pairs["1 EW"]), directorToken, `{"number": "3"}`)
	if !strings.Contains(er.Error, "pair 1 EW has 1 result(s) (boards 1)") {
		t.Errorf("refusal: %s", er.Error)
	}
	e.wantError(409, "direction", "PATCH", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, `{"direction": "EW"}`)
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(pairs["1 EW"]), directorToken, `{"players": [{"name": "Gus East"}, {"name": "Hal West"}, {"name": "Sam Sub"}]}`)
	er = e.wantError(409, "id", "DELETE", "/v1/pairs/"+id(pairs["1 NS"]), directorToken, nil)
	if !strings.Contains(er.Error, "/withdraw") {
		t.Errorf("refusal does not say what to do instead: %s", er.Error)
	}

	// EW 2 withdraws before it plays: deleted, gone from the list.
	e.wantError(403, "*", "DELETE", "/v1/pairs/"+id(pairs["2 EW"]), tok, nil)
	e.want(204, nil, "DELETE", "/v1/pairs/"+id(pairs["2 EW"]), directorToken, nil)
	if left := pairIDs(e, f.Section.ID); len(left) != 5 || left["2 EW"] != 0 {
		t.Errorf("pairs after the delete: %v", left)
	}
	e.wantError(404, "", "DELETE", "/v1/pairs/"+id(pairs["2 EW"]), directorToken, nil)
	e.wantError(404, "", "PATCH", "/v1/pairs/"+id(pairs["2 EW"]), directorToken, `{"players": []}`)

	// NS 3 leaves after round 1 with 40%, its opponents get 60%: its table
	// 3 plays boards 1-2 in round 2 and 3-4 in round 3, none with a result:
	// 4 artificial results, NS (the pair) 40, EW 60.
	var w api.WithdrawResponse
	e.want(201, &w, "POST", "/v1/pairs/"+id(pairs["3 NS"])+"/withdraw", directorToken,
		`{"from_round": 2, "status": "artificial", "pair_percent": 40, "opponents_percent": 60}`)
	if got, want := slots(w.Results), "2/3/1 artificial 40/60, 2/3/2 artificial 40/60, 3/3/3 artificial 40/60, 3/3/4 artificial 40/60"; got != want {
		t.Errorf("withdrawal stored %s, want %s", got, want)
	}
	if w.FromRound != 2 || w.Change.Action != "withdraw" || w.Change.Kind != "pair" || w.Change.Actor != "director" || w.Change.After["results"] != float64(4) {
		t.Errorf("withdrawal: from %d, change %+v", w.FromRound, w.Change)
	}
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", "/v1/results/"+id(w.Results[0].ID)+"/audit", directorToken, nil)
	if len(audit) != 1 || audit[0].Action != "insert" || audit[0].Actor != "director" {
		t.Errorf("a withdrawal's result is audited as an insert: %+v", audit)
	}
	// Again: no board left without a result.
	e.wantError(409, "from_round", "POST", "/v1/pairs/"+id(pairs["3 NS"])+"/withdraw", directorToken, `{"from_round": 2}`)
	e.wantError(422, "status", "POST", "/v1/pairs/"+id(pairs["1 NS"])+"/withdraw", directorToken, `{"status": "played"}`)
	e.wantError(422, "from_round", "POST", "/v1/pairs/"+id(pairs["1 NS"])+"/withdraw", directorToken, `{"from_round": 4}`)
	e.wantError(422, "pair_percent", "POST", "/v1/pairs/"+id(pairs["1 NS"])+"/withdraw", directorToken, `{"status": "artificial", "pair_percent": 120}`)
	e.wantError(422, "pair_percent", "POST", "/v1/pairs/"+id(pairs["1 NS"])+"/withdraw", directorToken, `{"pair_percent": 40}`)
	e.wantError(403, "*", "POST", "/v1/pairs/"+id(pairs["1 NS"])+"/withdraw", tok, `{}`)

	// EW 1 leaves from round 1 (the current round), not played: its boards
	// are 1-2 at table 1 (board 1 has its result), 5-6 at table 2 in round
	// 2, 3-4 at table 3 in round 3 (NS 3's withdrawal scored them): 3 lines.
	e.want(201, &w, "POST", "/v1/pairs/"+id(pairs["1 EW"])+"/withdraw", directorToken, `{}`)
	if got, want := slots(w.Results), "1/1/2 not_played 0/0, 2/2/5 not_played 0/0, 2/2/6 not_played 0/0"; got != want || w.FromRound != 1 {
		t.Errorf("withdrawal from round %d stored %s, want %s", w.FromRound, got, want)
	}

	// The audit of the evening, oldest first.
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+id(f.Event.ID)+"/changes", directorToken, nil)
	var got []string
	for _, c := range changes {
		got = append(got, fmt.Sprintf("%s %s %d", c.Kind, c.Action, c.TargetID))
	}
	want := []string{"pair update " + id(pairs["1 NS"]), "pair update " + id(pairs["1 EW"]), "pair delete " + id(pairs["2 EW"]),
		"pair withdraw " + id(pairs["3 NS"]), "pair withdraw " + id(pairs["1 EW"])}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("changes %v, want %v", got, want)
	}
	if c := changes[0]; fmt.Sprint(c.Before["players"]) != "[map[name:Ann North number:] map[name:Bob South number:]]" ||
		fmt.Sprint(c.After["players"]) != "[map[name:Ann North number:EBU 123] map[name:Zoe Sub number:]]" || c.At.IsZero() {
		t.Errorf("the substitute's change: before %v after %v at %v", c.Before, c.After, c.At)
	}
	if c := changes[2]; c.After != nil || c.Before["number"] != "2" || c.Before["direction"] != "EW" {
		t.Errorf("the delete's change: %+v", c)
	}
	e.wantError(403, "*", "GET", "/v1/events/"+id(f.Event.ID)+"/changes", tok, nil)
}

func TestAPIChangeTeams(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Teams", "date": "2026-11-24", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "T", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2}}`)
	var teams []api.TeamResponse
	e.want(201, &teams, "POST", "/v1/sections/"+id(sec.ID)+"/teams", directorToken,
		`[{"number": 1, "name": "Aces", "players": [{"name": "Ann"}]}, {"number": 2, "name": "Kings"}]`)
	var tm api.TeamResponse
	e.want(200, &tm, "PATCH", "/v1/teams/"+id(teams[0].ID), directorToken, `{"name": "Aces High", "players": [{"name": "Ann"}, {"name": "Bob", "number": "42"}]}`)
	if tm.Name != "Aces High" || tm.Number != 1 || len(tm.Players) != 2 || tm.Players[1].Number != "42" {
		t.Errorf("patched team: %+v", tm)
	}
	e.want(200, &tm, "PATCH", "/v1/teams/"+id(teams[1].ID), directorToken, `{"players": [{"name": "Cat"}]}`)
	if tm.Name != "Kings" || len(tm.Players) != 1 {
		t.Errorf("a roster alone changes the roster alone: %+v", tm)
	}
	e.wantError(422, "name", "PATCH", "/v1/teams/"+id(teams[0].ID), directorToken, `{"name": ""}`)
	e.wantError(422, "players[0].name", "PATCH", "/v1/teams/"+id(teams[0].ID), directorToken, `{"players": [{"name": ""}]}`)
	e.wantError(401, "Authorization", "PATCH", "/v1/teams/"+id(teams[0].ID), "-", `{"name": "X"}`)
	e.wantError(404, "", "PATCH", "/v1/teams/999999", directorToken, `{"name": "X"}`)
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+id(ev.ID)+"/changes", directorToken, nil)
	if len(changes) != 2 || changes[0].Kind != "team" || changes[0].Before["name"] != "Aces" || changes[0].After["name"] != "Aces High" {
		t.Errorf("changes: %+v", changes)
	}
}

func TestAPIChangeSectionsAndEvents(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Tuesday", true)
	ev := "/v1/events/" + id(f.Event.ID)
	sec := "/v1/sections/" + id(f.Section.ID)
	var other api.SectionResponse
	e.want(201, &other, "POST", ev+"/sections", directorToken, `{"name": "C", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	osec := "/v1/sections/" + id(other.ID)

	var s api.SectionResponse
	e.want(200, &s, "PATCH", sec, directorToken, `{"name": "B"}`)
	if s.Name != "B" || s.Session != 1 || s.CurrentRound != 1 {
		t.Errorf("renamed: %+v", s)
	}
	e.wantError(409, "name", "PATCH", osec, directorToken, `{"name": "B"}`)
	e.want(200, &s, "PATCH", sec, directorToken, `{"session": 2, "current_round": 2}`)
	if s.Session != 2 || s.CurrentRound != 2 {
		t.Errorf("moved: %+v", s)
	}
	e.want(200, &s, "PATCH", osec, directorToken, `{"name": "B"}`) // session 1 has no B now
	e.wantError(409, "session", "PATCH", osec, directorToken, `{"session": 2}`)
	e.wantError(422, "session", "PATCH", osec, directorToken, `{"session": 0}`)
	e.wantError(422, "name", "PATCH", osec, directorToken, `{"name": "a name far too long for a section"}`)
	e.wantError(400, "current_round", "PATCH", osec, directorToken, `{}`)
	e.wantError(401, "Authorization", "PATCH", osec, "-", `{"name": "D"}`)

	// Delete section C (now B of session 1): gone from the lists and URLs,
	// the public pages too; its results' audit stays.
	var stored []dto.ResultResponse
	lc := apitest.Mitchell{Event: f.Event, Section: other}.Line(1, 1, 1, "3NT", "S", 9)
	e.want(201, &stored, "POST", osec+"/results", directorToken, []any{lc})
	e.wantError(401, "Authorization", "DELETE", osec, "-", nil)
	e.want(204, nil, "DELETE", osec, directorToken, nil)
	e.wantError(404, "", "GET", osec, directorToken, nil)
	e.wantError(404, "", "GET", osec+"/standings", "-", nil)
	e.wantError(404, "", "GET", "/v1/results/"+id(stored[0].ID), directorToken, nil)
	e.wantError(404, "", "DELETE", osec, directorToken, nil)
	if r := e.do("GET", "/sections/"+id(other.ID)+"/standings", "-", nil); r.Status != http.StatusNotFound {
		t.Errorf("public standings of a deleted section: %d", r.Status)
	}
	var secs []api.SectionResponse
	e.want(200, &secs, "GET", ev+"/sections", directorToken, nil)
	if len(secs) != 1 || secs[0].ID != f.Section.ID {
		t.Errorf("sections after the delete: %+v", secs)
	}
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", "/v1/results/"+id(stored[0].ID)+"/audit", directorToken, nil)
	if len(audit) != 1 {
		t.Errorf("the deleted section's result lost its audit: %+v", audit)
	}
	// Its name is free again in session 1.
	e.want(201, nil, "POST", ev+"/sections", directorToken, `{"name": "B", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)

	// Delete the event: 404 everywhere, the public pages too; the audit
	// stays, the deletion last.
	e.wantError(403, "*", "DELETE", ev, apitest.IssueTokens(e.Client, f.Section.ID, 1)[1], nil)
	e.want(204, nil, "DELETE", ev, directorToken, nil)
	e.wantError(404, "", "GET", ev, directorToken, nil)
	e.wantError(404, "", "GET", ev, "-", nil)
	e.wantError(404, "", "GET", sec, directorToken, nil)
	e.wantError(404, "", "GET", sec+"/pairs", directorToken, nil)
	e.wantError(404, "", "GET", ev+"/results", directorToken, nil)
	e.wantError(404, "", "PATCH", ev, directorToken, `{"name": "Back"}`)
	e.wantError(404, "", "DELETE", ev, directorToken, nil)
	e.wantError(404, "", "POST", ev+"/sections", directorToken, `{"name": "Z", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	for _, path := range []string{"/events/" + id(f.Event.ID), "/sections/" + id(f.Section.ID) + "/standings"} {
		if r := e.do("GET", path, "-", nil); r.Status != http.StatusNotFound {
			t.Errorf("GET %s of a deleted event: %d", path, r.Status)
		}
	}
	var events []api.EventResponse
	e.want(200, &events, "GET", "/v1/events", directorToken, nil)
	if len(events) != 0 {
		t.Errorf("events after the delete: %+v", events)
	}
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", ev+"/changes", directorToken, nil)
	var got []string
	for _, c := range changes {
		got = append(got, c.Kind+" "+c.Action)
	}
	if want := "section update, section update, section update, section delete, event delete"; strings.Join(got, ", ") != want {
		t.Errorf("changes %v, want %s", got, want)
	}
	if last := changes[len(changes)-1]; last.Before["name"] != "Tuesday" || last.Before["sections"] != float64(2) {
		t.Errorf("the event's deletion keeps %v", last.Before)
	}
	e.wantError(404, "", "GET", "/v1/events/999999/changes", directorToken, nil)
}

func TestAPIImportTwice(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Export me", true)
	e.want(201, nil, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", directorToken, []any{f.Line(1, 1, 1, "4S", "N", 10)})
	pbn := e.want(200, nil, "GET", "/v1/events/"+id(f.Event.ID)+"/results.pbn", directorToken, nil).Body

	var first, again api.ImportResponse
	e.want(201, &first, "POST", "/v1/events/import?format=pbn", directorToken, pbn)
	er := e.wantError(409, "file", "POST", "/v1/events/import?format=pbn&name=Other", directorToken, pbn)
	if er.EventID != first.ID || !strings.Contains(er.Error, "event "+id(first.ID)) || !strings.Contains(er.Error, "again=true") {
		t.Errorf("409: %+v, want event %d named", er, first.ID)
	}
	e.wantError(400, "again", "POST", "/v1/events/import?format=pbn&again=yes", directorToken, pbn)
	e.want(201, &again, "POST", "/v1/events/import?format=pbn&again=true", directorToken, pbn)
	if again.ID == first.ID {
		t.Errorf("again: the same event %d", again.ID)
	}
	// The newest holder is named; once both are deleted the file imports.
	er = e.wantError(409, "file", "POST", "/v1/events/import?format=pbn", directorToken, pbn)
	if er.EventID != again.ID {
		t.Errorf("409 names event %d, want the newest, %d", er.EventID, again.ID)
	}
	e.want(204, nil, "DELETE", "/v1/events/"+id(first.ID), directorToken, nil)
	e.want(204, nil, "DELETE", "/v1/events/"+id(again.ID), directorToken, nil)
	e.want(201, nil, "POST", "/v1/events/import?format=pbn", directorToken, pbn)
	// Other bytes are another file.
	e.want(201, nil, "POST", "/v1/events/import?format=pbn", directorToken, append(pbn, '\n'))
}
