package e2e

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// playKO plays segment seg of a knockout section through the Service
// (round seg made current first): every board 1♠ by North making 7 in
// both rooms but board k of the segment in swings, played as given
// ([open contract, tricks, closed contract, tricks]).
func playKO(b *tournamenttest.Builder, sec tournament.Section, seg int, swings map[int][4]any) {
	b.T.Helper()
	sec = b.Round(sec, seg)
	rd, _ := sec.Movement.Round(seg)
	for i, bd := range rd.Tables[0].Boards {
		sw, ok := swings[i+1]
		if !ok {
			sw = [4]any{"1S", 7, "1S", 7}
		}
		b.Play(sec, seg, 1, bd, sw[0].(string), "N", sw[1].(int))
		b.Play(sec, seg, 2, bd, sw[2].(string), "N", sw[3].(int))
	}
}

// TestAPIKnockout plays the 64-board match of the tournament package's
// TestKnockout64Boards (four segments of 16, team 2 carrying 7.5 IMPs in)
// and reads it through GET /v1/sections/{id}/knockout, as the director
// while it is played and as the public once published: segment IMPs 6–10,
// 16–0, 0–25, 16–0; running 6–17.5, 22–17.5, 22–42.5, 38–42.5 (IMPs by
// Law 78B: 250 → 6, 450 → 10, 1430 → 16, 2130 → 19; the arithmetic is in
// that test's comment); team 2 wins. Refused: a tie rule that is none, a
// carry-over in a teams round robin, a board not in the segment, a
// play-off of a match that is won. Then a tied 4-board match gets its
// 2-board play-off through POST …/knockout/playoff.
func TestAPIKnockout(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "KO", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	secs := "/v1/events/" + id(ev.ID) + "/sections"
	er := e.wantError(422, "movement.tie_rule", "POST", secs, directorToken,
		`{"name": "K", "movement": {"kind": "knockout", "rounds": 4, "boards_per_round": 16, "tie_rule": "coin"}}`)
	if !strings.Contains(er.Error, `"coin": not a tie rule`) {
		t.Errorf("tie rule: %+v", er)
	}
	e.wantError(422, "movement.carry_imps", "POST", secs, directorToken,
		`{"name": "K", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2, "carry_imps": 3}}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", secs, directorToken,
		`{"name": "K", "movement": {"kind": "knockout", "rounds": 4, "boards_per_round": 16, "carry_team": 2, "carry_imps": 7.5}}`)
	if sec.Movement.CarryTeam != 2 || sec.Movement.CarryIMPs != 7.5 || sec.Generated.Boards != 64 || len(sec.Generated.Rounds) != 4 {
		t.Fatalf("knockout section: %+v", sec)
	}
	s := "/v1/sections/" + id(sec.ID)
	b := e.build()
	domain, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Rosters(domain)
	b.Deal(domain, tournamenttest.OneSuitDeal)

	var km api.KnockoutResponse
	e.want(200, &km, "GET", s+"/knockout", directorToken, nil)
	if len(km.Segments) != 4 || km.Teams[1].Carry != 7.5 || km.Teams[1].Total != 7.5 || km.Complete || km.Winner != 0 || km.TieRule != "playoff" {
		t.Fatalf("before play: %+v", km)
	}
	segs := []map[int][4]any{
		{1: {"4S", 10, "3S", 10}, 2: {"3S", 10, "4S", 10}},
		{1: {"7S", 13, "1S", 7}},
		{1: {"3S", 10, "4S", 10}, 2: {"1S", 7, "7S", 13}},
		{1: {"4S", 10, "3S", 10}, 2: {"4S", 10, "3S", 10}},
	}
	for i, sw := range segs {
		playKO(b, domain, i+1, sw)
	}
	e.want(200, &km, "GET", s+"/knockout", directorToken, nil)
	var got []string
	for _, sg := range km.Segments {
		got = append(got, fmt.Sprint(sg.Segment, ":", sg.Boards[0], "-", sg.Boards[len(sg.Boards)-1], " ", sg.Scored, " ", sg.IMPs, " ", sg.Running))
	}
	want := "1:1-16 16 [6 10] [6 17.5]; 2:17-32 16 [16 0] [22 17.5]; 3:33-48 16 [0 25] [22 42.5]; 4:49-64 16 [16 0] [38 42.5]"
	if strings.Join(got, "; ") != want {
		t.Errorf("segments:\n%s\nwant\n%s", strings.Join(got, "; "), want)
	}
	if km.Teams[0].Total != 38 || km.Teams[1].Total != 42.5 || !km.Complete || km.Winner != 2 || km.Decided != "imps" || km.Teams[1].Name != "Team 2" {
		t.Errorf("result: %+v", km)
	}
	// Not published: the public may not read it; published: it reads the same.
	e.want(401, nil, "GET", s+"/knockout", "", nil)
	e.want(200, nil, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"published": true}`)
	var pub api.KnockoutResponse
	e.want(200, &pub, "GET", s+"/knockout", "", nil)
	if fmt.Sprint(pub) != fmt.Sprint(km) {
		t.Errorf("public: %+v\nwant %+v", pub, km)
	}
	// The standings answer ranks the match by its IMPs with the carry-over.
	var st map[string]any
	e.want(200, &st, "GET", s+"/standings", "", nil)
	var rows []string
	for _, p := range st["pairs"].([]any) {
		pm := p.(map[string]any)
		rows = append(rows, fmt.Sprint(pm["number"], " ", pm["total"], " ", pm["imps"], " ", pm["place"]))
	}
	if strings.Join(rows, "; ") != "2 42.5 -3 1; 1 38 3 2" {
		t.Errorf("standings: %v, want 2 42.5 -3 1; 1 38 3 2", rows)
	}
	// The public page heads those figures as IMPs, not VPs.
	page := e.Do("GET", "/sections/"+id(sec.ID)+"/standings", "", nil)
	html := string(page.Body)
	if page.Status != 200 || !strings.Contains(html, "Knockout match") || !strings.Contains(html, ">IMPs with carry-over<") || strings.Contains(html, ">VPs<") ||
		!strings.Contains(html, "IMPs over the match, the carry-over included") || strings.Contains(html, "victory points") {
		t.Errorf("public standings page %d: want a knockout match headed IMPs with carry-over and scored as one, no VPs:\n%s", page.Status, html)
	}
	// The event's files are made with the knockout in them; USEBIO, which
	// has no element for a carry-over, refuses this match (team 2 brings
	// 7.5 IMPs in), naming the files that carry it.
	for _, f := range []string{"report.xlsx", "standings.csv", "results.pbn"} {
		e.want(200, nil, "GET", "/v1/events/"+id(ev.ID)+"/"+f, directorToken, nil)
	}
	er = e.wantError(422, "event", "GET", "/v1/events/"+id(ev.ID)+"/usebio.xml?section="+id(sec.ID), directorToken, nil)
	if !strings.Contains(er.Error, "no element for a knockout's carry-over") || !strings.Contains(er.Error, "team 2 7.5 IMPs") || !strings.Contains(er.Error, "standings.csv") {
		t.Errorf("usebio.xml of a knockout with a carry-over: %+v", er)
	}
	// A board not in the segment is refused, naming it and the segment's boards.
	tok := b.Tokens(domain, 1)
	l := tournamenttest.Line(domain, 4, 1, 5, "1S", "N", 7)
	er = e.wantError(422, "board", "POST", s+"/results", tok[1],
		map[string]any{"board": 5, "round": 4, "table": 1, "ns": l.NS, "ew": l.EW, "contract": "1S", "declarer": "N", "tricks": 7})
	if !strings.Contains(er.Error, "board 5 is not played at table 1 in round 4 (allowed: 49, 50") {
		t.Errorf("board 5 in segment 4: %+v", er)
	}
	er = e.wantError(409, "section", "POST", s+"/knockout/playoff", directorToken, nil)
	if !strings.Contains(er.Error, "won by team 2 (38–42.5)") {
		t.Errorf("play-off of a won match: %+v", er)
	}

	// A tie: 1 segment of 4 boards, team 1 +6 on board 1 (none vul), team
	// 2 +6 on board 3 (EW vul; 420 v 170 either way): 6–6, a play-off of
	// max(2, ⌈4/8⌉) = 2 boards, 5 and 6; team 1 wins it by 2130 = 19 on
	// board 5 (NS vul, 7♠ v 1♠).
	var tie api.SectionResponse
	e.want(201, &tie, "POST", secs, directorToken, `{"name": "T", "movement": {"kind": "knockout", "rounds": 1, "boards_per_round": 4}}`)
	td, err := e.svc.Section(b.Ctx, tournament.Director, tie.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Rosters(td)
	b.Deal(td, tournamenttest.OneSuitDeal)
	playKO(b, td, 1, map[int][4]any{1: {"4S", 10, "3S", 10}, 3: {"3S", 10, "4S", 10}})
	ts := "/v1/sections/" + id(tie.ID)
	e.want(200, &km, "GET", ts+"/knockout", directorToken, nil)
	if !km.Tied || km.Playoff != 2 || km.Winner != 0 {
		t.Fatalf("tie: %+v", km)
	}
	e.want(401, nil, "POST", ts+"/knockout/playoff", "", nil)
	e.want(201, &km, "POST", ts+"/knockout/playoff", directorToken, nil)
	if len(km.Segments) != 2 || fmt.Sprint(km.Segments[1].Boards) != "[5 6]" || !km.Segments[1].Playoff || km.Tied {
		t.Fatalf("play-off added: %+v", km)
	}
	td, err = e.svc.Section(b.Ctx, tournament.Director, tie.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Deal(td, tournamenttest.OneSuitDeal)
	playKO(b, td, 2, map[int][4]any{1: {"7S", 13, "1S", 7}})
	e.want(200, &km, "GET", ts+"/knockout", directorToken, nil)
	if km.Winner != 1 || km.Teams[0].Total != 25 || km.Teams[1].Total != 6 {
		t.Errorf("after the play-off: %+v", km)
	}
}

// TestAPIKnockoutBracket: semi-finals A and B (1 segment of 2 boards; in A
// team 1 wins board 1 by 250 = 6 IMPs, in B team 2 does), the final made
// through POST /v1/events/{id}/knockout/advance — refused while B is
// unfinished (409 naming it), from a section that is not a knockout (422),
// with "from" in a plain section request (422) — then between A's team 1
// and B's team 2; GET /v1/events/{id}/bracket shows round 1 A and B going
// on to the final, round 2 the final, to the public once published.
func TestAPIKnockoutBracket(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Cup", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	secs := "/v1/events/" + id(ev.ID) + "/sections"
	b := e.build()
	made := map[string]tournament.Section{}
	for _, n := range []string{"A", "B", "RR"} {
		var sec api.SectionResponse
		mv := `{"kind": "knockout", "rounds": 1, "boards_per_round": 2}`
		if n == "RR" {
			mv = `{"kind": "teams", "teams": 4, "boards_per_round": 2}`
		}
		e.want(201, &sec, "POST", secs, directorToken, `{"name": "`+n+`", "movement": `+mv+`}`)
		d, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		b.Rosters(d)
		b.Deal(d, tournamenttest.OneSuitDeal)
		made[n] = d
	}
	e.wantError(422, "movement.from", "POST", secs, directorToken,
		`{"name": "F", "movement": {"kind": "knockout", "rounds": 1, "boards_per_round": 2, "from": [1, 2]}}`)
	playKO(b, made["A"], 1, map[int][4]any{1: {"4S", 10, "3S", 10}})
	adv := "/v1/events/" + id(ev.ID) + "/knockout/advance"
	body := func(a, c int64) string {
		return `{"from": [` + id(a) + `, ` + id(c) + `], "name": "Final", "movement": {"kind": "knockout", "rounds": 2, "boards_per_round": 2}}`
	}
	er := e.wantError(409, "from[1]", "POST", adv, directorToken, body(made["A"].ID, made["B"].ID))
	if !strings.Contains(er.Error, "match B (section "+id(made["B"].ID)+"): not finished, 0 of 2 boards") {
		t.Errorf("B unfinished: %+v", er)
	}
	e.wantError(422, "from[1]", "POST", adv, directorToken, body(made["A"].ID, made["RR"].ID))
	e.wantError(422, "from", "POST", adv, directorToken, `{"from": [1], "name": "F", "movement": {"kind": "knockout", "rounds": 1, "boards_per_round": 2}}`)
	playKO(b, made["B"], 1, map[int][4]any{1: {"3S", 10, "4S", 10}})
	var fin api.SectionResponse
	e.want(201, &fin, "POST", adv, directorToken, body(made["A"].ID, made["B"].ID))
	if fmt.Sprint(fin.Movement.From) != fmt.Sprint([]int64{made["A"].ID, made["B"].ID}) || fin.Name != "Final" {
		t.Errorf("final: %+v", fin)
	}
	var teams []map[string]any
	e.want(200, &teams, "GET", "/v1/sections/"+id(fin.ID)+"/teams", directorToken, nil)
	if len(teams) != 2 || teams[0]["name"] != "Team 1" || teams[1]["name"] != "Team 2" {
		t.Errorf("final's teams: %v, want A's Team 1 v B's Team 2", teams)
	}

	e.want(200, nil, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"published": true}`)
	var br api.BracketResponse
	e.want(200, &br, "GET", "/v1/events/"+id(ev.ID)+"/bracket", "", nil)
	var got []string
	for _, r := range br.Rounds {
		for _, m := range r {
			got = append(got, fmt.Sprint(m.Round, " ", m.Name, " ", m.Match.Winner, " ", m.Next == fin.ID, " ", len(m.From)))
		}
	}
	if want := "1 A 1 true 0; 1 B 2 true 0; 2 Final 0 false 2"; strings.Join(got, "; ") != want {
		t.Errorf("bracket: %s, want %s", strings.Join(got, "; "), want)
	}

	// The event's overall ranking is its round robin's four teams: the
	// three knockout matches are left out and counted.
	var o api.OverallResponse
	e.want(200, &o, "GET", "/v1/events/"+id(ev.ID)+"/standings", "", nil)
	if len(o.Entries) != 4 || o.Knockouts != 3 {
		t.Errorf("overall of a round robin and three knockout matches: %d entries, %d knockouts; want 4 and 3", len(o.Entries), o.Knockouts)
	}
}

// TestAPIKnockoutNoOverall: an event that is only a knockout match has no
// overall ranking (a knockout is won match by match; its result is the
// bracket). What a director expects: the overall standings, overall.csv
// and a carry-over between sessions are refused naming the field and
// where the result is; the workbook is written without an Overall sheet;
// nothing stored changes.
func TestAPIKnockoutNoOverall(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "KO", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	evPath := "/v1/events/" + id(ev.ID)
	for _, n := range []string{"A", "B"} {
		e.want(201, nil, "POST", evPath+"/sections", directorToken, `{"name": "`+n+`", "movement": {"kind": "knockout", "rounds": 2, "boards_per_round": 2}}`)
	}
	for _, path := range []string{"/standings", "/overall.csv"} {
		er := e.wantError(422, "event", "GET", evPath+path, directorToken, nil)
		if !strings.Contains(er.Error, "a knockout has no overall ranking") || !strings.Contains(er.Error, "/bracket") {
			t.Errorf("%s of a knockout: %+v", path, er)
		}
	}
	er := e.wantError(422, "overall.method", "PATCH", evPath, directorToken, `{"overall": {"method": "carryover", "carry_over": 50}}`)
	if !strings.Contains(er.Error, "is a knockout") || !strings.Contains(er.Error, "carry_imps") {
		t.Errorf("a carry-over in a knockout: %+v", er)
	}
	var got api.EventResponse
	e.want(200, &got, "GET", evPath, directorToken, nil)
	if got.Overall.Method != "sum" {
		t.Errorf("a refused carry-over changed the event: %+v", got.Overall)
	}
	wb := e.want(200, nil, "GET", evPath+"/report.xlsx", directorToken, nil)
	f, err := excelize.OpenReader(bytes.NewReader(wb.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if slices.Contains(f.GetSheetList(), "Overall") {
		t.Errorf("the workbook of a knockout has an Overall sheet: %q", f.GetSheetList())
	}
}
