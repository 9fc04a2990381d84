package e2e

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// gradedMitchell sets up the 3-table Mitchell worked by hand in
// tournament's TestPairStandingsMitchell (one board a round) with its pairs
// entered through the API, each player with a membership number (NS n:
// n001 and n002; EW n: (n+3)001 and (n+3)002), and returns the section and
// the pairs by "number direction". Its results are entered by enterWorked.
// The event scores Law 12C2's average plus and minus at 60 % and 40 % as
// given (law option average_session off, Law 12C2(a) as printed), the
// figures TestPairStandingsMitchell works by hand and the grading,
// handicap, penalty and correction tests build on; a new event's default
// (the pair's session percentage when better for it) is
// TestAPIAveragePlusSession's.
func gradedMitchell(e *env, name string) (tournament.Section, map[string]api.PairResponse) {
	e.t.Helper()
	b := e.build()
	ev := b.Event(tournament.EventInput{Name: name, Published: true, LawOptions: tournament.LawOptions{"average_session": false}})
	sec := b.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}})
	var in []map[string]any
	for _, dir := range []string{"NS", "EW"} {
		for n := 1; n <= 3; n++ {
			k := n
			if dir == "EW" {
				k += 3
			}
			in = append(in, map[string]any{"number": fmt.Sprint(n), "direction": dir, "players": []map[string]any{
				{"name": fmt.Sprintf("%s %d first", dir, n), "number": fmt.Sprintf("%d001", k)},
				{"name": fmt.Sprintf("%s %d second", dir, n), "number": fmt.Sprintf("%d002", k)}}})
		}
	}
	var pairs []api.PairResponse
	e.want(201, &pairs, "POST", "/v1/sections/"+id(sec.ID)+"/pairs", directorToken, in)
	byName := map[string]api.PairResponse{}
	for _, p := range pairs {
		byName[p.Number+" "+p.Direction] = p
	}
	b.Deal(sec, tournamenttest.OneSuitDeal)
	return b.Round(sec, 1), byName
}

// enterWorked enters the worked Mitchell's results (TestPairStandingsMitchell):
// scratch NS 2 62.50% (7.5), NS 1 61.67% (7.4), NS 3 29.17% (3.5); EW 3
// 79.17% (9.5), EW 1 45.83% (5.5), EW 2 21.67% (2.6).
func enterWorked(e *env, sec tournament.Section) {
	e.t.Helper()
	l := func(round, table, board int, contract, declarer string, tricks int) tournament.Result {
		return tournamenttest.Line(sec, round, table, board, contract, declarer, tricks)
	}
	art := l(3, 1, 3, "", "", 0)
	art.Status, art.Contract, art.NSPercent, art.EWPercent = tournament.StatusArtificial, "", 60, 40
	e.build().Enter(tournament.Director, sec,
		l(1, 1, 1, "4S", "N", 10), l(2, 3, 1, "4S", "N", 10), l(3, 2, 1, "4S", "N", 9),
		l(1, 2, 2, "3NT", "S", 9), l(2, 1, 2, "3NT", "S", 8), l(3, 3, 2, "2S", "E", 8),
		l(1, 3, 3, "1NT", "W", 7), l(2, 2, 3, "PASS", "", 0), art)
}

// placesOf lists each standing as "number direction: place [stratum:place …]
// net/scratch", in the order given.
func placesOf(st api.StandingsResponse) []string {
	var out []string
	for _, p := range st.Pairs {
		s := p.Number + " " + p.Direction + ": " + p.Place
		if p.Stratum != "" {
			s += " " + p.Stratum + " ["
			for i, sp := range p.Strata {
				if i > 0 {
					s += " "
				}
				s += sp.Stratum + ":" + sp.Place
			}
			s += "]"
		}
		if p.Net != nil {
			s += fmt.Sprintf(" net %.2f scratch %s", *p.Net, p.Scratch)
		}
		out = append(out, s)
	}
	return out
}

