package tournament

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/traveler-bridge/traveler/scoring"
)

// scored is a result's score under the event's law code.
type scored struct {
	NSScore int
	Lines   []string
}

// scoreResult scores a result on its board under rules. Errors name the
// field under prefix.
func scoreResult(rules *scoring.Rules, b *Board, r *Result, prefix string) (scored, error) {
	switch r.Status {
	case StatusNotPlayed:
		return scored{Lines: []string{"not played"}}, nil
	case StatusArtificial:
		return scored{Lines: []string{fmt.Sprintf("artificial adjusted score: NS %d%%, EW %d%%", r.NSPercent, r.EWPercent)}}, nil
	case StatusAssigned:
		if err := assignedOnBoard(rules, b, r, prefix); err != nil {
			return scored{}, err
		}
		lines := make([]string, 0, len(r.Assigned)+len(r.EWAssigned))
		who := "assigned"
		if r.Split() {
			who = "assigned to NS (Law 12C1(b))"
		}
		for _, p := range r.Assigned {
			lines = append(lines, fmt.Sprintf("%s: %s of NS %+d", who, percentText(p.Weight), p.NSScore))
		}
		for _, p := range r.EWAssigned {
			lines = append(lines, fmt.Sprintf("assigned to EW (Law 12C1(b)): %s of EW %+d", percentText(p.Weight), -p.NSScore))
		}
		return scored{NSScore: weightedScore(r.Assigned), Lines: lines}, nil
	}
	res, err := scorable(rules, b, r)
	if err != nil {
		return scored{}, fromScoring(err, prefix)
	}
	s, err := rules.Score(&res)
	if err != nil {
		return scored{}, fromScoring(err, prefix)
	}
	return scored{NSScore: s.NSScore(), Lines: s.Lines()}, nil
}

// weightedScore is an assigned score's parts weighted: Σ share × NS score,
// rounded to the point.
func weightedScore(parts []AssignedPart) int {
	sum := 0.0
	for _, p := range parts {
		sum += p.Weight * float64(p.NSScore)
	}
	return int(math.Round(sum))
}

// assignedOnBoard checks that every part of an assigned score is a score
// the board can have under the law code (scoring.Rules.ScoreOnBoard: a
// contract by either side, any tricks, the board's vulnerability; checked
// under contract-2017 only). A split score's EW parts are NS scores too.
func assignedOnBoard(rules *scoring.Rules, b *Board, r *Result, prefix string) error {
	for _, side := range []struct {
		field string
		parts []AssignedPart
	}{{"assigned", r.Assigned}, {"ew_assigned", r.EWAssigned}} {
		for i, p := range side.parts {
			ok, checked := rules.ScoreOnBoard(b.Vulnerability, p.NSScore)
			if checked && !ok {
				return Invalidf(prefix+side.field+"["+strconv.Itoa(i)+"].ns_score", fmt.Sprintf("%+d: no contract by either side scores that on board %d (%s vulnerable) under %s (Law 77): give a score a result could have", p.NSScore, b.Number, b.Vulnerability, rules.Law))
			}
		}
	}
	return nil
}

// percentText writes a share as a percentage, e.g. 0.6 as "60%".
func percentText(w float64) string {
	return strconv.FormatFloat(math.Round(w*10000)/100, 'f', -1, 64) + "%"
}

// scorable converts a played or passed-out result on its board to what
// package scoring scores.
func scorable(rules *scoring.Rules, b *Board, r *Result) (scoring.Result, error) {
	var res scoring.Result
	var err error
	if res.Contract, err = rules.ParseContract(r.Contract); err != nil {
		return res, err
	}
	if !res.Contract.Pass {
		if res.Declarer, err = scoring.ParseSeat("declarer", r.Declarer); err != nil {
			return res, err
		}
		res.Tricks = r.Tricks
	}
	if res.Holding, err = HoldingFor(b.Deal, r.Honours, r.Chicane, res.Contract); err != nil {
		return res, err
	}
	for i, rv := range r.Revokes {
		side, err := scoring.ParseSide("revokes["+strconv.Itoa(i)+"].side", rv.Side)
		if err != nil {
			return res, err
		}
		p, err := scoring.ParsePenalty("revokes["+strconv.Itoa(i)+"].penalty", rv.Penalty)
		if err != nil {
			return res, err
		}
		res.Revokes = append(res.Revokes, scoring.Revoke{Side: side, Penalty: p})
	}
	res.Vulnerability = b.Vulnerability
	return res, rules.Check(&res)
}

