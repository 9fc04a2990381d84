package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserFouledBoard marks board 1 fouled from the director's traveler
// on a phone: round 5 table 2 played version 2. The traveler then shows the
// versions apart, each with its own matchpoints, and both the director's and
// the public's fit a 390 px screen.
//
// Board 1 of a 6-pair Howell is played at round 1 table 1 (4S N 10, +420),
// round 2 table 2 (4S N 11, +450) and round 5 table 2 (4S N 9, −50); n = 3,
// EBU top 4. Version 1 (420, 450; m = 2) scaled by Neuberg (raw+1)·3/2 − 1:
// 420 → 0.5, 450 → 3.5; version 2 (−50 alone): (0+1)·3 − 1 = 2.
func TestBrowserFouledBoard(t *testing.T) {
	b := newEnv(t, withBrowser())
	_, sec := b.eventSection(tournament.EventInput{Name: "Thursday pairs", Date: "2026-11-26", Law: "contract-2017", Scoring: "MP", Published: true},
		tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}, func(i int) []tournament.Player {
			return []tournament.Player{{Name: "Player " + fmt.Sprint(2*i-1)}, {Name: "Player " + fmt.Sprint(2*i)}}
		})
	var results []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				r := tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}
				if bd == 1 && rd.Number == 2 {
					r.Tricks = 11
				}
				if bd == 1 && rd.Number == 5 {
					r.Tricks = 9
				}
				results = append(results, r)
			}
		}
	}
	b.build().Enter(tournament.Director, sec, results...)

	phone := b.phone("director")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/sections/%d/travelers/1", sec.ID))
	phone.noError("open the director's traveler")
	if phone.count("#version-5-2") != 1 {
		t.Fatal("no version choice for round 5 table 2")
	}
	phone.fill("#version-5-2", "2")
	phone.shot("fouled-form-390")
	phone.submit("#store-versions")
	phone.noError("store the versions")
	phone.shot("fouled-traveler-390")
	if s := phone.text("#fouled-note"); !strings.Contains(s, "Fouled board") {
		t.Errorf("fouled note: %q", s)
	}
	if s := phone.text("#traveler-v2 tr.line td.ns-points"); s != "2" {
		t.Errorf("version 2's NS points: %q, want 2", s)
	}
	if s := phone.text("#traveler tr.line td.ns-points"); s != "0.5" {
		t.Errorf("version 1's first NS points: %q, want 0.5", s)
	}
	checkFitsPhone(t, phone, "the director's fouled traveler")

	phone.open(fmt.Sprintf("/sections/%d/travelers/1", sec.ID))
	phone.noError("open the public traveler")
	phone.shot("fouled-public-traveler-390")
	if n := phone.count("table.traveler"); n != 2 {
		t.Errorf("the public traveler has %d tables, want 2 (one a version)", n)
	}
	checkFitsPhone(t, phone, "the public fouled traveler")
}