// TestAPIStratified: a stratified pairs event end to end. The strata A
// (the whole field), B (under 750 masterpoints), C (under 300); the pairs
// graded from a table of player numbers by their higher-ranked player (the
// ACBL clubs' rule, tournament/grading.go):
//
//	NS 1: 600 and 100 → B     NS 2: 2000 and 50 → A     NS 3: 200 and 250 → C
//	EW 1: 4001 not in the table → not graded (ranked in A only)
//	EW 2: 700 and 10 → B      EW 3: 0 and 299 → C
//
// Places (the scratch totals of enterWorked, NS and EW apart): NS 2, 1, 3
// are 1st, 2nd, 3rd in A; in B (NS 1 and 3) NS 1 1st, NS 3 2nd; in C NS 3
// 1st. EW 3, 1, 2 are 1st, 2nd, 3rd in A; in B (EW 3 and 2) EW 3 1st,
// EW 2 2nd; in C EW 3 1st.
func TestAPIStratified(t *testing.T) {
	e := newEnv(t)
	sec, pairs := gradedMitchell(e, "Stratified pairs")
	sid := id(sec.ID)

	// A stratum before the section has strata; strata out of order.
	e.wantError(422, "stratum", "PATCH", "/v1/pairs/"+id(pairs["1 NS"].ID), directorToken, `{"stratum": "B"}`)
	e.wantError(422, "grading.strata[2].below", "PUT", "/v1/sections/"+sid+"/grading", directorToken,
		`{"strata": [{"name": "A"}, {"name": "B", "below": 300}, {"name": "C", "below": 750}], "handicap": ""}`)

	var got api.SectionResponse
	e.want(200, &got, "PUT", "/v1/sections/"+sid+"/grading", directorToken,
		`{"strata": [{"name": "A"}, {"name": "B", "below": 750}, {"name": "C", "below": 300}], "handicap": ""}`)
	if want := []api.StratumDTO{{Name: "A"}, {Name: "B", Below: 750}, {Name: "C", Below: 300}}; !reflect.DeepEqual(got.Grading.Strata, want) {
		t.Fatalf("grading %+v, want %+v", got.Grading.Strata, want)
	}

	// A table with a line missing its masterpoints is refused whole.
	e.wantError(422, "players[1].masterpoints", "POST", "/v1/sections/"+sid+"/grading/players", directorToken,
		`{"players": [{"number": "1001", "masterpoints": 600}, {"number": "1002"}]}`)
	var graded api.GradedResponse
	e.want(200, &graded, "POST", "/v1/sections/"+sid+"/grading/players", directorToken, `{"players": [
		{"number": "1001", "masterpoints": 600}, {"number": "1002", "masterpoints": 100},
		{"number": "2001", "masterpoints": 2000}, {"number": "2002", "masterpoints": 50},
		{"number": "3001", "masterpoints": 200}, {"number": "3002", "masterpoints": 250},
		{"number": "4002", "masterpoints": 20},
		{"number": "5001", "masterpoints": 700}, {"number": "5002", "masterpoints": 10},
		{"number": "6001", "masterpoints": 0}, {"number": "6002", "masterpoints": 299}]}`)
	strata := map[string]string{}
	for _, p := range graded.Pairs {
		strata[p.Number+" "+p.Direction] = p.Stratum
	}
	if want := map[string]string{"1 NS": "B", "2 NS": "A", "3 NS": "C", "2 EW": "B", "3 EW": "C"}; !reflect.DeepEqual(strata, want) {
		t.Errorf("graded %v, want %v", strata, want)
	}
	if len(graded.Ungraded) != 1 || !strings.Contains(graded.Ungraded[0], "pair 1 EW: player 4001") {
		t.Errorf("ungraded %q, want pair 1 EW for player 4001", graded.Ungraded)
	}

	// A stratum the section does not define, by hand: refused naming it.
	er := e.wantError(422, "stratum", "PATCH", "/v1/pairs/"+id(pairs["1 EW"].ID), directorToken, `{"stratum": "D"}`)
	if !reflect.DeepEqual(er.Allowed, []string{"A", "B", "C"}) {
		t.Errorf("allowed %v, want A, B, C", er.Allowed)
	}
	// Strata that drop one a pair is in: refused, nothing changed.
	e.wantError(409, "grading.strata", "PUT", "/v1/sections/"+sid+"/grading", directorToken, `{"strata": [{"name": "A"}, {"name": "B", "below": 750}], "handicap": ""}`)

	enterWorked(e, sec)
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	want := []string{
		"2 NS: 1 A [A:1]", "1 NS: 2 B [A:2 B:1]", "3 NS: 3 C [A:3 B:2 C:1]",
		"3 EW: 1 C [A:1 B:1 C:1]", "1 EW: 2 A [A:2]", "2 EW: 3 B [A:3 B:2]",
	}
	if got := placesOf(st); !reflect.DeepEqual(got, want) {
		t.Errorf("standings\n got %q\nwant %q", got, want)
	}
	if st.Grading == nil || len(st.Grading.Strata) != 3 {
		t.Errorf("standings' grading %+v, want the three strata", st.Grading)
	}
}

