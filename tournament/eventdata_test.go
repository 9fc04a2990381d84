package tournament

import (
	"errors"
	"slices"
	"testing"
)

// TestEventDataSelect narrows a two-session event to a section and to a
// session, and refuses what the event does not have, naming the field.
func TestEventDataSelect(t *testing.T) {
	d := EventData{Event: Event{ID: 7}, Sections: []SectionData{
		{Section: Section{ID: 1, Session: 1, Name: "A"}},
		{Section: Section{ID: 2, Session: 1, Name: "B"}},
		{Section: Section{ID: 3, Session: 2, Name: "A"}},
	}}
	ids := func(d EventData) []int64 {
		var out []int64
		for _, s := range d.Sections {
			out = append(out, s.Section.ID)
		}
		return out
	}
	for _, c := range []struct {
		section int64
		session int
		want    []int64
	}{{0, 0, []int64{1, 2, 3}}, {2, 0, []int64{2}}, {0, 1, []int64{1, 2}}, {0, 2, []int64{3}}, {3, 2, []int64{3}}} {
		got, err := d.Select(c.section, c.session)
		if err != nil {
			t.Fatalf("Select(%d, %d): %v", c.section, c.session, err)
		}
		if g := ids(got); !slices.Equal(g, c.want) {
			t.Errorf("Select(%d, %d) = sections %v, want %v", c.section, c.session, g, c.want)
		}
		if got.Event.ID != 7 {
			t.Errorf("Select(%d, %d) lost the event", c.section, c.session)
		}
	}
	for _, c := range []struct {
		section int64
		session int
		field   string
		message string
	}{
		{9, 0, "section", "section: event 7 has no section 9"},
		{0, 3, "session", "session: event 7 has no session 3"},
		{3, 1, "section", "section: event 7 has no section 3 in session 1"},
	} {
		_, err := d.Select(c.section, c.session)
		var te *Error
		if !errors.Is(err, ErrNotFound) || !errors.As(err, &te) || te.Field != c.field || err.Error() != c.message {
			t.Errorf("Select(%d, %d) = %v, want not found %q", c.section, c.session, err, c.message)
		}
	}
}
