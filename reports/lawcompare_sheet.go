package reports

import (
	"strconv"
	"strings"
)

// LawComparisonSheets lays comparisons out as two workbook sheets: "Law
// comparison pairs", each field's standings under both codes with the
// places moved and Kendall's tau-b, and "Law comparison boards", every
// traveler line under both codes with why the score changed, then the
// results that are not comparable and why.
func LawComparisonSheets(cs []LawComparison) []Sheet {
	pairs := Sheet{Name: "Law comparison pairs", Header: []string{"Event's code", "Compared with", "Section", "Direction",
		"Pair", "Players", "Place", "Place compared", "Places gained", "Total", "Total compared", "%", "% compared"}}
	boards := Sheet{Name: "Law comparison boards", Header: []string{"Event's code", "Compared with", "Section", "Board",
		"Round", "Table", "NS", "EW", "Contract", "Declarer", "Tricks", "NS score", "NS score compared",
		"NS points", "NS points compared", "Why it differs"}}
	for _, c := range cs {
		if c.NothingComparable() {
			pairs.Rows = append(pairs.Rows, []any{c.From, c.To, "", "", "", nothingComparable(c)})
		}
		for _, f := range c.Fields {
			for _, p := range f.Pairs {
				pairs.Rows = append(pairs.Rows, []any{c.From, c.To, f.Section, f.Direction, p.Number, strings.Join(p.Players, " & "),
					p.FromPlace, p.ToPlace, p.Move, p.FromTotal, p.ToTotal, p.FromPct, p.ToPct})
			}
			tau := any("undefined")
			if f.TauDefined {
				tau = f.Tau
			}
			pairs.Rows = append(pairs.Rows, []any{c.From, c.To, f.Section, f.Direction, "", "Kendall's tau-b between the two standings", nil, nil, tau})
		}
		for _, b := range c.Boards {
			for _, l := range b.Lines {
				why := ""
				if l.Changed {
					why = lineChange(c.From, c.To, l)
				}
				tricks := any(l.Tricks)
				if l.Status != "played" {
					tricks = nil
				}
				boards.Rows = append(boards.Rows, []any{c.From, c.To, b.Section, b.Board, l.Round, l.Table, l.NS, l.EW,
					l.Contract, l.Declarer, tricks, l.FromScore, l.ToScore, l.FromPoints, l.ToPoints, why})
			}
		}
		for _, n := range c.NotComparable {
			boards.Rows = append(boards.Rows, []any{c.From, c.To, n.Section, n.Board, n.Round, n.Table,
				nil, nil, nil, nil, nil, nil, nil, nil, nil, "not comparable: " + n.Reason})
		}
	}
	return []Sheet{pairs, boards}
}

// nothingComparable says that no result of a comparison could be scored
// under both codes, so no standings are compared.
func nothingComparable(c LawComparison) string {
	return "nothing comparable: none of the event's results can be scored under " + c.To + " (" + strconv.Itoa(len(c.NotComparable)) + " not comparable), so no standings are compared"
}

// lineChange says why a line's score differs between the codes: the items
// only one of them scores.
func lineChange(from, to string, l LineComparison) string {
	var parts []string
	if len(l.OnlyFrom) > 0 {
		parts = append(parts, "only under "+from+": "+strings.Join(l.OnlyFrom, "; "))
	}
	if len(l.OnlyTo) > 0 {
		parts = append(parts, "only under "+to+": "+strings.Join(l.OnlyTo, "; "))
	}
	if len(parts) == 0 {
		return "the same items, " + strconv.Itoa(l.FromScore) + " against " + strconv.Itoa(l.ToScore)
	}
	return strings.Join(parts, " | ")
}
