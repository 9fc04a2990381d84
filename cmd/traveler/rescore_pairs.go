package main

import (
	"sort"
	"strconv"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// rescored is an event compared and ranked again.
type rescored struct {
	event  string
	method rescoreMethod
	pairs  []pairResult
	lines  []lineResult
	datums map[int]int // BUTLER: each board's datum
	notes  []string
}

// pairResult is one pair's (or team's) standing.
type pairResult struct {
	number     string
	direction  string
	total      float64 // scaled to the most boards played, 2 decimals
	percentage float64 // MP only, 2 decimals
	place      int
	played     int // boards played, artificial scores included
}

// lineResult is one traveler line with the points it earned.
type lineResult struct {
	board    int
	ns, ew   string
	score    int
	hasScore bool // false for an artificial score or a board not played
	nsPoints float64
	ewPoints float64
	fileLine int
}

// mpScale is the matchpoint scale of Compscore3: 2 per score beaten, 1 per tie.
const mpScale = scoring.MPScaleEBU

// rescorePairs compares every board of a pairs event and ranks the pairs.
//
// Each line shows the points of its own board: at matchpoints a board
// played fewer times than the others is matchpointed on its own top, as
// Compscore3 prints it, while the pair totals take every board scaled to the
// session's top by Neuberg. A pair's total is scaled to the most boards any
// pair played (total·most/played); its percentage is Σ scaled matchpoints /
// (boards played × top).
func rescorePairs(t *traveler) *rescored {
	out := &rescored{event: t.event, method: t.method, notes: t.notes}
	if t.method == methodButler {
		out.datums = map[int]int{}
	}
	full := 0 // the most lines any board has: the session's n
	for _, b := range t.boards {
		full = max(full, linesTakingPart(b.lines))
	}
	sum := map[pairKey]float64{}
	played := map[pairKey]int{}
	for _, b := range t.boards {
		shown, counted := comparedPoints(t.method, b, full, out.datums)
		for i, l := range b.lines {
			out.lines = append(out.lines, lineResult{
				board: b.number, ns: l.ns, ew: l.ew, score: l.score, hasScore: l.kind == scoring.LinePlayed,
				nsPoints: shown[0][i], ewPoints: shown[1][i], fileLine: l.fileLine,
			})
			if l.kind == scoring.LineNotPlayed {
				continue
			}
			nsKey, ewKey := t.pairOf(l.ns, "NS"), t.pairOf(l.ew, "EW")
			sum[nsKey] += counted[0][i]
			sum[ewKey] += counted[1][i]
			played[nsKey]++
			played[ewKey]++
		}
	}
	keys := t.allPairs(played)
	most := map[string]int{}
	for _, k := range keys {
		most[k.direction] = max(most[k.direction], played[k])
	}
	top := mpScale.Top(full)
	totals := make([]float64, len(keys))
	for i, k := range keys {
		p := pairResult{number: k.number, direction: k.direction, played: played[k]}
		if p.played > 0 {
			p.total = reports.RoundTo(sum[k]*float64(most[k.direction])/float64(p.played), 2)
			if t.method == methodMP && top > 0 {
				p.percentage = reports.RoundTo(100*sum[k]/(float64(p.played)*top), 2)
			}
		}
		totals[i] = p.total
		out.pairs = append(out.pairs, p)
	}
	rankPerDirection(out.pairs, totals)
	sortStandings(out.pairs)
	return out
}

// sortStandings orders pairs by direction, then place, then number.
func sortStandings(pairs []pairResult) {
	sort.SliceStable(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if a.direction != b.direction || a.place == b.place {
			return pairLess(pairKey{a.number, a.direction}, pairKey{b.number, b.direction})
		}
		return a.place < b.place
	})
}

// linesTakingPart counts the lines of a board that were played or given an artificial score.
func linesTakingPart(lines []travelerLine) int {
	n := 0
	for _, l := range lines {
		if l.kind != scoring.LineNotPlayed {
			n++
		}
	}
	return n
}

// comparedPoints scores one board's lines by the method, as the live
// standings do (tournament.CompareBoard): shown are the points each line
// shows (NS, EW), counted those its pairs' totals take. They differ only at
// matchpoints on a board played fewer times than full.
func comparedPoints(method rescoreMethod, b travelerBoard, full int, datums map[int]int) (shown, counted [2][]float64) {
	lines := make([]scoring.CompareLine, len(b.lines))
	for i := range b.lines {
		lines[i] = b.lines[i].compareLine()
	}
	pts := tournament.CompareBoard(tournament.Method(method), lines, nil, full)
	if pts.Datum != nil {
		datums[b.number] = *pts.Datum
	}
	return pts.Shown, pts.Counted
}

// pairOf names the pair that sat in a direction on a line.
func (t *traveler) pairOf(number, direction string) pairKey {
	if t.twoWinner {
		return pairKey{number: number, direction: direction}
	}
	return pairKey{number: number}
}

// allPairs returns the pairs the file lists, then any other pair that
// played, by number.
func (t *traveler) allPairs(played map[pairKey]int) []pairKey {
	seen := map[pairKey]bool{}
	var keys []pairKey
	for _, k := range t.pairs {
		if !t.twoWinner {
			k.direction = ""
		}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	var extra []pairKey
	for k := range played {
		if !seen[k] {
			extra = append(extra, k)
		}
	}
	sort.Slice(extra, func(i, j int) bool { return pairLess(extra[i], extra[j]) })
	return append(keys, extra...)
}

// pairLess orders pairs by direction, then by number (numerically when both are numbers).
func pairLess(a, b pairKey) bool {
	if a.direction != b.direction {
		return a.direction < b.direction
	}
	an, errA := strconv.Atoi(a.number)
	bn, errB := strconv.Atoi(b.number)
	if errA == nil && errB == nil && an != bn {
		return an < bn
	}
	return a.number < b.number
}

// rankPerDirection places the pairs by total within each direction (one
// field when no pair has a direction): ties share a place, the next is
// skipped. Totals are compared as printed, to 2 decimals.
func rankPerDirection(pairs []pairResult, totals []float64) {
	fields := map[string][]int{}
	for i, p := range pairs {
		fields[p.direction] = append(fields[p.direction], i)
	}
	for _, members := range fields {
		sub := make([]float64, len(members))
		for k, i := range members {
			sub[k] = totals[i]
		}
		for k, place := range scoring.Places(sub) {
			pairs[members[k]].place = place
		}
	}
}