// TestAPIHandicap: a handicap event end to end, handicaps in percent added
// to the worked Mitchell's percentages before ranking (the EBU's scheme,
// tournament/grading.go). The handicaps, from a table of player numbers
// (a pair's the average of its players'):
//
//	NS 1: +2 and +4 → +3       61.67 + 3 = 64.67
//	NS 2: −2 and −2 → −2       62.50 − 2 = 60.50
//	NS 3: +6 and +4 → +5       29.17 + 5 = 34.17
//	EW 1: 0 and 0 → 0          45.83
//	EW 2: by hand, +25         21.67 + 25 = 46.67
//	EW 3: −6 and −6 → −6       79.17 − 6 = 73.17
//
// NS: 1 (64.67) 1st, 2 (60.50) 2nd, 3 3rd — scratch 2, 1, 3. EW: 3
// (73.17) 1st, 2 (46.67) 2nd, 1 (45.83) 3rd — scratch 1, 3, 2.
func TestAPIHandicap(t *testing.T) {
	e := newEnv(t)
	sec, pairs := gradedMitchell(e, "Handicap pairs")
	sid := id(sec.ID)

	// A handicap before the section takes handicaps; a bad option.
	e.wantError(422, "handicap", "PATCH", "/v1/pairs/"+id(pairs["2 EW"].ID), directorToken, `{"handicap": 5}`)
	e.wantError(422, "grading.handicap", "PUT", "/v1/sections/"+sid+"/grading", directorToken, `{"strata": [], "handicap": "percentage"}`)
	e.want(200, nil, "PUT", "/v1/sections/"+sid+"/grading", directorToken, `{"strata": [], "handicap": "percent"}`)

	// Out of bounds, by hand and in the table: refused naming the field.
	e.wantError(422, "handicap", "PATCH", "/v1/pairs/"+id(pairs["2 EW"].ID), directorToken, `{"handicap": 25.5}`)
	e.wantError(422, "players[0].handicap", "POST", "/v1/sections/"+sid+"/grading/players", directorToken, `{"players": [{"number": "1001", "handicap": -30}]}`)

	var graded api.GradedResponse
	e.want(200, &graded, "POST", "/v1/sections/"+sid+"/grading/players", directorToken, `{"players": [
		{"number": "1001", "handicap": 2}, {"number": "1002", "handicap": 4},
		{"number": "2001", "handicap": -2}, {"number": "2002", "handicap": -2},
		{"number": "3001", "handicap": 6}, {"number": "3002", "handicap": 4},
		{"number": "4001", "handicap": 0}, {"number": "4002", "handicap": 0},
		{"number": "6001", "handicap": -6}, {"number": "6002", "handicap": -6}]}`)
	if len(graded.Pairs) != 5 || len(graded.Ungraded) != 1 {
		t.Errorf("graded %d pairs, ungraded %q; want 5 and pair 2 EW", len(graded.Pairs), graded.Ungraded)
	}
	var p api.PairResponse
	e.want(200, &p, "PATCH", "/v1/pairs/"+id(pairs["2 EW"].ID), directorToken, `{"handicap": 25}`)
	if p.Handicap != 25 {
		t.Errorf("pair 2 EW's handicap %v, want 25", p.Handicap)
	}

	enterWorked(e, sec)
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	want := []string{
		"1 NS: 1 net 64.67 scratch 2", "2 NS: 2 net 60.50 scratch 1", "3 NS: 3 net 34.17 scratch 3",
		"3 EW: 1 net 73.17 scratch 1", "2 EW: 2 net 46.67 scratch 3", "1 EW: 3 net 45.83 scratch 2",
	}
	if got := placesOf(st); !reflect.DeepEqual(got, want) {
		t.Errorf("standings\n got %q\nwant %q", got, want)
	}
	// The scratch percentage stays what the boards gave.
	if st.Pairs[0].Percentage != 61.67 || *st.Pairs[0].Handicap != 3 {
		t.Errorf("NS 1: %.2f%% handicap %v, want 61.67 and 3", st.Pairs[0].Percentage, *st.Pairs[0].Handicap)
	}

	// The event's overall ranking (one section, one session: its two
	// directions apart) is graded by the same step: the same net places.
	var o api.OverallResponse
	e.want(200, &o, "GET", "/v1/events/"+id(sec.EventID)+"/standings", directorToken, nil)
	var got []string
	for _, en := range o.Entries {
		s := en.Sessions[0]
		got = append(got, fmt.Sprintf("%s %s: %s net %.2f scratch %s", s.Number, s.Direction, en.Place, *en.Net, en.Scratch))
	}
	if !reflect.DeepEqual(got, want) || o.Grading == nil || o.Grading.Handicap != "percent" {
		t.Errorf("overall standings\n got %q\nwant %q (grading %+v)", got, want, o.Grading)
	}
	oc := e.want(200, nil, "GET", "/v1/events/"+id(sec.EventID)+"/overall.csv", directorToken, nil)
	if lines := strings.Split(string(oc.Body), "\n"); !strings.HasSuffix(lines[0], ",handicap,net,scratch_place") || !strings.HasSuffix(lines[1], ",3.00,64.67,2") {
		t.Errorf("overall.csv of a handicap event:\n%s", oc.Body)
	}
}

