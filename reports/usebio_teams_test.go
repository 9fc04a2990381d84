package reports

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// usebioTeamsFile is what the tests read back of a USEBIO team event: the
// elements marcshearer/ImportUsebio's Parser.swift reads of one (TEAM with
// TEAM_ID and TEAM_NAME attributes, TOTAL_SCORE, PLACE, PLAYER; MATCH with
// ROUND_NUMBER, TEAM, OPPOSING_TEAM, TEAM_SCORE, OPPOSING_TEAM_SCORE; BOARD;
// TRAVELLER_LINE led by DIRECTION) and a published USEBIO 1.2 Swiss teams
// writer adds (MATCH_SCORING_METHOD, START/END_BOARD_NUMBER, IMPS).
type usebioTeamsFile struct {
	Event struct {
		Type         string `xml:"EVENT_TYPE,attr"`
		BoardScoring string `xml:"BOARD_SCORING_METHOD"`
		MatchScoring string `xml:"MATCH_SCORING_METHOD"`
		Teams        []struct {
			ID      string   `xml:"TEAM_ID,attr"`
			Name    string   `xml:"TEAM_NAME,attr"`
			Total   string   `xml:"TOTAL_SCORE"`
			Place   string   `xml:"PLACE"`
			Players []string `xml:"PLAYER>PLAYER_NAME"`
		} `xml:"PARTICIPANTS>TEAM"`
		Matches []struct {
			Round             string `xml:"ROUND_NUMBER"`
			TeamNumber        string `xml:"TEAM"`
			OpposingTeam      string `xml:"OPPOSING_TEAM"`
			Start             string `xml:"START_BOARD_NUMBER"`
			EndBoard          string `xml:"END_BOARD_NUMBER"`
			TeamScore         string `xml:"TEAM_SCORE"`
			OpposingTeamScore string `xml:"OPPOSING_TEAM_SCORE"`
			Boards            []struct {
				Number string `xml:"BOARD_NUMBER"`
				IMPs   string `xml:"IMPS"`
				Lines  []struct {
					Direction string `xml:"DIRECTION"`
					Contract  string `xml:"CONTRACT"`
					Score     string `xml:"SCORE"`
				} `xml:"TRAVELLER_LINE"`
			} `xml:"BOARD"`
		} `xml:"MATCH"`
	} `xml:"EVENT"`
}

// teamsEvent builds a one-section IMP_TEAMS event from spec with teams
// named, board 1 played in round 1's first match: room 1 (home NS) 4♠ by
// North making 10, +420 none vulnerable; room 2 (away NS) 3♠ making 10,
// +170: the home team +250, 6 IMPs (Law 78B: 220–260).
func teamsEvent(t *testing.T, spec tournament.MovementSpec, names ...string) tournament.EventData {
	t.Helper()
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{ID: 1, Name: "Teams & co", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodIMPTeams}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Movement: m, Spec: spec}
	rd, _ := m.Round(1)
	var results []tournament.Result
	for _, tb := range rd.Tables[:2] {
		c := "4S"
		if tb.Table == 2 {
			c = "3S"
		}
		results = append(results, tournament.Result{SectionID: 1, Round: 1, Table: tb.Table, Board: 1, NS: fmt.Sprint(tb.NS), EW: fmt.Sprint(tb.EW),
			Status: tournament.StatusPlayed, Contract: c, Declarer: "N", Tricks: 10})
	}
	boards := map[int]tournament.Board{}
	for i, err := range tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results) {
		if err != nil {
			t.Fatalf("result %d: %v", i, err)
		}
	}
	var teams []tournament.Roster
	for i, n := range names {
		teams = append(teams, tournament.Roster{SectionID: 1, Number: i + 1, Name: n, Players: []tournament.Player{{Name: n + " North"}, {Name: n + " South"}}})
	}
	sd := tournament.BuildSection(e, sec, nil, teams, boards, results)
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{sd}}
}

