package scoring

// HasRoyalBids reports whether the law code has royal bids:
// royal-auction-1913's royal spades (RS) and royalton-1915's royal bid in
// any strain (a contract written with R after the strain, e.g. 4HR).
func (l Law) HasRoyalBids() bool { return l == RoyalAuction1913 || l == Royalton1915 }

// HasNullo reports whether the rules allow nullo contracts (NL):
// royalton-1915's always, royal-auction-1913's unless its option nullo is
// off; no other code has them.
func (r *Rules) HasNullo() bool { return r.allowsStrain(Nullo) }

// HasHonours reports whether holding honours scores under the law code:
// the Bridge codes, royal-auction-1913 and auction-1915; not Royalton (its
// "penalty and bonus score" has none) nor contract-2017 (LAWS.md "Honours").
func (l Law) HasHonours() bool { return l.hasHonours() }

// HasChicane reports whether chicane (a hand void of trumps) scores: always
// in the Bridge codes, in royal-auction-1913 only with its option chicane;
// auction-1915 has none (LAWS.md "Chicane").
func (r *Rules) HasChicane() bool { return r.chicaneScores() }

// HasRevokes reports whether a result records revokes under the code:
// every historical code; contract-2017's director moves the tricks before
// the result is entered (Law 64).
func (l Law) HasRevokes() bool { return l != Contract2017 }

// RevokeChoice reports whether the innocent declarer chooses between
// three tricks and points for a defender's first revoke: the auction codes
// and Royalton; the Bridge codes always move three tricks.
func (l Law) RevokeChoice() bool { return l.HasRevokes() && !l.isBridge() }

// UsesVulnerability reports whether a board scores differently by its
// vulnerability: only contract-2017 (LAWS.md "contract-2017"); the
// historical codes score every deal alike, so the pages do not show it.
func (l Law) UsesVulnerability() bool { return l == Contract2017 }

// DealerDeclares reports whether the dealer names the trump (or leaves it
// to his partner) instead of an auction: the Bridge codes.
func (l Law) DealerDeclares() bool { return l.isBridge() }
