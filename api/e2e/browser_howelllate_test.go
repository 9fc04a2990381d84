package e2e

// Issue 22 §2, a late pair in a Howell: 13 pairs play the 7-table Howell
// (the 14-pair movement, pair 14 missing: its opponent of each round sits
// out). After two rounds a 14th pair arrives; the director, on a phone,
// lets it join from round 3 on the section page.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserHowellLatePair: the section page of a 13-pair Howell offers
// the sit-out place to a late pair as pair 14; joining from round 2, which
// the section has played, is refused with the form refilled; from round 3
// it joins, and the page's sit-out list has no one out from round 3 on
// while rounds 1 and 2 keep their sit-outs, pair 14 out too.
func TestBrowserHowellLatePair(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.phone("director")
	directorCreatesEvent(t, d)
	d.submit("#new-section")
	d.fill("#section-name", "H")
	d.fill("#kind", "howell")
	d.fill("#pairs", "13")
	d.fill("#boards_per_round", "2")
	d.submit("#create-section")
	d.noError("create the 13-pair Howell")
	sectionID := idFrom(t, d.path(), "/director/sections/")
	sec, err := b.svc.Section(t.Context(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	var in []tournament.Result
	for _, rd := range sec.Movement.Rounds[:2] {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				in = append(in, tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9})
			}
		}
	}
	bb := b.build()
	bb.Enter(tournament.Director, sec, in...)
	bb.Round(sec, 3)
	d.open(fmt.Sprintf("/director/sections/%d", sectionID))
	if got := d.text("#late-number"); got != "14" {
		t.Errorf("the late pair would be pair %q, want 14", got)
	}
	cardShot(d, `section[aria-labelledby="late-h"]`, "late pair card")
	d.fill("#late-players", "Late Comer & Last Minute")
	d.fill("#late-from", "2")
	d.submit("#join-late-pair")
	d.shot("late pair from round 2 refused")
	if msg := d.pageError(); !strings.Contains(msg, "round 3 or a later one") {
		t.Errorf("from round 2: the page says %q", msg)
	}
	if v := eval[string](d, "read the refilled players", `document.querySelector("#late-players").value`); v != "Late Comer & Last Minute" {
		t.Errorf("the refused form lost its players: %q", v)
	}
	d.fill("#late-from", "3")
	d.submit("#join-late-pair")
	d.noError("the late pair joins from round 3")
	d.shot("late pair joined")
	d.click("#sit-outs summary")
	cardShot(d, `section[aria-labelledby="movement-h"]`, "sit-outs after the late pair")
	got := eval[map[string]string](d, "read the sit-outs", `Object.fromEntries([...document.querySelectorAll("#sit-outs li")].map(li => [li.dataset.round, li.textContent.trim()]))`)
	for r := 1; r <= 13; r++ {
		line := got[fmt.Sprint(r)]
		if r < 3 && !strings.Contains(line, fmt.Sprintf("%d, 14 sit out", sec.Movement.Rounds[r-1].SitOut[0])) {
			t.Errorf("round %d: %q, want its sit-out and 14 out", r, line)
		}
		if r >= 3 && !strings.Contains(line, "every pair plays") {
			t.Errorf("round %d: %q, want every pair playing", r, line)
		}
	}
	if d.count("#late-pair-form") != 0 {
		t.Error("the section page still offers a late pair's place")
	}
}
