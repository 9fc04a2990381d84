package scoring_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// Fuzz tests for every parser of the package (DESIGN.md: "fuzz tests for
// every parser") and for Score. Each target picks its rules from
// propCodes (property_test.go): every law code of scoring.Laws, then the
// option variants, by the fuzzed index modulo their number.

// fuzzIsError fails the test unless err is the package's *scoring.Error
// with a field named: bad input is always answered that way.
func fuzzIsError(t *testing.T, what string, err error) {
	t.Helper()
	var e *scoring.Error
	if !errors.As(err, &e) || e.Field == "" {
		t.Fatalf("%s: error %v (%T) is not a *scoring.Error naming its field", what, err, err)
	}
}

// fuzzParseContract calls ParseContract and turns a panic into a value.
func fuzzParseContract(r *scoring.Rules, s string) (c scoring.Contract, err error, panicked any) {
	defer func() { panicked = recover() }()
	c, err = r.ParseContract(s)
	return c, err, nil
}

// fuzzContractSeeds are contract texts for every code: good ones of each
// code (levels, strains, royals, nullos, doublings, PASS in its spellings,
// lower case and spaces), bad ones, and inputs that grow when upper-cased (invalid UTF-8, "ɐ"),
// which once made ParseContract slice out of range.
var fuzzContractSeeds = []string{
	"4SX", "3HR", "2NLRX", "NTXXX", "PASS", "p", "passed", " 7ntxx ", "1rs", "3RSXX", "1NL", "7NLR",
	"1S", "1C", "5DXX", "6NT", "7NTXX", "4HXXX", "H", "d", "SXXXXXX", "SXXXXXXX", "NTXXXX", "NTXXXXX",
	"H" + strings.Repeat("X", 20), "H" + strings.Repeat("X", 21), "8C", "0H", "1", "", "X", "1NTRR",
	"1SR", "1NTR", "1RSR", "1NLXXX", "4 S", "4S X", "4♠", "1NTXR", "PASSX", strings.Repeat("1", 40),
	strings.Repeat("ɐ", 11),    // bug: 22 bytes, 33 once upper-cased
	strings.Repeat("\xff", 11), // bug: 11 bytes of invalid UTF-8, 33 once upper-cased
}

// FuzzParseContract: ParseContract never panics, refuses with a
// *scoring.Error, and what it accepts prints as text it reads back to the
// same Contract, printed the same again (contract.go: String "prints the
// contract as ParseContract reads it"); Score accepts what ParseContract
// accepts.
func FuzzParseContract(f *testing.F) {
	codes := propCodes(f)
	for i := range codes {
		for _, s := range fuzzContractSeeds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, code uint8, s string) {
		pc := codes[int(code)%len(codes)]
		r := pc.rules
		c, err, panicked := fuzzParseContract(&r, s)
		if panicked != nil {
			t.Fatalf("%s: ParseContract(%q) panicked: %v", pc.name, s, panicked)
		}
		if err != nil {
			fuzzIsError(t, fmt.Sprintf("%s: ParseContract(%q)", pc.name, s), err)
			return
		}
		printed := c.String()
		c2, err := r.ParseContract(printed)
		if err != nil {
			t.Fatalf("%s: ParseContract(%q) = %+v, printed %q, which it refuses: %v", pc.name, s, c, printed, err)
		}
		if c2 != c || c2.String() != printed {
			t.Fatalf("%s: ParseContract(%q) = %+v printed %q; read back %+v printed %q", pc.name, s, c, printed, c2, c2.String())
		}
		res := scoring.Result{Contract: c, Declarer: scoring.South, Tricks: 7}
		if c.Pass {
			res.Tricks = 0
		}
		if _, err := r.Score(&res); err != nil {
			t.Fatalf("%s: ParseContract(%q) accepted %s but Score refuses it: %v", pc.name, s, c, err)
		}
	})
}

