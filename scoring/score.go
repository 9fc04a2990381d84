package scoring

import "strconv"

// Penalty is the penalty the innocent declarer chose for a defender's
// first revoke: three tricks, or points in his honour score.
type Penalty uint8

// The revoke penalties.
const (
	PenaltyUnset  Penalty = iota // not said; fixed penalties need none
	PenaltyTricks                // three tricks move to the innocent side
	PenaltyPoints                // 100 (1913: the revoke_points option) in the innocent side's honour score
)

// String returns "tricks", "points" or "".
func (p Penalty) String() string {
	switch p {
	case PenaltyTricks:
		return "tricks"
	case PenaltyPoints:
		return "points"
	}
	return ""
}

// ParsePenalty reads "tricks" or "points"; empty is PenaltyUnset.
func ParsePenalty(field, s string) (Penalty, error) {
	switch s {
	case "":
		return PenaltyUnset, nil
	case "tricks":
		return PenaltyTricks, nil
	case "points":
		return PenaltyPoints, nil
	}
	return 0, invalid(field, s, "not a revoke penalty", "tricks", "points")
}

// Revoke is one established revoke, in the order they happened.
type Revoke struct {
	Side    Side    // the side that revoked
	Penalty Penalty // the declarer's choice for a defender's first revoke
}

// MaxRevokes is the most revokes one result may record.
const MaxRevokes = 8

// Result is one table's result on a board: everything its score depends on.
type Result struct {
	Contract      Contract
	Declarer      Seat          // who played the hand; Bridge codes: the dealer
	Tricks        int           // tricks won in play by the declarer's side, 0–13 (for a nullo too)
	Holding       Holding       // trump honours and voids, from the deal or as given
	Revokes       []Revoke      // established revokes, in order
	Vulnerability Vulnerability // contract-2017
}

// SideScore is one side's score on a deal.
type SideScore struct {
	Trick   int // the trick score: odd tricks, the only points that make game
	Honour  int // honours, chicane, slams, bonuses, undertricks and penalties
	Premium int // the duplicate game premium or part-score premium
}

// Total returns trick + honour + premium.
func (s SideScore) Total() int { return s.Trick + s.Honour + s.Premium }

// maxItems is the most items a score itemises.
const maxItems = 24

// Score is a scored result: each side's points and the items they are made
// of. It is a plain value: scoring it allocates nothing.
type Score struct {
	Sides     [2]SideScore // by Side
	Void      bool         // the deal is void: no score, the director assigns one
	PassedOut bool         // all passed: no score
	items     [maxItems]Item
	n         uint8
}

// NSScore returns the net score a traveler shows: NS total minus EW total.
func (s *Score) NSScore() int { return s.Sides[NS].Total() - s.Sides[EW].Total() }

// Items returns the score's items in the order they were scored.
func (s *Score) Items() []Item { return s.items[:s.n] }

func (s *Score) add(it Item) {
	switch it.Kind.Bucket() {
	case BucketTrick:
		s.Sides[it.Side].Trick += int(it.Points)
	case BucketHonour:
		s.Sides[it.Side].Honour += int(it.Points)
	case BucketPremium:
		s.Sides[it.Side].Premium += int(it.Points)
	}
	if int(s.n) < maxItems {
		s.items[s.n] = it
		s.n++
	}
}

// Score scores one result under the rules. It checks the result first and
// answers an *Error naming the field when something in it is wrong.
func (r *Rules) Score(res *Result) (Score, error) {
	var s Score
	if err := r.Check(res); err != nil {
		return s, err
	}
	switch {
	case res.Contract.Pass:
		s.PassedOut = true
		s.add(Item{Kind: ItemPassedOut})
	case r.Law.isBridge():
		r.scoreBridge(res, &s)
	case r.Law == Contract2017:
		r.score2017(res, &s)
	default:
		r.scoreAuction(res, &s)
	}
	return s, nil
}

