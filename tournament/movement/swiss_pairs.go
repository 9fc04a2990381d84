package movement

import "strconv"

// SwissPairsOptions are the choices of a Swiss pairs movement.
type SwissPairsOptions struct {
	Pairs          int // pairs in the event: 3 or more
	BoardsPerRound int // boards every table plays a round: 1 or more
}

// SwissPairsMovement builds a Swiss pairs movement from a schedule, one
// list of matches per round (round by round from SwissPairing, with Home
// and Away pair numbers). Match k of a round is played at table k, Home
// NS and Away EW, and every table of round r plays the same boards,
// (r-1)·BoardsPerRound+1 to r·BoardsPerRound (duplicated boards, or
// dealt by a computer online), so that each result is compared with the
// whole field's on the board. A pair with a bye, Match{Home: p}, sits
// out. The movement is KindCustom with one winner: a schedule made round
// by round, not a published one.
func SwissPairsMovement(o SwissPairsOptions, schedule [][]Match) (Movement, error) {
	if o.Pairs < 3 {
		return Movement{}, invalid("pairs", o.Pairs, "a Swiss pairs needs at least 3 pairs")
	}
	if o.BoardsPerRound < 1 {
		return Movement{}, invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	if len(schedule) == 0 {
		return Movement{}, invalid("schedule", 0, "a Swiss pairs needs at least 1 round")
	}
	m := Movement{Kind: KindCustom, Winners: 1, Pairs: o.Pairs, Tables: o.Pairs / 2, Boards: len(schedule) * o.BoardsPerRound,
		Name: "Swiss pairs, " + strconv.Itoa(o.Pairs) + " pairs, " + strconv.Itoa(len(schedule)) + " rounds"}
	for ri, matches := range schedule {
		round := Round{Number: ri + 1}
		boards := boardRange(ri*o.BoardsPerRound+1, o.BoardsPerRound)
		seen := make([]bool, o.Pairs+1)
		for mi, mt := range matches {
			f := index(index("schedule", ri), mi)
			for _, side := range [2]struct {
				name string
				pair int
			}{{"home", mt.Home}, {"away", mt.Away}} {
				if side.pair == 0 && side.name == "away" {
					continue
				}
				if side.pair < 1 || side.pair > o.Pairs || seen[side.pair] {
					return Movement{}, invalid(f+"."+side.name, side.pair, "a pair of 1 to "+strconv.Itoa(o.Pairs)+" in no other match of the round")
				}
				seen[side.pair] = true
			}
			if mt.Away == 0 {
				round.SitOut = append(round.SitOut, mt.Home)
				continue
			}
			round.Tables = append(round.Tables, Table{Table: len(round.Tables) + 1, NS: mt.Home, EW: mt.Away, Boards: boards})
			boards = append([]int(nil), boards...) // each table its own slice
		}
		for p := 1; p <= o.Pairs; p++ {
			if !seen[p] {
				round.SitOut = append(round.SitOut, p)
			}
		}
		if len(round.Tables) == 0 {
			return Movement{}, invalid(index("schedule", ri), 0, "a round has at least 1 match")
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, nil
}
