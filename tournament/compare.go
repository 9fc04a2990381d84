package tournament

import (
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Butler datum of the clubs' scorers (Compscore3, shared/testdata README):
// drop the highest and the lowest score (scoring.ButlerDropOne, traveler's
// own convention), take the mean, round to 10.
const butlerRound = 10

// BoardPoints are one board's lines compared by a method.
type BoardPoints struct {
	Shown   [2][]float64 // NS and EW points each line shows on the traveler
	Counted [2][]float64 // NS and EW points each line adds to its pairs' totals
	Top     float64      // matchpoints: the top the traveler shows (the board's own); 0 otherwise
	// CountTop: matchpoints: the top Counted is out of, what the board
	// adds to the possible of each pair on it: the top at full, or the
	// board's own where the convention does not rescale (AdjustedOwnTop);
	// 0 otherwise.
	CountTop float64
	Datum    *int        // BUTLER: the datum of the played lines (on a fouled board, of those played as dealt); nil when none was played
	Datums   map[int]int // BUTLER on a fouled board: each version's datum, by version; nil when one version was played
}

// mpScale returns the matchpoint scale of a method, and whether it is a
// matchpoint method.
func (m Method) mpScale() (scoring.MPScale, bool) {
	switch m {
	case MethodMP:
		return scoring.MPScaleEBU, true
	case MethodMPACBL:
		return scoring.MPScaleACBL, true
	}
	return 0, false
}

// CompareBoard compares a board's traveler lines by a pairs method. full is
// the number of lines the board is scored as if played (the most any board
// of the session has): at matchpoints a board with fewer lines shows its own
// top on the traveler and counts Neuberg-scaled to full in the totals, as
// Compscore3 does. assigned holds an assigned line's weighted parts (may be
// nil). ewAssigned holds, for a line whose assigned score is not balanced
// (Law 12C1(b)), the EW side's own parts (may be nil): see compareSplit. A
// teams method (IMP_TEAMS, BAM_TEAMS, …) is not a comparison of one
// traveler; it gives zeros.
func CompareBoard(method Method, lines []scoring.CompareLine, assigned, ewAssigned [][]scoring.Weighted, full int) BoardPoints {
	return compareBoardBy(method, scoring.Convention{}, lines, assigned, ewAssigned, full)
}

// compareBoardBy is CompareBoard under a convention (Event.Conv): its
// rounding of each line's matchpoints, its Butler datum, its cross-IMPs.
func compareBoardBy(method Method, conv scoring.Convention, lines []scoring.CompareLine, assigned, ewAssigned [][]scoring.Weighted, full int) BoardPoints {
	out := compareOnce(method, conv, lines, assigned, full)
	if ew, ok := ewView(lines, assigned, ewAssigned); ok {
		// Law 12C1(b): the rule of the split score, in one place for every
		// method. The NS side of every line is compared in the field where a
		// split line stands at its NS score; the EW side of every line in
		// the field where it stands at its EW score. So the split line's NS
		// pair is compared with the other results from NS's score and its EW
		// pair from EW's, and every other pair meets, in the line, the score
		// its own direction's counterpart was given (NS +620 for the NS
		// pairs, EW −650 for the EW pairs). A balanced board is unchanged.
		e := compareOnce(method, conv, lines, ew, full)
		out.Shown[1], out.Counted[1] = e.Shown[1], e.Counted[1]
	}
	return out
}

// ewView returns the parts the EW sides are compared with: assigned with the
// EW side's own parts in place of a split line's; false when no line is split.
func ewView(lines []scoring.CompareLine, assigned, ewAssigned [][]scoring.Weighted) ([][]scoring.Weighted, bool) {
	var out [][]scoring.Weighted
	for i, parts := range ewAssigned {
		if len(parts) == 0 || i >= len(lines) || lines[i].Kind != scoring.LineAssigned {
			continue
		}
		if out == nil {
			out = make([][]scoring.Weighted, len(lines))
			copy(out, assigned)
		}
		out[i] = parts
	}
	return out, out != nil
}

// compareOnce compares a board's lines by a pairs method with one set of
// assigned parts (CompareBoard), under conv.
func compareOnce(method Method, conv scoring.Convention, lines []scoring.CompareLine, assigned [][]scoring.Weighted, full int) BoardPoints {
	var out BoardPoints
	zero := func() [2][]float64 { return [2][]float64{make([]float64, len(lines)), make([]float64, len(lines))} }
	if scale, ok := method.mpScale(); ok {
		own := 0
		for _, l := range lines {
			if l.Kind != scoring.LineNotPlayed {
				own++
			}
		}
		out.Shown[0], out.Shown[1], out.Top = conv.MatchpointsAssigned(lines, assigned, own, scale)
		out.Counted, out.CountTop = out.Shown, out.Top
		if own != full {
			out.Counted[0], out.Counted[1], out.CountTop = conv.MatchpointsAssigned(lines, assigned, full, scale)
		}
		if conv.LineDecimals > 0 {
			// The convention's rounding of each line before it is added;
			// the traveler shows what is counted where the tops agree.
			for side := range out.Counted {
				for k, v := range out.Counted[side] {
					out.Counted[side][k] = conv.LinePoints(v, out.CountTop)
				}
				if own != full {
					for k, v := range out.Shown[side] {
						out.Shown[side][k] = conv.LinePoints(v, out.Top)
					}
				}
			}
		}
		return out
	}
	switch method {
	case MethodAverage:
		out.Shown[0], out.Shown[1] = scoring.PlusMinus(lines, assigned)
	case MethodTotal:
		out.Shown[0], out.Shown[1] = scoring.TotalPoints(lines, assigned)
	case MethodCrossIMP:
		out.Shown[0], out.Shown[1] = conv.CrossIMPLines(lines, assigned)
	case MethodButler:
		var datums map[int]int
		out.Shown[0], out.Shown[1], datums = conv.ButlerLines(lines, assigned, butlerRound)
		if d, ok := datums[1]; ok {
			out.Datum = &d
		}
		if len(datums) > 1 {
			out.Datums = datums
		}
	default:
		out.Shown = zero()
	}
	out.Counted = out.Shown
	return out
}

// compareLine converts a stored result to the line package scoring compares,
// with its weighted parts when it is an assigned score, and the EW side's own
// parts when that score is split (Law 12C1(b)). The line's group is the
// version of the board it was played on: a fouled board's versions are
// compared each within itself.
func compareLine(r *Result) (line scoring.CompareLine, parts, ewParts []scoring.Weighted) {
	switch r.Status {
	case StatusPlayed, StatusPassedOut:
		return scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: r.NSScore, Group: r.PlayedVersion()}, nil, nil
	case StatusArtificial:
		return scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: r.NSPercent, EWPercent: r.EWPercent, Group: r.PlayedVersion()}, nil, nil
	case StatusAssigned:
		return scoring.CompareLine{Kind: scoring.LineAssigned, NSScore: r.NSScore, Group: r.PlayedVersion()}, weighted(r.Assigned), weighted(r.EWAssigned)
	}
	return scoring.CompareLine{Kind: scoring.LineNotPlayed}, nil, nil
}

