package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestPublicBoardsAfterTheSession is issue 22 §6: a section's frequencies
// and hand records are public once the session is over — every board
// finished and the event published — and not before; board numbers on the
// public pages open their travelers; the public reads how the event is
// scored in words, not codes.
func TestPublicBoardsAfterTheSession(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	ctx := context.Background()
	sid, eid := strconv.FormatInt(f.section.ID, 10), strconv.FormatInt(f.event.ID, 10)
	// Every board's hand record: one long suit in each hand.
	var boards []tournament.BoardInput
	for n := 1; n <= f.section.Movement.Boards; n++ {
		boards = append(boards, tournament.BoardInput{Number: n, Deal: "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"})
	}
	if _, err := e.svc.PutBoards(ctx, tournament.Director, f.section.ID, boards); err != nil {
		t.Fatal(err)
	}
	enterAllBut(t, e.svc, f.section, b10r)
	path := "/sections/" + sid + "/boards"

	// Not published: nothing.
	pageHas(t, "unpublished", e.want(http.StatusForbidden, false, path, nil), "Not published yet")
	yes := true
	if _, err := e.svc.UpdateEvent(ctx, tournament.Director, f.event.ID, tournament.EventPatch{Published: &yes}); err != nil {
		t.Fatal(err)
	}

	// Published, board 10 still to be played at round 5 table 1: not yet.
	p := e.want(http.StatusNotFound, false, path, nil)
	pageHas(t, "before the session is over", p, "show here once the session is over: 9 of 10 boards are finished so far")
	if strings.Contains(p.body, "deal-diagram") {
		t.Error("a hand record is public before the session is over")
	}
	ev := e.want(http.StatusOK, false, "/events/"+eid, nil)
	pageHas(t, "event before the end", ev, "the frequencies and hand records of every board show once the session is over")
	if strings.Contains(ev.body, `href="`+path+`"`) {
		t.Error("the event page links the frequencies before the session is over")
	}
	// Pair 1's scorecard: board 1 (round 1, finished) opens its traveler;
	// board 10 (round 2 table 3, 3 v 1; not finished) is a number alone.
	sc := e.want(http.StatusOK, false, "/sections/"+sid+"/scorecards/1", nil)
	pageHas(t, "scorecard", sc, `<a class="public-traveler-link" href="/sections/`+sid+`/travelers/1">1</a>`)
	if strings.Contains(sc.body, `href="/sections/`+sid+`/travelers/10"`) {
		t.Error("the scorecard links board 10's traveler before the board is finished")
	}

	if st := e.want(http.StatusOK, false, "/sections/"+sid+"/standings", nil); !strings.Contains(st.body, "Live: this page follows the results") || strings.Contains(st.body, "Final:") {
		t.Error("the standings before the session is over do not say they are live")
	}

	// The last result: the session is over.
	if _, _, err := e.svc.EnterResults(ctx, tournament.Director, f.section.ID, []tournament.Result{playedAt(b10r, "3NT", "S", 9)}, nil); err != nil {
		t.Fatal(err)
	}
	p = e.want(http.StatusOK, false, path, nil)
	if n := strings.Count(p.body, `<article class="card hand-record public-board"`); n != 10 {
		t.Errorf("%d boards on the page, want 10", n)
	}
	// Board 1: +420 at two tables (6 v 1, 5 v 4), −50 at one (3 v 2).
	// Matchpoints, 2 a score beaten and 1 a tie, top 4: +420 beats −50 and
	// ties the other, 3 to NS and 1 to EW; −50 is 0 and 4.
	pageHas(t, "frequencies", p, `id="frequencies-1"`,
		`<td class="num freq-score">420</td><td class="num freq-count">2</td><td class="num">3</td><td class="num">1</td>`,
		`<td class="num freq-score">-50</td><td class="num freq-count">1</td><td class="num">0</td><td class="num">4</td>`,
		`id="b1-deal-diagram"`, `id="b10-deal-diagram"`, `<a class="public-traveler-link" href="/sections/`+sid+`/travelers/10">Board 10</a>`)
	pageHas(t, "event after the end", e.want(http.StatusOK, false, "/events/"+eid, nil), `href="`+path+`"`)
	// The standings are final (30 results: 10 boards at 3 tables each),
	// and the director's event page shows no round still to play.
	pageHas(t, "final standings", e.want(http.StatusOK, false, "/sections/"+sid+"/standings", nil), "Final: every board has been played (30 results)")
	pageHas(t, "director's event page", e.want(http.StatusOK, true, "/director/events/"+eid, nil), "every board played")

	// Words, not codes, wherever the public reads how the event is scored.
	words := "Matchpoints, scored under today&#39;s duplicate contract bridge laws (2017)"
	for _, page := range []string{"/events/" + eid, "/sections/" + sid + "/standings", "/sections/" + sid + "/scorecards/1", path} {
		p := e.want(http.StatusOK, false, page, nil)
		pageHas(t, page, p, words)
		for _, jargon := range []string{"scored MP", "Scored MP", "MP points", "under contract-2017"} {
			if strings.Contains(p.body, jargon) {
				t.Errorf("%s says %q", page, jargon)
			}
		}
	}
	if tr := e.want(http.StatusOK, false, "/sections/"+sid+"/travelers/1", nil); strings.Contains(tr.body, "scored MP") || !strings.Contains(tr.body, "· Matchpoints</p>") {
		t.Error("the public traveler does not name its method in words")
	}
}
