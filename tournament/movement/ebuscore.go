package movement

import (
	"strconv"
	"strings"
)

// ebuscoreAllowed is what an EBUScore movement file is, for refusals.
const ebuscoreAllowed = "an EBUScore pairs movement: the header \"type,tables,boards,boards per round,rounds,missing pair\" " +
	"(type 0 Howell, 1 Mitchell, 2 switched Mitchell), then a line a table: NS,EW,set for each round"

// ebuscoreIndividualAllowed is what an EBUScore individual movement file
// is, for refusals.
const ebuscoreIndividualAllowed = "an EBUScore individual movement: the header \"3,tables,boards,boards per round,rounds,players\", " +
	"then a line a table: North,South,East,West,set for each round"

// ReadMovementFile reads a movement file in either format a director's
// movement book is written in: EBUScore's (ReadEBUScore), known by its
// header of six numbers, or the .ASC format (ReadASC) with its five.
func ReadMovementFile(text string, perGroup int, unbalanced bool) ([]Round, error) {
	if isEBUScore(text) {
		return ReadEBUScore(text, perGroup, unbalanced)
	}
	return ReadASC(text, perGroup, unbalanced)
}

// isEBUScore reports whether a movement file is in EBUScore's format: its
// header (after the library's title line, if any: ebuscoreTitled) is six
// numbers and no comment, where an .ASC header is five.
func isEBUScore(text string) bool {
	all := strings.SplitN(strings.TrimPrefix(text, "\ufeff"), "\n", 3)
	first := all[0]
	if ebuscoreTitled(all) {
		first = all[1]
	}
	return !strings.Contains(first, "#") && len(ascFields(first)) == 6
}

// ReadEBUScore reads a pairs movement in the comma-separated format of
// EBUScore's movement library (the English Bridge Union's scoring program;
// its PSMovements.txt), as the EBU's forum documents it ("Writing New
// Movements in EBU Score", forums.ebu.co.uk discussion 1858): a header
// "Movement, Tables, Boards, Boards per Round, Rounds, Missing Pair" —
// movement type 0 Howell, 1 Mitchell, 2 switched Mitchell (3 and 4 are
// individuals, ReadEBUScoreIndividual; 5 to 7 teams: refused) — then one
// line a table, round by round the NS pair, EW pair and board set (set s
// is boards (s−1)·per+1 to s·per); 0,0,0 is an empty table. The library's
// title line may come first (ebuscoreTitled). perGroup must be the
// header's boards per round. A missing pair other than 0 is refused (enter
// the absent pair instead). Whatever ReadASC refuses in a round is refused
// here too, naming the table's line, the round and the table.
func ReadEBUScore(text string, perGroup int, unbalanced bool) ([]Round, error) {
	if perGroup < 1 {
		return nil, invalid("boards_per_round", perGroup, "a board set has at least 1 board")
	}
	r := ascReader{byTable: true, allowed: ebuscoreAllowed, letters: 2, played: map[[2]int]int{}}
	f, err := splitEBUScore(text, perGroup, &r, false)
	if err != nil {
		return nil, err
	}
	tables, boards, per, rounds, missing := f.head[1], f.head[2], f.head[3], f.head[4], f.head[5]
	if missing != 0 {
		return nil, r.fail(r.head, "a missing pair ("+strconv.Itoa(missing)+") is not read: give 0 and let the absent pair sit out")
	}
	lines := f.tables
	// The pairs are those the file names: 1 up to the highest.
	for _, f := range lines {
		for i, v := range f {
			if n, err := strconv.Atoi(v); err == nil && i%3 != 2 && n > r.pairs && n <= 2*tables {
				r.pairs = n
			}
		}
	}
	if r.pairs < 2 {
		r.pairs = 2 * tables
	}
	r.groups, r.per, r.inPlay = boards/per, per, make([]bool, boards/per+1)
	for ri := range rounds {
		var round []string
		for _, f := range lines {
			round = append(round, f[3*ri:3*ri+3]...)
		}
		if err := r.round(0, round); err != nil {
			return nil, err
		}
	}
	for g := 1; g <= r.groups; g++ {
		if !r.inPlay[g] {
			return nil, r.fail(0, "set "+strconv.Itoa(g)+" of the header's "+strconv.Itoa(r.groups)+" ("+strconv.Itoa(boards)+" boards, "+strconv.Itoa(per)+" a round) is played at no table")
		}
	}
	if unbalanced {
		return r.schedule, nil
	}
	return r.schedule, r.balanced()
}

