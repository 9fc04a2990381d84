package scoring

// scoreAuction scores a contract under the auction codes
// (royal-auction-1913, auction-1915) and Royalton:
// the declarer's trick score when the contract is made, the doubled bonus,
// undertricks to the opponents when it fails, honours (not Royalton),
// slams, revoke penalties and the game premium (LAWS.md, "Contract made /
// defeated", "Slams", "Revokes").
func (r *Rules) scoreAuction(res *Result, s *Score) {
	c := res.Contract
	decl := res.Declarer.Side()
	opp := decl.Other()
	royalton := r.Law == Royalton1915

	var revokes [2]int
	for _, rv := range res.Revokes {
		revokes[rv.Side]++
	}
	if revokes[NS] > 0 && revokes[EW] > 0 {
		r.scoreBothRevoked(res, s, revokes)
		return
	}
	nullo := c.Strain == Nullo
	// goal: the tricks the declarer plays for — his own, or at nullo
	// the tricks he forces the opponents to take.
	goalPlay := res.Tricks
	if nullo {
		goalPlay = 13 - res.Tricks
	}
	goal := goalPlay
	declRevoked := revokes[decl] > 0
	oppRevoked := revokes[opp] > 0
	if oppRevoked {
		first := res.Revokes[0] // the only side that revoked is the opponents
		if first.Penalty == PenaltyTricks {
			n := min(3, 13-goal) // three tricks, or what is left to take
			goal += n
			if n > 0 {
				s.add(Item{Side: decl, Kind: ItemRevokeTricks, Count: int8(n)})
			}
		} else {
			s.add(Item{Side: decl, Kind: ItemRevokePoints, Points: int32(r.revokePoints())})
		}
		if revokes[opp] > 1 {
			s.add(Item{Side: decl, Kind: ItemFurtherRevokes, Count: int8(revokes[opp] - 1), Points: int32(100 * (revokes[opp] - 1))})
		}
		if !royalton {
			s.add(Item{Side: opp, Kind: ItemHonoursOnly})
		}
	}
	if declRevoked {
		s.add(Item{Side: opp, Kind: ItemRevokePoints, Points: int32(r.revokePoints())})
		if revokes[decl] > 1 {
			s.add(Item{Side: opp, Kind: ItemFurtherRevokes, Count: int8(revokes[decl] - 1), Points: int32(100 * (revokes[decl] - 1))})
		}
		if royalton {
			s.add(Item{Side: decl, Kind: ItemNoTrickScore}) // seed 000 Law 77a
		} else {
			s.add(Item{Side: decl, Kind: ItemHonoursOnly}) // seed 001/003 Law 84
		}
	}

	need := 6 + int(c.Level)
	mult := 1 << c.Doubles
	per := r.TrickValue(c.Strain)
	var flags ItemFlag
	if nullo {
		flags |= FlagNullo
	}
	if goal >= need {
		if !declRevoked {
			odd := goal - 6
			s.add(Item{Side: decl, Kind: ItemOddTricks, Count: int8(odd), Per: int16(per), Doubles: c.Doubles, Flags: flags, Points: int32(odd * per * mult)})
			if c.Doubles > 0 {
				// 1913 Law 84b, 1915 Law 84b: penalty tricks earn no
				// doubled bonus; Royalton Law 77b: they do.
				base := goalPlay
				if royalton {
					base = goal
				}
				if base >= need {
					extra := base - need
					s.add(Item{Side: decl, Kind: ItemDoubledBonus, Count: int8(extra), Doubles: c.Doubles, Points: int32(50 * (mult / 2) * (1 + extra))})
				}
			}
		}
	} else {
		under := need - goal
		unit := 50 * mult
		if c.Royal {
			unit *= 2 // seed 000 Laws 32, 36
		}
		pts := under * unit
		if r.Law == RoyalAuction1913 && c.Strain == Spades && c.Level == 1 && c.Doubles < 2 && pts > 100 {
			pts, flags = 100, flags|FlagLimited // seed 001 Law 48
		}
		if royalton || !oppRevoked {
			if c.Royal {
				flags |= FlagRoyal
			}
			s.add(Item{Side: opp, Kind: ItemUndertricks, Count: int8(under), Per: int16(unit), Doubles: c.Doubles, Flags: flags, Points: int32(pts)})
		}
	}
	r.scoreHonours(res, s)
	r.scoreAuctionSlams(res, s, goalPlay, goal, declRevoked, oppRevoked)
	r.addPremium(s, decl)
}

// revokePoints is the penalty in points for a side's first revoke.
func (r *Rules) revokePoints() int {
	if r.Law == RoyalAuction1913 {
		return r.Options.RevokePoints
	}
	return 100
}

// scoreAuctionSlams adds slams: 1913 and 1915 to the side that took 12 or
// 13 tricks in play, bid or not (nullo: to the declarer when the opponents
// took them); Royalton only when declared (Laws 86-87), counting penalty
// tricks (Law 77b). A revoking side scores no slam (1913/1915 Law 84).
func (r *Rules) scoreAuctionSlams(res *Result, s *Score, goalPlay, goal int, declRevoked, oppRevoked bool) {
	c := res.Contract
	decl := res.Declarer.Side()
	if r.Law == Royalton1915 {
		if declRevoked {
			return
		}
		switch {
		case c.Level == 7 && goal == 13:
			s.add(Item{Side: decl, Kind: ItemSlam, Detail: 13, Points: 250})
		case c.Level == 6 && goal >= 12:
			s.add(Item{Side: decl, Kind: ItemSlam, Detail: 12, Points: 100})
		}
		return
	}
	little, grand := int32(20), int32(40)
	if r.Law == Auction1915 {
		little, grand = 50, 100 // seed 003 Laws 7-8
	}
	add := func(side Side, tricks int) {
		switch tricks {
		case 13:
			s.add(Item{Side: side, Kind: ItemSlam, Detail: 13, Points: grand})
		case 12:
			s.add(Item{Side: side, Kind: ItemSlam, Detail: 12, Points: little})
		}
	}
	if c.Strain == Nullo {
		if !declRevoked {
			add(decl, goalPlay)
		}
		return
	}
	if !declRevoked {
		add(decl, res.Tricks)
	}
	if !oppRevoked {
		add(decl.Other(), 13-res.Tricks)
	}
}

// scoreBothRevoked scores a deal on which both sides revoked: Royalton
// Law 81 voids it when the counts are equal and otherwise scores only 100
// for each extra revoke; 1913 Law 89 and 1915 Law 89 score honours only,
// and 100 to the other side for each revoke after a side's first.
func (r *Rules) scoreBothRevoked(res *Result, s *Score, revokes [2]int) {
	if r.Law == Royalton1915 {
		d := revokes[NS] - revokes[EW]
		switch {
		case d == 0:
			s.Void = true
			s.add(Item{Kind: ItemVoid})
		case d > 0:
			s.add(Item{Side: EW, Kind: ItemFurtherRevokes, Count: int8(d), Points: int32(100 * d)})
		default:
			s.add(Item{Side: NS, Kind: ItemFurtherRevokes, Count: int8(-d), Points: int32(-100 * d)})
		}
		return
	}
	for side := NS; side <= EW; side++ {
		s.add(Item{Side: side, Kind: ItemHonoursOnly})
		if n := revokes[side] - 1; n > 0 {
			s.add(Item{Side: side.Other(), Kind: ItemFurtherRevokes, Count: int8(n), Points: int32(100 * n)})
		}
	}
	r.scoreHonours(res, s)
}
