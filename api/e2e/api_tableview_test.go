package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIEventTableOptions: an event's table options are off unless the
// director sets them, and a PATCH changes the one it names only.
func TestAPIEventTableOptions(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{"name": "Options", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"})
	if ev.TableTraveler || ev.TableLead {
		t.Fatalf("a new event: table_traveler %v table_lead %v, want both off", ev.TableTraveler, ev.TableLead)
	}
	e.want(200, &ev, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"table_lead": true}`)
	e.want(200, &ev, "GET", "/v1/events/"+id(ev.ID), directorToken, nil)
	if ev.TableTraveler || !ev.TableLead {
		t.Errorf("after PATCH table_lead: table_traveler %v table_lead %v, want false true", ev.TableTraveler, ev.TableLead)
	}
	e.wantError(400, "table_traveler", "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"table_traveler": "yes"}`)
}

// TestAPILeadAgainstHandRecord: the opening lead is the declarer's left-hand
// opponent's card, checked against the hand record (apitest.OneSuitDeal: North
// holds the spades, East the hearts, South the diamonds, West the clubs)
// in the one check every entry goes through: the director's, a table's, a
// correction.
func TestAPILeadAgainstHandRecord(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Leads", false)
	sid := id(f.Section.ID)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)[1]
	results := "/v1/sections/" + sid + "/results"

	// 4S by North: East leads, and holds only hearts.
	bad := f.Line(1, 1, 1, "4S", "N", 10)
	bad["lead"] = "SA"
	msg := e.wantError(422, "lead", "POST", results, directorToken, bad).Error
	for _, want := range []string{"SA", "East leads", "North", "holds no spades"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refused lead: %q does not say %q", msg, want)
		}
	}
	bad["lead"] = "ZZ"
	if msg := e.wantError(422, "lead", "POST", results, tok, bad).Error; !strings.Contains(msg, "not a card") {
		t.Errorf("a lead that is no card: %q", msg)
	}
	// The same check for a table's token: 3NT by West, North leads a spade.
	good := f.Line(1, 1, 1, "3NT", "W", 9)
	good["lead"] = "s10"
	var stored dto.ResultResponse
	e.want(201, &stored, "POST", results, tok, good)
	if stored.Lead != "ST" {
		t.Errorf("lead stored as %q, want ST (suit then rank)", stored.Lead)
	}
	// A correction is checked too: declarer South, West leads, holding clubs.
	good["declarer"], good["contract"], good["lead"] = "S", "3NT", "DA"
	e.wantError(422, "lead", "PUT", "/v1/results/"+id(stored.ID), tok, good, "If-Match", `"1"`)
	pass := f.Line(1, 1, 2, "PASS", "", 0)
	delete(pass, "declarer")
	delete(pass, "tricks")
	pass["lead"] = "HA"
	e.wantError(422, "lead", "POST", results, directorToken, pass)
}

// TestAPITableTravelerSoFar: a table reads a board's traveler so far only
// when the director has turned the event's table_traveler on, only for a
// board it has entered, and sees the other tables' lines without their
// queries or who entered them. Board 1 of the 3-table Mitchell (EBU
// matchpoints, 2 for each score beaten): table 1's 4S by N making 10
// (+420) against another table's 4S by N making 9 (−50) is the top, 2 of
// 2, for North–South, 0 for East–West.
func TestAPITableTravelerSoFar(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Traveler so far", false)
	sid := id(f.Section.ID)
	toks := apitest.IssueTokens(e.Client, f.Section.ID, 1, 2, 3)
	results := "/v1/sections/" + sid + "/results"
	traveler := "/v1/sections/" + sid + "/travelers/"

	e.want(201, nil, "POST", results, toks[1], f.Line(1, 1, 1, "4S", "N", 10))
	e.wantError(403, "", "GET", traveler+"1", toks[1], nil) // the option is off

	e.want(200, nil, "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"table_traveler": true}`)
	// Round 2: the Mitchell moves board 1 to the table below.
	other := 0
	for _, tb := range f.Section.Generated.Rounds[1].Tables {
		if slices.Contains(tb.Boards, 1) {
			other = tb.Table
		}
	}
	if other == 0 || other == 1 {
		t.Fatalf("board 1 in round 2 is at table %d", other)
	}
	e.want(200, nil, "PATCH", "/v1/sections/"+sid, directorToken, `{"current_round": 2}`)
	second := f.Line(2, other, 1, "4S", "N", 9)
	second["query"] = "East–West say it was 10 tricks"
	e.want(201, nil, "POST", results, toks[other], second)

	var tr api.TravelerResponse
	e.want(200, &tr, "GET", traveler+"1", toks[1], nil)
	if len(tr.Lines) != 2 || tr.Top != 2 {
		t.Fatalf("table 1's traveler of board 1: %d lines, top %v; want 2 lines, top 2", len(tr.Lines), tr.Top)
	}
	for _, l := range tr.Lines {
		switch l.Table {
		case 1:
			if l.NSScore != 420 || l.NSPoints != 2 || l.EWPoints != 0 || l.EnteredBy == "" {
				t.Errorf("table 1's own line: %+v, want +420, NS 2 EW 0, who entered it", l)
			}
		default:
			if l.NSScore != -50 || l.Query != "" || l.EnteredBy != "" {
				t.Errorf("the other table's line: score %d query %q entered by %q, want −50 and no query or who", l.NSScore, l.Query, l.EnteredBy)
			}
		}
	}
	// Board 3 is not table 1's: its traveler, and its hands, stay hidden.
	msg := e.wantError(404, "board", "GET", traveler+"3", toks[1], nil).Error
	if !strings.Contains(msg, "has not entered board 3") {
		t.Errorf("board 3 for table 1: %q", msg)
	}
	var boards []api.BoardResponse
	e.want(200, &boards, "GET", "/v1/sections/"+sid+"/boards", toks[1], nil)
	if boards[2].Deal != "" || boards[0].Deal == "" {
		t.Errorf("table 1 reads board 3's deal %q and board 1's %q: want board 3's hidden, board 1's shown", boards[2].Deal, boards[0].Deal)
	}
}
