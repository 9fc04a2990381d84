package api

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestWriteEventResults: the event's results written a section at a time
// are the bytes json.Encoder writes of the whole response, for events of
// one section, of several, and of none.
func TestWriteEventResults(t *testing.T) {
	for _, name := range []string{"event.pbn", "event.xml", "event_butler.xml", "event_two_winners.xml", "event_unknowns.pbn"} {
		f, err := os.Open("../reports/testdata/golden/" + name)
		if err != nil {
			t.Fatal(err)
		}
		rf, err := reports.ReadResults(f, reports.ReadOptions{})
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d := rf.Event
		two := d
		two.Sections = append(append([]tournament.SectionData(nil), d.Sections...), d.Sections...)
		none := d
		none.Sections = nil
		for what, d := range map[string]tournament.EventData{"as read": d, "its sections twice": two, "no section": none} {
			var want, got bytes.Buffer
			if err := json.NewEncoder(&want).Encode(NewEventResultsResponse(d, nil)); err != nil {
				t.Fatal(err)
			}
			if err := WriteEventResults(&got, d); err != nil {
				t.Fatalf("%s, %s: %v", name, what, err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s, %s: written %d bytes, not the encoder's %d:\n%.300s\n%.300s", name, what, got.Len(), want.Len(), got.String(), want.String())
			}
		}
	}
}
