package tournament

import (
	"slices"
	"testing"
)

// TestRemembered: each rule of Remembered, on a roster of Ann Smith
// (100001) and Dan Brown (no number).
func TestRemembered(t *testing.T) {
	roster := []ClubPlayer{{ID: 1, Name: "Ann Smith", Number: "100001"}, {ID: 2, Name: "Dan Brown"}}
	for _, tc := range []struct {
		name       string
		players    []Player
		add, numbr []ClubPlayer
	}{
		{"a known number, whatever the name", []Player{{Name: "A. Smith", Number: "100001"}}, nil, nil},
		{"a known name without a number", []Player{{Name: " ann   SMITH "}, {Name: "dan brown"}}, nil, nil},
		{"the unnumbered player of that name gets the number", []Player{{Name: "Dan Brown", Number: "100004"}}, nil,
			[]ClubPlayer{{ID: 2, Name: "Dan Brown", Number: "100004"}}},
		{"new players, once each however often given", []Player{{Name: "Eve Green", Number: "100005"}, {Name: "Fay Black"},
			{Name: "Eve Green", Number: "100005"}, {Name: "fay black"}},
			[]ClubPlayer{{Name: "Eve Green", Number: "100005"}, {Name: "Fay Black"}}, nil},
		{"a new player first without, then with a number", []Player{{Name: "Gus Grey"}, {Name: "Gus Grey", Number: "100007"}},
			[]ClubPlayer{{Name: "Gus Grey", Number: "100007"}}, nil},
		{"a number too long to be one: known by name", []Player{{Name: "Hal Blue", Number: "1234567890123456789012345678901"}},
			[]ClubPlayer{{Name: "Hal Blue"}}, nil},
		{"nothing to remember", []Player{{}, {Number: "100009"}}, nil, nil},
	} {
		add, numbr := Remembered(roster, tc.players)
		if !slices.Equal(add, tc.add) || !slices.Equal(numbr, tc.numbr) {
			t.Errorf("%s: add %+v, number %+v; want %+v, %+v", tc.name, add, numbr, tc.add, tc.numbr)
		}
	}
}
