package reports

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// teamMethodEvent is a round robin of 2 teams, 2 boards, scored by method:
// board 1 4♠ N = +420 in both rooms (a tie), board 2 (NS vulnerable) 3NT
// N = +600 in room 1 and 2♠ N = +110 in room 2 (team 1 ahead by 490: 10
// IMPs, the board won).
func teamMethodEvent(t *testing.T, method tournament.Method, spec tournament.MovementSpec) tournament.EventData {
	t.Helper()
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{ID: 1, Name: "Teams", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: method}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Movement: m, Spec: spec}
	var results []tournament.Result
	rd := m.Rounds[0]
	for _, tb := range rd.Tables[:2] {
		for _, b := range tb.Boards[:2] {
			score, contract, tricks := 420, "4S", 10
			if b == 2 && tb.Table == 1 {
				score, contract, tricks = 600, "3NT", 9
			} else if b == 2 {
				score, contract, tricks = 110, "2S", 8
			}
			results = append(results, tournament.Result{SectionID: 1, Round: 1, Table: tb.Table, Board: b, NS: strconv.Itoa(tb.NS), EW: strconv.Itoa(tb.EW),
				Status: tournament.StatusPlayed, Contract: contract, Declarer: "N", Tricks: tricks, NSScore: score})
		}
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, nil, nil, nil, results)}}
}

// TestWorkbookTeamMethods: the Standings sheet heads each method's totals
// by what they are — "BAM" (board points: team 1 1½, a tie and a board
// won; team 2 ½), "Patton" (3 + 4 = 7 against 1: 2 a board won, 1 a tie,
// 4 for the aggregate +490), "Points" (aggregate: +490 and −490), "VP" at
// IMP_TEAMS — and a knockout's "IMPs", not "VP" (it said VP for a
// knockout's IMPs with the carry-over).
func TestWorkbookTeamMethods(t *testing.T) {
	rr := tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}
	for _, tc := range []struct {
		method      tournament.Method
		spec        tournament.MovementSpec
		head        string
		first, last string
	}{
		{tournament.MethodBAMTeams, rr, "BAM", "1.5", "0.5"},
		{tournament.MethodPattonTeams, rr, "Patton", "7", "1"},
		{tournament.MethodAggregateTeams, rr, "Points", "490", "-490"},
		{tournament.MethodIMPTeams, tournament.MovementSpec{Kind: "knockout", BoardsPerRound: 2, Rounds: 1}, "IMPs", "10", "0"},
	} {
		t.Run(string(tc.method)+" "+tc.spec.Kind, func(t *testing.T) {
			f := openWorkbook(t, teamMethodEvent(t, tc.method, tc.spec))
			wantCells(t, f, "Standings", map[string]string{"B1": "Team", "E1": tc.head, "E3": tc.first, "E4": tc.last})
		})
	}
}

// TestUSEBIOTeamMethodsRefused: USEBIO has no team events in traveler's
// writer, and the refusal names the method and PBN's [Scoring] value that
// carries it (BAM for board-a-match, Total for aggregate).
func TestUSEBIOTeamMethodsRefused(t *testing.T) {
	for m, tag := range map[tournament.Method]string{tournament.MethodBAMTeams: `"BAM"`, tournament.MethodAggregateTeams: "Total", tournament.MethodPattonTeams: "Patton"} {
		err := WriteUSEBIO(&bytes.Buffer{}, teamMethodEvent(t, m, tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}))
		if err == nil {
			t.Fatalf("%s written as USEBIO: want a refusal", m)
		}
		for _, w := range []string{string(m), "PBN", strings.Trim(tag, `"`), "report.xlsx"} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: the refusal %q does not say %q", m, err, w)
			}
		}
	}
}

// TestPBNTeamMethods: a teams event written as PBN says its method in the
// Scoring tag (PBN 2.1 §3.4.12's basic systems BAM and Total; Patton as
// traveler's qualifier) and reads back scored the same way; ScoreIMP is
// written at IMP_TEAMS only (a board's board points are no IMPs).
func TestPBNTeamMethods(t *testing.T) {
	for m, tag := range map[tournament.Method]string{tournament.MethodBAMTeams: "BAM", tournament.MethodPattonTeams: "BAM;Total;Patton", tournament.MethodAggregateTeams: "Total", tournament.MethodIMPTeams: "IMP"} {
		var buf bytes.Buffer
		if err := WritePBN(&buf, teamMethodEvent(t, m, tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2})); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		if !strings.Contains(text, `[Scoring "`+tag+`"]`) {
			t.Errorf("%s: no [Scoring %q] in\n%s", m, tag, text)
		}
		if got := strings.Contains(text, "[ScoreIMP"); got != (m == tournament.MethodIMPTeams) {
			t.Errorf("%s: ScoreIMP written %v", m, got)
		}
		back, err := readPBNEvent(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if back.Event.Scoring != m {
			t.Errorf("%s read back as %s", m, back.Event.Scoring)
		}
	}
}
