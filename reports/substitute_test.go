package reports

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// substituteIndividual is TestPBNIndividual's 8-player individual (in
// odd rounds table 1's North makes 4♠ and table 2's 2♠, in even rounds
// the other way round) with a substitute (sub, rounds and all) in player
// 3's seat, as api/e2e's TestAPIIndividualSubstitute enters one; each
// table plays boardsPerRound boards a round, all with the same contract.
func substituteIndividual(t *testing.T, boardsPerRound int, sub tournament.Player) tournament.EventData {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "individual", Players: 8, BoardsPerRound: boardsPerRound}
	mov, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Individual with a substitute", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	e.LawOptions = defaultOptions(e.Law)
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: mov, CurrentRound: 1}
	var pairs []tournament.Pair
	for p := 1; p <= 8; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Players: []tournament.Player{{Name: "Player " + strconv.Itoa(p), Number: strconv.Itoa(100 + p)}}})
	}
	pairs[2].Players = append(pairs[2].Players, sub)
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
			for _, b := range tb.Boards {
				results = append(results, tournament.Result{Board: b, Round: rd.Number, Table: tb.Table, NS: ns, EW: ew,
					Status: tournament.StatusPlayed, Contract: c, Declarer: "N", Tricks: tricks})
			}
		}
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}
}

// standingRows are a section's standings as text: place, number,
// players, total, percentage and boards.
func standingRows(sd tournament.SectionData) []string {
	var out []string
	for _, st := range sd.Standings.Pairs {
		out = append(out, fmt.Sprintf("%d %s %s %.2f %.2f %d", st.Place, st.Number, strings.Join(st.Players, "/"), st.Total, st.Percentage, st.Boards))
	}
	return out
}

// TestIndividualSubstituteReadsBack: an individual with a substitute
// written as PBN and as USEBIO reads back through the one reader of each
// to the same standings. By hand (api/e2e TestAPIIndividualSubstitute):
// player 3 played rounds 1 to 3 only, 2 matchpoints each (T2 West in
// round 1, T2 North in 2, T1 South in 3, the top each time), 6 of a top
// of 2 on 3 boards, scaled to the 7 boards 6 × 7 / 3 = 14.00 = 100 %,
// first; read back without the substitute player 3 was ranked on all 7
// rounds (12.00, TestAPIIndividual8's figure). PBN carries who sat in a
// seat board by board in the seat tags (PBN 2.1 §3.4.4–§3.4.7: West,
// North, East, South name the players of that game); USEBIO names a
// line's players only by number (N_PLAYER_NUMBER …, the EBU's example
// individual), so traveler writes the substitute in a comment of the line
// as it writes an assigned score's parts (usebio_assigned.go), which a
// strict reader skips and traveler's reads.
//
// Sam Sub sitting in rounds 1 to 3 instead leaves player 3 rounds 4 to 7
// (the same table's row, T1W 2, T2S 0, T1E 2, T2E 2): 6 on 4 boards,
// scaled 6 × 7 / 4 = 10.50 = 75 %, still first (1, 5, 7 and 8 next on
// 8.00 = 57.14 %).
// The entrant is told from the substitute by the TotalScoreTable's row
// (PBN) and PARTICIPANTS/PLAYER (USEBIO), not by who sat first.
func TestIndividualSubstituteReadsBack(t *testing.T) {
	for _, c := range []struct {
		sub  tournament.Player
		want string // player 3's standing
	}{
		{tournament.Player{Name: "Sam Sub", Number: "201", From: 4}, "1 3 Player 3/Sam Sub 14.00 100.00 3"},
		{tournament.Player{Name: "Sam Sub", Number: "201", From: 1, To: 3}, "1 3 Player 3/Sam Sub 10.50 75.00 4"},
	} {
		substituteReadsBack(t, c.sub, c.want)
	}
}

