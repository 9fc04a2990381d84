package movement

import "slices"

// howellPlan is a Howell schedule before boards are numbered: per round, per
// table, the pairs and the units of boards they play. A unit is a set, or a
// half-set where a table plays two a round.
type howellPlan struct {
	pairs    int        // pairs, even: an odd field plays with its highest-numbered pair as the phantom
	units    int        // units numbered 0..units-1
	perTable int        // units a table plays each round
	rounds   [][]hTable // rounds[r][t] is table t+1 in round r+1
}

// hTable is one table of a howellPlan round.
type hTable struct {
	ns, ew int
	units  []int // ascending
}

// cyclicBase is the first round of a cyclic Howell: rotating pairs 1..rounds
// and pairs above rounds stationary. From round to round a rotating pair x
// becomes x+1 (mod rounds) and a unit (k, family) becomes (k+1 mod rounds,
// family); unit (k, j) is numbered k·families+j.
type cyclicBase struct {
	rounds   int
	families int
	tables   []baseTable
}

// baseTable is one table of a cyclicBase.
type baseTable struct {
	ns, ew int      // the pairs in round 1
	units  [][2]int // (k, family), k 0-based
	flips  uint64   // bit r−1 set: in round r the two pairs sit the other way round (a stationary pair changing seats)
}

// plan rotates the base through its rounds.
func (b cyclicBase) plan(rounds int) howellPlan {
	p := howellPlan{pairs: 2 * len(b.tables), units: b.rounds * b.families, perTable: len(b.tables[0].units)}
	turn := func(x, r int) int {
		if x > b.rounds {
			return x
		}
		return mod(x-1+r, b.rounds) + 1
	}
	for r := range rounds {
		row := make([]hTable, len(b.tables))
		for i, t := range b.tables {
			ht := hTable{ns: turn(t.ns, r), ew: turn(t.ew, r)}
			if t.flips>>r&1 == 1 {
				ht.ns, ht.ew = ht.ew, ht.ns
			}
			for _, u := range t.units {
				ht.units = append(ht.units, mod(u[0]+r, b.rounds)*b.families+u[1])
			}
			slices.Sort(ht.units)
			row[i] = ht
		}
		p.rounds = append(p.rounds, row)
	}
	return p
}

// fromRound is a baseTable's flips from round k on.
func fromRound(k int) uint64 { return ^uint64(0) << (k - 1) }

// inRounds is a baseTable's flips in the rounds rs.
func inRounds(rs ...int) uint64 {
	var f uint64
	for _, r := range rs {
		f |= 1 << (r - 1)
	}
	return f
}

// set is a one-unit cyclicBase table entry: set k+1.
func set(k int) [][2]int { return [][2]int{{k, 0}} }

