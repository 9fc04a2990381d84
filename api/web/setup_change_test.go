package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// changeMitchell is a 3-table Mitchell, 2 boards a round (3 rounds, 6
// boards), set up through the Service, with one result: round 1, table 1,
// board 1, NS 1 v EW 1, 4S by N making 10. The movement (the same as
// the API test of the changes in api/e2e, which checks its seats): NS n
// stays at table n; EW 1 sits at table 1, 2, 3 in rounds 1, 2, 3, EW 2 at
// 2, 3, 1; table 1 plays boards 1-2 in round 1, table 2 boards 5-6 in
// round 2, table 3 boards 1-2 in round 2 and 3-4 in round 3.
type changeMitchell struct {
	event   tournament.Event
	section tournament.Section
	pairs   map[string]int64 // "1 NS" → the pair's id
}

// newChangeMitchell sets the fixture up.
func newChangeMitchell(t *testing.T, s *setupSite) changeMitchell {
	t.Helper()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club Mitchell", Date: "2026-11-24", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][2]string{"1 NS": {"Ann North", "Bob South"}, "2 NS": {"Cat North", "Dan South"}, "3 NS": {"Eve North", "Fay South"},
		"1 EW": {"Gus East", "Hal West"}, "2 EW": {"Ivy East", "Jon West"}, "3 EW": {"Kim East", "Lou West"}}
	var in []tournament.Pair
	for k, n := range names {
		num, dir, _ := strings.Cut(k, " ")
		in = append(in, tournament.Pair{Number: num, Direction: dir, Players: []tournament.Player{{Name: n[0]}, {Name: n[1]}}})
	}
	stored, err := s.svc.AddPairs(ctx, tournament.Director, sec.ID, in)
	if err != nil {
		t.Fatal(err)
	}
	f := changeMitchell{event: ev, section: sec, pairs: map[string]int64{}}
	for _, p := range stored {
		f.pairs[p.Number+" "+p.Direction] = p.ID
	}
	if sec, err = s.svc.SetCurrentRound(ctx, tournament.Director, sec.ID, 1); err != nil {
		t.Fatal(err)
	}
	f.section = sec
	r := tournament.Result{Board: 1, Round: 1, Table: 1, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}
	if _, _, err := s.svc.EnterResults(ctx, tournament.Director, sec.ID, []tournament.Result{r}, nil); err != nil {
		t.Fatal(err)
	}
	return f
}

// pairPath is a pair's page.
func (f changeMitchell) pairPath(pair string) string {
	return "/director/sections/" + strconv.FormatInt(f.section.ID, 10) + "/pairs/" + strconv.FormatInt(f.pairs[pair], 10)
}

// wantInvalid checks a refused form: the status, the field marked, the message.
func wantInvalid(t *testing.T, p setupPage, what string, status int, id, msg string) {
	t.Helper()
	p.want(t, what, status)
	if setupAttr(p.mustID(t, id), "aria-invalid") != "true" {
		t.Errorf("%s: #%s not marked aria-invalid (error %q)", what, id, p.errorText())
	}
	if !strings.Contains(p.errorText(), msg) {
		t.Errorf("%s: error %q, want it to say %q", what, p.errorText(), msg)
	}
}

