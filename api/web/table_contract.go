package web

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// contractChoices are what a table's contract picker offers under the
// event's law code: found by asking the code's own contract parser, so the
// picker never offers a contract the server would refuse.
type contractChoices struct {
	Levels  []int          `json:"levels"`   // 1–7; empty where the code has no level (the Bridge codes)
	Strains []strainChoice `json:"strains"`  // in the code's bid order
	PassOut bool           `json:"pass_out"` // a board may be passed out
	Doubles []doubleChoice `json:"doubles"`  // "" (undoubled), "X", "XX", …: as many as the most any strain allows
	Royal   bool           `json:"royal"`    // some strain may be bid royal (royalton-1915's R)
}

// strainChoice is one strain of the picker.
type strainChoice struct {
	Code       string `json:"code"`        // as the contract writes it: C, D, H, S, NT, NL, RS
	Name       string `json:"name"`        // what players call it under the code
	Symbol     string `json:"symbol"`      // the suit symbol, "" for none
	MaxDoubles int    `json:"max_doubles"` // the most doublings the code allows in this strain
	Royal      bool   `json:"royal"`       // the strain may be bid royal
}

// doubleChoice is one choice of the doubled select.
type doubleChoice struct {
	Code string `json:"code"` // "", "X", "XX", …
	Name string `json:"name"` // "Undoubled", "Doubled", "Redoubled", "Doubled 3 times", …
}

// maxContractLen is the longest contract scoring.Rules.ParseContract reads:
// it bounds the search for the most doublings.
const maxContractLen = 32

// choicesFor works out the contract picker of rules.
func choicesFor(rules *scoring.Rules) contractChoices {
	ch := contractChoices{Levels: []int{}} // [] rather than null in the JSON when the code has no level
	strains := rules.Strains()
	level := ""
	if len(strains) > 0 && parses(rules, "1"+strains[0].String()) {
		level = "1"
		for n := 1; n <= 7; n++ {
			if parses(rules, strconv.Itoa(n)+strains[0].String()) {
				ch.Levels = append(ch.Levels, n)
			}
		}
	}
	most := 0
	for _, s := range strains {
		sc := strainChoice{Code: s.String(), Name: strainName(rules.Law, s), Symbol: strainSymbol(s)}
		base := level + sc.Code
		sc.Royal = parses(rules, base+"R")
		for len(base)+sc.MaxDoubles+1 <= maxContractLen && parses(rules, base+strings.Repeat("X", sc.MaxDoubles+1)) {
			sc.MaxDoubles++
		}
		most = max(most, sc.MaxDoubles)
		ch.Royal = ch.Royal || sc.Royal
		ch.Strains = append(ch.Strains, sc)
	}
	ch.PassOut = parses(rules, "PASS")
	for n := 0; n <= most; n++ {
		ch.Doubles = append(ch.Doubles, doubleChoice{Code: strings.Repeat("X", n), Name: doublingName(n)})
	}
	return ch
}

// parses reports whether the rules read contract s.
func parses(rules *scoring.Rules, s string) bool {
	_, err := rules.ParseContract(s)
	return err == nil
}

// strainName is what players call a strain under law.
func strainName(law scoring.Law, s scoring.Strain) string {
	switch s {
	case scoring.Clubs:
		return "Clubs"
	case scoring.Diamonds:
		return "Diamonds"
	case scoring.Hearts:
		return "Hearts"
	case scoring.Spades:
		if law == scoring.RoyalAuction1913 {
			return "Lone spades"
		}
		return "Spades"
	case scoring.NoTrump:
		return "No trump"
	case scoring.Nullo:
		return "Nullo"
	case scoring.RoyalSpades:
		return "Royal spades"
	}
	return s.String()
}

// strainSymbol is a strain's suit symbol, "" for no-trump and nullo.
func strainSymbol(s scoring.Strain) string {
	switch s {
	case scoring.Clubs:
		return "♣"
	case scoring.Diamonds:
		return "♦"
	case scoring.Hearts:
		return "♥"
	case scoring.Spades, scoring.RoyalSpades:
		return "♠"
	}
	return ""
}

// doublingName names n doublings: undoubled, doubled, redoubled, then
// "doubled n times" for the Bridge codes' longer doubling.
func doublingName(n int) string {
	switch n {
	case 0:
		return "Undoubled"
	case 1:
		return "Doubled"
	case 2:
		return "Redoubled"
	}
	return "Doubled " + strconv.Itoa(n) + " times"
}
