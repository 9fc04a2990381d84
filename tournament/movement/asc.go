package movement

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// ReadASC reads a movement file in the .ASC format (version 1.0, documented
// at http://www.pjms.nl/movementfile_standard.html) into a schedule for
// Custom, each board group perGroup boards (group g: boards
// (g−1)·perGroup+1 to g·perGroup).
//
// The first line is the header: contestants, tables, rounds, board groups
// and 0 for a pairs movement (1, an individual movement, is refused:
// ReadASCIndividual reads it). Then
// one line a round, tables 1, 2, … in order, each "NS EW group"; groups are
// letters from A or numbers from 1, one or the other throughout; an empty
// table is three zeros. Separators are any run of spaces, tabs, '-', ',',
// ';' or ':'; after '#' a line is a comment, and empty lines are ignored.
// Pairs at no table in a round sit out; groups at no table rest.
//
// Beyond reading, it refuses what a movement from a book must not do,
// naming the line, round and table: a pair twice in a round, a pair
// playing a group twice, a group of the header played at no table, and
// what CheckBalanced refuses — two pairs meeting again (but at the same
// table in the next round: a meeting of two rounds, as the published
// 4-pair Howell has) and groups played unequally often (a movement that
// does not balance) — said in the file's lines and groups; those two only
// when unbalanced is false (the director's allowance, as for a hand-typed
// schedule). Errors are *scoring.Error values of field "file".
func ReadASC(text string, perGroup int, unbalanced bool) ([]Round, error) {
	if perGroup < 1 {
		return nil, invalid("boards_per_round", perGroup, "a board group has at least 1 board")
	}
	lines := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	header := lines[0]
	if cut := strings.IndexByte(header, '#'); cut >= 0 {
		header = header[:cut]
	}
	head := ascFields(header)
	if len(head) != 5 {
		return nil, ascError(1, "the header is 5 numbers: contestants, tables, rounds, board groups, 0 for pairs; found "+strconv.Itoa(len(head))+" fields")
	}
	var h [5]int
	names := [5]string{"contestants", "tables", "rounds", "board groups", "individual"}
	for i, f := range head {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, ascError(1, "the header's "+names[i]+" "+strconv.Quote(f)+" is not a whole number")
		}
		h[i] = n
	}
	pairs, tables, rounds, groups := h[0], h[1], h[2], h[3]
	switch {
	case h[4] == 1:
		return nil, ascError(1, "an individual movement (the header's last number 1): create an individual section with it (kind individual, ReadASCIndividual); a pairs movement has 0")
	case h[4] != 0:
		return nil, ascError(1, "the header's last number is 0 for a pairs movement, not "+strconv.Itoa(h[4]))
	case tables < 1 || rounds < 1 || groups < 1:
		return nil, ascError(1, "the header needs at least 1 table, 1 round and 1 board group")
	case rounds >= len(lines):
		return nil, ascError(1, "the header's "+strconv.Itoa(rounds)+" rounds need a line each; the file has "+strconv.Itoa(len(lines)-1)+" lines after it")
	case tables > len(text)/6, groups > tables*rounds:
		// A table is at least "1-2 A " on every line, and every group is played.
		return nil, ascError(1, "the header's "+strconv.Itoa(tables)+" tables and "+strconv.Itoa(groups)+" board groups do not fit a file of "+
			strconv.Itoa(len(text))+" characters: each table is written on every line, each group played at a table")
	case pairs < 2 || pairs > 2*tables:
		return nil, ascError(1, "the header's "+strconv.Itoa(pairs)+" pairs do not fit "+strconv.Itoa(tables)+" tables: 2 to "+strconv.Itoa(2*tables))
	}
	r := ascReader{pairs: pairs, groups: groups, per: perGroup, played: map[[2]int]int{}, inPlay: make([]bool, groups+1)}
	for i, line := range lines[1:] {
		if cut := strings.IndexByte(line, '#'); cut >= 0 {
			line = line[:cut]
		}
		f := ascFields(line)
		if len(f) == 0 {
			continue
		}
		if len(r.schedule) == rounds {
			return nil, ascError(i+2, "more rounds than the header's "+strconv.Itoa(rounds))
		}
		if len(f) != 3*tables {
			return nil, ascError(i+2, "round "+strconv.Itoa(len(r.schedule)+1)+" has "+strconv.Itoa(len(f))+" numbers; "+
				strconv.Itoa(tables)+" tables need "+strconv.Itoa(3*tables)+" (NS, EW and board group for each)")
		}
		if err := r.round(i+2, f); err != nil {
			return nil, err
		}
		r.lines = append(r.lines, i+2)
	}
	if len(r.schedule) != rounds {
		return nil, ascError(len(lines), "the file has "+strconv.Itoa(len(r.schedule))+" rounds; the header says "+strconv.Itoa(rounds))
	}
	for g := 1; g <= groups; g++ {
		if !r.inPlay[g] {
			return nil, ascError(0, "board group "+r.groupName(g)+" of the header's "+strconv.Itoa(groups)+" is played at no table")
		}
	}
	if unbalanced {
		return r.schedule, nil // the director accepts pairs meeting again and groups played unequally
	}
	return r.schedule, r.balanced()
}

