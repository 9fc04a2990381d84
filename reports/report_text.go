package reports

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// This file lays the reports out for text (WriteText prints them), beside
// their sheets: the Royalton report (RoyaltonReport.Sheet), the law-code
// comparison (LawComparisonSheets), the par report (ParReport.Sheet), the
// standings and travelers (the Standings and Travelers sheets). The text
// reads across a terminal, so its tables group and name what the sheets
// put in columns; the figures are the same.

// describeEvent names an event in a report's heading: "event 7 Tuesday
// pairs, 2026-11-24, scored MP, section A, B".
func describeEvent(d tournament.EventData) string {
	s := d.Event.Name
	if d.Event.ID != 0 {
		s = "event " + strconv.FormatInt(d.Event.ID, 10) + " " + s
	}
	var names []string
	for _, sd := range d.Sections {
		names = append(names, sd.Section.Name)
	}
	return fmt.Sprintf("%s, %s, scored %s, section %s", s, d.Event.Date, d.Event.Scoring, strings.Join(names, ", "))
}

// fixed2 writes a share or an average with 2 decimals.
func fixed2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// Text lays the Royalton report of d out for text: the figures, the
// outcomes by kind of contract, the results left out, then the contracts
// reached on each board.
func (r RoyaltonReport) Text(d tournament.EventData) []TextPart {
	figures := &Sheet{}
	fig := func(cells ...any) { figures.Rows = append(figures.Rows, cells) }
	fig("Results counted", r.Results)
	fig("Left out (not played, artificial or assigned adjusted scores)", r.LeftOut)
	fig("Unreadable under "+r.Law, len(r.Unreadable))
	fig("Passed out", r.PassedOut)
	fig("Contracts", r.Declared)
	if r.Unlevelled > 0 {
		fig("Declarations with no level (in the strains only)", r.Unlevelled)
	}
	fig("Made exactly", r.Exact)
	fig("Made with overtricks", r.Overtricks)
	fig("Defeated", r.Defeated)
	for _, s := range r.Strains {
		fig("Final declaration "+s.Strain, strconv.Itoa(s.N)+" ("+fixed2(s.Share)+"%)")
	}
	fig("Average odd tricks bid", fixed2(r.OddBid))
	fig("Average odd tricks made", fixed2(r.OddMade))

	kinds := &Sheet{Header: []string{"Kind of contract", "Bid", "Made", "Defeated"}}
	outcome := func(name string, o Outcome) { kinds.Rows = append(kinds.Rows, []any{name, o.Bid, o.Made, o.Defeated}) }
	outcome("games (trick score "+strconv.Itoa(r.GameAt)+")", r.Games)
	outcome("slams", r.Slams)
	outcome("doubled", r.Doubled)
	outcome("redoubled", r.Redoubled)
	rules := d.Event.RulesOrDefaults()
	if rules.Law.HasRoyalBids() {
		outcome("royal bids", r.Royal)
	}
	if rules.HasNullo() {
		outcome("nullos", r.Nullo)
	}

	boards := &Sheet{Header: []string{"Section", "Board", "Results", "Contracts", "Same everywhere", "Spread"}}
	for _, b := range r.Boards {
		boards.Rows = append(boards.Rows, []any{b.Section, b.Board, b.Results, len(b.Contracts), b.Same, contractSpread(b.Contracts)})
	}
	return []TextPart{
		{Lines: []string{"Royalton report: " + describeEvent(d) + "; law code " + r.Law, ""}, Table: figures},
		{Lines: []string{""}, Table: kinds},
		notCountedText("Unreadable results, left out", r.Unreadable),
		{Lines: []string{"", "Contracts reached, board by board"}, Table: boards},
	}
}

// contractSpread writes a board's contracts as "4S NS ×5, 3NT NS ×2, PASS ×1".
func contractSpread(cs []ContractCount) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		s := c.Contract
		if c.Side != "" {
			s += " " + c.Side
		}
		parts[i] = s + " ×" + strconv.Itoa(c.N)
	}
	return strings.Join(parts, ", ")
}

// notCountedText lists the results a report left out under a title;
// nothing when there are none.
func notCountedText(title string, ns []NotCounted) TextPart {
	if len(ns) == 0 {
		return TextPart{}
	}
	lines := []string{"", title + " (" + strconv.Itoa(len(ns)) + "):"}
	for _, n := range ns {
		lines = append(lines, fmt.Sprintf("  section %s board %d round %d table %d: %s", n.Section, n.Board, n.Round, n.Table, n.Reason))
	}
	return TextPart{Lines: lines}
}

