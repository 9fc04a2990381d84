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

// TestPairSubstituteReadsBack: a pair's substitute is one of its players
// throughout (traveler keeps no rounds for one: tournament's
// checkSubstitutes), so a pairs event reads back to the same standings
// with or without them; what must travel is the third player.
// interchangeEvent (4 pairs, 2 boards, hand-checked there: pair 1 3.00
// = 75 %, 2 1.00, 3 1.20, 4 2.80) with pair 1 playing as Ann, Bob and a
// substitute, Sid Sub (membership number 301), written as PBN and
// USEBIO, reads back with pair 1's three players and the same standings.
// PBN lists a pair's players in its TotalScoreTable's Names ("Ann - Bob
// - Sid Sub"), the seat tags naming the two who sit;
// USEBIO writes the pair's two PLAYERs, as the readers of USEBIO take a
// pair (the EBU's importer, marcshearer/ImportUsebio Validation.swift,
// refuses a PAIR whose PLAYERs are not 2: "Pair … has 3 players"; the
// ABF's, abftech/cobalt results/views/usebio.py, reads PLAYER[0] and
// PLAYER[1]), and the substitute in a comment of the PAIR that traveler
// reads.
func TestPairSubstituteReadsBack(t *testing.T) {
	d := interchangeEvent(t)
	sd := &d.Sections[0]
	pairs := slices.Clone(sd.Pairs)
	pairs[0].Players = append(slices.Clone(pairs[0].Players), tournament.Player{Name: "Sid Sub", Number: "301"})
	boards := map[int]tournament.Board{}
	for _, tr := range sd.Travelers {
		boards[tr.Board.Number] = tr.Board
	}
	*sd = tournament.BuildSection(d.Event, sd.Section, pairs, nil, boards, sd.Results)
	want := standingRows(*sd)
	if want[0] != "1 1 Ann/Bob/Sid Sub 3.00 75.00 2" {
		t.Fatalf("pair 1 with a substitute: %q, want first, 3.00, 75 %%", want[0])
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
		if f.format == FormatUSEBIO {
			pair := buf.String()[strings.Index(buf.String(), "<PAIR>"):]
			pair = pair[:strings.Index(pair, "</PAIR>")]
			if n := strings.Count(pair, "<PLAYER>"); n != 2 || !strings.Contains(pair, "Sid Sub") {
				t.Errorf("USEBIO: pair 1 written with %d PLAYERs, want its 2 and the substitute in a comment:\n%s", n, pair)
			}
		}
		rf, err := ReadResults(bytes.NewReader(buf.Bytes()), ReadOptions{Format: f.format, Strict: true})
		if err != nil {
			t.Fatalf("%s: reading back: %v", f.format, err)
		}
		bs := rf.Event.Sections[0]
		if got := standingRows(bs); !slices.Equal(got, want) {
			t.Errorf("%s: standings read back\n%q\nwant\n%q", f.format, got, want)
		}
		sub := tournament.Player{Name: "Sid Sub", Number: "301"}
		if f.format == FormatPBN {
			sub.Number = "" // the TotalScoreTable's MemberID1 and MemberID2 are the first two players'
		}
		for _, p := range bs.Pairs {
			if p.Number == "1" && (len(p.Players) != 3 || p.Players[0].Name != "Ann" || p.Players[2] != sub) {
				t.Errorf("%s: pair 1 read back as %+v, want Ann, Bob and %+v", f.format, p.Players, sub)
			}
		}
	}
}

