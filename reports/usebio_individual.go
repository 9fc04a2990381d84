package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// USEBIO's individual form, as the EBU's importer reads one
// (marcshearer/ImportUsebio, Usebio Parser.swift: EVENT_TYPE INDIVIDUAL,
// whose participants are PLAYERs — processParticipants — each with
// PLAYER_NUMBER, PLAYER_NAME, NATIONAL_ID_NUMBER, PLACE and TOTAL_SCORE or
// PERCENTAGE; BOARD_SCORING_METHOD from ScoringMethod: MATCH_POINTS, IMPS,
// CROSS_IMPS). The importer reads no traveller line of an individual, and
// the USEBIO 1.2 text naming a line's four players was not found: the
// file holds the ranking and the hands, and a comment names the files
// with the lines (PBN writes each player by seat).

// usebioBoardScoring is a pairs method's BOARD_SCORING_METHOD as the EBU's
// importer names it.
func usebioBoardScoring(m tournament.Method) string {
	switch m {
	case tournament.MethodButler:
		return "IMPS"
	case tournament.MethodCrossIMP:
		return "CROSS_IMPS"
	}
	return "MATCH_POINTS"
}

// writeUSEBIOIndividual writes the EVENT of an individual section: its
// players with their totals, percentages (matchpoints) and places.
func writeUSEBIOIndividual(x *xmlOut, d *tournament.EventData, s *tournament.SectionData) error {
	const typ = "INDIVIDUAL"
	x.raw(`<EVENT EVENT_TYPE="` + typ + `">` + "\n")
	x.opt(1, "EVENT_DESCRIPTION", d.Event.Name)
	x.elem(1, "PROGRAM_NAME", "traveler")
	x.elem(1, "BOARD_SCORING_METHOD", usebioBoardScoring(d.Event.Scoring))
	x.elem(1, "WINNER_TYPE", "1")
	x.opt(1, "DATE", usebioDateOut(d.Event.Date))
	x.elem(1, "SESSION_COUNT", "1")
	x.elem(1, "SECTION_COUNT", "1")
	x.raw("  <!-- traveler: an individual's traveller lines (four players a line) are in the PBN export, players by seat, and the workbook -->\n")
	if note := usebioPenaltyNote(&s.Section); note != "" {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	x.raw(`  <PARTICIPANTS EVENT_TYPE="` + typ + `">` + "\n")
	players := map[string]tournament.Pair{} // an individual's entrant is one player
	for _, p := range s.Pairs {
		players[p.Number] = p
	}
	mp := d.Event.Scoring == tournament.MethodMP || d.Event.Scoring == tournament.MethodMPACBL
	for _, st := range s.Standings.Pairs {
		x.raw("    <PLAYER>\n")
		x.elem(3, "PLAYER_NUMBER", st.Number)
		if p, ok := players[st.Number]; ok && len(p.Players) > 0 {
			x.opt(3, "PLAYER_NAME", p.Players[0].Name)
			x.opt(3, "NATIONAL_ID_NUMBER", p.Players[0].Number)
		}
		x.elem(3, "TOTAL_SCORE", strconv.FormatFloat(st.Total, 'f', 2, 64))
		if mp {
			x.elem(3, "PERCENTAGE", strconv.FormatFloat(st.Percentage, 'f', 2, 64))
		}
		x.elem(3, "PLACE", strconv.Itoa(st.Place))
		x.raw("    </PLAYER>\n")
	}
	x.raw("  </PARTICIPANTS>\n")
	x.raw("</EVENT>\n")
	return x.err
}
