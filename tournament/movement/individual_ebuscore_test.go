package movement

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// The figures below are quoted from EBUScore's individual movement library
// ISMovements.txt (the English Bridge Union's scoring program), as
// rhindonltd/bridge-box-scorer carries it: src/movement/ISMovements.txt,
// commit a04a1b72d780a31f267eef04cf9d6409ca85b008 (no licence stated: the
// file is not committed here; tournament/movement/testdata/README.md). A
// block is a "[name] title" line, the header "3,tables,boards,boards per
// round,rounds,players" and a line a table of North, South, East, West and
// set for each round (the format of "Writing New Movements in EBU Score",
// forums.ebu.co.uk discussion 1858).

// libraryM176 is the library's block "[M176] Howell. 8 Players. The two
// tables share boards." (its lines 2–5), verbatim but for the line ends.
const libraryM176 = "[M176] Howell. 8 Players. The two tables share boards.\n" +
	"3,2,28,4,7,8\n" +
	"8,1,5,7,1,8,2,6,1,2,8,3,7,2,3,8,4,1,3,4,8,5,2,4,5,8,6,3,5,6,8,7,4,6,7\n" +
	"2,6,4,3,1,3,7,5,4,2,4,1,6,5,3,5,2,7,6,4,6,3,1,7,5,7,4,2,1,6,1,5,3,2,7\n"

// TestReadEBUScoreIndividual8: the library's [M176], 8 players at 2
// tables in 7 rounds of 4 boards, read as North, South, East, West, is
// traveler's 8-player individual (thebridsk/bridgescorer's, published8)
// seat for seat and board for board: round 1, table 1 is "8,1,5,7" —
// North 8, South 1, East 5, West 7 — and table 2 "2,6,4,3", North 2,
// South 6, East 4, West 3, both on set 1 (boards 1–4).
func TestReadEBUScoreIndividual8(t *testing.T) {
	read, err := ReadEBUScoreIndividual(libraryM176, 4)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Individual(IndividualOptions{Players: 8, BoardsPerRound: 4})
	if err != nil {
		t.Fatal(err)
	}
	if read.Kind != KindIndividual || read.Players != 8 || read.Tables != 2 || read.Boards != 28 || len(read.Rounds) != 7 || read.Pairs != 28 {
		t.Fatalf("read: kind %v, %d players, %d tables, %d boards, %d rounds, %d partnerships", read.Kind, read.Players, read.Tables, read.Boards, len(read.Rounds), read.Pairs)
	}
	if got := read.Rounds[0].Tables; !slices.Equal(got[0].Players, []int{8, 5, 1, 7}) || !slices.Equal(got[1].Players, []int{2, 4, 6, 3}) ||
		!slices.Equal(got[0].Boards, []int{1, 2, 3, 4}) || !slices.Equal(got[1].Boards, []int{1, 2, 3, 4}) {
		t.Errorf("round 1: %+v, want N8 E5 S1 W7 and N2 E4 S6 W3 (Table.Players order), both on boards 1-4", got)
	}
	for ri := range want.Rounds {
		w, g := want.Rounds[ri], read.Rounds[ri]
		for ti := range w.Tables {
			if !slices.Equal(g.Tables[ti].Players, w.Tables[ti].Players) || !slices.Equal(g.Tables[ti].Boards, w.Tables[ti].Boards) ||
				g.Tables[ti].NS != w.Tables[ti].NS || g.Tables[ti].EW != w.Tables[ti].EW {
				t.Errorf("round %d, table %d: read %+v, traveler's %+v", ri+1, ti+1, g.Tables[ti], w.Tables[ti])
			}
		}
		if len(g.SitOut) != 0 {
			t.Errorf("round %d: %v sit out; 8 players fill 2 tables", ri+1, g.SitOut)
		}
	}
	if _, err := read.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

// libraryRound is one table of a round as the library prints it: North,
// South, East, West, set.
type libraryRound [5]int

// checkLibraryRound checks round r (1 up), table by table, of m against
// the library's figures, boards per set per.
func checkLibraryRound(t *testing.T, m *Movement, r, per int, want []libraryRound) {
	t.Helper()
	rd, ok := m.Round(r)
	if !ok || len(rd.Tables) != len(want) {
		t.Fatalf("round %d: %d tables, the library %d", r, len(rd.Tables), len(want))
	}
	for i, w := range want {
		tb := rd.Tables[i]
		got := libraryRound{tb.Players[0], tb.Players[2], tb.Players[1], tb.Players[3], (tb.Boards[0]-1)/per + 1}
		if tb.Table != i+1 || got != w || len(tb.Boards) != per || tb.NS != Partnership(w[0], w[1]) || tb.EW != Partnership(w[2], w[3]) {
			t.Errorf("round %d, table %d: N,S,E,W,set %v (boards %v, NS %d, EW %d), the library %v", r, tb.Table, got, tb.Boards, tb.NS, tb.EW, w)
		}
	}
}

// checkEmbedded checks the library text traveler embeds for the
// individual of players is the library's block byte for byte (line ends
// as "\n"): sum is the SHA-256 of its lines, computed from the library as
// `git show a04a1b72:src/movement/ISMovements.txt | sed -n LINES | tr -d '\r' | sha256sum`.
func checkEmbedded(t *testing.T, players int, sum string) {
	t.Helper()
	checkEmbeddedRounds(t, players, 0, sum)
}

// checkEmbeddedRounds is checkEmbedded for the individual of players in
// rounds rounds (0: the default one).
func checkEmbeddedRounds(t *testing.T, players, rounds int, sum string) {
	t.Helper()
	text := ebuscoreText(players, rounds)
	if h := sha256.Sum256([]byte(text)); hex.EncodeToString(h[:]) != sum {
		t.Errorf("%d players, %d rounds: the embedded text is not the library's block (SHA-256 %x, the library's %s)", players, rounds, h, sum)
	}
}

// partnershipCounts counts the rounds each partnership plays and the
// times each player sits opposite another.
func partnershipCounts(m *Movement) (partners map[int]int, opposed map[[2]int]int) {
	partners, opposed = map[int]int{}, map[[2]int]int{}
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			partners[tb.NS]++
			partners[tb.EW]++
			for _, a := range []int{tb.Players[0], tb.Players[2]} {
				for _, b := range []int{tb.Players[1], tb.Players[3]} {
					opposed[[2]int{min(a, b), max(a, b)}]++
				}
			}
		}
	}
	return partners, opposed
}

