package scoring

import "strconv"

// VPBracket is the part of a discrete scale for matches of MinBoards to MaxBoards boards.
type VPBracket struct {
	MinBoards, MaxBoards int
	Steps                []int // Steps[k]: the least margin worth draw+1+k VPs (the last: the maximum win); non-decreasing, from 1
}

// DiscreteVPScale is a whole-number VP scale given as a table: a draw is half the maximum each,
// the winner gets the draw plus the number of steps its margin reaches, the loser the rest of the
// maximum. Every bracket has the same number of steps: the maximum is twice that number.
type DiscreteVPScale struct {
	Name     string      // what the scale is called, for reports
	Brackets []VPBracket // by number of boards, ascending
}

// Max returns the VPs of a maximum win: twice the steps of a bracket (20 with 10 steps).
func (s DiscreteVPScale) Max() float64 {
	if len(s.Brackets) == 0 {
		return MaxVP
	}
	return float64(2 * len(s.Brackets[0].Steps))
}

// VP returns the winner's VPs for a margin of IMPs over boards boards. A number of boards outside
// every bracket uses the nearest bracket.
func (s DiscreteVPScale) VP(margin, boards int) float64 {
	if margin < 0 {
		return s.Max() - s.VP(-margin, boards)
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
	vp := len(b.Steps)
	for _, step := range b.Steps {
		if margin >= step {
			vp++
		}
	}
	return float64(vp)
}

// TableVPScale makes the scale a director gives as a table of steps (field names the input):
// steps[k] is the least margin in IMPs worth one VP more than steps[k-1] (steps[0]: more than
// the draw), so a scale of n steps runs from 0 to 2n with n–n for a draw. The steps must start
// at 1 or more and never go down (a margin never wins fewer VPs than a smaller one); two equal
// steps give two VPs at once, as the ACBL 30-VP scale's first IMP does. Between 5 and 50 steps.
func TableVPScale(field string, steps []int) (DiscreteVPScale, error) {
	return tableScale(field, steps, " IMPs", "1 IMP", 1000, "table")
}

// PercentVPScale makes a scale of matchpoint percentages given as a table of steps, as a
// matchpointed Swiss pairs converts each match's percentage to VPs: steps[k] is the least margin
// above 50%, in hundredths of a percentage point, worth one VP more than steps[k-1]; the margin
// of a match is its percentage less 50, times 100, rounded (VP takes it for the IMPs). The
// Oxford Congress Swiss Pairs' 20-VP scale (its booklet: "each pair's percentage for the seven
// boards is converted into VPs"; 49.35–50.65% 10 VPs, 50.66–51.98 11, … 64.41–68.35 19, more
// 20) is the steps 66, 199, 334, 475, 624, 784, 965, 1176, 1441, 1836. The same rules as
// TableVPScale's; a step is at most 5000 (100%).
func PercentVPScale(field string, steps []int) (DiscreteVPScale, error) {
	return tableScale(field, steps, " hundredths of a point above 50%", "1 hundredth of a point above 50%", 5000, "percentage table")
}

// tableScale checks and makes a scale given as a table of steps in unit, each at most most.
func tableScale(field string, steps []int, unit, least string, most int, name string) (DiscreteVPScale, error) {
	if len(steps) < 5 || len(steps) > 50 {
		return DiscreteVPScale{}, invalid(field, strconv.Itoa(len(steps))+" steps",
			"a scale given as a table has 5 to 50 steps, each the least margin for one more VP (10 steps: a 20-VP scale, 15: a 30-VP scale)")
	}
	for k, m := range steps {
		f := field + "[" + strconv.Itoa(k) + "]"
		if k == 0 && m < 1 {
			return DiscreteVPScale{}, invalid(f, strconv.Itoa(m), "the first step is the least margin that wins more than the draw: "+least+" or more")
		}
		if k > 0 && m < steps[k-1] {
			return DiscreteVPScale{}, invalid(f, strconv.Itoa(m), "the scale is not monotone: step "+strconv.Itoa(k+1)+" ("+strconv.Itoa(m)+
				unit+") is less than step "+strconv.Itoa(k)+" before it ("+strconv.Itoa(steps[k-1])+unit+"), so a margin of "+strconv.Itoa(m)+
				unit+" would win more VPs than one of "+strconv.Itoa(steps[k-1])+"; each step (counted from 1) is at least the one before")
		}
		if m > most {
			return DiscreteVPScale{}, invalid(f, strconv.Itoa(m), "a margin of at most "+strconv.Itoa(most)+unit)
		}
	}
	s := append([]int(nil), steps...)
	return DiscreteVPScale{Name: strconv.Itoa(2*len(s)) + "-VP " + name, Brackets: []VPBracket{{MinBoards: 1, MaxBoards: 1 << 20, Steps: s}}}, nil
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
		{MinBoards: 6, MaxBoards: 8, Steps: []int{1, 3, 5, 8, 11, 14, 17, 20, 24, 28}},
		{MinBoards: 9, MaxBoards: 11, Steps: []int{1, 3, 6, 10, 14, 18, 22, 26, 31, 36}},
	},
}

// ACBL30VP is the ACBL 30-VP discrete scale for Swiss teams as published beside the 20-VP one
// (bridgehands.com encyclopedia, "Victory Points", "30 Point Victory Scale"):
//
//	VPs         15–15 18–12 19–11 20–10 21–9 22–8 23–7  24–6   25–5   26–4   27–3   28–2   29–1  30–0
//	6–8 boards    0     1     2     3    4   5–6   7–8  9–10  11–13  14–16  17–19  20–23  24–27  28+
//	9–11 boards   0     1     2    3–4  5–6  7–8  9–11 12–14  15–17  18–21  22–25  26–30  31–35  36+
//
// A margin of 1 IMP is worth 3 VPs over the draw (18–12): steps 16, 17 and 18 all start at 1.
var ACBL30VP = DiscreteVPScale{
	Name: "ACBL 30-VP",
	Brackets: []VPBracket{
		{MinBoards: 6, MaxBoards: 8, Steps: []int{1, 1, 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28}},
		{MinBoards: 9, MaxBoards: 11, Steps: []int{1, 1, 1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36}},
	},
}
