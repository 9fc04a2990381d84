package e2e

// Issue 22 §2, fouled boards: the director marks which tables played a
// fouled version of a board; each version is compared only within itself
// (Law 87; LAWS.md "Fouled board") in the traveler, the standings and the
// exports, and the mark is kept in the event's changes — against a real
// PostgreSQL.
//
// The fixture (apitest.NewMitchell) is a 3-table Mitchell, 2 boards a round: board 1
// is played at round 1 table 1 (NS 1 v EW 1), round 2 table 3 (NS 3 v EW 2)
// and round 3 table 2 (NS 2 v EW 3). Scores are Law 77 (board 1 not
// vulnerable): 4S making 10 = 420, making 11 = 450, 2S making 8 = 110.
//
// As dealt, EBU matchpoints (2 per score beaten, 1 per tie), top 2(3−1) = 4:
// 110 → 0, 420 → 2, 450 → 4.
// Fouled, round 3 table 2 played version 2: version 1 (420, 450; m = 2) and
// version 2 (110; m = 1), each scaled to the board's n = 3 by Neuberg,
// (raw + 1)·n/m − 1 (scoring.Matchpoints, the testdata README's Compscore3
// files): 420 (0+1)·3/2 − 1 = 0.5, 450 (2+1)·3/2 − 1 = 3.5, 110 (0+1)·3/1 − 1 = 2.
// Each pair has played board 1 only, so its total is these points and its
// percentage points / 4.

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

