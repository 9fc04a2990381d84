package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// teamsView is a teams section (or a Swiss pairs) on the public standings
// page: the table (a Swiss's after the rounds released) and each round's
// matches.
type teamsView struct {
	Swiss        bool
	Pairs        bool   // a Swiss pairs: pairs in place of teams, each match at one table, its IMPs or percentage against the field
	ByPct        bool   // a Swiss pairs at matchpoints: ranked by percentage, no VPs
	Pct          bool   // a Swiss pairs at matchpoints: each match a percentage (with VPs on a scale of percentages unless ByPct)
	Knockout     bool   // a knockout match: its teams ranked by IMPs with the carry-over, not VPs
	Points       string // what a match scores, the heading of its column: "VPs", "Points" (teamPointsWords)
	Released, Of int    // a Swiss's rounds released, of the rounds it plays
	Rows         []teamRow
	Rounds       []teamRound // the latest round first
	Penalties    []string    // the procedural penalties of its teams, one a line (penaltyNotes)
}

// teamRow is a team's line in the teams table.
type teamRow struct {
	standingRow
	Played int    // matches begun (a bye is not a match)
	Byes   string // the rounds it had a bye in: "2" or "2, 5"; "" none
}

// teamRound is one round's matches, in table order, a bye last.
type teamRound struct {
	Round   int
	Matches []teamMatchRow
}

// teamMatchRow is a match, or a bye, with its teams' names.
type teamMatchRow struct {
	tournament.MatchScore
	HomeName, AwayName string
}

// teamsStandings arranges a teams section's (or a Swiss pairs')
// standings for the page.
func teamsStandings(st *tournament.Standings) *teamsView {
	v := &teamsView{Swiss: st.Section.Spec.Kind == "swiss", Knockout: st.Section.Spec.Kind == "knockout", Released: len(st.Section.Movement.Rounds), Of: st.Section.Spec.Rounds,
		Points: teamPointsWords(st.Method), Pairs: st.Section.Spec.SwissPairs()}
	v.Pct = v.Pairs && st.Method.HasPercentage()
	v.Penalties = penaltyNotes(st.Pairs, "")
	v.ByPct = v.Pairs && !st.InVPs()
	if v.Pairs && st.InVPs() {
		v.Points = "VPs" // a Swiss pairs' matches converted to VPs, whatever the method
	}
	names := map[int]string{}
	played, byes := map[int]int{}, map[int][]string{}
	for _, s := range st.Pairs {
		n, _ := strconv.Atoi(s.Number)
		names[n] = s.Name
		if v.Pairs {
			names[n] = strings.Join(s.Players, " & ")
		}
	}
	for _, m := range st.Matches {
		if m.Bye() {
			byes[m.Home] = append(byes[m.Home], strconv.Itoa(m.Round))
		} else if m.Boards > 0 {
			played[m.Home]++
			played[m.Away]++
		}
		if len(v.Rounds) == 0 || v.Rounds[len(v.Rounds)-1].Round != m.Round {
			v.Rounds = append(v.Rounds, teamRound{Round: m.Round})
		}
		r := &v.Rounds[len(v.Rounds)-1]
		r.Matches = append(r.Matches, teamMatchRow{MatchScore: m, HomeName: names[m.Home], AwayName: names[m.Away]})
	}
	slices.Reverse(v.Rounds)
	rows := make([]standingRow, len(st.Pairs))
	for i, s := range st.Pairs {
		rows[i] = standingRow{Standing: s}
	}
	markTies(rows, st.Event.Conv())
	for _, r := range rows {
		n, _ := strconv.Atoi(r.Number)
		v.Rows = append(v.Rows, teamRow{standingRow: r, Played: played[n], Byes: strings.Join(byes[n], ", ")})
	}
	return v
}

// runningScore is a knockout match's score segment by segment, as the
// public standings page shows it.
type runningScore struct {
	Teams    [2]string  // the teams' names
	Carry    [2]float64 // what each started with
	HasCarry bool
	Rows     []segmentRow
}

// segmentRow is one segment of a knockout match: its boards, each team's
// IMPs in it and the score after it, the carry-over included.
type segmentRow struct {
	Segment  int
	Boards   string // "1–16"
	Scored   int    // boards scored in both rooms
	Of       int    // the segment's boards
	Playoff  bool
	IMPs     [2]float64 // halves from a split score (Law 86B)
	Running  [2]float64
	Finished bool // every board of the segment scored
}

// runningScoreOf arranges a knockout match's segments for the page.
func runningScoreOf(km *tournament.KnockoutMatch) *runningScore {
	r := &runningScore{Carry: km.Carry, HasCarry: km.Carry[0] != 0 || km.Carry[1] != 0}
	for i := range 2 {
		r.Teams[i] = teamName(km.Teams[i])
	}
	for _, sg := range km.Segments {
		row := segmentRow{Segment: sg.Segment, Scored: sg.Scored, Of: len(sg.Boards), Playoff: sg.Playoff, IMPs: sg.IMPs, Running: sg.Running,
			Finished: sg.Scored == len(sg.Boards)}
		if len(sg.Boards) > 0 {
			row.Boards = strconv.Itoa(sg.Boards[0]) + "–" + strconv.Itoa(sg.Boards[len(sg.Boards)-1])
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}
