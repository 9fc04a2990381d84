package e2e

// Issue 22 §3 in a real browser at phone size: what the tables see — an
// invalid auction refused with its message, where each pair goes next
// and the round change noticed without a reload, the traveler so far
// after a board (the director's option), and the opening lead checked
// against the hand record.

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
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
	b := newEnv(t, withBrowser())
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
	b := newEnv(t, withBrowser())
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
	guide := map[int]movement.GuideCard{}
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
	d := b.tab
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	directorSetsRound(t, d, sec.ID, 2)
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

// tableOptionsSection makes, behind the pages, a contract-2017 event whose
// tables enter the lead and see the traveler so far, with a 4-pair Howell
// of 1 board a round whose boards all have the hand record apitest.OneSuitDeal
// (North the spades, East the hearts, South the diamonds, West the clubs).
func tableOptionsSection(t *testing.T, b *env) (tournament.Section, map[int]string) {
	t.Helper()
	bb := b.build()
	e := bb.Event(tournament.EventInput{Name: "Terminals", Date: "2026-03-02", Law: "contract-2017", Scoring: "MP",
		TableTraveler: true, TableLead: true})
	sec := bb.CreateSection(e.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 1}})
	bb.Deal(sec, apitest.OneSuitDeal)
	return sec, bb.Tokens(sec)
}

// TestBrowserTableLeadAndTraveler: with both table options on, another
// table's 4♠ by North making 9 (−50) is in on board 1; table 1 enters 4♠
// by North making 10 (+420, Law 77: 120 + game 300) with the lead ♠A,
// which East — North's left-hand opponent, who leads — cannot hold (the
// hand record gives East only hearts): the page says so on the lead box.
// With ♥A the board is stored, and the traveler so far shows the two
// lines and table 1's score: at EBU matchpoints (2 a score beaten) +420
// beats −50, 2 of 2 (100%) for North–South and 0 of 2 (0%) for East–West.
func TestBrowserTableLeadAndTraveler(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := tableOptionsSection(t, b)
	ctx := context.Background()
	var round, table int
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			if slices.Contains(tb.Boards, 1) && !(rd.Number == 1 && tb.Table == 1) && round == 0 {
				round, table = rd.Number, tb.Table
			}
		}
	}
	if round == 0 {
		t.Fatal("board 1 is played only once in the movement")
	}
	b.build().Enter(tournament.Director, sec, tournament.Result{Board: 1, Round: round, Table: table,
		Contract: "4S", Declarer: "N", Tricks: 9})

	tab, bd := openTable(t, b, "table-1", tokens[1])
	watchScriptErrors(t, tab)
	n := bd.Number
	if n != 1 {
		t.Fatalf("table 1 plays board %d in round 1, want board 1", n)
	}
	tab.fill(sel(n, `select[name=level]`), "4")
	tab.fill(sel(n, `select[name=strain]`), "S")
	tab.fill(sel(n, `select[name=declarer]`), "N")
	tab.fill(sel(n, `select[name=tricks]`), "10")
	tab.fill(sel(n, `input[name=lead]`), "s1")
	tab.click(sel(n, "button.confirm"))
	if msg := tab.waitText(sel(n, ".entry-error"), "not a card"); !strings.Contains(msg, "S1") {
		t.Errorf("a lead that is no card: %q", msg)
	}
	tab.fill(sel(n, `input[name=lead]`), "sa")
	tab.click(sel(n, "button.confirm"))
	tab.waitShown(sel(n, ".agree-step"), "do you agree")
	tab.click(sel(n, "button.agree"))
	msg := tab.waitText(sel(n, ".entry-error"), "opening leader")
	for _, want := range []string{"SA", "East leads", "holds no spades"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refused lead: %q does not say %q", msg, want)
		}
	}
	if got := eval[string](tab, "read the marked field", `(document.querySelector('[aria-invalid="true"]') || {}).name || ""`); got != "lead" {
		t.Errorf("the field marked is %q, want lead", got)
	}
	fitsPhone(t, tab)
	tab.shot("lead-not-in-leaders-hand")

	tab.fill(sel(n, `input[name=lead]`), "ha")
	confirmAndAgree(t, tab, n, "North–South 420")
	own := tab.waitText(sel(n, ".traveler-so-far .own-score"), "Your score so far")
	for _, want := range []string{"(North–South cards) 2 of 2 matchpoints (100%)", "(East–West cards) 0 of 2 matchpoints (0%)", "2 results so far"} {
		if !strings.Contains(own, want) {
			t.Errorf("own score %q does not say %q", own, want)
		}
	}
	if rows := tab.count(sel(n, ".traveler-so-far table.traveler-lines tbody tr")); rows != 2 {
		t.Errorf("%d lines on the traveler so far, want 2", rows)
	}
	if got := tab.text(sel(n, ".entry-done p")); !strings.Contains(got, "lead HA") {
		t.Errorf("the stored board says %q, want its lead HA", got)
	}
	fitsPhone(t, tab)
	tab.shot("traveler-so-far")
	got, err := b.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Round: 1, Table: 1})
	if err != nil || len(got) != 1 || got[0].Lead != "HA" || got[0].NSScore != 420 {
		t.Fatalf("stored %+v (%v), want 4S N 10 lead HA +420", got, err)
	}
}

