package scoring

// HasRoyalBids reports whether the law code has royal bids:
// royal-auction-1913's royal spades (RS) and royalton-1915's royal bid in
// any strain (a contract written with R after the strain, e.g. 4HR).
func (l Law) HasRoyalBids() bool { return l == RoyalAuction1913 || l == Royalton1915 }

// HasNullo reports whether the rules allow nullo contracts (NL):
// royalton-1915's always, royal-auction-1913's unless its option nullo is
// off; no other code has them.
func (r *Rules) HasNullo() bool { return r.allowsStrain(Nullo) }
