package reports

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestPBNIndividual writes the 8-player individual (the published
// schedule of tournament/movement: round 1, table 1 seats North 8, East 5,
// South 1, West 7) with one board a round, as api/e2e's TestAPIIndividual8
// plays it: in odd rounds table 1's North makes 4♠ and table 2's 2♠, in
// even rounds the other way round. The file is checked against PBN 2.1's
// export format line by line (checkPBN: the mandatory tags in order, the
// supplemental sorted, …) and the individual's own lines are looked at:
// the players by seat in the mandatory West…South tags, PlayerId_North …
// PlayerId_West and Competition "Individuals" (the ScoreTable columns and
// Competition value that readers of PBN results read an individual by: a
// public PBN-to-JSON reader's JsonScoreTable.java, package
// com.pbn.pbnjson, takes Competition "Individuals" by PlayerId_North,
// _South, _East, _West; the Finnish PBN reader's TotalScoreTable has
// PlayerId and Name), and a TotalScoreTable ranking the players; and it
// reads back to the same standings.
func TestPBNIndividual(t *testing.T) {
	spec := tournament.MovementSpec{Kind: "individual", Players: 8, BoardsPerRound: 1}
	mov, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Christmas individual", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	e.LawOptions = defaultOptions(e.Law)
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: mov, CurrentRound: 1}
	var pairs []tournament.Pair
	for p := 1; p <= 8; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Players: []tournament.Player{{Name: "Player " + strconv.Itoa(p), Number: strconv.Itoa(100 + p)}}})
	}
	boards := map[int]tournament.Board{}
	var results []tournament.Result
	for _, rd := range mov.Rounds {
		for _, tb := range rd.Tables {
			ns, _ := mov.PairLabel(tb.NS)
			ew, _ := mov.PairLabel(tb.EW)
			c, tricks := "2S", 8
			if (rd.Number%2 == 1) == (tb.Table == 1) {
				c, tricks = "4S", 10
			}
			results = append(results, tournament.Result{Board: tb.Boards[0], Round: rd.Number, Table: tb.Table, NS: ns, EW: ew,
				Status: tournament.StatusPlayed, Contract: c, Declarer: "N", Tricks: tricks})
		}
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results); errs != nil {
		t.Fatal(errs)
	}
	d := tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	file := buf.String()
	for _, f := range checkPBN(buf.Bytes()) {
		t.Error(f)
	}
	// Round 1 is board 1 at both tables (one board a round). Table 1: 4♠
	// by North making 10, not vulnerable: +420 (Law 77: 4 × 30 + 300).
	var game string
	for _, g := range strings.Split(file, pbnEOL+pbnEOL) {
		if strings.Contains(g, "[Board \"1\"]") && strings.Contains(g, "[Round \"1\"]") && strings.Contains(g, "[Table \"1\"]") {
			game = g
		}
	}
	for _, want := range []string{
		"[West \"Player 7\"]\n[North \"Player 8\"]\n[East \"Player 5\"]\n[South \"Player 1\"]\n",
		"[Result \"10\"]\n[Competition \"Individuals\"]\n[PlayerId_East \"5\"]\n[PlayerId_North \"8\"]\n[PlayerId_South \"1\"]\n[PlayerId_West \"7\"]\n[Round \"1\"]\n[Score \"NS 420\"]\n",
	} {
		if !strings.Contains(game, want) {
			t.Errorf("board 1, round 1, table 1 lacks\n%s\ngame:\n%s", want, game)
		}
	}
	if strings.Contains(file, "PairId") {
		t.Errorf("an individual's file names partnerships as pairs:\n%s", file)
	}
	// The ranking, by hand in TestAPIIndividual8 (api/e2e): player 3 first
	// (12 matchpoints), 1, 5, 7 and 8 equal second, 2, 4 and 6 equal sixth;
	// each with the membership number entered (100 + the player).
	wantTotals := "[TotalScoreTable \"Rank\\2R;PlayerId\\4R;Name\\40L;MemberID1\\10R\"]\n"
	for _, r := range []struct{ place, player string }{{"1", "3"}, {"2", "1"}, {"2", "5"}, {"2", "7"}, {"2", "8"}, {"6", "2"}, {"6", "4"}, {"6", "6"}} {
		wantTotals += r.place + " \"" + r.player + "\" \"Player " + r.player + "\" \"10" + r.player + "\"\n"
	}
	if strings.Count(file, "[TotalScoreTable") != 1 || !strings.Contains(file, wantTotals) {
		t.Errorf("TotalScoreTable: want once\n%s\nfile:\n%s", wantTotals, file)
	}
	// Read back through the one PBN reader: the players by their
	// PlayerId_ seats, names from the seat tags and membership numbers from
	// the TotalScoreTable, the individual movement from the games' rounds,
	// and the same standings. It was refused ("does not read one from a
	// PBN file yet").
	back, err := readBackPBN(buf.Bytes())
	if err != nil {
		t.Fatalf("reading the individual back: %v", err)
	}
	bs := back.Sections[0]
	if bs.Section.Movement.Kind != movement.KindIndividual || bs.Section.Movement.Players != 8 || len(bs.Section.Movement.Rounds) != 7 {
		t.Errorf("read back as %s, %d players, %d rounds; want an individual of 8 players in 7 rounds", bs.Section.Movement.Kind, bs.Section.Movement.Players, len(bs.Section.Movement.Rounds))
	}
	standing := func(sd tournament.SectionData) []string {
		var out []string
		for _, st := range sd.Standings.Pairs {
			out = append(out, fmt.Sprintf("%d %s %s %.2f %.2f", st.Place, st.Number, strings.Join(st.Players, "/"), st.Total, st.Percentage))
		}
		return out
	}
	if got, want := standing(bs), standing(d.Sections[0]); !slices.Equal(got, want) {
		t.Errorf("standings read back\n%q\nwant\n%q", got, want)
	}
	for _, p := range bs.Pairs {
		if len(p.Players) != 1 || p.Players[0].Name != "Player "+p.Number || p.Players[0].Number != "10"+p.Number {
			t.Errorf("player %s read back as %+v; want Player %s, membership number 10%s", p.Number, p.Players, p.Number, p.Number)
		}
	}
}
