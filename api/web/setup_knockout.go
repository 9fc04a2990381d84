package web

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// knockoutPreview is a knockout match as the form shows it before it is
// stored: its segments' boards, the carry-over and the tie rule in words.
type knockoutPreview struct {
	Segments []knockoutSegmentWords
	Carry    string // "No carry-over." or who starts how far ahead
	Tie      string // how a tie at the end is decided
}

// knockoutSegmentWords is one segment: its number and boards.
type knockoutSegmentWords struct {
	Segment     int
	First, Last int
}

// knockoutInput reads a knockout match's own fields of a form — the
// carry-over (carry_team, carry_imps) and the tie rule — into spec; a
// number that is not one names its field. The service checks the values.
func knockoutInput(form map[string]string, spec *tournament.MovementSpec) error {
	if s := strings.TrimSpace(form["carry_team"]); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			return tournament.Invalidf("movement.carry_team", strconv.Quote(s)+": choose the team that brings the carry-over in, 1 or 2, or none")
		}
		spec.CarryTeam = v
	}
	if s := strings.TrimSpace(form["carry_imps"]); s != "" {
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, "½", ".5"), 64)
		if err != nil {
			return tournament.Invalidf("movement.carry_imps", strconv.Quote(s)+": not a number; write the IMPs the team starts with, in halves, e.g. 12 or 10.5, or leave it empty")
		}
		spec.CarryIMPs = v
	}
	spec.TieRule = strings.TrimSpace(form["tie_rule"])
	return nil
}

// knockoutWords says what a knockout match built from spec (as m) is: its
// segments' boards, the carry-over and how a tie is decided.
func knockoutWords(spec tournament.MovementSpec, m *movement.Movement) *knockoutPreview {
	k := &knockoutPreview{Carry: "No carry-over: both teams start at 0."}
	for _, r := range m.Rounds {
		if len(r.Tables) == 0 || len(r.Tables[0].Boards) == 0 {
			continue
		}
		b := r.Tables[0].Boards
		k.Segments = append(k.Segments, knockoutSegmentWords{Segment: r.Number, First: b[0], Last: b[len(b)-1]})
	}
	if spec.CarryTeam != 0 && spec.CarryIMPs > 0 {
		k.Carry = "Team " + strconv.Itoa(spec.CarryTeam) + " starts " + imps(spec.CarryIMPs) + " ahead (the carry-over)."
	}
	playoff := "played off over " + strconv.Itoa(tournament.PlayoffBoards(m.Boards)) +
		" more boards (one-eighth of the match, at least 2: EBU White Book §143.2.1), again while still tied"
	switch {
	case spec.TieRule == "carryover" && spec.CarryTeam != 0 && spec.CarryIMPs > 0:
		k.Tie = "A tie at the end goes to team " + strconv.Itoa(spec.CarryTeam) + ", which brought the carry-over in."
	case spec.TieRule == "carryover":
		k.Tie = "A tie at the end goes to the team with the carry-over; with none, as here, it is " + playoff + "."
	default:
		k.Tie = "A tie at the end is " + playoff + "."
	}
	return k
}

// imps writes a number of IMPs: "1 IMP", "10.5 IMPs".
func imps(v float64) string {
	if v == 1 {
		return "1 IMP"
	}
	return ftoa(v) + " IMPs"
}
