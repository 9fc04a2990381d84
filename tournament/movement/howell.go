package movement

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/traveler-bridge/traveler/scoring"
)

// HowellOptions are the choices of a Howell movement.
type HowellOptions struct {
	Pairs          int  // 4 to 32 (2 to 16 tables); with an odd number one pair sits out each round
	BoardsPerRound int  // boards each table plays a round: 1 or more
	Rounds         int  // 0: the complete Howell; fewer: a partial (e.g. 3/4) Howell, 7 pairs or more
	ShareBoards    bool // tables share sets: 5 or 6 pairs, all tables the last round's (the schedule an odd BoardsPerRound needs); 15 or 16 pairs in 5 or 7 rounds, 17 or 18 in 6, 12 or 17: BridgeWx's published Howells (sharedHowells)
}

// Howell builds a Howell movement: one winner, every pair meeting every other
// once and playing every board once (a partial Howell: as many pairs and
// boards as its rounds hold, none twice).
//
//   - 4 pairs: no cyclic Howell gives each table its own set (there is no
//     Room square of side 3), so three meetings of two rounds; pair 4 stays NS
//     at table 1 and the tables swap two sets between the rounds of a meeting.
//   - 5 and 6 pairs (5 rounds): no cyclic Howell gives each table its own whole set
//     (there is no Room square of side 5), so either each table plays two
//     half-sets a round (BoardsPerRound even), or all three tables share the
//     last round's set (ShareBoards, or BoardsPerRound odd).
//   - 7 to 32 pairs: a cyclic Howell, pairs 1..Rounds moving up a number
//     each round with the sets, the others stationary. Where a published
//     movement of the size was found, its first round: thebridsk/bridgescorer's
//     (publishedBases: 8, 10, 12 and 14 pairs complete, 10 pairs in 8
//     rounds) or EBUScore's (publishedBases: the ACBL's ¾ Howell of 8
//     pairs, tables 1 and 2 sharing a set; 20 pairs in 11 rounds, 22 in 12,
//     24 in 13), else KoPS's (kopsHowells, howell_kops.go, read from the embedded
//     testdata/howellki_movements.json: 58 sizes of 10 to 32 pairs,
//     complete 16 to 24 pairs, ¾ 10 to 26 pairs, and partial ones;
//     TestPublishedHowellsKoPS). For the rest — complete 26 to 32
//     pairs, ¾ 28 to 32 pairs, some partial sizes — it is found by
//     searchBase (more than 16 pairs: searchRandom) and the pairs'
//     directions chosen by balanceDirections; the tests hold those to
//     being complete and balanced.
//   - ShareBoards, 15 to 18 pairs: BridgeWx's published Howells whose
//     tables share sets (sharedHowells: 16 pairs in 5 or 7 rounds, 18 in
//     6, 12 or 17; TestSharedHowellsBridgeWx).
//
// An odd number of pairs plays the next even number's movement with the
// highest-numbered (stationary) pair missing: its opponent sits out and its
// table is never in play (the tables keep the even movement's numbers and
// cards, as the published 7- to 13-pair movements do). Sets of boards
// not at a table (on the relay stands between tables) are the round's bye-stand.
func Howell(o HowellOptions) (Movement, error) {
	return HowellContext(context.Background(), o)
}

// HowellContext is Howell for a request: the search for a base stops, and
// it returns ctx.Err(), when ctx ends.
func HowellContext(ctx context.Context, o HowellOptions) (Movement, error) {
	return howell(ctx, o, false)
}

// HowellFilled is the Howell for an odd number of pairs with its missing
// pair's place played (a late pair): the same schedule as HowellContext's,
// the tables it leaves empty in play, the late pair numbered o.Pairs+1.
func HowellFilled(ctx context.Context, o HowellOptions) (Movement, error) {
	return howell(ctx, o, true)
}

