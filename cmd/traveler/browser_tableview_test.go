package main

// Issue 22 §3 in a real browser at phone size: what the tables see — an
// invalid auction refused with its message, where each pair goes next
// and the round change noticed without a reload, the traveler so far
// after a board (the director's option), and the opening lead checked
// against the hand record.

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

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
