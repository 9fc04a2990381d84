package movement

import (
	"strconv"
	"strings"
)

// ebuscoreAllowed is what an EBUScore movement file is, for refusals.
const ebuscoreAllowed = "an EBUScore pairs movement: the header \"type,tables,boards,boards per round,rounds,missing pair\" " +
	"(type 0 Howell, 1 Mitchell, 2 switched Mitchell), then a line a table: NS,EW,set for each round"

// ReadMovementFile reads a movement file in either format a director's
// movement book is written in: EBUScore's (ReadEBUScore), known by its
// header of six numbers, or the .ASC format (ReadASC) with its five.
func ReadMovementFile(text string, perGroup int, unbalanced bool) ([]Round, error) {
	first, _, _ := strings.Cut(strings.TrimPrefix(text, "\ufeff"), "\n")
	if cut := strings.IndexByte(first, '#'); cut < 0 && len(ascFields(first)) == 6 {
		return ReadEBUScore(text, perGroup, unbalanced)
	}
	return ReadASC(text, perGroup, unbalanced)
}

// ReadEBUScore reads a pairs movement in the comma-separated format of
// EBUScore's movement library (the English Bridge Union's scoring program;
// its PSMovements.txt), as the EBU's forum documents it ("Writing New
// Movements in EBU Score", forums.ebu.co.uk discussion 1858): a header
// "Movement, Tables, Boards, Boards per Round, Rounds, Missing Pair" —
// movement type 0 Howell, 1 Mitchell, 2 switched Mitchell (3 and 4 are
// individuals, 5 to 7 teams: refused) — then one line a table, round by
// round the NS pair, EW pair and board set (set s is boards
// (s−1)·per+1 to s·per); 0,0,0 is an empty table. perGroup must be the
// header's boards per round. A missing pair other than 0 is refused (enter
// the absent pair instead). Whatever ReadASC refuses in a round is refused
// here too, naming the table's line, the round and the table.
func ReadEBUScore(text string, perGroup int, unbalanced bool) ([]Round, error) {
	r := ascReader{byTable: true, allowed: ebuscoreAllowed, letters: 2, played: map[[2]int]int{}}
	var lines [][]string // the tables' fields, table 1 first
	all := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	head := ascFields(all[0])
	if len(head) != 6 {
		return nil, r.fail(1, "the header is 6 numbers: movement type, tables, boards, boards per round, rounds, missing pair; found "+strconv.Itoa(len(head))+" fields")
	}
	var h [6]int
	names := [6]string{"movement type", "tables", "boards", "boards per round", "rounds", "missing pair"}
	for i, f := range head {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, r.fail(1, "the header's "+names[i]+" "+strconv.Quote(f)+" is not a whole number")
		}
		h[i] = n
	}
	kind, tables, boards, per, rounds, missing := h[0], h[1], h[2], h[3], h[4], h[5]
	switch {
	case kind == 3 || kind == 4:
		return nil, r.fail(1, "movement type "+strconv.Itoa(kind)+" is an individual movement; a pairs movement is type 0, 1 or 2")
	case kind > 2:
		return nil, r.fail(1, "movement type "+strconv.Itoa(kind)+" is a teams movement; a pairs movement is type 0, 1 or 2")
	case tables < 1 || rounds < 1 || per < 1:
		return nil, r.fail(1, "the header needs at least 1 table, 1 round and 1 board a round")
	case boards%per != 0:
		return nil, r.fail(1, "the header's "+strconv.Itoa(boards)+" boards are not whole sets of "+strconv.Itoa(per))
	case per != perGroup:
		return nil, r.fail(1, "the header's "+strconv.Itoa(per)+" boards a round differ from boards_per_round "+strconv.Itoa(perGroup)+"; give the same")
	case missing != 0:
		return nil, r.fail(1, "a missing pair ("+strconv.Itoa(missing)+") is not read: give 0 and let the absent pair sit out")
	case tables > len(text)/6 || rounds > len(text)/6:
		return nil, r.fail(1, "the header's "+strconv.Itoa(tables)+" tables and "+strconv.Itoa(rounds)+" rounds do not fit a file of "+strconv.Itoa(len(text))+" characters")
	}
	for i, line := range all[1:] {
		f := ascFields(line)
		if len(f) == 0 {
			continue
		}
		if len(lines) == tables {
			return nil, r.fail(i+2, "more tables than the header's "+strconv.Itoa(tables))
		}
		if i+2 != len(lines)+2 {
			return nil, r.fail(i+2, "an empty line between tables: a line a table, table 1 first")
		}
		if len(f) != 3*rounds {
			return nil, r.fail(i+2, "table "+strconv.Itoa(len(lines)+1)+" has "+strconv.Itoa(len(f))+" numbers; "+
				strconv.Itoa(rounds)+" rounds need "+strconv.Itoa(3*rounds)+" (NS, EW and set for each)")
		}
		lines = append(lines, f)
	}
	if len(lines) != tables {
		return nil, r.fail(0, "the file has "+strconv.Itoa(len(lines))+" tables; the header says "+strconv.Itoa(tables))
	}
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
