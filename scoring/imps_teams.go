package scoring

// MatchBoard is one board of a two-room team match. The home team's pair sits NS in the open room
// and EW in the closed room, so the home team's net score is OpenNS − ClosedNS.
type MatchBoard struct {
	OpenNS   int // the NS score in the open room (home team NS)
	ClosedNS int // the NS score in the closed room (away team NS)
}

// HomeIMPs returns the home team's IMPs on the board: IMPs(OpenNS − ClosedNS); the away team gets
// the negative.
func (b MatchBoard) HomeIMPs() int { return IMPs(b.OpenNS - b.ClosedNS) }

// TeamMatch totals a two-room match: each team's IMPs are the sum of the boards it won.
func TeamMatch(boards []MatchBoard) (home, away int) {
	for _, b := range boards {
		if v := b.HomeIMPs(); v > 0 {
			home += v
		} else {
			away -= v
		}
	}
	return home, away
}
