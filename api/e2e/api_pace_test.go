package e2e

// Tables at their own pace through the HTTP API (issue 22 §2): a table
// enters an earlier round after the director moved on, a round the
// director closed is refused and the refusal kept for the director, and a
// late play does not hold a traveler back.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPITableEntersEarlierRoundAndRefusalsKept: the section moves to round
// 2; table 1 still enters its round 1 board (today: 403 "the current round
// only"). The director closes round 1 for table 1; the phone's queued entry
// of its other round 1 board is refused (403 naming the round and the
// table) and kept: the director lists it, the table lists its own and
// calls the director, and it is resolved once the director enters the
// board. Another refused entry the table withdraws.
func TestAPITableEntersEarlierRoundAndRefusalsKept(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Own pace", false)
	sec := id(f.Section.ID)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1, 2)
	e.want(200, nil, "PATCH", "/v1/sections/"+sec, directorToken, `{"current_round": 2}`)
	boards := apitest.Seat(f.Section, 1, 1).Boards // 2 boards a round
	if len(boards) != 2 {
		t.Fatalf("table 1 plays %v in round 1, want 2 boards", boards)
	}
	e.want(201, nil, "POST", "/v1/sections/"+sec+"/results", tok[1], f.Line(1, 1, boards[0], "4S", "N", 10), "Table-Entry-Key", "k-first")

	var closed api.SectionResponse
	e.want(200, &closed, "POST", "/v1/sections/"+sec+"/rounds/close", directorToken, `{"round": 1, "tables": [1]}`)
	if got := closed.Pace.ClosedRounds; len(got) != 1 || got[0].Table != 1 || got[0].Round != 1 {
		t.Errorf("closed rounds %+v, want round 1 of table 1", got)
	}
	refused := e.wantError(403, "table", "POST", "/v1/sections/"+sec+"/results", tok[1], f.Line(1, 1, boards[1], "3NT", "S", 9), "Table-Entry-Key", "k-late")
	if !strings.Contains(refused.Error, "round 1") || !strings.Contains(refused.Error, "table 1") {
		t.Errorf("refusal %q does not name round 1 and table 1", refused.Error)
	}
	// The same key refused again (the phone retries) is one refused entry.
	e.wantError(403, "table", "POST", "/v1/sections/"+sec+"/results", tok[1], f.Line(1, 1, boards[1], "3NT", "S", 9), "Table-Entry-Key", "k-late")
	// A refusal without the header (a client that keeps nothing) is not kept.
	e.wantError(403, "table", "POST", "/v1/sections/"+sec+"/results", tok[1], f.Line(1, 1, boards[1], "3NT", "S", 8))

	var all []api.RefusalResponse
	e.want(200, &all, "GET", "/v1/sections/"+sec+"/refusals", directorToken, nil)
	if len(all) != 1 {
		t.Fatalf("the director sees %d refused entries, want 1: %+v", len(all), all)
	}
	r := all[0]
	if r.Table != 1 || r.Round != 1 || r.Board != boards[1] || r.Key != "k-late" || r.Field != "table" || r.Reason != strings.TrimPrefix(refused.Error, "table: ") || r.CalledAt != nil {
		t.Errorf("refused entry %+v, want table 1, round 1, board %d, key k-late, the reason answered (on the field table), not called", r, boards[1])
	}
	if !strings.Contains(string(r.Entry), `"3NT"`) {
		t.Errorf("the entry kept %s is not what the phone sent", r.Entry)
	}
	var own, other []api.RefusalResponse
	e.want(200, &own, "GET", "/v1/sections/"+sec+"/refusals", tok[1], nil)
	e.want(200, &other, "GET", "/v1/sections/"+sec+"/refusals", tok[2], nil)
	if len(own) != 1 || len(other) != 0 {
		t.Errorf("table 1 sees %d refused entries, table 2 %d; want 1 and 0", len(own), len(other))
	}
	var called api.RefusalResponse
	e.want(200, &called, "POST", "/v1/sections/"+sec+"/refusals/k-late/call", tok[1], nil)
	if called.CalledAt == nil {
		t.Error("calling the director did not note the call")
	}
	e.want(404, nil, "POST", "/v1/sections/"+sec+"/refusals/k-late/call", tok[2], nil)

	// The director enters the board: the refusal is resolved.
	e.want(201, nil, "POST", "/v1/sections/"+sec+"/results", directorToken, f.Line(1, 1, boards[1], "3NT", "S", 9))
	e.want(200, &all, "GET", "/v1/sections/"+sec+"/refusals", directorToken, nil)
	if len(all) != 0 {
		t.Errorf("after the director entered the board, %d refused entries are open: %+v", len(all), all)
	}

	// A retry that meets its own earlier success (the answer was lost) is
	// a clash with the very same line: nothing is kept.
	b2 := apitest.Seat(f.Section, 1, 2).Boards[1]
	e.want(201, nil, "POST", "/v1/sections/"+sec+"/results", directorToken, f.Line(1, 2, b2, "3NT", "S", 9))
	e.wantError(409, "*", "POST", "/v1/sections/"+sec+"/results", tok[2], f.Line(1, 2, b2, "3NT", "S", 9), "Table-Entry-Key", "k-retry")
	e.wantError(409, "*", "POST", "/v1/sections/"+sec+"/results", tok[2], f.Line(1, 2, b2, "3NT", "S", 8), "Table-Entry-Key", "k-clash")
	e.want(200, &other, "GET", "/v1/sections/"+sec+"/refusals", tok[2], nil)
	if len(other) != 1 || other[0].Key != "k-clash" {
		t.Errorf("table 2's refused entries %+v, want the clash k-clash only (k-retry is the stored line itself)", other)
	}
	e.want(204, nil, "DELETE", "/v1/sections/"+sec+"/refusals/k-clash", tok[2], nil)

	// Bad data from a queued entry is kept too; the table withdraws it.
	bad := f.Line(2, 1, apitest.Seat(f.Section, 2, 1).Boards[0], "8S", "N", 10)
	e.wantError(422, "contract", "POST", "/v1/sections/"+sec+"/results", tok[1], bad, "Table-Entry-Key", "k-bad")
	e.want(200, &own, "GET", "/v1/sections/"+sec+"/refusals", tok[1], nil)
	if len(own) != 1 || own[0].Key != "k-bad" || own[0].Field != "contract" {
		t.Fatalf("table 1's refused entries %+v, want k-bad on the contract", own)
	}
	e.want(204, nil, "DELETE", "/v1/sections/"+sec+"/refusals/k-bad", tok[1], nil)
	e.want(200, &own, "GET", "/v1/sections/"+sec+"/refusals", tok[1], nil)
	if len(own) != 0 {
		t.Errorf("withdrawn, table 1 still has %+v", own)
	}
	e.want(404, nil, "DELETE", "/v1/sections/"+sec+"/refusals/k-bad", tok[1], nil)

	// The director dismisses one (by its id) once dealt with.
	e.wantError(422, "contract", "POST", "/v1/sections/"+sec+"/results", tok[1], bad, "Table-Entry-Key", "k-bad-2")
	e.want(200, &all, "GET", "/v1/sections/"+sec+"/refusals", directorToken, nil)
	if len(all) != 1 {
		t.Fatalf("the director sees %+v, want the one refused entry k-bad-2", all)
	}
	e.want(204, nil, "DELETE", "/v1/sections/"+sec+"/refusals/"+id(all[0].ID), directorToken, nil)
	e.want(200, &own, "GET", "/v1/sections/"+sec+"/refusals", tok[1], nil)
	if len(own) != 0 {
		t.Errorf("dismissed by the director, table 1 still has %+v", own)
	}

	// Reopened, table 1 corrects its round 1 board again.
	e.want(200, nil, "POST", "/v1/sections/"+sec+"/rounds/reopen", directorToken, `{"round": 1}`)
	e.want(201, nil, "POST", "/v1/sections/"+sec+"/results", tok[2], f.Line(1, 2, apitest.Seat(f.Section, 1, 2).Boards[0], "4S", "N", 10))
}

