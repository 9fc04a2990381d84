package scoring

import (
	"cmp"
	"slices"
)

// MPScale is a matchpoint convention.
type MPScale uint8

// The matchpoint conventions (LAWS.md, "Comparing results").
const (
	MPScaleACBL MPScale = iota // 1 per score beaten, ½ per tie; top = n−1
	MPScaleEBU                 // 2 per score beaten, 1 per tie; top = 2(n−1) (EBU/WBF, Compscore)
)

// unit returns the points a tie is worth under the convention: ½ (ACBL) or 1 (EBU).
func (s MPScale) unit() float64 {
	if s == MPScaleEBU {
		return 1
	}
	return 0.5
}

// Top returns the top on a board scored as if played n times: n−1 (ACBL) or 2(n−1) (EBU).
func (s MPScale) Top(n int) float64 {
	if n < 1 {
		return 0
	}
	return 2 * s.unit() * float64(n-1)
}

// LineKind says how a traveler line takes part in the comparison.
type LineKind uint8

// The kinds of traveler line.
const (
	LinePlayed     LineKind = iota // a real result: compared
	LineArtificial                 // artificial adjusted score (average plus/minus, 60/40, 50/50): not compared
	LineNotPlayed                  // no result and no score: neither compared nor scored
	LineAssigned                   // an assigned (weighted) score, Law 12C1(c): compared through its parts
)

// CompareLine is one line of a board's traveler as the comparison sees it.
type CompareLine struct {
	Kind      LineKind
	NSScore   int // LinePlayed: the net NS score under the event's law code
	NSPercent int // LineArtificial: NS gets this percentage of the top (e.g. 60)
	EWPercent int // LineArtificial: EW gets this percentage of the top (e.g. 40)
	Group     int // fouled board: lines compare only with lines of the same group (0 = the normal deal)
}

// Weighted is one part of an assigned (weighted) score, Law 12C1(c): an NS score and its share.
type Weighted struct {
	NSScore int     // the NS score of this part
	Weight  float64 // its share; the shares of one line sum to 1
}

// Matchpoints scores a board's lines. full is the number of lines the board is scored as if played
// (n, usually the most times any board was played); real results are matchpointed among themselves
// (m of them) and scaled to n by Neuberg: scaled = (raw + u)·n/m − u, u = ½ (ACBL) or 1 (EBU), no
// scaling when m == n. Artificial lines get their percentage of the top at n. Returns per
// line the NS and EW points (EW = top − NS for a played line) and the top.
//
// Lines of a fouled board compare only within their Group, each group scaled to n the same way.
// A line not played gets 0 and 0. full ≤ 0 means the number of lines that are not LineNotPlayed.
func Matchpoints(lines []CompareLine, full int, scale MPScale) (ns, ew []float64, top float64) {
	return MatchpointsAssigned(lines, nil, full, scale)
}

// MatchpointsAssigned is Matchpoints for a traveler with assigned (weighted) scores: the line i of
// Kind LineAssigned is made of the parts assigned[i] (its NSScore alone, when that is empty). Each
// part is compared with every other line's parts and counts by the product of the two shares
// (WBF Laws 2017, 12C1(c) and its EBU/WBF scoring practice), so an assigned line scores the
// weighted average of its parts' matchpoints and a board still shares top × lines / 2 in all.
// assigned may be nil or shorter than lines. An assigned line counts as one result for Neuberg.
func MatchpointsAssigned(lines []CompareLine, assigned [][]Weighted, full int, scale MPScale) (ns, ew []float64, top float64) {
	return Convention{}.MatchpointsAssigned(lines, assigned, full, scale)
}

// MatchpointsAssigned is MatchpointsAssigned under the convention's rule
// for the real results of a board with artificial scores (Adjusted).
func (c Convention) MatchpointsAssigned(lines []CompareLine, assigned [][]Weighted, full int, scale MPScale) (ns, ew []float64, top float64) {
	n := full
	if n <= 0 {
		n = 0
		for _, l := range lines {
			if l.Kind != LineNotPlayed {
				n++
			}
		}
	}
	if c.Adjusted == AdjustedOwnTop && slices.ContainsFunc(lines, func(l CompareLine) bool { return l.Kind == LineArtificial }) {
		// The real results on their own top, not scaled: the board is
		// scored as if played as often as it has real results.
		n = 0
		for _, l := range lines {
			if compared(l) {
				n++
			}
		}
	}
	top = scale.Top(n)
	ns = make([]float64, len(lines))
	ew = make([]float64, len(lines))
	artificial := 0
	for i, l := range lines {
		if l.Kind == LineArtificial {
			ns[i] = top * float64(l.NSPercent) / 100
			ew[i] = top * float64(l.EWPercent) / 100
			artificial++
		}
	}
	if c.Adjusted != AdjustedPointEach {
		artificial = 0 // Neuberg: the real results are scaled as if the artificial lines were not played
	}
	u := scale.unit()
	for _, members := range compareGroups(lines) {
		f := newField(lines, assigned, members)
		m := float64(len(members))
		for _, i := range members {
			var wins float64
			if hasParts(lines, assigned, i) {
				wins = f.wins(partsOf(lines, assigned, i))
			} else {
				below, equal := f.around(lines[i].NSScore)
				wins = below + (equal-1)/2
			}
			// AdjustedPointEach: u for each artificial line, as if the
			// group were that much larger and each line tied with them.
			raw := 2*u*wins + u*float64(artificial)
			if g := m + float64(artificial); int(g) != n {
				raw = (raw+u)*float64(n)/g - u
			}
			ns[i] = raw
			ew[i] = top - raw
		}
	}
	return ns, ew, top
}

