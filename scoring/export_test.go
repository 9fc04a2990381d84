package scoring

// ParOfBids is parOfBids for the tests' small cases: par with bids of at
// most maxLevel odd tricks.
var ParOfBids = (*Rules).parOfBids
