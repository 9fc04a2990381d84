package tournament

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// individualSession is the 8-player individual of TestAPIIndividual8
// (api/e2e: the published 2-table schedule, one board a round, both tables
// playing it) as section id of session, played as there: 4S= by North
// (+420 or +620) where the round is odd at table 1 or even at table 2,
// else 2S= (+110), so the 4S table's NS and the other table's EW get the
// top, 2 (EBU matchpoints, two lines a board). By that test's hand table,
// players 1 to 8 score 8, 4, 12, 4, 8, 4, 8, 8 of 14 (7 boards × 2). name
// gives the player seated under number p.
func individualSession(t *testing.T, id int64, session int, name func(p int) string) OverallInput {
	t.Helper()
	m, err := MovementSpec{Kind: "individual", Players: 8, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := Section{ID: id, Session: session, Name: "A", Movement: m, CurrentRound: len(m.Rounds)}
	var ps []played
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			p := played{rd.Number, tb.Table, tb.Boards[0], "2S", "N", 8}
			if (rd.Number%2 == 1) == (tb.Table == 1) {
				p.contract, p.tricks = "4S", 10
			}
			ps = append(ps, p)
		}
	}
	in := OverallInput{Section: sec, Results: enter(t, &sec, Director, resultsOf(ps))}
	for p := 1; p <= 8; p++ {
		in.Pairs = append(in.Pairs, Pair{Number: strconv.Itoa(p), Players: []Player{{Name: name(p)}}})
	}
	return in
}

// TestOverallIndividuals: an event of two individual sessions ranks its
// players overall, each known again by their name. Session 1 seats Player k
// under number k, session 2 under number 9 − k; from TestAPIIndividual8's
// figures (numbers 1–8: 8, 4, 12, 4, 8, 4, 8, 8 of 14) Player k scores
// s(k) + s(9 − k) of 28:
//
//	Player 1: 8 + 8 = 16   Player 2: 4 + 8 = 12   Player 3: 12 + 4 = 16
//	Player 4: 4 + 8 = 12   Player 5: 8 + 4 = 12   Player 6: 4 + 12 = 16
//	Player 7: 8 + 4 = 12   Player 8: 8 + 8 = 16
//
// 16 of 28 = 57.14 %, places 1 (four tied); 12 of 28 = 42.86 %, place 5.
// Before, the overall ranked the individual's partnerships (1-8, 5-7 …),
// not its players.
func TestOverallIndividuals(t *testing.T) {
	s1 := individualSession(t, 1, 1, func(p int) string { return "Player " + strconv.Itoa(p) })
	s2 := individualSession(t, 2, 2, func(p int) string { return "Player " + strconv.Itoa(9-p) })
	e := Event{Scoring: MethodMP}
	ov := OverallStandings(&e, []OverallInput{s1, s2})
	if len(ov.Entries) != 8 {
		t.Fatalf("%d entries, want the 8 players: %+v", len(ov.Entries), ov.Entries)
	}
	for _, en := range ov.Entries {
		if len(en.Players) != 1 {
			t.Fatalf("entry %+v: want one player", en)
		}
		k, _ := strconv.Atoi(strings.TrimPrefix(en.Players[0], "Player "))
		total, pct, place := 12.0, 42.86, 5
		if k == 1 || k == 3 || k == 6 || k == 8 {
			total, pct, place = 16, 57.14, 1
		}
		if en.Total != total || en.Percentage != pct || en.Place != place || en.Boards != 14 || len(en.Sessions) != 2 {
			t.Errorf("%s: total %v (%v %%), place %d, %d boards; want %v (%v %%), place %d, 14 boards", en.Players[0], en.Total, en.Percentage, en.Place, en.Boards, total, pct, place)
		}
		if en.Sessions[1].Number != strconv.Itoa(9-k) || en.Sessions[0].Number != strconv.Itoa(k) {
			t.Errorf("%s: sessions %+v, want numbers %d and %d", en.Players[0], en.Sessions, k, 9-k)
		}
	}
}

// TestOverallMixesIndividuals: an event whose sections are individuals and
// pairs has no overall ranking — a player and a partnership are not one
// entrant — refused naming the section and what is allowed.
func TestOverallMixesIndividuals(t *testing.T) {
	ind := individualSession(t, 1, 1, func(p int) string { return "Player " + strconv.Itoa(p) }).Section
	pairs := sectionA(t, 2, 2, "B", nil).Section
	e := Event{Name: "Mixed", Scoring: MethodMP}
	err := noOverall(&e, []Section{ind, pairs})
	var te *Error
	if !errors.Is(err, ErrInvalid) || !errors.As(err, &te) || te.Field != "sections" || !strings.Contains(te.Message, "section B") || !strings.Contains(te.Message, "individual") {
		t.Fatalf("mixed: %v, want invalid on sections naming section B", err)
	}
	if err := noOverall(&e, []Section{ind, ind}); err != nil {
		t.Errorf("individuals only: %v", err)
	}
}