// weighted converts assigned parts to what package scoring compares (nil for none).
func weighted(ps []AssignedPart) []scoring.Weighted {
	if len(ps) == 0 {
		return nil
	}
	out := make([]scoring.Weighted, len(ps))
	for i, p := range ps {
		out[i] = scoring.Weighted{NSScore: p.NSScore, Weight: p.Weight}
	}
	return out
}

// sectionBoards is a section's results grouped by board and compared.
type sectionBoards struct {
	conv   scoring.Convention  // the convention they were compared under (Event.Conv)
	full   int                 // the lines every board is scored as if played
	boards map[int][]int       // board → indexes into the results
	points map[int]BoardPoints // board → its lines compared (index as in boards[b])
}

// compareSection compares every board of a section's results by method.
func compareSection(method Method, m *movement.Movement, results []Result) sectionBoards {
	return compareSectionBy(method, scoring.Convention{}, m, results)
}

// compareSectionBy is compareSection under a convention (compareBoardBy).
func compareSectionBy(method Method, conv scoring.Convention, m *movement.Movement, results []Result) sectionBoards {
	sb := sectionBoards{conv: conv, boards: map[int][]int{}, points: map[int]BoardPoints{}}
	for i := range results {
		sb.boards[results[i].Board] = append(sb.boards[results[i].Board], i)
	}
	for _, n := range m.Plays() {
		sb.full = max(sb.full, n)
	}
	for _, idx := range sb.boards {
		own := 0
		for _, i := range idx {
			if results[i].Status != StatusNotPlayed {
				own++
			}
		}
		sb.full = max(sb.full, own)
	}
	for b, idx := range sb.boards {
		lines := make([]scoring.CompareLine, len(idx))
		var assigned, ewAssigned [][]scoring.Weighted
		for k, i := range idx {
			var parts, ewParts []scoring.Weighted
			lines[k], parts, ewParts = compareLine(&results[i])
			if parts != nil {
				if assigned == nil {
					assigned = make([][]scoring.Weighted, len(idx))
				}
				assigned[k] = parts
			}
			if ewParts != nil {
				if ewAssigned == nil {
					ewAssigned = make([][]scoring.Weighted, len(idx))
				}
				ewAssigned[k] = ewParts
			}
		}
		bp := compareBoardBy(method, conv, lines, assigned, ewAssigned, sb.full)
		correctLines(&bp, results, idx)
		sb.points[b] = bp
	}
	return sb
}

// correctLines puts the director's figures of a board's lines (the
// results at idx, in the board's order) in place of what the comparison
// gave them (correctBoard); a board without any is left as compared.
func correctLines(bp *BoardPoints, results []Result, idx []int) {
	var corrs [][]PointCorrection
	for k, i := range idx {
		if cs := results[i].Corrections; len(cs) > 0 {
			if corrs == nil {
				corrs = make([][]PointCorrection, len(idx))
			}
			corrs[k] = cs
		}
	}
	if corrs == nil {
		return
	}
	correctBoard(bp, corrs, bp.CountTop)
}