func TestAPIFouledBoard(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Fouled", true)
	for _, c := range []struct{ round, table, ns, ew int }{{1, 1, 1, 4}, {2, 3, 3, 5}, {3, 2, 2, 6}} {
		if s := apitest.Seat(f.Section, c.round, c.table); s.NS != c.ns || s.EW != c.ew || s.Boards[0] != 1 {
			t.Fatalf("round %d table %d: NS %d EW %d boards %v, want %d, %d, board 1", c.round, c.table, s.NS, s.EW, s.Boards, c.ns, c.ew)
		}
	}
	sec := "/v1/sections/" + id(f.Section.ID)
	e.want(201, nil, "POST", sec+"/results", directorToken, []any{
		f.Line(1, 1, 1, "4S", "N", 10), f.Line(2, 3, 1, "4S", "N", 11), f.Line(3, 2, 1, "2S", "N", 8)})

	totals := func() string {
		var st api.StandingsResponse
		e.want(200, &st, "GET", sec+"/standings", directorToken, nil)
		var b []string
		for _, p := range st.Pairs {
			if p.Boards > 0 {
				b = append(b, p.Number+p.Direction+" "+ftoa(p.Total)+" "+ftoa(p.Percentage)+"%")
			}
		}
		return strings.Join(b, ", ")
	}
	traveler := func() string {
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", sec+"/travelers/1", "", nil)
		var b []string
		for _, l := range tr.Lines {
			v := "" // board_version: only on the lines of a fouled board
			if l.BoardVersion != 0 {
				v = " v" + id(int64(l.BoardVersion))
			}
			b = append(b, id(int64(l.Round))+"/"+id(int64(l.Table))+v+" "+ftoa(l.NSPoints)+"|"+ftoa(l.EWPoints))
		}
		return strings.Join(b, ", ")
	}
	const dealt = "3NS 4 100%, 1NS 2 50%, 2NS 0 0%, 3EW 4 100%, 1EW 2 50%, 2EW 0 0%"
	if got := totals(); got != dealt {
		t.Fatalf("standings as dealt: %s, want %s", got, dealt)
	}
	if got, want := traveler(), "1/1 2|2, 2/3 4|0, 3/2 0|4"; got != want {
		t.Fatalf("traveler as dealt: %s, want %s", got, want)
	}

	// Refusals name the field and change nothing.
	path := sec + "/boards/1/versions"
	e.wantError(422, "lines[0].table", "PUT", path, directorToken, `{"lines": [{"round": 1, "table": 2, "board_version": 2}]}`)
	e.wantError(422, "lines[1].table", "PUT", path, directorToken,
		`{"lines": [{"round": 3, "table": 2, "board_version": 2}, {"round": 3, "table": 2, "board_version": 3}]}`)
	e.wantError(422, "lines[0].board_version", "PUT", path, directorToken, `{"lines": [{"round": 3, "table": 2, "board_version": 5}]}`)
	e.wantError(400, "lines", "PUT", path, directorToken, `{}`)
	e.wantError(400, "lines[0].versoin", "PUT", path, directorToken, `{"lines": [{"round": 3, "table": 2, "versoin": 2}]}`)
	e.wantError(404, "board", "PUT", sec+"/boards/7/versions", directorToken, `{"lines": []}`)
	e.wantError(401, "Authorization", "PUT", path, "", `{"lines": []}`)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 2)[2]
	e.wantError(403, "", "PUT", path, tok, `{"lines": [{"round": 3, "table": 2, "board_version": 2}]}`)
	if got := totals(); got != dealt {
		t.Fatalf("standings after refusals: %s, want %s", got, dealt)
	}

	// Mark: round 3 table 2 played version 2.
	var bv api.BoardVersionsResponse
	e.want(200, &bv, "PUT", path, directorToken, `{"lines": [{"round": 3, "table": 2, "board_version": 2}]}`)
	if !bv.Fouled || len(bv.Lines) != 3 || bv.Lines[2] != (api.SlotVersionDTO{Round: 3, Table: 2, BoardVersion: 2}) || bv.Lines[0].BoardVersion != 1 {
		t.Errorf("marked: %+v", bv)
	}
	var read api.BoardVersionsResponse
	e.want(200, &read, "GET", path, "", nil)
	if !read.Fouled || read.Lines[2].BoardVersion != 2 {
		t.Errorf("read back: %+v", read)
	}
	if got, want := traveler(), "1/1 v1 0.5|3.5, 2/3 v1 3.5|0.5, 3/2 v2 2|2"; got != want {
		t.Errorf("traveler fouled: %s, want %s", got, want)
	}
	const fouled = "3NS 3.5 87.5%, 2NS 2 50%, 1NS 0.5 12.5%, 1EW 3.5 87.5%, 3EW 2 50%, 2EW 0.5 12.5%"
	if got := totals(); got != fouled {
		t.Errorf("standings fouled: %s, want %s", got, fouled)
	}
	// The exports carry the points as compared within the versions: the
	// USEBIO traveller lines of version 1 have 0.5 and 3.5.
	usebio := e.want(200, nil, "GET", "/v1/events/"+id(f.Event.ID)+"/usebio.xml?section="+id(f.Section.ID), "", nil).Body
	if !bytes.Contains(usebio, []byte("<NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>")) || !bytes.Contains(usebio, []byte("<NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>")) {
		t.Errorf("USEBIO has not the fouled board's points (0.5 and 3.5):\n%s", usebio)
	}

	// The change log keeps who marked what, once: the same marks again
	// change nothing and are not logged.
	e.want(200, &bv, "PUT", path, directorToken, `{"lines": [{"round": 3, "table": 2, "board_version": 2}, {"round": 1, "table": 1, "board_version": 1}]}`)
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+id(f.Event.ID)+"/changes", directorToken, nil)
	last := changes[len(changes)-1]
	marks := 0
	for _, c := range changes {
		if c.Before["board 1"] != nil {
			marks++
		}
	}
	if marks != 1 {
		t.Errorf("%d changes of board 1's versions, want 1 (the same marks again are not logged): %+v", marks, changes)
	}
	if last.Kind != "section" || last.Action != "update" || last.Actor != "director" ||
		last.Before["board 1"] != "every table as dealt" || last.After["board 1"] != "version 2: round 3 table 2" {
		t.Errorf("change: %+v", last)
	}

	// Clear: the standings are as dealt again.
	e.want(200, &bv, "PUT", path, directorToken, `{"lines": []}`)
	if bv.Fouled {
		t.Errorf("cleared: %+v", bv)
	}
	if got := totals(); got != dealt {
		t.Errorf("standings cleared: %s, want %s", got, dealt)
	}
	if got, want := traveler(), "1/1 2|2, 2/3 4|0, 3/2 0|4"; got != want {
		t.Errorf("traveler cleared: %s, want %s", got, want)
	}
}

// ftoa writes a figure as short as it goes: 3.5, 2, 87.5.
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
