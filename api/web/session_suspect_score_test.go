package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestSuspectScoreOnPages: issue 26 §2 asks for "a score not possible for
// the contract" to be flagged on the session board and the director's
// traveler. A results file imported as its reader scored it keeps the
// file's score (ImportOptions.Scored), so a mistyped one reaches the
// store: here board 1 (dealer N, nobody vulnerable, Law 77) 4S by N making
// 10 tricks with NS +620 written for it. 4S= non-vulnerable scores 120 +
// 300 = +420 (Law 77), so +620 is not possible for the contract: the
// session board lists the line (tournament.SuspectScore) and marks its
// cell, and board 1's traveler flags it, with the stored and the due
// figures. The other two lines of board 1 (3S+1 +170, 4S−1 −50) are left
// alone.
func TestSuspectScoreOnPages(t *testing.T) {
	e := newSessionEnv(t)
	m, err := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := tournament.EventData{
		Event: tournament.Event{Name: "Imported", Date: "2026-11-27", Law: scoring.Contract2017, LawOptions: tournament.LawOptions{}, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Session: 1, Name: "A", Spec: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}, Movement: m},
			// Board 1: round 1 table 1 (NS1–EW1), round 2 table 3, round 3 table 2.
			Results: []tournament.Result{
				{Board: 1, Round: 1, Table: 1, NS: "1", EW: "1", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10},
				{Board: 1, Round: 2, Table: 3, NS: "3", EW: "2", Status: tournament.StatusPlayed, Contract: "3S", Declarer: "N", Tricks: 10},
				{Board: 1, Round: 3, Table: 2, NS: "2", EW: "3", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 9},
			},
		}},
	}
	rules, err := d.Event.Rules()
	if err != nil {
		t.Fatal(err)
	}
	rs := d.Sections[0].Results
	if errs := tournament.ScoreResults(rules, &d.Sections[0].Section, nil, rs); errs != nil {
		t.Fatal(errs)
	}
	if rs[0].NSScore != 420 || rs[1].NSScore != 170 || rs[2].NSScore != -50 {
		t.Fatalf("scored %d, %d, %d; want +420, +170, -50", rs[0].NSScore, rs[1].NSScore, rs[2].NSScore)
	}
	rs[0].NSScore = 620 // the file's figure
	got, err := e.svc.ImportEventWith(context.Background(), tournament.Director, d, tournament.ImportOptions{Scored: true})
	if err != nil {
		t.Fatal(err)
	}
	secID := got.Sections[0].Section.ID

	// The pages' templates write a plus sign as &#43;.
	board := e.want(http.StatusOK, true, fmt.Sprintf("/director/sections/%d/board", secID), nil)
	pageHas(t, "the session board", board, `suspect-line`, `data-suspect="score"`, "Board 1, round 1", "4S by N making 10 scores &#43;420 on this board, not the &#43;620 stored", "suspect-tag")
	tr := e.want(http.StatusOK, true, fmt.Sprintf("/director/sections/%d/travelers/1", secID), nil)
	pageHas(t, "board 1's traveler", tr, `data-suspect="score"`, "Round 1, table 1 looks mistyped", "not the &#43;620 stored")
	if n := strings.Count(tr.body, `data-suspect=`); n != 2 { // the note and the line's row
		t.Errorf("board 1's traveler carries %d suspect marks, want 2 (one line)", n)
	}
}
