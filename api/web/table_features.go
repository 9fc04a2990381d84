package web

import (
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// tableFeatures are what the table page asks besides the contract and the
// tricks: only what the event's law code scores (scoring's law features),
// so a table is never asked for what does not count.
type tableFeatures struct {
	Honours       bool `json:"honours"`        // honours held score (Bridge codes, royal-auction-1913, auction-1915)
	Chicane       bool `json:"chicane"`        // chicane scores (Bridge codes; 1913 with its option)
	NulloHonours  bool `json:"nullo_honours"`  // the aces score (inversely) at nullo
	Revokes       bool `json:"revokes"`        // revokes are entered (every historical code)
	RevokeChoice  bool `json:"revoke_choice"`  // the declarer chooses 3 tricks or points for a defender's first revoke
	RevokePoints  int  `json:"revoke_points"`  // the points of a first revoke (1913: its option; else 100)
	Declaration   bool `json:"declaration"`    // the dealer names the trump or leaves it to his partner (Bridge codes)
	Auction       bool `json:"auction"`        // the auction may be entered call by call
	DoublingLimit bool `json:"doubling_limit"` // bridge-portland: doubling stops at 100 a trick
}

// featuresFor works out the table page's questions under rules.
func featuresFor(rules *scoring.Rules) tableFeatures {
	l := rules.Law
	f := tableFeatures{
		Honours:       l.HasHonours(),
		Chicane:       rules.HasChicane(),
		NulloHonours:  rules.HasNullo() && l.HasHonours() && rules.Options.NulloHonours,
		Revokes:       l.HasRevokes(),
		RevokeChoice:  l.RevokeChoice(),
		RevokePoints:  100,
		Declaration:   l.DealerDeclares(),
		Auction:       !l.DealerDeclares(),
		DoublingLimit: l == scoring.BridgePortland,
	}
	if l == scoring.RoyalAuction1913 {
		f.RevokePoints = rules.Options.RevokePoints
	}
	return f
}

// seatChoice is a seat as the page names it.
type seatChoice struct {
	Code string // N, E, S, W
	Name string // North, …
}

// tableSeatChoices are the four seats, clockwise from North.
var tableSeatChoices = []seatChoice{{"N", "North"}, {"E", "East"}, {"S", "South"}, {"W", "West"}}

// seatName names a seat ("N" → "North").
func seatName(code string) string {
	for _, s := range tableSeatChoices {
		if s.Code == code {
			return s.Name
		}
	}
	return code
}

// holdingJSON is a strain's honours and voids by seat, from the hand record.
type holdingJSON struct {
	Honours map[string]int `json:"honours"` // by seat: trump honours, or aces at no-trump and nullo
	Chicane []string       `json:"chicane"` // the seats void of trumps
}

// holdingsOf works out, for each strain of the code, the honours and voids
// the hand record gives (tournament.HoldingFor, as the score takes them);
// nil when the board has no complete hand record.
func holdingsOf(rules *scoring.Rules, deal scoring.Deal) map[string]holdingJSON {
	if deal.Empty() {
		return nil
	}
	out := map[string]holdingJSON{}
	for _, st := range rules.Strains() {
		h, err := tournament.HoldingFor(deal, nil, nil, scoring.Contract{Level: 1, Strain: st})
		if err != nil || !h.Known {
			return nil
		}
		hj := holdingJSON{Honours: map[string]int{}, Chicane: []string{}}
		for i, s := range tableSeatChoices {
			hj.Honours[s.Code] = int(h.Honours[i])
			if h.Void[i] {
				hj.Chicane = append(hj.Chicane, s.Code)
			}
		}
		out[st.String()] = hj
	}
	return out
}
