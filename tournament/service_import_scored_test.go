package tournament

import (
	"context"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// importStore keeps one imported event in memory as db does: IDs given,
// the results stored with their scores and read back as new values,
// without their itemised lines (the store keeps no lines).
type importStore struct {
	Store
	d EventData
}

func (f *importStore) ImportEvent(_ context.Context, d *EventData, actor string, _ ImportOptions) error {
	d.Event.ID = 1
	for i := range d.Sections {
		sd := &d.Sections[i]
		sd.Section.ID, sd.Section.EventID = int64(10+i), 1
		stored := make([]Result, len(sd.Results))
		for k, r := range sd.Results {
			r.ID, r.SectionID, r.Version, r.EnteredBy, r.Lines = int64(100+k), sd.Section.ID, 1, actor, nil
			stored[k] = r
		}
		sd.Results = stored
	}
	f.d = *d
	return nil
}

func (f *importStore) Event(context.Context, int64) (Event, error) { return f.d.Event, nil }
func (f *importStore) Sections(context.Context, int64) ([]Section, error) {
	var out []Section
	for _, sd := range f.d.Sections {
		out = append(out, sd.Section)
	}
	return out, nil
}
func (f *importStore) Pairs(context.Context, int64) ([]Pair, error) {
	return f.d.Sections[0].Pairs, nil
}
func (f *importStore) Boards(context.Context, int64) ([]Board, error) {
	return f.d.Sections[0].Boards, nil
}
func (f *importStore) Results(context.Context, ResultFilter) ([]Result, error) {
	return slices.Clone(f.d.Sections[0].Results), nil
}
func (f *importStore) FouledBoards(context.Context, int64) ([]FouledBoard, error) { return nil, nil }
func (f *importStore) Analyses(context.Context, int64) ([]StoredAnalysis, error) {
	return nil, nil
}

// TestImportScoresOnce: an import given a file's results as the reader
// scored them (ImportOptions.Scored) checks, stores and reads them back
// without scoring any again — each keeps the lines it came with, which
// would be replaced by the law code's wording had any step scored it —
// and stores the score it came with. Without Scored, the same import
// scores each result itself.
func TestImportScoresOnce(t *testing.T) {
	const marker = "scored once, by the reader"
	event := func() EventData {
		m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
		if err != nil {
			t.Fatal(err)
		}
		d := EventData{
			Event: Event{Name: "Imported", Date: "2026-11-24", Law: scoring.Contract2017, LawOptions: LawOptions{}, Scoring: MethodMP},
			Sections: []SectionData{{
				Section: Section{Session: 1, Name: "A", Spec: MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}, Movement: m},
				Results: []Result{
					{Board: 1, Round: 1, Table: 1, NS: "1", EW: "1", Status: StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10},
					{Board: 2, Round: 1, Table: 2, NS: "2", EW: "2", Status: StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 9},
				},
			}},
		}
		rules, err := d.Event.Rules()
		if err != nil {
			t.Fatal(err)
		}
		if errs := ScoreResults(rules, &d.Sections[0].Section, nil, d.Sections[0].Results); errs != nil {
			t.Fatal(errs)
		}
		return d
	}
	ctx := context.Background()

	d := event()
	for i := range d.Sections[0].Results {
		d.Sections[0].Results[i].Lines = []string{marker}
	}
	st := &importStore{}
	got, err := NewService(st, ServiceOptions{}).ImportEventWith(ctx, Director, d, ImportOptions{Scored: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.Sections[0].Results); n != 2 {
		t.Fatalf("%d results read back; want 2", n)
	}
	for _, r := range got.Sections[0].Results {
		if !slices.Equal(r.Lines, []string{marker}) {
			t.Errorf("board %d read back with lines %q; want the reader's %q (scored again on the way)", r.Board, r.Lines, marker)
		}
	}
	for _, r := range st.d.Sections[0].Results {
		if want := map[int]int{1: 420, 2: 600}[r.Board]; r.NSScore != want {
			t.Errorf("board %d stored NS %d; want the reader's %d", r.Board, r.NSScore, want)
		}
	}

	d = event()
	for i := range d.Sections[0].Results {
		d.Sections[0].Results[i].Lines = []string{marker}
	}
	if got, err = NewService(&importStore{}, ServiceOptions{}).ImportEventWith(ctx, Director, d, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, r := range got.Sections[0].Results {
		if slices.Contains(r.Lines, marker) || len(r.Lines) == 0 {
			t.Errorf("without Scored, board %d read back with lines %q; want the law code's own", r.Board, r.Lines)
		}
	}
}

// TestBuildSectionKeepsLines: BuildSection itemises only the results that
// carry no lines; a result ScoreResults scored keeps its own.
func TestBuildSectionKeepsLines(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := Event{Law: scoring.Contract2017, LawOptions: LawOptions{}, Scoring: MethodMP}
	sec := Section{Movement: m}
	results := []Result{
		{Board: 1, Round: 1, Table: 1, NS: "1", EW: "1", Status: StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10, NSScore: 420, Lines: []string{"carried"}},
		{Board: 2, Round: 1, Table: 2, NS: "2", EW: "2", Status: StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 9, NSScore: 600},
	}
	sd := BuildSection(e, sec, nil, nil, nil, results)
	if !slices.Equal(sd.Results[0].Lines, []string{"carried"}) {
		t.Errorf("board 1's lines %q; want the ones it carried", sd.Results[0].Lines)
	}
	if len(sd.Results[1].Lines) == 0 || sd.Results[1].Lines[0] == "carried" {
		t.Errorf("board 2's lines %q; want it itemised", sd.Results[1].Lines)
	}
}
