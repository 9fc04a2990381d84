package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// reportJSON is v as JSON, as the API and `traveler report --format json`
// write it.
func reportJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestNewRoyaltonResponseRoyalNullo: "royal" and "nullo" are objects when
// the event's law code has royal bids or nullos (scoring.Law.HasRoyalBids,
// scoring.Rules.HasNullo), else null — never left out, never zeros that
// would read as "none bid". royal-auction-1913 with its option nullo off
// has royal spades but no nullos.
func TestNewRoyaltonResponseRoyalNullo(t *testing.T) {
	r := reports.RoyaltonReport{Royal: reports.Outcome{Bid: 2, Made: 1, Defeated: 1}, Nullo: reports.Outcome{Bid: 1, Made: 1}}
	for _, tc := range []struct {
		law          scoring.Law
		options      tournament.LawOptions
		royal, nullo string
	}{
		{scoring.Contract2017, nil, `"royal":null`, `"nullo":null`},
		{scoring.Auction1915, nil, `"royal":null`, `"nullo":null`},
		{scoring.Royalton1915, nil, `"royal":{"bid":2,"made":1,"defeated":1}`, `"nullo":{"bid":1,"made":1,"defeated":0}`},
		{scoring.RoyalAuction1913, nil, `"royal":{"bid":2,"made":1,"defeated":1}`, `"nullo":{"bid":1,"made":1,"defeated":0}`},
		{scoring.RoyalAuction1913, tournament.LawOptions{"nullo": false}, `"royal":{"bid":2,"made":1,"defeated":1}`, `"nullo":null`},
	} {
		d := tournament.EventData{Event: tournament.Event{ID: 7, Name: "Club night", Date: "2026-11-24", Law: tc.law, LawOptions: tc.options, Scoring: tournament.MethodMP}}
		r.Law = tc.law.String()
		got := reportJSON(t, NewRoyaltonResponse(d, r))
		for _, want := range []string{tc.royal, tc.nullo, `"event_id":7,"event_name":"Club night","event_date":"2026-11-24","scoring":"MP","sections":[],"law":"` + tc.law.String() + `"`,
			`"unreadable":[]`, `"strains":[]`, `"boards":[]`} {
			if !strings.Contains(got, want) {
				t.Errorf("%s %v: no %s in %s", tc.law, tc.options, want, got)
			}
		}
		if strings.Contains(got, `"from"`) {
			t.Errorf("%s: from is given for the database: %s", tc.law, got)
		}
	}
}

// TestNewLawsResponse: percentages only for a matchpoint method
// (tournament.Method.HasPercentage), null otherwise; tricks null for a line
// not played but 0 for a played line that took none; changed_lines counts
// the lines whose NS score differs.
func TestNewLawsResponse(t *testing.T) {
	c := reports.LawComparison{From: "contract-2017", To: "auction-1915",
		Boards: []reports.BoardComparison{{Section: "A", Board: 1, Lines: []reports.LineComparison{
			{Round: 1, Table: 1, NS: "1", EW: "2", Status: "played", Contract: "7NT", Declarer: "N", Tricks: 0, FromScore: -1300, ToScore: -650, Changed: true},
			{Round: 1, Table: 2, NS: "3", EW: "4", Status: "not_played", Tricks: 0},
			{Round: 2, Table: 1, NS: "1", EW: "4", Status: "played", Contract: "1C", Declarer: "S", Tricks: 7, FromScore: 70, ToScore: 6, Changed: true},
		}}},
		Fields: []reports.FieldComparison{{Section: "A", Pairs: []reports.PairMove{
			{Number: "1", FromPlace: 2, ToPlace: 1, FromTotal: 10, ToTotal: 12, FromPct: 41.67, ToPct: 50, Move: 1},
		}}},
	}
	for _, tc := range []struct {
		method tournament.Method
		pct    string
	}{
		{tournament.MethodMP, `"from_percentage":41.67,"to_percentage":50`},
		{tournament.MethodMPACBL, `"from_percentage":41.67,"to_percentage":50`},
		{tournament.MethodButler, `"from_percentage":null,"to_percentage":null`},
		{tournament.MethodIMPTeams, `"from_percentage":null,"to_percentage":null`},
	} {
		d := tournament.EventData{Event: tournament.Event{Law: scoring.Contract2017, Scoring: tc.method}}
		got := NewLawsResponse(d, []reports.LawComparison{c})
		js := reportJSON(t, got)
		if !strings.Contains(js, tc.pct) {
			t.Errorf("%s: no %s in %s", tc.method, tc.pct, js)
		}
		if !strings.Contains(js, `"scoring":"`+string(tc.method)+`"`) || !strings.Contains(js, `"law":"contract-2017"`) {
			t.Errorf("%s: the event's scoring or law is missing: %s", tc.method, js)
		}
		cmp := got.Comparisons[0]
		if cmp.ChangedLines != 2 {
			t.Errorf("%s: changed_lines %d, want 2", tc.method, cmp.ChangedLines)
		}
		lines := cmp.Boards[0].Lines
		if lines[0].Tricks == nil || *lines[0].Tricks != 0 || lines[1].Tricks != nil || lines[2].Tricks == nil || *lines[2].Tricks != 7 {
			t.Errorf("%s: tricks %s, want 0, null, 7", tc.method, reportJSON(t, lines))
		}
		if cmp.Fields[0].Tau != nil || cmp.Fields[0].Gains == nil || cmp.NotComparable == nil || lines[1].FromLines == nil {
			t.Errorf("%s: tau not null or a list null: %s", tc.method, js)
		}
	}
}

// TestParReportResponseNulloNote: the API's par report says, for a code
// with nullos, what every par says (NulloNote: LAWS.md "Par", nullos are
// left out of par), and nothing for a code without them.
func TestParReportResponseNulloNote(t *testing.T) {
	rep := reports.ParReport{Codes: []reports.CodePar{
		{Law: "royal-auction-1913", Own: true, NullosLeftOut: true},
		{Law: "contract-2017"},
	}}
	got := NewParReportResponse(tournament.EventData{}, rep)
	if got.Codes[0].Note != NulloNote || got.Codes[1].Note != "" {
		t.Fatalf("notes %q, %q; want %q for 1913 and none for 2017", got.Codes[0].Note, got.Codes[1].Note, NulloNote)
	}
	if js := reportJSON(t, got); !strings.Contains(js, `"note":"`+NulloNote+`"`) {
		t.Errorf("JSON lacks the note: %s", js)
	}
}
