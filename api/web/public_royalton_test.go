package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestRoyaltonBoardsOpenTravelers is issue 22 §6 on the Royalton report:
// a board number opens the board's public traveler once the board is
// finished (tournament.FinishedBoards) and is a number alone before; the
// director's reports page opens the director's traveler of every board.
// The Howell's board 10 waits for round 5 table 1 (b10r); board 1 is
// played at its 3 tables.
func TestRoyaltonBoardsOpenTravelers(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	ctx := context.Background()
	sid, eid := strconv.FormatInt(f.section.ID, 10), strconv.FormatInt(f.event.ID, 10)
	enterAllBut(t, e.svc, f.section, b10r)
	yes := true
	if _, err := e.svc.UpdateEvent(ctx, tournament.Director, f.event.ID, tournament.EventPatch{Published: &yes}); err != nil {
		t.Fatal(err)
	}
	path := "/events/" + eid + "/royalton"
	link := func(board string) string {
		return `<a class="traveler-link" data-board="` + board + `" href="/sections/` + sid + `/travelers/` + board + `"`
	}
	// The public: board 1 opens its traveler; board 10 (2 of its 3
	// results in) is not in the report, and nothing links it.
	p := e.want(http.StatusOK, false, path, nil)
	pageHas(t, "public royalton", p, `id="royalton-boards"`, link("1")+` aria-label="Section A, board 1: its traveler">1</a>`, link("9"))
	if strings.Contains(p.body, "/travelers/10") {
		t.Error("the public Royalton report links board 10 before it is finished")
	}
	// The director on the public page sees board 10's contracts too, its
	// number alone (the public may not open its traveler yet).
	d := e.want(http.StatusOK, true, path, nil)
	pageHas(t, "director on the public royalton", d, link("1"), `<tr><td>A</td><td class="num">10</td><td class="num">2</td>`)
	if strings.Contains(d.body, "/travelers/10") {
		t.Error("the public Royalton report links board 10 before it is finished")
	}
	// The director's reports page opens the director's traveler of any board.
	rep := e.want(http.StatusOK, true, "/director/events/"+eid+"/reports", nil)
	pageHas(t, "director's reports", rep, `<a class="traveler-link" data-board="10" href="/director/sections/`+sid+`/travelers/10"`)

	// Board 10's last result: now the public opens it.
	if _, _, err := e.svc.EnterResults(ctx, tournament.Director, f.section.ID, []tournament.Result{playedAt(b10r, "3NT", "S", 9)}, nil); err != nil {
		t.Fatal(err)
	}
	pageHas(t, "public royalton, every board finished", e.want(http.StatusOK, false, path, nil), link("10")+` aria-label="Section A, board 10: its traveler">10</a></td><td class="num">3</td>`)
}
