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

// PlaceTexts writes the place of each of s.Pairs, in order, as the
// event's convention prints it (scoring.Convention.Place): "3", or "3="
// or "4-5" where other entrants of its field (its direction) hold the same
// place. One pass counts who holds each place, so a section of n pairs
// costs n, not n².
func (s *Standings) PlaceTexts() []string {
	type key struct {
		dir   string
		place int
	}
	holding := make(map[key]int, len(s.Pairs))
	for _, st := range s.Pairs {
		holding[key{st.Direction, st.Place}]++
	}
	conv := s.Event.Conv()
	out := make([]string, len(s.Pairs))
	for i, st := range s.Pairs {
		out[i] = conv.Place(st.Place, holding[key{st.Direction, st.Place}])
	}
	return out
}
