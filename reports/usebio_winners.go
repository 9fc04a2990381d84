package reports

import (
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoWinnerMovement finds the movement a two-winner file's lines follow,
// its pairs numbered as traveler numbers a Mitchell's (movement.Mitchell):
// NS pair n is movement pair n, EW pair n is movement pair tables+n, where
// tables is the highest pair number of either direction. It turns each
// meeting's ew into that movement pair, fills in the sets of meetings with
// a line missing (fillSets), and looks for the movement holding every
// meeting (table, pairs and boards; a meeting the file has no line of
// stays a table with no results) among the Mitchells of that many tables
// with as many boards a round as the longest meeting plays (see
// mitchellSpecs), fewest rounds first, from the most meetings a pair has.
// The one movement pair that plays no line, when there is one, is tried
// first as the missing pair of a half table. When no Mitchell holds the
// lines (a club's own movement: tables sharing boards, some EW pairs
// moving the other way, fewer rounds than tables), the meetings are seated
// as a custom movement (see twoWinnerCustom), still ranked NS and EW
// apart. It sets every result's Round and Table.
func twoWinnerMovement(at FileError, meetings []meeting, results []tournament.Result, known map[pairKey]bool, boards int) (tournament.MovementSpec, movement.Movement, error) {
	tables := 0
	for p := range known {
		tables = max(tables, p.number)
	}
	for _, m := range meetings {
		tables = max(tables, m.ns, m.ew)
	}
	for i := range meetings {
		meetings[i].ew += tables
	}
	fillSets(meetings)
	per := 0
	meets := map[int]int{} // movement pair → meetings
	most := 0
	for _, m := range meetings {
		per = max(per, len(m.boards))
		meets[m.ns]++
		meets[m.ew]++
		most = max(most, meets[m.ns], meets[m.ew])
	}
	for _, spec := range mitchellSpecs(tables, per, most, absentPair(meetings, tables)) {
		mov, err := spec.Build()
		if err != nil || mov.Boards < boards {
			continue
		}
		if seats, ok := mitchellSeats(&mov, meetings); ok {
			for i, m := range meetings {
				for _, k := range m.lines {
					results[k].Round, results[k].Table = seats[i][0], seats[i][1]
				}
			}
			return defaultRounds(spec, &mov), mov, nil
		}
	}
	return twoWinnerCustom(at, meetings, results, tables, boards)
}

// twoWinnerCustom seats the meetings (ew already a movement pair, sets
// filled in) as a two-winner custom movement of tables pairs each way
// (tournament.MovementSpec Winners 2): rounds and tables as meetingRounds
// finds them, every pair not at a table sitting out, NS pair n movement
// pair n and EW pair n movement pair tables+n, so that the NS and the EW
// pairs are ranked in fields of their own. Its rounds are traveler's
// seating of the lines, not necessarily the rounds the club played. When
// the lines make no movement (a pair playing a board twice) the error is
// at, saying why.
func twoWinnerCustom(at FileError, meetings []meeting, results []tournament.Result, tables, boards int) (tournament.MovementSpec, movement.Movement, error) {
	label := func(p int) string {
		if p > tables {
			return "EW " + strconv.Itoa(p-tables)
		}
		return "NS " + strconv.Itoa(p)
	}
	against := map[[2]int]int{} // movement pair, board → the opponent it met on the board
	for _, m := range meetings {
		for _, b := range m.boards {
			for _, pq := range [2][2]int{{m.ns, m.ew}, {m.ew, m.ns}} {
				if o, ok := against[[2]int{pq[0], b}]; ok {
					at.Expected = "traveller lines in which no pair plays a board twice: " + label(pq[0]) + " plays board " + strconv.Itoa(b) +
						" against " + label(o) + " and against " + label(pq[1])
					return tournament.MovementSpec{}, movement.Movement{}, &at
				}
				against[[2]int{pq[0], b}] = pq[1]
			}
		}
	}
	mov := meetingRounds(meetings, results, boards)
	mov.Pairs = 2 * tables
	fillSitOut(&mov)
	spec := tournament.MovementSpec{Kind: "custom", Winners: 2, Tables: tables, Schedule: mov.Rounds, Unbalanced: true}
	built, err := spec.Build()
	if err != nil {
		at.Expected = "traveller lines that make a two-winner movement of " + strconv.Itoa(tables) + " pairs each way (" + err.Error() + ")"
		return tournament.MovementSpec{}, movement.Movement{}, &at
	}
	return spec, built, nil
}

// defaultRounds returns spec with Rounds 0 (all the Mitchell has) when
// that builds the same movement, as a director who asked for every round
// would have written it.
func defaultRounds(spec tournament.MovementSpec, mov *movement.Movement) tournament.MovementSpec {
	all := spec
	all.Rounds = 0
	if m, err := all.Build(); err == nil && len(m.Rounds) == len(mov.Rounds) {
		return all
	}
	return spec
}

// mitchellSpecs lists the two-winner Mitchells of tables tables and per
// boards a round to try: each number of rounds from fewest up to tables,
// and for each, with an even number of tables, the skip Mitchell skipping
// after every possible round and the relay Mitchell; a half table with the
// missing pair (when missing is not 0) before the whole one.
func mitchellSpecs(tables, per, fewest, missing int) []tournament.MovementSpec {
	var ways []tournament.MovementSpec
	base := tournament.MovementSpec{Kind: "mitchell", Tables: tables, BoardsPerRound: per}
	if tables%2 == 1 {
		ways = append(ways, base)
	} else {
		for skip := 0; skip < tables/2; skip++ { // Even "" is skip; SkipAfter 0 is after round tables/2
			s := base
			s.SkipAfter = skip
			ways = append(ways, s)
		}
		relay := base
		relay.Even = "relay"
		ways = append(ways, relay)
	}
	missings := []int{0}
	if missing != 0 {
		missings = []int{missing, 0}
	}
	var specs []tournament.MovementSpec
	for _, m := range missings {
		for rounds := max(fewest, 1); rounds <= tables; rounds++ {
			for _, w := range ways {
				w.Rounds, w.Missing = rounds, m
				specs = append(specs, w)
			}
		}
	}
	return specs
}

// absentPair returns the one movement pair of 1 to 2·tables that is in no
// meeting, or 0 when every pair plays or more than one does not.
func absentPair(meetings []meeting, tables int) int {
	plays := make([]bool, 2*tables+1)
	for _, m := range meetings {
		plays[m.ns], plays[m.ew] = true, true
	}
	absent := 0
	for p := 1; p <= 2*tables; p++ {
		if plays[p] {
			continue
		}
		if absent != 0 {
			return 0
		}
		absent = p
	}
	return absent
}

// mitchellSeats returns, for every meeting, the round and table of mov
// where its pairs sit playing exactly its boards, and whether each has one.
func mitchellSeats(mov *movement.Movement, meetings []meeting) ([][2]int, bool) {
	at := map[string][2]int{}
	for _, r := range mov.Rounds {
		for _, t := range r.Tables {
			at[tableKey(t.NS, t.EW, t.Boards)] = [2]int{r.Number, t.Table}
		}
	}
	seats := make([][2]int, len(meetings))
	for i, m := range meetings {
		s, ok := at[tableKey(m.ns, m.ew, m.boards)]
		if !ok {
			return nil, false
		}
		seats[i] = s
	}
	return seats, true
}

// tableKey names a table's pairs and boards (sorted): "1 v 8: 1,2".
func tableKey(ns, ew int, boards []int) string {
	return strconv.Itoa(ns) + " v " + strconv.Itoa(ew) + ": " + boardsKey(boards)
}
