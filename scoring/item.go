package scoring

import "strconv"

// Item is one line of an itemised score: what a side scored, and why.
type Item struct {
	Side    Side     // the side the points go to
	Kind    ItemKind // what was scored
	Detail  uint8    // honours: which holding (HonourDetail); slams: 12 or 13; revoke tricks: 1 when both sides' penalties were netted
	Count   int8     // tricks, undertricks, honours or revokes counted
	Per     int16    // the undoubled value of one trick, or one undertrick's points
	Doubles uint8    // doublings applied
	Flags   ItemFlag // qualifiers of the line
	Points  int32    // the points, negative for a deduction
}

// ItemFlag qualifies an item.
type ItemFlag uint8

// The item qualifiers.
const (
	FlagRoyal      ItemFlag = 1 << iota // a royal bid (Royalton)
	FlagInverse                         // nullo aces, credited to the side that does not hold them
	FlagLimited                         // capped by a law: the 1913 lone spade, Portland's 100 a trick
	FlagVulnerable                      // contract-2017: the side was vulnerable
	FlagNullo                           // the contract was a nullo
)

// ItemKind says what an item scores.
type ItemKind uint8

// The kinds of item.
const (
	ItemOddTricks      ItemKind = iota + 1 // odd tricks in the trick score
	ItemRevokeCap                          // Bridge: a revoking side's trick score held to 28
	ItemHonours                            // honours held
	ItemChicane                            // chicane or double chicane added to honours
	ItemChicaneAgainst                     // the other side's chicane deducted from honours
	ItemSlam                               // little or grand slam (Detail 12 or 13)
	ItemDoubledBonus                       // the bonus for making a doubled or redoubled contract
	ItemUndertricks                        // the opponents' points for undertricks
	ItemRevokePoints                       // a first revoke paid in points
	ItemFurtherRevokes                     // 100 for each further revoke
	ItemRevokeTricks                       // three tricks moved for a revoke (no points of its own)
	ItemHonoursOnly                        // a revoking side may score only honours (no points of its own)
	ItemGamePremium                        // the duplicate game premium
	ItemPartScore                          // the part-score premium (contract-2017: bonus)
	ItemPassedOut                          // all passed: no score
	ItemVoid                               // the deal is void
	ItemContractTricks                     // contract-2017: the contracted tricks
	ItemOvertricks                         // contract-2017: overtricks
	ItemInsult                             // contract-2017: making a doubled or redoubled contract
	ItemGameBonus                          // contract-2017: game bonus
	ItemHonoursUnknown                     // no deal and no honour counts: honours not scored
	ItemNoTrickScore                       // Royalton: a revoking declarer cannot score for tricks (no points of its own)
)

// Bucket is the part of a side's score an item counts in.
type Bucket uint8

// The buckets.
const (
	BucketNone    Bucket = iota // a note, no points
	BucketTrick                 // SideScore.Trick
	BucketHonour                // SideScore.Honour
	BucketPremium               // SideScore.Premium
)

// Bucket returns the bucket the kind of item counts in.
func (k ItemKind) Bucket() Bucket {
	switch k {
	case ItemOddTricks, ItemRevokeCap, ItemContractTricks:
		return BucketTrick
	case ItemGamePremium, ItemPartScore, ItemGameBonus:
		return BucketPremium
	case ItemRevokeTricks, ItemHonoursOnly, ItemPassedOut, ItemVoid, ItemHonoursUnknown, ItemNoTrickScore:
		return BucketNone
	}
	return BucketHonour
}

// HonourDetail says which honours holding an ItemHonours item scores.
type HonourDetail uint8

// The honours holdings of the LAWS.md table.
const (
	ThreeHonours    HonourDetail = iota + 1 // simple honours: 3 between partners, 2 tricks
	FourHonours                             // 4 between partners, 4 tricks
	FiveHonours                             // 5 between partners, 5 tricks
	FourInHand                              // 4 in one hand, 8 tricks
	FourInHandFifth                         // 4 in one hand and the 5th in partner's, 9 tricks
	FiveInHand                              // 5 in one hand, 10 tricks
	ThreeAces                               // 3 aces between partners, 30
	FourAces                                // 4 aces between partners, 40
	FourAcesInHand                          // 4 aces in one hand, 100
)

var honourText = [...]string{
	ThreeHonours:    "3 honours (simple honours)",
	FourHonours:     "4 honours",
	FiveHonours:     "5 honours",
	FourInHand:      "4 honours in one hand",
	FourInHandFifth: "4 honours in one hand, the 5th in partner's",
	FiveInHand:      "5 honours in one hand",
	ThreeAces:       "3 aces",
	FourAces:        "4 aces",
	FourAcesInHand:  "4 aces in one hand",
}

// Lines returns the score's items as text a director can read, one a line:
// "NS: 4 odd tricks at 9, doubled: 72".
func (s *Score) Lines() []string {
	lines := make([]string, 0, s.n)
	for _, it := range s.Items() {
		lines = append(lines, it.String())
	}
	return lines
}

// String returns the item as a line of text.
func (it Item) String() string {
	b, _ := it.AppendText(make([]byte, 0, 64))
	return string(b)
}

