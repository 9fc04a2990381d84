package tournament_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestHowellLatePair: 13 pairs play the 7-table Howell (the 14-pair
// movement, pair 14 missing, its opponent of each round sitting out: 13
// rounds of 2 boards). Rounds 1 and 2 are played (6 tables × 2 boards × 2
// rounds = 24 results); a 14th pair arrives and joins from round 3 through
// the same FillHalfTable the half-table Mitchell uses. It becomes pair 14:
// its guide card sits out rounds 1 and 2 and, from round 3, plays each
// round against the pair that sat out there; rounds 1 and 2 keep their
// sit-outs; the 24 results stay. With rounds 3 to 13 in, every board is
// finished, pair 14 has played 11 rounds × 2 = 22 boards, the pairs that
// sat out round 1 or 2 have 12 × 2 = 24 boards and every other 13 × 2 = 26.
// Given through the movement change with a number a pair holds already,
// the late pair is refused, naming the number and the place it takes.
func TestHowellLatePair(t *testing.T) {
	b := newBuilder(t)
	c, svc := b.Ctx, b.Svc
	e := b.Event(tournament.EventInput{Name: "Tuesday pairs"})
	sec, err := svc.CreateSection(c, tournament.Director, e.ID, tournament.SectionInput{Name: "H",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 13, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	old := sec.Movement
	if old.Pairs != 13 || old.Tables != 7 || len(old.Rounds) != 13 {
		t.Fatalf("13-pair Howell: %d pairs, %d tables, %d rounds; want 13, 7, 13", old.Pairs, old.Tables, len(old.Rounds))
	}
	var pairs []tournament.Pair
	for n := 1; n <= 13; n++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Players: []tournament.Player{{Name: "A" + strconv.Itoa(n)}, {Name: "B" + strconv.Itoa(n)}}})
	}
	if _, err := svc.AddPairs(c, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	first := slotsOf(sec, 1, 2)
	if len(first) != 24 {
		t.Fatalf("%d slots in rounds 1 and 2, want 24", len(first))
	}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, first, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetCurrentRound(c, tournament.Director, sec.ID, 3); err != nil {
		t.Fatal(err)
	}
	late := []tournament.Player{{Name: "Late Comer"}, {Name: "Last Minute"}}

	// Round 2's sit-out place has passed: the section plays round 3.
	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 2, late)
	if te := wantError(t, err, tournament.ErrInvalid, ""); te.Field != "from_round" || !strings.Contains(te.Message, "round 3 or a later one") {
		t.Errorf("joining from a round played: field %q, %q", te.Field, te.Message)
	}
	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 14, late)
	if te := wantError(t, err, tournament.ErrInvalid, ""); te.Field != "from_round" || !strings.Contains(te.Message, "rounds 1 to 13") {
		t.Errorf("joining from round 14: field %q, %q", te.Field, te.Message)
	}
	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 3, []tournament.Player{{Name: ""}})
	if te := wantError(t, err, tournament.ErrInvalid, ""); !strings.HasPrefix(te.Field, "add.") {
		t.Errorf("a player without a name: field %q", te.Field)
	}

	// Through the movement change (the API's): the late pair given a
	// number a pair holds already.
	filled := sec.Spec
	filled.Pairs = 14
	_, err = svc.ChangeMovement(c, tournament.Director, sec.ID, tournament.MovementChange{Movement: filled, FromRound: 3,
		Add: []tournament.Pair{{Number: "13", Players: late}}})
	if te := wantError(t, err, tournament.ErrConflict, ""); te.Field != "add.number" || !strings.Contains(te.Message, "pair 13 is in section H already") ||
		!strings.Contains(te.Message, "pair 14") {
		t.Errorf("a late pair numbered 13: field %q, %q", te.Field, te.Message)
	}

	got, err := svc.FillHalfTable(c, tournament.Director, sec.ID, 3, late)
	if err != nil {
		t.Fatal(err)
	}
	m := got.Movement
	if m.Pairs != 14 || len(m.Rounds) != 13 || m.Boards != 26 || got.CurrentRound != 3 {
		t.Fatalf("filled: %d pairs, %d rounds, %d boards, round %d; want 14, 13, 26, 3", m.Pairs, len(m.Rounds), m.Boards, got.CurrentRound)
	}
	var card movement.GuideCard
	for _, gc := range m.GuideCards() {
		if gc.Pair == 14 {
			card = gc
		}
	}
	if len(card.Rounds) != 13 {
		t.Fatalf("pair 14 has no guide card of 13 rounds: %+v", card)
	}
	for i, gr := range card.Rounds {
		or := old.Rounds[i]
		if gr.Round < 3 {
			if !gr.SitsOut {
				t.Errorf("round %d: pair 14 plays %+v before it came", gr.Round, gr)
			}
			if want := append(slices.Clone(or.SitOut), 14); !slices.Equal(m.Rounds[i].SitOut, want) {
				t.Errorf("round %d sit-outs %v, want %v (kept, and the late pair)", gr.Round, m.Rounds[i].SitOut, want)
			}
			continue
		}
		if gr.SitsOut || len(or.SitOut) != 1 || gr.Opponent != or.SitOut[0] || len(gr.Boards) != 2 {
			t.Errorf("round %d: pair 14 %+v; want it against pair %v, who sat out there, 2 boards", gr.Round, gr, or.SitOut)
		}
		if len(m.Rounds[i].SitOut) != 0 || len(m.Rounds[i].Tables) != 7 {
			t.Errorf("round %d: %d tables, sit-outs %v; want 7 tables, none out", gr.Round, len(m.Rounds[i].Tables), m.Rounds[i].SitOut)
		}
	}
	results, err := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(results) != 24 {
		t.Fatalf("%d results kept (%v), want 24", len(results), err)
	}
	stored, err := svc.Section(c, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if place, ok := stored.LatePairPlace(); ok {
		t.Errorf("a filled Howell still offers a late pair's place %q", place)
	}
	rest := slotsOf(stored, 3, 13)
	if len(rest) != 11*7*2 {
		t.Fatalf("%d slots in rounds 3 to 13, want 154", len(rest))
	}
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
	early := map[string]bool{strconv.Itoa(old.Rounds[0].SitOut[0]): true, strconv.Itoa(old.Rounds[1].SitOut[0]): true}
	if len(st.Pairs) != 14 {
		t.Fatalf("%d pairs ranked, want 14", len(st.Pairs))
	}
	for _, p := range st.Pairs {
		want := 26
		switch {
		case p.Number == "14":
			want = 22
		case early[p.Number]:
			want = 24
		}
		if p.Boards != want {
			t.Errorf("pair %s played %d boards, want %d", p.Number, p.Boards, want)
		}
	}

	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 4, []tournament.Player{{Name: "Another"}})
	if te := wantError(t, err, tournament.ErrConflict, ""); !strings.Contains(te.Message, "no missing pair") {
		t.Errorf("filling a full Howell: %q", te.Message)
	}
}

