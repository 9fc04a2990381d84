package scoring

import (
	"cmp"
	"slices"
)

// ArtificialIMPs converts an artificial adjusted score's percentage to IMPs the way Law 12C2(a)
// (WBF Laws 2017) pairs them: average plus, 60 %, is +3 IMPs; average, 50 %, is 0; average minus,
// 40 %, is −3 IMPs; other percentages in proportion (3 IMPs per 10 %).
func ArtificialIMPs(percent int) float64 {
	return float64(percent-50) * 3 / 10
}

// CrossIMPLines scores a board's lines by IMPs across the field (CrossIMPs) within each group of
// a fouled board. An assigned line's parts are each IMPed against the others' parts and count by
// the product of the shares; artificial lines get ArtificialIMPs of their percentages and take no
// part; unplayed lines get 0. EW gets the negative of NS on a compared line.
func CrossIMPLines(lines []CompareLine, assigned [][]Weighted) (ns, ew []float64) {
	return Convention{}.CrossIMPLines(lines, assigned)
}

// CrossIMPLines is CrossIMPLines under the convention: a compared line's
// IMPs summed over the other lines when CrossIMPSum, else averaged. Summed,
// an artificial line's ArtificialIMPs count once for each other result on
// the board (lines not LineNotPlayed, less one), as the ACBL's scoring
// program scores its "Total IMPs": "AVE+ 3 IMPs x (number of results - 1)"
// (ACBLscore manual, web2.acbl.org/acblscore/manual/83.htm); averaged,
// they are Law 12C2(a)'s ±3.
func (c Convention) CrossIMPLines(lines []CompareLine, assigned [][]Weighted) (ns, ew []float64) {
	ns = make([]float64, len(lines))
	ew = make([]float64, len(lines))
	artificialIMPs(lines, ns, ew)
	if c.CrossIMPSum {
		others := -1.0
		for _, l := range lines {
			if l.Kind != LineNotPlayed {
				others++
			}
		}
		for i, l := range lines {
			if l.Kind == LineArtificial {
				ns[i] *= others
				ew[i] *= others
			}
		}
	}
	for _, members := range compareGroups(lines) {
		if len(members) < 2 {
			continue
		}
		if !anyParts(lines, assigned, members) {
			scores := make([]int, len(members))
			for k, i := range members {
				scores[k] = lines[i].NSScore
			}
			for k, v := range CrossIMPs(scores) {
				if c.CrossIMPSum {
					v *= float64(len(members) - 1)
				}
				ns[members[k]] = v
				ew[members[k]] = -v
			}
			continue
		}
		var parts []Weighted
		for _, i := range members {
			parts = append(parts, partsOf(lines, assigned, i)...)
		}
		slices.SortFunc(parts, func(a, b Weighted) int { return cmp.Compare(a.NSScore, b.NSScore) })
		var vals []int
		cum := []float64{0}
		for k, p := range parts {
			if k == 0 || p.NSScore != parts[k-1].NSScore {
				vals = append(vals, p.NSScore)
				cum = append(cum, cum[len(cum)-1])
			}
			cum[len(cum)-1] += p.Weight
		}
		net := crossNet(vals, cum)
		others := float64(len(members) - 1)
		if c.CrossIMPSum {
			others = 1
		}
		for _, i := range members {
			own := partsOf(lines, assigned, i)
			sum := 0.0
			for _, p := range own {
				k, _ := slices.BinarySearch(vals, p.NSScore)
				against := net[k]
				for _, q := range own {
					against -= q.Weight * float64(IMPs(p.NSScore-q.NSScore))
				}
				sum += p.Weight * against
			}
			ns[i] = sum / others
			ew[i] = -ns[i]
		}
	}
	return ns, ew
}

// ButlerLines scores a board's lines by Butler: each group's datum is the ButlerDatum (trim,
// round) of its played lines, and every played line gets NS IMPs(score − datum). An assigned line
// is left out of the datum and scores the weighted IMPs of its parts against it; artificial lines
// get ArtificialIMPs; unplayed lines 0. Returns the datum of each group too.
func ButlerLines(lines []CompareLine, assigned [][]Weighted, trim, round int) (ns, ew []float64, datum map[int]int) {
	return butlerLinesBy(lines, assigned, func(s []int) int { return ButlerDatum(s, trim, round) })
}

// ButlerLines is ButlerLines with the convention's datum (Convention.ButlerDatum, to round).
func (c Convention) ButlerLines(lines []CompareLine, assigned [][]Weighted, round int) (ns, ew []float64, datum map[int]int) {
	return butlerLinesBy(lines, assigned, func(s []int) int { return c.ButlerDatum(s, round) })
}

// butlerLinesBy is ButlerLines with each group's datum made by datumOf.
func butlerLinesBy(lines []CompareLine, assigned [][]Weighted, datumOf func([]int) int) (ns, ew []float64, datum map[int]int) {
	ns = make([]float64, len(lines))
	ew = make([]float64, len(lines))
	datum = map[int]int{}
	artificialIMPs(lines, ns, ew)
	for _, members := range compareGroups(lines) {
		var scores []int
		for _, i := range members {
			if !hasParts(lines, assigned, i) {
				scores = append(scores, lines[i].NSScore)
			}
		}
		d := datumOf(scores)
		datum[lines[members[0]].Group] = d
		for _, i := range members {
			var v float64
			if hasParts(lines, assigned, i) {
				for _, p := range partsOf(lines, assigned, i) {
					v += p.Weight * float64(IMPs(p.NSScore-d))
				}
			} else {
				v = float64(IMPs(lines[i].NSScore - d))
			}
			ns[i] = v
			ew[i] = -v
		}
	}
	return ns, ew, datum
}

// anyParts reports whether any member line is an assigned score given by parts.
func anyParts(lines []CompareLine, assigned [][]Weighted, members []int) bool {
	for _, i := range members {
		if hasParts(lines, assigned, i) {
			return true
		}
	}
	return false
}

// artificialIMPs fills in the IMPs of the artificial lines.
func artificialIMPs(lines []CompareLine, ns, ew []float64) {
	for i, l := range lines {
		if l.Kind == LineArtificial {
			ns[i] = ArtificialIMPs(l.NSPercent)
			ew[i] = ArtificialIMPs(l.EWPercent)
		}
	}
}
