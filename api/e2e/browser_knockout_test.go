package e2e

// Issue 25 §2 and §6, knockouts on the pages: the director sets up a
// knockout match from the new-section form (segments, boards a segment,
// the carry-over, the tie rule; previewed before it is saved), the
// public reads its running score by segment on a 390 px phone, the
// director makes the final from the bracket page (previewed too), and the
// public reads the bracket.
//
// Match A, Aces v Bears: 2 segments of 2 boards, Aces (team 1) carrying
// 3.5 IMPs in, a tie to the carry-over. Match B, Cats v Dogs, and match
// C, Eagles v Foxes: 1 segment of 2 boards; C's both flat, tied 0–0, its
// play-off 2 boards (one-eighth of 2, at least 2: EBU White Book §143.2.1),
// added from the director's bracket page. North declares at both tables; team 1 sits NS at table 1,
// team 2 at table 2. IMPs by Law 78B (scoring/imps.go): 250 → 6
// (220–260). Boards 1 and 3 are NS not vulnerable: 4♠ making 10 is 420,
// 3♠ making 10 is 170; 1♠ making 7 (80) at both tables is flat.
//
//	A segment 1: board 1 4♠ v 3♠, Aces +250: 6–0; board 2 flat → 6–0, running 9.5–0
//	A segment 2: board 3 3♠ v 4♠, Bears +250: 0–6; board 4 flat → 0–6, running 9.5–6: Aces by 3.5
//	B: board 1 3♠ v 4♠, Dogs +250: 0–6; board 2 flat → Dogs by 6
//
// The final, Aces v Dogs, 2 segments of 2 boards: segment 1 boards 1–2,
// segment 2 boards 3–4, a tie played off over 2 boards (one-eighth of 4,
// at least 2: EBU White Book §143.2.1).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserKnockout: a knockout match set up from the pages, its
// running score and the bracket on a phone, the final made from the pages.
func TestBrowserKnockout(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ctx, dir := t.Context(), tournament.Director
	ev := bl.Event(tournament.EventInput{Name: "Knockout cup", Scoring: string(tournament.MethodIMPTeams), Published: true})

	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "knockout")
	if shown := eval[bool](d, "see the knockout's fields", `(() => { const shown = s => getComputedStyle(document.querySelector(s).closest(".kind-field")).display !== "none";
		return shown("#carry_team") && shown("#tie_rule") && !shown("#vp_scale") && !shown("#teams") && !shown("#tables"); })()`); !shown {
		t.Errorf("kind knockout: the form should show the carry-over and the tie rule, not the teams, VP scale or tables")
	}
	if got := d.text(`label[for="rounds"]`) + " / " + d.text(`label[for="boards_per_round"]`); got != "Segments / Boards a segment" {
		t.Errorf("kind knockout: the labels say %q, want Segments / Boards a segment", got)
	}
	d.fill("#rounds", "2")
	d.fill("#boards_per_round", "2")
	d.fill("#carry_team", "1")
	d.fill("#carry_imps", "three and a half")
	d.fill("#tie_rule", "carryover")
	d.submit("#preview")
	if msg := d.pageError(); !strings.Contains(msg, `"three and a half": not a number`) {
		t.Errorf("a carry-over in words: the page says %q", msg)
	}
	if n, kind := d.count(`#carry_imps[aria-invalid="true"]`), eval[string](d, "read the kind", `document.querySelector("#kind").value`); n != 1 || kind != "knockout" {
		t.Errorf("the refused form is not kept with its field marked: %d marked, kind %q", n, kind)
	}
	d.fill("#carry_imps", "3.25")
	d.submit("#preview")
	if msg := d.pageError(); !strings.Contains(msg, "in halves") {
		t.Errorf("a carry-over of 3.25: the page says %q", msg)
	}
	d.fill("#carry_imps", "3.5")
	d.submit("#preview")
	d.noError("preview the match")
	d.shot("knockout preview")
	if got := d.text("#knockout-segments"); !strings.Contains(got, "Segment 1: boards 1–2") || !strings.Contains(got, "Segment 2: boards 3–4") {
		t.Errorf("the preview's segments: %q", got)
	}
	if got := d.text("#knockout-carry") + " " + d.text("#knockout-tie"); got != "Team 1 starts 3.5 IMPs ahead (the carry-over). A tie at the end goes to team 1, which brought the carry-over in." {
		t.Errorf("the preview's carry-over and tie: %q", got)
	}
	if n := len(sectionsOf(t, b, ev.ID)); n != 0 {
		t.Fatalf("the preview stored %d sections", n)
	}
	d.submit("#create-section")
	d.noError("create the match")
	aID := idFrom(t, d.path(), "/director/sections/")
	a, err := b.svc.Section(ctx, dir, aID)
	if err != nil {
		t.Fatal(err)
	}
	if sp := a.Spec; sp.Kind != "knockout" || sp.Rounds != 2 || sp.BoardsPerRound != 2 || sp.CarryTeam != 1 || sp.CarryIMPs != 3.5 || sp.TieRule != "carryover" {
		t.Fatalf("the match made: %+v", sp)
	}
	// Its page's change of movement (made again from round 1, two segments
	// of 2 boards) keeps the carry-over and the tie rule, filled in; they
	// were dropped when the form sent none.
	{
		const segs = 2
		d.open("/director/sections/" + id(aID))
		if got := eval[string](d, "read the change form", `["change-carry_team", "change-carry_imps", "change-tie_rule"].map(i => document.getElementById(i).value).join(" ")`); got != "1 3.5 carryover" {
			t.Errorf("the change form's carry-over and tie rule: %q, want 1 3.5 carryover", got)
		}
		d.click("#change-movement summary")
		d.fill("#change-rounds", fmt.Sprint(segs))
		d.fill("#change-from", "1")
		d.submit("#change-movement-button")
		d.noError(fmt.Sprintf("change match A to %d segments", segs))
		a, err = b.svc.Section(ctx, dir, aID)
		if err != nil {
			t.Fatal(err)
		}
		if sp := a.Spec; sp.Rounds != segs || sp.CarryTeam != 1 || sp.CarryIMPs != 3.5 || sp.TieRule != "carryover" || a.Movement.Boards != 2*segs {
			t.Errorf("match A changed to %d segments: %+v, %d boards", segs, sp, a.Movement.Boards)
		}
	}
	teams := func(sec tournament.Section, home, away string) {
		if _, err := b.svc.AddTeams(ctx, dir, sec.ID, []tournament.Roster{{Number: 1, Name: home}, {Number: 2, Name: away}}); err != nil {
			t.Fatal(err)
		}
		bl.Deal(sec, tournamenttest.OneSuitDeal)
	}
	teams(a, "Aces", "Bears")
	bs := bl.CreateSection(ev.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}})
	teams(bs, "Cats", "Dogs")
	cs := bl.CreateSection(ev.ID, tournament.SectionInput{Name: "C", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}})
	teams(cs, "Eagles", "Foxes")
	playKO(bl, a, 1, map[int][4]any{1: {"4S", 10, "3S", 10}})
	playKO(bl, bs, 1, map[int][4]any{1: {"3S", 10, "4S", 10}})
	playKO(bl, cs, 1, nil) // both boards flat: tied 0–0
	a = bl.Round(a, 2)
	bl.Play(a, 2, 1, 3, "3S", "N", 10)
	bl.Play(a, 2, 2, 3, "4S", "N", 10)

	// The public, while board 4 is still in play.
	p := b.phone("public")
	p.open("/events/" + id(ev.ID))
	p.submit("#bracket-link")
	p.noError("open the bracket")
	p.open(fmt.Sprintf("/sections/%d/standings", a.ID))
	p.noError("open match A")
	p.shot("knockout running score")
	rows := eval[[]string](p, "read the running score", `[...document.querySelectorAll("#segments tbody tr")].map(tr => [...tr.children].map(c => c.textContent.replace(/\s+/g, " ").trim()).join(" | "))`)
	want := []string{
		"Carry-over | 3.5 | 0 | 3.5–0",
		"1 boards 1–2 | 6 | 0 | 9.5–0",
		"2 boards 3–4, 1 scored | 0 | 6 | 9.5–6",
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("the running score by segment:\n got %q\nwant %q", rows, want)
	}
	if heads := p.text("#segments thead"); !strings.Contains(heads, "Aces") || !strings.Contains(heads, "Bears") {
		t.Errorf("the running score's heads: %q", heads)
	}
	if p.count("table.team-round") != 0 {
		t.Errorf("a knockout's page shows rounds with VPs")
	}
	checkFitsPhone(t, p, "the running score of a knockout")

	bl.Play(a, 2, 1, 4, "1S", "N", 7)
	bl.Play(a, 2, 2, 4, "1S", "N", 7)

	// The director plays C's tie off from the bracket page, then makes the
	// final from A's and B's winners.
	d.open("/director/events/" + id(ev.ID))
	d.submit("#bracket-link")
	d.noError("open the director's bracket")
	if got := d.text(fmt.Sprintf(`.bracket-match[data-section="%d"] .match-state`, cs.ID)); got != "Tied 0–0: a play-off of 2 boards to come." {
		t.Errorf("match C on the director's bracket: %q", got)
	}
	d.submit(fmt.Sprintf(`form[action="/director/sections/%d/knockout/playoff"] button`, cs.ID))
	d.noError("add C's play-off")
	if flash := d.text(".flash"); !strings.Contains(flash, "Match C: a play-off of 2 boards added, boards 3–4") {
		t.Errorf("after the play-off the page says %q", flash)
	}
	if c, err := b.svc.Section(ctx, dir, cs.ID); err != nil || c.Movement.Boards != 4 || c.CurrentRound != 2 {
		t.Errorf("match C after its play-off: %d boards, round %d (%v); want 4 boards, at the play-off", c.Movement.Boards, c.CurrentRound, err)
	}
	if got := eval[string](d, "read the choices", `[...document.querySelectorAll("#from_1 option")].map(o => o.textContent.trim()).join("; ")`); got != "match A: Aces; match B: Dogs" {
		t.Errorf("the winners to advance: %q", got)
	}
	d.fill("#section-name", "Final")
	d.fill("#rounds", "2")
	d.fill("#boards_per_round", "2")
	d.submit("#preview")
	d.noError("preview the final")
	d.shot("final preview")
	if got := d.text("#advance-preview h2"); got != "Match Final: Aces v Dogs" {
		t.Errorf("the final's preview: %q", got)
	}
	if got := d.text("#knockout-tie"); !strings.Contains(got, "played off over 2 more boards") {
		t.Errorf("the final's tie rule: %q", got)
	}
	if n := len(sectionsOf(t, b, ev.ID)); n != 3 {
		t.Fatalf("the preview stored a section: %d sections, want A, B and C", n)
	}
	d.submit("#advance")
	d.noError("make the final")
	if flash := d.text(".flash"); !strings.Contains(flash, "Match Final made: Aces v Dogs") {
		t.Errorf("after making the final the page says %q", flash)
	}
	if d.count("#advance-form") != 0 || !strings.Contains(d.text("#no-advance"), "No match is decided") {
		t.Errorf("the bracket still offers winners that went on")
	}
	secs := sectionsOf(t, b, ev.ID)
	if len(secs) != 4 || secs[3].Name != "Final" || secs[3].Movement.Boards != 4 {
		t.Fatalf("the sections after the final: %+v", secs)
	}
	fin, err := b.svc.Teams(ctx, dir, secs[3].ID)
	if err != nil || len(fin) != 2 || fin[0].Name != "Aces" || fin[1].Name != "Dogs" {
		t.Errorf("the final's teams: %+v, %v", fin, err)
	}

	// The public bracket on a phone.
	p.open("/events/" + id(ev.ID) + "/bracket")
	p.noError("open the bracket again")
	p.shot("knockout bracket")
	got := eval[[]string](p, "read the bracket", `[...document.querySelectorAll(".bracket-round")].map(r => r.dataset.round + ": " +
		[...r.querySelectorAll(".bracket-match")].map(m => m.querySelector("h3").textContent.trim() + " [" +
			[...m.querySelectorAll("tr")].map(tr => tr.querySelector("th").textContent.replace(/\s+/g, " ").trim() + " " + tr.querySelector("td").textContent.trim() + (tr.classList.contains("won") ? "*" : "")).join(", ") +
			"] " + m.querySelector(".match-state").textContent.trim()).join("; "))`)
	wantBracket := []string{
		"1: Match A [Aces won 9.5*, Bears 6] Aces win by 3.5 IMPs; the winner plays in match Final.; Match B [Cats 0, Dogs won 6*] Dogs win by 6 IMPs; the winner plays in match Final.; " +
			"Match C [Eagles 0, Foxes 0] Playing: 2 of 4 boards scored.",
		"2: Match Final [Aces 0, Dogs 0] Not begun: 4 boards.",
	}
	if fmt.Sprint(got) != fmt.Sprint(wantBracket) {
		t.Errorf("the public bracket:\n got %q\nwant %q", got, wantBracket)
	}
	if href := eval[string](p, "read a match's link", `document.querySelector(".bracket-match .match-link").getAttribute("href")`); href != fmt.Sprintf("/sections/%d/standings", a.ID) {
		t.Errorf("match A links to %q", href)
	}
	checkFitsPhone(t, p, "the public bracket")
}

// sectionsOf returns an event's sections as the director reads them.
func sectionsOf(t *testing.T, b *env, eventID int64) []tournament.Section {
	t.Helper()
	secs, err := b.svc.Sections(t.Context(), tournament.Director, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return secs
}