// publishedBases are the cyclic Howells of the published movements in
// ../shared/testdata/movements (thebridsk/bridgescorer), and EBUScore's ¾
// Howell of 8 pairs and its three partial Howells of 20, 22 and 24 pairs,
// keyed by pairs and rounds: their first rounds, from
// which the published every other round follows by the rotation (the tests
// check this).
var publishedBases = map[[2]int]cyclicBase{
	// Movement.Howell06T3B20: 10 half-sets of boards in two families; a table plays two a round.
	{6, 5}: {rounds: 5, families: 2, tables: []baseTable{
		{ns: 6, ew: 1, units: [][2]int{{0, 0}, {0, 1}}},
		{ns: 4, ew: 3, units: [][2]int{{1, 0}, {4, 0}}},
		{ns: 2, ew: 5, units: [][2]int{{2, 1}, {3, 1}}},
	}},
	// Movement.Howell08T4B14, Movement.Howell08T4B21.
	{8, 7}: {rounds: 7, families: 1, tables: []baseTable{
		{ns: 8, ew: 1, units: set(0)}, {ns: 3, ew: 6, units: set(3)}, {ns: 2, ew: 7, units: set(5)}, {ns: 5, ew: 4, units: set(6)},
	}},
	// The ¾ Howell of 8 pairs, 6 of the 7 rounds: the ACBL's, "3/4 Howell,
	// ACBL SPECIAL" of EBUScore's movement library PSMovements.txt (as
	// rhindonltd/bridge-box-scorer carries it, src/movement/PSMovements.txt,
	// commit a04a1b72; TestThreeQuarterHowell8PairsEBUScore): pairs 7 and 8
	// stationary, 7 changing seats from round 4, tables 1 and 2 sharing a set.
	{8, 6}: {rounds: 6, families: 1, tables: []baseTable{
		{ns: 8, ew: 1, units: set(0)}, {ns: 7, ew: 5, units: set(0), flips: fromRound(4)}, {ns: 3, ew: 4, units: set(1)}, {ns: 6, ew: 2, units: set(2)},
	}},
	// Three partial Howells of EBUScore's PSMovements.txt (the same file;
	// TestPublishedHowellsEBUScore), the stationary pairs changing seats in
	// the rounds it gives: 22 pairs in 12 rounds, "3/4 Howell, ACBL SPECIAL";
	{22, 12}: {rounds: 12, families: 1, tables: []baseTable{
		{ns: 13, ew: 1, units: set(0), flips: inRounds(7, 10, 11, 12)},
		{ns: 14, ew: 12, units: set(1), flips: inRounds(7, 10, 11, 12)},
		{ns: 15, ew: 11, units: set(2), flips: inRounds(7, 10, 11, 12)},
		{ns: 16, ew: 10, units: set(3), flips: inRounds(7, 10, 11, 12)},
		{ns: 17, ew: 9, units: set(4), flips: inRounds(7, 10, 11, 12)},
		{ns: 18, ew: 8, units: set(6), flips: inRounds(7, 10, 11, 12)},
		{ns: 19, ew: 7, units: set(7), flips: inRounds(7, 10, 11, 12)},
		{ns: 20, ew: 6, units: set(8), flips: inRounds(7, 10, 11, 12)},
		{ns: 21, ew: 5, units: set(9), flips: inRounds(7, 10, 11, 12)},
		{ns: 22, ew: 4, units: set(10), flips: inRounds(7, 10, 11, 12)}, {ns: 3, ew: 2, units: set(11)},
	}},
	// 24 pairs in 13 rounds, "[F52] 3/4 Howell (Yellow EBU26 T 12)", tables 11 and 12 sharing a set;
	{24, 13}: {rounds: 13, families: 1, tables: []baseTable{
		{ns: 7, ew: 8, units: set(0)}, {ns: 22, ew: 1, units: set(1)},
		{ns: 21, ew: 3, units: set(2), flips: fromRound(8)}, {ns: 20, ew: 5, units: set(3), flips: fromRound(8)},
		{ns: 2, ew: 19, units: set(4), flips: fromRound(8)}, {ns: 10, ew: 18, units: set(5), flips: fromRound(8)},
		{ns: 12, ew: 17, units: set(6), flips: fromRound(8)}, {ns: 4, ew: 16, units: set(7), flips: fromRound(8)},
		{ns: 15, ew: 11, units: set(8), flips: fromRound(8)}, {ns: 14, ew: 13, units: set(9), flips: fromRound(8)},
		{ns: 6, ew: 23, units: set(10), flips: fromRound(8)},
		{ns: 24, ew: 9, units: set(10), flips: inRounds(5, 6, 7, 8, 9, 10)},
	}},
	// 20 pairs in 11 rounds, "[G174] 10 Table 3/4 Howell 11 Rounds, Groner", tables 4 and 5 sharing a set.
	{20, 11}: {rounds: 11, families: 1, tables: []baseTable{
		{ns: 18, ew: 1, units: set(0)}, {ns: 17, ew: 5, units: set(1), flips: inRounds(4, 5, 6, 10, 11)},
		{ns: 16, ew: 11, units: set(2), flips: inRounds(3, 4, 7, 8, 11)},
		{ns: 20, ew: 2, units: set(3), flips: inRounds(5, 6, 7, 8, 9)},
		{ns: 19, ew: 10, units: set(3), flips: inRounds(7, 8, 9, 10, 11)},
		{ns: 9, ew: 15, units: set(4), flips: inRounds(3, 4, 5, 9, 10)}, {ns: 7, ew: 8, units: set(5)},
		{ns: 6, ew: 14, units: set(6), flips: inRounds(2, 3, 6, 7, 10, 11)},
		{ns: 4, ew: 13, units: set(7), flips: inRounds(4, 6, 7, 8, 10)},
		{ns: 3, ew: 12, units: set(8), flips: inRounds(2, 4, 8, 9, 10)},
	}},
	// Movement.Howell10T5B18.
	{10, 9}: {rounds: 9, families: 1, tables: []baseTable{
		{ns: 7, ew: 3, units: set(0)}, {ns: 5, ew: 2, units: set(1)}, {ns: 10, ew: 1, units: set(2)},
		{ns: 9, ew: 8, units: set(3)}, {ns: 4, ew: 6, units: set(4)},
	}},
	// Movement.Howell10T5B24Relay: 8 of the 9 rounds; pairs 9 and 10 stationary, tables 1 and 2 share a set.
	{10, 8}: {rounds: 8, families: 1, tables: []baseTable{
		{ns: 10, ew: 1, units: set(0)}, {ns: 9, ew: 5, units: set(0), flips: fromRound(5)}, {ns: 4, ew: 7, units: set(1)},
		{ns: 2, ew: 3, units: set(3)}, {ns: 6, ew: 8, units: set(4)},
	}},
	// Movement.Howell12T6B22.
	{12, 11}: {rounds: 11, families: 1, tables: []baseTable{
		{ns: 12, ew: 1, units: set(0)}, {ns: 6, ew: 7, units: set(3)}, {ns: 11, ew: 4, units: set(5)},
		{ns: 3, ew: 9, units: set(7)}, {ns: 2, ew: 5, units: set(8)}, {ns: 10, ew: 8, units: set(10)},
	}},
	// Movement.Howell14T7B26.
	{14, 13}: {rounds: 13, families: 1, tables: []baseTable{
		{ns: 5, ew: 12, units: set(0)}, {ns: 2, ew: 4, units: set(1)}, {ns: 9, ew: 10, units: set(2)},
		{ns: 14, ew: 1, units: set(3)}, {ns: 8, ew: 13, units: set(4)}, {ns: 7, ew: 11, units: set(5)}, {ns: 6, ew: 3, units: set(6)},
	}},
}