// TestIndividual16EBUScore: traveler's individual of 16 players is the
// library's "[M183] Howell (SBU). 16 Players" (lines 48–53): 4 tables, 15
// rounds of 2 boards, 30 boards. Checked against the library's figures:
// round 1 and round 15 table by table as printed, and every round by the
// rotation the printed table follows (player 16 stays North at table 1,
// every other player moves on one number a round, 15 after 14 and 1 after
// 15, each table's set one on). A complete individual: C(16,2) = 120
// partnerships, each once; every table plays every set once (each set is
// played 4 times); no two tables share a set in a round.
func TestIndividual16EBUScore(t *testing.T) {
	m, err := Individual(IndividualOptions{Players: 16, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkEmbedded(t, 16, "66c0f72084da42f9b41c2fa4743c8d2e18a33ccd6bf25835a528cd674b773d70")
	if m.Kind != KindIndividual || m.Players != 16 || m.Tables != 4 || m.Boards != 30 || len(m.Rounds) != 15 || m.Pairs != 120 {
		t.Fatalf("kind %v, %d players, %d tables, %d boards, %d rounds, %d partnerships", m.Kind, m.Players, m.Tables, m.Boards, len(m.Rounds), m.Pairs)
	}
	if _, err := m.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	round1 := []libraryRound{{16, 1, 15, 12, 1}, {6, 7, 9, 11, 3}, {4, 8, 14, 5, 7}, {13, 3, 10, 2, 8}}
	checkLibraryRound(t, &m, 1, 2, round1)
	checkLibraryRound(t, &m, 15, 2, []libraryRound{{16, 15, 14, 11, 15}, {5, 6, 8, 10, 2}, {3, 7, 13, 4, 6}, {12, 2, 9, 1, 7}})
	move := func(v, r int) int { return mod(v-1+r-1, 15) + 1 }
	for r := 2; r <= 15; r++ {
		var want []libraryRound
		for _, w := range round1 {
			var n libraryRound
			for i, p := range w[:4] {
				n[i] = p
				if p != 16 {
					n[i] = move(p, r)
				}
			}
			n[4] = move(w[4], r)
			want = append(want, n)
		}
		checkLibraryRound(t, &m, r, 2, want)
	}
	partners, _ := partnershipCounts(&m)
	if len(partners) != 120 {
		t.Errorf("%d partnerships play; all 120 of 16 players should", len(partners))
	}
	for p, n := range partners {
		if n != 1 {
			t.Errorf("partnership %s plays %d rounds, want 1", partnershipLabel(p), n)
		}
	}
	for _, rd := range m.Rounds {
		var sets []int
		for _, tb := range rd.Tables {
			sets = append(sets, tb.Boards[0])
		}
		if slices.Sort(sets); len(slices.Compact(sets)) != 4 {
			t.Errorf("round %d: tables share a set (%v)", rd.Number, sets)
		}
	}
}

// TestIndividual24EBUScore: traveler's individual of 24 players is the
// library's "[M186] 1/2 Howell. 24 Players" (lines 85–92): 6 tables, 12
// rounds of 2 boards, 24 boards — a club evening. Checked against the
// library's figures: round 1 and round 12 table by table as printed, and
// every round by the rotation the printed table follows (players 1–12
// move on one a round, 1 after 12; players 13–24 likewise, 13 after 24;
// each table's set one on, 1 after 12). Half a Howell: each player
// partners 12 of the other 23, and the 24·12/2 = 144 partnerships each
// once; every set is played at all 6 tables.
func TestIndividual24EBUScore(t *testing.T) {
	m, err := Individual(IndividualOptions{Players: 24, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkEmbedded(t, 24, "3fa6adfd6f87b4e19577b4346e7472f052ecc086c03346573de4163b2e336823")
	if m.Players != 24 || m.Tables != 6 || m.Boards != 24 || len(m.Rounds) != 12 || m.Pairs != 276 {
		t.Fatalf("%d players, %d tables, %d boards, %d rounds, %d partnerships", m.Players, m.Tables, m.Boards, len(m.Rounds), m.Pairs)
	}
	if _, err := m.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	round1 := []libraryRound{{1, 13, 2, 4, 1}, {7, 10, 20, 17, 2}, {11, 3, 9, 15, 5}, {23, 21, 14, 6, 7}, {5, 18, 19, 12, 10}, {24, 16, 8, 22, 11}}
	checkLibraryRound(t, &m, 1, 2, round1)
	checkLibraryRound(t, &m, 12, 2, []libraryRound{{12, 24, 1, 3, 12}, {6, 9, 19, 16, 1}, {10, 2, 8, 14, 4}, {22, 20, 13, 5, 6}, {4, 17, 18, 11, 9}, {23, 15, 7, 21, 10}})
	move := func(v, r int) int {
		if v > 12 {
			return 12 + mod(v-13+r-1, 12) + 1
		}
		return mod(v-1+r-1, 12) + 1
	}
	for r := 2; r <= 12; r++ {
		var want []libraryRound
		for _, w := range round1 {
			want = append(want, libraryRound{move(w[0], r), move(w[1], r), move(w[2], r), move(w[3], r), move(w[4], r)})
		}
		checkLibraryRound(t, &m, r, 2, want)
	}
	partners, _ := partnershipCounts(&m)
	if len(partners) != 144 {
		t.Errorf("%d partnerships play, want 144", len(partners))
	}
	perPlayer := map[int]int{}
	for p, n := range partners {
		if n != 1 {
			t.Errorf("partnership %s plays %d rounds, want 1", partnershipLabel(p), n)
		}
		a, b := Partners(p)
		perPlayer[a]++
		perPlayer[b]++
	}
	for p := 1; p <= 24; p++ {
		if perPlayer[p] != 12 {
			t.Errorf("player %d has %d partners, want 12", p, perPlayer[p])
		}
	}
}

// TestIndividual16Cards: the 16-player individual's cards, read off the
// library's [M183] by hand: table 2's card in round 1 seats North 6, East
// 9, South 7, West 11 ("6,7,9,11,3") on set 3, boards 5–6; player 1's
// guide card sends them in round 1 to table 1 South, partnering 16
// against 15 and 12 ("16,1,15,12,1"), and in round 2 to table 1 East,
// partnering 13 ("16,2,1,13,2": West 13), on boards 3–4.
func TestIndividual16Cards(t *testing.T) {
	m, err := Individual(IndividualOptions{Players: 16, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	tc := m.TableCards()
	if len(tc) != 4 {
		t.Fatalf("%d table cards, want 4", len(tc))
	}
	if got := tc[1].Rounds[0]; !slices.Equal(got.Players, []int{6, 9, 7, 11}) || !slices.Equal(got.Boards, []int{5, 6}) {
		t.Errorf("table 2, round 1: %+v", got)
	}
	cards := m.GuideCards()
	if len(cards) != 16 {
		t.Fatalf("%d guide cards, want one a player", len(cards))
	}
	r1, r2 := cards[0].Rounds[0], cards[0].Rounds[1]
	if r1.Table != 1 || SeatName(r1.Seat) != "South" || r1.Partner != 16 || r1.Opponent != Partnership(15, 12) {
		t.Errorf("player 1, round 1: %+v", r1)
	}
	if r2.Table != 1 || SeatName(r2.Seat) != "East" || r2.Partner != 13 || !slices.Equal(r2.Boards, []int{3, 4}) {
		t.Errorf("player 1, round 2: %+v", r2)
	}
}

// TestIndividualPlayersListed: the sizes traveler plays, and the refusal
// of another naming them all.
func TestIndividualPlayersListed(t *testing.T) {
	if got := fmt.Sprint(IndividualPlayers()); got != "[8 12 16 20 24 28]" {
		t.Errorf("IndividualPlayers: %s", got)
	}
	for _, n := range []int{16, 24} {
		if s := IndividualSource(n); !strings.Contains(s, "EBUScore") || !strings.Contains(s, "ISMovements.txt") {
			t.Errorf("%d players: source %q", n, s)
		}
	}
	_, err := Individual(IndividualOptions{Players: 18, BoardsPerRound: 2})
	var se *scoring.Error
	if !errors.As(err, &se) || se.Field != "players" || fmt.Sprint(se.Allowed) != "[8 12 16 20 24 28]" {
		t.Errorf("18 players: %v", err)
	}
}

// library17 is the library's "[M183] Howell SBU. 17 Players" (lines
// 55–60) made from the 16 players' block as the library makes it: player
// 17 sits North at table 2 in every round in place of the player the 16
// players' table puts there (6 in round 1, 7 in round 2, …), who sits out.
func library17(t *testing.T) string {
	t.Helper()
	lines := strings.Split(ebuscoreText(16, 0), "\n")
	lines[0] = "[M183] Howell SBU. 17 Players"
	lines[1] = strings.Replace(lines[1], ",16", ",17", 1)
	v := strings.Split(lines[3], ",")
	for i := 0; i < len(v); i += 5 {
		v[i] = "17"
	}
	lines[3] = strings.Join(v, ",")
	text := strings.Join(lines, "\n")
	// `git show a04a1b72:src/movement/ISMovements.txt | sed -n 55,60p | tr -d '\r' | sha256sum`
	if h := sha256.Sum256([]byte(text)); hex.EncodeToString(h[:]) != "4c95faaf1e687d9bc7ecbdc50df8d24e0b9faeeabe2409c02b69f182d4491da4" {
		t.Errorf("17 players: the text made is not the library's block (SHA-256 %x)", h)
	}
	return text
}

// TestReadEBUScoreIndividualSitOut: 17 players at 4 tables, the library's
// [M183] of 17: the player table 2's North seat would hold sits out each
// round (6 in round 1, 7 in round 2, 5 in round 15), and the movement
// holds together.
func TestReadEBUScoreIndividualSitOut(t *testing.T) {
	m, err := ReadEBUScoreIndividual(library17(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if m.Players != 17 || m.Pairs != 136 || m.Tables != 4 {
		t.Fatalf("%d players, %d partnerships, %d tables", m.Players, m.Pairs, m.Tables)
	}
	for r, want := range map[int]int{1: 6, 2: 7, 15: 5} {
		if got := m.Rounds[r-1].SitOut; !slices.Equal(got, []int{want}) {
			t.Errorf("round %d: %v sit out, want %d", r, got, want)
		}
	}
	if _, err := m.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

// TestReadEBUScoreIndividualRefusals: what an individual file says wrong
// is refused with its line (a "[name]" line is line 1, the header line 2,
// table t line t+2), round and table, naming EBUScore's individual
// format as allowed. The files are libraryM176 changed where said.
func TestReadEBUScoreIndividualRefusals(t *testing.T) {
	// edit changes field i (0 up) of line l (0 up: the title) of libraryM176.
	edit := func(l, i int, v string) string {
		lines := strings.Split(libraryM176, "\n")
		f := strings.Split(lines[l], ",")
		f[i] = v
		lines[l] = strings.Join(f, ",")
		return strings.Join(lines, "\n")
	}
	for _, c := range []struct {
		name, text string
		per        int
		want       string
	}{
		{"pairs", edit(1, 0, "0"), 4, "line 2: movement type 0 is a pairs movement"},
		{"swivel", edit(1, 0, "4"), 4, "line 2: movement type 4 is an individual whose players change seats between the boards of a round"},
		{"teams", edit(1, 0, "5"), 4, "line 2: movement type 5 is a teams movement"},
		{"boards a round", libraryM176, 2, "line 2: the header's 4 boards a round differ from boards_per_round 2"},
		{"short table", strings.TrimSuffix(libraryM176, ",1,5,3,2,7\n") + "\n", 4, "line 4: table 2 has 30 numbers; 7 rounds need 35 (North, South, East, West and set for each)"},
		{"three tables", libraryM176 + "1,2,3,4,1\n", 4, "line 5: more tables than the header's 2"},
		// Round 1, table 1: East 5 → 9, above the header's 8 players.
		{"no such player", edit(2, 2, "9"), 4, "line 3: round 1, table 1, East: \"9\" is not a player of 1 to 8"},
		// Round 2, table 2: West 4 → 3, North already.
		{"twice at a table", edit(3, 8, "3"), 4, "line 4: round 2, table 2: player 3 sits twice at the table (North and West)"},
		// Round 1, table 2: South 6 → 1, South at table 1 too.
		{"twice in a round", edit(3, 1, "1"), 4, "line 4: round 1, table 2: player 1 is also at table 1 this round"},
		// Round 2, table 1: set 2 → 1, played in round 1 by its four.
		{"set again", edit(2, 9, "1"), 4, "line 3: round 2, table 1: player 8 plays set 1 again (they played it in round 1)"},
		{"no such set", edit(2, 9, "8"), 4, "line 3: round 2, table 1: set \"8\" is not one of the header's 7"},
		// Round 7, table 2 out of play (the library's "1,2,3,4,0"): players
		// 1, 5, 3 and 2 then sit out and set 7 is played at table 1 only.
		{"set played less", strings.Replace(libraryM176, ",1,5,3,2,7\n", ",1,2,3,4,0\n", 1), 4, "set 7 is played at 1 table in all, set 1 at 2"},
		{"player absent", edit(1, 5, "9"), 4, "line 2: player 9 of the header's 9 plays in no round"},
		{"three players", edit(1, 5, "3"), 4, "line 2: the header's 3 players: an individual has 4 or more"},
		{"players", edit(1, 5, "11"), 4, "line 2: the header's 11 players do not fit 2 tables: four a table and at most one more a table sitting out in turn, 10"},
	} {
		_, err := ReadEBUScoreIndividual(c.text, c.per)
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != "file" || !strings.Contains(se.Problem, c.want) || len(se.Allowed) != 1 || !strings.Contains(se.Allowed[0], "EBUScore individual") {
			t.Errorf("%s: %v, want field file, %q and EBUScore's individual format as allowed", c.name, err, c.want)
		}
	}
	// A pairs movement's reader sends an individual to the individual's.
	_, err := ReadMovementFile(libraryM176, 4, false)
	if err == nil || !strings.Contains(err.Error(), "line 2: movement type 3 is an individual movement: create an individual section with it (kind individual)") {
		t.Errorf("ReadMovementFile of an individual: %v", err)
	}
}

// FuzzReadIndividualFile: no text makes ReadIndividualFile (EBUScore's
// format or .ASC) panic, and a movement it returns passes Validate.
func FuzzReadIndividualFile(f *testing.F) {
	f.Add(libraryM176, 4)
	f.Add(ascM176, 4)
	f.Add(ebuscoreText(16, 0), 2)
	f.Add("3,1,2,1,2,5\n1,2,3,4,1,5,1,2,3,2\n", 1)
	f.Add("", 1)
	f.Fuzz(func(t *testing.T, text string, per int) {
		if per > 36 || len(text) > 4096 {
			return // the service's bounds (tournament.MaxBoardsPerRound, MaxMovementFile) keep larger out
		}
		m, err := ReadIndividualFile(text, per)
		if err != nil {
			return
		}
		if _, err := m.Validate(); err != nil {
			t.Errorf("read but not valid: %v\n%s", err, text)
		}
	})
}

// TestIndividual16In12Rounds: with 12 rounds the individual of 16 players
// is the library's "[M182] 3/4 Howell. 16 Players" (lines 41–46): 4
// tables, 12 rounds of 2 boards, 24 boards. Checked against the library's
// figures: round 1 and round 12 as printed, and every round by the rotation
// the printed table follows (players 13 to 16 stay in their seats — 13
// South at table 1, 14 North at table 2, 15 South at table 3, 16 North at
// table 4 — players 1 to 12 move on one number a round, 1 after 12, each
// table's set one on, 1 after 12). Three-quarters of a Howell: each player
// partners 12 of the other 15 once, 16·12/2 = 96 partnerships.
func TestIndividual16In12Rounds(t *testing.T) {
	m, err := Individual(IndividualOptions{Players: 16, BoardsPerRound: 2, Rounds: 12})
	if err != nil {
		t.Fatal(err)
	}
	checkEmbeddedRounds(t, 16, 12, "22231aa50993297ed1562182bff7441a0271cf7a92d57f9bcbc60396b96960d5")
	if m.Players != 16 || m.Tables != 4 || m.Boards != 24 || len(m.Rounds) != 12 {
		t.Fatalf("%d players, %d tables, %d boards, %d rounds", m.Players, m.Tables, m.Boards, len(m.Rounds))
	}
	if _, err := m.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	round1 := []libraryRound{{7, 13, 1, 2, 1}, {14, 6, 11, 9, 2}, {4, 15, 5, 8, 6}, {16, 12, 3, 10, 7}}
	checkLibraryRound(t, &m, 1, 2, round1)
	checkLibraryRound(t, &m, 12, 2, []libraryRound{{6, 13, 12, 1, 12}, {14, 5, 10, 8, 1}, {3, 15, 4, 7, 5}, {16, 11, 2, 9, 6}})
	move := func(v, r int) int {
		if v > 12 {
			return v
		}
		return mod(v-1+r-1, 12) + 1
	}
	for r := 2; r <= 12; r++ {
		var want []libraryRound
		for _, w := range round1 {
			want = append(want, libraryRound{move(w[0], r), move(w[1], r), move(w[2], r), move(w[3], r), mod(w[4]-1+r-1, 12) + 1})
		}
		checkLibraryRound(t, &m, r, 2, want)
	}
	partners, _ := partnershipCounts(&m)
	perPlayer := map[int]int{}
	for p, n := range partners {
		if n != 1 {
			t.Errorf("partnership %s plays %d rounds, want 1", partnershipLabel(p), n)
		}
		a, b := Partners(p)
		perPlayer[a]++
		perPlayer[b]++
	}
	if len(partners) != 96 {
		t.Errorf("%d partnerships, want 96", len(partners))
	}
	for p := 1; p <= 16; p++ {
		if perPlayer[p] != 12 {
			t.Errorf("player %d has %d partners, want 12", p, perPlayer[p])
		}
	}
}

// TestIndividualRounds: the rounds a director may ask of each published
// individual — its own (or 0 for the default: 15 for 16 players) — and a
// refusal of others naming those there are.
func TestIndividualRounds(t *testing.T) {
	for _, c := range []struct{ players, rounds, want int }{{8, 0, 7}, {8, 7, 7}, {12, 11, 11}, {16, 0, 15}, {16, 15, 15}, {16, 12, 12}, {20, 5, 5}, {24, 12, 12}} {
		m, err := Individual(IndividualOptions{Players: c.players, BoardsPerRound: 2, Rounds: c.rounds})
		if err != nil || len(m.Rounds) != c.want {
			t.Errorf("%d players, %d rounds: %d rounds (%v), want %d", c.players, c.rounds, len(m.Rounds), err, c.want)
		}
	}
	for _, c := range []struct {
		players, rounds int
		allowed         string
	}{{16, 13, "[15 12]"}, {8, 6, "[7]"}, {28, 5, "[7]"}, {24, 25, "[12]"}} {
		_, err := Individual(IndividualOptions{Players: c.players, BoardsPerRound: 2, Rounds: c.rounds})
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != "rounds" || fmt.Sprint(se.Allowed) != c.allowed || !strings.Contains(se.Problem, "published") {
			t.Errorf("%d players in %d rounds: %v, want field rounds, allowed %s", c.players, c.rounds, err, c.allowed)
		}
	}
}

// ebuscoreText is the library text traveler embeds for the individual of
// players in rounds rounds (0: its default), "" when there is none.
func ebuscoreText(players, rounds int) string {
	for i, e := range ebuscoreIndividuals[players] {
		if (rounds == 0 && i == 0) || e.rounds == rounds {
			return e.text
		}
	}
	return ""
}

// ascM176 is libraryM176 written in the .ASC format's individual form
// (http://www.pjms.nl/movementfile_standard.html, version 1.0: "In an
// individual movement the header is followed by a number of sets { N, S,
// E, W, board group }, each specifying a table", a line a round, the
// header's last number 1), groups as letters: line by line the library's
// round r of table 1 then table 2, set r as letter r.
const ascM176 = "8 2 7 7 1 # [M176] of EBUScore's ISMovements.txt\n" +
	"8 1 5 7 A  2 6 4 3 A\n" +
	"8 2 6 1 B  3 7 5 4 B\n" +
	"8 3 7 2 C  4 1 6 5 C\n" +
	"8 4 1 3 D  5 2 7 6 D\n" +
	"8 5 2 4 E  6 3 1 7 E\n" +
	"8 6 3 5 F  7 4 2 1 F\n" +
	"8 7 4 6 G  1 5 3 2 G\n"

// TestReadASCIndividual: the .ASC format's individual form of [M176]
// (ascM176), read through ReadIndividualFile — which tells it from
// EBUScore's by its five-number header — is the movement EBUScore's file
// gives (TestReadEBUScoreIndividual8), seat for seat and board for board.
// Its faults are refused naming the round's line and the table, in the
// format's words ("board group").
func TestReadASCIndividual(t *testing.T) {
	asc, err := ReadIndividualFile(ascM176, 4)
	if err != nil {
		t.Fatal(err)
	}
	ebu, err := ReadIndividualFile(libraryM176, 4)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(asc) != fmt.Sprint(ebu) {
		t.Errorf("the .ASC file read:\n%+v\nEBUScore's:\n%+v", asc, ebu)
	}
	for _, c := range []struct{ name, text, want string }{
		// Round 2, table 2: West 4 → 3, North already.
		{"twice at a table", strings.Replace(ascM176, "3 7 5 4 B", "3 7 5 3 B", 1), "line 3: round 2, table 2: player 3 sits twice at the table (North and West)"},
		// Round 2, table 1: group B → A, which its four played in round 1.
		{"group again", strings.Replace(ascM176, "8 2 6 1 B", "8 2 6 1 A", 1), "line 3: round 2, table 1: player 8 plays board group A again (they played it in round 1)"},
		{"no such player", strings.Replace(ascM176, "8 1 5 7 A", "8 1 9 7 A", 1), "line 2: round 1, table 1, East: \"9\" is not a player of 1 to 8"},
		{"pairs", strings.Replace(ascM176, "8 2 7 7 1", "8 2 7 7 0", 1), "line 1: the header's last number 0 is a pairs movement"},
		{"short round", strings.Replace(ascM176, "  1 5 3 2 G", "", 1), "line 8: round 7 has 5 numbers; 2 tables need 10"},
		{"rounds", strings.TrimSuffix(ascM176, "8 7 4 6 G  1 5 3 2 G\n"), "the file has 6 rounds; the header says 7"},
	} {
		_, err := ReadIndividualFile(c.text, 4)
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != "file" || !strings.Contains(se.Problem, c.want) || len(se.Allowed) != 1 || !strings.Contains(se.Allowed[0], ".ASC individual") {
			t.Errorf("%s: %v, want field file, %q and the .ASC individual form as allowed", c.name, err, c.want)
		}
	}
}
