package reports

import (
	"io"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// PBNResult is one table's played result, read from a PBN game's tags.
type PBNResult struct {
	Line          int                   // the line of the game's first tag
	Event         string                // Event
	Board         int                   // Board; 0 when not given
	Dealer        scoring.Seat          // Dealer
	HasDealer     bool                  // whether Dealer was given
	Vulnerable    scoring.Vulnerability // Vulnerable
	HasVulnerable bool                  // whether Vulnerable was given
	Deal          scoring.Deal          // Deal; Deal.Given says which hands were there
	ContractText  string                // Contract as written, e.g. "4Hx" or "Pass"; "" when not given
	Contract      scoring.Contract      // Contract read under contract-2017 (or the file's TravelerLaw)
	HasContract   bool                  // whether Contract was given
	Declarer      scoring.Seat          // Declarer
	HasDeclarer   bool                  // whether Declarer was given
	Tricks        int                   // Result: tricks won by the declarer's side
	HasTricks     bool                  // whether Result was given
	Score         int                   // Score, as the NS score
	HasScore      bool                  // whether Score was given
	Room          string                // Room: "Open" or "Closed", when given
	Table         string                // Table
	HomeTeam      string                // HomeTeam
	VisitTeam     string                // VisitTeam
	NSIMPs        float64               // ScoreIMP: the IMPs NS won on the board
	EWIMPs        float64               // ScoreIMP: the IMPs EW won on the board
	HasScoreIMP   bool                  // whether ScoreIMP was given
	DealFromLIN   bool                  // whether Deal was read from the LIN_DATA tag's md field (no Deal given)
	Adjusted      [2]int                // an adjusted line's percentages of the top, NS and EW: Contract "A" 50/50, "A+" 60/40, "A-" 40/60
	HasAdjusted   bool                  // whether the Contract is an adjusted score (A, A+, A-), as BridgeWebs writes one
	Spelling      string                // the Contract as written when not PBN's spelling but BridgeWebs' ("3D*", "PO"); "" otherwise
	Game          *PBNGame              // the game the result was read from, with every tag and section
}

// ReadPBNResults reads a PBN file's games as played results, in file order.
func ReadPBNResults(r io.Reader) ([]PBNResult, error) {
	games, err := ReadPBN(r)
	if err != nil {
		return nil, err
	}
	out := make([]PBNResult, 0, len(games))
	for i := range games {
		res, err := games[i].PlayedResult()
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// PlayedResult reads the game's result tags: Event, Board, Dealer,
// Vulnerable, Deal, Contract, Declarer, Result, Score, Room, Table,
// HomeTeam, VisitTeam and ScoreIMP. Every tag is optional; one that is
// given but cannot be read gives a *FileError naming the tag and its line.
// Score and ScoreIMP read as "NS 120", "EW -50", "NS 4 EW -4" or a bare
// number from the declarer's side.
func (g *PBNGame) PlayedResult() (PBNResult, error) {
	return g.playedResult(&contractRules)
}

// playedResult is PlayedResult with the Contract read under rules (the
// law code of the file's TravelerLaw tag, as WritePBN writes it).
func (g *PBNGame) playedResult(rules *scoring.Rules) (PBNResult, error) {
	res := PBNResult{
		Line: g.Line, Game: g, Event: g.Value("Event"), Room: g.Value("Room"), Table: g.Value("Table"),
		HomeTeam: g.Value("HomeTeam"), VisitTeam: g.Value("VisitTeam"),
	}
	if t, ok := g.given("Board"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(t.Value))
		if err != nil || n < 1 || n > maxBoardNumber {
			return res, pbnErr(t, "a board number from 1 to "+strconv.Itoa(maxBoardNumber))
		}
		res.Board = n
	}
	if t, ok := g.given("Dealer"); ok {
		seat, err := scoring.ParseSeat("dealer", t.Value)
		if err != nil {
			return res, pbnErr(t, "the dealer's seat: N, E, S or W")
		}
		res.Dealer, res.HasDealer = seat, true
	}
	if t, ok := g.given("Vulnerable"); ok {
		v, err := scoring.ParseVulnerability("vulnerable", t.Value)
		if err != nil {
			return res, pbnErr(t, "None, NS, EW or All (also Love, -, Both)")
		}
		res.Vulnerable, res.HasVulnerable = v, true
	}
	if t, ok := g.given("Deal"); ok {
		d, err := scoring.ParseDeal("deal", t.Value)
		if err != nil {
			return res, pbnErr(t, `a deal such as "N:AKQJ2.K3.Q54.A76 ..." (`+err.Error()+")")
		}
		res.Deal = d
	}
	if t, ok := g.given("LIN_DATA"); ok && res.Deal.Given == [4]bool{} {
		// BBO's and RealBridge's exports give the deal in LIN, with no
		// Deal or one of unknown hands ("N:- - - -").
		d, dealer, has, err := linBoard(t.Value)
		if err != nil {
			return res, pbnErr(t, `BBO's LIN with the deal in its md field, e.g. "md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|" (`+err.Error()+")")
		}
		if has {
			res.Deal, res.DealFromLIN = d, true
		}
		if dealer != nil && !res.HasDealer {
			res.Dealer, res.HasDealer = *dealer, true // the md field's digit: 1 South, 2 West, 3 North, 4 East
		}
	}
	if t, ok := g.given("Contract"); ok {
		if pc, adjusted := adjustedPercent(strings.TrimSpace(t.Value), ""); adjusted {
			// An adjusted line as BridgeWebs writes it: "A" (or A+, A-) for
			// the contract, the declarer and the result; the Score, if
			// any, says no more.
			res.Adjusted, res.HasAdjusted, res.Spelling = pc, true, t.Value
			return res, nil
		}
		text, spelled := pbnContractSpelling(t.Value)
		c, err := readContractUnder(rules, text)
		if err != nil {
			if rules.Law != scoring.Contract2017 {
				return res, pbnErr(t, "a contract "+rules.Law.String()+" reads ("+err.Error()+")")
			}
			return res, pbnErr(t, "a contract such as 4H, 3NTX or 6Sxx, or Pass")
		}
		res.ContractText, res.Contract, res.HasContract = t.Value, c, true
		if spelled {
			res.Spelling = t.Value
		}
	}
	if t, ok := g.given("Declarer"); ok {
		seat, err := scoring.ParseSeat("declarer", t.Value)
		if err != nil {
			return res, pbnErr(t, "the declarer's seat: N, E, S or W")
		}
		res.Declarer, res.HasDeclarer = seat, true
	}
	if t, ok := g.given("Result"); ok {
		n, err := res.readTricks(t.Value)
		if err != nil {
			return res, pbnErr(t, "the tricks won by the declarer's side, 0 to 13 (or \"NS 9\" with a declarer)")
		}
		res.Tricks, res.HasTricks = n, true
	}
	if t, ok := g.given("Score"); ok {
		v, ok := parseSideValues(t.Value)
		ns, known := res.nsValue(v)
		if !ok || !known || ns != float64(int(ns)) {
			return res, pbnErr(t, `a score such as "NS 420", "EW 50" or, with a declarer, "-100"`)
		}
		res.Score, res.HasScore = int(ns), true
	}
	if t, ok := g.given("ScoreIMP"); ok {
		v, ok := parseSideValues(t.Value)
		ns, known := res.nsValue(v)
		if !ok || !known {
			return res, pbnErr(t, `IMPs such as "NS 4 EW -4", "EW 3" or, with a declarer, "-2"`)
		}
		res.NSIMPs, res.EWIMPs, res.HasScoreIMP = ns, -ns, true
		if v.hasEW {
			res.EWIMPs = v.ew
		}
	}
	return res, nil
}

// given returns the game's tag of that name when its value is neither empty
// nor "?" (PBN 2.1 §3.4: unknown).
func (g *PBNGame) given(name string) (PBNTag, bool) {
	t, ok := g.Tag(name)
	if v := strings.TrimSpace(t.Value); !ok || v == "" || v == "?" {
		return t, false
	}
	return t, true
}

// player returns the name of the player in a seat tag (North, East…); ""
// when not given, or "?" (PBN 2.1 §3.4: unknown).
func (g *PBNGame) player(seat string) string {
	t, ok := g.given(seat)
	if !ok {
		return ""
	}
	return strings.TrimSpace(t.Value)
}

// readTricks reads a Result: a number of tricks, or "NS 9" / "EW 4" for
// the tricks a side won, turned into the declarer's side's.
func (res *PBNResult) readTricks(s string) (int, error) {
	v, ok := parseSideValues(s)
	if !ok {
		return 0, strconv.ErrSyntax
	}
	n := v.bare
	switch {
	case v.hasBare:
	case !res.HasDeclarer:
		return 0, strconv.ErrSyntax
	case v.hasNS:
		n = pick(res.Declarer.Side() == scoring.NS, v.ns, 13-v.ns)
	default:
		n = pick(res.Declarer.Side() == scoring.EW, v.ew, 13-v.ew)
	}
	if n != float64(int(n)) || n < 0 || n > 13 {
		return 0, strconv.ErrRange
	}
	return int(n), nil
}

// nsValue returns a Score or ScoreIMP from NS's side: the NS figure, the
// EW figure negated, or a bare figure from the declarer's side (a passed-out
// board's bare 0 needs no declarer). It reports false when it cannot tell.
func (res *PBNResult) nsValue(v sideValues) (float64, bool) {
	switch {
	case v.hasNS:
		return v.ns, true
	case v.hasEW:
		return -v.ew, true
	case res.HasDeclarer && !(res.HasContract && res.Contract.Pass):
		return pick(res.Declarer.Side() == scoring.NS, v.bare, -v.bare), true
	case v.bare == 0:
		return 0, true
	}
	return 0, false
}

// pick returns a when cond holds, else b.
func pick(cond bool, a, b float64) float64 {
	if cond {
		return a
	}
	return b
}

// sideValues is a value read as "NS 4 EW -4", "EW 50" or a bare "120".
type sideValues struct {
	ns, ew, bare          float64
	hasNS, hasEW, hasBare bool
}

// parseSideValues reads NS and EW figures, each at most once, or one bare
// figure.
func parseSideValues(s string) (sideValues, bool) {
	var v sideValues
	f := strings.Fields(s)
	if len(f) == 1 {
		x, ok := ParseFigure(f[0])
		v.bare, v.hasBare = x.Value, true
		return v, ok
	}
	if len(f) != 2 && len(f) != 4 {
		return v, false
	}
	for i := 0; i < len(f); i += 2 {
		x, ok := ParseFigure(f[i+1])
		if !ok {
			return v, false
		}
		switch strings.ToUpper(f[i]) {
		case "NS":
			if v.hasNS {
				return v, false
			}
			v.ns, v.hasNS = x.Value, true
		case "EW":
			if v.hasEW {
				return v, false
			}
			v.ew, v.hasEW = x.Value, true
		default:
			return v, false
		}
	}
	return v, true
}

// AuctionCalls returns the calls of the game's Auction section in order,
// without note references (=1=) and the end mark (*); AP (all pass) stays
// as written.
func (g *PBNGame) AuctionCalls() []string {
	t, ok := g.Tag("Auction")
	if !ok {
		return nil
	}
	var calls []string
	for _, line := range t.Section {
		for _, tok := range strings.Fields(line) {
			if tok == "*" || tok == "-" || (len(tok) > 2 && tok[0] == '=' && tok[len(tok)-1] == '=') {
				continue
			}
			calls = append(calls, tok)
		}
	}
	return calls
}

// Calls returns the game's auction as traveler keeps a result's (each call
// as scoring.Rules.ParseCall reads it: "Pass" is PASS, AP the passes that
// close the auction) and the first to call, the Auction tag's value;
// ok false when the game has no auction or its first caller is not a seat.
// Whether the calls are an auction the law code allows is the caller's to
// check (tournament.AuctionFor).
func (g *PBNGame) Calls() (calls []string, first scoring.Seat, ok bool) {
	t, has := g.Tag("Auction")
	if !has {
		return nil, 0, false
	}
	first, err := scoring.ParseSeat("auction", t.Value)
	if err != nil {
		return nil, 0, false
	}
	for _, c := range g.AuctionCalls() {
		if !strings.EqualFold(c, "AP") {
			calls = append(calls, strings.ToUpper(c))
			continue
		}
		// All pass: the passes still wanting, 3 after the last call that
		// was not a pass, 4 in all when nobody bid.
		bid, trailing := false, 0
		for _, p := range calls {
			if p == "PASS" || p == "P" {
				trailing++
			} else {
				bid, trailing = true, 0
			}
		}
		want := 4
		if bid {
			want = 3
		}
		for range max(want-trailing, 0) {
			calls = append(calls, "PASS")
		}
	}
	if len(calls) == 0 {
		return nil, 0, false
	}
	return calls, first, true
}

// PBNOptimum is one row of an OptimumResultTable: the tricks a declarer
// takes in a denomination with double-dummy play.
type PBNOptimum struct {
	Declarer scoring.Seat   // the declarer
	Strain   scoring.Strain // the denomination
	Tricks   int            // the tricks the declarer takes
}

// OptimumResults reads the rows of the game's OptimumResultTable
// ("N NT 7"); a row that cannot be read gives a *FileError.
func (g *PBNGame) OptimumResults() ([]PBNOptimum, error) {
	t, ok := g.Tag("OptimumResultTable")
	if !ok {
		return nil, nil
	}
	out := make([]PBNOptimum, 0, len(t.Section))
	for _, row := range t.Section {
		f := strings.Fields(row)
		bad := &FileError{Format: "PBN", Line: t.Line, Element: "[OptimumResultTable] row", Value: row, Expected: `a row "declarer denomination tricks", e.g. "N NT 7"`}
		if len(f) != 3 {
			return nil, bad
		}
		seat, err := scoring.ParseSeat("declarer", f[0])
		if err != nil {
			return nil, bad
		}
		strain, ok := strainOf(f[1])
		n, err := strconv.Atoi(f[2])
		if !ok || err != nil || n < 0 || n > 13 {
			return nil, bad
		}
		out = append(out, PBNOptimum{Declarer: seat, Strain: strain, Tricks: n})
	}
	return out, nil
}

// strainOf reads a denomination: C, D, H, S or NT (N).
func strainOf(s string) (scoring.Strain, bool) {
	switch strings.ToUpper(s) {
	case "C":
		return scoring.Clubs, true
	case "D":
		return scoring.Diamonds, true
	case "H":
		return scoring.Hearts, true
	case "S":
		return scoring.Spades, true
	case "NT", "N":
		return scoring.NoTrump, true
	}
	return 0, false
}

// pbnErr makes the *FileError for a tag whose value cannot be read.
func pbnErr(t PBNTag, expected string) *FileError {
	return &FileError{Format: "PBN", Line: t.Line, Element: "[" + t.Name + "]", Value: t.Value, Expected: expected}
}

// pbnContractSpelling turns the contract spellings BridgeWebs writes into
// PBN's (PBN 2.1 §3.4.14: "Pass", or level, denomination and "X" or "XX"):
// a double written "*" ("3D*": 3DX, "4S**": 4SXX) and a board passed out
// written "PO". spelled reports whether it was one of them.
func pbnContractSpelling(v string) (text string, spelled bool) {
	t := strings.TrimSpace(v)
	if strings.EqualFold(t, "PO") {
		return "Pass", true
	}
	if stars := len(t) - len(strings.TrimRight(t, "*")); stars > 0 && stars <= 2 && len(t) > stars && t[0] >= '1' && t[0] <= '7' {
		return t[:len(t)-stars] + strings.Repeat("X", stars), true
	}
	return v, false
}