// readUSEBIOTeams writes d as USEBIO and reads the file back.
func readUSEBIOTeams(t *testing.T, d tournament.EventData) usebioTeamsFile {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	var f usebioTeamsFile
	if err := xml.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	return f
}

// TestUSEBIOSwissTeams: a Swiss of 3 teams (round 1 paired by number: 1 v
// 2, 3 the bye of 12 VPs) written as USEBIO's team event, as
// marcshearer/ImportUsebio reads one and a published USEBIO 1.2 Swiss
// teams writer writes it: EVENT_TYPE SWISS_TEAMS, matches scored in VPs.
// Board 1: team 1 +6 IMPs (teamsEvent). VPs on the scale given as the
// table 1, 3, 5, 8, 11, 14, 17, 20, 24, 28 (10 steps, 20 VPs, a draw
// 10–10): a margin of 6 reaches the steps 1, 3 and 5, 3 VPs above the
// draw: 13–7. Totals: Lions 13, Bears 12 (the bye), Tigers 7.
func TestUSEBIOSwissTeams(t *testing.T) {
	bye := 12.0
	d := teamsEvent(t, tournament.MovementSpec{Kind: "swiss", Teams: 3, Rounds: 2, BoardsPerRound: 1, VPScale: "table",
		VPTable: []int{1, 3, 5, 8, 11, 14, 17, 20, 24, 28}, ByeVPs: &bye}, `Lions "A"`, "Tigers", "Bears")
	if err := USEBIOHolds(d.Event); err != nil {
		t.Fatalf("USEBIOHolds refuses a teams event: %v", err)
	}
	f := readUSEBIOTeams(t, d)
	ev := f.Event
	if ev.Type != "SWISS_TEAMS" || ev.BoardScoring != "IMPS" || ev.MatchScoring != "VPS" {
		t.Errorf("event type %q, board scoring %q, match scoring %q; want SWISS_TEAMS, IMPS, VPS", ev.Type, ev.BoardScoring, ev.MatchScoring)
	}
	var teams []string
	for _, tm := range ev.Teams {
		teams = append(teams, strings.Join([]string{tm.ID, tm.Name, tm.Total, tm.Place, strings.Join(tm.Players, "+")}, "|"))
	}
	want := `1|Lions "A"|13.00|1|Lions "A" North+Lions "A" South; 2|Tigers|7.00|3|Tigers North+Tigers South; 3|Bears|12.00|2|Bears North+Bears South`
	if got := strings.Join(teams, "; "); got != want {
		t.Errorf("teams:\n got %s\nwant %s", got, want)
	}
	if len(ev.Matches) != 2 {
		t.Fatalf("%d matches; want 1 v 2 and 3's bye", len(ev.Matches))
	}
	m := ev.Matches[0]
	if got := strings.Join([]string{m.Round, m.TeamNumber, m.OpposingTeam, m.Start, m.EndBoard, m.TeamScore, m.OpposingTeamScore}, " "); got != "1 1 2 1 1 13.00 7.00" {
		t.Errorf("match 1 v 2: round, teams, boards, VPs %q; want 1 1 2 1 1 13.00 7.00", got)
	}
	if len(m.Boards) != 1 || m.Boards[0].Number != "1" || m.Boards[0].IMPs != "6" || len(m.Boards[0].Lines) != 2 {
		t.Fatalf("match 1 v 2's boards: %+v; want board 1, 6 IMPs to team 1, both rooms", m.Boards)
	}
	l := m.Boards[0].Lines
	if l[0].Direction != "NS" || l[0].Contract != "4S" || l[0].Score != "420" || l[1].Direction != "EW" || l[1].Contract != "3S" || l[1].Score != "170" {
		t.Errorf("the rooms: %+v; want team 1 NS in room 1 (4S, 420), EW in room 2 (3S, 170)", l)
	}
	b := ev.Matches[1]
	if b.TeamNumber != "3" || b.OpposingTeam != "" || b.TeamScore != "12.00" || len(b.Boards) != 0 {
		t.Errorf("the bye: %+v; want team 3, no opponents, 12.00 VPs", b)
	}
}