// ebuscoreTitled reports whether a file's lines begin with the title
// EBUScore's libraries write above a movement's header ("[M183] Howell
// (SBU). 16 Players", "3/4 Howell, ACBL SPECIAL"): a first line that is
// not all numbers, then a header of six. A first line of six fields is a
// mistyped header, not a title, unless it starts "[".
func ebuscoreTitled(lines []string) bool {
	first := ascFields(lines[0])
	if len(lines) < 2 || len(ascFields(lines[1])) != 6 || (len(first) == 6 && !strings.HasPrefix(strings.TrimSpace(lines[0]), "[")) {
		return false
	}
	for _, f := range first {
		if _, err := strconv.Atoi(f); err != nil {
			return true
		}
	}
	return false
}

// ebuscoreFile is an EBUScore movement file split into its header and its
// tables' lines.
type ebuscoreFile struct {
	head   [6]int     // movement type, tables, boards, boards per round, rounds, and the missing pair (pairs) or the players (individual)
	tables [][]string // each table's numbers, table 1 first
}

// splitEBUScore reads an EBUScore file's optional "[name] title" line, its
// header and its tables' lines — as many as the header's tables, each with
// fields numbers a round (3 for pairs, 5 for an individual) — refusing
// what is wrong with them through r (whose head it sets to the header's
// line). individual: the file must be an individual movement (type 3),
// else a pairs movement (0 to 2). perGroup must be the header's boards a
// round, unless it is 0.
func splitEBUScore(text string, perGroup int, r *ascReader, individual bool) (ebuscoreFile, error) {
	var f ebuscoreFile
	all := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	r.head = 1
	if ebuscoreTitled(all) {
		r.head = 2 // the library's "[M183] Howell (SBU). 16 Players" line
	}
	head := ascFields(all[r.head-1])
	names := [6]string{"movement type", "tables", "boards", "boards per round", "rounds", "missing pair"}
	fields, what := 3, "NS, EW and set"
	if individual {
		names[5], fields, what = "players", 5, "North, South, East, West and set"
	}
	if individual && len(head) == 5 {
		return f, r.fail(r.head, "the header has 5 numbers, as an .ASC file's (ReadIndividualFile reads either); EBUScore's header is 6 numbers: "+
			strings.Join(names[:], ", "))
	}
	if len(head) != 6 {
		return f, r.fail(r.head, "the header is 6 numbers: "+strings.Join(names[:], ", ")+"; found "+strconv.Itoa(len(head))+" fields")
	}
	for i, v := range head {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return f, r.fail(r.head, "the header's "+names[i]+" "+strconv.Quote(v)+" is not a whole number")
		}
		f.head[i] = n
	}
	kind, tables, boards, per, rounds := f.head[0], f.head[1], f.head[2], f.head[3], f.head[4]
	k := "movement type " + strconv.Itoa(kind)
	switch {
	case !individual && (kind == 3 || kind == 4):
		return f, r.fail(r.head, k+" is an individual movement: create an individual section with it (kind individual); a pairs movement is type 0, 1 or 2")
	case individual && kind <= 2:
		return f, r.fail(r.head, k+" is a pairs movement: create a custom section with it (kind custom); an individual movement is type 3")
	case individual && kind == 4:
		return f, r.fail(r.head, k+" is an individual whose players change seats between the boards of a round (EBUScore's \"Rainbow Swivel\"): "+
			"how its seats change is not documented, so it is not read; an individual movement of type 3 is")
	case kind > 4:
		return f, r.fail(r.head, k+" is a teams movement; a pairs movement is type 0, 1 or 2, an individual type 3")
	case tables < 1 || rounds < 1 || per < 1:
		return f, r.fail(r.head, "the header needs at least 1 table, 1 round and 1 board a round")
	case boards%per != 0:
		return f, r.fail(r.head, "the header's "+strconv.Itoa(boards)+" boards are not whole sets of "+strconv.Itoa(per))
	case perGroup != 0 && per != perGroup:
		return f, r.fail(r.head, "the header's "+strconv.Itoa(per)+" boards a round differ from boards_per_round "+strconv.Itoa(perGroup)+"; give the same")
	case tables > len(text)/6 || rounds > len(text)/6 || boards/per > len(text)/2:
		return f, r.fail(r.head, "the header's "+strconv.Itoa(tables)+" tables, "+strconv.Itoa(rounds)+" rounds and "+strconv.Itoa(boards)+
			" boards do not fit a file of "+strconv.Itoa(len(text))+" characters")
	}
	for i, line := range all[r.head:] {
		num := r.head + 1 + i
		v := ascFields(line)
		if len(v) == 0 {
			continue
		}
		if len(f.tables) == tables {
			return f, r.fail(num, "more tables than the header's "+strconv.Itoa(tables))
		}
		if num != r.head+1+len(f.tables) {
			return f, r.fail(num, "an empty line between tables: a line a table, table 1 first")
		}
		if len(v) != fields*rounds {
			return f, r.fail(num, "table "+strconv.Itoa(len(f.tables)+1)+" has "+strconv.Itoa(len(v))+" numbers; "+
				strconv.Itoa(rounds)+" rounds need "+strconv.Itoa(fields*rounds)+" ("+what+" for each)")
		}
		f.tables = append(f.tables, v)
	}
	if len(f.tables) != tables {
		return f, r.fail(0, "the file has "+strconv.Itoa(len(f.tables))+" tables; the header says "+strconv.Itoa(tables))
	}
	return f, nil
}

