package reports

import (
	"errors"
	"io"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// WriteReport writes the event's whole workbook: the sheets of
// WriteWorkbook, the Royalton report, the comparison of its results under
// every other law code — the two sheets of LawComparisonSheets, row for row
// those of CompareAllLaws — the code comparison of its sections when they
// play under different codes (CodesSheet), and, when boards have their double-dummy
// analysis, the par report (MakeParReport) and the declaration report
// (MakeDeclarationReport). The comparisons are made as their
// sheets are written, law by law and section by section, each twice (once
// for the pairs sheet, once for the boards sheet that follows it), so that
// only one section's comparison is held at a time, never an event's nor
// their rows. An event whose own law code cannot be read is refused before
// anything is written, and so is one compared with another event (d.With)
// that CompareWith refuses.
func WriteReport(w io.Writer, d tournament.EventData) error {
	if _, err := d.Event.Rules(); err != nil {
		return err
	}
	var laws []scoring.Law // every other law code, as CompareAllLaws takes them
	for _, name := range scoring.LawNames() {
		l, err := scoring.ParseLaw("law", name)
		if err != nil {
			return err
		}
		if l != d.Event.Law {
			laws = append(laws, l)
		}
	}
	sheets := LawComparisonSheets(nil) // the two sheets' names and headers
	pairs, boards := sheets[0], sheets[1]
	pairs.Each = func(add func([]any) error) error {
		for _, l := range laws {
			whole, err := compareInPieces(&d, l, func(part LawComparison) error {
				part.Boards = nil
				return addRows(add, LawComparisonSheets([]LawComparison{part})[0].Rows)
			})
			if err != nil {
				return err
			}
			// The row saying nothing is comparable, when nothing was.
			if err := addRows(add, LawComparisonSheets([]LawComparison{whole})[0].Rows); err != nil {
				return err
			}
		}
		return nil
	}
	boards.Each = func(add func([]any) error) error {
		for _, l := range laws {
			whole, err := compareInPieces(&d, l, func(part LawComparison) error {
				one := part
				one.Fields = nil // the pairs sheet's, written already
				for i := range part.Boards {
					one.Boards = part.Boards[i : i+1]
					if err := addRows(add, LawComparisonSheets([]LawComparison{one})[1].Rows); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			// Then the results that are not comparable, and why.
			if err := addRows(add, LawComparisonSheets([]LawComparison{whole})[1].Rows); err != nil {
				return err
			}
		}
		return nil
	}
	var extra []Sheet
	if len(d.Sections) > 1 && d.NoOverall() == nil { // an event of several sections or sessions, not a knockout's matches: ranked together too
		extra = append(extra, OverallSheet(d.Overall()))
	}
	extra = append(extra, Royalton(d).Sheet(), pairs, boards)
	// Sections under codes of their own, or the event against another
	// (?with=): an event compared with one it shares no board with is
	// refused as the codes report and the reports page refuse it; an event
	// alone whose sections share one code has nothing to compare.
	if cs, err := CompareWith(d, d.With); err == nil {
		extra = append(extra, CodesSheet(cs))
	} else if d.With != nil {
		return err
	}
	if par, err := ParReportIfAnalysed(d); err == nil && par != nil {
		extra = append(extra, par.Sheet())
	}
	if decl, err := MakeDeclarationReport(d); err == nil && decl.Analysed > 0 {
		extra = append(extra, decl.Sheet())
	}
	return WriteWorkbook(w, d, extra...)
}

// compareInPieces compares the event's results with law l (CompareLaws)
// section by section, handing each section's part of the comparison (its
// boards and fields) to use in order. As CompareLaws compares no board and
// no standing when no result of the whole event is comparable, the parts
// of sections without a comparable result are held back until a section
// with one comes (they are handed on then) or the end (they are dropped).
// A part handed on has Comparable at least 1, the event's count so far.
// It returns the rest of the comparison: From, To, Comparable and every
// result not comparable, without Boards and Fields.
func compareInPieces(d *tournament.EventData, l scoring.Law, use func(LawComparison) error) (LawComparison, error) {
	lc, err := newLawComparer(d.Event, scoring.NewRules(l))
	if err != nil {
		return LawComparison{}, errors.Join(errors.New("comparing with "+l.String()), err)
	}
	whole := LawComparison{From: lc.fromName, To: lc.toName}
	var held []LawComparison
	for i := range d.Sections {
		part := lc.section(&d.Sections[i])
		whole.Comparable += part.Comparable
		whole.NotComparable = append(whole.NotComparable, part.NotComparable...)
		part.NotComparable = nil
		if whole.Comparable == 0 {
			held = append(held, part)
			continue
		}
		for _, p := range append(held, part) {
			p.Comparable = whole.Comparable
			if err := use(p); err != nil {
				return LawComparison{}, err
			}
		}
		held = nil
	}
	return whole, nil
}

// addRows adds rows one by one.
func addRows(add func([]any) error, rows [][]any) error {
	for _, r := range rows {
		if err := add(r); err != nil {
			return err
		}
	}
	return nil
}
