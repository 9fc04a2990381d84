package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// LatePairPlace returns the pair a late pair would become in sec, as
// players call it ("4 EW", "14"), and whether there is such a place: a
// half-table Mitchell's missing pair, or the pair number a Howell for an
// odd number of pairs leaves out (its opponent of the round sits out).
func (sec *Section) LatePairPlace() (string, bool) {
	m := &sec.Movement
	switch {
	case sec.HalfTable():
		return pairWords(m, m.Phantom), true
	case sitOutPlace(sec):
		return strconv.Itoa(m.Pairs + 1), true
	}
	return "", false
}

// HalfTable reports whether sec is a half-table Mitchell: its movement's
// phantom is the missing pair. A rover Mitchell's phantom is no pair's
// place: it is the EW seat of the rover's own table, never in play.
func (sec *Section) HalfTable() bool {
	return sec.Spec.Kind == "mitchell" && sec.Movement.Phantom != 0 && sec.Spec.Variant != movement.VariantRover
}

// sitOutPlace reports whether sec is a Howell for an odd number of pairs
// as generated (not yet filled): the next even number's Howell with its
// highest pair number missing, its opponent of each round sitting out.
func sitOutPlace(sec *Section) bool {
	return sec.Spec.Kind == "howell" && sec.Spec.Pairs%2 == 1 && sec.Movement.Kind == movement.KindHowell && sec.Movement.Pairs == sec.Spec.Pairs
}

// fillHowell lets a late pair take an odd Howell's sit-out place from round
// from on (0: the current round): it becomes the missing pair number
// (pairs+1) with its players, the section changed to the Howell of one pair
// more (see filledHowell).
func (s *Service) fillHowell(ctx context.Context, a Actor, sec *Section, from int, players []Player) (Section, error) {
	spec := sec.Spec
	spec.Pairs++
	return s.ChangeMovement(ctx, a, sec.ID, MovementChange{Movement: spec, FromRound: from,
		Add: []Pair{{Number: strconv.Itoa(spec.Pairs), Players: players}}})
}

// fillsSitOut reports whether spec, for sec, is sec's Howell for an odd
// number of pairs with one pair more and nothing else changed: a late pair
// taking the sit-out place.
func fillsSitOut(sec *Section, spec *MovementSpec) bool {
	was := &sec.Spec
	return sitOutPlace(sec) && spec.Kind == was.Kind && spec.Pairs == was.Pairs+1 && spec.BoardsPerRound == was.BoardsPerRound &&
		spec.Rounds == was.Rounds && spec.ShareBoards == was.ShareBoards
}

// filledHowell is the movement of an odd Howell whose sit-out place a late
// pair plays from round from on: the same schedule (not the even Howell's,
// which may differ where the base was searched), the missing pair number
// (pairs+1) playing its tables, the pairs who would have sat out playing it
// instead. from must be a round the sit-out place has not yet passed: not
// before the current round, and no pair that sits out a round from from on
// may have played a later round already (its results read through st).
func (s *Service) filledHowell(ctx context.Context, st Store, sec *Section, from int) (movement.Movement, error) {
	m := &sec.Movement
	late := m.Pairs + 1
	if from < 1 || from > len(m.Rounds) {
		return movement.Movement{}, Invalidf("from_round", strconv.Itoa(from)+": section "+sec.Name+" plays rounds 1 to "+strconv.Itoa(len(m.Rounds))+
			"; the late pair joins from one of them")
	}
	if from < sec.CurrentRound {
		return movement.Movement{}, Invalidf("from_round", strconv.Itoa(from)+": section "+sec.Name+" is playing round "+strconv.Itoa(sec.CurrentRound)+
			", so round "+strconv.Itoa(from)+"'s sit-out pair has sat out already; the late pair joins from round "+strconv.Itoa(sec.CurrentRound)+" or a later one")
	}
	results, err := st.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return movement.Movement{}, err
	}
	// The last round from from on whose sit-out pair has played a later
	// round: the late pair joins after it.
	passed, by, since := 0, 0, 0
	for _, rd := range m.Rounds[from-1:] {
		for _, p := range rd.SitOut {
			label := strconv.Itoa(p)
			for _, r := range results {
				if r.Round > rd.Number && (r.NS == label || r.EW == label) {
					passed, by, since = rd.Number, p, r.Round
				}
			}
		}
	}
	if passed != 0 {
		next := "round " + strconv.Itoa(passed+1) + " or later"
		if passed == len(m.Rounds) {
			next = "no round is left for it to join"
		}
		return movement.Movement{}, Invalidf("from_round", strconv.Itoa(from)+": pair "+strconv.Itoa(by)+" sits out round "+strconv.Itoa(passed)+
			" and has played round "+strconv.Itoa(since)+" since; the late pair joins from a round its sit-out pair has not passed: "+next)
	}
	was := &sec.Spec
	nm, err := movement.HowellFilled(ctx, movement.HowellOptions{Pairs: was.Pairs, BoardsPerRound: was.BoardsPerRound, Rounds: was.Rounds, ShareBoards: was.ShareBoards})
	if err != nil {
		return movement.Movement{}, fromScoring(err, "movement.")
	}
	if err := sameBut(m, &nm, late, from); err != nil {
		return movement.Movement{}, err
	}
	return nm, nil
}

// sameBut checks that filled, from round from on, is m with the late
// pair's tables added: every table of m in play as it was, and the pair m
// left sitting out at the late pair's table. A section whose movement was
// changed since it was set up may not be; it is refused.
func sameBut(m, filled *movement.Movement, late, from int) error {
	for _, rd := range m.Rounds[from-1:] {
		nr, ok := filled.Round(rd.Number)
		if !ok {
			nr = &movement.Round{}
		}
		same := ok && len(nr.Tables) == len(rd.Tables)+1
		for _, t := range rd.Tables {
			nt, in := nr.Table(t.Table)
			same = same && in && nt.NS == t.NS && nt.EW == t.EW && slices.Equal(nt.Boards, t.Boards)
		}
		if lt, in := nr.Seating(late); !same || !in || !slices.Equal(rd.SitOut, []int{lt.Opponent(late)}) {
			return &Error{Kind: ErrConflict, Field: "from_round", Message: "round " + strconv.Itoa(rd.Number) + " of " + m.Name +
				" is not the Howell's with one pair sitting out (the movement was changed); change the movement for the rounds to come instead"}
		}
	}
	return nil
}

// checkNumbersFree refuses a pair to add whose number and direction a pair
// of sec holds already, naming the field, the pair and, where sec has one,
// the place a late pair takes.
func (s *Service) checkNumbersFree(ctx context.Context, sec *Section, add []Pair, prefix string) error {
	stored, err := s.store.Pairs(ctx, sec.ID)
	if err != nil {
		return err
	}
	for i, p := range add {
		for _, q := range stored {
			if q.Number != p.Number || q.Direction != p.Direction {
				continue
			}
			msg := "pair " + strings.TrimSpace(p.Number+" "+p.Direction) + " is in section " + sec.Name + " already"
			if place, ok := sec.LatePairPlace(); ok {
				msg += "; a late pair takes the missing place, pair " + place
			}
			return &Error{Kind: ErrConflict, Field: prefix + listPrefix("pairs", i, len(add)) + "number", Message: msg}
		}
	}
	return nil
}