// TestChangePairPages changes, deletes and withdraws pairs in the pages,
// each refusal shown on the form with its values kept.
func TestChangePairPages(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	f := newChangeMitchell(t, s)
	section := "/director/sections/" + strconv.FormatInt(f.section.ID, 10)

	p := s.get(section)
	p.want(t, "section page", http.StatusOK)
	if n := len(p.byClass(nil, "pair-edit")); n != 6 {
		t.Errorf("section page: %d pair links, want 6", n)
	}
	for _, id := range []string{"section-change-form", "section-name", "section-session", "save-section", "section-changes-link", "delete-section-link"} {
		p.mustID(t, id)
	}

	p = s.get(f.pairPath("1 NS"))
	p.want(t, "pair 1 NS's page", http.StatusOK)
	if v := setupAttr(p.mustID(t, "player-name-1"), "value"); v != "Bob South" {
		t.Errorf("pair page: player 2 %q, want Bob South", v)
	}
	if got := setupSelected(p.mustID(t, "direction")); got != "NS" {
		t.Errorf("pair page: direction %q", got)
	}
	form := setupFormFields(p.mustID(t, "pair-form"))

	// A substitute: Zoe Sub for Bob South, and Ann's membership number.
	form.Set("player_number_0", "EBU 123")
	form.Set("player_name_1", "Zoe Sub")
	// Pair 1 NS has played board 1: its number stays (the Service's refusal).
	form.Set("number", "2")
	p = s.post(f.pairPath("1 NS"), form)
	wantInvalid(t, p, "pair 1 NS to number 2", http.StatusConflict, "number", "pair 1 NS has 1 result(s) (boards 1)")
	if v := setupAttr(p.mustID(t, "player-name-1"), "value"); v != "Zoe Sub" {
		t.Errorf("refused: the substitute was not kept: %q", v)
	}
	// A membership number with no name: the row it is on is marked.
	form.Set("number", "1")
	form.Set("player_name_2", "")
	form.Set("player_number_2", "999")
	p = s.post(f.pairPath("1 NS"), form)
	wantInvalid(t, p, "a number with no name", http.StatusUnprocessableEntity, "player-name-2", "player 3")
	form.Set("player_number_2", "")
	p = s.post(f.pairPath("1 NS"), url.Values{"number": {"1"}, "direction": {"NS"}})
	wantInvalid(t, p, "no players", http.StatusUnprocessableEntity, "player-name-0", "at least one name")

	p = s.post(f.pairPath("1 NS"), form)
	p.want(t, "save the substitute", http.StatusSeeOther)
	if !strings.HasPrefix(p.Location, section+"?done=") {
		t.Errorf("after saving: Location %q", p.Location)
	}
	pairs, err := s.svc.Pairs(ctx, tournament.Director, f.section.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range pairs {
		if pr.ID == f.pairs["1 NS"] && (len(pr.Players) != 2 || pr.Players[0] != (tournament.Player{Name: "Ann North", Number: "EBU 123"}) || pr.Players[1].Name != "Zoe Sub") {
			t.Errorf("pair 1 NS stored %+v", pr.Players)
		}
	}

	// EW 2 has not played: its number may change, but not to EW 3's.
	form = setupFormFields(s.get(f.pairPath("2 EW")).mustID(t, "pair-form"))
	form.Set("number", "3")
	p = s.post(f.pairPath("2 EW"), form)
	if p.Status != http.StatusConflict && p.Status != http.StatusUnprocessableEntity {
		t.Errorf("EW 2 to EW 3's number: status %d, want a refusal", p.Status)
	}
	if setupAttr(p.mustID(t, "number"), "aria-invalid") != "true" {
		t.Errorf("EW 2 to 3: #number not marked (error %q)", p.errorText())
	}

	// Deleting asks for the box to be ticked.
	p = s.post(f.pairPath("2 EW")+"/delete", url.Values{})
	wantInvalid(t, p, "delete unticked", http.StatusUnprocessableEntity, "confirm-delete", "nothing was deleted")
	p = s.post(f.pairPath("2 EW")+"/delete", url.Values{"confirm": {"yes"}})
	p.want(t, "delete EW 2", http.StatusSeeOther)
	s.get(f.pairPath("2 EW")).want(t, "the deleted pair's page", http.StatusNotFound)
	// A pair that has played is withdrawn, not deleted.
	p = s.post(f.pairPath("1 NS")+"/delete", url.Values{"confirm": {"yes"}})
	p.want(t, "delete NS 1", http.StatusConflict)
	if !strings.Contains(p.errorText(), "withdraw") {
		t.Errorf("delete NS 1: error %q does not say to withdraw it", p.errorText())
	}

	// NS 3 leaves after round 1 with 40%, its opponents 60%. Refused first
	// with a percentage that is not a number, then one past 100.
	w := setupFormFields(s.get(f.pairPath("3 NS")).mustID(t, "withdraw-form"))
	if w.Get("from_round") != "1" || w.Get("status") != "not_played" {
		t.Errorf("the withdrawal form starts at round %q, %q; want the current round 1, not played", w.Get("from_round"), w.Get("status"))
	}
	w.Set("from_round", "2")
	w.Set("status", "artificial")
	w.Set("pair_percent", "forty")
	p = s.post(f.pairPath("3 NS")+"/withdraw", w)
	wantInvalid(t, p, "pair_percent forty", http.StatusUnprocessableEntity, "pair_percent", "whole number")
	if got := setupSelected(p.mustID(t, "from_round")); got != "2" || !setupHasAttr(p.mustID(t, "status-artificial"), "checked") {
		t.Errorf("refused withdrawal: round %q, artificial checked %v; want both kept", got, setupHasAttr(p.mustID(t, "status-artificial"), "checked"))
	}
	w.Set("pair_percent", "120")
	p = s.post(f.pairPath("3 NS")+"/withdraw", w)
	wantInvalid(t, p, "pair_percent 120", http.StatusUnprocessableEntity, "pair_percent", "0 to 100")
	w.Set("pair_percent", "40")
	p = s.post(f.pairPath("3 NS")+"/withdraw", w)
	p.want(t, "withdraw NS 3", http.StatusSeeOther)
	// Table 3 plays boards 1-2 in round 2 and 3-4 in round 3: 4 boards.
	if done, _ := url.QueryUnescape(strings.TrimPrefix(p.Location, section+"?done=")); !strings.Contains(done, "from round 2: 4 boards scored 40% to the pair, 60% to its opponents") {
		t.Errorf("withdrawal message %q", done)
	}
	rs, err := s.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: f.section.ID, Table: 3})
	if err != nil || len(rs) != 4 {
		t.Fatalf("table 3 has %d results (%v), want 4", len(rs), err)
	}
	for _, r := range rs {
		if r.Status != tournament.StatusArtificial || r.NSPercent != 40 || r.EWPercent != 60 {
			t.Errorf("round %d board %d: %s %d/%d, want artificial 40/60 (NS 3 sits NS)", r.Round, r.Board, r.Status, r.NSPercent, r.EWPercent)
		}
	}
	// Again: nothing left to score from round 2.
	p = s.post(f.pairPath("3 NS")+"/withdraw", url.Values{"from_round": {"2"}, "status": {"not_played"}})
	wantInvalid(t, p, "withdraw NS 3 again", http.StatusConflict, "from_round", "no board left")

	// EW 1 leaves from round 1, not played; the percentages left in the
	// form are not sent to the Service. Its boards: 1-2 at table 1 (board 1
	// has its result), 5-6 at table 2 in round 2, 3-4 at table 3 in round 3
	// (scored by NS 3's withdrawal): 3 boards.
	p = s.post(f.pairPath("1 EW")+"/withdraw", url.Values{"from_round": {"1"}, "status": {"not_played"}, "pair_percent": {"40"}, "opponents_percent": {"60"}})
	p.want(t, "withdraw EW 1", http.StatusSeeOther)
	if done, _ := url.QueryUnescape(p.Location); !strings.Contains(done, "from round 1: 3 boards not played") {
		t.Errorf("withdrawal message %q", done)
	}

	// The changes page: the substitute, the delete, the two withdrawals.
	p = s.get("/director/events/" + strconv.FormatInt(f.event.ID, 10) + "/changes?section=" + strconv.FormatInt(f.section.ID, 10))
	p.want(t, "changes page", http.StatusOK)
	rows := p.byClass(p.mustID(t, "changes"), "change")
	if len(rows) != 4 {
		t.Fatalf("changes page: %d rows, want 4", len(rows))
	}
	want := []struct{ what, action, before, after string }{
		{"pair 1 NS (section A)", "changed", "players: Ann North & Bob South", "players: Ann North (EBU 123) & Zoe Sub"},
		{"pair 2 EW (section A)", "deleted", "players: Ivy East & Jon West", "—"},
		{"pair 3 NS (section A)", "withdrawn", "—", "from round: 2; opponents' %: 60; pair's %: 40; results scored: 4; its boards: an adjusted score"},
		{"pair 1 EW (section A)", "withdrawn", "—", "from round: 1; results scored: 3; its boards: not played"},
	}
	for i, w := range want {
		got := map[string]string{}
		for _, c := range []string{"change-what", "change-action", "change-before", "change-after"} {
			got[c] = setupText(p.byClass(rows[i], c)[0])
		}
		if got["change-what"] != w.what || got["change-action"] != w.action || !strings.Contains(got["change-before"], w.before) || got["change-after"] != w.after {
			t.Errorf("change %d: %v, want %+v", i+1, got, w)
		}
	}
}

