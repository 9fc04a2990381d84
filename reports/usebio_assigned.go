package reports

import (
	"errors"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// An assigned adjusted score in a USEBIO file. The USEBIO 1.2 text for a
// weighted score (Law 12C1(c)) or a score split between the sides (Law
// 12C1(b)) was not found, and the files real programs write carry only
// the artificial form (SCORE A6040, testdata/usebio). traveler writes such
// a line as the programs that read USEBIO can take it — no CONTRACT, the
// line's points as every line has them (the ABF's uploader reads a line's
// NS_MATCH_POINTS and EW_MATCH_POINTS, and an absent SCORE), SCORE only
// when the assigned score is one balanced figure — and keeps the score
// itself in a comment of the line, which traveler's reader reads back:
//
//	<!-- traveler assigned adjusted score, weight*NS score: NS 0.6*420 0.4*-50; EW 1*450 -->
//
// The EW part is there only for a split score: the NS scores the EW side
// is compared as (Result.EWAssigned).

// assignedCommentPrefix starts the comment that carries an assigned score.
const assignedCommentPrefix = "traveler assigned adjusted score, weight*NS score:"

// maxAssignedParts bounds the parts of one side's assigned score read from a comment.
const maxAssignedParts = 16

// assignedComment is the comment text of an assigned result's score.
func assignedComment(r *tournament.Result) string {
	side := func(name string, parts []tournament.AssignedPart) string {
		out := make([]string, len(parts))
		for i, p := range parts {
			out[i] = strconv.FormatFloat(p.Weight, 'g', -1, 64) + "*" + strconv.Itoa(p.NSScore)
		}
		return name + " " + strings.Join(out, " ")
	}
	s := assignedCommentPrefix + " " + side("NS", r.Assigned)
	if r.Split() {
		s += "; " + side("EW", r.EWAssigned)
	}
	return s
}

// parseAssignedComment reads a comment written by assignedComment: ok is
// false for any other comment; err says what was wrong with one that
// starts like it.
func parseAssignedComment(c string) (ns, ew []tournament.AssignedPart, ok bool, err error) {
	rest, found := strings.CutPrefix(c, assignedCommentPrefix)
	if !found {
		return nil, nil, false, nil
	}
	bad := errors.New("an assigned score written as traveler writes it: NS weight*score … (e.g. NS 0.6*420 0.4*-50), then ; EW weight*score … for a split score")
	for i, side := range strings.Split(strings.TrimSpace(rest), ";") {
		fields := strings.Fields(side)
		if i > 1 || len(fields) < 2 || len(fields) > maxAssignedParts+1 || fields[0] != [2]string{"NS", "EW"}[i] {
			return nil, nil, false, bad
		}
		var parts []tournament.AssignedPart
		for _, f := range fields[1:] {
			w, s, cut := strings.Cut(f, "*")
			weight, err1 := strconv.ParseFloat(w, 64)
			score, err2 := strconv.Atoi(s)
			if !cut || err1 != nil || err2 != nil || weight <= 0 || weight > 1 || score < -99999 || score > 99999 {
				return nil, nil, false, bad
			}
			parts = append(parts, tournament.AssignedPart{NSScore: score, Weight: weight})
		}
		if i == 0 {
			ns = parts
		} else {
			ew = parts
		}
	}
	return ns, ew, true, nil
}
