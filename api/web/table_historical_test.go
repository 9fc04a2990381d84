package web_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// tableFeaturesJSON is the part of the page's JSON that says what a table
// is asked besides the contract.
type tableFeaturesJSON struct {
	Features struct {
		Honours       bool `json:"honours"`
		Chicane       bool `json:"chicane"`
		Revokes       bool `json:"revokes"`
		RevokeChoice  bool `json:"revoke_choice"`
		Declaration   bool `json:"declaration"`
		Auction       bool `json:"auction"`
		DoublingLimit bool `json:"doubling_limit"`
	} `json:"features"`
	LastRound bool `json:"last_round"`
	Boards    []struct {
		Number int    `json:"number"`
		Dealer string `json:"dealer"`
	} `json:"boards"`
}

func (a tableAnswer) features(t *testing.T) tableFeaturesJSON {
	t.Helper()
	var f tableFeaturesJSON
	if err := json.Unmarshal([]byte(tableByID(a.doc, "table-data").FirstChild.Data), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTablePageAsksWhatTheCodeScores: the page asks for honours where the
// code scores them (LAWS.md "Honours": the Bridge codes, 1913, 1915),
// chicane where it counts (the Bridge codes; 1913 only with its option;
// never 1915), revokes in every historical code with the declarer's choice
// of penalty outside the Bridge codes ("Revokes"), the dealer's declaration
// in the Bridge codes, and the auction elsewhere; contract-2017 is asked
// for none of it (its director moves revoke tricks, Law 64).
func TestTablePageAsksWhatTheCodeScores(t *testing.T) {
	s := newTableSite(t)
	for _, tc := range []struct {
		law                                                  string
		options                                              tournament.LawOptions
		honours, chicane, revokes, choice, declared, auction bool
	}{
		{law: "bridge", honours: true, chicane: true, revokes: true, declared: true},
		{law: "bridge-portland", honours: true, chicane: true, revokes: true, declared: true},
		{law: "royal-auction-1913", honours: true, revokes: true, choice: true, auction: true},
		{law: "royal-auction-1913", options: tournament.LawOptions{"chicane": true}, honours: true, chicane: true, revokes: true, choice: true, auction: true},
		{law: "auction-1915", honours: true, revokes: true, choice: true, auction: true},
		{law: "royalton-1915", revokes: true, choice: true, auction: true},
		{law: "contract-2017", auction: true},
	} {
		name := tc.law
		if tc.options != nil {
			name += " with chicane"
		}
		t.Run(name, func(t *testing.T) {
			sec := s.section(tc.law, tc.options, "A")
			a := s.get("/t/" + s.tableToken(sec.ID, 1))
			if a.status != http.StatusOK {
				t.Fatalf("table page: %d: %s", a.status, a.body)
			}
			f := a.features(t).Features
			got := [6]bool{f.Honours, f.Chicane, f.Revokes, f.RevokeChoice, f.Declaration, f.Auction}
			want := [6]bool{tc.honours, tc.chicane, tc.revokes, tc.choice, tc.declared, tc.auction}
			if got != want {
				t.Errorf("features honours, chicane, revokes, choice, declaration, auction: %v, want %v", got, want)
			}
			if f.DoublingLimit != (tc.law == "bridge-portland") {
				t.Errorf("doubling_limit %v under %s", f.DoublingLimit, tc.law)
			}
			entry := tableByClass(a.doc, "board-entry")[0]
			has := func(name string) bool {
				return tableFind(entry, func(n *html.Node) bool { return tableAttr(n, "name") == name }) != nil
			}
			// No board has a hand record: the honours are asked per seat.
			controls := [6]bool{has("honours-N") && has("honours-W"), has("chicane-N"), has("revokes"), has("revoke-penalty-0"), has("declared"), has("auction")}
			if controls != want {
				t.Errorf("controls honours, chicane, revokes, penalty, declared, auction: %v, want %v", controls, want)
			}
			if tc.honours && !slicesEqual(tableOptions(entry, "honours-N"), []string{"0", "1", "2", "3", "4", "5"}) {
				t.Errorf("honours-N offers %v, want 0 to 5", tableOptions(entry, "honours-N"))
			}
		})
	}
}

func slicesEqual(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

// tableEntry sends one result with a table's token and reads the answer.
type tableAPIAnswer struct {
	NSScore  int      `json:"ns_score"`
	Contract string   `json:"contract"`
	Declarer string   `json:"declarer"`
	Lines    []string `json:"lines"`
	Error    string   `json:"error"`
	Field    string   `json:"field"`
}

// historicalTable makes a section under law, opens table 1's page and
// returns its token, section and first board (number and dealer).
func historicalTable(t *testing.T, s *tableSite, law string) (token string, section int64, board int, dealer string) {
	t.Helper()
	sec := s.section(law, nil, "A")
	token = s.tableToken(sec.ID, 1)
	a := s.get("/t/" + token)
	f := a.features(t)
	return token, sec.ID, f.Boards[0].Number, f.Boards[0].Dealer
}

func enter(s *tableSite, token string, section int64, result map[string]any) (int, tableAPIAnswer) {
	var out tableAPIAnswer
	st := s.postJSON("/v1/sections/"+strconv.FormatInt(section, 10)+"/results", token, result, nil, &out)
	return st, out
}

// sideSign is +1 when seat sits North–South, else −1: a score for seat's
// side as the NS score.
func sideSign(seat string) int {
	if seat == "N" || seat == "S" {
		return 1
	}
	return -1
}

// partnerOf returns the seat opposite.
func partnerOf(seat string) string {
	p, _ := scoring.ParseSeat("", seat)
	return p.Partner().String()
}

// TestTableEntersHonoursAndRevokes: under auction-1915, a board with no
// hand record, the table enters the honours and a defender's revoke.
func TestTableEntersHonoursAndRevokes(t *testing.T) {
	s := newTableSite(t)
	token, section, board, _ := historicalTable(t, s, "auction-1915")
	base := func() map[string]any {
		return map[string]any{"board": board, "round": 1, "table": 1, "contract": "4H", "declarer": "N", "tricks": 10}
	}
	// Refusals, each naming its field: no honours on a board with no hand
	// record; chicane, which auction-1915 does not score; a defender's first
	// revoke without the declarer's choice of penalty.
	r := base()
	if st, a := enter(s, token, section, r); st != http.StatusUnprocessableEntity || a.Field != "honours" {
		t.Errorf("no honours: %d %q %q, want 422 naming honours", st, a.Field, a.Error)
	}
	r["honours"] = map[string]int{"N": 2, "E": 1, "S": 1, "W": 1}
	r["chicane"] = []string{"E"}
	if st, a := enter(s, token, section, r); st != http.StatusUnprocessableEntity || a.Field != "chicane" {
		t.Errorf("chicane under auction-1915: %d %q %q, want 422 naming chicane", st, a.Field, a.Error)
	}
	delete(r, "chicane")
	r["revokes"] = []map[string]string{{"side": "EW"}}
	if st, a := enter(s, token, section, r); st != http.StatusUnprocessableEntity || a.Field != "revokes[0].penalty" {
		t.Errorf("a defender's revoke without the penalty: %d %q %q, want 422 naming revokes[0].penalty", st, a.Field, a.Error)
	}
	// 4H by North, 10 tricks; NS hold 3 trump honours (N 2, S 1); East–West
	// revoked once and North took the 3 tricks (seed 003 Law 84, LAWS.md
	// "Revokes"): 13 tricks count, 7 odd at 8 = 56 in the trick score (no
	// slam: penalty tricks never earn one); simple honours, 2 tricks at the
	// undoubled 8 = 16; the trick score reaches 30, so the game premium 125
	// (Duplicate Auction Law A). NS 56 + 16 + 125 = +197.
	r["revokes"] = []map[string]string{{"side": "EW", "penalty": "tricks"}}
	st, a := enter(s, token, section, r)
	if st != http.StatusCreated || a.NSScore != 197 {
		t.Fatalf("4H N 10 with honours and a revoke: %d %d (%s), want 201 and +197", st, a.NSScore, a.Error)
	}
	want := []string{"NS: 3 tricks taken for a revoke", "EW: revoked: may score honours only", "NS: 7 odd tricks at 8: 56", "NS: 3 honours (simple honours): 16", "NS: game premium: 125"}
	if strings.Join(a.Lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", a.Lines, want)
	}
	// The page shows the stored result with its lines.
	d := s.get("/t/" + token)
	if !strings.Contains(d.body, "NS: 3 honours (simple honours): 16") {
		t.Error("the table page does not carry the stored result's itemised score")
	}
}

// TestTableEntersRoyaltonAndBridge: Royalton refuses honours and takes a
// royal bid from the auction; the Bridge declaration left to partner and
// doubled twice is read from its calls.
func TestTableEntersRoyaltonAndBridge(t *testing.T) {
	s := newTableSite(t)
	token, section, board, dealer := historicalTable(t, s, "royalton-1915")
	r := map[string]any{"board": board, "round": 1, "table": 1, "contract": "2H", "declarer": dealer, "tricks": 8,
		"honours": map[string]int{"N": 2, "E": 1, "S": 1, "W": 1}}
	if st, a := enter(s, token, section, r); st != http.StatusUnprocessableEntity || a.Field != "honours" {
		t.Errorf("honours under royalton-1915: %d %q %q, want 422 naming honours", st, a.Field, a.Error)
	}
	// The dealer bids 1H, his partner 2H royal (seed 000 Law 32: a royal
	// outranks the plain bid of the same number); the declarer is the
	// dealer, first of his side to name hearts. 7 tricks: one down, a royal
	// undertrick costs 100 (Laws 32, 36): the other side +100.
	r = map[string]any{"board": board, "round": 1, "table": 1, "tricks": 7, "auction": []string{"1H", "P", "2HR", "P", "P", "P"}}
	st, a := enter(s, token, section, r)
	if st != http.StatusCreated || a.Contract != "2HR" || a.Declarer != dealer || a.NSScore != -100*sideSign(dealer) {
		t.Fatalf("1H P 2HR P P P, 7 tricks: %d %s by %s %d (%s), want 201 2HR by %s %d", st, a.Contract, a.Declarer, a.NSScore, a.Error, dealer, -100*sideSign(dealer))
	}

	token, section, board, dealer = historicalTable(t, s, "bridge")
	bad := map[string]any{"board": board, "round": 1, "table": 1, "tricks": 9, "auction": []string{"LEAVE", "X"},
		"honours": map[string]int{"N": 1, "E": 1, "S": 1, "W": 2}}
	if st, a := enter(s, token, section, bad); st != http.StatusUnprocessableEntity || a.Field != "auction[1]" {
		t.Errorf("LEAVE then X: %d %q %q, want 422 naming auction[1]", st, a.Field, a.Error)
	}
	// The dealer leaves it to his partner, who names hearts; doubled, and
	// doubled again (seed 002: doubling goes on). The dealer plays; his
	// side takes 9 tricks: 3 odd at 8 × 4 = 96; the dealer holds 2 trump
	// honours and his partner 1: simple honours, 2 × 8 = 16 (never
	// doubled); the trick score reaches 30: premium 50 (LAWS.md, Bridge
	// ruling). The dealer's side 96 + 16 + 50 = 162.
	hon := map[string]int{"N": 1, "E": 1, "S": 1, "W": 1}
	hon[dealer], hon[partnerOf(dealer)] = 2, 1
	for seat := range hon {
		if seat != dealer && seat != partnerOf(dealer) {
			hon[seat] = 1
		}
	}
	r = map[string]any{"board": board, "round": 1, "table": 1, "tricks": 9, "contract": "HXX", "auction": []string{"LEAVE", "H", "X", "X", "PASS", "PASS"}, "honours": hon}
	st, a = enter(s, token, section, r)
	if st != http.StatusCreated || a.Contract != "HXX" || a.Declarer != dealer || a.NSScore != 162*sideSign(dealer) {
		t.Fatalf("left, hearts, doubled twice, 9 tricks: %d %s by %s %d (%s), want 201 HXX by %s %d", st, a.Contract, a.Declarer, a.NSScore, a.Error, dealer, 162*sideSign(dealer))
	}
}