// TestChangeSectionAndEventPages renames and moves a section, deletes it and
// its event after asking, and changes a team on a teams section.
func TestChangeSectionAndEventPages(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	f := newChangeMitchell(t, s)
	section := "/director/sections/" + strconv.FormatInt(f.section.ID, 10)
	event := "/director/events/" + strconv.FormatInt(f.event.ID, 10)
	if _, err := s.svc.CreateSection(ctx, tournament.Director, f.event.ID, tournament.SectionInput{Name: "C", Session: 2,
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 2}}); err != nil {
		t.Fatal(err)
	}

	p := s.post(section+"/change", url.Values{"rename": {"1"}, "name": {"B"}, "session": {"two"}})
	wantInvalid(t, p, "session two", http.StatusUnprocessableEntity, "section-session", "session's number")
	if v := setupAttr(p.mustID(t, "section-name"), "value"); v != "B" {
		t.Errorf("refused: the name was not kept: %q", v)
	}
	// Session 2 has a section C already.
	p = s.post(section+"/change", url.Values{"rename": {"1"}, "name": {"C"}, "session": {"2"}})
	wantInvalid(t, p, "C in session 2", http.StatusConflict, "section-name", "already has a section C")
	p = s.post(section+"/change", url.Values{"rename": {"1"}, "name": {"B"}, "session": {"2"}})
	p.want(t, "rename to B, session 2", http.StatusSeeOther)
	sec, err := s.svc.Section(ctx, tournament.Director, f.section.ID)
	if err != nil || sec.Name != "B" || sec.Session != 2 {
		t.Fatalf("stored section %q session %d (%v), want B, 2", sec.Name, sec.Session, err)
	}
	p = s.get(section)
	if v := setupAttr(p.mustID(t, "section-name"), "value"); v != "B" {
		t.Errorf("section page shows the name %q, want B", v)
	}

	// Deleting section B asks first: 1 result goes with it.
	p = s.get(section + "/delete")
	p.want(t, "confirm page", http.StatusOK)
	if got := setupText(p.mustID(t, "confirm-delete-form")); !strings.Contains(got, "yes, delete section B and its 1 result") {
		t.Errorf("confirmation: %q", got)
	}
	p = s.post(section+"/delete", url.Values{})
	wantInvalid(t, p, "delete section unticked", http.StatusUnprocessableEntity, "confirm-delete", "nothing was deleted")
	p = s.post(section+"/delete", url.Values{"confirm": {"yes"}})
	p.want(t, "delete section B", http.StatusSeeOther)
	if !strings.HasPrefix(p.Location, event+"?done=") {
		t.Errorf("after the delete: Location %q, want the event page", p.Location)
	}
	for _, path := range []string{section, section + "/delete", f.pairPath("1 NS"), section + "/results"} {
		s.get(path).want(t, "the deleted section's "+path, http.StatusNotFound)
	}
	p = s.get(event)
	if n := len(p.byClass(nil, "section-link")); n != 1 {
		t.Errorf("the event page lists %d sections, want 1 (C)", n)
	}
	p = s.get(event + "/changes")
	if got := setupText(p.mustID(t, "changes")); !strings.Contains(got, "section B deleted") || !strings.Contains(got, "name: A; session: 1") {
		t.Errorf("changes: %q", got)
	}

	// Deleting the event asks too.
	p = s.get(event + "/delete")
	p.want(t, "confirm the event's delete", http.StatusOK)
	if got := setupText(p.mustID(t, "confirm-delete-form")); !strings.Contains(got, "yes, delete event Club Mitchell, its 1 section and 0 results") {
		t.Errorf("confirmation: %q", got)
	}
	p = s.post(event+"/delete", url.Values{"confirm": {"no"}})
	wantInvalid(t, p, "delete event unticked", http.StatusUnprocessableEntity, "confirm-delete", "nothing was deleted")
	p = s.post(event+"/delete", url.Values{"confirm": {"yes"}})
	p.want(t, "delete the event", http.StatusSeeOther)
	if !strings.HasPrefix(p.Location, "/director?done=") {
		t.Errorf("after the delete: Location %q, want the events list", p.Location)
	}
	p = s.get(p.Location)
	if strings.Contains(setupText(p.mustID(t, "main")), "Club Mitchell deleted") == false || strings.Contains(setupText(p.byClass(nil, "flash")[0]), "Club Mitchell") == false {
		t.Errorf("events list after the delete: no message")
	}
	if strings.Contains(string(p.Body), `href="`+event+`"`) {
		t.Error("the events list still links the deleted event")
	}
	s.get(event).want(t, "the deleted event's page", http.StatusNotFound)
	s.get(event+"/delete").want(t, "the deleted event's delete page", http.StatusNotFound)
	p = s.get(event + "/changes")
	p.want(t, "the deleted event's changes", http.StatusOK)
	p.mustID(t, "event-deleted")
	if got := setupText(p.mustID(t, "changes")); !strings.Contains(got, "the event deleted") {
		t.Errorf("the deleted event's changes: %q", got)
	}
}

