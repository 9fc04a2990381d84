package tournament

import (
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Law 12C2 (WBF Laws of Duplicate Bridge 2017): when no result can be
// obtained the director awards an artificial adjusted score, "average plus
// (at least 60% of the available matchpoints in pairs)" to a contestant in
// no way at fault and "average minus (at most 40% …)" to one directly at
// fault; at IMPs their equivalents are +3 and −3 IMPs (scoring.ArtificialIMPs).
// The WBF Laws Committee's minute of 1998-08-30 #1, which the EBU's White
// Book quotes under Law 12C2 and the ACBL applies, reads those bounds as:
// average plus is 60% or the pair's session percentage, whichever is
// greater; average minus 40% or the session percentage, whichever is less.
// The event chooses: at matchpoints law option average_session of
// contract-2017 (on by default, the WBFLC's reading: issue 26 §2 asks for
// "60 % or the pair's session percentage if higher"; off, an artificial
// line scores its percentage of the top as given, Law 12C2(a) as printed);
// at IMPs law option average_session_imps (off by default: issue 26 §2
// reads "with IMPs, ±3 IMPs or the pair's session average (option)", so
// the Law's ±3 IMPs unless the event asks for the session's average).
//
// The EBU's wording (White Book, Law 12C2, as quoted on rec.games.bridge,
// groups.google.com/g/rec.games.bridge/c/FNgH69hlmH8, 2013): "In a
// matchpoint tournament, Average Plus is defined as 60% or session average,
// whichever is greater … Average Minus is defined as 40% or session
// average, whichever is less [WBFLC minutes 1998-08-30#1, reviewed but not
// changed 2000-01-12#9]", adding that "a total score of more than 100%
// should only be given if both pairs are entirely innocent" — guidance on
// which award the director gives, not another way to score one, so the
// EBU's rule is this option's. The ACBL's own text of its regulation was
// not found here (searched again 2026-11-27: Duplicate Decisions and the
// ACBL Laws Commission's minutes are stored only by their first pages; an
// English teacher's glossary, bernardmageebridge.com, gives the EBU's rule:
// "60% … or its overall percentage score for the session, if better"); no
// separate ACBL option is offered until a text that differs is found. The
// one ACBL figure found that differs is its scoring program's at summed
// cross-IMPs, "AVE+ 3 IMPs x (number of results - 1)" (ACBLscore manual,
// IMP scoring methods), which the sum-cross-imps convention follows
// (scoring.Convention.CrossIMPLines); at averaged cross-IMPs and Butler
// it gives the ±3 IMPs of Law 12C2(a), as here.
//
// Searched again 2026-11-28. The EBU's forum ("Adjusted Score Law 12 C 2
// (c)", ebu.co.uk/forum/discussion/234) quotes the sentence "Such
// contestants are awarded the percentage obtained (or the equivalent in
// IMPs) on the other boards of that session" as the Law's own and says
// EBUScore and ScoreBridge apply it automatically, working a pair's
// percentage on its other boards as this option does (its matchpoints less
// the artificial boards' over the top of the boards left). The lead made
// average_session on by default (2026-11-28, issue 26 §2): a new event
// follows the WBFLC's reading. The one ACBL
// text found is its Handbook's chapter IX on appeals committees, as quoted on
// Bridge Base's forum (topic 60518): scores "need not balance, except for
// rare instances … the total matchpoints should not exceed top on a board",
// and a committee "may award one or both sides their overall percentage
// score in the session on the board in question" — a committee's power,
// not a scoring rule for 12C2, and whether its "should not exceed top"
// caps the EBU's session figures is the very question a reader of the
// White Book asked unanswered (rec.games.bridge above): no acbl option is
// made from it.

// averagePlus and averageMinus are the percentages a director gives for
// average plus and average minus; other percentages (50, 30, 70 …) are
// the director's own figure and are kept.
const (
	averagePlus  = 60
	averageMinus = 40
)

// compareSectionFor compares a section's boards for the event: compareSection,
// then the artificial scores by the event's Law 12C2 option (sessionArtificial).
func compareSectionFor(e *Event, m *movement.Movement, results []Result) sectionBoards {
	return artificialFor(e, m, results, compareSectionBy(e.Scoring, e.Conv(), m, results))
}

// artificialFor applies the event's Law 12C2 option to boards compared
// already: sessionArtificial when the event's rules say average_session
// (matchpoints) or average_session_imps (IMPs) for its method.
func artificialFor(e *Event, m *movement.Movement, results []Result, sb sectionBoards) sectionBoards {
	if !sessionAverages(e, e.Scoring) {
		return sb
	}
	return sessionArtificial(e.Scoring, m, results, sb)
}

// sessionAverages reports whether the event's rules give average plus and
// minus by the session's figure at method: law option average_session at
// matchpoints, average_session_imps at IMPs (pairs or teams).
func sessionAverages(e *Event, method Method) bool {
	opts := e.RulesOrDefaults().Options
	if _, isMP := method.mpScale(); isMP {
		return opts.AverageSession
	}
	return opts.AverageIMPs
}

// sessionArtificial returns sb with each side of an artificial line given
// average plus (60 %) or average minus (40 %) scored by the pair's session:
//
//   - the pair's session figure is what it earned on its other boards of
//     the section, artificial ones and boards not played left out: at
//     matchpoints Σ points counted / Σ tops counted (BoardPoints.CountTop:
//     boards × the top at sb.full, unless the convention keeps an adjusted
//     board's own top) as a percentage; at IMPs (CROSS_IMP, BUTLER) Σ IMPs / boards;
//   - average plus is the greater of 60 % and that percentage (at IMPs of
//     +3 and that average), average minus the lesser of 40 % and it (−3);
//   - the board's shown points take the same percentage of the board's own
//     top as the counted points of the top the board counts. A pair with no other
//     board keeps 60 % and 40 %; every other line and method is as compared.
//
// sb's point slices are not changed: a changed board gets its own.
func sessionArtificial(method Method, m *movement.Movement, results []Result, sb sectionBoards) sectionBoards {
	_, isMP := method.mpScale()
	imps := method == MethodCrossIMP || method == MethodButler
	if !isMP && !imps {
		return sb
	}
	// The pair's other boards: every line but those not played and the artificial ones.
	sum, possible, played := pairTotalsOf(m, results, &sb, StatusNotPlayed, StatusArtificial)
	// session returns the pair's figure on its other boards: a percentage,
	// or IMPs a board; false when it has none.
	session := func(p int) (float64, bool) {
		if p < 1 || p > m.Pairs || played[p] == 0 {
			return 0, false
		}
		if isMP {
			if possible[p] <= 0 {
				return 0, false
			}
			return 100 * sum[p] / possible[p], true
		}
		return sum[p] / float64(played[p]), true
	}
	out := sectionBoards{conv: sb.conv, full: sb.full, boards: sb.boards, points: make(map[int]BoardPoints, len(sb.points))}
	for b, pts := range sb.points {
		out.points[b] = pts
	}
	for b, idx := range sb.boards {
		var own *BoardPoints
		for k, i := range idx {
			r := &results[i]
			if r.Status != StatusArtificial {
				continue
			}
			ns, ew := seatedPairs(m, r)
			for side, give := range [2]struct {
				pair, percent int
			}{{ns, r.NSPercent}, {ew, r.EWPercent}} {
				if give.percent != averagePlus && give.percent != averageMinus {
					continue
				}
				fig, ok := session(give.pair)
				if !ok {
					continue
				}
				if own == nil {
					p := out.points[b]
					p.Shown = [2][]float64{append([]float64(nil), p.Shown[0]...), append([]float64(nil), p.Shown[1]...)}
					p.Counted = [2][]float64{append([]float64(nil), p.Counted[0]...), append([]float64(nil), p.Counted[1]...)}
					own = &p
				}
				if isMP {
					pct := max(fig, averagePlus)
					if give.percent == averageMinus {
						pct = min(fig, averageMinus)
					}
					own.Shown[side][k] = own.Top * pct / 100
					own.Counted[side][k] = own.CountTop * pct / 100
					continue
				}
				// The line's own figure as compared: ±3 IMPs, or ±3 for each
				// other result when cross-IMPs are summed (Convention.CrossIMPLines).
				law := own.Counted[side][k]
				v := max(law, fig) // average plus: +3 IMPs or better
				if give.percent == averageMinus {
					v = min(law, fig)
				}
				own.Shown[side][k], own.Counted[side][k] = v, v
			}
		}
		if own != nil {
			out.points[b] = *own
		}
	}
	return out
}