// AppendText appends the item's line of text to b, as String returns it,
// without allocating when b has room (encoding.TextAppender; the error is
// always nil).
func (it Item) AppendText(b []byte) ([]byte, error) {
	switch it.Kind {
	case ItemPassedOut:
		return append(b, "passed out: no score"...), nil
	case ItemVoid:
		return append(b, "both sides revoked equally: the deal is void (Law 81); the director assigns a score"...), nil
	case ItemHonoursUnknown:
		return append(b, "no deal and no honour counts given: honours not scored"...), nil
	}
	b = append(b, it.Side.String()...)
	b = append(b, ": "...)
	switch it.Kind {
	case ItemOddTricks:
		b = appendPlural(b, it.Count, "odd trick")
		b = append(b, " at "...)
		b = strconv.AppendInt(b, int64(it.Per), 10)
		b = appendDoubling(b, it.Doubles)
		if it.Flags&FlagLimited != 0 {
			b = append(b, ", limited to 100 a trick (Law 58)"...)
		}
	case ItemRevokeCap:
		b = append(b, "revoked: trick score held to 28, cannot make game"...)
	case ItemHonours:
		b = append(b, honourText[it.Detail]...)
		if it.Flags&FlagInverse != 0 {
			b = append(b, " held by the other side (nullo, aces score inversely)"...)
		}
	case ItemChicane:
		if it.Count == 2 {
			b = append(b, "double "...)
		}
		b = append(b, "chicane"...)
	case ItemChicaneAgainst:
		b = append(b, "the other side's "...)
		if it.Count == 2 {
			b = append(b, "double "...)
		}
		b = append(b, "chicane deducted from honours"...)
	case ItemSlam:
		if it.Detail == 13 {
			b = append(b, "grand slam"...)
		} else {
			b = append(b, "little slam"...)
		}
	case ItemDoubledBonus:
		b = append(b, "bonus for making a "...)
		if it.Doubles == 2 {
			b = append(b, "re"...)
		}
		b = append(b, "doubled contract"...)
		if it.Count > 0 {
			b = append(b, ", "...)
			b = strconv.AppendInt(b, int64(it.Count), 10)
			b = append(b, " over"...)
		}
	case ItemUndertricks:
		b = appendPlural(b, it.Count, "undertrick")
		b = append(b, " at "...)
		b = strconv.AppendInt(b, int64(it.Per), 10)
		sep := " ("
		if it.Flags&FlagRoyal != 0 {
			b = append(b, sep...)
			b = append(b, "royal"...)
			sep = ", "
		}
		if it.Doubles > 0 {
			b = append(b, sep...)
			b = appendDoubled(b, it.Doubles)
			sep = ", "
		}
		if it.Flags&FlagVulnerable != 0 {
			b = append(b, sep...)
			b = append(b, "vulnerable"...)
			sep = ", "
		}
		if sep == ", " {
			b = append(b, ')')
		}
		if it.Flags&FlagLimited != 0 {
			b = append(b, ", limited to 100 on the dealer's one spade (Law 48)"...)
		}
	case ItemRevokePoints:
		b = append(b, "revoke penalty"...)
	case ItemFurtherRevokes:
		b = appendPlural(b, it.Count, "further revoke")
		b = append(b, " at 100"...)
	case ItemRevokeTricks:
		b = appendPlural(b, it.Count, "trick")
		if it.Detail == 1 {
			return append(b, " taken for revokes, both sides' penalties netted"...), nil
		}
		return append(b, " taken for a revoke"...), nil
	case ItemHonoursOnly:
		return append(b, "revoked: may score honours only"...), nil
	case ItemNoTrickScore:
		return append(b, "revoked: cannot score for tricks (Law 77a)"...), nil
	case ItemGamePremium:
		b = append(b, "game premium"...)
	case ItemPartScore:
		b = append(b, "part-score premium"...)
	case ItemContractTricks:
		b = appendPlural(b, it.Count, "contracted trick")
		b = appendDoubling(b, it.Doubles)
	case ItemOvertricks:
		b = appendPlural(b, it.Count, "overtrick")
		if it.Doubles > 0 {
			b = appendDoubling(b, it.Doubles)
			if it.Flags&FlagVulnerable != 0 {
				b = append(b, ", vulnerable"...)
			}
		}
	case ItemInsult:
		b = append(b, "making a "...)
		if it.Doubles == 2 {
			b = append(b, "re"...)
		}
		b = append(b, "doubled contract"...)
	case ItemGameBonus:
		b = append(b, "game bonus"...)
		if it.Flags&FlagVulnerable != 0 {
			b = append(b, ", vulnerable"...)
		}
	default:
		return strconv.AppendInt(b, int64(it.Points), 10), nil
	}
	b = append(b, ": "...)
	return strconv.AppendInt(b, int64(it.Points), 10), nil
}

// appendPlural appends "1 what" or "n whats".
func appendPlural(b []byte, n int8, what string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	b = append(b, what...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}

// appendDoubling appends ", " and the doubling (appendDoubled), or nothing
// when the contract was not doubled.
func appendDoubling(b []byte, d uint8) []byte {
	if d == 0 {
		return b
	}
	return appendDoubled(append(b, ", "...), d)
}

// appendDoubled appends "doubled", "redoubled" or "doubled n times" for 1,
// 2 or n doublings.
func appendDoubled(b []byte, d uint8) []byte {
	switch d {
	case 1:
		return append(b, "doubled"...)
	case 2:
		return append(b, "redoubled"...)
	}
	b = append(b, "doubled "...)
	b = strconv.AppendInt(b, int64(d), 10)
	return append(b, " times"...)
}
