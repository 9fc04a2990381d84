package scoring

// score2017 scores a contract under Law 77 of the 2017 Laws of Duplicate
// Bridge: contracted tricks, overtricks, the bonuses for making doubled or
// redoubled, part-score and game, slams, and undertricks.
func (r *Rules) score2017(res *Result, s *Score) {
	c := res.Contract
	decl := res.Declarer.Side()
	vul := res.Vulnerability.Vulnerable(decl)
	var vflag ItemFlag
	if vul {
		vflag = FlagVulnerable
	}
	need := 6 + int(c.Level)
	mult := 1 << c.Doubles
	if res.Tricks < need {
		opp := decl.Other()
		under := need - res.Tricks
		pts := 0
		for i := 1; i <= under; i++ {
			switch {
			case c.Doubles == 0 && vul:
				pts += 100
			case c.Doubles == 0:
				pts += 50
			case vul || i >= 4: // doubled: vulnerable 200 then 300 each; not vulnerable 100, 200, 200, then 300
				pts += 300 * (mult / 2)
				if vul && i == 1 {
					pts -= 100 * (mult / 2)
				}
			case i == 1:
				pts += 100 * (mult / 2)
			default:
				pts += 200 * (mult / 2)
			}
		}
		per := pts / under
		s.add(Item{Side: opp, Kind: ItemUndertricks, Count: int8(under), Per: int16(per), Doubles: c.Doubles, Flags: vflag, Points: int32(pts)})
		return
	}
	per := r.TrickValue(c.Strain)
	trick := int(c.Level) * per
	if c.Strain == NoTrump {
		trick += 10 // the first no-trump trick is 40
	}
	trick *= mult
	s.add(Item{Side: decl, Kind: ItemContractTricks, Count: c.Level, Per: int16(per), Doubles: c.Doubles, Points: int32(trick)})
	if over := res.Tricks - need; over > 0 {
		each := per
		if c.Doubles > 0 {
			each = 100 * (mult / 2)
			if vul {
				each *= 2
			}
		}
		s.add(Item{Side: decl, Kind: ItemOvertricks, Count: int8(over), Per: int16(each), Doubles: c.Doubles, Flags: vflag, Points: int32(over * each)})
	}
	if c.Doubles > 0 {
		s.add(Item{Side: decl, Kind: ItemInsult, Doubles: c.Doubles, Points: int32(50 * (mult / 2))})
	}
	if trick >= 100 {
		bonus := 300
		if vul {
			bonus = 500
		}
		s.add(Item{Side: decl, Kind: ItemGameBonus, Flags: vflag, Points: int32(bonus)})
	} else {
		s.add(Item{Side: decl, Kind: ItemPartScore, Points: 50})
	}
	switch c.Level {
	case 6:
		s.add(Item{Side: decl, Kind: ItemSlam, Detail: 12, Flags: vflag, Points: int32(pick(vul, 750, 500))})
	case 7:
		s.add(Item{Side: decl, Kind: ItemSlam, Detail: 13, Flags: vflag, Points: int32(pick(vul, 1500, 1000))})
	}
}

func pick(cond bool, yes, no int) int {
	if cond {
		return yes
	}
	return no
}