// fuzzDealSeeds returns PBN Deal values: the real deals of propPBNDeals,
// each with one hand "-", two and four hands "-", the same deals from
// another first seat and in lower case, and bad ones.
func fuzzDealSeeds() []string {
	var out []string
	for i, d := range propPBNDeals {
		out = append(out, d)
		hands := strings.Fields(d[2:])
		// one hand not given, in turn
		h := fuzzFour(hands)
		h[i%4] = "-"
		out = append(out, "N:"+strings.Join(h[:], " "))
		// from another first seat: the hands rotate with it
		first := "NESW"[i%4 : i%4+1]
		var rot [4]string
		for k := 0; k < 4; k++ {
			rot[k] = hands[(k+i%4)%4]
		}
		out = append(out, first+":"+strings.Join(rot[:], " "))
		out = append(out, strings.ToLower(first)+":"+strings.ToLower(strings.Join(rot[:], "  ")))
	}
	hands := strings.Fields(propPBNDeals[0][2:])
	out = append(out,
		"N:"+hands[0]+" - "+hands[2]+" -",
		"W:- - - -",
		"N:- - - "+hands[3],
		" E:"+strings.Join(hands, " ")+" ",
		"N:"+hands[0]+" "+hands[0]+" - -",          // cards twice
		"N:"+hands[0][1:]+" - - -",                 // 12 cards
		"N:"+hands[0]+"2 - - -",                    // a card repeated in the hand
		"N:"+hands[0]+".5 - - -",                   // five suits
		"X:"+strings.Join(hands, " "),              // no such seat
		"N:"+strings.Join(hands[:3], " "),          // three hands
		"N"+strings.Join(hands, " "),               // no colon
		"N:"+strings.Join(hands, " ")+" "+hands[0], // five hands
		"N:AKQJT98765432... - - -", "N:.AKQJT98765432.. - - -", "N:1.2.3.4 - - -",
		"", ":", "N:", strings.Repeat("N:- - - - ", 11),
	)
	return out
}

func fuzzFour(h []string) [4]string { return [4]string{h[0], h[1], h[2], h[3]} }

// FuzzParseDeal: ParseDeal never panics, refuses with a *scoring.Error, and
// a deal it reads prints (Deal.String) as a value it reads back to the same
// Deal, printed the same again; as a hand record (Deal.PBN) it prints the
// same, or "" when it gives no hand (Deal.Empty). A read deal is sound: a given hand holds 13
// cards, no card twice; Complete fills in one missing hand to make the
// pack; HoldingOf it gives five trump honours (four aces at no-trump and
// nullo) in all, and a void hand holds none (LAWS.md "Honours").
func FuzzParseDeal(f *testing.F) {
	for _, s := range fuzzDealSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := scoring.ParseDeal("deal", s)
		if err != nil {
			fuzzIsError(t, fmt.Sprintf("ParseDeal(%q)", s), err)
			return
		}
		printed := d.String()
		d2, err := scoring.ParseDeal("deal", printed)
		if err != nil {
			t.Fatalf("ParseDeal(%q) printed %q, which it refuses: %v", s, printed, err)
		}
		if d2 != d || d2.String() != printed {
			t.Fatalf("ParseDeal(%q) = %+v printed %q; read back %+v printed %q", s, d, printed, d2, d2.String())
		}
		if text := d.PBN(); d.Empty() != (text == "") || (text != "" && text != printed) {
			t.Fatalf("ParseDeal(%q) = %+v: PBN %q, Empty %v; want \"\" exactly when no hand is given, else %q", s, d, text, d.Empty(), printed)
		}
		var all scoring.Hand
		missing := 0
		for _, seat := range scoring.Seats {
			if !d.Given[seat] {
				missing++
				if d.Hands[seat] != 0 {
					t.Fatalf("ParseDeal(%q): %s not given but holds %s", s, seat, d.Hands[seat])
				}
				continue
			}
			if d.Hands[seat].Count() != 13 || all&d.Hands[seat] != 0 {
				t.Fatalf("ParseDeal(%q): %s holds %d cards or shares one", s, seat, d.Hands[seat].Count())
			}
			all |= d.Hands[seat]
		}
		hands, ok := d.Complete()
		if ok != (missing <= 1) {
			t.Fatalf("ParseDeal(%q): %d hands missing, Complete says %v", s, missing, ok)
		}
		if !ok {
			return
		}
		all = 0
		for _, h := range hands {
			if h.Count() != 13 || all&h != 0 {
				t.Fatalf("ParseDeal(%q): Complete gives a hand of %d cards or one shared: %v", s, h.Count(), hands)
			}
			all |= h
		}
		if all.Count() != 52 {
			t.Fatalf("ParseDeal(%q): Complete covers %d cards", s, all.Count())
		}
		r := scoring.NewRules(scoring.RoyalAuction1913)
		for _, st := range []scoring.Strain{scoring.Clubs, scoring.Diamonds, scoring.Hearts, scoring.Spades, scoring.NoTrump, scoring.Nullo, scoring.RoyalSpades} {
			h := scoring.HoldingOf(hands, st)
			sum := 0
			for _, seat := range scoring.Seats {
				sum += int(h.Honours[seat])
				if h.Void[seat] && h.Honours[seat] != 0 {
					t.Fatalf("ParseDeal(%q) at %s: %s void yet holds %d honours", s, st, seat, h.Honours[seat])
				}
			}
			if want := map[bool]int{true: 5, false: 4}[propTrumps(st)]; !h.Known || sum != want {
				t.Fatalf("ParseDeal(%q) at %s: HoldingOf gives %d honours (known %v), want %d", s, st, sum, h.Known, want)
			}
			res := scoring.Result{Contract: scoring.Contract{Level: 1, Strain: st}, Tricks: 7, Holding: h}
			if _, err := r.Score(&res); err != nil {
				t.Fatalf("ParseDeal(%q): the holding at %s is refused: %v", s, st, err)
			}
		}
	})
}

