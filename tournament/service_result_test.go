package tournament_test

// Result entry (EnterResults) as the tables and the director use it, on the
// 3-table Mitchell of tournamenttest (2 boards a round, 3 rounds). A
// Mitchell moves the EW pairs up a table and the boards down one each
// round (movement_mitchell.go), so round 1 seats NS n against EW n at
// table n with boards 2n−1 and 2n:
//
//	round 1: table 1 NS1–EW1 boards 1-2, table 2 NS2–EW2 boards 3-4, table 3 NS3–EW3 boards 5-6
//	round 2: table 1 NS1–EW3 boards 3-4, table 2 NS2–EW1 boards 5-6, table 3 NS3–EW2 boards 1-2
//
// Scores are Law 77 of the 2017 Laws (contract-2017): board 1 is not
// vulnerable, so 4S by North making 10 is 4×30 + 300 = 420.

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// line is tournamenttest.Line, shorter.
var line = tournamenttest.Line

// TestEnterResultsAsATable: a table's token enters its own table's boards
// of its round, and nothing else: not another table's board, not a later
// round, not another section's, no adjusted score; a list with one line
// not its own is refused whole.
func TestEnterResultsAsATable(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Roles"}).ID, 3, 2)
	other := b.Mitchell(b.Event(tournament.EventInput{Name: "Other"}).ID, 3, 2)
	t1 := tournamenttest.Table(sec, 1)

	got := b.Enter(t1, sec, line(sec, 1, 1, 1, "4S", "N", 10))[0]
	if got.NSScore != 420 || got.NS != "1" || got.EW != "1" || got.EnteredBy != "table 1 A" || got.Version != 1 || got.ID == 0 || len(got.Lines) == 0 {
		t.Errorf("table 1's line: %+v, want 420 for NS 1 v EW 1, entered by table 1 A, version 1, itemised", got)
	}
	for _, c := range []struct {
		what, says string
		a          tournament.Actor
		in         []tournament.Result
	}{
		{"table 2's board 3", "not table 2", t1, []tournament.Result{line(sec, 1, 2, 3, "4S", "N", 10)}},
		{"round 2 while round 1 is not done", "is at round 1", t1, []tournament.Result{line(sec, 2, 1, 3, "4S", "N", 10)}},
		{"another section's table", "another section", tournamenttest.Table(other, 1), []tournament.Result{line(sec, 1, 1, 2, "4S", "N", 10)}},
		{"a list with table 2's line in it", "not table 2", t1, []tournament.Result{line(sec, 1, 1, 2, "4S", "N", 10), line(sec, 1, 2, 3, "4S", "N", 10)}},
		{"an artificial score", "only the director", t1, []tournament.Result{{Board: 2, Round: 1, Table: 1, Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40}}},
	} {
		_, _, err := b.Svc.EnterResults(b.Ctx, c.a, sec.ID, c.in, nil)
		if !errors.Is(err, tournament.ErrForbidden) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, want it forbidden saying %q", c.what, err, c.says)
		}
	}
	_, _, err := b.Svc.EnterResults(b.Ctx, tournament.Public, sec.ID, []tournament.Result{line(sec, 1, 1, 2, "4S", "N", 10)}, nil)
	wantError(t, err, tournament.ErrUnauthorized, "Authorization")
	rs, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(rs) != 1 {
		t.Errorf("%d results stored (%v), want table 1's only: the refused lists stored nothing", len(rs), err)
	}
	// The director enters any table's, adjusted scores too.
	b.Enter(tournament.Director, sec, line(sec, 1, 2, 3, "4S", "N", 10),
		tournament.Result{Board: 4, Round: 1, Table: 2, Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40})
}

