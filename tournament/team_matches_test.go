package tournament_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSwissMatchScores: the standings of a Swiss of 7 teams (ACBL 30-VP
// scale, a bye 18) list each round's matches with the IMPs and VPs of each
// side, and the bye: round 1 by number, every home team winning by 35 IMPs
// (swissRound: 16 + 19), 30–0 on the scale's 6–8 boards row; 7 the bye, 18.
// Round 2 released but not begun: its matches with no boards and no VPs.
func TestSwissMatchScores(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	bye := 18.0
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 2,
		BoardsPerRound: 2, VPScale: "acbl-30", ByeVPs: &bye}})
	swissRound(b, sec, 1)
	d, err := b.Svc.PairSwissRound(b.Ctx, tournament.Director, sec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Svc.ReleaseSwissRound(b.Ctx, tournament.Director, sec.ID, d.Version); err != nil {
		t.Fatal(err)
	}
	st, err := b.Svc.Standings(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range st.Matches {
		if m.Bye() {
			got = append(got, fmt.Sprintf("r%d %d bye %.2f", m.Round, m.Home, m.HomeVPs))
			continue
		}
		got = append(got, fmt.Sprintf("r%d %dv%d %d-%d %.2f-%.2f /%d", m.Round, m.Home, m.Away, m.HomeIMPs, m.AwayIMPs, m.HomeVPs, m.AwayVPs, m.Boards))
	}
	want := "[r1 1v2 35-0 30.00-0.00 /2 r1 3v4 35-0 30.00-0.00 /2 r1 5v6 35-0 30.00-0.00 /2 r1 7 bye 18.00 " +
		"r2 1v3 0-0 0.00-0.00 /0 r2 5v7 0-0 0.00-0.00 /0 r2 2v4 0-0 0.00-0.00 /0 r2 6 bye 18.00]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("the matches:\n got %s\nwant %s", s, want)
	}
}

// TestOverallTeamsSessions (issue 25 §4): an IMP_TEAMS event of two
// sessions, each a Swiss of 7 teams (section A of each, ACBL 30-VP scale, a
// bye 18) whose first round TestSwissMatchScores works: 1, 3 and 5 win
// 30–0, 7 has the bye's 18. Ranked overall (the teams known again by their
// section and number, none having players), the sessions summed: 1, 3
// and 5 60 VPs each (first equal), 7 36 (fourth), 2, 4 and 6 0 (fifth).
func TestOverallTeamsSessions(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams), Overall: tournament.OverallOptions{SamePair: tournament.SameNumber}})
	bye := 18.0
	for session := 1; session <= 2; session++ {
		sec := b.Section(e.ID, tournament.SectionInput{Session: session, Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 2,
			BoardsPerRound: 2, VPScale: "acbl-30", ByeVPs: &bye}})
		swissRound(b, sec, 1)
	}
	o, err := b.Svc.OverallStandings(b.Ctx, tournament.Director, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range o.Entries {
		got = append(got, fmt.Sprintf("%s:%g:%d", en.Sessions[0].Number, en.Total, en.Place))
	}
	if s := fmt.Sprint(got); s != "[1:60:1 3:60:1 5:60:1 7:36:4 2:0:5 4:0:5 6:0:5]" {
		t.Errorf("overall: %s", s)
	}
}
