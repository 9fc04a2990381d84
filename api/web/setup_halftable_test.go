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

// TestHalfTableMitchellFromTheForm sets up a 2½-table Mitchell from the
// new-section form (3 tables, pair 3 EW missing, its opponents sitting
// out), plays every table that is there, publishes, and reads the public
// standings: every board finished and the points where they belong.
// Before the form said which pair sits out, the section was a full 4-table
// Mitchell, no board ever finished and the public saw 0 for all.
func TestHalfTableMitchellFromTheForm(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()
	ev := s.post("/director/events", url.Values{"name": {"Half table"}, "date": {"2026-11-27"}, "law": {"contract-2017"}, "scoring": {"MP"}})
	ev.want(t, "create event", http.StatusSeeOther)
	eventPath, _, _ := strings.Cut(ev.Location, "?")
	eventID, _ := strconv.ParseInt(strings.TrimPrefix(eventPath, "/director/events/"), 10, 64)

	p := s.get(eventPath + "/sections/new")
	for _, id := range []string{"half-table", "missing_number", "missing_direction", "missing_play"} {
		p.mustID(t, id)
	}
	form := url.Values{"name": {"B"}, "session": {"1"}, "kind": {"mitchell"}, "tables": {"3"}, "boards_per_round": {"2"},
		"missing_number": {"5"}, "missing_direction": {"EW"}, "missing_play": {"sit_out"}, "action": {"create"}}
	// A Mitchell of 3 tables has pairs 1 to 3 each way: 5 EW is refused,
	// the form refilled.
	p = s.post(eventPath+"/sections", form)
	p.want(t, "missing pair 5 EW", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "pairs 1 to 3 in each direction") {
		t.Errorf("missing pair 5: error %q", msg)
	}
	if setupAttr(p.mustID(t, "missing_number"), "aria-invalid") != "true" || setupAttr(p.mustID(t, "missing_number"), "value") != "5" ||
		setupAttr(p.mustID(t, "tables"), "value") != "3" || setupSelected(p.mustID(t, "kind")) != "mitchell" {
		t.Error("missing pair 5: the form is not refilled with the field marked")
	}
	form.Set("missing_play", "ghost")
	form.Set("missing_number", "3")
	p = s.post(eventPath+"/sections", form)
	p.want(t, "missing_play ghost", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "sit out or play a phantom") || setupSelected(p.mustID(t, "missing_direction")) != "EW" {
		t.Errorf("missing_play ghost: error %q", msg)
	}

	form.Set("missing_play", "sit_out")
	p = s.post(eventPath+"/sections", form)
	p.want(t, "create the half-table Mitchell", http.StatusSeeOther)
	secs, err := s.svc.Sections(ctx, tournament.Director, eventID)
	if err != nil || len(secs) != 1 {
		t.Fatalf("%d sections (%v)", len(secs), err)
	}
	sec := secs[0]
	m := &sec.Movement
	// Pair 3 EW is movement pair 3+3 = 6 (movement.Mitchell numbers EW
	// pairs tables+1 to 2·tables); 3 rounds of 2 tables, 6 boards.
	if m.Phantom != 6 || m.Boards != 6 || len(m.Rounds) != 3 {
		t.Fatalf("stored movement %q: missing pair %d, %d boards, %d rounds; want 6, 6, 3", m.Name, m.Phantom, m.Boards, len(m.Rounds))
	}
	for _, rd := range m.Rounds {
		if len(rd.Tables) != 2 || len(rd.SitOut) != 1 {
			t.Errorf("round %d: %d tables, sit-outs %v; want 2 tables and one NS pair out", rd.Number, len(rd.Tables), rd.SitOut)
		}
	}

	secPath := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p = s.get(secPath)
	if txt := setupText(p.mustID(t, "half-table")); !strings.Contains(txt, "pair 3 EW is not there") || !strings.Contains(txt, "sit out") {
		t.Errorf("section page: half table %q", txt)
	}
	// EW 3 starts at table 3 and moves up a table a round (from table 3 to
	// table 1): NS 3 sits out round 1, NS 1 round 2, NS 2 round 3.
	for _, li := range p.byClass(p.mustID(t, "sit-outs"), "sits-out") {
		round := setupAttr(li.Parent, "data-round")
		want := map[string]string{"1": "3 NS sits out", "2": "1 NS sits out", "3": "2 NS sits out"}[round]
		if got := setupText(li); got != want {
			t.Errorf("section page, round %s: %q, want %q", round, got, want)
		}
	}
	p = s.post(secPath+"/pairs", url.Values{"pairs_text": {"1 NS: A1 & B1\n2 NS: A2 & B2\n3 NS: A3 & B3\n1 EW: C1 & D1\n2 EW: C2 & D2\n3 EW: Nobody & Here"}})
	p.want(t, "pair 3 EW, the missing one", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "line 6") || !strings.Contains(msg, "missing pair") {
		t.Errorf("pair 3 EW: error %q", msg)
	}
	p = s.post(secPath+"/pairs", url.Values{"pairs_text": {"1 NS: A1 & B1\n2 NS: A2 & B2\n3 NS: A3 & B3\n1 EW: C1 & D1\n2 EW: C2 & D2"}})
	p.want(t, "5 pairs", http.StatusSeeOther)

	// Every table there plays 3NT by N: 8+t tricks at table t, so on
	// every board the higher table's NS scores more.
	var in []tournament.Result
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				in = append(in, tournament.Result{Board: b, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 8 + tb.Table})
			}
		}
	}
	if _, _, err := s.svc.EnterResults(ctx, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	p = s.post(eventPath+"/publish", url.Values{"published": {"true"}})
	p.want(t, "publish", http.StatusSeeOther)
	if msg, _ := url.QueryUnescape(p.Location); !strings.Contains(msg, "Published: 6 of 6 boards finished") {
		t.Errorf("publishing says %q", msg)
	}
	p = s.get(eventPath)
	if txt := setupText(p.mustID(t, "published-state")); !strings.Contains(txt, "6 of 6 boards finished") {
		t.Errorf("event page: %q", txt)
	}
	// 5 pairs entered of the 5 places: the missing pair is no place to fill.
	if txt := setupText(p.mustID(t, "sections")); !strings.Contains(txt, "5 of 5") {
		t.Errorf("event page, sections: %q, want 5 of 5 pairs entered", txt)
	}

	st, err := s.svc.Standings(ctx, tournament.Actor{Role: tournament.RolePublic}, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Each board is played at 2 tables: a top of 2 matchpoints (2 a score
	// beaten), shared between the NS pairs and between the EW pairs. Each
	// NS pair sits out one round and plays 4 boards; NS 3 plays at table 3,
	// against table 2 in round 2 and table 1 in round 3: 4 tops, 8, 100%.
	// 6 boards: 12 each way.
	sum := map[string]float64{}
	for _, r := range st.Pairs {
		sum[r.Direction] += r.Total
		if r.Direction == "NS" && r.Number == "3" && (r.Total != 8 || r.Percentage != 100 || r.Boards != 4) {
			t.Errorf("public standings, NS 3: %v on %d boards, %v%%; want 8 on 4, 100%%", r.Total, r.Boards, r.Percentage)
		}
	}
	if sum["NS"] != 12 || sum["EW"] != 12 || st.Results != len(in) {
		t.Errorf("public standings: NS %v, EW %v from %d results; want 12, 12 from %d", sum["NS"], sum["EW"], st.Results, len(in))
	}
}

// TestSectionPageHowellSitOuts: an odd Howell's sit-out is the movement's:
// the section page lists it round by round, with no half table, and offers
// the sit-out place to a late pair.
func TestSectionPageHowellSitOuts(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Odd Howell", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "O",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 5, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	p := s.get("/director/sections/" + strconv.FormatInt(sec.ID, 10))
	p.want(t, "section page", http.StatusOK)
	if p.byID("half-table") != nil {
		t.Error("an odd Howell is shown a half table")
	}
	// A late pair takes the sit-out place: pair 6 of the 6-pair Howell the
	// 5 pairs play (setup_latepair_test.go tests the form).
	if p.byID("late-pair-form") == nil || p.byID("late-number") == nil {
		t.Error("an odd Howell offers no late pair form naming the pair it would become")
	}
	outs := p.byClass(p.mustID(t, "sit-outs"), "sits-out")
	if len(outs) != len(sec.Movement.Rounds) {
		t.Fatalf("%d rounds list a sit-out, want all %d", len(outs), len(sec.Movement.Rounds))
	}
	for i, li := range outs {
		rd := sec.Movement.Rounds[i]
		if len(rd.SitOut) != 1 {
			t.Fatalf("round %d: the movement has sit-outs %v, want one pair", rd.Number, rd.SitOut)
		}
		if got, want := setupText(li), strconv.Itoa(rd.SitOut[0])+" sits out"; got != want {
			t.Errorf("round %d: %q, want %q", rd.Number, got, want)
		}
	}
}
