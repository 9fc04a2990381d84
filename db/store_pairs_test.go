package db_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

func TestPairs(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	pairs := []tournament.Pair{
		{Number: "10", Direction: "EW", Players: []tournament.Player{{Name: "Ely Culbertson", Number: "1"}, {Name: "Josephine Culbertson"}}},
		{Number: "2", Direction: "NS", Players: []tournament.Player{{Name: "Sidney Lenz"}, {Name: "Oswald Jacoby"}}},
		{Number: "1", Direction: "EW"},
		{Number: "1", Direction: "NS", Players: []tournament.Player{}},
	}
	if err := s.AddPairs(c, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		if p.ID == 0 || p.SectionID != sec.ID {
			t.Fatalf("AddPairs set %+v", p)
		}
	}
	got, err := s.Pairs(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	// NS first, then EW; by number, 2 before 10.
	want := []tournament.Pair{pairs[3], pairs[1], pairs[2], pairs[0]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Pairs:\n got %+v\nwant %+v", got, want)
	}

	// All or none: 3 NS is new, 2 NS is not.
	more := []tournament.Pair{{Number: "3", Direction: "NS"}, {Number: "2", Direction: "NS"}}
	err = s.AddPairs(c, sec.ID, more)
	te := tError(t, err, tournament.ErrConflict)
	if te.Message != "pair 2 NS is already in the section" || te.Field != "pairs[1].number" {
		t.Errorf("error %q field %q", te.Message, te.Field)
	}
	twice := []tournament.Pair{{Number: "4", Direction: "NS"}, {Number: "4", Direction: "NS"}}
	err = s.AddPairs(c, sec.ID, twice)
	if te := tError(t, err, tournament.ErrConflict); te.Field != "pairs[1].number" {
		t.Errorf("field %q (%v)", te.Field, err)
	}
	if after, _ := s.Pairs(c, sec.ID); len(after) != 4 {
		t.Errorf("%d pairs after refused additions, want 4", len(after))
	}
	bad := []tournament.Pair{{Number: "5", Direction: "N"}}
	if te := tError(t, s.AddPairs(c, sec.ID, bad), tournament.ErrInvalid); te.Field != "direction" {
		t.Errorf("field %q", te.Field)
	}
	tError(t, s.AddPairs(c, 999, []tournament.Pair{{Number: "1", Direction: "NS"}}), tournament.ErrNotFound)
	_, err = s.Pairs(c, 999)
	tError(t, err, tournament.ErrNotFound)
}

func TestTeams(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	spec := tournament.MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 8}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := tournament.Section{EventID: e.ID, Session: 1, Name: "Teams", Spec: spec, Movement: m, CurrentRound: 1}
	if err := s.CreateSection(c, &sec, nil); err != nil {
		t.Fatal(err)
	}
	teams := []tournament.Roster{
		{Number: 2, Name: "Knickerbockers", Players: []tournament.Player{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}},
		{Number: 1, Name: "Four Horsemen"},
	}
	if err := s.AddTeams(c, sec.ID, teams); err != nil {
		t.Fatal(err)
	}
	got, err := s.Teams(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, []tournament.Roster{teams[1], teams[0]}) {
		t.Errorf("Teams:\n got %+v\nwant %+v", got, teams)
	}
	err = s.AddTeams(c, sec.ID, []tournament.Roster{{Number: 1, Name: "again"}})
	if te := tError(t, err, tournament.ErrConflict); te.Message != "team 1 is already in the section" {
		t.Errorf("message %q", te.Message)
	}
	tError(t, s.AddTeams(c, sec.ID, []tournament.Roster{{Number: 0}}), tournament.ErrInvalid)
	_, err = s.Teams(c, 999)
	tError(t, err, tournament.ErrNotFound)

	// Pairs of a teams section have no direction and name their team.
	pairs := []tournament.Pair{{Number: "1", Team: 1}, {Number: "2", Team: 1}}
	if err := s.AddPairs(c, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Pairs(c, sec.ID); !reflect.DeepEqual(got, pairs) {
		t.Errorf("Pairs: %+v", got)
	}
}

// deal1 is board 1 of a hand record, in PBN (each hand 13 cards).
const deal1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

func TestBoards(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Board 1 North dealer none vulnerable, board 2 East dealer NS
	// vulnerable: the standard cycle (scoring.BoardVulnerability).
	boards := []tournament.Board{
		{SectionID: sec.ID, Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Deal: pbnDeal(deal1)},
		{SectionID: sec.ID, Number: 2, Dealer: scoring.East, Vulnerability: scoring.VulNS},
	}
	// With board 2 NS vulnerable, 4S by North making is 620 (Law 77: 120
	// + 500 vulnerable game premium); board 1 keeps 420.
	rescored := []tournament.ResultScore{{ResultID: stored[1].ID, NSScore: 620}}
	if err := s.ReplaceBoards(c, sec.ID, boards, given(rescored), "director"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Boards(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, boards) {
		t.Errorf("Boards:\n got %+v\nwant %+v", got, boards)
	}
	r2, _ := s.Result(c, stored[1].ID)
	if r2.NSScore != 620 || r2.Version != 2 {
		t.Errorf("board 2 result: %d version %d, want 620 version 2", r2.NSScore, r2.Version)
	}
	audit, _ := s.Audit(c, r2.ID)
	if len(audit) != 2 || audit[1].Action != "rescore" || audit[1].Before.NSScore != 420 || audit[1].After.NSScore != 620 {
		t.Errorf("audit %+v", audit)
	}

	// Replacing again drops the old boards.
	if err := s.ReplaceBoards(c, sec.ID, boards[1:], nil, "director"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Boards(c, sec.ID); len(got) != 1 || got[0].Number != 2 {
		t.Errorf("after the second replace: %+v", got)
	}
	// All or none: a board given twice keeps the boards stored, and the rescore.
	err = s.ReplaceBoards(c, sec.ID, []tournament.Board{boards[0], boards[0]},
		given([]tournament.ResultScore{{ResultID: stored[0].ID, NSScore: 1}}), "director")
	tError(t, err, tournament.ErrInvalid)
	if got, _ := s.Boards(c, sec.ID); len(got) != 1 {
		t.Errorf("a refused replace changed the boards: %+v", got)
	}
	if r1, _ := s.Result(c, stored[0].ID); r1.NSScore != 420 {
		t.Errorf("a refused replace rescored: %d", r1.NSScore)
	}
	tError(t, s.ReplaceBoards(c, 999, boards, nil, "director"), tournament.ErrNotFound)
	_, err = s.Boards(c, 999)
	tError(t, err, tournament.ErrNotFound)
	if err := s.ReplaceBoards(c, sec.ID, nil, nil, "director"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Boards(c, sec.ID); err != nil || len(got) != 0 {
		t.Errorf("no boards: %v %v", got, err)
	}
}

// TestBoardsDealText: a board's deal is stored as its PBN text (what
// board_analyses joins on, and what rows stored before held), read back as
// the same scoring.Deal; a stored deal that does not read is an error of
// the store's naming the board, not a board without a hand record.
func TestBoardsDealText(t *testing.T) {
	s, u := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	boards := []tournament.Board{{SectionID: sec.ID, Number: 1, Dealer: scoring.North, Deal: pbnDeal(deal1)}, {SectionID: sec.ID, Number: 2, Dealer: scoring.East, Vulnerability: scoring.VulNS}}
	if err := s.ReplaceBoards(c, sec.ID, boards, nil, "director"); err != nil {
		t.Fatal(err)
	}
	pool := rawPool(t, u)
	var text1, text2 *string
	if err := pool.QueryRow(c, `SELECT (SELECT deal FROM boards WHERE section_id = $1 AND number = 1), (SELECT deal FROM boards WHERE section_id = $1 AND number = 2)`, sec.ID).Scan(&text1, &text2); err != nil {
		t.Fatal(err)
	}
	if text1 == nil || *text1 != deal1 || text2 != nil {
		t.Errorf("stored deals %v and %v, want %q and NULL", text1, text2, deal1)
	}
	if got, err := s.Boards(c, sec.ID); err != nil || !reflect.DeepEqual(got, boards) {
		t.Errorf("read back %+v (%v), want %+v", got, err, boards)
	}
	if _, err := pool.Exec(c, `UPDATE boards SET deal = 'N:AKQ - - -' WHERE section_id = $1 AND number = 1`, sec.ID); err != nil {
		t.Fatal(err)
	}
	_, err := s.Boards(c, sec.ID)
	var se *scoring.Error
	var te *tournament.Error
	if err == nil || !strings.Contains(err.Error(), "board 1: stored deal \"N:AKQ - - -\"") || errors.As(err, &se) || errors.As(err, &te) {
		t.Errorf("a stored deal that does not read: %v, want an error of the store's naming board 1 and its deal, not one about the input", err)
	}
}

// given is a Rescorer that gives the scores a test names, whatever the
// results: the store's part is storing them, not computing them.
func given(scores []tournament.ResultScore) tournament.Rescorer {
	return func(*tournament.Event, int64, []tournament.Board, []tournament.Result) ([]tournament.ResultScore, error) {
		return scores, nil
	}
}
