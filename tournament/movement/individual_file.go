package movement

import (
	"strconv"
	"strings"
)

// ascIndividualAllowed is what an .ASC individual movement file is, for
// refusals.
const ascIndividualAllowed = "an .ASC individual movement: a header \"players tables rounds groups 1\", " +
	"then a line a round: North South East West group for each table"

// ReadIndividualFile reads an individual movement file in either format
// a director's movement book is written in: EBUScore's
// (ReadEBUScoreIndividual), known by its header of six numbers (a title
// line may come first), or the .ASC format (ReadASCIndividual) with its
// five.
func ReadIndividualFile(text string, perGroup int) (Movement, error) {
	if isEBUScore(text) {
		return ReadEBUScoreIndividual(text, perGroup)
	}
	return ReadASCIndividual(text, perGroup)
}

// ReadASCIndividual reads an individual movement in the .ASC format
// (version 1.0, http://www.pjms.nl/movementfile_standard.html): the header
// "players tables rounds groups 1" (the last number 1: an individual),
// then a line a round, each table "North South East West group" — the
// format's own order — groups letters from A or numbers from 1, five zeros
// an empty table; separators, comments and empty lines as ReadASC reads
// them. Each group is perGroup boards. Players at no table in a round sit
// out, at most one a table. It returns the individual movement as
// ReadEBUScoreIndividual does, refusing what it refuses, naming the
// round's line and the table. Errors are *scoring.Error values of field
// "file".
func ReadASCIndividual(text string, perGroup int) (Movement, error) {
	if perGroup < 1 {
		return Movement{}, invalid("boards_per_round", perGroup, "a board group has at least 1 board")
	}
	r := ascReader{allowed: ascIndividualAllowed}
	lines := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	header := lines[0]
	if cut := strings.IndexByte(header, '#'); cut >= 0 {
		header = header[:cut]
	}
	head := ascFields(header)
	names := [5]string{"players", "tables", "rounds", "board groups", "individual"}
	if len(head) != 5 {
		return Movement{}, r.fail(1, "the header is 5 numbers: "+strings.Join(names[:], ", ")+" (1); found "+strconv.Itoa(len(head))+" fields")
	}
	var h [5]int
	for i, f := range head {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return Movement{}, r.fail(1, "the header's "+names[i]+" "+strconv.Quote(f)+" is not a whole number")
		}
		h[i] = n
	}
	players, tables, rounds, groups := h[0], h[1], h[2], h[3]
	switch {
	case h[4] == 0:
		return Movement{}, r.fail(1, "the header's last number 0 is a pairs movement: create a custom section with it (kind custom); an individual has 1")
	case h[4] != 1:
		return Movement{}, r.fail(1, "the header's last number is 1 for an individual movement, not "+strconv.Itoa(h[4]))
	case tables < 1 || rounds < 1 || groups < 1:
		return Movement{}, r.fail(1, "the header needs at least 1 table, 1 round and 1 board group")
	case rounds >= len(lines):
		return Movement{}, r.fail(1, "the header's "+strconv.Itoa(rounds)+" rounds need a line each; the file has "+strconv.Itoa(len(lines)-1)+" lines after it")
	case tables > len(text)/10, groups > tables*rounds:
		// A table is at least "1 2 3 4 A " on every line, and every group is played.
		return Movement{}, r.fail(1, "the header's "+strconv.Itoa(tables)+" tables and "+strconv.Itoa(groups)+" board groups do not fit a file of "+
			strconv.Itoa(len(text))+" characters: each table is written on every line, each group played at a table")
	}
	r.groups, r.head = groups, 1
	ir, err := newIndividualReader(&r, "board group", players, tables, groups, rounds, perGroup)
	if err != nil {
		return Movement{}, err
	}
	read := 0
	for i, line := range lines[1:] {
		num := i + 2
		if cut := strings.IndexByte(line, '#'); cut >= 0 {
			line = line[:cut]
		}
		f := ascFields(line)
		if len(f) == 0 {
			continue
		}
		if read == rounds {
			return Movement{}, r.fail(num, "more rounds than the header's "+strconv.Itoa(rounds))
		}
		if len(f) != 5*tables {
			return Movement{}, r.fail(num, "round "+strconv.Itoa(read+1)+" has "+strconv.Itoa(len(f))+" numbers; "+
				strconv.Itoa(tables)+" tables need "+strconv.Itoa(5*tables)+" (North, South, East, West and board group for each)")
		}
		for t := 1; t <= tables; t++ {
			if err := ir.table(num, t, f[5*(t-1):5*t]); err != nil {
				return Movement{}, err
			}
		}
		ir.endRound()
		read++
	}
	if read != rounds {
		return Movement{}, r.fail(len(lines), "the file has "+strconv.Itoa(read)+" rounds; the header says "+strconv.Itoa(rounds))
	}
	return ir.finish()
}

// individualReader reads an individual movement from a file table by
// table, round by round, refusing through r what is wrong, naming the
// file's line, the round and the table.
type individualReader struct {
	r      *ascReader
	word   string   // what the file calls a set of boards: "set" (EBUScore) or "board group" (.ASC)
	m      Movement // the movement read so far
	sets   int      // the sets of boards, 1 to sets
	per    int      // boards a set
	played map[[2]int]int
	plays  []bool // the players who play some round
	inPlay []int  // the tables each set is played at, over the movement
	seated []int  // player → table this round (0: none)
	round  Round  // the round being read
}

