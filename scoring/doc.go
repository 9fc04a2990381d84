// Package scoring scores one bridge result under a law code and compares
// results with one another.
//
// It holds pure functions only and imports nothing but the standard
// library: the law codes of ../shared/LAWS.md (Bridge, the Portland code,
// Royal Auction 1913 with nullos, Auction 1915, Royalton 1915 and today's
// duplicate contract bridge), contract and deal parsing, bid order and the
// auction, honours and chicane derived from a deal, revokes, and the
// itemised score a director can read.
package scoring
