package tournament

import (
	"context"
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// errStop ends a use case once its input is checked: the store read next.
var errStop = errors.New("stop: the input was taken")

// sectionOnlyStore holds one section, its event and one pair; reading the
// section's results is where the tests below stop.
type sectionOnlyStore struct {
	Store
	sec  Section
	pair Pair
}

func (f *sectionOnlyStore) Section(context.Context, int64) (Section, error)    { return f.sec, nil }
func (f *sectionOnlyStore) SectionRow(context.Context, int64) (Section, error) { return f.sec, nil }
func (f *sectionOnlyStore) Event(context.Context, int64) (Event, error) {
	return Event{ID: f.sec.EventID, Name: "Club"}, nil
}
func (f *sectionOnlyStore) Pair(context.Context, int64) (Pair, error)      { return f.pair, nil }
func (f *sectionOnlyStore) Boards(context.Context, int64) ([]Board, error) { return nil, nil }
func (f *sectionOnlyStore) Results(context.Context, ResultFilter) ([]Result, error) {
	return nil, errStop
}

// HoldSection runs the change on the store itself: it has no transactions.
func (f *sectionOnlyStore) HoldSection(_ context.Context, _ int64, change func(Store) error) error {
	return change(f)
}

// TestAdjustedPercentBounds: the percentages of the top a director gives a
// withdrawn pair and its opponents, or a phantom's opponents (Law 12C2), are
// 0 to 100: 100 is taken, 101 refused naming the field.
func TestAdjustedPercentBounds(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 4, BoardsPerRound: 2, Missing: 8, Phantom: true})
	if err != nil {
		t.Fatal(err)
	}
	st := &sectionOnlyStore{sec: Section{ID: 3, EventID: 1, Name: "A", Movement: m, CurrentRound: 1,
		Spec: MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2, Missing: 8, Phantom: true}},
		pair: Pair{ID: 9, SectionID: 3, Number: "1", Direction: "NS"}}
	s := NewService(st, ServiceOptions{})
	ctx := context.Background()
	check := func(what string, err error, field string) {
		t.Helper()
		var te *Error
		switch {
		case field == "" && !errors.Is(err, errStop):
			t.Errorf("%s: %v; want taken", what, err)
		case field != "" && (!errors.As(err, &te) || te.Kind != ErrInvalid || te.Field != field):
			t.Errorf("%s: %v; want refused on %s", what, err, field)
		}
	}
	_, err = s.ScorePhantom(ctx, Director, 3, 100)
	check("phantom's opponents 100%", err, "")
	_, err = s.ScorePhantom(ctx, Director, 3, 101)
	check("phantom's opponents 101%", err, "percent")
	_, err = s.WithdrawPair(ctx, Director, 9, Withdrawal{Status: StatusArtificial, PairPercent: 100, OpponentsPercent: 100})
	check("withdrawn 100% and 100%", err, "")
	_, err = s.WithdrawPair(ctx, Director, 9, Withdrawal{Status: StatusArtificial, PairPercent: 40, OpponentsPercent: 101})
	check("opponents of a withdrawn pair 101%", err, "opponents_percent")
	_, err = s.WithdrawPair(ctx, Director, 9, Withdrawal{Status: StatusArtificial, PairPercent: 101, OpponentsPercent: 60})
	check("withdrawn pair 101%", err, "pair_percent")
}
