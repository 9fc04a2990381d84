package main

// Issue 22 §3 in a real browser at phone size: what the tables see — an
// invalid auction refused with its message, where each pair goes next
// and the round change noticed without a reload, the traveler so far
// after a board (the director's option), and the opening lead checked
// against the hand record.

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// watchScriptErrors fails the test, at its end, for every exception the
// tab's scripts threw: a page that throws stops working without a word.
func watchScriptErrors(t *testing.T, tab *browserTab) {
	t.Helper()
	var mu sync.Mutex
	var thrown []string
	if err := chromedp.Listen(tab.ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok && e.ExceptionDetails != nil {
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			mu.Lock()
			thrown = append(thrown, msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("watching %s's scripts: %v", tab.name, err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range thrown {
			t.Errorf("%s: the page's script threw: %s", tab.name, m)
		}
	})
}

// TestBrowserTableInvalidAuction: North types an auction with an
// insufficient bid (1H over 1H, Law 27), chooses the tricks and presses
// Confirm: the page says what the server said of the auction, names the
// field, and throws nothing (it threw a TypeError reading the contract).
func TestBrowserTableInvalidAuction(t *testing.T) {
	b := newBrowserEnv(t)
	sec, tokens := historicalSection(t, b, "contract-2017", false)
	tab := b.phone("table-1")
	watchScriptErrors(t, tab)
	tab.open("/t/" + tokens[1])
	tab.noError("open the table page")
	bd := eval[historicalBoard](tab, "read the board", `JSON.parse(document.getElementById("table-data").textContent).boards[0]`)
	n := bd.Number
	tab.click(sel(n, "details.auction summary"))
	tab.fill(sel(n, `input[name=auction]`), "1H 1H P P P")
	tab.waitText(sel(n, "output.score-preview"), "cannot be scored")
	tab.fill(sel(n, `select[name=tricks]`), "8")
	tab.click(sel(n, "button.confirm"))
	msg := tab.waitText(sel(n, ".entry-error"), "auction")
	if !strings.Contains(msg, "1H") {
		t.Errorf("the message %q does not name the call refused", msg)
	}
	if focused := eval[string](tab, "read the focus", `document.activeElement ? document.activeElement.name || "" : ""`); focused != "auction" {
		t.Errorf("the focus is on %q, want the auction box", focused)
	}
	if tab.count(sel(n, ".agree-step:not([hidden])")) != 0 {
		t.Error("East–West are asked to agree to an auction the server refused")
	}
	fitsPhone(t, tab)
	tab.shot("invalid-auction-refused")
	got, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(got) != 0 {
		t.Errorf("stored %d results (%v), want none", len(got), err)
	}
}

// TestBrowserTableNextRound: table 1 of a 4-pair Howell enters its board
// of round 1; the page says where its NS and EW pairs go in round 2, as
// their guide cards say; the director starts round 2 and the phone turns
// to it by itself, without a reload, and shows round 2's board.
func TestBrowserTableNextRound(t *testing.T) {
	b := newBrowserEnv(t)
	sec, tokens := historicalSection(t, b, "contract-2017", false)
	m := &sec.Movement
	rd1, _ := m.Round(1)
	seats, _ := rd1.Table(1)
	tab, bd := openTable(t, b, "table-1", tokens[1])
	watchScriptErrors(t, tab)
	n := bd.Number
	tab.fill(sel(n, `select[name=level]`), "3")
	tab.fill(sel(n, `select[name=strain]`), "NT")
	tab.fill(sel(n, `select[name=declarer]`), "N")
	tab.fill(sel(n, `select[name=tricks]`), "9")
	// 3NT by North, 9 tricks, board 1 nobody vulnerable (Law 77): 40 + 30 + 30 = 100, game 300: 400.
	confirmAndAgree(t, tab, n, "North–South 400")
	next := tab.waitText("#round-done", "For round 2")
	guide := map[int]tournament.GuideCard{}
	for _, g := range m.GuideCards() {
		guide[g.Pair] = g
	}
	for _, pair := range []int{seats.NS, seats.EW} {
		g := guide[pair].Rounds[1]
		want := "sits out round 2"
		if !g.SitsOut {
			want = "table " + strconv.Itoa(g.Table)
			if g.Direction == scoring.EW {
				want += ", East–West"
			} else {
				want += ", North–South"
			}
			want += ", against pair " + strconv.Itoa(g.Opponent) + ", boards " + strconv.Itoa(g.Boards[0]) + "."
		}
		if !strings.Contains(next, "Pair "+strconv.Itoa(pair)) || !strings.Contains(next, want) {
			t.Errorf("pair %d: the page says %q, want %q", pair, next, want)
		}
	}
	fitsPhone(t, tab)
	tab.shot("round-1-done-where-next")

	eval[bool](tab, "mark the page", `window.__stayed = true`)
	if _, err := b.svc.SetCurrentRound(context.Background(), tournament.Director, sec.ID, 2); err != nil {
		t.Fatal(err)
	}
	rd2, _ := m.Round(2)
	seats2, _ := rd2.Table(1)
	tab.waitText("#round", "Round 2 of")
	if !eval[bool](tab, "read the mark", `window.__stayed === true`) {
		t.Error("the page reloaded itself instead of turning to round 2 in place")
	}
	if got := tab.count(sel(seats2.Boards[0], ".entry-form")); got != 1 {
		t.Errorf("round 2: board %d's form is not on the page", seats2.Boards[0])
	}
	tab.waitText(".round-switched", "started round 2")
	// The new round's form works: the preview asks the server.
	tab.fill(sel(seats2.Boards[0], `select[name=level]`), "1")
	tab.fill(sel(seats2.Boards[0], `select[name=strain]`), "C")
	tab.fill(sel(seats2.Boards[0], `select[name=declarer]`), "S")
	tab.fill(sel(seats2.Boards[0], `select[name=tricks]`), "7")
	tab.waitText(sel(seats2.Boards[0], "output.score-preview"), "North–South")
	fitsPhone(t, tab)
	tab.shot("round-2-by-itself")
}