// HoldingFor works out honours and chicane for a contract: from the deal
// when it gives the hands, else from the counts given per seat (honours,
// and the seats void of trumps); when both are given they must agree.
// Errors are *scoring.Error naming "honours" or "chicane".
func HoldingFor(deal scoring.Deal, honours map[string]int, chicane []string, c scoring.Contract) (scoring.Holding, error) {
	var given scoring.Holding
	if len(honours) > 0 {
		given.Known = true
		for k, n := range honours {
			seat, err := scoring.ParseSeat("honours", k)
			if err != nil {
				return given, err
			}
			given.Honours[seat] = int8(max(-1, min(n, 99)))
		}
		for _, k := range chicane {
			seat, err := scoring.ParseSeat("chicane", k)
			if err != nil {
				return given, err
			}
			given.Void[seat] = true
		}
	} else if len(chicane) > 0 {
		return given, &scoring.Error{Field: "chicane", Problem: "give the honours per seat as well, or the deal"}
	}
	if deal.Empty() || c.Pass {
		return given, nil
	}
	hands, ok := deal.Complete()
	if !ok {
		return given, nil
	}
	derived := scoring.HoldingOf(hands, c.Strain)
	if given.Known {
		if given.Honours != derived.Honours {
			h := derived.Honours
			return given, &scoring.Error{Field: "honours", Problem: fmt.Sprintf("do not match the deal, which gives N %d, E %d, S %d, W %d", h[0], h[1], h[2], h[3])}
		}
		if len(chicane) > 0 && given.Void != derived.Void {
			return given, &scoring.Error{Field: "chicane", Problem: "does not match the deal"}
		}
	}
	return derived, nil
}

