package e2e

// Issue 25 §3, Swiss pairs from the pages: a director on a phone makes a
// Swiss pairs of 7 pairs (2 rounds of 6 boards, BUTLER, the ACBL 20-VP
// scale, a bye 12 VPs: 60% of 20) from the new-section form, pairs round
// 2 from the standings, sees a swap giving a second bye refused, swaps two
// pairs and releases the round; table 2 then sees its opponents; the
// public reads the Swiss table and the rounds on a phone.
//
// Every board of a round: at table 1 North makes 1NT+2 (150), at table 2
// 1NT+1 (120), at table 3 1NT (90). The datum drops the top and the bottom
// of the three scores: 120. The NS pair wins 1 IMP a board at table 1
// (30 points), nothing at table 2, and loses 1 at table 3: over 6 boards
// +6, 0, −6 IMPs, 13–7, 10–10, 7–13 VPs on the ACBL 20-VP scale's 6–8
// boards row (bridgehands.com encyclopedia, "Victory Points": 5–7 IMPs →
// 13–7).
//
// Round 1 by number: 1 v 2, 3 v 4, 5 v 6, 7 the bye (12). After it: 1 and
// 6 13, 7 12, 3 and 4 10, 2 and 5 7. Round 2 (ranked by VPs, a tie the
// lower number first; the bye to the lowest-ranked pair without one, 5;
// the top meets the highest-ranked it has not met): 1 v 6, 7 v 3, 4 v 2.
// Swapping 5 and 7 would give 7 a second bye: refused. Swapping 3 and 4:
// 1 v 6, 7 v 4, 3 v 2, 5 bye. After round 2: 1 26 (+12 IMPs), 7 22 (12 +
// 10), 2, 4 and 6 20, 5 19 (7 + 12), 3 17 (−6).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserSwissPairs: the director makes, pairs, swaps and releases a
// Swiss pairs round on a phone; a table sees its opponents; the public
// Swiss table on a phone.
func TestBrowserSwissPairs(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Swiss pairs night", Scoring: string(tournament.MethodButler), Published: true})

	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "swiss-pairs")
	if shown := eval[string](d, "see the fields", `["#pairs", "#vp_scale", "#bye_vps", "#teams", "#tables", "#share_boards"].map(s =>
		document.querySelector(s).checkVisibility()).join(" ")`); shown != "true true true false false false" {
		t.Errorf("kind swiss-pairs: pairs, VP scale, bye, teams, tables, the Howell's shared boards shown %s; want the first three only", shown)
	}
	d.fill("#pairs", "7")
	d.fill("#boards_per_round", "6")
	d.fill("#rounds", "2")
	d.fill("#vp_scale", "acbl-20")
	d.shot("new swiss pairs section")
	sec := createSectionOnPage(t, b, d, "create the Swiss pairs")
	if !sec.Spec.SwissPairs() || sec.Spec.Pairs != 7 || sec.Spec.VPScale != "acbl-20" || fmt.Sprint(sec.Movement.Matches(1)) != "[{1 2} {3 4} {5 6} {7 0}]" {
		t.Fatalf("the section made: %+v, round 1 %v", sec.Spec, sec.Movement.Matches(1))
	}
	names := []string{"Ames & Bell", "Cole & Dunn", "Eyre & Ford", "Gray & Hunt", "Ives & Judd", "Kemp & Lowe", "Moss & Nash"}
	var pairs []tournament.Pair
	for i, n := range names {
		a, z, _ := strings.Cut(n, " & ")
		pairs = append(pairs, tournament.Pair{Number: fmt.Sprint(i + 1), Players: []tournament.Player{{Name: a}, {Name: z}}})
	}
	if _, err := b.svc.AddPairs(t.Context(), tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	play := func(sec tournament.Section, round int) {
		rd, _ := sec.Movement.Round(round)
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				bl.Play(sec, round, tb.Table, bd, "1NT", "N", 10-tb.Table)
			}
		}
	}
	play(sec, 1)

	d.open("/director/sections/" + id(sec.ID))
	d.submit("#swiss-link")
	d.noError("open the Swiss page")
	vps := eval[map[string]string](d, "read the standings", `Object.fromEntries([...document.querySelectorAll("#swiss-standings tbody tr")].map(tr => [tr.dataset.team, tr.querySelector(".vps").textContent.trim()]))`)
	if want := map[string]string{"1": "13.00", "6": "13.00", "7": "12.00", "3": "10.00", "4": "10.00", "2": "7.00", "5": "7.00"}; fmt.Sprint(vps) != fmt.Sprint(want) {
		t.Errorf("the standings on the Swiss page: %v, want %v", vps, want)
	}
	d.submit("#pair")
	d.noError("pair round 2")
	if got := draftOnPage(d); got != "1v6 7v3 4v2 5v0" {
		t.Errorf("the draft: %s, want 1v6 7v3 4v2 5v0", got)
	}
	if tables := eval[string](d, "read the tables", `[...document.querySelectorAll("#draft tbody tr td:first-child")].map(td => td.textContent.trim()).join(" ")`); tables != "1 2 3 bye" {
		t.Errorf("the draft's tables: %q, want 1 2 3 bye (a match a table)", tables)
	}
	d.fill("#team-a", "5")
	d.fill("#team-b", "7")
	d.submit("#swap")
	if msg := d.pageError(); !strings.Contains(msg, "a second bye to pair 7 (it had one in round 1)") {
		t.Errorf("a swap giving 7 a second bye: the page says %q", msg)
	}
	if got := draftOnPage(d); got != "1v6 7v3 4v2 5v0" {
		t.Errorf("the draft after the refused swap: %s", got)
	}
	d.shot("swiss pairs swap refused")
	d.fill("#team-a", "3")
	d.fill("#team-b", "4")
	d.submit("#swap")
	d.noError("swap 3 and 4")
	if got := draftOnPage(d); got != "1v6 7v4 3v2 5v0" {
		t.Errorf("the draft after swapping 3 and 4: %s, want 1v6 7v4 3v2 5v0", got)
	}
	d.submit("#release")
	d.noError("release round 2")
	d.shot("swiss pairs round 2 released")
	checkFitsPhone(t, d, "the Swiss pairs page")
	if got := d.text(`#released li[data-round="2"]`); !strings.Contains(got, "7 v 4") || !strings.Contains(got, "5 bye") {
		t.Errorf("round 2 released: the page says %q", got)
	}

	// Table 2 sees round 2's opponents: 7 North-South against 4.
	tokens := bl.Tokens(sec, 2)
	tb := b.phone("table-2")
	tb.open("/t/" + tokens[2])
	tb.noError("open table 2")
	if got := tb.text("#table-pairs"); !strings.Contains(got, "North–South: pair 7 · Moss & Nash") || !strings.Contains(got, "East–West: pair 4 · Gray & Hunt") {
		t.Errorf("table 2 in round 2 sees %q; want pair 7 NS against pair 4", got)
	}
	if got := tb.text("#round"); !strings.HasPrefix(got, "Round 2 of 2") {
		t.Errorf("table 2's round: %q", got)
	}

	sec, err := b.svc.Section(t.Context(), tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	play(sec, 2)
	p := b.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the Swiss pairs standings")
	p.shot("swiss pairs public table")
	type row struct{ Place, VPs, IMPs, Played, Pair string }
	rows := eval[map[string]row](p, "read the Swiss table", `Object.fromEntries([...document.querySelectorAll("#teams-table tbody tr")].map(tr => [tr.dataset.team, {
		Place: tr.querySelector(".place").textContent.trim(), VPs: tr.querySelector(".vps").textContent.trim(),
		IMPs: tr.querySelector(".imps").textContent.trim(), Played: tr.querySelector(".played").textContent.trim(),
		Pair: tr.children[1].textContent.replace(/\s+/g, " ").trim()}]))`)
	want := map[string][4]string{"1": {"1", "26.00", "12", "2"}, "7": {"2", "22.00", "0", "1"}, "2": {"3=", "20.00", "0", "2"},
		"4": {"3=", "20.00", "0", "2"}, "6": {"3=", "20.00", "0", "2"}, "5": {"6", "19.00", "-6", "1"}, "3": {"7", "17.00", "-6", "2"}}
	for pair, w := range want {
		r := rows[pair]
		if got := [4]string{r.Place, r.VPs, r.IMPs, r.Played}; got != w {
			t.Errorf("pair %s: place, VPs, IMPs, played %v, want %v", pair, got, w)
		}
	}
	if r := rows["5"].Pair; r != "5 Ives & Judd bye in round 2" {
		t.Errorf("pair 5's line: %q", r)
	}
	if c := p.text("#teams-table caption"); c != "Swiss table after round 2 of 2" {
		t.Errorf("the table's caption: %q", c)
	}
	if h := p.text("#teams-table thead"); !strings.Contains(h, "Pair") || strings.Contains(h, "Team") {
		t.Errorf("the table's head: %q", h)
	}
	rounds := eval[[]string](p, "read the rounds", `[...document.querySelectorAll("table.team-round")].map(t => t.dataset.round + ": " +
		[...t.querySelectorAll("tbody tr")].map(tr => tr.dataset.home + "v" + tr.dataset.away + " " + tr.querySelector(".imps").textContent.trim() + " " + tr.querySelector(".vps").textContent.trim()).join(", "))`)
	wantRounds := []string{
		"2: 1v6 +6 13.00–7.00, 7v4 0 10.00–10.00, 3v2 −6 7.00–13.00, 5v0 bye 12.00",
		"1: 1v2 +6 13.00–7.00, 3v4 0 10.00–10.00, 5v6 −6 7.00–13.00, 7v0 bye 12.00",
	}
	if fmt.Sprint(rounds) != fmt.Sprint(wantRounds) {
		t.Errorf("the rounds on the page:\n got %q\nwant %q", rounds, wantRounds)
	}
	if s := p.text("#scored-how"); !strings.Contains(s, "Swiss pairs") || !strings.Contains(s, "converted to VPs") {
		t.Errorf("how it is scored: %q", s)
	}
	checkFitsPhone(t, p, "the public Swiss pairs table")
}
