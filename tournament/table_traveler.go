package tournament

import "strconv"

// tableSeesTraveler reports whether a is a table token of sec whose event
// lets its tables see a board's traveler so far (Event.TableTraveler), as
// handheld terminals show it once the table has entered the board: only
// the boards the table has a result on (Traveler checks that), so that no
// table reads how a board went before it has played it.
func tableSeesTraveler(a Actor, e *Event, sec *Section) bool {
	return e.TableTraveler && a.Role == RoleTable && a.SectionID == sec.ID
}

// notEnteredHere is a table's answer for the traveler of a board it has no
// result on yet.
func notEnteredHere(a Actor, board int) error {
	return &Error{Kind: ErrNotFound, Field: "board",
		Message: "table " + strconv.Itoa(a.Table) + " has not entered board " + strconv.Itoa(board) + ": its traveler shows here once the table has entered it"}
}
