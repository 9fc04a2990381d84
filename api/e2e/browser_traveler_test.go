package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// phoneFit is what a page measures of itself at phone width.
type phoneFit struct {
	Width       int      `json:"width"`       // the viewport's width
	ScrollWidth int      `json:"scrollWidth"` // the document's
	Over        []string `json:"over"`        // elements whose right edge is past the viewport
}

// phoneFitJS measures the page: the document's scroll width, and every
// element (inside a scrolling box too) that reaches past the viewport.
const phoneFitJS = `(() => {
  const w = window.innerWidth, over = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width > 1 && r.right > w + 0.5) over.push(el.tagName + (el.id ? "#" + el.id : "") + (el.className ? "." + el.className : "") + " right " + Math.round(r.right));
  }
  return {width: w, scrollWidth: document.documentElement.scrollWidth, over: over.slice(0, 12)};
})()`

// checkFitsPhone fails the test when the tab's page is wider than the phone.
func checkFitsPhone(t *testing.T, tab *browserTab, what string) {
	t.Helper()
	checkPhoneFit(t, tab, what, phoneFitJS)
}

// checkPhoneFit fails the test when js (phoneFitJS or a variant) finds the
// tab's page wider than the phone.
func checkPhoneFit(t *testing.T, tab *browserTab, what, js string) {
	t.Helper()
	f := eval[phoneFit](tab, "measure "+what, js)
	if f.Width != phoneWidth || f.ScrollWidth > phoneWidth || len(f.Over) > 0 {
		t.Errorf("%s at %d px: viewport %d, scrollWidth %d (want ≤ %d); past the right edge: %v", what, phoneWidth, f.Width, f.ScrollWidth, phoneWidth, f.Over)
	}
}

// TestBrowserTravelerOnPhone opens board 1's traveler, the public's and the
// director's, on a 390×844 phone: nothing reaches past the screen's right
// edge (the score and points columns used to), the hand record and each
// line's itemised score are shown.
func TestBrowserTravelerOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser())
	_, sec := b.eventSection(tournament.EventInput{Name: "Wednesday pairs at the Featherstonehaugh club", Date: "2026-11-25", Law: "contract-2017", Scoring: "MP", Published: true},
		tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}, func(i int) []tournament.Player {
			return []tournament.Player{{Name: "Bartholomew Cholmondeley-" + fmt.Sprint(i)}, {Name: "Margaret Featherstonehaugh"}}
		})
	var results []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				// 4S by N: 10 tricks, +420 (Law 77: 4 × 30 + 300 game, board 1 not vulnerable);
				// one table 7S doubled, 13 tricks: 7 × 60 + 50 insult + 300 game + 1000 grand slam = +1770.
				r := tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}
				if rd.Number == 1 {
					r.Contract, r.Tricks = "7SX", 13
				}
				results = append(results, r)
			}
		}
	}
	// A hand record with a long suit, the widest a diagram's line gets.
	bb := b.build()
	bb.Deal(sec, tournamenttest.OneSuitDeal)
	bb.Enter(tournament.Director, sec, results...)

	phone := b.phone("player")
	phone.open(fmt.Sprintf("/sections/%d/travelers/1", sec.ID))
	phone.noError("open the public traveler")
	phone.shot("public-traveler-390")
	if n := phone.count("#deal-diagram .hand"); n != 4 {
		t.Errorf("the diagram shows %d hands, want 4", n)
	}
	if s := phone.text(`tr.line td.ns-score`); s != "1770" {
		t.Errorf("the first line's NS score reads %q, want 1770", s)
	}
	if s := phone.text(`tr.score-items`); !strings.Contains(s, "game bonus: 300") {
		t.Errorf("the first line's items read %q, want its game bonus of 300", s)
	}
	checkFitsPhone(t, phone, "the public traveler")

	// The director's traveler, on a phone too: signed in on this tab.
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/sections/%d/travelers/1", sec.ID))
	phone.noError("open the director's traveler")
	phone.shot("director-traveler-390")
	checkFitsPhone(t, phone, "the director's traveler")
}