// LawComparisonText lays comparisons of d out for text: per comparison the
// results not comparable, each field's standings under both codes with the
// largest moves and Kendall's tau-b, then the lines whose score changed
// and why (LawComparisonSheets holds the same as two sheets).
func LawComparisonText(d tournament.EventData, cs []LawComparison) []TextPart {
	parts := []TextPart{{Lines: []string{"Law-code comparison: " + describeEvent(d)}}}
	pct := d.Event.Scoring.HasPercentage()
	for _, c := range cs {
		parts = append(parts, TextPart{Lines: []string{"", "== " + c.From + " (the event's code) against " + c.To + " =="}},
			notCountedText("Not comparable, left out of both standings", c.NotComparable))
		for _, f := range c.Fields {
			parts = append(parts, fieldText(c, f, pct))
		}
		parts = append(parts, changedLinesText(c))
	}
	return parts
}

// fieldText is one field's standings under both codes, its largest gains
// and losses and Kendall's tau-b.
func fieldText(c LawComparison, f FieldComparison, pct bool) TextPart {
	title := "Section " + f.Section
	if f.Direction != "" {
		title += " " + f.Direction
	}
	tau := "undefined (fewer than 2 pairs, or all tied)"
	if f.TauDefined {
		tau = strconv.FormatFloat(f.Tau, 'f', 4, 64)
	}
	t := &Sheet{Header: []string{"Pair", "Players", "Place", "Place " + c.To, "Moved", "Total", "Total " + c.To}}
	if pct {
		t.Header = append(t.Header, "%", "% "+c.To)
	}
	for _, p := range f.Pairs {
		row := []any{pairLabel(p), strings.Join(p.Players, " & "), p.FromPlace, p.ToPlace, signed(p.Move), p.FromTotal, p.ToTotal}
		if pct {
			row = append(row, fixed2(p.FromPct), fixed2(p.ToPct))
		}
		t.Rows = append(t.Rows, row)
	}
	return TextPart{Lines: []string{"", title + ": Kendall's tau-b between the two standings " + tau}, Table: t,
		After: []string{"Largest gains: " + movesText(f.Gains), "Largest losses: " + movesText(f.Losses)}}
}

// pairLabel is a pair's number, with its direction in a Mitchell.
func pairLabel(p PairMove) string {
	if p.Direction != "" {
		return p.Number + " " + p.Direction
	}
	return p.Number
}

// movesText writes pairs' moves as "5 +3 (7 → 4), 9 +2 (6 → 4)", or "none".
func movesText(ps []PairMove) string {
	if len(ps) == 0 {
		return "none"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s %s (%d → %d)", pairLabel(p), signed(p.Move), p.FromPlace, p.ToPlace)
	}
	return strings.Join(parts, ", ")
}

// changedLinesText is the traveler lines whose NS score differs under the
// two codes, with the items only one code scores.
func changedLinesText(c LawComparison) TextPart {
	total, changed := 0, 0
	for _, b := range c.Boards {
		total += len(b.Lines)
		for _, l := range b.Lines {
			if l.Changed {
				changed++
			}
		}
	}
	part := TextPart{Lines: []string{"", fmt.Sprintf("Lines whose score changed: %d of %d", changed, total)}}
	if changed == 0 {
		return part
	}
	t := &Sheet{Header: []string{"Section", "Board", "Round", "Table", "NS", "EW", "Contract", "By", "Tricks",
		"NS score", "NS score " + c.To, "NS points", "NS points " + c.To, "Why"}}
	for _, b := range c.Boards {
		for _, l := range b.Lines {
			if !l.Changed {
				continue
			}
			tricks := "-"
			if l.Status == string(tournament.StatusPlayed) {
				tricks = strconv.Itoa(l.Tricks)
			}
			t.Rows = append(t.Rows, []any{b.Section, b.Board, l.Round, l.Table, l.NS, l.EW, l.Contract, l.Declarer, tricks,
				l.FromScore, l.ToScore, l.FromPoints, l.ToPoints, whyChanged(c.From, c.To, l)})
		}
	}
	part.Table = t
	return part
}

// whyChanged says why a line's score differs: the items only one code
// scores (lineChange says it at more length for the sheet).
func whyChanged(from, to string, l LineComparison) string {
	var parts []string
	if len(l.OnlyFrom) > 0 {
		parts = append(parts, "only "+from+": "+strings.Join(l.OnlyFrom, "; "))
	}
	if len(l.OnlyTo) > 0 {
		parts = append(parts, "only "+to+": "+strings.Join(l.OnlyTo, "; "))
	}
	if len(parts) == 0 {
		return "the same items, adding up differently"
	}
	return strings.Join(parts, " | ")
}