// TestUSEBIOKnockout: a knockout match (1 segment of 2 boards) is a TEAMS
// event scored in IMPs, each segment a MATCH: Lions 6, Tigers 0 on board 1
// (teamsEvent). With a carry-over it is refused — USEBIO has no element
// for IMPs brought in — naming the section, the carry-over and the files
// that carry it (standings.csv, report.xlsx).
func TestUSEBIOKnockout(t *testing.T) {
	f := readUSEBIOTeams(t, teamsEvent(t, tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}, "Lions", "Tigers"))
	ev := f.Event
	if ev.Type != "TEAMS" || ev.MatchScoring != "IMPS" || len(ev.Matches) != 1 {
		t.Fatalf("event type %q, match scoring %q, %d matches; want TEAMS, IMPS, 1", ev.Type, ev.MatchScoring, len(ev.Matches))
	}
	m := ev.Matches[0]
	if got := strings.Join([]string{m.TeamNumber, m.OpposingTeam, m.Start, m.EndBoard, m.TeamScore, m.OpposingTeamScore}, " "); got != "1 2 1 2 6 0" {
		t.Errorf("the segment: teams, boards, IMPs %q; want 1 2 1 2 6 0", got)
	}
	if ev.Teams[0].Total != "6.00" || ev.Teams[0].Place != "1" {
		t.Errorf("Lions: total %s, place %s; want 6.00, 1", ev.Teams[0].Total, ev.Teams[0].Place)
	}

	carried := teamsEvent(t, tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2, CarryTeam: 2, CarryIMPs: 7.5}, "Lions", "Tigers")
	err := WriteUSEBIO(&bytes.Buffer{}, carried)
	if err == nil {
		t.Fatal("a knockout with a carry-over written as USEBIO: want a refusal")
	}
	for _, w := range []string{"carry-over", "section A", "team 2 7.5 IMPs", "standings.csv", "report.xlsx"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the refusal %q does not say %q", err, w)
		}
	}
}

// TestPBNTeamTags: a teams section's rooms carry the team tags as real
// programs write them: [Competition "Teams"] on every game and ScoreIMP as
// each side's IMPs, "NS 4 EW -4", as RealBridge's teams file does
// (../shared/testdata/pbn/teams_imps_2021.pbn), and [Room "Open"] /
// [Room "Closed"] as the vugraph file names the rooms
// (../shared/testdata/pbn/vugraph_rooms_1998.pbn). Board 1 (teamsEvent):
// room 1, Lions NS, +6 IMPs to NS; room 2, Tigers NS, −6 to NS. Read back,
// the file gives the same match: Lions 6, Tigers 0.
func TestPBNTeamTags(t *testing.T) {
	d := teamsEvent(t, tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}, "Lions", "Tigers")
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	games := strings.Split(buf.String(), "\n\n")
	var rooms []string
	for _, g := range games {
		if !strings.Contains(g, `[Competition "Teams"]`) {
			t.Errorf("a game without [Competition \"Teams\"]:\n%s", g)
		}
		if strings.Contains(g, "[HomeTeam") {
			rooms = append(rooms, pbnTagValue(g, "HomeTeam")+" v "+pbnTagValue(g, "VisitTeam")+", "+pbnTagValue(g, "Room")+", "+pbnTagValue(g, "ScoreIMP"))
		}
	}
	want := "Lions v Tigers, Open, NS 6 EW -6; Tigers v Lions, Closed, NS -6 EW 6"
	if got := strings.Join(rooms, "; "); got != want {
		t.Errorf("the rooms:\n got %s\nwant %s", got, want)
	}
	back, err := ReadResults(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st := back.Event.Sections[0].Standings.Pairs
	if len(st) != 2 || st[0].Name != "Lions" || st[0].IMPs != 6 || st[1].Name != "Tigers" {
		t.Errorf("read back: %+v; want Lions +6, Tigers", st)
	}
}