// TestAPIGradedExports: the files of a section both stratified and
// handicapped (gradeBoth, the figures worked in browser_grading_test.go):
// the standings CSV and the workbook carry the stratum, the places by
// stratum, the handicap, the net result and the scratch place; the PBN
// TotalScoreTable the same in columns of its own; USEBIO its scratch
// places, and a comment naming the files that carry the rest.
//
//	NS 1: B, "A 1, B 1", +3, 64.67, scratch 2   NS 2: A, "A 2", −2, 60.50, scratch 1
//	EW 2: B, "A 2, B 2", +25, 46.67, scratch 3  EW 1: A, "A 3", 0, 45.83, scratch 2
func TestAPIGradedExports(t *testing.T) {
	e := newEnv(t)
	sec, _ := gradedMitchell(e, "Graded exports")
	gradeBoth(e, sec)
	enterWorked(e, sec)
	base := "/v1/events/" + id(sec.EventID)

	r := e.do("GET", base+"/standings.csv", directorToken, nil)
	if r.Status != 200 {
		t.Fatalf("standings.csv: %d %s", r.Status, r.Body)
	}
	csv := string(r.Body)
	for _, want := range []string{
		"section,direction,place,number,name,players,membership_numbers,score,percentage,boards,stratum,strata_places,handicap,net,scratch_place\n",
		"A,NS,1,1,,NS 1 first & NS 1 second,1001 & 1002,7.40,61.67,3,B,\"A 1, B 1\",3.00,64.67,2\n",
		"A,NS,2,2,,NS 2 first & NS 2 second,2001 & 2002,7.50,62.50,3,A,A 2,-2.00,60.50,1\n",
		"A,EW,2,2,,EW 2 first & EW 2 second,5001 & 5002,2.60,21.67,3,B,\"A 2, B 2\",25.00,46.67,3\n",
		"A,EW,3,1,,EW 1 first & EW 1 second,4001 & 4002,5.50,45.83,3,A,A 3,0.00,45.83,2\n",
	} {
		if !strings.Contains(csv, want) {
			t.Errorf("standings.csv lacks %q:\n%s", want, csv)
		}
	}

	r = e.do("GET", base+"/report.xlsx", directorToken, nil)
	if r.Status != 200 {
		t.Fatalf("report.xlsx: %d", r.Status)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Standings")
	if err != nil {
		t.Fatal(err)
	}
	if h := strings.Join(rows[0], "|"); !strings.HasSuffix(h, "|Stratum|Places by stratum|Handicap|Net|Scratch place") {
		t.Errorf("the workbook's header %q", h)
	}
	var ns1 []string
	for _, row := range rows {
		if len(row) > 2 && row[1] == "1" && row[2] == "NS" {
			ns1 = row
		}
	}
	if got := strings.Join(ns1[len(ns1)-5:], "|"); got != "B|A 1, B 1|3.00|64.67|2" {
		t.Errorf("the workbook's NS 1 ends %q, want B|A 1, B 1|3.00|64.67|2 (row %q)", got, ns1)
	}

	r = e.do("GET", base+"/results.pbn", directorToken, nil)
	if r.Status != 200 {
		t.Fatalf("results.pbn: %d %s", r.Status, r.Body)
	}
	pbn := string(r.Body)
	for _, want := range []string{`;Stratum\4L;StrataPlaces\20L;Handicap\6R;Net\7R;RankScratch\2R"]`, `"B" "A 1, B 1" 3.00 64.67 2`, `"A" "A 3" 0.00 45.83 2`} {
		if !strings.Contains(pbn, want) {
			t.Errorf("results.pbn lacks %q", want)
		}
	}

	r = e.do("GET", base+"/usebio.xml", directorToken, nil)
	if r.Status != 200 {
		t.Fatalf("usebio.xml: %d %s", r.Status, r.Body)
	}
	x := string(r.Body)
	if !strings.Contains(x, "<!-- traveler: this section is graded; USEBIO 1.2 as traveler writes it has no element for its strata (A, B, C)") || !strings.Contains(x, "standings.csv") {
		t.Errorf("usebio.xml does not say what it leaves out:\n%s", x[:min(len(x), 1500)])
	}
	// NS 1 is 1st by net but 2nd scratch: USEBIO has the scratch place.
	ns1x := x[strings.Index(x, "<PAIR_NUMBER>1NS</PAIR_NUMBER>\n      <DIRECTION>NS</DIRECTION>"):]
	if p := ns1x[strings.Index(ns1x, "<PLACE>"):][:len("<PLACE>2</PLACE>")]; p != "<PLACE>2</PLACE>" {
		t.Errorf("USEBIO's NS 1: %s, want the scratch place 2", p)
	}
}

// TestAPIGradedTeams: a teams section takes strata and a handicap in
// points (VPs); a team's stratum the section does not define and a
// handicap past 100 are refused naming the field; a handicap in percent is
// refused at IMP_TEAMS (no percentage to add it to). Before any match, every
// team has 0 VPs: team 3's +5 gives it 5 net and 1st place, the others
// share 2nd (scratch: all 1st); team 3 in B is 1st of B, team 2 (B) 2nd.
func TestAPIGradedTeams(t *testing.T) {
	e := newEnv(t)
	b := e.build()
	ev := b.Event(tournament.EventInput{Name: "Graded teams", Scoring: string(tournament.MethodIMPTeams)})
	sec := b.Teams(ev.ID, 4, 2)
	sid := id(sec.ID)
	e.wantError(422, "grading.handicap", "PUT", "/v1/sections/"+sid+"/grading", directorToken, `{"strata": [], "handicap": "percent"}`)
	e.want(200, nil, "PUT", "/v1/sections/"+sid+"/grading", directorToken, `{"strata": [{"name": "A"}, {"name": "B", "below": 500}], "handicap": "points"}`)
	var teams []api.TeamResponse
	e.want(200, &teams, "GET", "/v1/sections/"+sid+"/teams", directorToken, nil)
	e.wantError(422, "stratum", "PATCH", "/v1/teams/"+id(teams[1].ID), directorToken, `{"stratum": "C"}`)
	e.wantError(422, "handicap", "PATCH", "/v1/teams/"+id(teams[2].ID), directorToken, `{"handicap": 150}`)
	e.want(200, nil, "PATCH", "/v1/teams/"+id(teams[1].ID), directorToken, `{"stratum": "B"}`)
	var got api.TeamResponse
	e.want(200, &got, "PATCH", "/v1/teams/"+id(teams[2].ID), directorToken, `{"stratum": "B", "handicap": 5}`)
	if got.Stratum != "B" || got.Handicap != 5 {
		t.Errorf("team 3: %+v, want stratum B, handicap 5", got)
	}
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	want := []string{"3 : 1 B [A:1 B:1] net 5.00 scratch 1", "1 : 2 A [A:2] net 0.00 scratch 1", "2 : 2 B [A:2 B:2] net 0.00 scratch 1", "4 : 2 A [A:2] net 0.00 scratch 1"}
	if got := placesOf(st); !reflect.DeepEqual(got, want) {
		t.Errorf("standings\n got %q\nwant %q", got, want)
	}
}
