package reports

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// Strata and handicaps in the files (issue 25 §5). The workbook, the
// standings CSV and the PBN TotalScoreTable carry a graded section's
// stratum, places by stratum, handicap, net result and scratch place, in
// columns written only when a section of the event is graded (so an
// ungraded event's files are as they were). USEBIO 1.2 as traveler writes
// it has no element for them: its places are the scratch ones (the EBU's
// masterpoints and NGS take the results before handicaps: "Master Points
// and NGS will be based on the 'raw' results, before application of
// handicaps", ebu.co.uk/ebuscore-wiki/handicaps), and a comment in the file
// names the files that carry the rest (usebioGradingNote).

// graded reports which of an event's sections are stratified and which
// take handicaps: whether any is.
func graded(d *tournament.EventData) (strata, handicap bool) {
	for i := range d.Sections {
		g := &d.Sections[i].Section.Grading
		strata = strata || g.Stratified()
		handicap = handicap || g.Handicapped()
	}
	return strata, handicap
}

// strataPlaces writes a standing's places by stratum, "A 3, B 2, C 1".
func strataPlaces(st *tournament.Grade) string {
	parts := make([]string, len(st.Strata))
	for i, sp := range st.Strata {
		parts[i] = sp.Stratum + " " + strconv.Itoa(sp.Place)
	}
	return strings.Join(parts, ", ")
}

// gradingColumns are the header of the grading columns of an event's
// standings (the workbook's, the CSV's): the stratum and the places by
// stratum when a section is stratified, the handicap, the net result and
// the scratch place when one takes handicaps.
func gradingColumns(d *tournament.EventData, csv bool) []string {
	strata, handicap := graded(d)
	h := gradingHeader(strata, handicap, csv)
	if penalised(d) {
		if csv {
			h = append(h, "penalty", "penalty_reasons")
		} else {
			h = append(h, "Penalty", "Penalty reasons")
		}
	}
	return h
}

// gradingHeader is gradingColumns for strata and handicaps as said: the
// overall ranking's, graded as every section is (tournament.Overall.Grading).
func gradingHeader(strata, handicap, csv bool) []string {
	var h []string
	if strata {
		if csv {
			h = append(h, "stratum", "strata_places")
		} else {
			h = append(h, "Stratum", "Places by stratum")
		}
	}
	if handicap {
		if csv {
			h = append(h, "handicap", "net", "scratch_place")
		} else {
			h = append(h, "Handicap", "Net", "Scratch place")
		}
	}
	return h
}

// Procedural penalties (issue 26 §2, Law 90) ride with the grading
// columns: when a section of the event has one, the workbook and the
// standings CSV carry what the penalties took off each total (already out
// of the total and the percentage) and their reasons; USEBIO says so in a
// comment (usebioPenaltyNote); PBN's TotalScoreTable has a Penalty column
// (pbnTotalScoreHeaderOf: a program's own column as §5
// allows).

// penalised reports whether a section of the event has a procedural
// penalty.
func penalised(d *tournament.EventData) bool {
	for i := range d.Sections {
		if len(d.Sections[i].Section.Penalties) > 0 {
			return true
		}
	}
	return false
}

// penaltyReasons says a standing's penalties in a cell, in the pages'
// words (tournament.Penalty.Text): "25% of a top, slow play (board 7); 2
// matchpoints, mobile phone".
func penaltyReasons(st *tournament.Standing) string {
	parts := make([]string, len(st.Penalties))
	for i := range st.Penalties {
		parts[i] = st.Penalties[i].Text()
	}
	return strings.Join(parts, "; ")
}

// usebioPenaltyNote is the comment a USEBIO file of a section with
// penalties carries: USEBIO 1.2 as traveler writes it has no element for a
// penalty on a participant, so the figures takenOff names (a pairs
// section's TOTAL_SCORE, PERCENTAGE and PLACE; a knockout's also its
// segments' TEAM_SCORE) are after the penalties and the comment names
// them; "" for a section without.
func usebioPenaltyNote(sec *tournament.Section, takenOff string) string {
	if len(sec.Penalties) == 0 {
		return ""
	}
	parts := make([]string, len(sec.Penalties))
	for i := range sec.Penalties {
		parts[i] = sec.Penalties[i].Words()
	}
	return "traveler: procedural penalties (Law 90) are taken off " + takenOff + " here; USEBIO 1.2 as traveler writes it has no element for them: " +
		strings.Join(parts, "; ") + ". The standings CSV and the workbook carry them in their own columns."
}

// usebioPenaltyPrefix begins the comment in which traveler writes one
// procedural penalty of a section as data (usebioPenaltyData), for its own
// reader to give the section again (usebioPenalties); the note above is
// the reader's words.
const usebioPenaltyPrefix = "traveler: penalty "

