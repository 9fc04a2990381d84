package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserOverall: the director sets an event of two sections to be
// scored across the field from the event page on a phone (a carry-over of
// 150 % refused first, the field marked), opens the overall standings, and
// the public reads them once published. The figures are
// TestOverallAcrossTheField's, worked by hand there: NS B 1 21 (70 %),
// B 2 19, A 1 and A 2 17 (third equal), A 3 and B 3 9; EW A 3 first with 23
// — with B 1's average plus on board 3 at 60 % as given. The event has the
// default options, so it is 60 % or the pair's percentage on its other
// boards if higher (law option average_session): B 1 has 21 − 6 = 15 of 20
// = 75 % there, so 7.5 of the top 10, total 22.5 (75 %), as
// TestAPIOverallAcrossTheField works it; A 1 at 55 % keeps 60 %.
func TestBrowserOverall(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Two-section pairs"})
	for _, n := range []string{"A", "B"} {
		sec := bl.Section(ev.ID, tournament.SectionInput{Name: n, Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}})
		board1 := [][5]any{{1, 1, "4S", "N", 10}, {2, 3, "4S", "N", 10}, {3, 2, "4S", "N", 9}}
		if n == "B" {
			board1 = [][5]any{{1, 1, "4S", "N", 11}, {2, 3, "4S", "N", 10}, {3, 2, "3S", "N", 9}}
		}
		playField(bl, sec, board1)
	}

	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID))
	d.fill("#field", "field")
	d.fill("#method", "carryover")
	d.fill("#carry_over", "150")
	d.submit("#save-overall")
	if msg := d.pageError(); !strings.Contains(msg, "150 is not a carry-over percentage") {
		t.Errorf("a carry-over of 150: the page says %q", msg)
	}
	if !eval[bool](d, "see the field marked", `document.querySelector("#carry_over").getAttribute("aria-invalid") === "true" && document.querySelector("#carry_over").value === "150"`) {
		t.Errorf("the carry-over field is not marked, or not refilled")
	}
	d.shot("ranking refused")
	d.fill("#method", "sum")
	d.fill("#carry_over", "")
	d.submit("#save-overall")
	d.noError("save the ranking")
	if got := d.text("#overall-state"); !strings.Contains(got, "across the field") {
		t.Errorf("the event page says %q", got)
	}
	d.shot("ranking saved")
	d.submit("#overall-link")
	d.noError("open the overall standings")
	d.shot("overall standings, director")

	type row struct{ Place, Who, Total, Pct string }
	read := func(tab *browserTab, table string) []row {
		return eval[[]row](tab, "read "+table, fmt.Sprintf(`[...document.querySelectorAll("%s tbody tr")].map(tr => ({
			Place: tr.querySelector(".place").textContent.trim(), Who: tr.querySelector(".where").textContent.trim(),
			Total: tr.querySelector(".total").textContent.trim(), Pct: tr.querySelector(".pct").textContent.trim()}))`, table))
	}
	wantNS := "[{1 B 1 NS 22.5 75.00} {2 B 2 NS 19 63.33} {3= A 1 NS 17 56.67} {3= A 2 NS 17 56.67} {5= A 3 NS 9 30.00} {5= B 3 NS 9 30.00}]"
	if got := fmt.Sprint(read(d, "#overall-ns")); got != wantNS {
		t.Errorf("overall NS on the director's phone:\n got %s\nwant %s", got, wantNS)
	}

	p := b.phone("public")
	p.open("/events/" + id(ev.ID) + "/standings")
	if got := p.text("h1"); got != "Not published yet" {
		t.Errorf("the public reading an unpublished event's overall standings sees %q", got)
	}
	published := true
	if _, err := b.svc.UpdateEvent(t.Context(), tournament.Director, ev.ID, tournament.EventPatch{Published: &published}); err != nil {
		t.Fatal(err)
	}
	p.open("/events/" + id(ev.ID))
	p.submit("#overall-link")
	p.noError("open the overall standings")
	if got := fmt.Sprint(read(p, "#overall-ns")); got != wantNS {
		t.Errorf("overall NS on the public's phone:\n got %s\nwant %s", got, wantNS)
	}
	if got := read(p, "#overall-ew"); len(got) != 6 || got[0] != (row{"1", "A 3 EW", "23", "76.67"}) {
		t.Errorf("overall EW: %v", got)
	}
	if wide := eval[bool](p, "check the page fits", `document.documentElement.scrollWidth <= window.innerWidth + 1`); !wide {
		t.Errorf("the overall standings are wider than the phone")
	}
	p.shot("overall standings, public")

	// Section A's own standings say they are the field's: its NS 1 has 17.
	p.open("/events/" + id(ev.ID))
	p.submit(".standings-link")
	p.noError("open section A's standings")
	if got := p.text("#across-field"); !strings.Contains(got, "compared over the 2 sections of session 1") {
		t.Errorf("section A's standings say %q", got)
	}
	if got := p.text(`tr[data-pair="1"][data-direction="NS"] .total`); got != "17" {
		t.Errorf("A's NS 1 on its section's standings: %q, want the field's 17", got)
	}
	p.shot("section standings across the field")
}