// fuzzAuctionSeeds are auctions of every code (and wrong ones): the
// seeds' own examples where there are some.
var fuzzAuctionSeeds = []string{
	"1H PASS PASS PASS", "PASS PASS PASS PASS", "P P P P", "1C X XX PASS PASS PASS",
	"1S 2H 3S 4H X PASS PASS PASS", "3D 3S PASS PASS PASS", "4H 5C PASS PASS PASS", "3NT 4D PASS PASS PASS",
	"1C 1D 1H 1S 1NT PASS PASS PASS", "7NT X XX P P P", "1NT 2NT", "1H 1D", "X", "1H X X", "1H XX",
	"1H PASS X", "1H X PASS XX PASS PASS PASS", "1H PASS PASS PASS PASS",
	"1S PASS PASS PASS", "1NL 1H 2NL PASS PASS PASS", "1RS 2C PASS PASS PASS", "1C 3S PASS PASS PASS",
	"2RS 3C PASS PASS PASS", "1H 2C PASS PASS PASS", "1NT 2D PASS PASS PASS", "PASS 1H PASS PASS PASS",
	"NB 1SR PASS PASS PASS", "1NL PASS PASS PASS BRIDGE", "2NLR X XX PASS PASS PASS BRIDGE", "1H PASS PASS PASS BRIDGE",
	"1NL 1SR 1NLR PASS PASS PASS", "3NLR 4S PASS PASS PASS", "NO 1C double redouble p p p",
	"H PASS PASS", "LEAVE NT X X PASS PASS", "D PASS PASS", "S X X X X X X X PASS PASS", "NT XX PASS PASS",
	"LEAVE", "LEFT C PASS PASS", "C", "H PASS PASS PASS", "NT X X X X PASS PASS",
}