// TestChangeTeamPage changes a team's name and roster on a teams section.
func TestChangeTeamPage(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club teams", Date: "2026-11-24", Law: "contract-2017", Scoring: "IMP_TEAMS"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "T",
		Movement: tournament.MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	teams, err := s.svc.AddTeams(ctx, tournament.Director, sec.ID, []tournament.Roster{{Number: 1, Name: "Lions", Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cat"}, {Name: "Dan"}}}})
	if err != nil {
		t.Fatal(err)
	}
	p := s.get("/director/sections/" + strconv.FormatInt(sec.ID, 10))
	p.want(t, "teams section", http.StatusOK)
	links := p.byClass(p.mustID(t, "teams"), "team-edit")
	if len(links) != 1 {
		t.Fatalf("%d team links, want 1", len(links))
	}
	path := setupAttr(links[0], "href")
	p = s.get(path)
	p.want(t, "team page", http.StatusOK)
	form := setupFormFields(p.mustID(t, "team-form"))
	form.Set("name", " ")
	form.Set("player_name_4", "Eve")
	p = s.post(path, form)
	wantInvalid(t, p, "a team with no name", http.StatusUnprocessableEntity, "team-name", "")
	if v := setupAttr(p.mustID(t, "player-name-4"), "value"); v != "Eve" {
		t.Errorf("refused: the fifth player was not kept: %q", v)
	}
	form.Set("name", "Sharks")
	form.Set("player_name_1", "")
	p = s.post(path, form)
	p.want(t, "save the team", http.StatusSeeOther)
	got, err := s.svc.Teams(ctx, tournament.Director, sec.ID)
	if err != nil || len(got) != 1 || got[0].ID != teams[0].ID {
		t.Fatalf("teams %+v (%v)", got, err)
	}
	var names []string
	for _, pl := range got[0].Players {
		names = append(names, pl.Name)
	}
	if got[0].Name != "Sharks" || strings.Join(names, ",") != "Ann,Cat,Dan,Eve" {
		t.Errorf("stored team %q %v, want Sharks with Ann, Cat, Dan, Eve (Bob's row emptied)", got[0].Name, names)
	}
}