// substituteReadsBack writes substituteIndividual with sub as PBN and
// USEBIO and reads each back to the same standings, player 3's want.
func substituteReadsBack(t *testing.T, sub tournament.Player, want3 string) {
	t.Helper()
	d := substituteIndividual(t, 1, sub)
	want := standingRows(d.Sections[0])
	if !slices.Contains(want, want3) {
		t.Fatalf("the written event's standings: %q, want player 3 %s", want, want3)
	}
	for _, f := range []struct {
		format Format
		write  func(*bytes.Buffer) error
	}{
		{FormatPBN, func(b *bytes.Buffer) error { return WritePBN(b, d) }},
		{FormatUSEBIO, func(b *bytes.Buffer) error { return WriteUSEBIO(b, d) }},
	} {
		var buf bytes.Buffer
		if err := f.write(&buf); err != nil {
			t.Fatal(err)
		}
		rf, err := ReadResults(bytes.NewReader(buf.Bytes()), ReadOptions{Format: f.format, Strict: true})
		if err != nil {
			t.Fatalf("%s: reading back: %v", f.format, err)
		}
		bs := rf.Event.Sections[0]
		if got := standingRows(bs); !slices.Equal(got, want) {
			t.Errorf("%s: standings read back\n%q\nwant\n%q", f.format, got, want)
		}
		var three tournament.Pair
		for _, p := range bs.Pairs {
			if p.Number == "3" {
				three = p
			}
		}
		// PBN's seat tags carry a name only; the membership number travels
		// in USEBIO's comment.
		back := sub
		if f.format == FormatPBN {
			back.Number = ""
		}
		if back.To == 7 {
			back.To = 0 // to the last round
		}
		if len(three.Players) != 2 || three.Players[0].Name != "Player 3" || three.Players[1] != back {
			t.Errorf("%s: player 3 read back as %+v, want Player 3 and %+v", f.format, three.Players, back)
		}
	}
}

// TestIndividualSubstituteRefused: a substitute who sat in a seat for
// only part of a round does not fit traveler's rule (a substitute sits
// in a seat from a round to a round, Pair.SatIn): with two boards a
// round, a file naming Sam Sub on one board of round 4 and player 3 on
// the other is refused, naming the game's seat tag (PBN) or the line's
// comment (USEBIO), its line and the round.
func TestIndividualSubstituteRefused(t *testing.T) {
	d := substituteIndividual(t, 2, tournament.Player{Name: "Sam Sub", Number: "201", From: 4})
	sd := &d.Sections[0]
	// Round 4's table where Sam Sub sat: its second board.
	var board int
	for _, r := range sd.Results {
		if pl, sub, _ := sd.SeatedAt(3, r.Round); r.Round == 4 && sub && pl.Name == "Sam Sub" {
			if seats, err := individualSeats(&sd.Section.Movement, &r); err == nil && slices.Contains(seats, 3) {
				board = max(board, r.Board)
			}
		}
	}
	if board == 0 {
		t.Fatal("no board of round 4 seats player 3")
	}
	var pbn, usebio bytes.Buffer
	if err := WritePBN(&pbn, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteUSEBIO(&usebio, d); err != nil {
		t.Fatal(err)
	}
	// Both read back whole first.
	for _, f := range []struct {
		format Format
		file   []byte
	}{{FormatPBN, pbn.Bytes()}, {FormatUSEBIO, usebio.Bytes()}} {
		rf, err := ReadResults(bytes.NewReader(f.file), ReadOptions{Format: f.format, Strict: true})
		if err != nil {
			t.Fatalf("%s: reading back: %v", f.format, err)
		}
		if got, want := standingRows(rf.Event.Sections[0]), standingRows(*sd); !slices.Equal(got, want) {
			t.Errorf("%s, two boards a round: standings read back\n%q\nwant\n%q", f.format, got, want)
		}
	}
	// PBN: the game of that board in round 4 names Player 3 again.
	games := strings.Split(pbn.String(), pbnEOL+pbnEOL)
	for i, g := range games {
		if strings.Contains(g, "[Board \""+strconv.Itoa(board)+"\"]") && strings.Contains(g, "\"Sam Sub\"") {
			games[i] = strings.Replace(g, "\"Sam Sub\"", "\"Player 3\"", 1)
		}
	}
	// USEBIO: that board's line loses its comment.
	blocks := strings.Split(usebio.String(), "<BOARD ")
	for i, b := range blocks {
		if strings.Contains(b, "<BOARD_NUMBER>"+strconv.Itoa(board)+"</BOARD_NUMBER>") {
			var kept []string
			for _, line := range strings.Split(b, "\n") {
				if !strings.Contains(line, usebioSubstitutePrefix) {
					kept = append(kept, line)
				}
			}
			blocks[i] = strings.Join(kept, "\n")
		}
	}
	for _, c := range []struct {
		format Format
		file   string
		elem   string
	}{
		{FormatPBN, strings.Join(games, pbnEOL+pbnEOL), "]"},
		{FormatUSEBIO, strings.Join(blocks, "<BOARD "), usebioSubstitutePrefix},
	} {
		_, err := ReadResults(strings.NewReader(c.file), ReadOptions{Format: c.format, Strict: true})
		var fe *FileError
		if !errors.As(err, &fe) || !strings.Contains(fe.Element, c.elem) || !strings.Contains(fe.Expected, "round 4") || fe.Line == 0 {
			t.Errorf("%s: a substitute for part of a round read as %v, want a FileError naming %s, its line and round 4", c.format, err, c.elem)
		} else {
			t.Logf("%s: %v", c.format, err)
		}
	}
}
