package reports

import (
	"math"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// A file's official figures (issue 27 §2): what the program that wrote the
// file printed of its own scoring — each traveler line's points, each
// pair's total, percentage and place — kept as the reader found them, and
// compared with what traveler computes from the same lines
// (ResultsFile.Differences). A director may keep the file's figures
// (KeepOfficial: the line points as the director's corrections, one
// PointCorrection a side, audited as any other) or take traveler's.

// officialLine is one traveler line's points as the file printed them.
type officialLine struct {
	section             int       // index in the event's sections
	line                int       // the line of the file
	elements            [2]string // where the NS and EW points are, e.g. "BOARD/TRAVELLER_LINE/NS_MATCH_POINTS", "[ScoreTable] MP_NS"
	board, round, table int
	ns, ew              string    // the pairs' numbers
	points              [2]Figure // NS, EW
	pctElements         [2]string // where the NS and EW percentages are, e.g. "[ScoreTable] Percentage_NS"
	percentages         [2]Figure // NS, EW: each side's points as a percentage of the board's top
}

// officialPair is one pair's total, percentage and place as the file
// printed them.
type officialPair struct {
	section    int
	line       int
	elements   [3]string // where the total, percentage and place are, e.g. "PARTICIPANTS/PAIR/TOTAL_SCORE", "[TotalScoreTable] Rank"
	number     string
	direction  string // "NS"/"EW" where pairs are ranked apart
	total      Figure
	percentage Figure
	place      string // as written, "6" or "6="
}

// officialFigures are all the file's own figures the reader kept.
type officialFigures struct {
	lines []officialLine
	pairs []officialPair
}

// given reports whether the file printed any figure of its own (nil: none).
func (o *officialFigures) given() bool {
	if o == nil {
		return false
	}
	for _, l := range o.lines {
		if l.points[0].Given() || l.points[1].Given() || l.percentages[0].Given() || l.percentages[1].Given() {
			return true
		}
	}
	for _, p := range o.pairs {
		if p.total.Given() || p.percentage.Given() || p.place != "" {
			return true
		}
	}
	return false
}

// The figures a Difference may be about.
const (
	FigurePoints = "points" // a traveler line's points for one side
	// FigureLinePercentage is a traveler line's percentage for one side
	// (PBN's ScoreTable Percentage_NS, Percentage_EW).
	FigureLinePercentage = "line_percentage"
	FigureTotal          = "total"      // a pair's total
	FigurePercentage     = "percentage" // a pair's percentage
	FigurePlace          = "place"      // a pair's place
)

// Difference is one of the file's own figures that traveler does not
// reproduce from the file's lines: where the file has it, what it is, what
// traveler makes of it and by how much they differ.
type Difference struct {
	Line    int    // the line of the file
	Element string // the element or tag, e.g. "BOARD/TRAVELLER_LINE/NS_MATCH_POINTS"
	Section string // the section's name
	Figure  string // FigurePoints, FigureLinePercentage, FigureTotal, FigurePercentage or FigurePlace

	// A line's points or percentage (FigurePoints, FigureLinePercentage):
	// the line and the side.
	Board, Round, Table int
	NS, EW              string // the pairs at the line
	Side                string // "NS" or "EW"

	// A pair's figure: the pair (Direction "" when all are ranked together).
	Pair      string
	Direction string

	File     string  // the file's figure as written ("7.00", "6=")
	Official float64 // its value (a place: the number)
	Traveler float64 // traveler's figure (a total: unrounded where Rounding)
	By       float64 // File − Traveler
	Rounding bool    // the file's figure is traveler's with its lines' points rounded first: explained, not a different result
	Tie      string  // a place: the tie that explains it (in the file, "9=", that traveler's totals split, or in traveler's figures); "" when none does
	Why      string  // the difference in words, for the notes, the page and the CLI
}

// String says where a difference is and what it is.
func (d Difference) String() string {
	return d.Where() + ": " + d.Why
}

// Where names the line's side or the pair a difference is about.
func (d Difference) Where() string {
	var b strings.Builder
	if d.Section != "" {
		b.WriteString("section " + d.Section + " ")
	}
	if d.Figure == FigurePoints || d.Figure == FigureLinePercentage {
		what := " points"
		if d.Figure == FigureLinePercentage {
			what = " percentage"
		}
		b.WriteString("board " + strconv.Itoa(d.Board) + " round " + strconv.Itoa(d.Round) + " table " + strconv.Itoa(d.Table) +
			" (" + d.NS + " v " + d.EW + ") " + d.Side + what)
		return b.String()
	}
	b.WriteString("pair " + d.Pair)
	if d.Direction != "" {
		b.WriteString(" " + d.Direction)
	}
	b.WriteString(" " + d.Figure)
	return b.String()
}

// TravelerText writes traveler's figure as the file writes its own (its
// decimals, more where they show what was rounded away; a place whole).
func (d Difference) TravelerText() string {
	if d.Figure == FigurePlace {
		return strconv.Itoa(int(d.Traveler))
	}
	written, _ := ParseFigure(d.File)
	return figureText(d.Traveler, written)
}

// ByText writes by how much the file's figure is above traveler's
// (negative: below), signed, 2 decimals (a place whole).
func (d Difference) ByText() string {
	if d.Figure == FigurePlace {
		return strconv.Itoa(int(d.By))
	}
	return signedFigure(d.By, 2)
}

// figureText writes x with the decimals of the file's figure f, and more
// (up to 4) where they show what was rounded away.
func figureText(x float64, f Figure) string {
	d := f.Decimals
	for d < 4 && RoundTo(x, d) != RoundTo(x, 4) {
		d++
	}
	return strconv.FormatFloat(RoundTo(x, d), 'f', d, 64)
}

// signedFigure writes a difference with its sign, at decimals d.
func signedFigure(x float64, d int) string {
	s := strconv.FormatFloat(x, 'f', d, 64)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// compareOfficial compares the file's own figures with what traveler
// computed of d (its travelers and standings, section by section, in the
// order the reader gave them), and returns every figure that differs, the
// lines first (in file order), then the pairs.
func compareOfficial(d *tournament.EventData, o *officialFigures) []Difference {
	if o == nil {
		return nil
	}
	var out []Difference
	type slot struct{ section, board, round, table int }
	lines := map[slot]tournament.TravelerLine{}
	for si := range d.Sections {
		for _, t := range d.Sections[si].Travelers {
			for _, l := range t.Lines {
				lines[slot{si, l.Result.Board, l.Result.Round, l.Result.Table}] = l
			}
		}
	}
	// Each pair's sum of the file's line points and of traveler's, and
	// whether any of its lines differs beyond the file's precision.
	type sums struct {
		file, traveler float64
		decimals       int
		lineDiffers    bool
		lines          int
	}
	type pairSlot struct {
		section           int
		number, direction string
	}
	pairSums := map[pairSlot]*sums{}
	sumOf := func(k pairSlot) *sums {
		s := pairSums[k]
		if s == nil {
			s = &sums{}
			pairSums[k] = s
		}
		return s
	}
	// A board played fewer times than the field's most shows its own top
	// on traveler's traveler and counts Neuberg-scaled in the totals; a
	// file may write either (EBUScore writes the scaled figures: board 8 of
	// its two-section file, 16 results on the field's top of 32, 29.81
	// where the board's own top of 30 gives 28). The file's lines of a
	// board are compared with the ones more of them equal.
	// A line's percentage (PBN's Percentage_NS) is its points over the
	// board's top: the board's own, or the field's (the section's highest)
	// with the counted points — Magic Contest's percentages are the
	// Neuberg-scaled points over the field's top (its board 1: 28.33 of
	// 42, 67 %, where the board's own 27 of 40 would be 67.5).
	type boardSlot struct{ section, board int }
	tops := map[boardSlot]float64{}
	fieldTop := map[int]float64{}
	for si := range d.Sections {
		for _, t := range d.Sections[si].Travelers {
			tops[boardSlot{si, t.Board.Number}] = t.Top
			fieldTop[si] = max(fieldTop[si], t.Top)
		}
	}
	percentOf := func(ol officialLine, tl tournament.TravelerLine, side int, useCounted bool) (float64, bool) {
		top := tops[boardSlot{ol.section, ol.board}]
		pts := [2]float64{tl.NSPoints, tl.EWPoints}[side]
		if useCounted {
			top, pts = fieldTop[ol.section], tl.Counted[side]
		}
		if top <= 0 {
			return 0, false
		}
		return 100 * pts / top, true
	}
	counted := map[boardSlot]int{} // > 0: more of the board's file figures are traveler's counted ones
	for _, ol := range o.lines {
		tl, ok := lines[slot{ol.section, ol.board, ol.round, ol.table}]
		if !ok {
			continue
		}
		for side, f := range ol.points {
			shown := [2]float64{tl.NSPoints, tl.EWPoints}[side]
			if !f.Given() || tl.Counted[side] == shown {
				continue
			}
			if f.Matches(tl.Counted[side]) {
				counted[boardSlot{ol.section, ol.board}]++
			} else if f.Matches(shown) {
				counted[boardSlot{ol.section, ol.board}]--
			}
		}
		for side, f := range ol.percentages {
			own, ok1 := percentOf(ol, tl, side, false)
			field, ok2 := percentOf(ol, tl, side, true)
			if !f.Given() || !ok1 || !ok2 || f.Matches(own) == f.Matches(field) {
				continue
			}
			if f.Matches(field) {
				counted[boardSlot{ol.section, ol.board}]++
			} else {
				counted[boardSlot{ol.section, ol.board}]--
			}
		}
	}
	for _, ol := range o.lines {
		tl, ok := lines[slot{ol.section, ol.board, ol.round, ol.table}]
		if !ok {
			continue
		}
		useCounted := counted[boardSlot{ol.section, ol.board}] > 0
		sec := sectionName(d, ol.section)
		for side, f := range ol.percentages {
			t, ok := percentOf(ol, tl, side, useCounted)
			if !f.Given() || !ok || f.Matches(t) {
				continue
			}
			dir := [2]string{"NS", "EW"}[side]
			by := f.Value - t
			out = append(out, Difference{Line: ol.line, Element: ol.pctElements[side], Section: sec, Figure: FigureLinePercentage,
				Board: ol.board, Round: ol.round, Table: ol.table, NS: ol.ns, EW: ol.ew, Side: dir,
				File: f.Text, Official: f.Value, Traveler: t, By: by,
				Why: "file " + f.Text + ", traveler " + figureText(t, f) + " (by " + signedFigure(by, max(f.Decimals, 2)) + ")"})
		}
		if useCounted {
			tl.NSPoints, tl.EWPoints = tl.Counted[0], tl.Counted[1]
		}
		two := twoWinners(d, ol.section)
		for side, f := range ol.points {
			if !f.Given() {
				continue
			}
			t := tl.NSPoints
			pair, dir := ol.ns, "NS"
			if side == 1 {
				t, pair, dir = tl.EWPoints, ol.ew, "EW"
			}
			k := pairSlot{ol.section, pair, ""}
			if two {
				k.direction = dir
			}
			s := sumOf(k)
			s.file += f.Value
			s.traveler += t
			s.decimals = max(s.decimals, f.Decimals)
			s.lines++
			if f.Matches(t) {
				continue
			}
			s.lineDiffers = true
			by := f.Value - t
			out = append(out, Difference{Line: ol.line, Element: ol.elements[side], Section: sec, Figure: FigurePoints,
				Board: ol.board, Round: ol.round, Table: ol.table, NS: ol.ns, EW: ol.ew, Side: dir,
				File: f.Text, Official: f.Value, Traveler: t, By: by,
				Why: "file " + f.Text + ", traveler " + figureText(t, f) + " (by " + signedFigure(by, max(f.Decimals, 2)) + ")"})
		}
	}
	// A file that ranks the pairs of an event scored across the field all
	// together has its places compared with traveler's ranking of the
	// field (EventData.Overall), not each section's.
	var fieldPlaces map[pairSlot]int
	if acrossPlaces(d, o) {
		fieldPlaces = map[pairSlot]int{}
		index := map[string]int{}
		for si := range d.Sections {
			index[d.Sections[si].Section.Name] = si
		}
		for _, en := range d.Overall().Entries {
			for _, ss := range en.Sessions {
				if ss.Number != "" {
					fieldPlaces[pairSlot{index[ss.Section], ss.Number, ss.Direction}] = en.Place
				}
			}
		}
	}
	for _, op := range o.pairs {
		st, ok := standingOf(d, op.section, op.number, op.direction)
		if !ok {
			continue
		}
		sec := sectionName(d, op.section)
		s := pairSums[pairSlot{op.section, op.number, op.direction}]
		pd := func(fig string, f Figure, element string, t float64) {
			if !f.Given() || f.Matches(t) || fig == FigurePercentage && f.MatchesTo(t, 2) {
				return
			}
			diff := Difference{Line: op.line, Element: element, Section: sec, Figure: fig, Pair: op.number, Direction: op.direction,
				File: f.Text, Official: f.Value, Traveler: t, By: f.Value - t}
			// Rounding: every line of the pair agrees at the file's
			// precision, and the file's figure is what its own rounded line
			// points give — traveler adds them unrounded.
			if s != nil && !s.lineDiffers && s.lines > 0 && s.traveler != 0 {
				implied := t * s.file / s.traveler
				exact := t
				if fig == FigureTotal {
					exact = s.traveler
				}
				if f.Matches(implied) && !f.Matches(exact) {
					diff.Rounding, diff.Traveler, diff.By = true, exact, f.Value-exact
					diff.Why = "differs by rounding: file " + f.Text + ", traveler " + figureText(exact, f) +
						" (the file adds its lines' points as it printed them, rounded to " + strconv.Itoa(s.decimals) + " decimals; traveler adds them unrounded)"
					out = append(out, diff)
					return
				}
			}
			diff.Why = "file " + f.Text + ", traveler " + figureText(t, f) + " (by " + signedFigure(diff.By, max(f.Decimals, 2)) + ")"
			out = append(out, diff)
		}
		pd(FigureTotal, op.total, op.elements[0], st.Total)
		pd(FigurePercentage, op.percentage, op.elements[1], st.Percentage)
		place, tie := st.Place, ""
		if fieldPlaces != nil {
			place = fieldPlaces[pairSlot{op.section, op.number, op.direction}]
		}
		if p, ok := placeOf(op.place); ok && p != place {
			if fieldPlaces == nil {
				tie = placeWhy(d, o, op, p, st)
			}
			out = append(out, Difference{Line: op.line, Element: op.elements[2], Section: sec, Figure: FigurePlace, Pair: op.number, Direction: op.direction,
				File: op.place, Official: float64(p), Traveler: float64(place), By: float64(p - place), Tie: tie})
			if dd := &out[len(out)-1]; dd.Tie != "" {
				dd.Why = "file " + op.place + ", traveler " + strconv.Itoa(st.Place) + " (" + dd.Tie + ")"
			} else {
				dd.Why = "file " + op.place + ", traveler " + strconv.Itoa(st.Place)
			}
		}
	}
	return out
}

// acrossPlaces reports whether the file ranks the pairs of d, an event of
// one session scored across the field in several sections, all together:
// some section's pair has a place beyond the pairs its section ranks
// (EBUScore's two-section file places section A's pair 13 35th of 35).
func acrossPlaces(d *tournament.EventData, o *officialFigures) bool {
	if d.Event.Overall.Field != tournament.FieldAcross || len(d.Sections) < 2 || d.NoOverall() != nil {
		return false
	}
	for _, sd := range d.Sections[1:] {
		if sd.Section.Session != d.Sections[0].Section.Session {
			return false
		}
	}
	for _, op := range o.pairs {
		if p, ok := placeOf(op.place); ok && op.section < len(d.Sections) && p > len(d.Sections[op.section].Standings.Pairs) {
			return true
		}
	}
	return false
}

// placeWhy explains a place that differs where a tie is the cause: the
// file ties the pair with others (its place written "9=", or the same
// place as another pair's) that traveler places apart — its totals,
// unrounded to the file's precision, differ (or, equal, the event's
// convention breaks the tie) — or traveler ties the pair with others the
// file places apart. "" when neither side ties it.
func placeWhy(d *tournament.EventData, o *officialFigures, op officialPair, p int, st tournament.Standing) string {
	var fileTies []officialPair // the others the file places at p
	for _, q := range o.pairs {
		if q.section == op.section && q.direction == op.direction && q.number != op.number {
			if qp, ok := placeOf(q.place); ok && qp == p {
				fileTies = append(fileTies, q)
			}
		}
	}
	printed := func(q officialPair) string {
		if q.percentage.Given() {
			return q.percentage.Text + " %"
		}
		return q.total.Text
	}
	if len(fileTies) > 0 || placeTied(op.place) {
		var names, theirs, travs []string
		names = append(names, op.number)
		theirs = append(theirs, printed(op))
		travs = append(travs, totalText(st))
		split := false
		for _, q := range fileTies {
			qs, ok := standingOf(d, q.section, q.number, q.direction)
			if !ok {
				continue
			}
			names = append(names, q.number)
			theirs = append(theirs, printed(q))
			travs = append(travs, totalText(qs))
			split = split || qs.Place != st.Place
		}
		if len(names) < 2 {
			return "the file writes a tie at " + strconv.Itoa(p) + "; traveler ranks the pair alone at " + strconv.Itoa(st.Place)
		}
		why := "a tie in the file: it places pairs " + strings.Join(names, ", ") + " at " + strconv.Itoa(p) + "=, printing " + strings.Join(theirs, ", ") + "; "
		if !split {
			return why + "traveler ties them too, at " + strconv.Itoa(st.Place)
		}
		if allSame(travs) {
			return why + "traveler's totals are equal (" + travs[0] + ") and the event's convention breaks the tie"
		}
		return why + "traveler's totals, to 2 decimals, differ (" + strings.Join(travs, ", ") + "), so its places split the tie"
	}
	var tied, travs []string
	for _, q := range d.Sections[op.section].Standings.Pairs {
		if q.Direction == st.Direction && q.Number != st.Number && q.Place == st.Place {
			tied = append(tied, q.Number)
			travs = append(travs, totalText(q))
		}
	}
	if len(tied) == 0 {
		return ""
	}
	return "a tie in traveler's figures: pair " + op.number + " has the total of pairs " + strings.Join(tied, ", ") + " (" + totalText(st) + ") and shares place " +
		strconv.Itoa(st.Place) + "; the file places them apart"
}

// totalText writes a standing's total, 2 decimals.
func totalText(st tournament.Standing) string { return strconv.FormatFloat(st.Total, 'f', 2, 64) }

// allSame reports whether every string is the first.
func allSame(s []string) bool {
	for _, x := range s {
		if x != s[0] {
			return false
		}
	}
	return true
}

// placeOf reads a place as files write it: "6", or a tie — "6=" (the
// EBU's), "4-5" (Ruter's range) or "4/5" (ACBLscore's first and last) —
// as its first place.
func placeOf(s string) (int, bool) {
	t := strings.TrimSuffix(strings.TrimSpace(s), "=")
	first, last, ranged := strings.Cut(t, "/")
	if !ranged {
		first, last, ranged = strings.Cut(t, "-")
	}
	n, err := strconv.Atoi(first)
	if err != nil || n < 1 {
		return 0, false
	}
	if ranged {
		if m, err := strconv.Atoi(last); err != nil || m <= n {
			return 0, false
		}
	}
	return n, true
}

// placeTied reports whether a place as a file writes it is a tie: "6=",
// "4-5", "4/5".
func placeTied(s string) bool {
	t := strings.TrimSpace(s)
	_, ok := placeOf(t)
	return ok && (strings.HasSuffix(t, "=") || strings.ContainsAny(t, "-/"))
}

// sectionName is the name of section i of d, "" when the event has one.
func sectionName(d *tournament.EventData, i int) string {
	if len(d.Sections) < 2 || i >= len(d.Sections) {
		return ""
	}
	return d.Sections[i].Section.Name
}

// twoWinners reports whether section i ranks its NS and EW pairs apart.
func twoWinners(d *tournament.EventData, i int) bool {
	if i >= len(d.Sections) {
		return false
	}
	for _, st := range d.Sections[i].Standings.Pairs {
		if st.Direction != "" {
			return true
		}
	}
	return false
}

// standingOf finds a pair's standing in section i.
func standingOf(d *tournament.EventData, i int, number, direction string) (tournament.Standing, bool) {
	if i >= len(d.Sections) {
		return tournament.Standing{}, false
	}
	for _, st := range d.Sections[i].Standings.Pairs {
		if st.Number == number && st.Direction == direction {
			return st, true
		}
	}
	return tournament.Standing{}, false
}

// differenceNote begins the note of a figure that differs (Note.Difference).
const differenceNote = "the file's official figure differs from traveler's: "

// Difference reports whether the note is one of a figure of the file's own
// that differs from traveler's (one of ResultsFile.Differences), which a
// page lists in a table of its own.
func (n Note) Difference() bool { return strings.HasPrefix(n.Text, differenceNote) }

// noteDifferences puts a note for each difference, and refuses the file
// when reading strictly, naming the first differences.
func (rd *reading) noteDifferences(diffs []Difference) error {
	if len(diffs) == 0 {
		return nil
	}
	if rd.opt.Strict {
		first := diffs[0]
		var more []string
		for _, d := range diffs[1:min(len(diffs), 4)] {
			more = append(more, "line "+strconv.Itoa(d.Line)+" "+d.String())
		}
		expected := "the figure traveler computes from the file's lines: " + first.String()
		if len(more) > 0 {
			expected += "; also " + strings.Join(more, "; ")
		}
		if len(diffs) > 4 {
			expected += " (" + strconv.Itoa(len(diffs)) + " figures differ in all)"
		}
		return &FileError{Format: rd.formatName(), Line: first.Line, Element: first.Element, Value: first.File, Expected: expected}
	}
	for _, d := range diffs {
		rd.note(d.Line, d.Element, differenceNote+d.String())
	}
	return nil
}

// Compare compares the file's own figures with an event as traveler holds
// it — the one read from the file (Differences are that), or the event
// imported from it, with the director's corrections — section by section in
// the file's order; nothing when they all agree.
func (f *ResultsFile) Compare(d tournament.EventData) []Difference {
	return compareOfficial(&d, f.official)
}

// KeepOfficial makes the file's own line points the event's: the
// corrections of OfficialCorrections, set on their sections for the import
// to store and audit. It returns the number of corrections.
func (f *ResultsFile) KeepOfficial() int {
	n := 0
	for i, cs := range f.OfficialCorrections() {
		sec := &f.Event.Sections[i].Section
		sec.Corrections = append(sec.Corrections, cs...)
		n += len(cs)
	}
	return n
}

// OfficialCorrections are the file's own line points as the director's
// corrections (tournament.PointCorrection), each section's: every side of
// a line whose points differ from traveler's (Differences) with the file's
// figure — and, where a pair's figure differs only by rounding, the lines
// of that pair whose printed figure is not traveler's unrounded one too,
// so that the totals add up as the file's do. Nil when the file has no
// figures of its own; an event imported from the file keeps them
// (SectionData.Official) for the director to keep later.
func (f *ResultsFile) OfficialCorrections() [][]tournament.PointCorrection {
	if !f.official.given() {
		return nil
	}
	out := make([][]tournament.PointCorrection, len(f.Event.Sections))
	type side struct {
		section, board, round, table int
		side                         string
	}
	keep := map[side]bool{}
	rounded := map[[3]string]bool{} // section, pair, direction
	for _, d := range f.Differences {
		switch {
		case d.Figure == FigurePoints:
			keep[side{f.sectionIndex(d.Section), d.Board, d.Round, d.Table, d.Side}] = true
		case d.Rounding:
			rounded[[3]string{strconv.Itoa(f.sectionIndex(d.Section)), d.Pair, d.Direction}] = true
		}
	}
	for _, ol := range f.official.lines {
		if ol.section >= len(out) {
			continue
		}
		two := twoWinners(&f.Event, ol.section)
		for i, fig := range ol.points {
			dir, pair := "NS", ol.ns
			if i == 1 {
				dir, pair = "EW", ol.ew
			}
			k := side{ol.section, ol.board, ol.round, ol.table, dir}
			pd := ""
			if two {
				pd = dir
			}
			if !fig.Given() || !(keep[k] || rounded[[3]string{strconv.Itoa(ol.section), pair, pd}] && f.differsAtAll(k.section, ol, i)) {
				continue
			}
			out[ol.section] = append(out[ol.section], tournament.PointCorrection{Board: ol.board, Round: ol.round, Table: ol.table, Side: dir,
				Points: fig.Value, Reason: "the file's official figure " + fig.Text + " (line " + strconv.Itoa(ol.line) + ")"})
		}
	}
	return out
}

// differsAtAll reports whether traveler's unrounded points for side i of
// a line are not the file's printed figure.
func (f *ResultsFile) differsAtAll(section int, ol officialLine, i int) bool {
	if section >= len(f.Event.Sections) {
		return false
	}
	for _, t := range f.Event.Sections[section].Travelers {
		for _, l := range t.Lines {
			if l.Result.Board == ol.board && l.Result.Round == ol.round && l.Result.Table == ol.table {
				p := l.NSPoints
				if i == 1 {
					p = l.EWPoints
				}
				return math.Abs(p-ol.points[i].Value) > 1e-9
			}
		}
	}
	return false
}

// sectionIndex finds a section by the name a Difference gives it ("" the
// only one).
func (f *ResultsFile) sectionIndex(name string) int {
	if name == "" {
		return 0
	}
	for i := range f.Event.Sections {
		if f.Event.Sections[i].Section.Name == name {
			return i
		}
	}
	return 0
}

// FiguresText lays out for text how an import treated the file's own
// figures: the differences (where, the file's figure, traveler's, by how
// much), whose figures were kept (figures: "traveler" or "official", with
// the corrections made) and what the stored event still does not show
// (remaining). Nothing when the file's figures all agree.
func FiguresText(diffs []Difference, figures string, corrections int, remaining []Difference) []TextPart {
	if len(diffs) == 0 {
		return nil
	}
	p := TextPart{Lines: []string{"", plural(len(diffs), "figure") + " of the file's own differ from traveler's:"}}
	p.Table = &Sheet{Header: []string{"Line", "Where", "File", "Traveler", "By", "Why"}}
	for _, d := range diffs {
		why := d.Tie
		if d.Rounding {
			why = "rounding"
		}
		p.Table.Rows = append(p.Table.Rows, []any{d.Line, d.Where(), d.File, d.TravelerText(), d.ByText(), why})
	}
	switch figures {
	case "official":
		p.After = append(p.After, "kept the file's official figures: "+plural(corrections, "line side")+" corrected (audited, flagged on the travelers)")
	case "traveler":
		p.After = append(p.After, "kept traveler's figures (import with --figures official to keep the file's)")
	}
	if figures != "" {
		if len(remaining) == 0 {
			p.After = append(p.After, "the imported event shows every figure as the file does")
		} else {
			p.After = append(p.After, plural(len(remaining), "figure")+" of the file's still differ from the imported event's")
		}
	}
	return []TextPart{p}
}
