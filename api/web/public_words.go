package web

import (
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// methodNames name each scoring method for the public, in words rather
// than its code ("MP", "CROSS_IMP").
var methodNames = map[tournament.Method]string{
	tournament.MethodMP:             "Matchpoints",
	tournament.MethodMPACBL:         "Matchpoints (ACBL: 1 for each score beaten, ½ for each tie)",
	tournament.MethodAverage:        "Points against each board's average",
	tournament.MethodTotal:          "Total points",
	tournament.MethodCrossIMP:       "Cross-IMPs (IMPs against every other score, averaged)",
	tournament.MethodButler:         "Butler IMPs (IMPs against the board's datum)",
	tournament.MethodIMPTeams:       "IMPs, converted to victory points",
	tournament.MethodBAMTeams:       "Board-a-match (each board 1 point to the team with the better score over both rooms, ½ each on a tie)",
	tournament.MethodPattonTeams:    "Patton (2 points for each board won, 1 for a tie, and as many again for the match's aggregate)",
	tournament.MethodAggregateTeams: "Aggregate (the total points of each match)",
}

// teamPointsWords heads the column of what a teams method scores a match:
// "VPs" (IMP_TEAMS), "Points" (board, Patton or total points: the page
// says which method above the table).
func teamPointsWords(m tournament.Method) string {
	if m == tournament.MethodIMPTeams {
		return "VPs"
	}
	return "Points"
}

// lawNames name each law code for the public, to follow "scored under".
var lawNames = map[scoring.Law]string{
	scoring.Bridge:           "the Laws of Bridge (American club code, 1904)",
	scoring.BridgePortland:   "the Portland Club's Laws of Bridge",
	scoring.RoyalAuction1913: "the Whist Club's Royal Auction laws of October 1913, with nullos",
	scoring.Auction1915:      "the Whist Club's Auction Bridge laws of June 1915",
	scoring.Royalton1915:     "Hawley's Royalton (1915)",
	scoring.Contract2017:     "today's duplicate contract bridge laws (2017)",
}

// methodWords names a scoring method for the public: "Matchpoints"; its
// code when it has no words.
func methodWords(m tournament.Method) string {
	if w, ok := methodNames[m]; ok {
		return w
	}
	return string(m)
}

// lawWords names a law code for the public: "today's duplicate contract
// bridge laws (2017)"; its code when it has no words.
func lawWords(l scoring.Law) string {
	if w, ok := lawNames[l]; ok {
		return w
	}
	return l.String()
}

// scoredWords says how an event is scored, for the public: "Matchpoints,
// scored under today's duplicate contract bridge laws (2017)" — the one
// phrasing of method and law code the public pages use.
func scoredWords(m tournament.Method, l scoring.Law) string {
	return methodWords(m) + ", scored under " + lawWords(l)
}

// lawNameWords is lawWords for a law code given by its name
// ("royalton-1915"), as reports name it; the name itself when it is none.
func lawNameWords(name string) string {
	l, err := scoring.ParseLaw("law", name)
	if err != nil {
		return name
	}
	return lawWords(l)
}

func init() {
	funcs["lawNameWords"] = lawNameWords
	funcs["methodWords"] = methodWords
	funcs["teamPointsWords"] = teamPointsWords
	funcs["lawWords"] = lawWords
	funcs["scoredWords"] = scoredWords
}