// normalize fills in a result's status and checks that it carries the
// fields its status needs and no others. Contracts, seats and penalties
// are put in their usual form.
func normalize(r *Result, prefix string) error {
	r.Query = strings.TrimSpace(r.Query)
	if n := utf8.RuneCountInString(r.Query); n > MaxQuery {
		return Invalidf(prefix+"query", strconv.Itoa(n)+" characters: say what the query is about in at most "+strconv.Itoa(MaxQuery))
	}
	r.Contract = strings.ToUpper(strings.TrimSpace(r.Contract))
	r.Declarer = strings.ToUpper(strings.TrimSpace(r.Declarer))
	r.Lead = strings.ToUpper(strings.TrimSpace(r.Lead))
	if r.Status == "" {
		switch {
		case r.Contract == "PASS" || r.Contract == "P" || r.Contract == "PASSED":
			r.Status = StatusPassedOut
		case r.Contract != "":
			r.Status = StatusPlayed
		default:
			return Invalidf(prefix+"contract", "required: the contract (e.g. 4S, 3NTX, PASS), or a status for a board not played or adjusted", statusNames()...)
		}
	}
	played := r.Status == StatusPlayed || r.Status == StatusPassedOut
	if r.Tricks == TricksNotGiven && r.Status != StatusPlayed {
		r.Tricks = 0
	}
	if !played {
		if r.Contract != "" || r.Declarer != "" || r.Tricks != 0 || len(r.Revokes) > 0 || len(r.Honours) > 0 || len(r.Chicane) > 0 || r.Lead != "" {
			return Invalidf(prefix+"contract", "a result with status "+string(r.Status)+" has no contract, declarer, tricks, lead, revokes or honours")
		}
	}
	if r.Status != StatusArtificial && (r.NSPercent != 0 || r.EWPercent != 0) {
		return Invalidf(prefix+"ns_percent", "only an artificial adjusted score (status artificial) has percentages")
	}
	if r.Status != StatusAssigned && len(r.Assigned) > 0 {
		return Invalidf(prefix+"assigned", "only an assigned adjusted score (status assigned) has weighted scores")
	}
	if r.Status != StatusAssigned && len(r.EWAssigned) > 0 {
		return Invalidf(prefix+"ew_assigned", "only an assigned adjusted score (status assigned) has an EW side's own score")
	}
	switch r.Status {
	case StatusPlayed:
		if r.Contract == "" {
			return Invalidf(prefix+"contract", "required, e.g. 4S, 3NTX, 2NL (nullo), 3R (royal spades)")
		}
		if r.Contract == "PASS" {
			r.Status = StatusPassedOut
			return normalize(r, prefix)
		}
		if r.Declarer == "" {
			return Invalidf(prefix+"declarer", "required (in the Bridge codes, the seat that declared)", "N", "E", "S", "W")
		}
		if r.Tricks == TricksNotGiven {
			return Invalidf(prefix+"tricks", "required: tricks won in play by the declarer's side, 0 to 13")
		}
		if r.Tricks < 0 || r.Tricks > 13 {
			return Invalidf(prefix+"tricks", strconv.Itoa(r.Tricks)+": tricks won in play by the declarer's side are 0 to 13")
		}
	case StatusPassedOut:
		if r.Contract != "" && r.Contract != "PASS" && r.Contract != "P" && r.Contract != "PASSED" {
			return Invalidf(prefix+"contract", strconv.Quote(r.Contract)+": a passed-out board has the contract PASS or none")
		}
		r.Contract = "PASS"
		if r.Declarer != "" || r.Tricks != 0 || len(r.Revokes) > 0 {
			return Invalidf(prefix+"declarer", "a passed-out board has no declarer, tricks or revokes")
		}
	case StatusNotPlayed:
	case StatusArtificial:
		for _, f := range []struct {
			name string
			v    int
		}{{"ns_percent", r.NSPercent}, {"ew_percent", r.EWPercent}} {
			if f.v < 0 || f.v > 100 {
				return Invalidf(prefix+f.name, strconv.Itoa(f.v)+": a percentage of the top, 0 to 100 (e.g. 60 and 40, 50 and 50)")
			}
		}
		if r.NSPercent == 0 && r.EWPercent == 0 {
			return Invalidf(prefix+"ns_percent", "required: each side's percentage of the top, e.g. ns_percent 60 and ew_percent 40")
		}
	case StatusAssigned:
		if len(r.Assigned) == 0 {
			return Invalidf(prefix+"assigned", "required: the weighted scores, e.g. [{\"ns_score\": 420, \"weight\": 0.6}, {\"ns_score\": -50, \"weight\": 0.4}]")
		}
		if err := checkWeights(r.Assigned, prefix+"assigned"); err != nil {
			return err
		}
		if err := checkWeights(r.EWAssigned, prefix+"ew_assigned"); err != nil {
			return err
		}
		if len(r.EWAssigned) > 0 && slices.Equal(r.Assigned, r.EWAssigned) {
			r.EWAssigned = nil // the same score for both sides is a balanced one
		}
	default:
		return Invalidf(prefix+"status", strconv.Quote(string(r.Status))+": not a status", statusNames()...)
	}
	return nil
}

// CheckWeights is checkWeights for the readers of results files (a weighted
// score read from a file is checked by the rule an entered one is).
func CheckWeights(parts []AssignedPart, field string) error { return checkWeights(parts, field) }

// checkWeights checks one side's weighted parts: each share more than 0 and
// at most 1, all of them adding up to 1 (100 %), at most MaxAssignedParts.
func checkWeights(parts []AssignedPart, field string) error {
	if len(parts) > MaxAssignedParts {
		return Invalidf(field, strconv.Itoa(len(parts))+" parts: a weighted score has at most "+strconv.Itoa(MaxAssignedParts))
	}
	sum := 0.0
	for i, p := range parts {
		if p.Weight <= 0 || p.Weight > 1 {
			return Invalidf(field+"["+strconv.Itoa(i)+"].weight", "a share more than 0 and at most 1")
		}
		sum += p.Weight
	}
	if len(parts) > 0 && math.Abs(sum-1) > 1e-6 {
		return Invalidf(field, "the weights add up to "+percentText(sum)+"; they must add up to 100% (1)")
	}
	return nil
}

