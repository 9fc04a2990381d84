package tournament_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// slotsOf returns a result for every board every table plays in the rounds
// from..to of sec's movement: 3NT by N making 9.
func slotsOf(sec tournament.Section, from, to int) []tournament.Result {
	var in []tournament.Result
	for _, rd := range sec.Movement.Rounds[from-1 : to] {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				in = append(in, tournament.Result{Board: b, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9})
			}
		}
	}
	return in
}

// TestFillHalfTable: a 3½-table Mitchell (4 tables, pair 4 EW missing, its
// opponents sitting out) plays two rounds; pair 4 EW arrives and takes its
// place from round 3. The 12 results stored stay, the movement is the
// 4-table Mitchell from round 3 with pair 4 EW sitting out rounds 1 and 2,
// every board finishes once rounds 3 and 4 are in, and the change is audited.
func TestFillHalfTable(t *testing.T) {
	b := newBuilder(t)
	c, svc := b.Ctx, b.Svc
	e := b.Event(tournament.EventInput{Name: "Tuesday pairs"})
	sec, err := svc.CreateSection(c, tournament.Director, e.ID, tournament.SectionInput{Name: "H",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2, Missing: 8}})
	if err != nil {
		t.Fatal(err)
	}
	var pairs []tournament.Pair
	for _, p := range []struct{ n, d string }{{"1", "NS"}, {"2", "NS"}, {"3", "NS"}, {"4", "NS"}, {"1", "EW"}, {"2", "EW"}, {"3", "EW"}} {
		pairs = append(pairs, tournament.Pair{Number: p.n, Direction: p.d, Players: []tournament.Player{{Name: "A" + p.n + p.d}, {Name: "B" + p.n + p.d}}})
	}
	if _, err := svc.AddPairs(c, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	// Rounds 1 and 2: 3 tables each play 2 boards.
	first := slotsOf(sec, 1, 2)
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, first, nil); err != nil {
		t.Fatal(err)
	}
	if len(first) != 12 {
		t.Fatalf("%d results in rounds 1 and 2, want 12", len(first))
	}
	if _, err := svc.SetCurrentRound(c, tournament.Director, sec.ID, 3); err != nil {
		t.Fatal(err)
	}

	if _, err := svc.FillHalfTable(c, tournament.Director, sec.ID, 3, []tournament.Player{{Name: ""}}); err == nil {
		t.Fatal("a late pair with a player without a name was taken")
	} else if te := wantError(t, err, tournament.ErrInvalid, ""); !strings.HasPrefix(te.Field, "add.") {
		t.Errorf("a player without a name: field %q", te.Field)
	}
	got, err := svc.FillHalfTable(c, tournament.Director, sec.ID, 3, []tournament.Player{{Name: "Late Comer"}, {Name: "Last Minute"}})
	if err != nil {
		t.Fatal(err)
	}
	m := got.Movement
	if m.Phantom != 0 || m.Pairs != 8 || len(m.Rounds) != 4 || m.Boards != 8 || got.CurrentRound != 3 {
		t.Fatalf("filled: phantom %d, %d pairs, %d rounds, %d boards, round %d; want 0, 8, 4, 8, 3", m.Phantom, m.Pairs, len(m.Rounds), m.Boards, got.CurrentRound)
	}
	stored, err := svc.Section(c, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range stored.Movement.Rounds {
		_, at := rd.Seating(8)
		if at != (rd.Number >= 3) {
			t.Errorf("round %d: pair 4 EW at a table %v, want %v", rd.Number, at, rd.Number >= 3)
		}
		if rd.Number < 3 && (len(rd.Tables) != 3 || len(rd.SitOut) != 2) {
			t.Errorf("round %d: %d tables, sit-outs %v; want 3 tables, an NS pair and pair 8 out", rd.Number, len(rd.Tables), rd.SitOut)
		}
		if rd.Number >= 3 && len(rd.Tables) != 4 {
			t.Errorf("round %d: %d tables, want 4", rd.Number, len(rd.Tables))
		}
	}
	late, err := svc.Pairs(c, tournament.Director, sec.ID)
	if err != nil || len(late) != 8 {
		t.Fatalf("%d pairs (%v), want 8", len(late), err)
	}
	results, err := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(results) != 12 {
		t.Fatalf("%d results kept (%v), want 12", len(results), err)
	}
	// Rounds 3 and 4: 4 tables, 2 boards each.
	rest := slotsOf(stored, 3, 4)
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, rest, nil); err != nil {
		t.Fatal(err)
	}
	results, _ = svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	for b, done := range tournament.FinishedBoards(&stored, results) {
		if !done {
			t.Errorf("board %d not finished with every table's result in", b)
		}
	}
	st, err := svc.Standings(c, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range st.Pairs {
		if p.Number == "4" && p.Direction == "EW" && p.Boards != 4 {
			t.Errorf("pair 4 EW played %d boards, want 4 (rounds 3 and 4)", p.Boards)
		}
	}
	changes, err := svc.Changes(c, tournament.Director, e.ID)
	if err != nil || len(changes) == 0 || changes[len(changes)-1].After["from_round"] == nil {
		t.Fatalf("the change is not audited: %v (%v)", changes, err)
	}

	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 4, []tournament.Player{{Name: "Another"}})
	if te := wantError(t, err, tournament.ErrConflict, ""); !strings.Contains(te.Message, "no missing pair") {
		t.Errorf("filling a full section: %q", te.Message)
	}
}

