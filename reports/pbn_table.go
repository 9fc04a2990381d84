package reports

import (
	"strconv"
	"strings"
)

// pbnTable is a PBN table (PBN 2.1 §5: ScoreTable, TotalScoreTable,
// OptimumResultTable…): its column names, and its rows of values, a value
// "-" standing for none.
type pbnTable struct {
	tag     PBNTag
	columns map[string]int // column name → index
	rows    [][]string
}

// readPBNTable reads a table tag: the value names its columns ("Table\2R;
// PairId_NS\2R;…", each with an optional width and alignment after a
// backslash), the tag's section holds one row a line, values separated by
// white space, a quoted value ("1100", "Jukka Pesonen - Sakari Stubb")
// standing for one value.
func readPBNTable(t PBNTag) (pbnTable, error) {
	tb := pbnTable{tag: t, columns: map[string]int{}}
	for i, c := range strings.Split(t.Value, ";") {
		name, _, _ := strings.Cut(strings.TrimSpace(c), `\`)
		if name == "" {
			return tb, pbnErr(t, "the table's columns, named and separated by ; (e.g. \"Table\\2R;PairId_NS\\2R\")")
		}
		tb.columns[name] = i
	}
	for k, line := range t.Section {
		row, ok := splitTableRow(line)
		if !ok {
			return tb, &FileError{Format: "PBN", Line: t.Line, Element: "[" + t.Name + "] row " + strconv.Itoa(k+1), Value: line, Expected: "values separated by spaces, a text in quotes closed on its line"}
		}
		if len(row) != len(tb.columns) {
			return tb, &FileError{Format: "PBN", Line: t.Line, Element: "[" + t.Name + "] row " + strconv.Itoa(k+1), Value: line,
				Expected: strconv.Itoa(len(tb.columns)) + " values, one for each column, not " + strconv.Itoa(len(row))}
		}
		tb.rows = append(tb.rows, row)
	}
	return tb, nil
}

// splitTableRow splits a table row into its values, quotes removed.
func splitTableRow(s string) ([]string, bool) {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '"':
			end := strings.IndexByte(s[i+1:], '"')
			if end < 0 {
				return nil, false
			}
			out = append(out, s[i+1:i+1+end])
			i += end + 2
		default:
			end := strings.IndexAny(s[i:], " \t")
			if end < 0 {
				end = len(s) - i
			}
			out = append(out, s[i:i+end])
			i += end
		}
	}
	return out, true
}

// has reports whether the table has every one of the columns.
func (tb *pbnTable) has(names ...string) bool {
	for _, n := range names {
		if _, ok := tb.columns[n]; !ok {
			return false
		}
	}
	return true
}

// value returns a row's value in the named column: "" when the table has
// no such column or the value is "-" (none).
func (tb *pbnTable) value(row []string, name string) string {
	i, ok := tb.columns[name]
	if !ok || row[i] == "-" {
		return ""
	}
	return strings.TrimSpace(row[i])
}

// scoreTableGames turns a game's ScoreTable into one game a row, as if the
// file had a game for each table's result (PBN 2.1 §5.3: results programs
// such as Ruter and Magic Contest write a board once, with its traveler as
// a ScoreTable). Each row's game has the board's tags (Board, Dealer,
// Vulnerable, Deal, Event…) and the row's: PairId_NS, PairId_EW, Table,
// Round, Contract, Declarer, Result and Score (from Score_NS or
// Score_EW). A row of a pair that sat out ("Bye") gives no game; an
// adjusted score (A+, A, A-: 60, 50 or 40 % of the top) gives a Note
// "artificial score 60%/40%". Beside each game it returns the row's
// own figures (pbnRowFigures: its MP_ or IMP_ columns), for the
// comparison with traveler's (official.go). It returns nil when the game
// has no ScoreTable.
func scoreTableGames(g *PBNGame) ([]PBNGame, []pbnRowFigures, error) {
	t, ok := g.Tag("ScoreTable")
	if !ok {
		return nil, nil, nil
	}
	tb, err := readPBNTable(t)
	if err != nil {
		return nil, nil, err
	}
	games, rows, err := scoreTableRows(g, &tb)
	if err != nil {
		return nil, nil, err
	}
	figs := make([]pbnRowFigures, len(games))
	for i, k := range rows {
		figs[i] = tb.rowFigures(k, tb.rows[k])
	}
	return games, figs, nil
}

// pbnRowFigures are a ScoreTable row's own figures: the points of its NS
// and EW pairs as the file printed them, and where.
type pbnRowFigures struct {
	line        int       // the row's line: the rows follow the tag's line
	elements    [2]string // e.g. "[ScoreTable] MP_NS", "[ScoreTable] MP_EW"
	points      [2]Figure // not Given when the table has no such column, or "-"
	pctElements [2]string // "[ScoreTable] Percentage_NS", "[ScoreTable] Percentage_EW"
	percentages [2]Figure // the sides' percentages (pbnLinePercentageColumns); not Given as points
}

// pbnLinePercentageColumns are the ScoreTable columns of a line's percentages,
// NS and EW (PBN 2.1 §4: "Percentage_NS", "Percentage_EW"), which Magic
// Contest writes beside MP_NS and MP_EW.
var pbnLinePercentageColumns = [2]string{"Percentage_NS", "Percentage_EW"}

// pbnPointColumns are the ScoreTable columns of a line's points, NS and
// EW, in the order they are looked for (PBN 2.1 §5.3): matchpoints, then
// IMPs (Butler or cross-IMPs).
var pbnPointColumns = [][2]string{{"MP_NS", "MP_EW"}, {"IMP_NS", "IMP_EW"}}

// rowFigures reads row k's points (pbnPointColumns) and percentages
// (pbnLinePercentageColumns); a value that is not a number is no figure.
func (tb *pbnTable) rowFigures(k int, row []string) pbnRowFigures {
	rf := pbnRowFigures{line: tb.tag.Line + 1 + k}
	for _, cols := range pbnPointColumns {
		if !tb.has(cols[0]) && !tb.has(cols[1]) {
			continue
		}
		for side, c := range cols {
			rf.elements[side] = "[ScoreTable] " + c
			rf.points[side], _ = ParseFigure(tb.value(row, c))
		}
		break
	}
	for side, c := range pbnLinePercentageColumns {
		if tb.has(c) {
			rf.pctElements[side] = "[ScoreTable] " + c
			rf.percentages[side], _ = ParseFigure(tb.value(row, c))
		}
	}
	return rf
}

// scoreTableRows is scoreTableGames' games, one a row of tb (the
// ScoreTable of g), and the index of each one's row.
func scoreTableRows(g *PBNGame, tb *pbnTable) ([]PBNGame, []int, error) {
	t := tb.tag
	if tb.has("PlayerId_North") {
		return nil, nil, pbnErr(t, "a ScoreTable of pairs' lines (PairId_NS, PairId_EW): traveler reads an individual from its games' PlayerId_North, PlayerId_East, PlayerId_South and PlayerId_West tags (as it writes one), not from a ScoreTable's PlayerId_ columns")
	}
	if tb.has("MatchDetails") || tb.has("TeamId_Home") {
		return nil, nil, pbnErr(t, "a ScoreTable of traveler lines (PairId_NS, PairId_EW, Contract…): this one holds match summaries (TeamId_Home, MatchDetails), which cannot be scored board by board")
	}
	if !tb.has("PairId_NS", "PairId_EW", "Contract") {
		return nil, nil, pbnErr(t, "a ScoreTable with PairId_NS, PairId_EW and Contract columns (its traveler lines)")
	}
	base := make([]PBNTag, 0, len(g.Tags))
	for _, bt := range g.Tags {
		switch bt.Name {
		case "ScoreTable", "TotalScoreTable", "Contract", "Declarer", "Result", "Score", "Auction", "Play", "North", "South", "East", "West":
		default:
			base = append(base, PBNTag{Line: bt.Line, Name: bt.Name, Value: bt.Value})
		}
	}
	var out []PBNGame
	var rows []int
	for k, row := range tb.rows {
		where := "[ScoreTable] row " + strconv.Itoa(k+1)
		ns, ew := tb.value(row, "PairId_NS"), tb.value(row, "PairId_EW")
		sns, sew := tb.value(row, "Score_NS"), tb.value(row, "Score_EW")
		if ns == "" || ew == "" || strings.EqualFold(sns, "Bye") || strings.EqualFold(sew, "Bye") {
			continue // a pair sitting out
		}
		rg := PBNGame{Line: t.Line, Tags: append([]PBNTag(nil), base...)}
		add := func(name, value string) { rg.Tags = append(rg.Tags, PBNTag{Line: t.Line, Name: name, Value: value}) }
		add("PairId_NS", ns)
		add("PairId_EW", ew)
		// The Section column names where the pair sat (Ruter: M, N, O);
		// the field is the whole table's, so it is not a section here.
		for _, c := range []string{"Table", "Round"} {
			if v := tb.value(row, c); v != "" {
				add(c, v)
			}
		}
		pc, ok := adjustedPercent(sns, sew)
		if c := tb.value(row, "Contract"); !ok && c != "" {
			pc, ok = adjustedPercent(c, "") // an adjusted line as BridgeWebs writes one: "A" for the contract
		}
		if ok {
			add("Note", "artificial score "+strconv.Itoa(pc[0])+"%/"+strconv.Itoa(pc[1])+"%")
			out, rows = append(out, rg), append(rows, k)
			continue
		}
		contract := tb.value(row, "Contract")
		if contract == "" {
			return nil, nil, &FileError{Format: "PBN", Line: t.Line, Element: where, Value: strings.Join(row, " "), Expected: "a contract (or Pass), or an adjusted score A+, A or A-"}
		}
		add("Contract", contract)
		add("Declarer", tb.value(row, "Declarer"))
		add("Result", tb.value(row, "Result"))
		switch {
		case sns != "":
			add("Score", "NS "+sns)
		case sew != "":
			add("Score", "EW "+sew)
		}
		out, rows = append(out, rg), append(rows, k)
	}
	return out, rows, nil
}

// adjustedPercent reads the adjusted scores of a ScoreTable row: A+ (60 %
// of the top), A or A= (50 %), A- (40 %) for NS and EW; one side given
// alone gives the other its complement. ok is false when neither is one.
func adjustedPercent(ns, ew string) ([2]int, bool) {
	pct := func(s string) (int, bool) {
		switch strings.ToUpper(s) {
		case "A+":
			return 60, true
		case "A", "A=":
			return 50, true
		case "A-":
			return 40, true
		}
		return 0, false
	}
	n, okN := pct(ns)
	e, okE := pct(ew)
	switch {
	case okN && okE:
		return [2]int{n, e}, true
	case okN:
		return [2]int{n, 100 - n}, true
	case okE:
		return [2]int{100 - e, e}, true
	}
	return [2]int{}, false
}