// statusNames lists the statuses as text.
func statusNames() []string {
	out := make([]string, len(Statuses))
	for i, s := range Statuses {
		out[i] = string(s)
	}
	return out
}

// place checks a result against the section's movement: the round exists,
// the table is in play in it, it plays the board there, and the pairs are
// the ones seated there (filled in when left out).
func place(sec *Section, r *Result, prefix string) error {
	m := &sec.Movement
	rd, ok := m.Round(r.Round)
	if !ok {
		return Invalidf(prefix+"round", strconv.Itoa(r.Round)+": section "+sec.Name+" has rounds 1 to "+strconv.Itoa(len(m.Rounds)))
	}
	t, ok := rd.Table(r.Table)
	if !ok {
		tables := make([]string, len(rd.Tables))
		for i, x := range rd.Tables {
			tables[i] = strconv.Itoa(x.Table)
		}
		return Invalidf(prefix+"table", strconv.Itoa(r.Table)+": not in play in round "+strconv.Itoa(r.Round), tables...)
	}
	if r.Board < 1 || r.Board > m.Boards {
		return Invalidf(prefix+"board", strconv.Itoa(r.Board)+": section "+sec.Name+" plays boards 1 to "+strconv.Itoa(m.Boards))
	}
	playsBoard := false
	for _, b := range t.Boards {
		playsBoard = playsBoard || b == r.Board
	}
	if !playsBoard {
		boards := make([]string, len(t.Boards))
		for i, b := range t.Boards {
			boards[i] = strconv.Itoa(b)
		}
		return Invalidf(prefix+"board", "board "+strconv.Itoa(r.Board)+" is not played at table "+strconv.Itoa(r.Table)+" in round "+strconv.Itoa(r.Round), boards...)
	}
	for _, side := range []struct {
		field string
		given *string
		pair  int
	}{{"ns", &r.NS, t.Cards(scoring.NS)}, {"ew", &r.EW, t.Cards(scoring.EW)}} {
		want, _ := m.PairLabel(side.pair)
		*side.given = strings.TrimSpace(*side.given)
		if *side.given == "" {
			*side.given = want
		}
		if *side.given != want {
			seats := strings.ToUpper(side.field)
			return Invalidf(prefix+side.field, "pair "+*side.given+" does not hold the "+seats+" cards at table "+strconv.Itoa(r.Table)+" in round "+strconv.Itoa(r.Round)+": pair "+want+" does", want)
		}
	}
	if m.Phantom != 0 && (t.NS == m.Phantom || t.EW == m.Phantom) && r.Status != StatusArtificial && r.Status != StatusNotPlayed {
		return Invalidf(prefix+"status", "table "+strconv.Itoa(r.Table)+" in round "+strconv.Itoa(r.Round)+" has the missing pair of a half table: only an artificial score or not played", "artificial", "not_played")
	}
	return nil
}

// maxCalls bounds an auction: contract bridge's longest has 319 calls.
const maxCalls = 320

// AuctionFor reads and runs an auction's calls from the dealer under the
// rules' bid order (scoring.Rules.RunAuction): the final contract and
// declarer, or the first call that may not be made, named
// "auction[i]". A Bridge declaration is an auction too: the dealer's
// strain (or LEAVE and his partner's), then one X a doubling and PASS
// when satisfied.
func AuctionFor(rules *scoring.Rules, dealer scoring.Seat, calls []string) (scoring.Auction, error) {
	if len(calls) > maxCalls {
		return scoring.Auction{}, &scoring.Error{Field: "auction", Value: strconv.Itoa(len(calls)) + " calls", Problem: "at most " + strconv.Itoa(maxCalls) + " calls"}
	}
	cs := make([]scoring.Call, len(calls))
	for i, s := range calls {
		c, err := rules.ParseCall("auction["+strconv.Itoa(i)+"]", s)
		if err != nil {
			return scoring.Auction{}, err
		}
		cs[i] = c
	}
	return rules.RunAuction(dealer, cs)
}

