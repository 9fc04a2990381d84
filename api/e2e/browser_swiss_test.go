package e2e

// Issue 25 §1, Swiss teams: a director on a phone pairs the second round
// of a Swiss of 7 teams (2 rounds of 2 boards, ACBL 30-VP scale, a bye 18)
// from the pages (the section made from the new-section form), sees a swap that would make a rematch refused, swaps two
// teams, and releases the round, which the movement then holds.
//
// Round 1 by number: 1 v 2, 3 v 4, 5 v 6, 7 the bye. Every match is won by
// its home team by 35 IMPs (7♠ by North making 13 in room 1, 1♠ making 7
// in room 2, on OneSuitDeal): 30–0 on the 6–8 boards row. Standings: 1, 3,
// 5 on 30, 7 on 18, 2, 4, 6 on 0; round 2: the bye to 6 (the lowest without
// one), 1 v 3, 5 v 7, 2 v 4. Swapping 3 and 2 would make 1 v 2 again:
// refused. Swapping 3 and 4: 1 v 4, 5 v 7, 2 v 3.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserSwissRelease: the director pairs, swaps and releases a Swiss
// round from the Swiss page on a phone.
func TestBrowserSwissRelease(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Swiss night", Scoring: string(tournament.MethodIMPTeams)})

	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	// The section, from the new-section form.
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "swiss")
	if shown := eval[bool](d, "see the bye's field", `getComputedStyle(document.querySelector("#bye_vps").closest(".kind-field")).display !== "none" &&
		getComputedStyle(document.querySelector("#teams").closest(".kind-field")).display !== "none" &&
		getComputedStyle(document.querySelector("#tables").closest(".kind-field")).display === "none"`); !shown {
		t.Errorf("kind swiss: the form should show the teams, the VP scale and the bye, not the tables")
	}
	d.fill("#teams", "7")
	d.fill("#boards_per_round", "2")
	d.fill("#rounds", "2")
	d.fill("#vp_scale", "acbl-30")
	d.fill("#bye_vps", "18")
	d.shot("new swiss section")
	d.submit("#create-section")
	d.noError("create the Swiss")
	sectionID := idFrom(t, d.path(), "/director/sections/")
	if d.count("#change-movement") != 0 || !strings.Contains(d.text("#swiss-rounds"), "1 of 2 released") {
		t.Errorf("a Swiss section's page offers a change of movement, or does not say its rounds: %q", d.text("#swiss-rounds"))
	}
	sec, err := b.svc.Section(t.Context(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	if sec.Spec.Kind != "swiss" || sec.Spec.VPScale != "acbl-30" || sec.Spec.ByeVPs == nil || *sec.Spec.ByeVPs != 18 || sec.Movement.Boards != 4 {
		t.Fatalf("the section made: %+v, %d boards", sec.Spec, sec.Movement.Boards)
	}
	bl.Rosters(sec)
	bl.Deal(sec, tournamenttest.OneSuitDeal)
	homeWins(bl, sec, 1)

	d.open("/director/sections/" + id(sec.ID))
	d.submit("#swiss-link")
	d.noError("open the Swiss page")
	vps := eval[map[string]string](d, "read the standings", `Object.fromEntries([...document.querySelectorAll("#swiss-standings tbody tr")].map(tr => [tr.dataset.team, tr.querySelector(".vps").textContent.trim()]))`)
	want := map[string]string{"1": "30.00", "3": "30.00", "5": "30.00", "7": "18.00", "2": "0.00", "4": "0.00", "6": "0.00"}
	for team, w := range want {
		if vps[team] != w {
			t.Errorf("team %s: %q VPs on the page, want %s", team, vps[team], w)
		}
	}
	// Places as the public page writes them (markTies): 1, 3 and 5 share
	// first on 30, 7 is 4th on 18, 2, 4 and 6 share 5th on 0.
	places := eval[string](d, "read the places", `[...document.querySelectorAll("#swiss-standings tbody tr")].map(tr => tr.dataset.team + ":" + tr.querySelector(".place").textContent.trim()).join(" ")`)
	if places != "1:1= 3:1= 5:1= 7:4 2:5= 4:5= 6:5=" {
		t.Errorf("the places on the director's Swiss page: %s, want 1:1= 3:1= 5:1= 7:4 2:5= 4:5= 6:5=", places)
	}
	d.submit("#pair")
	d.noError("pair round 2")
	d.shot("swiss draft of round 2")
	if got := draftOnPage(d); got != "1v3 5v7 2v4 6v0" {
		t.Errorf("the draft: %s, want 1v3 5v7 2v4 6v0", got)
	}
	d.fill("#team-a", "3")
	d.fill("#team-b", "2")
	d.submit("#swap")
	if msg := d.pageError(); !strings.Contains(msg, "1 v 2 is a rematch") {
		t.Errorf("a swap making 1 v 2 again: the page says %q", msg)
	}
	if got := draftOnPage(d); got != "1v3 5v7 2v4 6v0" {
		t.Errorf("the draft after the refused swap: %s", got)
	}
	d.fill("#team-a", "3")
	d.fill("#team-b", "4")
	d.submit("#swap")
	d.noError("swap 3 and 4")
	if got := draftOnPage(d); got != "1v4 5v7 2v3 6v0" {
		t.Errorf("the draft after swapping 3 and 4: %s, want 1v4 5v7 2v3 6v0", got)
	}
	if w := eval[int](d, "measure the page", `document.documentElement.scrollWidth`); w > phoneWidth {
		t.Errorf("the Swiss page is %d px wide on a %d px phone", w, phoneWidth)
	}
	d.submit("#release")
	d.noError("release round 2")
	d.shot("swiss round 2 released")
	if got := d.text(`#released li[data-round="2"]`); !strings.Contains(got, "1 v 4") || !strings.Contains(got, "6 bye") {
		t.Errorf("round 2 released: the page says %q", got)
	}
	got, err := b.svc.Section(t.Context(), tournament.Director, sec.ID)
	if err != nil || len(got.Movement.Rounds) != 2 || got.CurrentRound != 2 {
		t.Errorf("after the release: %d rounds, current round %d (%v); want 2 of 2", len(got.Movement.Rounds), got.CurrentRound, err)
	}
}

// draftOnPage reads the Swiss page's draft as "1v3 6v0" (0: a bye).
func draftOnPage(d *browserTab) string {
	return eval[string](d, "read the draft", `[...document.querySelectorAll("#draft tbody tr")].map(tr => tr.dataset.home + "v" + tr.dataset.away).join(" ")`)
}

// TestBrowserSwissWithdraw: the director withdraws a team from the Swiss
// page on a phone (tournament's TestSwissWithdrawn: 7 teams, round 1 won
// by 1, 3 and 5, 7 the bye; team 7 leaves). The page says from which round,
// refuses the same team twice naming the field, and the next round is
// paired without it: six left, no bye, 1 v 3, 5 v 2, 4 v 6.
func TestBrowserSwissWithdraw(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Swiss night", Scoring: string(tournament.MethodIMPTeams)})
	bye := 18.0
	sec := bl.Section(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 3,
		BoardsPerRound: 2, VPScale: "acbl-30", ByeVPs: &bye}})
	homeWins(bl, sec, 1)
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/sections/" + id(sec.ID) + "/swiss")
	d.fill("#withdraw-number", "7")
	d.submit("#withdraw")
	d.noError("withdraw team 7")
	if got := d.text("#withdrawn"); got != "Withdrawn: team 7 from round 2." {
		t.Errorf("the page says %q, want Withdrawn: team 7 from round 2.", got)
	}
	d.fill("#withdraw-number", "7")
	d.submit("#withdraw")
	if msg := d.pageError(); !strings.Contains(msg, "team 7 has withdrawn already") {
		t.Errorf("team 7 withdrawn twice: the page says %q", msg)
	}
	if !eval[bool](d, "see the field marked", `document.querySelector("#withdraw-number").getAttribute("aria-invalid") === "true" && document.querySelector("#withdraw-number").value === "7"`) {
		t.Errorf("the withdrawal's field is not marked, or not refilled with 7")
	}
	d.shot("swiss withdrawal refused")
	d.submit("#pair")
	d.noError("pair round 2")
	if got := draftOnPage(d); got != "1v3 5v2 4v6" {
		t.Errorf("round 2 without team 7: %s, want 1v3 5v2 4v6", got)
	}
	d.shot("swiss round 2 without team 7")
	if w := eval[int](d, "measure the page", `document.documentElement.scrollWidth`); w > phoneWidth {
		t.Errorf("the Swiss page is %d px wide on a %d px phone", w, phoneWidth)
	}
}

// homeWins plays every match of a Swiss round so that its home team wins
// (tournament's swissRound): 7♠ making 13 in room 1, 1♠ making 7 in room 2.
func homeWins(bl *tournamenttest.Builder, sec tournament.Section, round int) {
	rd, _ := sec.Movement.Round(round)
	for _, tb := range rd.Tables {
		for _, bd := range tb.Boards {
			if tb.Table%2 == 1 {
				bl.Play(sec, round, tb.Table, bd, "7S", "N", 13)
			} else {
				bl.Play(sec, round, tb.Table, bd, "1S", "N", 7)
			}
		}
	}
}
