package web_test

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSessionBoardLatePlayAndRounds drives the session board's forms
// without script: board 10 at table 1 in round 5 (6 v 5) is the only slot
// missing; marked to be played later, board 10's public traveler no longer
// waits for it; closed as not played, it is a line. A bad board number is
// refused on the page, naming the field, the form refilled. Round 1 is
// closed for table 2, then for all, and reopened.
func TestSessionBoardLatePlayAndRounds(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	sec := f.section
	enterAllBut(t, e.svc, sec, b10r)
	published := true
	if _, err := e.svc.UpdateEvent(context.Background(), tournament.Director, f.event.ID, tournament.EventPatch{Published: &published}); err != nil {
		t.Fatal(err)
	}
	base := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	public := "/sections/" + strconv.FormatInt(sec.ID, 10) + "/travelers/10"
	if p := e.request(false, public, nil); p.status != 404 {
		t.Fatalf("board 10's public traveler with a slot missing: status %d, want 404", p.status)
	}

	bad := e.want(422, true, base+"/late-plays", url.Values{"board": {"11"}, "round": {"5"}, "table": {"1"}})
	pageHas(t, "a board not played there", bad, "board 11 is not played at table 1 in round 5", `value="11"`)

	e.want(303, true, base+"/late-plays", url.Values{"board": {"10"}, "round": {"5"}, "table": {"1"}})
	board := e.want(200, true, base+"/board", nil)
	pageHas(t, "the board with a late play", board, `status-late" data-round="5" data-table="1" data-board="10"`, "Board 10 at table 1 in round 5 (6 v 5)", "Close: not played")
	e.want(200, false, public, nil)

	e.want(303, true, base+"/late-plays/close", url.Values{"board": {"10"}, "round": {"5"}, "table": {"1"}, "status": {"not_played"}})
	rs, err := e.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Board: 10, Round: 5, Table: 1})
	if err != nil || len(rs) != 1 || rs[0].Status != tournament.StatusNotPlayed {
		t.Fatalf("board 10 at table 1 in round 5 after closing its late play: %+v (%v), want one line not played", rs, err)
	}
	pageHas(t, "the late play closed", e.want(200, true, base+"/board", nil), "played later, <a href=\"/director/results/")

	e.want(303, true, base+"/rounds/close", url.Values{"round": {"1"}, "table": {"2"}})
	got, _ := e.svc.Section(context.Background(), tournament.Director, sec.ID)
	if !got.Pace.RoundClosed(2, 1) || got.Pace.RoundClosed(1, 1) {
		t.Errorf("after closing round 1 for table 2: closed %+v", got.Pace.Closed)
	}
	e.want(303, true, base+"/rounds/close", url.Values{"round": {"1"}})
	pageHas(t, "round 1 closed for all", e.want(200, true, base+"/board", nil), "Reopen round 1 for all")
	e.want(303, true, base+"/rounds/reopen", url.Values{"round": {"1"}})
	got, _ = e.svc.Section(context.Background(), tournament.Director, sec.ID)
	if len(got.Pace.Closed) != 0 {
		t.Errorf("after reopening round 1 for all: closed %+v", got.Pace.Closed)
	}
	if p := e.want(422, true, base+"/rounds/close", url.Values{"round": {"9"}}); !strings.Contains(p.body, "has rounds 1 to 5") {
		t.Errorf("closing round 9: %s", p.body)
	}
}
