package tournament

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// Suspicion says why a traveler line looks mistyped, as scorers' programs
// flag a result for the director to check before the standings go out. It
// changes no score.
type Suspicion struct {
	Kind string // SuspectDirection or SuspectScore; "" when the line looks right
	Why  string // in words, with the line's and the field's figures
}

// The kinds of Suspicion.
const (
	// SuspectDirection: the declarer is likely on the wrong side. The line is
	// a played contract (not a pass) and, among the other played lines of
	// the same board (the same version of a fouled board), at least two
	// played the same level and strain (doubles aside); every one of those
	// was declared by the other side; and the line's own contract, tricks
	// and board, with the declarer moved one seat on (N→E, E→S, S→W, W→N,
	// so to the other side), score exactly what one of those lines scored.
	// E.g. 4S by N making 10, +420, where three tables had 4S by E or W
	// making 10, −420: by E the line would be −420, as they are.
	SuspectDirection = "direction"
	// SuspectScore: the line's stored NS score is not what its contract,
	// declarer and tricks score under the event's law code on this board
	// (scored again now): a score not possible for the contract, as a file
	// or an option changed since may leave one.
	SuspectScore = "score"
)

// minSameContract is how many other lines in the same contract make a
// field for SuspectDirection: two, so one other table's mistake is not
// taken for the field.
const minSameContract = 2

// FlagSuspects sets each line's Suspect on a board's traveler under the
// event's rules: what the director's traveler shows (Service.Traveler).
func (t *Traveler) FlagSuspects(rules *scoring.Rules) { suspects(rules, &t.Board, t.Lines) }

// suspects flags the lines of one board's traveler (Suspicion), under the
// event's rules on the board. Lines not played, passed out, adjusted or
// that the rules cannot score are never flagged.
func suspects(rules *scoring.Rules, b *Board, lines []TravelerLine) {
	type parsed struct {
		ok       bool
		contract scoring.Contract
		side     scoring.Side
	}
	ps := make([]parsed, len(lines))
	for i := range lines {
		r := &lines[i].Result
		if r.Status != StatusPlayed {
			continue
		}
		c, err := rules.ParseContract(r.Contract)
		if err != nil || c.Pass {
			continue
		}
		seat, err := scoring.ParseSeat("declarer", r.Declarer)
		if err != nil {
			continue
		}
		ps[i] = parsed{ok: true, contract: c, side: seat.Side()}
	}
	for i := range lines {
		if !ps[i].ok {
			continue
		}
		r := &lines[i].Result
		lines[i].Suspect = Suspicion{}
		if sc, err := scoreResult(rules, b, r, ""); err == nil && sc.NSScore != r.NSScore {
			lines[i].Suspect = Suspicion{Kind: SuspectScore, Why: fmt.Sprintf("%s by %s making %d scores %+d on this board, not the %+d stored: check the line", r.Contract, r.Declarer, r.Tricks, sc.NSScore, r.NSScore)}
			continue
		}
		var same []int
		otherSide := true
		for j := range lines {
			if j == i || !ps[j].ok || lines[j].Result.PlayedVersion() != r.PlayedVersion() ||
				ps[j].contract.Level != ps[i].contract.Level || ps[j].contract.Strain != ps[i].contract.Strain {
				continue
			}
			same = append(same, j)
			otherSide = otherSide && ps[j].side != ps[i].side
		}
		if len(same) < minSameContract || !otherSide {
			continue
		}
		moved := *r
		seat, _ := scoring.ParseSeat("declarer", r.Declarer)
		moved.Declarer = seat.Next().String()
		sc, err := scoreResult(rules, b, &moved, "")
		if err != nil {
			continue
		}
		for _, j := range same {
			if lines[j].Result.NSScore == sc.NSScore {
				lines[i].Suspect = Suspicion{Kind: SuspectDirection, Why: fmt.Sprintf(
					"%s by %s scores %+d, but the other %d lines in %d%s were declared by %s; by %s it would score %+d, as table %s did: check the declarer",
					r.Contract, r.Declarer, r.NSScore, len(same), ps[i].contract.Level, ps[i].contract.Strain, ps[i].side.Other(), moved.Declarer, sc.NSScore, tableOf(&lines[j].Result))}
				break
			}
		}
	}
}

// tableOf names a line's table and round, e.g. "2 (round 3)".
func tableOf(r *Result) string {
	return strconv.Itoa(r.Table) + " (round " + strconv.Itoa(r.Round) + ")"
}

// SuspectLine is a result of a section flagged for the director to check.
type SuspectLine struct {
	Result  Result
	Suspect Suspicion
}

// Suspects returns the section's results that look mistyped (Suspicion),
// by board, round and table: what the director's session board lists.
// Directors only.
func (s *Service) Suspects(ctx context.Context, a Actor, sectionID int64) ([]SuspectLine, error) {
	if err := directorOnly(a, "check the suspicious lines"); err != nil {
		return nil, err
	}
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	results, err := s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return nil, err
	}
	if err := s.withVersions(ctx, a, sec.ID, results); err != nil {
		return nil, err
	}
	rules, boards, err := s.rulesAndBoards(ctx, &e, &sec)
	if err != nil {
		return nil, err
	}
	boards = withImplied(boards, &sec)
	byBoard := map[int][]TravelerLine{}
	for _, r := range results {
		byBoard[r.Board] = append(byBoard[r.Board], TravelerLine{Result: r})
	}
	var out []SuspectLine
	for n, lines := range byBoard {
		b := boards[n]
		suspects(&rules, &b, lines)
		for _, l := range lines {
			if l.Suspect.Kind != "" {
				out = append(out, SuspectLine{Result: l.Result, Suspect: l.Suspect})
			}
		}
	}
	slices.SortFunc(out, func(x, y SuspectLine) int {
		return cmp.Or(x.Result.Board-y.Result.Board, x.Result.Round-y.Result.Round, x.Result.Table-y.Result.Table)
	})
	return out, nil
}