// TestChangeMovementRefusesAResult: a result stored for round 2 that the
// new movement would not play there refuses the change, naming the result,
// and nothing changes; from round 3 a pair would play a board twice, and
// that is refused too, naming the pair and the board.
func TestChangeMovementRefusesAResult(t *testing.T) {
	b := newBuilder(t)
	c, svc := b.Ctx, b.Svc
	e := b.Event(tournament.EventInput{Name: "Tuesday pairs"})
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}
	sec, err := svc.CreateSection(c, tournament.Director, e.ID, tournament.SectionInput{Name: "C", Movement: spec})
	if err != nil {
		t.Fatal(err)
	}
	// A 3-table Mitchell of 2 boards a round: table 1 plays set 2, boards 3
	// and 4, in round 2 (movement.Mitchell). With 3 boards a round set 2
	// is boards 4 to 6.
	in := append(slotsOf(sec, 1, 1), tournament.Result{Board: 3, Round: 2, Table: 1, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9})
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	bigger := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 3}
	_, err = svc.ChangeMovement(c, tournament.Director, sec.ID, tournament.MovementChange{Movement: bigger, FromRound: 2})
	te := wantError(t, err, tournament.ErrConflict, "")
	if !strings.Contains(te.Message, "board 3 at table 1 in round 2") || !strings.Contains(te.Message, "plays boards 4, 5, 6") {
		t.Errorf("refusal: %q", te.Message)
	}
	if again, _ := svc.Section(c, tournament.Director, sec.ID); again.Movement.Boards != 6 || again.Movement.Name != sec.Movement.Name {
		t.Errorf("after the refusal the movement is %q with %d boards", again.Movement.Name, again.Movement.Boards)
	}
	_, err = svc.ChangeMovement(c, tournament.Director, sec.ID, tournament.MovementChange{Movement: bigger, FromRound: 9})
	if te := wantError(t, err, tournament.ErrInvalid, ""); te.Field != "from_round" {
		t.Errorf("from round 9: field %q", te.Field)
	}
	// From round 3 the result fits, but pair 2 NS, which played boards 3
	// and 4 at table 2 in round 1, would get set 1 (boards 1 to 3) there
	// in round 3.
	_, err = svc.ChangeMovement(c, tournament.Director, sec.ID, tournament.MovementChange{Movement: bigger, FromRound: 3})
	if te := wantError(t, err, tournament.ErrInvalid, ""); !strings.Contains(te.Message, "pair 2 NS would play board 3 twice: in round 1 at table 2 and in round 3 at table 2") {
		t.Errorf("from round 3: %q", te.Message)
	}
	if results, _ := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID}); len(results) != len(in) {
		t.Errorf("%d results after the refusals, want %d", len(results), len(in))
	}
	if _, err := svc.ChangeMovement(c, tournament.Actor{Role: tournament.RoleTable, SectionID: sec.ID, Table: 1}, sec.ID, tournament.MovementChange{Movement: bigger}); !errors.Is(err, tournament.ErrForbidden) {
		t.Errorf("a table changed a movement: %v", err)
	}
}

// TestScorePhantom: a 2½-table Mitchell played with a phantom (3 tables,
// pair 3 EW missing): once the real tables are in, the director gives the
// phantom's opponents 60% on the 6 boards at its table (3 rounds × 2
// boards), the phantom 40%; every board is finished; a second time there is
// nothing left to score; a late pair can no longer join for a round whose
// phantom boards are scored.
func TestScorePhantom(t *testing.T) {
	b := newBuilder(t)
	c, svc := b.Ctx, b.Svc
	e := b.Event(tournament.EventInput{Name: "Tuesday pairs"})
	sec, err := svc.CreateSection(c, tournament.Director, e.ID, tournament.SectionInput{Name: "P",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2, Missing: 6, Phantom: true}})
	if err != nil {
		t.Fatal(err)
	}
	var real []tournament.Result
	for _, r := range slotsOf(sec, 1, 3) {
		rd, _ := sec.Movement.Round(r.Round)
		if tb, _ := rd.Table(r.Table); tb.Opponent(6) == 0 {
			real = append(real, r)
		}
	}
	if len(real) != 12 {
		t.Fatalf("%d real slots, want 12: 3 rounds of 2 real tables of 2 boards", len(real))
	}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, real, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ScorePhantom(c, tournament.Director, sec.ID, 101); err == nil {
		t.Error("101% was taken")
	} else if te := wantError(t, err, tournament.ErrInvalid, ""); te.Field != "percent" {
		t.Errorf("101%%: field %q", te.Field)
	}
	stored, err := svc.ScorePhantom(c, tournament.Director, sec.ID, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 6 {
		t.Fatalf("%d boards against the phantom scored, want 6", len(stored))
	}
	for _, r := range stored {
		// The phantom is EW 3: its opponents sit NS.
		if r.Status != tournament.StatusArtificial || r.EW != "3" || r.NSPercent != 60 || r.EWPercent != 40 {
			t.Errorf("board %d round %d: %s NS %s %d%%, EW %s %d%%; want artificial, the NS pair 60%%, EW 3 40%%", r.Board, r.Round, r.Status, r.NS, r.NSPercent, r.EW, r.EWPercent)
		}
	}
	all, _ := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	for b, done := range tournament.FinishedBoards(&sec, all) {
		if !done {
			t.Errorf("board %d is not finished", b)
		}
	}
	if _, err := svc.ScorePhantom(c, tournament.Director, sec.ID, 60); !errors.Is(err, tournament.ErrConflict) {
		t.Errorf("scoring the phantom again: %v, want a conflict", err)
	}
	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 2, []tournament.Player{{Name: "Too Late"}})
	if te := wantError(t, err, tournament.ErrConflict, ""); !(strings.Contains(te.Message, "in round 2 ") || strings.Contains(te.Message, "in round 3 ")) || !strings.Contains(te.Message, "score against the missing pair") {
		t.Errorf("a late pair over scored rounds: %q", te.Message)
	}
}