// FuzzAuction: a string of calls, the code and the dealer. Each call is
// read with ParseCall, which refuses with a *scoring.Error or gives a call
// whose String it reads back to the same call; RunAuction never panics and
// refuses with a *scoring.Error, or its final contract is the last bid
// doubled or redoubled as called after it, printed as text ParseContract
// reads back to the same contract, played by the side that made the last
// bid (Bridge codes: the dealer, seed 002), and a result Score accepts.
func FuzzAuction(f *testing.F) {
	codes := propCodes(f)
	for i := range codes {
		for j, s := range fuzzAuctionSeeds {
			f.Add(uint8(i), uint8(j%4), s)
		}
	}
	f.Fuzz(func(t *testing.T, code, dealer uint8, text string) {
		pc := codes[int(code)%len(codes)]
		r := pc.rules
		d := scoring.Seat(dealer % 4)
		words := strings.Fields(text)
		if len(words) > 80 {
			words = words[:80]
		}
		calls := make([]scoring.Call, 0, len(words))
		for i, w := range words {
			c, err := r.ParseCall(fmt.Sprintf("auction[%d]", i), w)
			if err != nil {
				fuzzIsError(t, fmt.Sprintf("%s: ParseCall(%q)", pc.name, w), err)
				return
			}
			back, err := r.ParseCall("call", c.String())
			if err != nil || back != c {
				t.Fatalf("%s: ParseCall(%q) = %+v printed %q, read back %+v, %v", pc.name, w, c, c.String(), back, err)
			}
			calls = append(calls, c)
		}
		a, err := r.RunAuction(d, calls)
		if err != nil {
			fuzzIsError(t, fmt.Sprintf("%s: RunAuction(%s, %q)", pc.name, d, text), err)
			return
		}
		where := fmt.Sprintf("%s: RunAuction(%s, %q) = %+v", pc.name, d, text, a)
		if a.PassedOut != a.Contract.Pass || a.Declarer > scoring.West {
			t.Fatalf("%s: passed out %v, contract pass %v, declarer %d", where, a.PassedOut, a.Contract.Pass, a.Declarer)
		}
		c2, err := r.ParseContract(a.Contract.String())
		if err != nil || c2 != a.Contract {
			t.Fatalf("%s: contract %q reads back as %+v, %v", where, a.Contract.String(), c2, err)
		}
		if a.Bridged && (r.Law != scoring.Royalton1915 || a.Contract.Strain != scoring.Nullo) {
			t.Fatalf("%s: the play passed to partner at %s under %s (seed 000 Law 34: Royalton nullos only)", where, a.Contract, r.Law)
		}
		if propIsBridge(r.Law) {
			if a.Declarer != d || a.Contract.Level != 0 {
				t.Fatalf("%s: under the Bridge codes the dealer declares, with no level", where)
			}
		} else if !a.PassedOut {
			// the last bid, who made it, and the doublings after it
			var last scoring.Bid
			var by scoring.Seat
			var doubles uint8
			for i, c := range calls {
				switch c.Kind {
				case scoring.CallBid:
					last, by, doubles = c.Bid, (d+scoring.Seat(i))&3, 0
				case scoring.CallDouble:
					doubles = 1
				case scoring.CallRedouble:
					doubles = 2
				}
			}
			want := scoring.Contract{Level: last.Level, Strain: last.Strain, Royal: last.Royal, Doubles: doubles}
			if a.Contract != want || a.Declarer.Side() != by.Side() {
				t.Fatalf("%s: want %s played by %s's side", where, want, by)
			}
		}
		res := scoring.Result{Contract: a.Contract, Declarer: a.Declarer, Tricks: 7}
		if a.PassedOut {
			res.Tricks = 0
		}
		if _, err := r.Score(&res); err != nil {
			t.Fatalf("%s: Score refuses the auction's contract: %v", where, err)
		}
	})
}

// TestEveryCallRoundTrips is FuzzAuction's round trip on every call of every
// code, not left to chance: each call prints (Call.String, "prints the call
// as ParseCall reads it") as text ParseCall reads back to the same call —
// PASS, X, XX (not Bridge, where every doubling is X), LEAVE (Bridge),
// BRIDGE (Royalton), every bid of Bids(), and in the Bridge codes every
// strain the dealer may name alone (seed 002: "the dealer names the trump").
func TestEveryCallRoundTrips(t *testing.T) {
	for _, pc := range propCodes(t) {
		r := pc.rules
		calls := []scoring.Call{{Kind: scoring.CallPass}, {Kind: scoring.CallDouble}}
		switch {
		case propIsBridge(r.Law):
			calls = append(calls, scoring.Call{Kind: scoring.CallLeave})
			for _, st := range r.Strains() {
				calls = append(calls, scoring.Call{Kind: scoring.CallBid, Bid: scoring.Bid{Strain: st}})
			}
		case r.Law == scoring.Royalton1915:
			calls = append(calls, scoring.Call{Kind: scoring.CallRedouble}, scoring.Call{Kind: scoring.CallBridgePlay})
		default:
			calls = append(calls, scoring.Call{Kind: scoring.CallRedouble})
		}
		for _, b := range r.Bids() {
			calls = append(calls, scoring.Call{Kind: scoring.CallBid, Bid: b})
		}
		n := 0
		for _, c := range calls {
			got, err := r.ParseCall("call", c.String())
			if err == nil && got == c {
				n++
				continue
			}
			t.Errorf("%s: %+v prints %q, which ParseCall reads as %+v, %v", pc.name, c, c.String(), got, err)
		}
		t.Logf("%s: %d of %d calls round-trip", pc.name, n, len(calls))
	}
}