// ascReader is the state of ReadASC: the rounds read and what they hold.
type ascReader struct {
	pairs, groups, per int
	letters            int            // 1: groups given as letters, 2: as numbers, 0: none yet
	schedule           []Round        // the rounds read
	lines              []int          // the file's line of each round read
	played             map[[2]int]int // pair, group: the round it played the group
	inPlay             []bool         // the groups played at some table
	byTable            bool           // the file has a line a table (EBUScore's), not a line a round
	head               int            // byTable: the header's line (table t is line head+t)
	allowed            string         // what the file should be, for refusals
}

// lineOf is the file's line of table t (1 up) in round ri (0 up).
func (r *ascReader) lineOf(ri, t int) int {
	if r.byTable {
		return r.head + t // EBUScore: the header, then table 1, 2, …
	}
	return r.lines[ri]
}

// fail is a refusal of the file at line num (0: the file as a whole).
func (r *ascReader) fail(num int, problem string) *scoring.Error {
	e := ascError(num, problem)
	if r.allowed != "" {
		e.Allowed = []string{r.allowed}
	}
	return e
}

// round reads one round's fields, line num of the file.
func (r *ascReader) round(num int, f []string) error {
	rn := len(r.schedule) + 1
	at := func(t int) string {
		return "round " + strconv.Itoa(rn) + ", table " + strconv.Itoa(t)
	}
	round := Round{Number: rn}
	seated := make(map[int]int) // pair → its table this round
	inPlay := make([]bool, r.groups+1)
	for i := 0; i < len(f); i += 3 {
		t := i/3 + 1
		if r.byTable {
			num = r.head + t // the table's own line
		}
		ns, errNS := strconv.Atoi(f[i])
		ew, errEW := strconv.Atoi(f[i+1])
		if errNS != nil || errEW != nil || ns < 0 || ew < 0 || ns > r.pairs || ew > r.pairs {
			return r.fail(num, at(t)+": "+strconv.Quote(f[i])+" and "+strconv.Quote(f[i+1])+" are not pairs of 1 to "+strconv.Itoa(r.pairs))
		}
		g, problem := r.group(f[i+2])
		if problem != "" {
			return r.fail(num, at(t)+": "+problem)
		}
		if ns == 0 && ew == 0 && g == 0 {
			continue // an empty table
		}
		if ns == 0 || ew == 0 || g == 0 || ns == ew {
			return r.fail(num, at(t)+": two different pairs and a board group, or three zeros for an empty table")
		}
		for _, p := range []int{ns, ew} {
			if other, ok := seated[p]; ok {
				return r.fail(num, at(t)+": pair "+strconv.Itoa(p)+" is also at table "+strconv.Itoa(other)+" this round")
			}
			seated[p] = t
			if before, ok := r.played[[2]int{p, g}]; ok {
				return r.fail(num, at(t)+": pair "+strconv.Itoa(p)+" plays board group "+r.groupName(g)+" again (it played it in round "+strconv.Itoa(before)+")")
			}
			r.played[[2]int{p, g}] = rn
		}
		inPlay[g] = true
		r.inPlay[g] = true
		round.Tables = append(round.Tables, Table{Table: t, NS: ns, EW: ew, Boards: setBoards(g, r.per)})
	}
	for p := 1; p <= r.pairs; p++ {
		if _, ok := seated[p]; !ok {
			round.SitOut = append(round.SitOut, p)
		}
	}
	for g := 1; g <= r.groups; g++ {
		if !inPlay[g] {
			round.ByeStand = append(round.ByeStand, setBoards(g, r.per)...)
		}
	}
	r.schedule = append(r.schedule, round)
	return nil
}

