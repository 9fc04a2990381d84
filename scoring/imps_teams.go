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

// HomeNet returns the home team's net total points on the board: OpenNS − ClosedNS (its NS pair's
// score in the open room plus its EW pair's in the closed room); the away team has the negative.
func (b MatchBoard) HomeNet() int { return b.OpenNS - b.ClosedNS }

// BoardAMatch scores a two-room match board by board (board-a-match, "point-a-board"): on each
// board the team with the better two-room total (HomeNet) wins 1 point, a tie gives each ½, a loss
// 0 (ACBL Handbook, "Types of team events": "The team with the best raw score on a board earns one
// point. On a board in which there is a tie in the raw score, each team earns one half a point").
// Any difference wins, 10 points as much as 1000.
func BoardAMatch(boards []MatchBoard) (home, away float64) {
	for _, b := range boards {
		switch n := b.HomeNet(); {
		case n > 0:
			home++
		case n < 0:
			away++
		default:
			home += 0.5
			away += 0.5
		}
	}
	return home, away
}

// Aggregate totals a two-room match in total points: the home team's net score over its boards,
// Σ HomeNet (the away team's is its negative).
func Aggregate(boards []MatchBoard) int {
	net := 0
	for _, b := range boards {
		net += b.HomeNet()
	}
	return net
}

// Patton scores a two-room match the EBU's way (Patton or "hybrid" teams, EBU Tournament Focus,
// Winter 2009, P. Hackett: "2 points for a win, 1 for a draw and 0 for a loss" on each board,
// "also aggregate the totals … with [as many] points at stake" — 8 and 8 in a 4-board match, 16
// in all): 2 points a board won on the two-room total, 1 each a board tied; then 2 points a board
// to the team ahead on the match's aggregate (Aggregate), split evenly on an aggregate tie. The
// article turns the aggregate "into victory points" without printing a scale, and its one worked
// case is a drawn aggregate, half the stake each; here the team ahead by any margin takes the whole
// stake, as a board is won by any margin. Each team's points out of 4 × len(boards).
func Patton(boards []MatchBoard) (home, away float64) {
	h, w := BoardAMatch(boards)
	home, away = 2*h, 2*w
	stake := 2 * float64(len(boards))
	switch agg := Aggregate(boards); {
	case agg > 0:
		home += stake
	case agg < 0:
		away += stake
	default:
		home += stake / 2
		away += stake / 2
	}
	return home, away
}
