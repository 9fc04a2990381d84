package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// teamColumns returns the Standings sheet's columns after Boards for a
// teams event: net IMPs, the rounds of a bye, and the VPs (board, Patton or
// total points: teamUnit) of each round
// (as many as the section with the most rounds of matches has); nil for
// pairs.
func teamColumns(d *tournament.EventData) (header []string, widths []float64) {
	if !d.Event.Scoring.Teams() {
		return nil, nil
	}
	rounds := 0
	for i := range d.Sections {
		for _, m := range d.Sections[i].Standings.Matches {
			rounds = max(rounds, m.Round)
		}
	}
	header, widths = []string{"IMPs", "Byes"}, []float64{8, 8}
	for r := 1; r <= rounds; r++ {
		header = append(header, "R"+strconv.Itoa(r)+" "+teamUnit(d.Event.Scoring))
		widths = append(widths, 8)
	}
	return header, widths
}

// teamCells returns a team's cells for teamColumns: its net IMPs (a
// knockout match's after procedural penalties, halves kept: NetIMPs), the
// rounds it had a bye in ("2, 5"), and its VPs in each round of rounds
// (empty for a round its match has not begun).
func teamCells(s *sheet, st *tournament.Standing, knockout bool, matches []tournament.MatchScore, rounds int) []any {
	n, _ := strconv.Atoi(st.Number)
	byRound := make([]any, rounds)
	var byes []string
	for _, m := range matches {
		if m.Round < 1 || m.Round > rounds {
			continue
		}
		switch {
		case m.Bye() && m.Home == n:
			byes = append(byes, strconv.Itoa(m.Round))
			byRound[m.Round-1] = s.pts(m.HomeVPs)
		case m.Boards == 0:
		case m.Home == n:
			byRound[m.Round-1] = s.pts(m.HomeVPs)
		case m.Away == n:
			byRound[m.Round-1] = s.pts(m.AwayVPs)
		}
	}
	var net any = st.IMPs
	if knockout {
		net = s.pts(st.NetIMPs)
	}
	return append([]any{net, strings.Join(byes, ", ")}, byRound...)
}