// TestBrowserEventTableOptions: the director ticks what the tables see on
// the new-event form; the event page says it, and a table page of the
// event asks for the lead.
func TestBrowserEventTableOptions(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.tab
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.submit("#new-event")
	if d.count("#table_traveler:checked, #table_lead:checked") != 0 {
		t.Error("a table option is ticked on a new event: they are off by default")
	}
	d.fill("#name", "Terminals")
	d.fill("#date", "2026-05-01")
	d.check("#table_traveler", true)
	d.check("#table_lead", true)
	d.shot("new-event-table-options")
	d.submit("#create-event")
	d.noError("create the event")
	if got := d.text("#table-options-state"); !strings.Contains(got, "traveler so far") || !strings.Contains(got, "opening lead") {
		t.Errorf("the event page says the tables see %q", got)
	}
	d.shot("event-table-options")
	id := idFrom(t, d.path(), "/director/events/")
	e, err := b.svc.Event(context.Background(), tournament.Director, id)
	if err != nil || !e.TableTraveler || !e.TableLead {
		t.Fatalf("stored: traveler %v lead %v (%v), want both on", e.TableTraveler, e.TableLead, err)
	}
	d.check("#table_traveler", false)
	d.submit("#save-table-options")
	d.noError("save the table options")
	if got := d.text("#table-options-state"); strings.Contains(got, "traveler so far") || !strings.Contains(got, "opening lead") {
		t.Errorf("after unticking the traveler the event page says %q", got)
	}
}

// TestBrowserTableIdleThenInPlay: in a half-table Mitchell of 4 tables
// without EW 4 (movement pair 8), table 4 has no play in round 1 (the
// missing pair's seat): its page opens on round 2 by its own pace
// (tournament.TableRound), showing EW 3 who come to it. The skip after
// round 2 brings the missing pair's seat back to table 4 in round 4, the
// last: when the director announces it the page turns to it by itself and
// says so without a script error (it threw a TypeError updating a queue
// line it does not have).
func TestBrowserTableIdleThenInPlay(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	e := bb.Event(tournament.EventInput{Name: "Half table", Date: "2026-03-02", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(e.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2, Missing: 8}})
	token := bb.Tokens(sec, 4)[4]
	tab := b.phone("table-4")
	watchScriptErrors(t, tab)
	tab.open("/t/" + token)
	tab.noError("open the table page")
	tab.waitText("#round", "Round 2 of")
	if got := tab.text("#table-pairs"); !strings.Contains(got, "East–West: pair 3 EW") {
		t.Errorf("round 2 at table 4: %q, want EW 3 there", got)
	}
	if n := tab.count(".board-entry"); n != 2 {
		t.Errorf("round 2 shows %d boards, want 2", n)
	}
	tab.waitText("#queue-status", "Nothing waiting")
	fitsPhone(t, tab)
	tab.shot("round-1-idle-shows-round-2")

	bb.Round(sec, 4)
	// The director announces round 4, the last: the page turns by itself.
	tab.waitText("#table-pairs", "Table 4 has no play in round 4, the last round")
	fitsPhone(t, tab)
	tab.shot("no-play-in-the-last-round")
}
