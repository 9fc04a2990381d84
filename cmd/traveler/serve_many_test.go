package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestTwoServersOneDatabase is issue 15 §1's "two processes on one
// database": two `traveler serve` built from this tree, on the same
// database. Before change notices, each process cached sections, events and
// boards for good: a round moved through one was refused by the other, and
// a law code or a board changed through one was not what the other scored
// with. Now each change made through server A is what server B uses: the
// round at once (measured: B is polled with a refused entry until it takes
// it, within 1 s), the board's vulnerability and the event's law code for
// B's next entry after the notice has had its time.
func TestTwoServersOneDatabase(t *testing.T) {
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	env := append(freshEnv(tmp, tmp), "DATABASE_URL="+dbtest.URL(t), "TRAVELER_DIRECTOR_TOKEN="+apitest.DirectorToken)
	client := func(name string) apitest.Client {
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		p := startServe(t, bin, append(env, "TRAVELER_DATA_DIR="+dir), dir)
		return apitest.Client{T: t, URL: p.url}
	}
	a, b := client("a"), client("b")

	f := apitest.NewMitchell(a, "Two servers", true)
	sid := "/v1/sections/" + apitest.ID(f.Section.ID)
	tok := apitest.IssueTokens(a, f.Section.ID, 1)[1]
	board := func(round int, i int) int { return apitest.Seat(f.Section, round, 1).Boards[i] }

	// B reads the section (round 1), its event and its boards into its caches.
	var r dto.ResultResponse
	b.Want(201, &r, "POST", sid+"/results", tok, f.Line(1, 1, board(1, 0), "4S", "N", 10))

	// The round moved through A: B lets table 1 enter round 2.
	a.Want(200, nil, "PATCH", sid, apitest.DirectorToken, `{"current_round": 2}`)
	start := time.Now()
	for {
		got := b.Do("POST", sid+"/results", tok, f.Line(2, 1, board(2, 0), "4S", "N", 10))
		if got.Status == 201 {
			break
		}
		if got.Status != 403 || time.Since(start) > time.Second {
			t.Fatalf("server B, round 2's entry %s after A moved the round: %d %s", time.Since(start), got.Status, got.Body)
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("server B took round 2's entry %s after server A moved the round", time.Since(start).Round(time.Microsecond))

	// A board's vulnerability changed through A: B scores with it. Board
	// board(2,1) made all vulnerable: 4S by North making 10 is 4×30 + 500
	// (vulnerable game) = 620 (Law 77), not vulnerable it would be 420.
	b2 := board(2, 1)
	var boards []map[string]any // a PUT replaces every hand record: all six again
	for n := 1; n <= 6; n++ {
		bd := map[string]any{"number": n, "deal": apitest.OneSuitDeal}
		if n == b2 {
			bd["vulnerable"] = "All"
		}
		boards = append(boards, bd)
	}
	a.Want(200, nil, "PUT", sid+"/boards", apitest.DirectorToken, boards)
	time.Sleep(200 * time.Millisecond)
	b.Want(201, &r, "POST", sid+"/results", tok, f.Line(2, 1, b2, "4S", "N", 10))
	if r.NSScore != 620 {
		t.Errorf("server B scored 4S= on board %d, made all vulnerable through A, %d; want 620", b2, r.NSScore)
	}

	// The law code changed through A: B scores the next round's entry under
	// it (honours from the deal and all), as A does the same line.
	a.Want(200, nil, "PATCH", sid, apitest.DirectorToken, `{"current_round": 3}`)
	a.Want(200, nil, "PATCH", "/v1/events/"+apitest.ID(f.Event.ID), apitest.DirectorToken, `{"law": "auction-1915"}`)
	time.Sleep(200 * time.Millisecond)
	b3 := board(3, 0)
	b.Want(201, &r, "POST", sid+"/results", tok, f.Line(3, 1, b3, "4S", "N", 10))
	// the same board played at another table, entered through A
	var other dto.ResultResponse
	for _, rd := range f.Section.Generated.Rounds {
		for _, tb := range rd.Tables {
			if tb.Table != 1 && slices.Contains(tb.Boards, b3) && other.ID == 0 {
				a.Want(201, &other, "POST", sid+"/results", apitest.DirectorToken, f.Line(rd.Round, tb.Table, b3, "4S", "N", 10))
			}
		}
	}
	if other.ID == 0 || r.NSScore != other.NSScore {
		t.Errorf("server B scored 4S= on board %d %d after A changed the law code to auction-1915; A scores the same line %d", b3, r.NSScore, other.NSScore)
	}
	if r.NSScore == 420 {
		t.Error("server B still scores under contract-2017 (420)")
	}
}
