package tournament

import "github.com/traveler-bridge/traveler/scoring"

// An event's convention (Event.Convention) is the arithmetic its figures
// follow where the laws leave it open: a named scoring.Convention. The one
// standings pipeline applies it: compareSectionBy rounds each line's
// matchpoints and makes Butler datums and cross-IMPs by it, and
// pairStandingsBy cuts percentages by it; PlaceText writes a place by it.

// checkConvention returns the stored name of the convention s names (""
// for traveler's own), or ErrInvalid naming those allowed.
func checkConvention(s string) (string, error) {
	c, err := scoring.ParseConvention("convention", s)
	if err != nil {
		return "", fromScoring(err, "")
	}
	return c.Name, nil
}

// Conv returns the event's convention; a name no longer known is
// traveler's own.
func (e Event) Conv() scoring.Convention {
	c, _ := scoring.ParseConvention("convention", e.Convention)
	return c
}

// PlaceText writes the place of s.Pairs[i] as the event's convention
// prints it: "3", or "3=" where another entrant of its field (its
// direction) holds the same place and the convention marks ties.
func (s *Standings) PlaceText(i int) string {
	st := &s.Pairs[i]
	shared := false
	for j := range s.Pairs {
		if j != i && s.Pairs[j].Place == st.Place && s.Pairs[j].Direction == st.Direction {
			shared = true
			break
		}
	}
	return s.Event.Conv().Place(st.Place, shared)
}
