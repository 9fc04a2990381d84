package reports

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// meeting is one NS pair against one EW pair: the boards they played and
// the indexes of those lines in the results. ns and ew are movement pairs.
type meeting struct {
	ns, ew int
	seats  [4]int // an individual's: the players at N, E, S, W (ns and ew their partnerships); zero in a pairs file
	boards []int  // in the order of their lines; after fillSets, sorted
	lines  []int
}

// first returns the lowest board the meeting plays.
func (m *meeting) first() int { return slices.Min(m.boards) }

// fillSets gives a meeting with a line missing the rest of its set: when a
// meeting's boards are a strict subset of the boards other meetings play
// together (its set, e.g. boards 10-12 when the file has no line for board
// 12 at one table), the meeting's table plays the whole set, the board
// without a line being a slot with no result. The set is the smallest board
// list other meetings play that holds the meeting's boards; the meeting
// keeps its boards when there is no one smallest such list, or when either
// of its pairs plays one of the missing boards at another table (as when
// two pairs played the last board of their set the other way round). Every
// meeting's boards come out sorted.
func fillSets(meetings []meeting) {
	plays := map[[2]int]bool{} // movement pair, board
	lists := map[string][]int{}
	for i := range meetings {
		m := &meetings[i]
		slices.Sort(m.boards)
		for _, b := range m.boards {
			plays[[2]int{m.ns, b}], plays[[2]int{m.ew, b}] = true, true
		}
		lists[boardsKey(m.boards)] = m.boards
	}
	for i := range meetings {
		m := &meetings[i]
		set, ok := smallestSuperset(m.boards, lists)
		if !ok {
			continue
		}
		missing := slices.DeleteFunc(slices.Clone(set), func(b int) bool { return slices.Contains(m.boards, b) })
		if slices.ContainsFunc(missing, func(b int) bool { return plays[[2]int{m.ns, b}] || plays[[2]int{m.ew, b}] }) {
			continue
		}
		for _, b := range missing {
			plays[[2]int{m.ns, b}], plays[[2]int{m.ew, b}] = true, true
		}
		m.boards = slices.Clone(set)
	}
}

// smallestSuperset returns the one smallest list of lists that holds every
// board of boards and more, and whether there is exactly one.
func smallestSuperset(boards []int, lists map[string][]int) ([]int, bool) {
	var best []int
	count := 0
	for _, l := range lists {
		if len(l) <= len(boards) || !containsAll(l, boards) {
			continue
		}
		switch {
		case best == nil || len(l) < len(best):
			best, count = l, 1
		case len(l) == len(best):
			count++
		}
	}
	return best, count == 1
}

// containsAll reports whether the sorted list l holds every board of boards.
func containsAll(l, boards []int) bool {
	for _, b := range boards {
		if _, ok := slices.BinarySearch(l, b); !ok {
			return false
		}
	}
	return true
}

// boardsKey names a sorted board list: "10,11,12".
func boardsKey(boards []int) string {
	b := make([]byte, 0, 4*len(boards))
	for i, n := range boards {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}

// meetingRounds builds a one-winner custom movement (unnamed, its pairs 1
// to the highest in a meeting; twoWinnerCustom makes its rounds a
// two-winner one) from the meetings (their sets filled in by fillSets):
// each meeting is one table in one round, two meetings sharing a pair or a
// board never in the same round, in as few rounds as seatMeetings finds.
// For a club movement that is as many rounds as a pair had meetings. Rounds are ordered by the first
// boards their tables play, and the tables of a round are numbered from 1
// in the order of their first board. It sets each result's Round and Table.
func meetingRounds(meetings []meeting, results []tournament.Result, boards int) movement.Movement {
	colour, n := seatMeetings(meetings)
	byRound := make([][]int, n)
	for i, c := range colour {
		byRound[c] = append(byRound[c], i)
	}
	order := func(a, b int) int {
		return cmp.Or(meetings[a].first()-meetings[b].first(), meetings[a].ns-meetings[b].ns)
	}
	for _, r := range byRound {
		slices.SortFunc(r, order)
	}
	slices.SortFunc(byRound, func(a, b []int) int { return slices.CompareFunc(a, b, order) })
	m := movement.Movement{Kind: movement.KindCustom, Winners: 1, Boards: boards}
	for r, idx := range byRound {
		rd := movement.Round{Number: r + 1}
		for t, i := range idx {
			mt := &meetings[i]
			tb := movement.Table{Table: t + 1, NS: mt.ns, EW: mt.ew, Boards: slices.Clone(mt.boards)}
			if mt.seats[0] != 0 {
				tb.Players = slices.Clone(mt.seats[:])
			}
			rd.Tables = append(rd.Tables, tb)
			m.Pairs = max(m.Pairs, mt.ns, mt.ew)
			for _, k := range mt.lines {
				results[k].Round, results[k].Table = r+1, t+1
			}
		}
		m.Tables = max(m.Tables, len(rd.Tables))
		m.Rounds = append(m.Rounds, rd)
	}
	return m
}