// TestPBNPairSeatNamesChange: PBN names who sat in a game's seats (PBN
// 2.1 §3.4.4–§3.4.7), so a pair whose seats name someone new in a later
// game had a substitute, one of its players throughout. interchangeEvent's
// PBN with Sid Sub for Bob (South, pair 1) on board 2 and no
// TotalScoreTable reads pair 1 as Ann, Bob and Sid Sub, standings as
// before; a fifth name in one pair's seats is refused naming the tag and
// its line (the service keeps a pair's two and at most two substitutes).
func TestPBNPairSeatNamesChange(t *testing.T) {
	d := interchangeEvent(t)
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, g := range strings.Split(buf.String(), pbnEOL+pbnEOL) {
		var kept []string
		inTable := false // the TotalScoreTable's tag and its rows, up to the next tag
		for _, l := range strings.Split(g, pbnEOL) {
			if strings.HasPrefix(l, "[") || strings.HasPrefix(l, "{") {
				inTable = strings.HasPrefix(l, "[TotalScoreTable")
			}
			if !inTable {
				kept = append(kept, l)
			}
		}
		games = append(games, strings.Join(kept, pbnEOL))
	}
	file := strings.Join(games, pbnEOL+pbnEOL)
	if strings.Contains(file, "TotalScoreTable") {
		t.Fatal("the TotalScoreTable is still there")
	}
	sub := func(names ...string) string {
		out := slices.Clone(games)
		for i, g := range out {
			if strings.Contains(g, `[Board "2"]`) && strings.Contains(g, `[PairId_NS "1"]`) {
				for _, n := range names {
					g = strings.Replace(g, `[South "Bob"]`, `[South "`+n+`"]`, 1)
					out[i] = g
				}
			}
		}
		return strings.Join(out, pbnEOL+pbnEOL)
	}
	rf, err := ReadResults(strings.NewReader(sub("Sid Sub")), ReadOptions{Format: FormatPBN})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rf.Event.Sections[0].Pairs {
		if p.Number == "1" && (len(p.Players) != 3 || p.Players[0].Name != "Ann" || p.Players[1].Name != "Bob" || p.Players[2].Name != "Sid Sub") {
			t.Errorf("pair 1 read as %+v, want Ann, Bob and Sid Sub", p.Players)
		}
	}
	want := standingRows(d.Sections[0])
	want[0] = strings.Replace(want[0], "Ann/Bob", "Ann/Bob/Sid Sub", 1)
	if got := standingRows(rf.Event.Sections[0]); !slices.Equal(got, want) {
		t.Errorf("standings\n%q\nwant\n%q", got, want)
	}
	// A fifth name in pair 1's seats: three boards of pairs 1 and 2 at
	// one table, pair 1 named Ann and Bob, then Cat and Dan, then Eve.
	var five strings.Builder
	for b, ns := range [3][2]string{{"Ann", "Bob"}, {"Cat", "Dan"}, {"Ann", "Eve"}} {
		if b > 0 {
			five.WriteString("\n")
		}
		fmt.Fprintf(&five, "[Event \"Five\"]\n[Site \"\"]\n[Date \"2024.03.05\"]\n[Board \"%d\"]\n[West \"Wes\"]\n[North \"%s\"]\n[East \"Eas\"]\n[South \"%s\"]\n"+
			"[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"\"]\n[Scoring \"MP\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[PairId_EW \"2\"]\n[PairId_NS \"1\"]\n", b+1, ns[0], ns[1])
	}
	_, err = ReadResults(strings.NewReader(five.String()), ReadOptions{Format: FormatPBN})
	var fe *FileError
	// Each game is 17 tags and a blank line: board 3's starts on line 37,
	// its South (the 8th tag) on 44.
	if !errors.As(err, &fe) || fe.Line != 44 || fe.Element != "[South]" || !strings.Contains(fe.Expected, "at most 4 players of pair 1") {
		t.Errorf("five names in pair 1's seats read as %v, want refused naming board 3's South tag and its line (44)", err)
	} else {
		t.Log(err)
	}
}

// TestSubstituteMarksRefused: what names a substitute badly is refused
// naming where. In PBN, four different people in player 3's seat in
// rounds 4 to 7 (the service keeps a player and at most 3 substitutes),
// at round 7's seat tag. In USEBIO, a line's comment naming a seat that is
// not N, E, S or W, and a PAIR's comment naming a seat (a pair's
// substitute sits throughout, in no seat of its own).
func TestSubstituteMarksRefused(t *testing.T) {
	d := substituteIndividual(t, 1, tournament.Player{Name: "Sam Sub", Number: "201", From: 4})
	var pbn, usebio bytes.Buffer
	if err := WritePBN(&pbn, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteUSEBIO(&usebio, d); err != nil {
		t.Fatal(err)
	}
	games := strings.Split(pbn.String(), pbnEOL+pbnEOL)
	for i, g := range games {
		for r := 4; r <= 7; r++ {
			if strings.Contains(g, `[Round "`+strconv.Itoa(r)+`"]`) {
				games[i] = strings.Replace(g, `"Sam Sub"`, `"Sub `+strconv.Itoa(r)+`"`, 1)
			}
		}
	}
	pd := interchangeEvent(t)
	pd.Sections[0].Pairs[0].Players = append(pd.Sections[0].Pairs[0].Players, tournament.Player{Name: "Sid Sub"})
	var pairs bytes.Buffer
	if err := WriteUSEBIO(&pairs, pd); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		format Format
		file   string
		elem   string
		says   string
	}{
		{"PBN, a fourth substitute", FormatPBN, strings.Join(games, pbnEOL+pbnEOL), "]", "at most 3 substitutes in player 3's seat"},
		{"USEBIO, seat X", FormatUSEBIO, strings.Replace(usebio.String(), usebioSubstitutePrefix+" W:", usebioSubstitutePrefix+" X:", 1), "BOARD/TRAVELLER_LINE/<!-- " + usebioSubstitutePrefix, "the seat"},
		{"USEBIO, a pair's substitute in a seat", FormatUSEBIO, strings.Replace(pairs.String(), usebioSubstitutePrefix+":", usebioSubstitutePrefix+" N:", 1), "PARTICIPANTS/PAIR/<!-- " + usebioSubstitutePrefix, "no seat"},
	} {
		_, err := ReadResults(strings.NewReader(c.file), ReadOptions{Format: c.format, Strict: true})
		var fe *FileError
		if !errors.As(err, &fe) || fe.Line == 0 || !strings.Contains(fe.Element, c.elem) || !strings.Contains(fe.Expected, c.says) {
			t.Errorf("%s: read as %v, want refused at %s saying %q", c.name, err, c.elem, c.says)
		} else {
			t.Logf("%s: %v", c.name, err)
		}
	}
}