// ReadEBUScoreIndividual reads an individual movement in EBUScore's
// format (its individual library ISMovements.txt; the format of
// ReadEBUScore, the EBU's forum discussion 1858): the header "3, Tables,
// Boards, Boards per Round, Rounds, Players" — movement type 3 (type 4,
// whose players change seats between the boards of a round, is refused:
// how is not documented) — then one line a table, round by round the
// players at North, South, East and West and the board set (set s is
// boards (s−1)·perGroup+1 to s·perGroup); a table of set 0 is not in play
// that round (the library writes it "0,0,0,0,0" or "1,2,3,4,0"). The
// library's "[name] title" line may come first (ebuscoreTitled). perGroup
// must be the header's boards per round. Players beyond the tables' seats
// sit out (Round.SitOut), at most one a table. It returns the individual
// movement, Table.Players in traveler's order (North, East, South, West)
// and the partnerships made from them (SeatPartnerships). It refuses,
// naming the line, round and table: a number that is not a player of 1 to
// the header's players or not a set of the header's, a player twice at a
// table or in a round, a player playing a set again, a set played at no
// table or less often than another, and a player of the header who plays
// in no round. Errors are *scoring.Error values of field "file".
func ReadEBUScoreIndividual(text string, perGroup int) (Movement, error) {
	if perGroup < 1 {
		return Movement{}, invalid("boards_per_round", perGroup, "a board set has at least 1 board")
	}
	return readEBUScoreIndividual(text, perGroup, perGroup)
}

// readEBUScoreIndividual is ReadEBUScoreIndividual, each set per boards;
// perGroup is the header's boards a round (0: any, as for the published
// individuals traveler plays, Individual).
func readEBUScoreIndividual(text string, perGroup, per int) (Movement, error) {
	r := ascReader{byTable: true, allowed: ebuscoreIndividualAllowed}
	f, err := splitEBUScore(text, perGroup, &r, true)
	if err != nil {
		return Movement{}, err
	}
	tables, boards, rounds, players := f.head[1], f.head[2], f.head[4], f.head[5]
	ir, err := newIndividualReader(&r, "set", players, tables, boards/f.head[3], rounds, per)
	if err != nil {
		return Movement{}, err
	}
	for ri := range rounds {
		for ti, line := range f.tables {
			if err := ir.table(r.head+ti+1, ti+1, line[5*ri:5*ri+5]); err != nil {
				return Movement{}, err
			}
		}
		ir.endRound()
	}
	return ir.finish()
}
