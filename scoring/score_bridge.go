package scoring

// scoreBridge scores a deal under the Bridge codes (seed 002 "Scoring",
// seed 004): no contract; whichever side wins more than six tricks scores
// its odd tricks at the trump value, doubled as often as was doubled
// (bridge-portland: never more than 100 a trick); honours, chicane and
// slams as held and taken; three tricks for each revoke, and a revoking
// side cannot make game (28 at most, no premium).
func (r *Rules) scoreBridge(res *Result, s *Score) {
	c := res.Contract
	dealer := res.Declarer.Side()
	var play, eff [2]int
	play[dealer], play[dealer.Other()] = res.Tricks, 13-res.Tricks
	eff = play
	// The revoke penalty is exacted after the hand (seed 002, "The
	// Revoke": "three tricks taken from the revoking side", claimed "at the
	// end of a hand", "the accumulated penalty shall in no event exceed
	// thirteen tricks"): each side forfeits three tricks a revoke, thirteen
	// at most; the two forfeits are netted and the side owing more gives
	// the difference, as far as the tricks it holds go. No order enters:
	// the list's order never changes the score (LAWS.md, "Revokes").
	var revoked [2]bool
	var forfeit [2]int
	for _, rv := range res.Revokes {
		revoked[rv.Side] = true
		forfeit[rv.Side] = min(13, forfeit[rv.Side]+3)
	}
	if payer, net := NS, forfeit[NS]-forfeit[EW]; net != 0 {
		if net < 0 {
			payer, net = EW, -net
		}
		if n := min(net, eff[payer]); n > 0 {
			eff[payer] -= n
			eff[payer.Other()] += n
			var netted uint8
			if revoked[NS] && revoked[EW] {
				netted = 1
			}
			s.add(Item{Side: payer.Other(), Kind: ItemRevokeTricks, Detail: netted, Count: int8(n)})
		}
	}
	per := r.TrickValue(c.Strain)
	value, flags := per<<c.Doubles, ItemFlag(0)
	if r.Law == BridgePortland && value > 100 {
		value, flags = 100, FlagLimited // seed 004 Law 58
	}
	for side := NS; side <= EW; side++ {
		odd := eff[side] - 6
		if odd <= 0 {
			continue
		}
		pts := odd * value
		s.add(Item{Side: side, Kind: ItemOddTricks, Count: int8(odd), Per: int16(per), Doubles: c.Doubles, Flags: flags, Points: int32(pts)})
		if revoked[side] && pts > 28 {
			s.add(Item{Side: side, Kind: ItemRevokeCap, Points: int32(28 - pts)})
		}
	}
	r.scoreHonours(res, s)
	for side := NS; side <= EW; side++ {
		// slams on tricks won in play, "independently of any tricks
		// gained by the revoke penalty", and kept after it: the penalty
		// "takes precedence of all other counts" (seed 002).
		switch min(play[side], eff[side]) {
		case 13:
			s.add(Item{Side: side, Kind: ItemSlam, Detail: 13, Points: 40})
		case 12:
			s.add(Item{Side: side, Kind: ItemSlam, Detail: 12, Points: 20})
		}
		if !revoked[side] {
			r.addPremium(s, side)
		}
	}
}

// addPremium adds the game or part-score premium for the side's trick
// score on this deal (Duplicate Auction Law A).
func (r *Rules) addPremium(s *Score, side Side) {
	t := s.Sides[side].Trick
	switch {
	case t >= r.gameAt():
		if r.Options.GamePremium > 0 {
			s.add(Item{Side: side, Kind: ItemGamePremium, Points: int32(r.Options.GamePremium)})
		}
	case t > 0:
		if r.Options.PartScorePremium > 0 {
			s.add(Item{Side: side, Kind: ItemPartScore, Points: int32(r.Options.PartScorePremium)})
		}
	}
}