// Check reports the first thing wrong with a result under the rules.
func (r *Rules) Check(res *Result) error {
	c := res.Contract
	if !c.Pass {
		if !r.allowsStrain(c.Strain) {
			return invalid("contract", c.String(), "not a strain of "+r.Law.String()+r.nulloHint(c.Strain), r.strainNames()...)
		}
		if r.Law.isBridge() {
			if c.Level != 0 {
				return invalid("contract", c.String(), "the Bridge codes have no level")
			}
		} else if c.Level < 1 || c.Level > 7 {
			return invalid("contract", c.String(), "the level must be 1 to 7")
		}
		if c.Royal && r.Law != Royalton1915 {
			return invalid("contract", c.String(), "only royalton-1915 has royal bids")
		}
		if err := r.checkDoubles(c); err != nil {
			return err
		}
	} else if r.Law.isBridge() || r.Law == RoyalAuction1913 {
		return invalid("contract", "PASS", "a board cannot be passed out under "+r.Law.String()+": the dealer must declare")
	}
	if res.Declarer > West {
		return invalid("declarer", strconv.Itoa(int(res.Declarer)), "not a seat", "N", "E", "S", "W")
	}
	if res.Tricks < 0 || res.Tricks > 13 {
		return invalid("tricks", strconv.Itoa(res.Tricks), "tricks won by the declarer's side must be 0 to 13")
	}
	if err := r.checkHolding(c, &res.Holding); err != nil {
		return err
	}
	return r.checkRevokes(res)
}

func (r *Rules) nulloHint(s Strain) string {
	if s == Nullo && r.Law == RoyalAuction1913 && !r.Options.Nullo {
		return " (nullos are off for this event: option nullo)"
	}
	return ""
}

// checkHolding checks that honour counts add up: five trump honours, or
// four aces at no-trump and nullo, and that a void hand holds none.
func (r *Rules) checkHolding(c Contract, h *Holding) error {
	if !h.Known || c.Pass {
		return nil
	}
	_, trumps := c.Strain.trumpSuit()
	want, what := 5, "trump honours (A K Q J 10)"
	if !trumps {
		want, what = 4, "aces"
	}
	sum := 0
	for seat := North; seat <= West; seat++ {
		n := int(h.Honours[seat])
		if n < 0 || n > want {
			return invalid("honours."+seat.String(), strconv.Itoa(n), "a hand holds 0 to "+strconv.Itoa(want)+" "+what)
		}
		if h.Void[seat] && !trumps {
			return invalid("chicane", seat.String(), "there is no chicane at "+c.Strain.String()+": no suit is trumps")
		}
		if h.Void[seat] && n > 0 {
			return invalid("chicane", seat.String(), seat.String()+" holds "+strconv.Itoa(n)+" trump honours so cannot be void of trumps")
		}
		sum += n
	}
	if sum != want {
		return invalid("honours", strconv.Itoa(sum), "the four hands must hold "+strconv.Itoa(want)+" "+what+" in all")
	}
	return nil
}

func penaltyField(i int) string { return "revokes[" + strconv.Itoa(i) + "].penalty" }

// checkRevokes checks the revokes against the code: Bridge penalties are
// always tricks; the declarer's side's revokes and every further revoke
// carry fixed penalties; a defender's first revoke needs the declarer's
// choice; contract-2017 results come with revoke tricks already moved.
func (r *Rules) checkRevokes(res *Result) error {
	if len(res.Revokes) == 0 {
		return nil
	}
	if len(res.Revokes) > MaxRevokes {
		return invalid("revokes", strconv.Itoa(len(res.Revokes)), "at most "+strconv.Itoa(MaxRevokes)+" revokes")
	}
	if res.Contract.Pass {
		return invalid("revokes", "", "a passed-out board has no play and so no revokes")
	}
	if r.Law == Contract2017 {
		return invalid("revokes", "", "under contract-2017 the director transfers revoke tricks (Law 64) before the result is entered: give the adjusted tricks and no revokes")
	}
	decl := res.Declarer.Side()
	var seen [2]bool
	for i, rv := range res.Revokes {
		if rv.Side > EW {
			return invalid("revokes["+strconv.Itoa(i)+"].side", strconv.Itoa(int(rv.Side)), "not a side", "NS", "EW")
		}
		if rv.Penalty > PenaltyPoints {
			return invalid(penaltyField(i), strconv.Itoa(int(rv.Penalty)), "not a revoke penalty", "tricks", "points")
		}
		first := !seen[rv.Side]
		seen[rv.Side] = true
		switch {
		case r.Law.isBridge():
			if rv.Penalty == PenaltyPoints {
				return invalid(penaltyField(i), "points", "under "+r.Law.String()+" a revoke always costs three tricks", "tricks")
			}
		case first && rv.Side != decl:
			if rv.Penalty == PenaltyUnset {
				return invalid(penaltyField(i), "", "say which penalty the declarer chose for the defenders' revoke", "tricks", "points")
			}
		default:
			if rv.Penalty == PenaltyTricks {
				why := "a further revoke by the same side costs 100 points"
				if first {
					why = "when the declarer's side revokes the penalty is fixed: the opponents score points"
				}
				return invalid(penaltyField(i), "tricks", why, "points")
			}
		}
	}
	return nil
}
