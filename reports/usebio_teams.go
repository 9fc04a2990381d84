package reports

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// USEBIO's team events, as the programs that write and read them lay them
// out: marcshearer/ImportUsebio (Parser.swift, the reader behind the EBU's
// results import) reads a TEAM participant with its TEAM_ID and TEAM_NAME
// as attributes, its TOTAL_SCORE, PLACE and PLAYERs, and a MATCH of
// ROUND_NUMBER, TEAM, OPPOSING_TEAM, TEAM_SCORE and OPPOSING_TEAM_SCORE
// whose BOARDs hold TRAVELLER_LINEs each led by the DIRECTION the team sat
// in; a published USEBIO 1.2 writer of Swiss teams (usebio-1.2 cited as its
// reference) writes the same, EVENT_TYPE "SWISS_TEAMS", MATCH_SCORING_METHOD
// "VPS", each match's START_BOARD_NUMBER and END_BOARD_NUMBER and each
// board's IMPS for the TEAM. A round robin or a knockout match is
// EVENT_TYPE "TEAMS" (the USEBIO 1.2 list: INDIVIDUAL, PAIRS, SWISS_PAIRS,
// TEAMS, SWISS_TEAMS); a knockout's matches are its segments, scored in
// IMPs (MATCH_SCORING_METHOD "IMPS").

// usebioTeamsType returns a teams section's EVENT_TYPE and
// MATCH_SCORING_METHOD.
func usebioTeamsType(sec *tournament.Section) (string, string) {
	switch sec.Spec.Kind {
	case "swiss":
		return "SWISS_TEAMS", "VPS"
	case "knockout":
		return "TEAMS", "IMPS"
	}
	return "TEAMS", "VPS"
}

// usebioTeamsHolds refuses a teams section USEBIO has no way to say: a
// knockout match with a carry-over (USEBIO's team and match scores have
// no element for IMPs brought in), naming the files that carry it.
func usebioTeamsHolds(sec *tournament.Section) error {
	if sp := &sec.Spec; sp.Kind == "knockout" && sp.CarryIMPs != 0 {
		return fmt.Errorf("USEBIO 1.2 has no element for a knockout's carry-over: section %s starts team %d %s IMPs ahead, which its TEAM_SCORE and TOTAL_SCORE cannot say apart from the boards' IMPs; "+
			"export it as standings.csv (each team's score is its IMPs with the carry-over) or the workbook, report.xlsx, and its boards as PBN",
			sec.Name, sp.CarryTeam, strconv.FormatFloat(sp.CarryIMPs, 'f', -1, 64))
	}
	return nil
}