// applyAuction takes a result's contract and declarer from its auction,
// when it gives one: a contract or declarer also given must be the
// auction's. The calls are kept in their usual form.
func applyAuction(rules *scoring.Rules, b *Board, r *Result, prefix string) error {
	if len(r.Auction) == 0 {
		return nil
	}
	if r.Status != "" && r.Status != StatusPlayed && r.Status != StatusPassedOut {
		return Invalidf(prefix+"auction", "a result with status "+string(r.Status)+" has no auction")
	}
	a, err := AuctionFor(rules, b.Dealer, r.Auction)
	if err != nil {
		return fromScoring(err, prefix)
	}
	for i, s := range r.Auction {
		c, _ := rules.ParseCall("", s)
		r.Auction[i] = c.String()
	}
	contract, declarer := a.Contract.String(), a.Declarer.String()
	if a.PassedOut {
		declarer = ""
	}
	if given := strings.ToUpper(strings.TrimSpace(r.Contract)); given != "" {
		c, err := rules.ParseContract(given)
		if err != nil {
			return fromScoring(err, prefix)
		}
		if c != a.Contract {
			return Invalidf(prefix+"contract", given+" is not the auction's contract, "+contract+": leave the contract out or correct the auction", contract)
		}
	}
	if given := strings.ToUpper(strings.TrimSpace(r.Declarer)); given != "" && given != declarer {
		why := "the declarer is the first of the side to name the final strain"
		if rules.Law.DealerDeclares() {
			why = "the dealer plays the hand, his partner is dummy, whoever named the trump"
		}
		return Invalidf(prefix+"declarer", given+" is not the auction's declarer, "+declarer+": "+why, declarer)
	}
	r.Contract, r.Declarer = contract, declarer
	return nil
}

// enteredScores refuses what the law code does not score — honours,
// chicane, revokes — and, from a table, a played board under a code that
// scores honours with neither a hand record nor the honours held.
func enteredScores(a Actor, rules *scoring.Rules, b *Board, r *Result, prefix string) error {
	if r.Status != StatusPlayed && r.Status != StatusPassedOut {
		return nil
	}
	law := rules.Law
	switch {
	case len(r.Honours) > 0 && !law.HasHonours():
		return Invalidf(prefix+"honours", law.String()+" does not score honours: leave them out")
	case len(r.Chicane) > 0 && !rules.HasChicane():
		return Invalidf(prefix+"chicane", law.String()+" does not score chicane (with these options): leave it out")
	case len(r.Revokes) > 0 && !law.HasRevokes():
		return Invalidf(prefix+"revokes", "under "+law.String()+" the director transfers revoke tricks (Law 64) before the result is entered: give the adjusted tricks and no revokes")
	}
	if a.Role != RoleTable || r.Status != StatusPlayed || !law.HasHonours() || len(r.Honours) > 0 || dealComplete(b.Deal) {
		return nil
	}
	c, err := rules.ParseContract(r.Contract)
	if err != nil || (c.Strain == scoring.Nullo && !rules.Options.NulloHonours) {
		return nil // scoring names a wrong contract; nullo aces that do not score need no count
	}
	what := "trump honours (A K Q J 10)"
	if c.Strain == scoring.NoTrump || c.Strain == scoring.Nullo {
		what = "aces"
	}
	return &Error{Kind: ErrInvalid, Field: prefix + "honours",
		Message: "board " + strconv.Itoa(r.Board) + " has no hand record: say how many " + what + " each hand held (" + law.String() + " scores them)"}
}

// dealComplete reports whether a deal gives every hand (three given imply
// the fourth).
func dealComplete(deal scoring.Deal) bool {
	if deal.Empty() {
		return false
	}
	_, ok := deal.Complete()
	return ok
}
