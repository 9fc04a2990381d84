package reports

import (
	"bufio"
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// WriteUSEBIO writes an event as a USEBIO 1.2 results file, with the
// elements in the order Compscore3 writes them (see shared/testdata/usebio
// and usebioModel in write_usebio_test.go): the CLUB, then the EVENT with
// its name and date, its pairs with players, totals, percentages and
// places, every board's traveler lines with the points each side earned,
// then the hands in a HANDSET. An element is written only with something
// in it: a date, a direction, a player's name or number that traveler does
// not know is left out rather than written empty. USEBIO has one field of
// pairs per file: the event must have one section (an event of several is
// a tournament.ErrInvalid error on "section" listing the sections' ids:
// export one section, e.g. d.Select(sectionID, 0)), scored MP, MP_ACBL,
// BUTLER, CROSS_IMP or IMP_TEAMS (a team event: writeUSEBIOTeams; a
// knockout with a carry-over is refused, usebioTeamsHolds); an assigned adjusted score (weighted or
// split) is written without a contract, its parts in a comment of the line (usebio_assigned.go). A two-winner section (Movement.Winners 2, a
// Mitchell) is written with WINNER_TYPE 2: each PAIR with its DIRECTION,
// traveller lines naming the NS and the EW pair by their numbers, places
// per direction. A graded section (strata, handicaps) is written with its
// scratch places and a comment saying what the file leaves out and which
// files carry it (grading.go). An individual is written in USEBIO's
// individual form (writeUSEBIOIndividual).
func WriteUSEBIO(w io.Writer, d tournament.EventData) error {
	if err := USEBIOHolds(d.Event); err != nil {
		return err
	}
	typ, points, err := usebioType(d.Event.Scoring)
	if err != nil {
		return err
	}
	if err := oneSection(d.Sections); err != nil {
		return err
	}
	s := &d.Sections[0]
	teams := d.Event.Scoring == tournament.MethodIMPTeams
	winners := 1
	if teams {
		err = usebioTeamsHolds(&s.Section)
	} else {
		winners, err = usebioWinners(&s.Section)
	}
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	x := &xmlOut{w: bw}
	x.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	x.raw(`<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">` + "\n")
	x.raw(`<USEBIO Version="1.2">` + "\n")
	// The CLUB comes first, named: traveler keeps no club of its own, so
	// the organiser is named by the event.
	x.raw("<CLUB>\n")
	x.elem(1, "CLUB_NAME", cmp.Or(strings.TrimSpace(d.Event.Name), "traveler"))
	x.raw("</CLUB>\n")
	switch {
	case s.Section.Movement.Kind == movement.KindIndividual:
		err = writeUSEBIOIndividual(x, &d, s, points)
	case teams:
		err = writeUSEBIOTeams(x, &d, s)
	default:
		err = writeUSEBIOPairs(x, &d, s, typ, points, winners)
	}
	if err != nil {
		return err
	}
	hands := false
	for _, b := range s.Boards {
		deal := b.Deal
		if deal.Empty() {
			continue
		}
		if !hands {
			x.raw("<HANDSET>\n")
			hands = true
		}
		x.raw("  <BOARD>\n")
		x.elem(2, "BOARD_NUMBER", strconv.Itoa(b.Number))
		for _, seat := range []scoring.Seat{scoring.North, scoring.East, scoring.South, scoring.West} {
			if !deal.Given[seat] {
				continue
			}
			suits := strings.Split(deal.Hands[seat].String(), ".")
			x.raw("    <HAND>\n")
			x.elem(3, "DIRECTION", seatName[seat])
			for i := 3; i >= 0; i-- { // clubs first, as Compscore3 writes them
				x.elem(3, usebioSuits[i], suits[i])
			}
			x.raw("    </HAND>\n")
		}
		x.raw("  </BOARD>\n")
	}
	if hands {
		x.raw("</HANDSET>\n")
	}
	x.raw("</USEBIO>\n")
	if x.err != nil {
		return x.err
	}
	return bw.Flush()
}

// writeUSEBIOPairs writes the EVENT of a pairs section: its pairs with
// players, totals, percentages and places, and every board's traveller
// lines with the points each side earned.
func writeUSEBIOPairs(x *xmlOut, d *tournament.EventData, s *tournament.SectionData, typ string, points PointsKind, winners int) error {
	x.raw(`<EVENT EVENT_TYPE="` + typ + `">` + "\n")
	x.opt(1, "EVENT_DESCRIPTION", d.Event.Name)
	x.elem(1, "PROGRAM_NAME", "traveler")
	x.elem(1, "WINNER_TYPE", strconv.Itoa(winners))
	x.opt(1, "DATE", usebioDateOut(d.Event.Date))
	x.elem(1, "SESSION_COUNT", "1")
	x.elem(1, "SECTION_COUNT", "1")
	if note := usebioGradingNote(&s.Section.Grading); note != "" {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	if note := usebioPenaltyNote(&s.Section, "TOTAL_SCORE, PERCENTAGE and PLACE"); note != "" {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	for _, data := range usebioPenaltyData(&s.Section) {
		x.raw("  <!-- " + data + " -->\n")
	}
	for _, note := range lawOptionNotes(d) {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	if c := d.Event.Conv(); c.Name != "" {
		// USEBIO 1.2 has no element for it: a comment, as for grading.
		x.raw("  <!-- " + strings.ReplaceAll(conventionComment(c), "--", "- -") + " -->\n")
	}
	x.raw(`  <PARTICIPANTS EVENT_TYPE="` + typ + `">` + "\n")
	standing := map[[2]string]tournament.Standing{} // number, direction
	for _, st := range s.Standings.Pairs {
		standing[[2]string{st.Number, st.Direction}] = st
	}
	for _, p := range s.Pairs {
		x.raw("    <PAIR>\n")
		x.elem(3, "PAIR_NUMBER", usebioPairNumber(p.Number, p.Direction, winners))
		x.opt(3, "DIRECTION", p.Direction) // none in a one-winner field
		if st, ok := standing[[2]string{p.Number, p.Direction}]; ok {
			x.elem(3, "TOTAL_SCORE", strconv.FormatFloat(st.Total, 'f', 2, 64))
			if typ == "MP_PAIRS" {
				x.elem(3, "PERCENTAGE", strconv.FormatFloat(st.Percentage, 'f', 2, 64))
			}
			place := st.Place
			if s.Section.Grading.Handicapped() {
				place = st.Scratch // the EBU's masterpoints and NGS take the results before handicaps (grading.go)
			}
			x.elem(3, "PLACE", strconv.Itoa(place))
		}
		for k, pl := range p.Players {
			if strings.TrimSpace(pl.Name) == "" && strings.TrimSpace(pl.Number) == "" {
				continue
			}
			if k >= 2 {
				// A substitute: a PAIR has its two PLAYERs (the EBU's
				// importer, marcshearer/ImportUsebio, refuses any other
				// count), the rest in a comment traveler reads back.
				x.raw("      <!-- " + strings.ReplaceAll(usebioSubstituteComment(-1, pl), "--", "- -") + " -->\n")
				continue
			}
			x.raw("      <PLAYER>\n")
			x.opt(4, "PLAYER_NAME", pl.Name)
			x.opt(4, "NATIONAL_ID_NUMBER", pl.Number)
			x.raw("      </PLAYER>\n")
		}
		x.raw("    </PAIR>\n")
	}
	x.raw("  </PARTICIPANTS>\n")
	for _, t := range s.Travelers {
		if len(t.Lines) == 0 {
			continue
		}
		x.raw(`  <BOARD EVENT_TYPE="` + typ + `">` + "\n")
		x.elem(2, "BOARD_NUMBER", strconv.Itoa(t.Board.Number))
		if t.Datum != nil && typ == "BUTLER_PAIRS" {
			x.elem(2, "BOARD_AVERAGE", strconv.Itoa(*t.Datum))
		}
		for _, l := range t.Lines {
			ns, ew := usebioPairNumber(l.Result.NS, "NS", winners), usebioPairNumber(l.Result.EW, "EW", winners)
			if err := writeUSEBIOLine(x, &l, points, "", pairLine(ns, ew)); err != nil {
				return err
			}
		}
		x.raw("  </BOARD>\n")
	}
	x.raw("</EVENT>\n")
	return x.err
}

// oneSection checks the event has the one section a USEBIO file can hold;
// otherwise the error, on "section", says to export one and lists the
// sections' ids.
func oneSection(secs []tournament.SectionData) error {
	const howTo = "export one section: ?section=ID in the API, --section ID on the command line"
	switch len(secs) {
	case 1:
		return nil
	case 0:
		return tournament.Invalidf("section", "the event has no section; a USEBIO 1.2 file holds one field of pairs")
	}
	ids := make([]string, len(secs))
	names := make([]string, len(secs))
	for i, sd := range secs {
		ids[i] = strconv.FormatInt(sd.Section.ID, 10)
		names[i] = sd.Section.Name + " in session " + strconv.Itoa(sd.Section.Session) + ": id " + ids[i]
	}
	return tournament.Invalidf("section", "the event has "+strconv.Itoa(len(secs))+" sections ("+strings.Join(names, "; ")+
		") and a USEBIO 1.2 file holds one field of pairs: "+howTo+
		"; "+overallIsIn, ids...)
}

// usebioWinners returns the section's WINNER_TYPE: 1, or 2 for a two-winner
// movement. A one-winner movement whose pairs are numbered per direction
// (an arrow-switched Mitchell) is refused: a traveller line names its pairs
// by number alone, and NS 3 and EW 3 would be one pair.
func usebioWinners(sec *tournament.Section) (int, error) {
	m := &sec.Movement
	if m.Winners == 2 {
		return 2, nil
	}
	if len(m.PairDirections()) > 1 {
		return 0, fmt.Errorf("USEBIO export: section %s (%s) ranks one field of pairs numbered apart NS and EW; expected a one-winner section whose pairs have numbers of their own, or a two-winner section (WINNER_TYPE 2)", sec.Name, m.Name)
	}
	return 1, nil
}

// seatName is each seat's name in a HAND's DIRECTION.
var seatName = [4]string{"North", "East", "South", "West"}

// usebioPairNumber is a pair's PAIR_NUMBER (and its number in the
// traveller lines): its number, with its direction after it in a
// two-winner section ("1NS", "1EW"), as Compscore3 writes a two-winner
// Mitchell and as the ABF's uploader needs it, finding a pair by its
// PAIR_NUMBER alone (abftech/cobalt results/views/results_views.py;
// testdata/usebio/README.md).
func usebioPairNumber(number, direction string, winners int) string {
	if winners == 2 {
		return number + direction
	}
	return number
}

// writeUSEBIOLine writes one TRAVELLER_LINE naming who played as who
// gives them, element and value (pairLine: NS_PAIR_NUMBER and
// EW_PAIR_NUMBER; an individual's four players, usebio_individual.go); in
// a teams match led by dir, the DIRECTION the match's TEAM sat in ("" in a
// pairs event), and with no points elements for PointsNone; notes are
// comments written after who played (an individual's substitutes,
// usebioSubstituteComment).
func writeUSEBIOLine(x *xmlOut, l *tournament.TravelerLine, points PointsKind, dir string, who [][2]string, notes ...string) error {
	r := &l.Result
	x.raw("    <TRAVELLER_LINE>\n")
	x.opt(3, "DIRECTION", dir)
	for _, w := range who {
		x.elem(3, w[0], w[1])
	}
	for _, n := range notes {
		x.raw("      <!-- " + strings.ReplaceAll(n, "--", "- -") + " -->\n")
	}
	switch r.Status {
	case tournament.StatusPlayed:
		x.elem(3, "CONTRACT", r.Contract)
		x.elem(3, "PLAYED_BY", r.Declarer)
		if lead, ok := leadCard(r.Lead); ok {
			x.elem(3, "LEAD", lead[1:]+lead[:1]) // rank first, as Compscore3 writes it
		}
		x.elem(3, "TRICKS", strconv.Itoa(r.Tricks))
		x.elem(3, "SCORE", strconv.Itoa(r.NSScore))
	case tournament.StatusPassedOut:
		x.elem(3, "CONTRACT", "PASS")
		x.elem(3, "SCORE", "0")
	case tournament.StatusArtificial:
		if r.NSPercent > 99 || r.EWPercent > 99 {
			return fmt.Errorf("USEBIO export: board %d, %s v %s: an artificial score of %d%%/%d%%; expected each side's share below 100 (SCORE A6040 has two digits a side)", r.Board, r.NS, r.EW, r.NSPercent, r.EWPercent)
		}
		x.elem(3, "SCORE", fmt.Sprintf("A%02d%02d", r.NSPercent, r.EWPercent))
	case tournament.StatusAssigned:
		// An assigned adjusted score: no contract, its parts in a comment
		// (usebio_assigned.go), SCORE when it is one balanced figure.
		x.raw("      <!-- " + strings.ReplaceAll(assignedComment(r), "--", "- -") + " -->\n")
		if !r.Split() && len(r.Assigned) == 1 {
			x.elem(3, "SCORE", strconv.Itoa(r.Assigned[0].NSScore))
		}
	case tournament.StatusNotPlayed:
	default:
		return fmt.Errorf("USEBIO export: board %d, %s v %s: status %s; expected played, passed_out, artificial, assigned or not_played", r.Board, r.NS, r.EW, r.Status)
	}
	if r.Status != tournament.StatusNotPlayed && points != PointsNone {
		x.elem(3, pointsElements[points][0], pointsText(l.NSPoints))
		x.elem(3, pointsElements[points][1], pointsText(l.EWPoints))
	}
	x.raw("    </TRAVELLER_LINE>\n")
	return nil
}

// pairLine names a pairs line's pairs: NS_PAIR_NUMBER ns, EW_PAIR_NUMBER ew.
func pairLine(ns, ew string) [][2]string {
	return [][2]string{{"NS_PAIR_NUMBER", ns}, {"EW_PAIR_NUMBER", ew}}
}

// pointsText writes points with at most 2 decimals and no trailing zeros.
func pointsText(v float64) string {
	return strconv.FormatFloat(RoundTo(v, 2), 'f', -1, 64)
}

// USEBIOHolds tells whether a USEBIO file can hold an event: USEBIO 1.2
// records contract bridge (an event under a historical code would be read
// back as contract-2017) scored by matchpoints, Butler, cross-IMPs or as
// teams (IMP_TEAMS: its team events). The error says why not, and what to
// export instead.
func USEBIOHolds(e tournament.Event) error {
	if e.Law != scoring.Contract2017 {
		return fmt.Errorf("USEBIO records contract bridge: an event under %s would be read back as contract-2017; export it as PBN, which keeps its law code", e.Law)
	}
	_, _, err := usebioType(e.Scoring)
	return err
}

// usebioType returns the EVENT_TYPE and the points elements of a method.
func usebioType(m tournament.Method) (string, PointsKind, error) {
	switch m {
	case tournament.MethodMP, tournament.MethodMPACBL:
		return "MP_PAIRS", PointsMatchPoints, nil
	case tournament.MethodButler:
		return "BUTLER_PAIRS", PointsButler, nil
	case tournament.MethodCrossIMP:
		// Compscore3's spelling, the one the ABF's uploader takes
		// (abftech/cobalt ResultsFile.EventType: MP_PAIRS, CROSS_IMP,
		// BUTLER_PAIRS), which refuses the CROSS_IMP_PAIRS traveler wrote before.
		return "CROSS_IMP", PointsCrossIMPs, nil
	}
	if m == tournament.MethodIMPTeams {
		// A team event: its EVENT_TYPE depends on the section
		// (usebioTeamsType), its traveller lines carry no points.
		return "TEAMS", PointsNone, nil
	}
	if m.Teams() {
		// Board-a-match, Patton, aggregate: USEBIO's team events are
		// scored in IMPs; the matches are in the workbook, the boards in PBN.
		return "", PointsNone, fmt.Errorf("traveler writes USEBIO team events scored in IMPs (IMP_TEAMS) only: "+
			"an event scored %s is exported as PBN (every board's rooms and teams, the method in its [Scoring] tag: %s) "+
			"or as the workbook, report.xlsx (each team's %s round by round, a Swiss's byes)", m, pbnScoring[m], m.MatchPoints())
	}
	return "", PointsNone, fmt.Errorf("USEBIO names matchpoints, Butler, cross-IMPs and teams (IMP_TEAMS) only: an event scored %s is exported as PBN, which keeps its method", m)
}

// usebioDateOut writes YYYY-MM-DD as DD/MM/YYYY, as Compscore3 does; ""
// for a date that is not known.
func usebioDateOut(s string) string {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return ""
	}
	return t.Format("02/01/2006")
}

// xmlOut writes indented XML elements, keeping the first error.
type xmlOut struct {
	w   *bufio.Writer
	err error
}

// raw writes s as it is.
func (x *xmlOut) raw(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// opt writes <name>text</name> when there is text, nothing otherwise: an
// element whose content is wanted is never written empty.
func (x *xmlOut) opt(level int, name, text string) {
	if strings.TrimSpace(text) != "" {
		x.elem(level, name, text)
	}
}

// elem writes <name>text</name> on its own line, indented two spaces a level.
func (x *xmlOut) elem(level int, name, text string) {
	x.raw(strings.Repeat("  ", level) + "<" + name + ">")
	if x.err == nil {
		x.err = xml.EscapeText(x.w, []byte(text))
	}
	x.raw("</" + name + ">\n")
}