// newIndividualReader starts reading an individual of players players at
// tables tables in rounds rounds, sets sets of per boards, as the header
// at line r.head gives them; it refuses a number of players that cannot
// play there: fewer than 4, or more than 5 a table (four seated, one
// sitting out in turn).
func newIndividualReader(r *ascReader, word string, players, tables, sets, rounds, per int) (*individualReader, error) {
	switch {
	case players < 4:
		return nil, r.fail(r.head, "the header's "+strconv.Itoa(players)+" players: an individual has 4 or more, four a table")
	case players > 5*tables:
		return nil, r.fail(r.head, "the header's "+strconv.Itoa(players)+" players do not fit "+strconv.Itoa(tables)+
			" tables: four a table and at most one more a table sitting out in turn, "+strconv.Itoa(5*tables))
	}
	return &individualReader{r: r, word: word, sets: sets, per: per, played: map[[2]int]int{},
		plays: make([]bool, players+1), inPlay: make([]int, sets+1), seated: make([]int, players+1), round: Round{Number: 1},
		m: Movement{Name: "Individual, " + strconv.Itoa(players) + " players, " + strconv.Itoa(rounds) + " rounds", Kind: KindIndividual, Winners: 1,
			Players: players, Tables: tables, Boards: sets * per, Rounds: make([]Round, 0, rounds)}}, nil
}

// table reads table t of the round, at line num of the file: v is its
// North, South, East, West and set, as the file writes them. A table of
// set 0 is not in play that round (EBUScore's library writes it
// "0,0,0,0,0" or "1,2,3,4,0"; the .ASC format five zeros).
func (ir *individualReader) table(num, t int, v []string) error {
	r, rn := ir.r, ir.round.Number
	at := "round " + strconv.Itoa(rn) + ", table " + strconv.Itoa(t)
	if v[4] == "0" {
		return nil
	}
	tb := Table{Table: t, Players: make([]int, 4)}
	order := [4]int{0, 2, 1, 3} // the file's North, South, East, West in Table.Players (N, E, S, W)
	for i, s := range v[:4] {
		seat := order[i]
		p, err := strconv.Atoi(s)
		if err != nil || p < 1 || p > ir.m.Players {
			return r.fail(num, at+", "+seatNames[seat]+": "+strconv.Quote(s)+" is not a player of 1 to "+strconv.Itoa(ir.m.Players))
		}
		for o, q := range tb.Players {
			if q == p {
				return r.fail(num, at+": player "+strconv.Itoa(p)+" sits twice at the table ("+seatNames[o]+" and "+seatNames[seat]+"); four different players sit at a table")
			}
		}
		if ir.seated[p] != 0 {
			return r.fail(num, at+": player "+strconv.Itoa(p)+" is also at table "+strconv.Itoa(ir.seated[p])+" this round; a player plays each round at most once")
		}
		ir.seated[p], tb.Players[seat], ir.plays[p] = t, p, true
	}
	var g int
	if r.byTable { // EBUScore: sets are numbers
		n, err := strconv.Atoi(v[4])
		if err != nil || n < 1 || n > ir.sets {
			return r.fail(num, at+": set "+strconv.Quote(v[4])+" is not one of the header's "+strconv.Itoa(ir.sets)+" (1 to "+strconv.Itoa(ir.sets)+
				"); a table not in play has set 0")
		}
		g = n
	} else {
		n, problem := r.group(v[4])
		if problem != "" {
			return r.fail(num, at+": "+problem)
		}
		g = n
	}
	for _, p := range tb.Players {
		if before, ok := ir.played[[2]int{p, g}]; ok {
			return r.fail(num, at+": player "+strconv.Itoa(p)+" plays "+ir.word+" "+r.groupName(g)+" again (they played it in round "+strconv.Itoa(before)+")")
		}
		ir.played[[2]int{p, g}] = rn
	}
	ir.inPlay[g]++
	tb.Boards = setBoards(g, ir.per)
	ir.round.Tables = append(ir.round.Tables, tb)
	return nil
}

// endRound ends the round being read: the players at no table sit out.
func (ir *individualReader) endRound() {
	for p := 1; p <= ir.m.Players; p++ {
		if ir.seated[p] == 0 {
			ir.round.SitOut = append(ir.round.SitOut, p)
		}
		ir.seated[p] = 0
	}
	ir.m.Rounds = append(ir.m.Rounds, ir.round)
	ir.round = Round{Number: ir.round.Number + 1}
}

// finish checks what the file as a whole must hold — every set played,
// all equally often, every player of the header playing — and returns the
// movement, its partnerships made from the seats (SeatPartnerships).
func (ir *individualReader) finish() (Movement, error) {
	r := ir.r
	for g := 1; g <= ir.sets; g++ {
		switch {
		case ir.inPlay[g] == 0:
			return Movement{}, r.fail(0, ir.word+" "+r.groupName(g)+" of the header's "+strconv.Itoa(ir.sets)+" is played at no table")
		case ir.inPlay[g] != ir.inPlay[1]:
			return Movement{}, r.fail(0, ir.word+" "+r.groupName(g)+" is played at "+tablesText(ir.inPlay[g])+" in all, "+ir.word+" "+r.groupName(1)+" at "+
				strconv.Itoa(ir.inPlay[1])+": an individual's sets are each played the same number of times (every board is scored across the same field)")
		}
	}
	for p := 1; p <= ir.m.Players; p++ {
		if !ir.plays[p] {
			return Movement{}, r.fail(r.head, "player "+strconv.Itoa(p)+" of the header's "+strconv.Itoa(ir.m.Players)+" plays in no round")
		}
	}
	m := ir.m
	m.SeatPartnerships()
	if _, err := m.Validate(); err != nil {
		return Movement{}, r.fail(0, "the movement read does not hold together: "+err.Error())
	}
	return m, nil
}
