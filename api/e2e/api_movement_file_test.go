package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPIMovementFileAndBigHowell: POST /v1/events/{id}/sections takes a
// movement as an .ASC file (movement.file, kind custom) — the format's own
// example, http://www.pjms.nl/movementfile_standard.html: 14 pairs, 7
// tables, 6 rounds, groups A to F, at 3 boards a group 18 boards, its
// second line's table 6 "1-10 F" boards 16 to 18 — and answers it stored as
// its schedule; a file where pairs meet again is 422 naming movement.file
// with the line, round and table. A Howell of 32 pairs (16 tables, 31
// rounds, 2 boards a round: 62 boards) is made on request.
func TestAPIMovementFileAndBigHowell(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Files", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	text, err := os.ReadFile("../../tournament/movement/testdata/pjms_example.asc")
	if err != nil {
		t.Fatal(err)
	}
	path := "/v1/events/" + id(ev.ID) + "/sections"
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "F",
		"movement": map[string]any{"kind": "custom", "boards_per_round": 3, "file": string(text)}})
	g := sec.Generated
	if g.Pairs != 14 || g.Tables != 7 || len(g.Rounds) != 6 || g.Boards != 18 {
		t.Errorf("generated: %d pairs, %d tables, %d rounds, %d boards", g.Pairs, g.Tables, len(g.Rounds), g.Boards)
	}
	if t6 := g.Rounds[1].Tables[5]; fmt.Sprint(t6.NS, t6.EW, t6.Boards) != "1 10 [16 17 18]" {
		t.Errorf("round 2, table 6: %+v", t6)
	}
	if sec.Movement.File != "" || len(sec.Movement.Schedule) != 6 {
		t.Errorf("the spec answered: file %q, %d scheduled rounds; want the schedule read from the file", sec.Movement.File, len(sec.Movement.Schedule))
	}
	got := e.wantError(422, "movement.file", "POST", path, directorToken, map[string]any{"name": "G",
		"movement": map[string]any{"kind": "custom", "boards_per_round": 2, "file": "4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n"}})
	if !strings.Contains(got.Error, "line 4: round 3, table 1: pairs 2 and 1 meet again") {
		t.Errorf("422: %q", got.Error)
	}

	var big api.SectionResponse
	e.want(201, &big, "POST", path, directorToken, `{"name": "H", "movement": {"kind": "howell", "pairs": 32, "boards_per_round": 2}}`)
	if b := big.Generated; b.Pairs != 32 || b.Tables != 16 || len(b.Rounds) != 31 || b.Boards != 62 {
		t.Errorf("32-pair Howell: %d pairs, %d tables, %d rounds, %d boards", b.Pairs, b.Tables, len(b.Rounds), b.Boards)
	}
	e.wantError(422, "movement.pairs", "POST", path, directorToken, `{"name": "I", "movement": {"kind": "howell", "pairs": 33, "boards_per_round": 2}}`)
}

// TestAPIMovementFileEBUScore: a director posts EBUScore's "3/4 Howell,
// ACBL SPECIAL" (PSMovements.txt; its figures quoted in tournament/movement
// howell_ebuscore_test.go) in EBUScore's own movement format — header
// "0,4,24,4,6,0" (Howell, 4 tables, 24 boards, 4 a round, 6 rounds, no
// missing pair; forums.ebu.co.uk "Writing New Movements in EBU Score"),
// then a line a table — and the section stores the published schedule:
// 8 pairs, 4 tables, 6 rounds, 24 boards; round 1, table 2 is 7 v 5 on
// boards 1–4. The same file with round 4's EW pairs of tables 1 and 2
// swapped (2 meets 4 again) is refused on movement.file naming the table's
// line, the round and the pairs, and no section is stored.
func TestAPIMovementFileEBUScore(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "EBUScore file", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	path := "/v1/events/" + id(ev.ID) + "/sections"
	file := "0,4,24,4,6,0\r\n" +
		"8,1,1,8,2,2,8,3,3,8,4,4,8,5,5,8,6,6\r\n" +
		"7,5,1,7,6,2,7,1,3,2,7,4,3,7,5,4,7,6\r\n" +
		"3,4,2,4,5,3,5,6,4,6,1,5,1,2,6,2,3,1\r\n" +
		"6,2,3,1,3,4,2,4,5,3,5,6,4,6,1,5,1,2\r\n"
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "A",
		"movement": map[string]any{"kind": "custom", "boards_per_round": 4, "file": file}})
	g := sec.Generated
	if g.Pairs != 8 || g.Tables != 4 || len(g.Rounds) != 6 || g.Boards != 24 {
		t.Errorf("generated: %d pairs, %d tables, %d rounds, %d boards; want 8, 4, 6, 24", g.Pairs, g.Tables, len(g.Rounds), g.Boards)
	}
	if t2 := g.Rounds[0].Tables[1]; fmt.Sprint(t2.Table, t2.NS, t2.EW, t2.Boards) != "2 7 5 [1 2 3 4]" {
		t.Errorf("round 1, table 2: %+v", t2)
	}
	bad := strings.Replace(strings.Replace(file, "8,4,4,8,5", "8,7,4,8,5", 1), "2,7,4,3,7", "2,4,4,3,7", 1)
	got := e.wantError(422, "movement.file", "POST", path, directorToken, map[string]any{"name": "B",
		"movement": map[string]any{"kind": "custom", "boards_per_round": 4, "file": bad}})
	if !strings.Contains(got.Error, "line 3: round 4, table 2: pairs 2 and 4 meet again (they met in round 3 at table 4)") {
		t.Errorf("422: %q", got.Error)
	}
	var sections []api.SectionResponse
	e.want(200, &sections, "GET", path, directorToken, nil)
	if len(sections) != 1 {
		t.Errorf("%d sections stored, want only A", len(sections))
	}
}