// TestHowellLatePairAfterTheSitOutMovedOn: a table at its own pace — the
// pair that sits out round 4 has already played round 5 — refuses a late
// pair joining from round 4, naming the pair and the first round allowed
// (5: its sit-out pair has not played a later round).
func TestHowellLatePairAfterTheSitOutMovedOn(t *testing.T) {
	b := newBuilder(t)
	c, svc := b.Ctx, b.Svc
	e := b.Event(tournament.EventInput{Name: "Tuesday pairs"})
	sec, err := svc.CreateSection(c, tournament.Director, e.ID, tournament.SectionInput{Name: "H",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 13, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	var pairs []tournament.Pair
	for n := 1; n <= 13; n++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Players: []tournament.Player{{Name: "A" + strconv.Itoa(n)}}})
	}
	if _, err := svc.AddPairs(c, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	out := sec.Movement.Rounds[3].SitOut[0]
	tb, _ := sec.Movement.Rounds[4].Seating(out)
	in := []tournament.Result{{Board: tb.Boards[0], Round: 5, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9}}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	_, err = svc.FillHalfTable(c, tournament.Director, sec.ID, 4, []tournament.Player{{Name: "Late Comer"}})
	te := wantError(t, err, tournament.ErrInvalid, "")
	if te.Field != "from_round" || !strings.Contains(te.Message, "pair "+strconv.Itoa(out)+" sits out round 4") || !strings.Contains(te.Message, "round 5 or later") {
		t.Errorf("joining behind the sit-out: field %q, %q", te.Field, te.Message)
	}
	if got, _ := svc.Section(c, tournament.Director, sec.ID); got.Movement.Pairs != 13 {
		t.Errorf("the refused change stored a movement of %d pairs", got.Movement.Pairs)
	}
}
