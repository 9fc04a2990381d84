package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// cellsPastEdgeJS lists the scorecard's cells whose right edge
// (getBoundingClientRect) is beyond the viewport's, and counts the cells.
const cellsPastEdgeJS = `(() => {
  const w = document.documentElement.clientWidth, past = [];
  const cells = document.querySelectorAll("#scorecard td, #scorecard th");
  for (const c of cells) {
    const r = c.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5) past.push((c.className || c.tagName) + " of " + (c.closest("tr").dataset.board ? "board " + c.closest("tr").dataset.board : "a row") + " right " + Math.round(r.right));
  }
  return {width: w, cells: cells.length, past: past.slice(0, 12)};
})()`

// TestBrowserScorecardOnPhone is issue 22 §6: the public score card on a
// 390 px phone shows every cell — Score, Points and Running total used to
// be off the screen's right edge — with long names and a doubled slam's
// score, and a board's number opens its public traveler.
func TestBrowserScorecardOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser())
	_, sec := b.eventSection(tournament.EventInput{Name: "Wednesday pairs at the Featherstonehaugh club", Date: "2026-11-25", Law: "contract-2017", Scoring: "MP", Published: true},
		tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}, func(i int) []tournament.Player {
			return []tournament.Player{{Name: "Bartholomew Cholmondeley-" + fmt.Sprint(i)}, {Name: "Margaret Featherstonehaugh"}}
		})
	// A hand record with a long suit in each hand, the widest a diagram's line gets.
	bb := b.build()
	bb.Deal(sec, tournamenttest.OneSuitDeal)
	// Every board 4S by N making 10 (+420 not vulnerable, Law 77), but round
	// 1's 7SX by N making 13: 7 × 60 + 50 + 300 + 1000 = +1770 on board 1.
	var results []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				r := tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}
				if rd.Number == 1 {
					r.Contract, r.Tricks = "7SX", 13
				}
				results = append(results, r)
			}
		}
	}
	bb.Enter(tournament.Director, sec, results...)

	phone := b.phone("player")
	phone.open(fmt.Sprintf("/sections/%d/scorecards/1", sec.ID))
	phone.noError("open pair 1's scorecard")
	phone.shot("scorecard-390")
	type fit struct {
		Width int      `json:"width"`
		Cells int      `json:"cells"`
		Past  []string `json:"past"`
	}
	f := eval[fit](phone, "measure the scorecard's cells", cellsPastEdgeJS)
	if f.Width != phoneWidth || f.Cells == 0 || len(f.Past) > 0 {
		t.Errorf("the scorecard at %d px: viewport %d, %d cells; past the right edge: %v", phoneWidth, f.Width, f.Cells, f.Past)
	}
	checkFitsPhone(t, phone, "the public scorecard")
	if s := phone.text(`#scorecard tr[data-round="1"] td.score`); s != "+1770" && s != "-1770" {
		t.Errorf("round 1's score reads %q, want ±1770", s)
	}
	if s := phone.text("#scored-how"); !strings.HasPrefix(s, "Matchpoints, scored under today") {
		t.Errorf("the scorecard says it is scored %q, want words", s)
	}

	board := phone.text(`#scorecard tr[data-round="1"] td.board a.public-traveler-link`)
	phone.submit(`#scorecard tr[data-round="1"] td.board a.public-traveler-link`)
	phone.noError("open the board's traveler from the scorecard")
	if want := fmt.Sprintf("/sections/%d/travelers/%s", sec.ID, board); phone.path() != want {
		t.Errorf("board %s's link opened %s, want %s", board, phone.path(), want)
	}
	phone.shot("traveler-from-scorecard")

	// The session is over: the frequencies and hand records, on the phone.
	phone.open(fmt.Sprintf("/sections/%d/boards", sec.ID))
	phone.noError("open the frequencies and hand records")
	phone.shot("boards-390")
	if n := phone.count("article.public-board"); n != sec.Movement.Boards {
		t.Errorf("%d boards on the frequencies page, want %d", n, sec.Movement.Boards)
	}
	if n := phone.count("article.public-board .deal .hand"); n != 4*sec.Movement.Boards {
		t.Errorf("%d hands on the frequencies page, want 4 for each of %d boards", n, sec.Movement.Boards)
	}
	checkFitsPhone(t, phone, "the frequencies and hand records")
}
