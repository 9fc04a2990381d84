package scoring

// scoreHonours adds honours and chicane, credited to the side that held
// them (LAWS.md "Honours"): in multiples of the strain's undoubled trick
// value, the aces 30/40/100 at no-trump, inversely at nullo.
func (r *Rules) scoreHonours(res *Result, s *Score) {
	if !r.Law.hasHonours() {
		return
	}
	h := &res.Holding
	if !h.Known {
		s.add(Item{Kind: ItemHonoursUnknown})
		return
	}
	st := res.Contract.Strain
	if st == Nullo && !r.Options.NulloHonours {
		return
	}
	holder, total, most := NS, int8(0), int8(0)
	for side := NS; side <= EW; side++ {
		a, b := h.Honours[side], h.Honours[side+2]
		if a+b >= 3 {
			holder, total, most = side, a+b, max(a, b)
		}
	}
	if total == 0 {
		return // the aces split two and two: no side scores them
	}
	_, trumps := st.trumpSuit()
	if !trumps {
		// seed 001 table, seed 003 Law 6: the aces at no-trump (and nullo)
		it := Item{Side: holder, Kind: ItemHonours, Count: total}
		switch {
		case most == 4:
			it.Detail, it.Points = uint8(FourAcesInHand), 100
		case total == 4:
			it.Detail, it.Points = uint8(FourAces), 40
		default:
			it.Detail, it.Points = uint8(ThreeAces), 30
		}
		if st == Nullo { // Clark: the aces score inversely
			it.Side, it.Flags = holder.Other(), FlagInverse|FlagNullo
		}
		s.add(it)
		return
	}
	per := int32(r.TrickValue(st))
	var d HonourDetail
	var tricks int32
	switch {
	case most == 5:
		d, tricks = FiveInHand, 10
	case most == 4 && total == 5:
		d, tricks = FourInHandFifth, 9
	case most == 4:
		d, tricks = FourInHand, 8
	case total == 5:
		d, tricks = FiveHonours, 5
	case total == 4:
		d, tricks = FourHonours, 4
	default:
		d, tricks = ThreeHonours, 2
	}
	s.add(Item{Side: holder, Kind: ItemHonours, Detail: uint8(d), Count: total, Per: int16(per), Points: tricks * per})
	if !r.chicaneScores() {
		return
	}
	for side := NS; side <= EW; side++ {
		voids := int8(0)
		if h.Void[side] {
			voids++
		}
		if h.Void[side+2] {
			voids++
		}
		if voids == 0 {
			continue
		}
		value := 2 * per * int32(voids) // chicane: simple honours; double chicane: 4 honours
		if side == holder {
			s.add(Item{Side: holder, Kind: ItemChicane, Count: voids, Per: int16(per), Points: value})
		} else {
			s.add(Item{Side: holder, Kind: ItemChicaneAgainst, Count: voids, Per: int16(per), Points: -value})
		}
	}
}

// chicaneScores reports whether chicane counts: always in the Bridge codes,
// in royal-auction-1913 only with the chicane option.
func (r *Rules) chicaneScores() bool {
	return r.Law.isBridge() || (r.Law == RoyalAuction1913 && r.Options.Chicane)
}