// explicitPlan builds a plan from rounds written out as (ns, ew, unit) per table.
func explicitPlan(pairs, units int, rounds [][][3]int) howellPlan {
	p := howellPlan{pairs: pairs, units: units, perTable: 1}
	for _, row := range rounds {
		var hr []hTable
		for _, t := range row {
			hr = append(hr, hTable{ns: t[0], ew: t[1], units: []int{t[2]}})
		}
		p.rounds = append(p.rounds, hr)
	}
	return p
}

// fourPairPlan is Movement.Howell04T2B18: three meetings of two rounds;
// pair 4 stays NS at table 1 and the two tables swap two sets between the
// rounds of a meeting.
var fourPairPlan = explicitPlan(4, 6, [][][3]int{
	{{4, 1, 0}, {2, 3, 1}},
	{{4, 1, 1}, {3, 2, 0}},
	{{4, 2, 2}, {3, 1, 3}},
	{{4, 2, 3}, {1, 3, 2}},
	{{4, 3, 4}, {1, 2, 5}},
	{{4, 3, 5}, {2, 1, 4}},
})

// sixPairSharedPlan is Movement.Howell06T3B15Relay: five sets, the last
// round's shared by all three tables.
var sixPairSharedPlan = explicitPlan(6, 5, [][][3]int{
	{{6, 1, 0}, {4, 3, 1}, {2, 5, 3}},
	{{6, 2, 1}, {5, 4, 2}, {3, 1, 3}},
	{{6, 3, 2}, {1, 5, 1}, {4, 2, 0}},
	{{6, 4, 3}, {2, 1, 2}, {5, 3, 0}},
	{{6, 5, 4}, {3, 2, 4}, {1, 4, 4}},
})
