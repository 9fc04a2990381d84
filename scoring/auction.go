package scoring

import (
	"strconv"
	"strings"
)

// Bid is a call that names a contract: a level and a strain, royal or not.
type Bid struct {
	Level  int8   // 1–7
	Strain Strain // the strain named
	Royal  bool   // royalton-1915: a royal bid
}

// String prints the bid: "3H", "2NLR", "1RS".
func (b Bid) String() string {
	return Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal}.String()
}

// rank places a bid in the code's bid order: a higher rank overcalls a
// lower one, and no two bids share a rank.
func (r *Rules) rank(b Bid) int {
	level := int(b.Level)
	switch r.Law {
	case RoyalAuction1913:
		// seed 001 Law 44: by total value; on equal value more tricks is
		// higher; Clark's nullo chapter: hearts outrank nullos of equal
		// value (so does no-trump when nullos are worth 10).
		total := level * r.TrickValue(b.Strain)
		notNullo := 1
		if b.Strain == Nullo {
			notNullo = 0
		}
		return total*100 + level*10 + notNullo
	case Royalton1915:
		// seed 000 Laws 32, chapter I: spade, club, diamond, heart,
		// no-trump, nullo; a royal outranks every plain bid of the same
		// number and is below any greater number.
		royal := 0
		if b.Royal {
			royal = 1
		}
		return level*100 + royal*10 + royaltonOrder[b.Strain]
	default:
		// seed 003 Law 45: clubs, diamonds, hearts, spades, no trump;
		// an equal number in a higher strain or more tricks. (Law 19 of
		// the 2017 Laws ranks the same way.)
		return level*10 + int(b.Strain)
	}
}

var royaltonOrder = [numStrains]int{Spades: 0, Clubs: 1, Diamonds: 2, Hearts: 3, NoTrump: 4, Nullo: 5}

// Outranks reports whether bid a may overcall bid b under the code.
func (r *Rules) Outranks(a, b Bid) bool { return r.rank(a) > r.rank(b) }

// Bids lists every bid the code allows, lowest first.
func (r *Rules) Bids() []Bid {
	if r.Law.isBridge() {
		return nil
	}
	var bids []Bid
	for level := int8(1); level <= 7; level++ {
		for _, s := range r.strains() {
			bids = append(bids, Bid{Level: level, Strain: s})
			if r.Law == Royalton1915 {
				bids = append(bids, Bid{Level: level, Strain: s, Royal: true})
			}
		}
	}
	for i := 1; i < len(bids); i++ { // insertion sort by rank: the list is nearly sorted
		for j := i; j > 0 && r.rank(bids[j]) < r.rank(bids[j-1]); j-- {
			bids[j], bids[j-1] = bids[j-1], bids[j]
		}
	}
	return bids
}

// CallKind says what a call is.
type CallKind uint8

// The kinds of call.
const (
	CallPass       CallKind = iota // pass (Royalton's dealer: "no bid")
	CallBid                        // a bid; Bridge codes: naming the trump
	CallDouble                     // double; Bridge codes: any further doubling
	CallRedouble                   // redouble
	CallLeave                      // Bridge codes: the dealer leaves the trump to his partner
	CallBridgePlay                 // Royalton: the nullo declarer passes the play to his partner (Law 34)
)

// Call is one call of an auction.
type Call struct {
	Kind CallKind
	Bid  Bid // for CallBid
}

// String prints the call as ParseCall reads it.
func (c Call) String() string {
	switch c.Kind {
	case CallBid:
		if c.Bid.Level == 0 {
			return c.Bid.Strain.String()
		}
		return c.Bid.String()
	case CallDouble:
		return "X"
	case CallRedouble:
		return "XX"
	case CallLeave:
		return "LEAVE"
	case CallBridgePlay:
		return "BRIDGE"
	}
	return "PASS"
}