// TestEnterResultsRefusesBadLines: a line the law code, the movement or the
// pairs refuse is refused naming its field (in a list, with its index),
// and a refused list stores none of its lines.
func TestEnterResultsRefusesBadLines(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{}).ID, 3, 2)
	wrongEW := line(sec, 1, 1, 2, "4S", "N", 10)
	wrongEW.EW = "2" // EW 1 sits at table 1 in round 1
	noTricks := line(sec, 1, 1, 2, "4S", "N", 0)
	noTricks.Tricks = tournament.TricksNotGiven
	for _, c := range []struct {
		field string
		in    []tournament.Result
	}{
		{"contract", []tournament.Result{line(sec, 1, 1, 2, "8S", "N", 10)}}, // seven is the highest level
		{"tricks", []tournament.Result{line(sec, 1, 1, 2, "4S", "N", 14)}},   // thirteen tricks in a deal
		{"tricks", []tournament.Result{noTricks}},
		{"board", []tournament.Result{line(sec, 1, 1, 3, "4S", "N", 10)}},  // table 2's board in round 1
		{"board", []tournament.Result{line(sec, 1, 1, 99, "4S", "N", 10)}}, // 6 boards
		{"table", []tournament.Result{{Board: 1, Round: 1, Table: 7, NS: "1", EW: "1", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}}},
		{"ew", []tournament.Result{wrongEW}},
		{"results[1].contract", []tournament.Result{line(sec, 1, 2, 3, "4S", "N", 10), line(sec, 1, 2, 4, "9H", "N", 10)}},
		{"results[1].board", []tournament.Result{line(sec, 1, 2, 3, "4S", "N", 10), line(sec, 1, 2, 3, "3NT", "S", 9)}}, // the same board twice
	} {
		_, _, err := b.Svc.EnterResults(b.Ctx, tournament.Director, sec.ID, c.in, nil)
		wantError(t, err, tournament.ErrInvalid, c.field)
	}
	rs, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(rs) != 0 {
		t.Errorf("%d results stored (%v), want none: every list was refused whole", len(rs), err)
	}
	_, _, err = b.Svc.EnterResults(b.Ctx, tournament.Director, 999999, []tournament.Result{line(sec, 1, 1, 1, "4S", "N", 10)}, nil)
	wantError(t, err, tournament.ErrNotFound, "")

	// The same board, table and round again: a conflict carrying the
	// stored line.
	first := b.Enter(tournament.Director, sec, line(sec, 1, 1, 1, "4S", "N", 10))[0]
	_, _, err = b.Svc.EnterResults(b.Ctx, tournament.Director, sec.ID, []tournament.Result{line(sec, 1, 1, 1, "3NT", "S", 9)}, nil)
	te := wantError(t, err, tournament.ErrConflict, "")
	if te.Current == nil || te.Current.ID != first.ID || te.Current.Contract != "4S" {
		t.Errorf("conflict without the stored result: %+v", te)
	}
}

// TestEnterResultsIdempotent: a request retried under its idempotency key
// stores once and answers what it stored, however many times and however
// concurrently it comes; the key with another request is a conflict, and
// keys are per sender (scope).
func TestEnterResultsIdempotent(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{}).ID, 3, 2)
	t1 := tournamenttest.Table(sec, 1)
	in := []tournament.Result{line(sec, 1, 1, 1, "4S", "N", 10)}
	hash := func(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }
	key := tournament.Idempotency{Key: "table-1-board-1-try", Scope: "token 1", RequestHash: hash("board 1")}

	const n = 10
	var wg sync.WaitGroup
	ids, replayed, errs := make([]int64, n), make([]bool, n), make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := key
			var got []tournament.Result
			got, replayed[i], errs[i] = b.Svc.EnterResults(b.Ctx, t1, sec.ID, in, &k)
			if errs[i] == nil {
				ids[i] = got[0].ID
			}
		}()
	}
	wg.Wait()
	stored := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("try %d: %v", i, errs[i])
		}
		if ids[i] != ids[0] {
			t.Errorf("try %d answered result %d, try 0 result %d", i, ids[i], ids[0])
		}
		if !replayed[i] {
			stored++
		}
	}
	if stored != 1 {
		t.Errorf("%d of %d tries stored, want 1 (the others replayed)", stored, n)
	}
	// A retry later replays too, itemised as the first answer was.
	k := key
	got, again, err := b.Svc.EnterResults(b.Ctx, t1, sec.ID, in, &k)
	if err != nil || !again || got[0].ID != ids[0] || got[0].NSScore != 420 || len(got[0].Lines) == 0 {
		t.Errorf("a later retry: %+v replayed %v (%v)", got, again, err)
	}
	// The key with another request is refused; another key with the same
	// line meets the stored result.
	other := []tournament.Result{line(sec, 1, 1, 2, "3NT", "S", 9)}
	k = key
	k.RequestHash = hash("board 2")
	_, _, err = b.Svc.EnterResults(b.Ctx, t1, sec.ID, other, &k)
	wantError(t, err, tournament.ErrConflict, "")
	k = key
	k.Key = "another-key"
	_, _, err = b.Svc.EnterResults(b.Ctx, t1, sec.ID, in, &k)
	wantError(t, err, tournament.ErrConflict, "")
	// Keys are per sender: the director's same key is a new request.
	k = tournament.Idempotency{Key: key.Key, Scope: "director", RequestHash: hash("board 2")}
	if _, again, err := b.Svc.EnterResults(b.Ctx, tournament.Director, sec.ID, other, &k); err != nil || again {
		t.Errorf("the director's request under table 1's key: replayed %v (%v), want stored", again, err)
	}
	rs, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(rs) != 2 {
		t.Errorf("%d results stored (%v), want 2", len(rs), err)
	}
}