// TestAPILatePlay: board 1 is played at the 3 tables of the Mitchell; with
// two in and the third marked to be played later, the public sees its
// traveler; closing the late play stores "not played".
func TestAPILatePlay(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Late play", true)
	sec := id(f.Section.ID)
	var slots [][2]int // round, table of board 1
	for r, rd := range f.Section.Generated.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				if b == 1 {
					slots = append(slots, [2]int{r + 1, tb.Table})
				}
			}
		}
	}
	if len(slots) != 3 {
		t.Fatalf("board 1 is played at %d slots, want 3 (one per table)", len(slots))
	}
	for _, sl := range slots[1:] {
		e.want(201, nil, "POST", "/v1/sections/"+sec+"/results", directorToken, f.Line(sl[0], sl[1], 1, "4S", "N", 10))
	}
	e.want(404, nil, "GET", "/v1/sections/"+sec+"/travelers/1", "", nil)
	slot := map[string]int{"board": 1, "round": slots[0][0], "table": slots[0][1]}
	var marked api.SectionResponse
	e.want(200, &marked, "POST", "/v1/sections/"+sec+"/late-plays", directorToken, slot)
	if len(marked.Pace.LatePlays) != 1 {
		t.Errorf("late plays %+v, want the one marked", marked.Pace.LatePlays)
	}
	var tr struct {
		Lines []any `json:"lines"`
	}
	e.want(200, &tr, "GET", "/v1/sections/"+sec+"/travelers/1", "", nil)
	if len(tr.Lines) != 2 {
		t.Errorf("the public traveler of board 1 has %d lines, want the 2 played", len(tr.Lines))
	}
	e.wantError(422, "status", "POST", "/v1/sections/"+sec+"/late-plays/close", directorToken,
		map[string]any{"board": 1, "round": slots[0][0], "table": slots[0][1], "status": "played"})
	var closed dto.ResultResponse
	e.want(201, &closed, "POST", "/v1/sections/"+sec+"/late-plays/close", directorToken,
		map[string]any{"board": 1, "round": slots[0][0], "table": slots[0][1], "status": "not_played"})
	if closed.Status != "not_played" {
		t.Errorf("closed late play: status %q, want not_played", closed.Status)
	}
}