// compared reports whether a line takes part in the comparison.
func compared(l CompareLine) bool { return l.Kind == LinePlayed || l.Kind == LineAssigned }

// compareGroups returns the indexes of the compared lines, one slice per group, groups in the
// order they first appear.
func compareGroups(lines []CompareLine) [][]int {
	one := true
	count, first := 0, 0
	for _, l := range lines {
		if compared(l) {
			if count == 0 {
				first = l.Group
			} else if l.Group != first {
				one = false
			}
			count++
		}
	}
	if count == 0 {
		return nil
	}
	if one {
		members := make([]int, 0, count)
		for i, l := range lines {
			if compared(l) {
				members = append(members, i)
			}
		}
		return [][]int{members}
	}
	var groups [][]int
	at := map[int]int{}
	for i, l := range lines {
		if !compared(l) {
			continue
		}
		g, ok := at[l.Group]
		if !ok {
			g = len(groups)
			at[l.Group] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// hasParts reports whether line i is an assigned score given by its parts.
func hasParts(lines []CompareLine, assigned [][]Weighted, i int) bool {
	return lines[i].Kind == LineAssigned && i < len(assigned) && len(assigned[i]) > 0
}

// partsOf returns line i's parts: its assigned parts, shares scaled to sum to 1, or its NS score.
func partsOf(lines []CompareLine, assigned [][]Weighted, i int) []Weighted {
	if hasParts(lines, assigned, i) {
		total := 0.0
		for _, p := range assigned[i] {
			total += p.Weight
		}
		if total > 0 && total != 1 {
			parts := make([]Weighted, len(assigned[i]))
			for k, p := range assigned[i] {
				parts[k] = Weighted{NSScore: p.NSScore, Weight: p.Weight / total}
			}
			return parts
		}
		if total > 0 {
			return assigned[i]
		}
	}
	return []Weighted{{NSScore: lines[i].NSScore, Weight: 1}}
}

// field is the scores one line is compared with: every part of every line in a group.
type field struct {
	scores []int     // every part's NS score, ascending
	cum    []float64 // cum[k] = the shares of scores[:k]; nil when every share is 1
}

// newField gathers the parts of the member lines.
func newField(lines []CompareLine, assigned [][]Weighted, members []int) field {
	if !anyParts(lines, assigned, members) {
		scores := make([]int, len(members))
		for k, i := range members {
			scores[k] = lines[i].NSScore
		}
		slices.Sort(scores)
		return field{scores: scores}
	}
	var parts []Weighted
	for _, i := range members {
		parts = append(parts, partsOf(lines, assigned, i)...)
	}
	slices.SortFunc(parts, func(a, b Weighted) int { return cmp.Compare(a.NSScore, b.NSScore) })
	f := field{scores: make([]int, len(parts)), cum: make([]float64, len(parts)+1)}
	for k, p := range parts {
		f.scores[k] = p.NSScore
		f.cum[k+1] = f.cum[k] + p.Weight
	}
	return f
}

// around returns the shares of the field's scores below s and equal to s.
func (f field) around(s int) (below, equal float64) {
	lo, _ := slices.BinarySearch(f.scores, s)
	hi, _ := slices.BinarySearch(f.scores[lo:], s+1)
	hi += lo
	if f.cum == nil {
		return float64(lo), float64(hi - lo)
	}
	return f.cum[lo], f.cum[hi] - f.cum[lo]
}

// wins returns a line's score against the rest of the field in "1 per score beaten, ½ per tie"
// units: its parts against every part in the field, less its parts against themselves.
func (f field) wins(parts []Weighted) float64 {
	total := 0.0
	for _, p := range parts {
		below, equal := f.around(p.NSScore)
		total += p.Weight * (below + equal/2)
		for _, q := range parts {
			switch {
			case q.NSScore < p.NSScore:
				total -= p.Weight * q.Weight
			case q.NSScore == p.NSScore:
				total -= p.Weight * q.Weight / 2
			}
		}
	}
	return total
}