// ParseCall reads one call: PASS (also P, NB for "no bid"), X, XX, a bid
// such as 3H, 2NLR or 1RS; in the Bridge codes a strain alone such as H or
// NT, and LEAVE; in Royalton, BRIDGE after the auction.
func (r *Rules) ParseCall(field, s string) (Call, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "PASS", "P", "NB", "NO BID", "NO":
		return Call{Kind: CallPass}, nil
	case "D":
		if !r.Law.isBridge() { // in the Bridge codes D declares diamonds
			return Call{Kind: CallDouble}, nil
		}
	case "X", "DOUBLE":
		return Call{Kind: CallDouble}, nil
	case "XX", "R", "REDOUBLE":
		if r.Law.isBridge() {
			return Call{Kind: CallDouble}, nil // every further doubling is a doubling
		}
		return Call{Kind: CallRedouble}, nil
	case "LEAVE", "LEFT":
		if r.Law.isBridge() {
			return Call{Kind: CallLeave}, nil
		}
	case "BRIDGE":
		if r.Law == Royalton1915 {
			return Call{Kind: CallBridgePlay}, nil
		}
	}
	c, err := r.ParseContract(u)
	if err != nil || c.Pass || c.Doubles > 0 {
		allowed := "PASS, X, XX or a bid such as 1H"
		if r.Law.isBridge() {
			allowed = "a strain (" + strings.Join(r.strainNames(), ", ") + "), LEAVE, X or PASS"
		}
		return Call{}, invalid(field, s, "not a call of "+r.Law.String()+": expected "+allowed)
	}
	return Call{Kind: CallBid, Bid: Bid{Level: c.Level, Strain: c.Strain, Royal: c.Royal}}, nil
}

// Auction is the outcome of a complete auction.
type Auction struct {
	Contract  Contract // the final contract, or Pass
	Declarer  Seat     // who plays the hand
	PassedOut bool     // all four passed: no score
	Bridged   bool     // Royalton: the nullo declarer passed the play to his partner
}

// auctionState is an auction in progress.
type auctionState struct {
	last      Bid   // the last bid
	lastBy    Seat  // who made it
	any       bool  // a bid has been made
	doubles   uint8 // 0, 1 doubled, 2 redoubled
	passes    int   // passes since the last bid, double or redouble
	firstName [2][numStrains]int8
}

// RunAuction checks a whole auction, call by call from the dealer, and
// returns the final contract and the declarer: the first of the
// partnership to name the final strain. It refuses the first call that may
// not follow the auction so far, saying why.
func (r *Rules) RunAuction(dealer Seat, calls []Call) (Auction, error) {
	if r.Law.isBridge() {
		return r.runDeclaration(dealer, calls)
	}
	var st auctionState
	for i := range st.firstName {
		for j := range st.firstName[i] {
			st.firstName[i][j] = -1
		}
	}
	seat := dealer
	for i, c := range calls {
		if st.over(i) {
			if c.Kind == CallBridgePlay && i == len(calls)-1 {
				return r.bridgePlay(st, callField(i))
			}
			return Auction{}, invalid(callField(i), c.String(), "the auction is already over")
		}
		if err := r.applyCall(&st, seat, i, c); err != nil {
			return Auction{}, err
		}
		seat = seat.Next()
	}
	if !st.over(len(calls)) {
		if !st.any {
			return Auction{}, invalid("auction", strconv.Itoa(len(calls))+" calls", "not over: a board is passed out by four passes")
		}
		return Auction{}, invalid("auction", strconv.Itoa(len(calls))+" calls", "not over: three passes must follow the last bid, double or redouble")
	}
	return st.result(), nil
}

// over reports whether the auction has ended after n calls.
func (st *auctionState) over(n int) bool {
	if st.any {
		return st.passes >= 3
	}
	return n >= 4 && st.passes >= 4
}

func (st *auctionState) result() Auction {
	if !st.any {
		return Auction{Contract: Contract{Pass: true}, PassedOut: true}
	}
	side := st.lastBy.Side()
	return Auction{
		Contract: Contract{Level: st.last.Level, Strain: st.last.Strain, Royal: st.last.Royal, Doubles: st.doubles},
		Declarer: Seat(st.firstName[side][st.last.Strain]),
	}
}

// bridgePlay lets a Royalton nullo declarer pass the play to his partner.
func (r *Rules) bridgePlay(st auctionState, field string) (Auction, error) {
	a := st.result()
	if a.PassedOut || a.Contract.Strain != Nullo {
		return Auction{}, invalid(field, "BRIDGE", "only the declarer of a nullo may pass the play to his partner (seed 000 Law 34)")
	}
	a.Declarer, a.Bridged = a.Declarer.Partner(), true
	return a, nil
}

// callField names the i-th call in an error.
func callField(i int) string { return "auction[" + strconv.Itoa(i) + "]" }