// writeUSEBIOTeams writes the EVENT of a teams section: its teams with
// their totals, places and players, then every match round by round — a
// Swiss's bye as a MATCH with no OPPOSING_TEAM, the bye's VPs its
// TEAM_SCORE — each board with the home team's IMPs and both rooms'
// traveller lines.
func writeUSEBIOTeams(x *xmlOut, d *tournament.EventData, s *tournament.SectionData) error {
	if err := usebioTeamsHolds(&s.Section); err != nil {
		return err
	}
	typ, matchScoring := usebioTeamsType(&s.Section)
	m := &s.Section.Movement
	x.raw(`<EVENT EVENT_TYPE="` + typ + `">` + "\n")
	x.opt(1, "EVENT_DESCRIPTION", d.Event.Name)
	x.elem(1, "PROGRAM_NAME", "traveler")
	x.elem(1, "BOARD_SCORING_METHOD", "IMPS")
	x.elem(1, "MATCH_SCORING_METHOD", matchScoring)
	x.elem(1, "WINNER_TYPE", "1")
	x.opt(1, "DATE", usebioDateOut(d.Event.Date))
	x.elem(1, "SESSION_COUNT", "1")
	x.elem(1, "SECTION_COUNT", "1")
	x.elem(1, "BOARDS_PLAYED", strconv.Itoa(m.Boards))
	for _, note := range lawOptionNotes(d) {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	if s.Section.Spec.Kind == "knockout" {
		// As the pairs writer does: the penalty is in the figures, named in
		// a comment.
		if note := usebioPenaltyNote(&s.Section, "TOTAL_SCORE, PLACE and the TEAM_SCORE of the segment of its board"); note != "" {
			x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
		}
		for _, data := range usebioPenaltyData(&s.Section) {
			x.raw("  <!-- " + data + " -->\n")
		}
	}
	x.raw(`  <PARTICIPANTS EVENT_TYPE="` + typ + `">` + "\n")
	standing := map[string]tournament.Standing{}
	for _, st := range s.Standings.Pairs {
		standing[st.Number] = st
	}
	for _, tm := range m.Teams {
		n := strconv.Itoa(tm.Number)
		name := "Team " + n
		var players []tournament.Player
		for _, r := range s.Teams {
			if r.Number == tm.Number {
				if strings.TrimSpace(r.Name) != "" {
					name = r.Name
				}
				players = r.Players
			}
		}
		x.raw(`    <TEAM TEAM_ID="` + n + `" TEAM_NAME="` + xmlAttr(name) + `">` + "\n")
		if st, ok := standing[n]; ok {
			x.elem(3, "TOTAL_SCORE", strconv.FormatFloat(st.Total, 'f', 2, 64))
			x.elem(3, "PLACE", strconv.Itoa(st.Place))
		}
		for _, pl := range players {
			if strings.TrimSpace(pl.Name) == "" && strings.TrimSpace(pl.Number) == "" {
				continue
			}
			x.raw("      <PLAYER>\n")
			x.opt(4, "PLAYER_NAME", pl.Name)
			x.opt(4, "NATIONAL_ID_NUMBER", pl.Number)
			x.raw("      </PLAYER>\n")
		}
		x.raw("    </TEAM>\n")
	}
	x.raw("  </PARTICIPANTS>\n")
	matches := s.Standings.Matches
	if s.Section.Spec.Kind == "knockout" {
		// A knockout's matches are its segments, scored in IMPs.
		km := tournament.ScoreKnockout(&s.Section, s.Results, s.Teams)
		matches = nil
		for _, sg := range km.Segments {
			// HomeVPs and AwayVPs carry the segment's IMPs as scored (a half
			// from a split score, Law 86B, is kept) less each team's
			// procedural penalties on its boards, as the standings take them
			// off the running total (ScoreKnockout).
			matches = append(matches, tournament.MatchScore{Round: sg.Segment, Home: 1, Away: 2,
				HomeVPs: sg.IMPs[0] - sg.Penalty[0], AwayVPs: sg.IMPs[1] - sg.Penalty[1], Boards: sg.Scored})
		}
	}
	for _, ms := range matches {
		x.raw("  <MATCH>\n")
		x.elem(2, "ROUND_NUMBER", strconv.Itoa(ms.Round))
		x.elem(2, "TEAM", strconv.Itoa(ms.Home))
		if ms.Bye() {
			x.elem(2, "TEAM_SCORE", strconv.FormatFloat(ms.HomeVPs, 'f', 2, 64))
			x.raw("  </MATCH>\n")
			continue
		}
		x.elem(2, "OPPOSING_TEAM", strconv.Itoa(ms.Away))
		boards := matchBoards(m, ms)
		if len(boards) > 0 {
			x.elem(2, "START_BOARD_NUMBER", strconv.Itoa(boards[0]))
			x.elem(2, "END_BOARD_NUMBER", strconv.Itoa(boards[len(boards)-1]))
		}
		if ms.Boards > 0 {
			home, away := strconv.FormatFloat(ms.HomeVPs, 'f', 2, 64), strconv.FormatFloat(ms.AwayVPs, 'f', 2, 64)
			switch {
			case s.Section.Spec.Kind == "knockout":
				home, away = strconv.FormatFloat(ms.HomeVPs, 'f', -1, 64), strconv.FormatFloat(ms.AwayVPs, 'f', -1, 64)
			case matchScoring == "IMPS":
				home, away = strconv.Itoa(ms.HomeIMPs), strconv.Itoa(ms.AwayIMPs)
			}
			x.elem(2, "TEAM_SCORE", home)
			x.elem(2, "OPPOSING_TEAM_SCORE", away)
		}
		for _, b := range boards {
			if err := writeUSEBIOTeamBoard(x, m, s, ms, b); err != nil {
				return err
			}
		}
		x.raw("  </MATCH>\n")
	}
	x.raw("</EVENT>\n")
	return x.err
}

// matchBoards returns the boards a match plays, from its round's table
// where its home team's first pair sits NS.
func matchBoards(m *movement.Movement, ms tournament.MatchScore) []int {
	rd, ok := m.Round(ms.Round)
	if !ok {
		return nil
	}
	for _, t := range rd.Tables {
		if m.TeamOf(t.NS) == ms.Home && m.TeamOf(t.EW) == ms.Away {
			b := slices.Clone(t.Boards)
			slices.Sort(b)
			return b
		}
	}
	return nil
}

// writeUSEBIOTeamBoard writes one board of a match: the home team's IMPs
// on it (when both rooms have played it) and each room's traveller line,
// led by the DIRECTION the home team sat in.
func writeUSEBIOTeamBoard(x *xmlOut, m *movement.Movement, s *tournament.SectionData, ms tournament.MatchScore, board int) error {
	if board < 1 || board > len(s.Travelers) {
		return nil
	}
	var lines []tournament.TravelerLine
	for _, l := range s.Travelers[board-1].Lines {
		if l.Result.Round != ms.Round {
			continue
		}
		ns, ew := pairTeam(m, l.Result.NS), pairTeam(m, l.Result.EW)
		if (ns == ms.Home && ew == ms.Away) || (ns == ms.Away && ew == ms.Home) {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	x.raw(`    <BOARD>` + "\n")
	x.elem(3, "BOARD_NUMBER", strconv.Itoa(board))
	if len(lines) == 2 {
		imps := lines[0].NSPoints
		if pairTeam(m, lines[0].Result.NS) != ms.Home {
			imps = lines[0].EWPoints
		}
		x.elem(3, "IMPS", pointsText(imps))
	}
	for i := range lines {
		dir := "NS"
		if pairTeam(m, lines[i].Result.NS) != ms.Home {
			dir = "EW"
		}
		if err := writeUSEBIOLine(x, &lines[i], PointsNone, dir, pairLine(lines[i].Result.NS, lines[i].Result.EW)); err != nil {
			return err
		}
	}
	x.raw("    </BOARD>\n")
	return x.err
}

// pairTeam is the team a pair of a teams movement plays for, 0 if none.
func pairTeam(m *movement.Movement, pair string) int {
	n, err := strconv.Atoi(pair)
	if err != nil {
		return 0
	}
	return m.TeamOf(n)
}

// xmlAttr escapes text for an attribute value in double quotes.
func xmlAttr(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			if r < 0x20 && r != '\t' {
				r = ' '
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
