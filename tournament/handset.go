package tournament

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// MaxHandSet bounds the deals one hand-set file may hold: a dealing
// machine's longest set is 36 or 40 boards, a week's deals a few hundred;
// the file readers cap a board number at 999.
const MaxHandSet = 999

// HandSet is what storing a whole set of hand records did: the section's
// boards as now stored, the numbers the file held that the section does not
// play (left out, not stored), and the section's boards the file did not
// hold (missing: stored without a deal).
type HandSet struct {
	Boards  []Board // every board of the section, as stored
	Stored  []int   // the board numbers stored with the file's deal, ascending
	LeftOut []int   // numbers in the file beyond the section's boards, ascending, each once
	Missing []int   // the section's boards the file had no deal for, ascending
}

// PutHandSet stores a whole set of hand records as a dealing program or
// machine writes it (directors only): the deals of the section's boards
// 1..N are stored as PutBoards stores them; a deal numbered beyond N (a
// 32- or 36-board set for a 26-board section) is left out and reported, not
// refused; a board of the section the set lacks is reported as missing. An
// error about the i-th deal of in names it as boards[i], as PutBoards does.
func (s *Service) PutHandSet(ctx context.Context, a Actor, sectionID int64, in []BoardInput) (HandSet, error) {
	if err := directorOnly(a, "upload hand records"); err != nil {
		return HandSet{}, err
	}
	if len(in) > MaxHandSet {
		return HandSet{}, tooMany("boards", len(in), MaxHandSet, "deals in one hand-record file")
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return HandSet{}, err
	}
	var set HandSet
	var kept []BoardInput
	var index []int // index[k] is kept[k]'s place in in
	given := map[int]bool{}
	for i, b := range in {
		if b.Number > sec.Movement.Boards {
			if !slices.Contains(set.LeftOut, b.Number) {
				set.LeftOut = append(set.LeftOut, b.Number)
			}
			continue
		}
		kept, index = append(kept, b), append(index, i)
		given[b.Number] = true
	}
	slices.Sort(set.LeftOut)
	if len(kept) == 0 {
		return HandSet{}, Invalidf("boards", "the file holds no deal of section "+sec.Name+"'s boards 1 to "+strconv.Itoa(sec.Movement.Boards)+
			" (it holds boards "+NumberRanges(set.LeftOut)+"): choose the section's hand-record file")
	}
	for n := 1; n <= sec.Movement.Boards; n++ {
		if given[n] {
			set.Stored = append(set.Stored, n)
		} else {
			set.Missing = append(set.Missing, n)
		}
	}
	set.Boards, err = s.PutBoards(ctx, a, sectionID, kept)
	if err != nil {
		return HandSet{}, reindexBoards(err, index)
	}
	return set, nil
}

// boardsIndex finds the index of a field about one of a list of boards.
var boardsIndex = regexp.MustCompile(`^boards\[(\d+)\]`)

// reindexBoards renames "boards[k]…" in err's field to "boards[index[k]]…":
// the place of the deal in what the caller gave rather than in the boards
// kept from it.
func reindexBoards(err error, index []int) error {
	var te *Error
	if !errors.As(err, &te) {
		return err
	}
	m := boardsIndex.FindStringSubmatch(te.Field)
	if m == nil {
		return err
	}
	k, _ := strconv.Atoi(m[1])
	if k >= len(index) {
		return err
	}
	out := *te
	out.Field = "boards[" + strconv.Itoa(index[k]) + "]" + strings.TrimPrefix(te.Field, m[0])
	return &out
}

// NumberRanges writes ascending numbers as ranges, e.g. "1–3, 7" (an en
// dash between the ends of a run).
func NumberRanges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		s := strconv.Itoa(ns[i])
		if j > i {
			s += "–" + strconv.Itoa(ns[j])
		}
		parts = append(parts, s)
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
