package scoring

// VPBracket is the part of a discrete scale for matches of MinBoards to MaxBoards boards.
type VPBracket struct {
	MinBoards, MaxBoards int
	Steps                [10]int // Steps[k]: the least margin worth 11+k VPs (Steps[9]: the 20–0 margin)
}

// DiscreteVPScale is a whole-number 20-VP scale given as a table: a draw is 10–10 and the winner
// gets 10 plus the number of steps its margin reaches.
type DiscreteVPScale struct {
	Name     string      // what the scale is called, for reports
	Brackets []VPBracket // by number of boards, ascending
}

// VP returns the winner's VPs for a margin of IMPs over boards boards. A number of boards outside
// every bracket uses the nearest bracket.
func (s DiscreteVPScale) VP(margin, boards int) float64 {
	if margin < 0 {
		return MaxVP - s.VP(-margin, boards)
	}
	if len(s.Brackets) == 0 {
		return MaxVP / 2
	}
	b := s.Brackets[0]
	for _, c := range s.Brackets {
		if boards >= c.MinBoards {
			b = c
		}
	}
	vp := MaxVP / 2
	for _, step := range b.Steps {
		if margin >= step {
			vp++
		}
	}
	return float64(vp)
}

// ACBL20VP is the ACBL 20-VP discrete scale for Swiss teams as published for matches of 6–8 and
// 9–11 boards (bridgehands.com encyclopedia, "Victory Points": "the two common scales used in
// North America for multi-board per match Swiss team games"):
//
//	VPs        10–10  11–9  12–8  13–7  14–6   15–5   16–4   17–3   18–2   19–1   20–0
//	6–8 boards   0    1–2   3–4   5–7   8–10  11–13  14–16  17–19  20–23  24–27  28+
//	9–11 boards  0    1–2   3–5   6–9  10–13  14–17  18–21  22–25  26–30  31–35  36+
var ACBL20VP = DiscreteVPScale{
	Name: "ACBL 20-VP",
	Brackets: []VPBracket{
		{MinBoards: 6, MaxBoards: 8, Steps: [10]int{1, 3, 5, 8, 11, 14, 17, 20, 24, 28}},
		{MinBoards: 9, MaxBoards: 11, Steps: [10]int{1, 3, 6, 10, 14, 18, 22, 26, 31, 36}},
	},
}