// TestEnterResultsHowell: in a Howell the pairs go by their numbers alone;
// each table's token enters its round 1 board, the pairs filled in from the
// movement when the line leaves them out, and a pair the movement does not
// seat there is refused on its field. The 4-pair Howell of 1 board a round
// has 2 tables (movement_howell.go).
func TestEnterResultsHowell(t *testing.T) {
	b := newBuilder(t)
	sec := b.Howell(b.Event(tournament.EventInput{Name: "Howell"}).ID, 4, 1)
	if sec.Movement.Tables != 2 {
		t.Fatalf("a 4-pair Howell of %d tables, want 2", sec.Movement.Tables)
	}
	rd, _ := sec.Movement.Round(1)
	for _, tb := range rd.Tables {
		in := line(sec, 1, tb.Table, tb.Boards[0], "4S", "N", 10)
		ns, ew := in.NS, in.EW
		if ns != fmt.Sprint(tb.NS) || ew != fmt.Sprint(tb.EW) {
			t.Errorf("table %d: line for NS %s, EW %s, want the movement's pairs %d and %d", tb.Table, ns, ew, tb.NS, tb.EW)
		}
		wrong := in
		wrong.NS = ew // the EW pair does not hold the NS cards
		_, _, err := b.Svc.EnterResults(b.Ctx, tournamenttest.Table(sec, tb.Table), sec.ID, []tournament.Result{wrong}, nil)
		wantError(t, err, tournament.ErrInvalid, "ns")
		in.NS, in.EW = "", ""
		got := b.Enter(tournamenttest.Table(sec, tb.Table), sec, in)[0]
		if got.NS != ns || got.EW != ew {
			t.Errorf("table %d: stored NS %s, EW %s, want %s and %s from the movement", tb.Table, got.NS, got.EW, ns, ew)
		}
	}
	st, err := b.Svc.Standings(b.Ctx, tournament.Director, sec.ID)
	if err != nil || st.Results != 2 || len(st.Pairs) != 4 {
		t.Errorf("standings count %d lines of %d pairs (%v), want 2 lines, 4 pairs", st.Results, len(st.Pairs), err)
	}
}

