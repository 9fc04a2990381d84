// Package tournament is the domain of a duplicate event: who plays which
// boards against whom, round by round.
//
// A Movement lists, per round and per table, the NS and EW pair (in a teams
// movement, the pairs of the teams) and the boards they play, with the pairs
// sitting out and the boards resting on a bye-stand. Mitchell, Howell,
// ThreeQuarterHowell, TeamsMovement (with RoundRobin or SwissPairing) build
// the usual movements; Validate checks any movement, generated or published,
// and reports its comparison matrix and balance; TableCards and GuideCards
// give what the tables and the pairs are told. Every error is a
// *scoring.Error naming the field and what is allowed.
//
// The package imports scoring and the standard library only.
package tournament
