package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserSplitScore: on a phone, the director gives a split assigned
// score (WBF Laws 2017, Law 12C1(b): "the scores awarded to the two sides
// need not balance") from the traveler's adjusted-score form, and sees
// each side compared from its own score; the session board lists a line
// typed with the declarer on the wrong side.
//
// A 3-table Mitchell, one board a round (board 2: round 1 table 2, round 2
// table 1, round 3 table 3), EBU matchpoints, top 2 × (3 − 1) = 4. Board 2
// is NS vulnerable (Law 77): 4S by N making 10 is +620, making 11 +650.
// Round 3 table 3 gets NS +620, EW −650 (EW's line compares as NS +650):
//
//	NS side, the split line at 620: it ties 620 (1) and loses to 650: NS 1.
//	EW side, the split line at 650: it beats 620 (2) and ties 650 (1): 3,
//	so EW 4 − 3 = 1; round 1's 620 line gets EW 4 − 0 = 4.
//
// Board 1 (none vulnerable): 4S by E making 10 at two tables (−420) and 4S
// by N making 10 (+420) at round 3 table 2: by E it would be −420, as the
// others: the session board lists it to check.
func TestBrowserSplitScore(t *testing.T) {
	b := newEnv(t, withBrowser())
	_, sec := b.eventSection(tournament.EventInput{Name: "Thursday pairs", Date: "2026-11-26", Law: "contract-2017", Scoring: "MP"},
		tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}, nil)
	at := map[[2]int]int{} // board, round → table
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				at[[2]int{bd, rd.Number}] = tb.Table
			}
		}
	}
	line := func(board, round int, contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: board, Round: round, Table: at[[2]int{board, round}], Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	bb := b.build()
	bb.Enter(tournament.Director, sec, line(2, 1, "4S", "N", 10), line(2, 2, "4S", "N", 11),
		line(1, 1, "4S", "E", 10), line(1, 2, "4S", "E", 10), line(1, 3, "4S", "N", 10))

	phone := b.phone("director")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	traveler := fmt.Sprintf("/director/sections/%d/travelers/2", sec.ID)
	phone.open(traveler)
	phone.noError("open board 2's traveler")
	slot := fmt.Sprintf("3/%d", at[[2]int{2, 3}])

	// EW's shares adding up to 90 % are refused, naming EW's score.
	phone.fill("#adj-slot", slot)
	phone.check("#kind-assigned", true)
	phone.fill("#assigned", "620")
	phone.fill("#ew_assigned", "-650 60%, -620 30%")
	phone.submit("#assign-adjusted")
	if msg := phone.pageError(); !strings.Contains(msg, "100%") {
		t.Errorf("EW's shares adding up to 90%%: the page says %q, want them refused (they must add up to 100%%)", msg)
	}
	if n := eval[int](phone, "count the marked field", `document.querySelectorAll("#ew_assigned[aria-invalid=true]").length`); n != 1 {
		t.Errorf("EW's score field is not marked invalid (%d)", n)
	}

	phone.open(traveler)
	phone.fill("#adj-slot", slot)
	phone.check("#kind-assigned", true)
	phone.fill("#assigned", "620")
	phone.fill("#ew_assigned", "-650")
	phone.submit("#assign-adjusted")
	phone.noError("assign NS +620, EW −650")
	type lineSeen struct {
		Round, NSScore, EWScore, NSPoints, EWPoints, Contract string
	}
	lines := eval[[]lineSeen](phone, "read the traveler", `[...document.querySelectorAll("table.traveler tr.line")].map(tr => ({
		Round: tr.querySelector('td[data-label="Round"]').innerText.trim(),
		NSScore: tr.querySelector("td.ns-score").innerText.trim(), EWScore: tr.querySelector("td.ew-score").innerText.trim(),
		NSPoints: tr.querySelector("td.ns-points").innerText.trim(), EWPoints: tr.querySelector("td.ew-points").innerText.trim(),
		Contract: tr.querySelector("td.contract").innerText.trim()}))`)
	want := map[string]lineSeen{
		"1": {Round: "1", NSScore: "620", NSPoints: "1", EWPoints: "4"},
		"2": {Round: "2", NSScore: "650", NSPoints: "4", EWPoints: "1"},
		"3": {Round: "3", NSScore: "+620", EWScore: "−650", NSPoints: "1", EWPoints: "1"},
	}
	if len(lines) != 3 {
		t.Fatalf("the traveler shows %d lines, want 3: %+v", len(lines), lines)
	}
	for _, l := range lines {
		w := want[l.Round]
		if l.NSScore != w.NSScore || l.EWScore != w.EWScore || l.NSPoints != w.NSPoints || l.EWPoints != w.EWPoints {
			t.Errorf("round %s: NS %q EW %q, points %s and %s; want NS %q EW %q, points %s and %s", l.Round, l.NSScore, l.EWScore, l.NSPoints, l.EWPoints, w.NSScore, w.EWScore, w.NSPoints, w.EWPoints)
		}
		if l.Round == "3" && !strings.Contains(l.Contract, "NS +620; EW −650") {
			t.Errorf("the split line reads %q, want each side's score", l.Contract)
		}
	}
	phone.shot("split-score-traveler-390")
	checkFitsPhone(t, phone, "the traveler with a split score")

	// The change is audited like any other: the API's history of the line.
	rs, err := b.svc.Results(bb.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Board: 2, Round: 3})
	if err != nil || len(rs) != 1 {
		t.Fatalf("board 2 round 3: %d results (%v)", len(rs), err)
	}
	audit, err := b.svc.Audit(bb.Ctx, tournament.Director, rs[0].ID)
	if err != nil || len(audit) != 1 || audit[0].After == nil || len(audit[0].After.EWAssigned) != 1 || audit[0].After.EWAssigned[0].NSScore != 650 {
		t.Errorf("the split score's history: %+v (%v), want its insert with EW's own score", audit, err)
	}

	// The session board lists board 1's line with its declarer on the wrong side.
	phone.open(fmt.Sprintf("/director/sections/%d/board", sec.ID))
	phone.noError("open the session board")
	got := phone.text("#suspects")
	if n := phone.count("#suspects li.suspect-line"); n != 1 || !strings.Contains(got, "Board 1, round 3") || !strings.Contains(got, "by E it would score -420") {
		t.Errorf("the session board lists %d lines to check: %q; want board 1 round 3's 4S by N", n, got)
	}
	if n := phone.count(`.board-status[data-board="1"][data-round="3"] .suspect-tag`); n != 1 {
		t.Errorf("board 1 round 3's cell carries %d check tags, want 1", n)
	}
	phone.shot("session-board-suspect-390")
	checkFitsPhone(t, phone, "the session board with a line to check")
	// Its traveler flags the line too.
	phone.open(fmt.Sprintf("/director/sections/%d/travelers/1", sec.ID))
	phone.noError("open board 1's traveler")
	if n := phone.count(`table.traveler tr.line.suspect[data-suspect="direction"]`); n != 1 || !strings.Contains(phone.text(".suspect-note"), "looks mistyped") {
		t.Errorf("board 1's traveler flags %d lines (%q), want round 3's", n, phone.text(".suspect-note"))
	}
}