// group reads a board group: a letter from A or a number from 1, the same
// kind throughout the file; 0 only for an empty table. It returns what is
// wrong with s, or "".
func (r *ascReader) group(s string) (int, string) {
	if s == "0" {
		return 0, ""
	}
	kind, g := 2, 0
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' {
		kind, g = 1, int(s[0]-'A')+1
	} else if n, err := strconv.Atoi(s); err == nil {
		g = n
	}
	switch {
	case g < 1 || g > r.groups:
		return 0, "board group " + strconv.Quote(s) + " is not one of the header's " + strconv.Itoa(r.groups) +
			" (A to " + string(rune('A'+min(r.groups, 26)-1)) + ", or 1 to " + strconv.Itoa(r.groups) + ")"
	case r.letters != 0 && r.letters != kind:
		return 0, "board group " + strconv.Quote(s) + ": groups are letters or numbers, one or the other throughout the file"
	}
	r.letters = kind
	return g, ""
}

// groupName is how the file calls group g.
func (r *ascReader) groupName(g int) string {
	if r.letters == 1 {
		return string(rune('A' + g - 1))
	}
	return strconv.Itoa(g)
}

// balanced refuses what CheckBalanced refuses in the schedule read — two
// pairs meeting again, groups played unequally often — naming the file's
// line, round and table, and the groups as the file calls them.
func (r *ascReader) balanced() error {
	m, err := Custom(r.schedule, 1, 0)
	if err != nil {
		return err
	}
	f, ok := m.imbalance()
	switch {
	case !ok:
		return nil
	case f.again:
		return r.fail(r.lineOf(f.round, m.Rounds[f.round].Tables[f.table].Table), f.where(&m)+"pairs "+strconv.Itoa(f.ns)+" and "+strconv.Itoa(f.ew)+" meet again (they met in round "+
			strconv.Itoa(f.metRound)+" at table "+strconv.Itoa(f.metTable)+")")
	}
	line := 0
	if f.round >= 0 {
		line = r.lineOf(f.round, m.Rounds[f.round].Tables[f.table].Table)
	}
	group := func(b int) string { return r.groupName((b-1)/r.per + 1) }
	return r.fail(line, f.where(&m)+"board group "+group(f.board)+" is played at "+tablesText(f.plays)+" and group "+group(f.first)+
		" at "+strconv.Itoa(f.firstPlays)+": the movement does not balance (every group is played equally often)")
}

// ascFields splits a line at runs of the separators.
func ascFields(line string) []string {
	return strings.FieldsFunc(line, func(c rune) bool {
		return c == ' ' || c == '\t' || c == '\r' || c == '-' || c == ',' || c == ';' || c == ':'
	})
}

// ascError is a refusal of the file, at line num (0: the file as a whole).
func ascError(num int, problem string) *scoring.Error {
	if num > 0 {
		problem = "line " + strconv.Itoa(num) + ": " + problem
	}
	return &scoring.Error{Field: "file", Problem: problem, Allowed: []string{"a movement file in the .ASC format: a header line, then a line a round"}}
}