func (r *Rules) applyCall(st *auctionState, seat Seat, i int, c Call) error {
	field := func() string { return callField(i) }
	switch c.Kind {
	case CallPass:
		if i == 0 && r.Law == RoyalAuction1913 {
			return invalid(field(), "PASS", "the dealer must bid under royal-auction-1913 (seed 001 Law 42)")
		}
		st.passes++
	case CallBid:
		b := c.Bid
		if b.Level < 1 || b.Level > 7 || !r.allowsStrain(b.Strain) || (b.Royal && r.Law != Royalton1915) {
			return invalid(field(), c.String(), "not a bid of "+r.Law.String())
		}
		if st.any && !r.Outranks(b, st.last) {
			return invalid(field(), b.String(), "insufficient: does not overcall "+st.last.String()+" ("+r.orderRule()+")")
		}
		st.last, st.lastBy, st.any, st.doubles, st.passes = b, seat, true, 0, 0
		if st.firstName[seat.Side()][b.Strain] < 0 {
			st.firstName[seat.Side()][b.Strain] = int8(seat)
		}
	case CallDouble:
		switch {
		case !st.any:
			return invalid(field(), "X", "there is no bid to double")
		case st.lastBy.Side() == seat.Side():
			return invalid(field(), "X", "a player may not double his partner's or his own side's declaration")
		case st.doubles > 0:
			return invalid(field(), "X", "the declaration is already doubled; it may be doubled and redoubled once, not more")
		}
		st.doubles, st.passes = 1, 0
	case CallRedouble:
		switch {
		case st.doubles == 0:
			return invalid(field(), "XX", "only a doubled declaration may be redoubled")
		case st.doubles == 2:
			return invalid(field(), "XX", "the declaration is already redoubled; redoubling more than once is not allowed")
		case st.lastBy.Side() != seat.Side():
			return invalid(field(), "XX", "only the side whose declaration was doubled may redouble")
		}
		st.doubles, st.passes = 2, 0
	default:
		return invalid(field(), c.String(), "not a call of "+r.Law.String())
	}
	return nil
}

// orderRule says in a few words how bids rank under the code.
func (r *Rules) orderRule() string {
	switch r.Law {
	case RoyalAuction1913:
		return "seed 001 Law 44: a higher total value, or the same value in more tricks; hearts outrank nullos of equal value"
	case Royalton1915:
		return "seed 000 Law 32: more tricks, or the same number royal, or the same number in a higher strain (S<C<D<H<NT<NL)"
	case Auction1915:
		return "seed 003 Law 45: more tricks, or the same number in a higher strain (C<D<H<S<NT)"
	}
	return "Law 18: more tricks, or the same number in a higher strain (C<D<H<S<NT)"
}

// runDeclaration checks a Bridge declaration (seed 002 "Declaring trumps",
// "Doubling, re-doubling"; seed 004 Laws 47-60): the dealer names the trump
// or leaves it to his partner, who must name it; then the eldest hand and
// his partner may double; each doubling gives the other side the right to
// double again, until both players of the side to speak are satisfied.
// Bridge-portland stops the doubling once a trick is worth 100.
func (r *Rules) runDeclaration(dealer Seat, calls []Call) (Auction, error) {
	if len(calls) == 0 {
		return Auction{}, invalid("auction", "", "empty: the dealer names the trump or leaves it to his partner")
	}
	i := 0
	first := calls[0]
	if first.Kind == CallLeave {
		i++
		if len(calls) < 2 {
			return Auction{}, invalid("auction", "LEAVE", "not over: the dealer's partner must name the trump")
		}
		first = calls[1]
	}
	if first.Kind != CallBid || first.Bid.Level != 0 || !r.allowsStrain(first.Bid.Strain) {
		who := "the dealer"
		if i == 1 {
			who = "the dealer's partner, left to declare,"
		}
		return Auction{}, invalid("auction["+strconv.Itoa(i)+"]", first.String(), who+" must name the trump", r.strainNames()...)
	}
	c := Contract{Strain: first.Bid.Strain}
	i++
	passes := 0 // the side to speak: each player may double or be satisfied
	for ; i < len(calls); i++ {
		field := func() string { return callField(i) }
		if passes == 2 {
			return Auction{}, invalid(field(), calls[i].String(), "the declaration is over: both players of the side to speak were satisfied")
		}
		switch calls[i].Kind {
		case CallPass:
			passes++
		case CallDouble:
			c.Doubles++
			if err := r.checkDoubles(c); err != nil {
				return Auction{}, invalid(field(), "X", err.(*Error).Problem)
			}
			passes = 0
		default:
			return Auction{}, invalid(field(), calls[i].String(), "after the trump is named only doubling (X) or satisfied (PASS)")
		}
	}
	if passes < 2 {
		return Auction{}, invalid("auction", strconv.Itoa(len(calls))+" calls", "not over: both players of the side to speak must double or be satisfied (PASS)")
	}
	return Auction{Contract: c, Declarer: dealer}, nil
}
