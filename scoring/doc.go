// Package scoring scores one bridge result under a law code and compares
// results with one another: the bridge rules with no event around them.
//
// It holds pure functions only and imports nothing but the standard
// library:
//
//   - Scoring one result (law.go, score*.go, item.go): the law codes of
//     ../shared/LAWS.md (Bridge, the Portland code, Royal Auction 1913 with
//     nullos, Auction 1915, Royalton 1915 and today's duplicate contract
//     bridge), revokes, and the itemised score a director can read.
//   - Parsing and deriving (contract.go, deal.go, card.go, seat.go,
//     auction.go, honours.go): contracts, deals, cards and leads, seats, bid
//     order and the auction, honours and chicane derived from a deal; random
//     deals for dealing boards (deal_random.go).
//   - Comparing results on a board (compare*.go, imps*.go): matchpoints
//     (Matchpoints, scaled by Neuberg where a board was played fewer times),
//     the period methods (plus-minus, total points), IMPs, cross-IMPs,
//     Butler, and a team match's IMPs (TeamMatch), converted to Victory
//     Points (vp*.go), or its board-a-match points (BoardAMatch), Patton
//     points (Patton) or aggregate total points (Aggregate).
//   - Ranking (rank*.go): places with ties, per field, standings over
//     sessions.
//   - Double dummy's results (tricks.go, par.go, par_naming.go): a deal's
//     trick table and par under every code (the historical auction codes'
//     declarer the first of the side to name the strain); solving the deal
//     is scoring/dds's job.
//
// Bad input is a *Error naming the field, the value, what was wrong and
// what is allowed.
//
// What it does not hold: events, sections, movements and standings of a
// whole event (tournament), files (reports), storage or HTTP.
package scoring