// FuzzScore: any contract, declarer, tricks, holding, revokes and
// vulnerability through Score: it never panics; it refuses with a
// *scoring.Error or its score keeps the totals identities (propCheckTotals,
// LAWS.md "Duplicate play") and mirrors when the declarer moves one seat
// round (propSwapResult, as TestPropertySwapSides). The bytes map mostly to
// valid values; flag bits let raw, out-of-range values through as well.
//
//	flags: 1 royal, 2|4 both set: PASS, 8 raw declarer, 16 raw tricks,
//	       32 unknown holding, 64 raw honour counts
//	honours: the seat (2 bits each) holding each of the 5 trump honours
//	         (4 aces at no-trump and nullo)
//	revokes: per byte, bit 0 the side, bits 2-3 the penalty (mod 3),
//	         bit 6 an invalid side
func FuzzScore(f *testing.F) {
	codes := propCodes(f)
	type seed struct {
		level, strain, flags, doubles, decl, tricks uint8
		honours                                     uint16
		voids                                       uint8
		revokes                                     []byte
	}
	h, d, c, s, nt, nl, rs := uint8(scoring.Hearts), uint8(scoring.Diamonds), uint8(scoring.Clubs),
		uint8(scoring.Spades), uint8(scoring.NoTrump), uint8(scoring.Nullo), uint8(scoring.RoyalSpades)
	seeds := []seed{
		{4, h, 0, 0, 0, 10, 0b0000000000, 0, nil},                    // 4H by N, 10 tricks, N holds all honours
		{4, h, 0, 1, 1, 10, 0b0000000101, 0b0100, nil},               // doubled, honours split
		{3, nt, 0, 2, 2, 9, 0b00000000, 0, nil},                      // 3NT redoubled, four aces in one hand
		{1, s, 0, 1, 0, 3, 0b0101010101, 0b1010, nil},                // 1S doubled, down 4; East holds them all, N and S void
		{6, c, 0, 0, 3, 12, 0b1010110000, 0, nil},                    // little slam
		{7, d, 0, 2, 0, 13, 0b1110010000, 0b0010, nil},               // grand slam redoubled
		{2, nl, 0, 0, 1, 3, 0b01010100, 0, nil},                      // nullo, opponents take 10
		{2, nl, 1, 1, 1, 5, 0b01010100, 0, nil},                      // royal nullo (Royalton), doubled
		{3, rs, 0, 1, 2, 9, 0b1000100010, 0, nil},                    // 1913 royal spades
		{3, h, 1, 1, 0, 6, 0b1100100100, 0, nil},                     // Royalton royal hearts, down 3
		{4, h, 0, 0, 0, 8, 0, 0, []byte{0x05}},                       // defenders' (EW) revoke, 3 tricks
		{4, h, 0, 1, 0, 8, 0, 0, []byte{0x09, 0x09}},                 // EW revoke paid in points, then again
		{4, h, 0, 0, 0, 11, 0, 0, []byte{0x00}},                      // declarer's side revokes
		{4, h, 0, 0, 0, 10, 0, 0, []byte{0x00, 0x05}},                // both sides revoke
		{4, h, 0, 0, 0, 10, 0, 0, []byte{0x00, 0x05, 0x00}},          // both, unequally
		{0, h, 0, 3, 0, 9, 0, 0b1000, []byte{0x04, 0x05}},            // Bridge: H doubled thrice, revokes
		{0, nt, 0, 20, 2, 13, 0, 0, nil},                             // Bridge: NT doubled 20 times, grand slam
		{0, s, 0, 6, 1, 7, 0b0001000100, 0b0101, []byte{5}},          // Portland: spades at the cap
		{0, 0, 6, 0, 0, 0, 0, 0, nil},                                // PASS
		{8, 9, 0xff, 30, 7, 20, 0xffff, 0xff, []byte{0xff}},          // everything out of range
		{1, c, 64, 0, 0, 7, 0x1234, 0x0f, nil},                       // raw honour counts
		{4, h, 0, 0, 0, 10, 0, 0, []byte{0x40}},                      // invalid revoke side
		{4, h, 0, 0, 0, 10, 0, 0, []byte{1, 1, 1, 1, 1, 1, 1, 1, 1}}, // too many revokes
	}
	for i := range codes {
		for j, sd := range seeds {
			f.Add(uint8(i), sd.level, sd.strain, sd.flags, sd.doubles, sd.decl, sd.tricks, sd.honours, sd.voids, uint8(j%4), sd.revokes)
		}
	}
	f.Fuzz(func(t *testing.T, code, level, strain, flags, doubles, decl, tricks uint8, honours uint16, voids, vul uint8, revokes []byte) {
		pc := codes[int(code)%len(codes)]
		r := pc.rules
		var res scoring.Result
		res.Contract = scoring.Contract{
			Level:   int8(level % 9),
			Strain:  scoring.Strain(strain % 8),
			Royal:   flags&1 != 0,
			Doubles: doubles % 24,
			Pass:    flags&6 == 6,
		}
		res.Declarer = scoring.Seat(decl & 3)
		if flags&8 != 0 {
			res.Declarer = scoring.Seat(decl)
		}
		res.Tricks = int(tricks % 14)
		if flags&16 != 0 {
			res.Tricks = int(int8(tricks))
		}
		switch {
		case flags&32 != 0:
			// unknown holding
		case flags&64 != 0:
			res.Holding.Known = true
			for seat := 0; seat < 4; seat++ {
				res.Holding.Honours[seat] = int8(honours>>(4*seat)&15) - 2
				res.Holding.Void[seat] = voids&(1<<seat) != 0
			}
		default:
			res.Holding.Known = true
			n := 4
			trumps := propTrumps(res.Contract.Strain)
			if trumps {
				n = 5
			}
			for i := 0; i < n; i++ {
				res.Holding.Honours[honours>>(2*i)&3]++
			}
			for seat := 0; seat < 4; seat++ {
				res.Holding.Void[seat] = trumps && voids&(1<<seat) != 0 && res.Holding.Honours[seat] == 0
			}
		}
		if len(revokes) > 12 {
			revokes = revokes[:12]
		}
		for _, b := range revokes {
			rv := scoring.Revoke{Side: scoring.Side(b & 1), Penalty: scoring.Penalty((b >> 2 & 3) % 3)}
			if b&0x40 != 0 {
				rv.Side += 2
			}
			res.Revokes = append(res.Revokes, rv)
		}
		res.Vulnerability = scoring.Vulnerability(vul % 4)

		s, err := fuzzScore(&r, &res)
		if err != nil {
			fuzzIsError(t, fmt.Sprintf("%s: Score(%s)", pc.name, propDescribe(&res)), err)
			return
		}
		if err := propCheckTotals(&s); err != nil {
			t.Fatalf("%s: %s: %v\nlines %q", pc.name, propDescribe(&res), err, s.Lines())
		}
		sw := propSwapResult(r.Law, res)
		s2, err := fuzzScore(&r, &sw)
		if err != nil {
			t.Fatalf("%s: %s scores, but the mirrored %s is refused: %v", pc.name, propDescribe(&res), propDescribe(&sw), err)
		}
		if s2.NSScore() != -s.NSScore() || s2.Sides[scoring.NS] != s.Sides[scoring.EW] || s2.Sides[scoring.EW] != s.Sides[scoring.NS] ||
			s2.Void != s.Void || s2.PassedOut != s.PassedOut || !propItemsSwapped(&s, &s2) {
			t.Fatalf("%s: %s scores %d %+v; mirrored %s scores %d %+v\nlines %q\nmirrored lines %q",
				pc.name, propDescribe(&res), s.NSScore(), s.Sides, propDescribe(&sw), s2.NSScore(), s2.Sides, s.Lines(), s2.Lines())
		}
	})
}

// fuzzScore calls Score, turning a panic into a test failure that names
// the result.
func fuzzScore(r *scoring.Rules, res *scoring.Result) (s scoring.Score, err error) {
	defer func() {
		if p := recover(); p != nil {
			panic(fmt.Sprintf("%s: Score(%s) panicked: %v", r.Law, propDescribe(res), p))
		}
	}()
	return r.Score(res)
}
