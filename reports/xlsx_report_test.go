package reports

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestWriteReportAsCompareAllLaws: the report, whose comparisons are made
// section by section as it is written, is byte for byte the workbook of
// the comparisons made whole (CompareAllLaws laid out by
// LawComparisonSheets) — for events whose comparable sections come first,
// last or not at all (the Bridge codes compare none of these results).
func TestWriteReportAsCompareAllLaws(t *testing.T) {
	mixed := mixedEvent(t)
	bFirst := mixed
	bFirst.Sections = []tournament.SectionData{mixed.Sections[1], mixed.Sections[0], mixed.Sections[2]}
	onlyB := mixed
	onlyB.Sections = mixed.Sections[1:2]
	synth := tournament.EventData{Event: tournament.Event{ID: 1, Name: "Synthetic", Law: mixed.Event.Law, Scoring: tournament.MethodMP}}
	for i := 1; i <= 3; i++ {
		synth.Sections = append(synth.Sections, synthSection(t, synth.Event, strconv.Itoa(i), tournament.MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2}))
	}
	for name, d := range map[string]tournament.EventData{"small": smallEvent(t), "mixed": mixed, "B first": bFirst, "only B": onlyB, "synthetic": synth} {
		cs, err := CompareAllLaws(d)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var whole, report bytes.Buffer
		var first []Sheet
		if len(d.Sections) > 1 { // several sections: their overall ranking first (xlsx_overall.go)
			first = append(first, OverallSheet(d.Overall()))
		}
		if err := WriteWorkbook(&whole, d, append(append(first, Royalton(d).Sheet()), LawComparisonSheets(cs)...)...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := WriteReport(&report, d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(whole.Bytes(), report.Bytes()) {
			t.Errorf("%s: the report (%d bytes) is not the workbook of CompareAllLaws (%d bytes)", name, report.Len(), whole.Len())
		}
	}
}

// TestWriteReportBadLaw: an event whose law code cannot be read (an
// option it does not have) is refused before anything is written.
func TestWriteReportBadLaw(t *testing.T) {
	d := smallEvent(t)
	d.Event.LawOptions = tournament.LawOptions{"no_such_option": true}
	var buf bytes.Buffer
	if err := WriteReport(&buf, d); err == nil || buf.Len() != 0 {
		t.Errorf("WriteReport: %v after %d bytes, want an error before any", err, buf.Len())
	}
}