// usebioPenalty is one procedural penalty as usebioPenaltyData writes it.
type usebioPenalty struct {
	Number    string  `json:"number"`
	Direction string  `json:"direction,omitempty"`
	Amount    float64 `json:"amount"`
	Unit      string  `json:"unit"`
	Reason    string  `json:"reason"`
	Board     int     `json:"board,omitempty"`
}

// usebioPenaltyData returns a comment's text for each of the section's
// procedural penalties: usebioPenaltyPrefix and the penalty in JSON, each
// "-" written \u002d (a comment may not hold "--"; the amount and board
// are positive, so every "-" is in a string).
func usebioPenaltyData(sec *tournament.Section) []string {
	var out []string
	for _, p := range sec.Penalties {
		b, err := json.Marshal(usebioPenalty{Number: p.Number, Direction: p.Direction, Amount: p.Amount, Unit: string(p.Unit), Reason: p.Reason, Board: p.Board})
		if err == nil {
			out = append(out, usebioPenaltyPrefix+strings.ReplaceAll(string(b), "-", `\u002d`))
		}
	}
	return out
}

// usebioPenalties reads back the penalties usebioPenaltyData wrote among
// an EVENT's comments, for section sec scored by method: one that does not
// read, or in a unit the section takes no penalty in, is a note and is
// left out.
func (rd *reading) usebioPenalties(ev *USEBIOEvent, method tournament.Method, sec *tournament.Section) []tournament.Penalty {
	var out []tournament.Penalty
	for _, n := range ev.Notes {
		data, ok := strings.CutPrefix(n, usebioPenaltyPrefix)
		if !ok {
			continue
		}
		var p usebioPenalty
		if err := json.Unmarshal([]byte(data), &p); err != nil || p.Number == "" || p.Amount <= 0 {
			rd.note(ev.Line, "EVENT", "a penalty traveler wrote does not read ("+n+"): left out")
			continue
		}
		if !slices.Contains(tournament.PenaltyUnits(method, sec), p.Unit) {
			rd.note(ev.Line, "EVENT", "a penalty in "+p.Unit+" ("+n+"): this section takes none in that unit, left out")
			continue
		}
		out = append(out, tournament.Penalty{Number: p.Number, Direction: p.Direction, Amount: p.Amount, Unit: tournament.PenaltyUnit(p.Unit), Reason: p.Reason, Board: p.Board})
	}
	return out
}

// gradingCells are a standing's values for gradingColumns: text (a
// stratum, the places by stratum) as string, the handicap and net result as
// float64, the scratch place as int; a section without strata (or
// handicaps) in an event where another has them leaves its cells nil.
func gradingCells(d *tournament.EventData, g *tournament.Grading, st *tournament.Standing) []any {
	strata, handicap := graded(d)
	c := gradeCells(strata, handicap, g, &st.Grade)
	if penalised(d) {
		if len(st.Penalties) > 0 {
			c = append(c, st.Penalty, penaltyReasons(st))
		} else {
			c = append(c, nil, nil)
		}
	}
	return c
}

// gradeCells is gradingCells for the columns gradingHeader(strata,
// handicap) heads.
func gradeCells(strata, handicap bool, g *tournament.Grading, st *tournament.Grade) []any {
	var c []any
	if strata {
		if g.Stratified() {
			c = append(c, st.Stratum, strataPlaces(st))
		} else {
			c = append(c, nil, nil)
		}
	}
	if handicap {
		if g.Handicapped() {
			c = append(c, st.Handicap, st.Net, st.Scratch)
		} else {
			c = append(c, nil, nil, nil)
		}
	}
	return c
}

// gradingCSV turns gradingCells into CSV cells: text made inert, figures as
// printed.
func gradingCSV(cells []any) []csvCell {
	out := make([]csvCell, len(cells))
	for i, c := range cells {
		switch v := c.(type) {
		case string:
			out[i] = csvText(v)
		case float64:
			out[i] = csvFigure(csvNumber(v))
		case int:
			out[i] = csvFigure(strconv.Itoa(v))
		default:
			out[i] = csvFigure("")
		}
	}
	return out
}

// usebioGradingNote is the comment a USEBIO file of a graded section
// carries: what it leaves out and which files have it; "" for a section
// that is not graded.
func usebioGradingNote(g *tournament.Grading) string {
	var what []string
	if g.Stratified() {
		what = append(what, "strata ("+strings.Join(g.Names(), ", ")+") and the places within them")
	}
	if g.Handicapped() {
		what = append(what, "handicaps and the places they give (the places here are the scratch ones)")
	}
	if len(what) == 0 {
		return ""
	}
	return "traveler: this section is graded; USEBIO 1.2 as traveler writes it has no element for its " + strings.Join(what, ", nor for its ") +
		". The standings CSV (standings.csv), the workbook (xlsx) and the PBN file's TotalScoreTable carry them."
}
