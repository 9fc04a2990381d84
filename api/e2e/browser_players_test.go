package e2e

// The club's roster in a real browser (issue 22 §4), at phone size: the
// Players page refuses a bad number naming the field with the form refilled;
// on a pair's form, typing part of a name offers the club's players and a
// tap fills the name and the membership number; in the section's pairs box
// a pick writes "Name (number)".

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/tournament"
)

func TestBrowserRosterTypeAhead(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.tab
	bb := b.build()
	ctx := bb.Ctx
	ev := bb.Event(tournament.EventInput{Name: "Roster evening", Date: "2026-11-24", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 1}})
	// the roster: Cat Smithers added on her own, four players through their pairs
	if _, err := b.svc.AddClubPlayer(ctx, tournament.Director, tournament.ClubPlayer{Name: "Cat Smithers", Number: "100003"}); err != nil {
		t.Fatal(err)
	}
	pairs, err := b.svc.AddPairs(ctx, tournament.Director, sec.ID, []tournament.Pair{
		{Number: "1", Players: []tournament.Player{{Name: "Ann Smith", Number: "100001"}, {Name: "Bob Jones", Number: "100002"}}},
		{Number: "2", Players: []tournament.Player{{Name: "Dan Brown"}, {Name: "Fay Black"}}},
	})
	if err != nil {
		t.Fatal(err)
	}

	d.do("emulate a phone", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")

	// The Players page: a bad number is refused naming the field, the form
	// refilled; a good one is added.
	d.open("/director/players")
	d.noError("open the players page")
	if got := d.text("#roster-count"); !strings.Contains(got, "of 5") {
		t.Errorf("the players page counts %q, want Cat Smithers and the 4 players of the two pairs", got)
	}
	d.fill("#player-name", "Eve Green")
	d.fill("#player-number", "100;005")
	d.submit("#save-new-player")
	d.shot("players-refused")
	if msg := d.pageError(); !strings.Contains(msg, "number") || !strings.Contains(msg, "letters, digits") {
		t.Errorf("a bad membership number: the page says %q, want the field and what is allowed", msg)
	}
	if v := eval[string](d, "the refilled name", `document.querySelector("#player-name").value`); v != "Eve Green" {
		t.Errorf("the refused form keeps the name %q, want Eve Green", v)
	}
	if inv := eval[string](d, "the field marked", `document.querySelector("#player-number").getAttribute("aria-invalid") || ""`); inv != "true" {
		t.Errorf("the number field is not marked invalid")
	}
	d.fill("#player-number", "100005")
	d.submit("#save-new-player")
	d.noError("add Eve Green")
	d.shot("players-added")
	if got := d.text("#players"); !strings.Contains(got, "Eve Green") || !strings.Contains(got, "100005") {
		t.Errorf("the players list shows %q, want Eve Green 100005", got)
	}

	// The pair's form: typing "smi" offers Ann Smith and Cat Smithers; a tap
	// on Cat fills her name and number.
	d.open(fmt.Sprintf("/director/sections/%d/pairs/%d", sec.ID, pairs[0].ID))
	d.fill("#player-name-1", "")
	d.fill("#player-number-1", "")
	d.do("type smi", chromedp.Click("#player-name-1"), chromedp.SendKeys("#player-name-1", "smi"))
	d.do("wait for the suggestions", chromedp.WaitVisible("#roster-suggestions li"))
	d.shot("pair-typeahead")
	if got := d.text("#roster-suggestions"); !strings.Contains(got, "Ann Smith · 100001") || !strings.Contains(got, "Cat Smithers · 100003") {
		t.Errorf("typing smi offers %q, want Ann Smith and Cat Smithers with their numbers", got)
	}
	if n := d.count("#roster-suggestions li"); n != 2 {
		t.Errorf("typing smi offers %d players, want 2", n)
	}
	d.click(`#roster-suggestions li:nth-child(2)`)
	name := eval[string](d, "player 2's name", `document.querySelector("#player-name-1").value`)
	number := eval[string](d, "player 2's number", `document.querySelector("#player-number-1").value`)
	if name != "Cat Smithers" || number != "100003" {
		t.Errorf("picking Cat Smithers fills %q, %q", name, number)
	}
	d.shot("pair-picked")
	d.submit("#save-pair")
	d.noError("save the pair")
	if got := d.text(`#pairs tr[data-pair="1"]`); !strings.Contains(got, "Ann Smith (100001) & Cat Smithers (100003)") {
		t.Errorf("pair 1 shows %q after the pick", got)
	}

	// The section's pairs box: "3: Bob Jones & gree" and Enter writes Eve
	// Green's name and number; the pair is added with them.
	d.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	d.do("type a pair", chromedp.Click("#pairs-text"), chromedp.SendKeys("#pairs-text", "3: Bob Jones & gree"))
	d.do("wait for the suggestions", chromedp.WaitVisible("#roster-suggestions li"))
	d.shot("pairs-box-typeahead")
	d.do("pick with Enter", chromedp.KeyEvent("\r"))
	if v := eval[string](d, "the pairs box", `document.querySelector("#pairs-text").value`); v != "3: Bob Jones & Eve Green (100005)" {
		t.Errorf("the pairs box holds %q after Enter", v)
	}
	d.submit("#add-pairs")
	d.noError("add pair 3")
	d.shot("pairs-added")
	if got := d.text(`#pairs tr[data-pair="3"]`); !strings.Contains(got, "Bob Jones (100002) & Eve Green (100005)") {
		t.Errorf("pair 3 shows %q", got)
	}
}