// TestEnterResultsTeams: the two rooms of a match play the same board and
// the standings net their scores in IMPs. Board 1 is not vulnerable: 4S by
// North makes 10 in one room (+420) and 9 in the other (−50), so the team
// holding the NS cards in the first room and the EW cards in the second
// gains 420 + 50 = 470, 10 IMPs on the WBF scale (430 to 490).
func TestEnterResultsTeams(t *testing.T) {
	b := newBuilder(t)
	sec := b.Teams(b.Event(tournament.EventInput{Name: "Teams", Scoring: string(tournament.MethodIMPTeams)}).ID, 4, 2)
	rd, _ := sec.Movement.Round(1)
	var rooms []tournament.Table
	for _, tb := range rd.Tables {
		if tb.Match == 1 {
			rooms = append(rooms, tb)
		}
	}
	if len(rooms) != 2 || rooms[0].Boards[0] != rooms[1].Boards[0] {
		t.Fatalf("match 1 of round 1: %+v, want two rooms playing the same boards", rooms)
	}
	board := rooms[0].Boards[0]
	if board != 1 {
		t.Fatalf("match 1 plays board %d first, want board 1 (none vulnerable)", board)
	}
	b.Play(sec, 1, rooms[0].Table, board, "4S", "N", 10)
	b.Play(sec, 1, rooms[1].Table, board, "4S", "N", 9)
	winner, loser := sec.Movement.TeamOf(rooms[0].NS), sec.Movement.TeamOf(rooms[0].EW)
	if sec.Movement.TeamOf(rooms[1].EW) != winner || sec.Movement.TeamOf(rooms[1].NS) != loser {
		t.Fatalf("room 2 seats teams %d NS, %d EW; want them swapped from room 1's %d NS, %d EW",
			sec.Movement.TeamOf(rooms[1].NS), sec.Movement.TeamOf(rooms[1].EW), winner, loser)
	}
	st, err := b.Svc.Standings(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	imps := map[string]int{}
	for _, p := range st.Pairs {
		imps[p.Number] = p.IMPs
	}
	if w, l := imps[fmt.Sprint(winner)], imps[fmt.Sprint(loser)]; w != 10 || l != -10 || len(st.Pairs) != 4 {
		t.Errorf("team %d has %d IMPs, team %d %d (of %d teams); want 10 and -10 of 4", winner, w, loser, l, len(st.Pairs))
	}
}

// TestEnterResultsLeadAndQuery: the opening lead is checked against the
// hand record (tournamenttest.OneSuitDeal: N holds the spades, E the
// hearts, S the diamonds, W the clubs), on entry and on correction; a
// table's query stays through its own corrections and the director's
// ruling clears it.
func TestEnterResultsLeadAndQuery(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Leads"}).ID, 3, 2)
	t1 := tournamenttest.Table(sec, 1)
	enter := func(a tournament.Actor, r tournament.Result) (tournament.Result, error) {
		got, _, err := b.Svc.EnterResults(b.Ctx, a, sec.ID, []tournament.Result{r}, nil)
		if err != nil {
			return tournament.Result{}, err
		}
		return got[0], nil
	}

	// 4S by North: East leads, and holds only hearts.
	bad := line(sec, 1, 1, 1, "4S", "N", 10)
	bad.Lead = "SA"
	_, err := enter(tournament.Director, bad)
	te := wantError(t, err, tournament.ErrInvalid, "lead")
	for _, want := range []string{"SA", "East leads", "North", "holds no spades"} {
		if !strings.Contains(te.Message, want) {
			t.Errorf("refused lead: %q does not say %q", te.Message, want)
		}
	}
	bad.Lead = "ZZ"
	_, err = enter(t1, bad)
	if te := wantError(t, err, tournament.ErrInvalid, "lead"); !strings.Contains(te.Message, "not a card") {
		t.Errorf("a lead that is no card: %q", te.Message)
	}
	// 3NT by West: North leads a spade, stored suit then rank.
	good := line(sec, 1, 1, 1, "3NT", "W", 9)
	good.Lead = "s10"
	stored, err := enter(t1, good)
	if err != nil || stored.Lead != "ST" {
		t.Errorf("lead stored as %q (%v), want ST", stored.Lead, err)
	}
	// A correction is checked too: declarer South, West leads, holding clubs.
	good.Declarer, good.Lead = "S", "DA"
	_, err = b.Svc.UpdateResult(b.Ctx, t1, stored.ID, good, 1)
	wantError(t, err, tournament.ErrInvalid, "lead")
	pass := tournament.Result{Board: 2, Round: 1, Table: 1, Status: tournament.StatusPassedOut, Lead: "HA"}
	_, err = enter(tournament.Director, pass)
	wantError(t, err, tournament.ErrInvalid, "lead")

	// A query stays through the table's correction, and the director's
	// line without one clears it.
	const query = "EW say declarer claimed 10 tricks, NS say 11"
	in := line(sec, 1, 1, 2, "4S", "N", 10)
	in.Query = query
	res, err := enter(t1, in)
	if err != nil || res.Query != query {
		t.Fatalf("entered: query %q (%v), want %q", res.Query, err, query)
	}
	if read, err := b.Svc.Result(b.Ctx, tournament.Director, res.ID); err != nil || read.Query != query {
		t.Errorf("read back: query %q (%v)", read.Query, err)
	}
	res, err = b.Svc.UpdateResult(b.Ctx, t1, res.ID, line(sec, 1, 1, 2, "4S", "N", 11), 1)
	if err != nil || res.Query != query || res.Tricks != 11 {
		t.Errorf("table's correction: query %q tricks %d (%v), want the query kept and 11", res.Query, res.Tricks, err)
	}
	res, err = b.Svc.UpdateResult(b.Ctx, tournament.Director, res.ID, line(sec, 1, 1, 2, "4S", "N", 11), 2)
	if err != nil || res.Query != "" {
		t.Errorf("director's ruling: query %q (%v), want it cleared", res.Query, err)
	}
	long := line(sec, 2, 1, tournamenttest.Boards(t, sec, 2, 1)[0], "3NT", "S", 9)
	long.Query = strings.Repeat("q", 501)
	_, err = enter(tournament.Director, long)
	wantError(t, err, tournament.ErrInvalid, "query")
}

// TestEnterResultsByAuction: a table enters a line by its auction alone;
// the contract and declarer come from it, the calls are kept in their
// usual form and replaced by a correction; an auction that is not the
// contract given is refused naming the contract. Board 1 is dealt by
// North, nobody vulnerable: 1S P 2S P 4S X P P P is 4SX by North, ten
// tricks 4×30 doubled = 240 + 300 game + 50 for the insult = 590 (Law 77);
// without the double, 420.
func TestEnterResultsByAuction(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Auctions"}).ID, 3, 2)
	t1 := tournamenttest.Table(sec, 1)
	in := line(sec, 1, 1, 1, "", "", 10)
	in.Auction = []string{"1S", "P", "2s", "p", "4S", "X", "pass", "P", "P"} // as a table types them
	doubled := []string{"1S", "PASS", "2S", "PASS", "4S", "X", "PASS", "PASS", "PASS"}
	res := b.Enter(t1, sec, in)[0]
	if res.Contract != "4SX" || res.Declarer != "N" || res.NSScore != 590 || !slices.Equal(res.Auction, doubled) {
		t.Fatalf("entered: %s by %s, %d, auction %q; want 4SX by N, 590, %q", res.Contract, res.Declarer, res.NSScore, res.Auction, doubled)
	}
	plain := b.Enter(t1, sec, line(sec, 1, 1, 2, "3NT", "S", 9))[0]
	if plain.Auction != nil {
		t.Errorf("a line without an auction has %q", plain.Auction)
	}
	fix := line(sec, 1, 1, 1, "", "", 10)
	undoubled := []string{"1S", "PASS", "2S", "PASS", "4S", "PASS", "PASS", "PASS"}
	fix.Auction = undoubled
	res, err := b.Svc.UpdateResult(b.Ctx, t1, res.ID, fix, 1)
	if err != nil || res.Contract != "4S" || res.NSScore != 420 || !slices.Equal(res.Auction, undoubled) {
		t.Errorf("corrected: %s, %d, auction %q (%v); want 4S, 420, %q", res.Contract, res.NSScore, res.Auction, err, undoubled)
	}
	audit, err := b.Svc.Audit(b.Ctx, tournament.Director, res.ID)
	if err != nil || len(audit) != 2 || !slices.Equal(audit[0].After.Auction, doubled) ||
		!slices.Equal(audit[1].Before.Auction, doubled) || !slices.Equal(audit[1].After.Auction, undoubled) {
		t.Errorf("audit %+v (%v): want the insert with %q, the update from it to %q", audit, err, doubled, undoubled)
	}
	wrong := line(sec, 1, 1, 2, "3NT", "S", 9)
	wrong.Auction = undoubled
	_, err = b.Svc.UpdateResult(b.Ctx, t1, plain.ID, wrong, 1)
	wantError(t, err, tournament.ErrInvalid, "contract")
}