// Text lays the par report of d out for text: per code the figures, then
// per code and board its par and how the tables fared.
func (r ParReport) Text(d tournament.EventData) []TextPart {
	codes := &Sheet{Header: []string{"law code", "results", "at par", "mean from par", "cards' spread", "tables' spread", "cards' share", "boards' share (η²)"}}
	for _, c := range r.Codes {
		codes.Rows = append(codes.Rows, []any{c.Name(), c.Results, c.AtPar, fmt.Sprintf("%.1f", c.MeanFromPar),
			fmt.Sprintf("%.0f", c.CardsSpread), fmt.Sprintf("%.0f", c.TablesSpread), fmt.Sprintf("%.1f%%", 100*c.CardsShare), fmt.Sprintf("%.1f%%", 100*c.BoardsShare)})
	}
	parts := []TextPart{{Lines: []string{"Par report: " + describeEvent(d) + "; " + strconv.Itoa(r.Analysed) + " boards analysed double dummy", ""},
		Table: codes, Right: true}}
	for _, c := range r.Codes {
		t := &Sheet{Header: []string{"section", "board", "par (NS)", "contracts", "results", "at par", "mean from par"}}
		for _, b := range c.Boards {
			t.Rows = append(t.Rows, []any{b.Section, b.Board, b.Par, strings.Join(b.Contracts, ", "), b.Results, b.AtPar, fmt.Sprintf("%.1f", b.MeanFromPar)})
		}
		parts = append(parts, TextPart{Lines: []string{"", c.Name() + ", board by board:"}, Table: t})
	}
	return parts
}

// ResultsText lays an event's standings and travelers out for text, section
// by section (the Standings and Travelers sheets hold the same): the
// standings, then every board's traveler with a line. Totals, percentages
// and points are rounded to 2 decimals as the API's answer rounds them.
func ResultsText(d tournament.EventData) []TextPart {
	var parts []TextPart
	for i, sd := range d.Sections {
		st := sd.Standings
		var lines []string
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, d.Event.Name+", section "+sd.Section.Name, "Scored "+string(st.Method)+", "+d.Event.Law.String(), "")
		who := "Pair"
		if st.Method.Teams() {
			who = "Team"
		}
		t := &Sheet{Header: []string{"Place", who, "Dir", "Total", "Percent", "Boards", "Players"}}
		for _, p := range st.Pairs {
			pct := ""
			if st.Method.HasPercentage() {
				pct = fixed2(roundAsAPI(p.Percentage))
			}
			who := p.Number
			if p.Name != "" {
				who = p.Name
			}
			t.Rows = append(t.Rows, []any{strconv.Itoa(p.Place), who, p.Direction, fixed2(roundAsAPI(p.Total)), pct, p.Boards, strings.Join(p.Players, " & ")})
		}
		parts = append(parts, TextPart{Lines: lines, Table: t, Right: true})
		for _, tr := range sd.Travelers {
			if len(tr.Lines) == 0 {
				continue
			}
			t := &Sheet{Header: []string{"NS", "EW", "Contract", "By", "Tricks", "Score", "NS points", "EW points"}}
			for _, l := range tr.Lines {
				r := &l.Result
				score, tricks := "-", ""
				switch r.Status {
				case tournament.StatusPlayed:
					score, tricks = strconv.Itoa(r.NSScore), strconv.Itoa(r.Tricks)
				case tournament.StatusPassedOut:
					score = "0"
				case tournament.StatusArtificial:
					score = fmt.Sprintf("A%d%%/%d%%", r.NSPercent, r.EWPercent)
				}
				t.Rows = append(t.Rows, []any{r.NS, r.EW, r.Contract, r.Declarer, tricks, score, roundAsAPI(l.NSPoints), roundAsAPI(l.EWPoints)})
			}
			parts = append(parts, TextPart{Lines: []string{"", "Board " + strconv.Itoa(tr.Board.Number)}, Table: t, Right: true})
		}
	}
	return parts
}

// roundAsAPI rounds to 2 decimals without a negative zero, as the API's
// answers round totals and points.
func roundAsAPI(x float64) float64 {
	x = RoundTo(x, 2)
	if x == 0 {
		return 0
	}
	return x
}

// EventSummary lays a stored event out for text: a line for the event,
// then a line per section with its id and counts.
func EventSummary(d tournament.EventData) []TextPart {
	e := d.Event
	lines := []string{fmt.Sprintf("event %d: %s (%s, law code %s, scored %s)", e.ID, e.Name, e.Date, e.Law, e.Scoring)}
	for _, sd := range d.Sections {
		counts := []string{plural(len(sd.Pairs), "pair")}
		if len(sd.Teams) > 0 {
			counts = append(counts, plural(len(sd.Teams), "team"))
		}
		counts = append(counts, plural(len(sd.Boards), "board"), plural(len(sd.Results), "result"))
		lines = append(lines, fmt.Sprintf("  section %d %q, session %d, %s movement: %s",
			sd.Section.ID, sd.Section.Name, sd.Section.Session, sd.Section.Spec.Kind, strings.Join(counts, ", ")))
	}
	return []TextPart{{Lines: lines}}
}

// plural writes "1 pair" or "3 pairs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
