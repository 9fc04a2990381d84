package reports

import (
	"strings"
	"testing"
)

// TestReadNotesStagesAndName: a PBN file of two stages that names no event
// is read as two sections in an event named after the file, and the
// reading says both things it assumed, so the director who imports it
// knows why there are two sections and where the name came from.
func TestReadNotesStagesAndName(t *testing.T) {
	game := func(stage string) string {
		return "[Date \"2013.08.07\"]\n[Scoring \"MP\"]\n[Stage \"" + stage + "\"]\n[Board \"1\"]\n[North \"A\"]\n[East \"B\"]\n[Contract \"Pass\"]\n\n"
	}
	f := readFile(t, strings.NewReader(game("Segment 1")+game("Segment 2")), ReadOptions{Source: "/tmp/club night.pbn"})
	if got := len(f.Event.Sections); got != 2 {
		t.Fatalf("%d sections; want 2, one for each [Stage]", got)
	}
	if f.Event.Event.Name != "club night" {
		t.Errorf("event named %q; want %q, the file's base name", f.Event.Event.Name, "club night")
	}
	want := []string{
		`the file does not name the event: it is called "club night"; give a name to change it`,
		"the file holds 2 stages or sections (Segment 1, …): each is a section of its own",
	}
	for _, w := range want {
		found := false
		for _, n := range f.Notes {
			found = found || n.Text == w
		}
		if !found {
			t.Errorf("no note %q; the notes are %+v", w, f.Notes)
		}
	}
}
