package e2e

// The director's key-in page in a real browser (issue 22 §2): a paper
// traveler keyed in with the keyboard only — type the line, Enter, and the
// cursor is on the next empty line; a bad line stays in its field with the
// error beside it; the last line of a board moves on to the next board with
// an empty line. Then the page at phone width.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/traveler-bridge/traveler/tournament"
)

// typeKeys types keys into whatever has the focus, as a scorer at the keyboard does.
func (tab *browserTab) typeKeys(what, keys string) {
	tab.env.t.Helper()
	tab.do(what, chromedp.KeyEvent(keys))
}

// focusIs waits until the element with id has the keyboard focus.
func focusIs(t *testing.T, tab *browserTab, id string) {
	t.Helper()
	waitFor(t, tab, "the cursor on #"+id, fmt.Sprintf(`document.activeElement && document.activeElement.id === %s`, jsString(id)))
}

// TestBrowserKeyin keys in board 1's traveler (three lines: round 1 table
// 1, round 2 table 2, round 5 table 2 in the 6-pair Howell) and the one
// empty line of board 2 (round 1 table 1), under contract-2017 (Law 77):
// board 1, nobody vulnerable: 4S N 10 is NS 420 (120 + 300 game), 3NT S 8
// is one down, EW 50, passed out 0; board 2, NS vulnerable: 4H E 10 is EW
// 420 (EW not vulnerable).
func TestBrowserKeyin(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	ev := bb.Event(tournament.EventInput{Name: "Thursday pairs", Date: "2026-11-26", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	var pairs []tournament.Pair
	for i, n := range []string{"Ann Smith", "Cath Brown", "Eve White", "Gill Grey", "Iris Wood", "Kate Moss"} {
		pairs = append(pairs, tournament.Pair{Number: fmt.Sprint(i + 1), Players: []tournament.Player{{Name: n}, {Name: "Partner " + fmt.Sprint(i+1)}}})
	}
	if _, err := b.svc.AddPairs(bb.Ctx, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	// Every other line is in already: 3NT by S making 9 everywhere.
	var in []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				if bd == 1 || (bd == 2 && rd.Number == 1) {
					continue
				}
				in = append(in, tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Contract: "3NT", Declarer: "S", Tricks: 9})
			}
		}
	}
	bb.Enter(tournament.Director, sec, in...)
	bb.Round(sec, 5)

	d := b.tab
	d.open("/director/login")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.open(fmt.Sprintf("/director/sections/%d/board", sec.ID))
	d.submit("#keyin-link") // the session board links to the page: the board of the first empty line
	d.noError("open the key-in page")
	if n := d.count("form.keyin-line"); n != 3 {
		t.Fatalf("board 1's traveler has %d lines, want 3 (the tables that play it)", n)
	}

	// Line 1: typed, checked as it is typed, Enter stores it and moves on.
	focusIs(t, d, "b1-r1-t1-line")
	d.typeKeys("type line 1", "4s n 10")
	d.waitText("#b1-r1-t1 .line-score", "Checked, not stored: NS 420")
	if v := eval[string](d, "read the contract field", `document.getElementById("b1-r1-t1-contract").value + "|" + document.getElementById("b1-r1-t1-declarer").value + "|" + document.getElementById("b1-r1-t1-tricks").value`); v != "4S|N|10" {
		t.Errorf("the fields after the line read %q, want 4S|N|10", v)
	}
	d.shot("line-1-checked")
	d.typeKeys("Enter on line 1", kb.Enter)
	focusIs(t, d, "b1-r2-t2-line")
	d.waitText("#b1-r1-t1 .line-score", "Stored: 4S N 10 · NS 420")

	// A bad line: refused beside it, the field named, the line still typed, the cursor still there.
	d.typeKeys("type a bad line 2", "4S N 14"+kb.Enter)
	d.waitText("#b1-r2-t2-error", "tricks")
	d.shot("line-2-refused")
	if v := eval[string](d, "read line 2", `document.getElementById("b1-r2-t2-line").value`); v != "4S N 14" {
		t.Errorf("the refused line reads %q, want it kept as typed", v)
	}
	focusIs(t, d, "b1-r2-t2-line")
	if r := storedLine(t, b, sec.ID, 1, 1, 1); r.Tricks != 10 || r.Version != 1 {
		t.Errorf("line 1 after the bad line 2: %+v", r)
	}

	// Corrected with the keyboard: erase, retype, Enter.
	d.typeKeys("erase line 2", strings.Repeat(kb.Backspace, len("4S N 14")))
	d.typeKeys("retype line 2", "3nt s -1"+kb.Enter)
	focusIs(t, d, "b1-r5-t2-line")
	d.waitText("#b1-r2-t2 .line-score", "Stored: 3NT S 8 · EW 50")
	if d.count("#b1-r2-t2-error:not([hidden])") != 0 {
		t.Error("the error of line 2 stays after it was stored")
	}

	// ↑ and ↓ move between lines.
	d.typeKeys("up to line 2", kb.ArrowUp)
	focusIs(t, d, "b1-r2-t2-line")
	d.typeKeys("down to line 3", kb.ArrowDown)
	focusIs(t, d, "b1-r5-t2-line")

	// The last line of board 1: the page moves to board 2's empty line.
	d.typeKeys("type line 3", "p"+kb.Enter)
	waitFor(t, d, "board 2's page", `location.search.includes("board=2") && document.readyState === "complete"`)
	focusIs(t, d, "b2-r1-t1-line")
	if s := d.text(".flash"); !strings.Contains(s, "round 5, table 2 stored: PASS, 0") || !strings.Contains(s, "Every line of this board is in") {
		t.Errorf("board 2's page says %q; want board 1's last line stored and the board complete", s)
	}
	d.typeKeys("type board 2's line", "4H E ="+kb.Enter)
	d.waitText("#keyin-status", "Every line of the section is in")
	d.waitText("#b2-r1-t1 .line-score", "Stored: 4H E 10 · EW 420")
	d.shot("board-2-complete")

	for _, c := range []struct {
		board, round, table int
		ns                  int
	}{{1, 1, 1, 420}, {1, 2, 2, -50}, {1, 5, 2, 0}, {2, 1, 1, -420}} {
		r := storedLine(t, b, sec.ID, c.board, c.round, c.table)
		if r.NSScore != c.ns || r.EnteredBy != "director" {
			t.Errorf("board %d round %d table %d: NS %d entered by %q, want NS %d by director", c.board, c.round, c.table, r.NSScore, r.EnteredBy, c.ns)
		}
	}

	// The traveler as keyed in, at the director's width.
	d.open(fmt.Sprintf("/director/sections/%d/keyin?board=1", sec.ID))
	d.shot("board-1-keyed-in")

	// At phone width the page fits and a line can be typed and checked.
	phone := b.phone("director-phone")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/sections/%d/keyin?pair=1", sec.ID))
	phone.noError("open pair 1's pickup slips on a phone")
	checkFitsPhone(t, phone, "the key-in page")
	if w := eval[int](phone, "measure the line field", `Math.round(document.querySelector(".line-field").getBoundingClientRect().width)`); w < 250 {
		t.Errorf("the line field is %d px wide at 390 px; want at least 250", w)
	}
	phone.shot("pair-1-slips-390")
	// A correction typed on the phone: over the stored line, checked, not stored.
	phone.open(fmt.Sprintf("/director/sections/%d/keyin?board=1", sec.ID))
	checkFitsPhone(t, phone, "board 1's traveler to key in")
	phone.click("#b1-r2-t2-line")
	phone.typeKeys("retype line 2 on the phone", strings.Repeat(kb.Backspace, len("3NT S 8"))+"3NT S =")
	phone.waitText("#b1-r2-t2 .line-score", "Checked, not stored: NS 400")
	phone.shot("board-1-correction-checked-390")
}

// storedLine reads the stored result of a slot through the Service.
func storedLine(t *testing.T, b *env, sectionID int64, board, round, table int) tournament.Result {
	t.Helper()
	rs, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sectionID, Board: board, Round: round, Table: table})
	if err != nil || len(rs) != 1 {
		t.Fatalf("board %d round %d table %d: %v, %v; want one result", board, round, table, rs, err)
	}
	return rs[0]
}