// howell builds the Howell of o; filled plays an odd field's missing pair.
func howell(ctx context.Context, o HowellOptions, filled bool) (Movement, error) {
	if o.Pairs < 4 || o.Pairs > 32 {
		return Movement{}, invalid("pairs", o.Pairs, "a Howell is made for 4 to 32 pairs")
	}
	if o.BoardsPerRound < 1 {
		return Movement{}, invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	field := o.Pairs + o.Pairs%2
	full := field - 1
	switch field {
	case 4:
		full = 6
	case 6:
		full = 5
	}
	rounds := o.Rounds
	if rounds == 0 {
		rounds = full
	}
	shared, sharing := sharedHowells[[2]int{field, rounds}]
	sharing = sharing && o.ShareBoards
	if o.ShareBoards && field > 6 && !sharing {
		return Movement{}, sharedRefusal(o.Pairs, field, o.Rounds)
	}
	if !sharing && rounds != full && (field <= 6 || rounds < field/2 || rounds > full) {
		if field <= 6 {
			return Movement{}, invalid("rounds", o.Rounds, "a Howell for "+strconv.Itoa(o.Pairs)+" pairs is played complete", "0", strconv.Itoa(full))
		}
		return Movement{}, invalid("rounds", o.Rounds, "a Howell for "+strconv.Itoa(o.Pairs)+" pairs plays "+strconv.Itoa(field/2)+
			" to "+strconv.Itoa(full)+" rounds (0: all)")
	}
	var plan howellPlan
	switch {
	case field == 4:
		plan = fourPairPlan
	case field == 6 && (o.ShareBoards || o.BoardsPerRound%2 == 1):
		plan = sixPairSharedPlan
	case sharing:
		plan = shared
	default:
		base, err := howellBase(ctx, o.Pairs, field, rounds)
		if err != nil {
			return Movement{}, err
		}
		plan = base.plan(rounds)
	}
	played := o.Pairs
	if filled {
		played = field
	}
	m := planMovement(plan, played, o.BoardsPerRound/plan.perTable)
	m.Name = "Howell " + strconv.Itoa(played) + " pairs"
	if rounds != full {
		m.Name += ", " + strconv.Itoa(rounds) + " of " + strconv.Itoa(full) + " rounds"
	}
	return m, nil
}

// ThreeQuarterHowell builds a 3/4 Howell for 7 to 32 pairs: the complete
// Howell's rounds times three quarters, rounded up (8 pairs: 6 of 7 rounds;
// 12 pairs: 9 of 11; 16 pairs: 12 of 15).
func ThreeQuarterHowell(pairs, boardsPerRound int) (Movement, error) {
	if pairs < 7 || pairs > 32 {
		return Movement{}, invalid("pairs", pairs, "a 3/4 Howell is made for 7 to 32 pairs")
	}
	field := pairs + pairs%2
	return Howell(HowellOptions{Pairs: pairs, BoardsPerRound: boardsPerRound, Rounds: (3*(field-1) + 3) / 4})
}

// orderedSearchPairs is the largest field whose base the ordered search
// (searchBase) finds; a larger one's is found by searchRandom, the ordered
// search running out of nodes from 24 pairs on.
const orderedSearchPairs = 16

// sharedSetsOnly reports the sizes of more than 16 pairs where no cyclic
// Howell gives each table of a round its own set, so the randomised search
// does not spend its tries on one: a field of a multiple of 4 pairs in half
// its number of rounds or one more. In half, every rotating pair plays a
// stationary one and the sets would be an orthomorphism of the cyclic group
// of even order field/2, which has none; for 8, 12 and 16 pairs the ordered
// search, exhausted, finds none in one round more either
// (TestWhereSetsMustBeShared), and the randomised search none beyond.
func sharedSetsOnly(field, rounds int) bool {
	return field > orderedSearchPairs && field%4 == 0 && rounds <= field/2+1
}

// howellBases holds the bases found by the search, keyed by pairs and rounds.
var howellBases sync.Map

// howellBase returns the cyclic base for pairs (field even, counting the
// phantom) in rounds: the published one (publishedBases, then
// kopsHowells), or one found and balanced.
func howellBase(ctx context.Context, pairs, field, rounds int) (cyclicBase, error) {
	if b, ok := publishedBases[[2]int{field, rounds}]; ok {
		return b, nil
	}
	if b, ok := kopsHowells()[[2]int{field, rounds}]; ok {
		return b, nil
	}
	key := [2]int{pairs, rounds}
	if b, ok := howellBases.Load(key); ok {
		return b.(cyclicBase), nil
	}
	search := searchBase
	if field > orderedSearchPairs {
		search = searchRandom
	}
	b, ok, err := cyclicBase{}, false, error(nil)
	if !sharedSetsOnly(field, rounds) {
		b, ok, err = search(ctx, rounds, field-rounds, true)
	}
	if !ok && err == nil {
		b, ok, err = search(ctx, rounds, field-rounds, false)
	}
	if err != nil {
		return cyclicBase{}, err
	}
	if !ok {
		return cyclicBase{}, invalid("rounds", rounds, "no cyclic Howell of "+strconv.Itoa(rounds)+" rounds was found for "+strconv.Itoa(pairs)+" pairs")
	}
	if b, err = balanceDirections(ctx, b, pairs, rounds); err != nil {
		return cyclicBase{}, err
	}
	howellBases.Store(key, b)
	return b, nil
}

// planMovement numbers a plan's boards (unit u: boards u·per+1 to (u+1)·per)
// and, for an odd number of pairs, drops the phantom (plan.pairs): its
// opponent sits out and its table stays empty.
func planMovement(p howellPlan, pairs, per int) Movement {
	phantom := 0
	if pairs < p.pairs {
		phantom = p.pairs
	}
	m := Movement{Kind: KindHowell, Winners: 1, Pairs: pairs, Tables: len(p.rounds[0]), Boards: p.units * per}
	for ri, row := range p.rounds {
		round := Round{Number: ri + 1}
		inPlay := make([]bool, p.units)
		for ti, t := range row {
			for _, u := range t.units {
				inPlay[u] = true
			}
			if t.ns == phantom || t.ew == phantom {
				round.SitOut = append(round.SitOut, t.ns+t.ew-phantom)
				continue
			}
			var boards []int
			for _, u := range t.units {
				boards = append(boards, setBoards(u+1, per)...)
			}
			round.Tables = append(round.Tables, Table{Table: ti + 1, NS: t.ns, EW: t.ew, Boards: boards})
		}
		for u, in := range inPlay {
			if !in {
				round.ByeStand = append(round.ByeStand, setBoards(u+1, per)...)
			}
		}
		slices.Sort(round.SitOut)
		m.Rounds = append(m.Rounds, round)
	}
	return m
}

// sharedRefusal says why a Howell of pairs (field, counting the phantom)
// in rounds (0: all) has no shared-boards schedule: the sizes sharedHowells
// holds, and 5 or 6 pairs.
func sharedRefusal(pairs, field, rounds int) error {
	var rs []int
	for k := range sharedHowells {
		if k[0] == field {
			rs = append(rs, k[1])
		}
	}
	slices.Sort(rs)
	var allowed []string
	for _, r := range rs {
		allowed = append(allowed, strconv.Itoa(r))
	}
	if len(allowed) == 0 {
		return &scoring.Error{Field: "share_boards", Value: "true",
			Problem: "only the Howells for 5 or 6, 15 or 16 and 17 or 18 pairs have a shared-boards schedule, not the one for " + strconv.Itoa(pairs)}
	}
	return invalid("rounds", rounds, "the shared-boards Howell for "+strconv.Itoa(pairs)+" pairs is published in "+strings.Join(allowed, ", ")+" rounds", allowed...)
}
