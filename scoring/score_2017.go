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

// The dimensions of net2017: every contract-2017 contract, the declarer's
// side vulnerable or not, and every trick count.
const (
	levels2017  = 7                // 1–7
	strains2017 = int(NoTrump) + 1 // clubs to no-trump
	doubles2017 = 3                // undoubled, doubled, redoubled
	tricks2017  = 14               // 0–13
	entries2017 = levels2017 * strains2017 * doubles2017 * 2 * tricks2017
)

// net2017 holds the declarer's side's net score (its total less the
// opponents') of every contract-2017 result without a holding or a revoke,
// by index2017. score2017 itself fills it in, once, so the itemised score
// and NSScore's lookup cannot disagree.
var net2017 = func() (t [entries2017]int16) {
	r := NewRules(Contract2017)
	for level := int8(1); level <= levels2017; level++ {
		for strain := Clubs; strain <= NoTrump; strain++ {
			for doubles := uint8(0); doubles < doubles2017; doubles++ {
				for _, vul := range [2]Vulnerability{VulNone, VulNS} {
					for tricks := 0; tricks < tricks2017; tricks++ {
						c := Contract{Level: level, Strain: strain, Doubles: doubles}
						res := Result{Contract: c, Declarer: North, Tricks: tricks, Vulnerability: vul}
						var s Score
						r.score2017(&res, &s)
						t[index2017(c, uint(vul), tricks)] = int16(s.NSScore())
					}
				}
			}
		}
	}
	return t
}()

// index2017 is a contract-2017 result's place in net2017; vul is 1 when
// the declarer's side is vulnerable, else 0.
func index2017(c Contract, vul uint, tricks int) int {
	i := (int(c.Level)-1)*strains2017 + int(c.Strain)
	i = (i*doubles2017+int(c.Doubles))*2 + int(vul)
	return i*tricks2017 + tricks
}

// NSScore returns the net score a traveler shows, as Score(res).NSScore()
// does, without itemising it: a contract-2017 result is one lookup in a
// table score2017 filled in; any other result is scored in full.
func (r *Rules) NSScore(res *Result) (int, error) {
	c := res.Contract
	if r.Law == Contract2017 && !c.Pass && uint8(c.Level-1) < levels2017 && c.Strain <= NoTrump &&
		!c.Royal && c.Doubles < doubles2017 && res.Declarer <= West && uint(res.Tricks) < tricks2017 &&
		!res.Holding.Known && len(res.Revokes) == 0 && res.Vulnerability <= VulAll {
		// What Check would pass and score2017 reads: the vulnerability's
		// bit 0 is NS's, bit 1 EW's (VulNone 0, VulNS 1, VulEW 2, VulAll 3).
		side := uint(res.Declarer.Side())
		net := int(net2017[index2017(c, uint(res.Vulnerability)>>side&1, res.Tricks)])
		return net * (1 - 2*int(side)), nil
	}
	s, err := r.Score(res)
	if err != nil {
		return 0, err
	}
	return s.NSScore(), nil
}

// ScoreOnBoard reports whether ns is a net NS score that a result can have on a board of
// vulnerability v under the rules: a contract by either side with any number of tricks, or a pass
// (0). Only contract-2017 is checked (Law 77 leaves a finite table: net2017); under the other
// law codes honours, chicane and revokes add too many values to list, and checked is false.
func (r *Rules) ScoreOnBoard(v Vulnerability, ns int) (ok, checked bool) {
	if r.Law != Contract2017 || v > VulAll {
		return false, false
	}
	if ns == 0 {
		return true, true
	}
	for _, side := range [2]Side{NS, EW} {
		want := ns // the declaring side's net score: NS's, or the negative of it when EW declares
		if side == EW {
			want = -ns
		}
		vul := 0
		if v.Vulnerable(side) {
			vul = 1
		}
		for i, net := range net2017 {
			if (i/tricks2017)%2 == vul && int(net) == want {
				return true, true
			}
		}
	}
	return false, true
}