// pbnTagValue returns a tag's value in one game's text, "" when absent.
func pbnTagValue(game, name string) string {
	_, after, ok := strings.Cut(game, "["+name+` "`)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(after, `"]`)
	return v
}

// TestUSEBIOKnockoutPenalty: a procedural penalty in a knockout comes off
// the team's running total in its board's segment (Law 90;
// tournament.TestKnockoutIMPPenalty), and the USEBIO file says the match
// as the standings do. Worked by hand on teamsEvent's match (1 segment of
// boards 1–2): board 1 gives the Lions +250, 6 IMPs (Law 78B: 220–260);
// 3 IMPs off the Lions on board 1 for a mobile phone leave the segment
// 6 − 3 = 3 to 0, and TOTAL_SCORE 3.00, first. USEBIO 1.2 has no element
// for the penalty, so it is written in a comment, as the pairs writer
// does (usebioPenaltyNote).
func TestUSEBIOKnockoutPenalty(t *testing.T) {
	d := teamsEvent(t, tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}, "Lions", "Tigers")
	sd := d.Sections[0]
	sd.Section.Penalties = []tournament.Penalty{{Number: "1", Amount: 3, Unit: tournament.UnitIMP, Reason: "mobile phone", Board: 1}}
	boards := map[int]tournament.Board{}
	for _, b := range sd.Boards {
		boards[b.Number] = b
	}
	d.Sections[0] = tournament.BuildSection(d.Event, sd.Section, sd.Pairs, sd.Teams, boards, sd.Results)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	var f usebioTeamsFile
	if err := xml.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	ev := f.Event
	if len(ev.Matches) != 1 || len(ev.Teams) != 2 {
		t.Fatalf("%d matches, %d teams; want 1 and 2", len(ev.Matches), len(ev.Teams))
	}
	m := ev.Matches[0]
	if m.TeamScore != "3" || m.OpposingTeamScore != "0" {
		t.Errorf("the segment's IMPs %s–%s; want 3–0, the Lions' 6 less their 3-IMP penalty", m.TeamScore, m.OpposingTeamScore)
	}
	if ev.Teams[0].Total != "3.00" || ev.Teams[0].Place != "1" {
		t.Errorf("Lions: total %s, place %s; want 3.00, 1", ev.Teams[0].Total, ev.Teams[0].Place)
	}
	if !strings.Contains(buf.String(), "1: 3 IMPs, mobile phone (board 1)") || !strings.Contains(buf.String(), "TEAM_SCORE") {
		t.Errorf("no comment naming the penalty (team 1, 3 IMPs, mobile phone) and the elements it is taken off:\n%s", buf.String())
	}
}

