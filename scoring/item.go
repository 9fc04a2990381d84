package scoring

import (
	"strconv"
	"strings"
)

// Item is one line of an itemised score: what a side scored, and why.
type Item struct {
	Side    Side     // the side the points go to
	Kind    ItemKind // what was scored
	Detail  uint8    // honours: which holding (HonourDetail); slams: 12 or 13
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
	side := it.Side.String() + ": "
	pts := strconv.Itoa(int(it.Points))
	switch it.Kind {
	case ItemOddTricks:
		return side + plural(int(it.Count), "odd trick") + " at " + strconv.Itoa(int(it.Per)) + doubling(it.Doubles) + limited(it) + ": " + pts
	case ItemRevokeCap:
		return side + "revoked: trick score held to 28, cannot make game: " + pts
	case ItemHonours:
		t := side + honourText[it.Detail]
		if it.Flags&FlagInverse != 0 {
			t += " held by the other side (nullo, aces score inversely)"
		}
		return t + ": " + pts
	case ItemChicane:
		if it.Count == 2 {
			return side + "double chicane: " + pts
		}
		return side + "chicane: " + pts
	case ItemChicaneAgainst:
		what := "chicane"
		if it.Count == 2 {
			what = "double chicane"
		}
		return side + "the other side's " + what + " deducted from honours: " + pts
	case ItemSlam:
		if it.Detail == 13 {
			return side + "grand slam: " + pts
		}
		return side + "little slam: " + pts
	case ItemDoubledBonus:
		what := "doubled"
		if it.Doubles == 2 {
			what = "redoubled"
		}
		t := side + "bonus for making a " + what + " contract"
		if it.Count > 0 {
			t += ", " + strconv.Itoa(int(it.Count)) + " over"
		}
		return t + ": " + pts
	case ItemUndertricks:
		t := side + plural(int(it.Count), "undertrick") + " at " + strconv.Itoa(int(it.Per))
		var q []string
		if it.Flags&FlagRoyal != 0 {
			q = append(q, "royal")
		}
		if it.Doubles > 0 {
			q = append(q, strings.TrimPrefix(doubling(it.Doubles), ", "))
		}
		if it.Flags&FlagVulnerable != 0 {
			q = append(q, "vulnerable")
		}
		if len(q) > 0 {
			t += " (" + strings.Join(q, ", ") + ")"
		}
		if it.Flags&FlagLimited != 0 {
			t += ", limited to 100 on the dealer's one spade (Law 48)"
		}
		return t + ": " + pts
	case ItemRevokePoints:
		return side + "revoke penalty: " + pts
	case ItemFurtherRevokes:
		return side + plural(int(it.Count), "further revoke") + " at 100: " + pts
	case ItemRevokeTricks:
		return side + strconv.Itoa(int(it.Count)) + " tricks taken for a revoke"
	case ItemHonoursOnly:
		return side + "revoked: may score honours only"
	case ItemNoTrickScore:
		return side + "revoked: cannot score for tricks (Law 77a)"
	case ItemGamePremium:
		return side + "game premium: " + pts
	case ItemPartScore:
		return side + "part-score premium: " + pts
	case ItemPassedOut:
		return "passed out: no score"
	case ItemVoid:
		return "both sides revoked equally: the deal is void (Law 81); the director assigns a score"
	case ItemContractTricks:
		return side + plural(int(it.Count), "contracted trick") + doubling(it.Doubles) + ": " + pts
	case ItemOvertricks:
		t := side + plural(int(it.Count), "overtrick")
		if it.Doubles > 0 {
			t += doubling(it.Doubles)
			if it.Flags&FlagVulnerable != 0 {
				t += ", vulnerable"
			}
		}
		return t + ": " + pts
	case ItemInsult:
		if it.Doubles == 2 {
			return side + "making a redoubled contract: " + pts
		}
		return side + "making a doubled contract: " + pts
	case ItemGameBonus:
		if it.Flags&FlagVulnerable != 0 {
			return side + "game bonus, vulnerable: " + pts
		}
		return side + "game bonus: " + pts
	case ItemHonoursUnknown:
		return "no deal and no honour counts given: honours not scored"
	}
	return side + pts
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func doubling(d uint8) string {
	switch d {
	case 0:
		return ""
	case 1:
		return ", doubled"
	case 2:
		return ", redoubled"
	}
	return ", doubled " + strconv.Itoa(int(d)) + " times"
}

func limited(it Item) string {
	if it.Flags&FlagLimited != 0 {
		return ", limited to 100 a trick (Law 58)"
	}
	return ""
}