// TestUSEBIOKnockoutReadBack: a knockout match written as USEBIO reads back
// through ReadResults (the one reader) as the same knockout match: its
// segments, its procedural penalty, its standings. The match of
// TestUSEBIOKnockoutPenalty in 2 segments of 1 board: segment 1 board 1
// (teamsEvent: the Lions +250, 6 IMPs, Law 78B 220–260), segment 2 board 2
// (NS vulnerable, Law 77) 4S by N making 10 +620 in room 1 (Lions NS) and
// 4S by N one down −100 in room 2 (Tigers NS): the Lions +720, 12 IMPs
// (Law 78B 600–740). 3 IMPs off the Lions on board 1 (mobile phone): the
// Lions 6 − 3 + 12 = 15, the Tigers 0, the Lions first.
func TestUSEBIOKnockoutReadBack(t *testing.T) {
	d := knockoutPenaltyEvent(t)
	standings := func(st []tournament.Standing) string {
		var out []string
		for _, s := range st {
			out = append(out, fmt.Sprintf("%s %s %v IMPs %d penalty %v place %d", s.Number, s.Name, s.Total, s.IMPs, s.Penalty, s.Place))
		}
		return strings.Join(out, "; ")
	}
	want := standings(d.Sections[0].Standings.Pairs)
	if !strings.HasPrefix(want, "1 Lions 15 ") {
		t.Fatalf("written: %s; want the Lions at 15 IMPs", want)
	}
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	back, err := ReadResults(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sec := back.Event.Sections[0].Section
	if sec.Spec.Kind != "knockout" || sec.Spec.Rounds != 2 || sec.Spec.BoardsPerRound != 1 {
		t.Errorf("read back as %+v; want a knockout of 2 segments of 1 board", sec.Spec)
	}
	if len(sec.Penalties) != 1 || sec.Penalties[0].Number != "1" || sec.Penalties[0].Amount != 3 || sec.Penalties[0].Unit != tournament.UnitIMP ||
		sec.Penalties[0].Board != 1 || sec.Penalties[0].Reason != "mobile phone" {
		t.Errorf("penalties read back %+v; want the Lions' 3 IMPs on board 1 for a mobile phone", sec.Penalties)
	}
	if got := standings(back.Event.Sections[0].Standings.Pairs); got != want {
		t.Errorf("standings read back:\n got %s\nwant %s", got, want)
	}
}

// TestWorkbookKnockoutNetIMPs: the workbook's IMPs column of a knockout
// match is its net IMPs after procedural penalties (Standing.NetIMPs), as
// the standings page shows them: knockoutPenaltyEvent's Lions (6 − 3) + 12
// − 0 = 15, the Tigers −15 — not 18 and −18, the margin before the
// penalty.
func TestWorkbookKnockoutNetIMPs(t *testing.T) {
	f := openWorkbook(t, knockoutPenaltyEvent(t))
	rows, err := f.GetRows("Standings")
	if err != nil {
		t.Fatal(err)
	}
	// The header has "IMPs" twice: the total's unit (with the carry-over)
	// and, after Boards, the net IMPs (teamColumns).
	col := -1
	var got []string
	for _, r := range rows {
		if i := slices.Index(r, "Boards"); i >= 0 && col < 0 && len(r) > i+1 && r[i+1] == "IMPs" {
			col = i + 1
			continue
		}
		if col >= 0 && len(r) > col && len(r) > 3 && (strings.HasPrefix(r[3], "Lions") || strings.HasPrefix(r[3], "Tigers")) {
			got = append(got, r[col])
		}
	}
	if fmt.Sprint(got) != "[15.00 -15.00]" {
		t.Errorf("the net IMPs column: %v (rows %q); want [15.00 -15.00]", got, rows)
	}
}

// knockoutPenaltyEvent is the knockout match of TestUSEBIOKnockoutReadBack
// with its results scored and its standings built.
func knockoutPenaltyEvent(t *testing.T) tournament.EventData {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "knockout", Rounds: 2, BoardsPerRound: 1}
	d := teamsEvent(t, spec, "Lions", "Tigers")
	sd := d.Sections[0]
	sd.Section.Penalties = []tournament.Penalty{{Number: "1", Amount: 3, Unit: tournament.UnitIMP, Reason: "mobile phone", Board: 1}}
	rd2, _ := sd.Section.Movement.Round(2)
	for _, tb := range rd2.Tables[:2] {
		tricks := 10
		if tb.Table == 2 {
			tricks = 9
		}
		sd.Results = append(sd.Results, tournament.Result{SectionID: 1, Round: 2, Table: tb.Table, Board: 2, NS: fmt.Sprint(tb.NS), EW: fmt.Sprint(tb.EW),
			Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: tricks})
	}
	boards := map[int]tournament.Board{}
	for i, err := range tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sd.Section, boards, sd.Results) {
		if err != nil {
			t.Fatalf("result %d: %v", i, err)
		}
	}
	d.Sections[0] = tournament.BuildSection(d.Event, sd.Section, sd.Pairs, sd.Teams, boards, sd.Results)
	return d
}
