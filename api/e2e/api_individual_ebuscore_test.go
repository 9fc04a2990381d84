package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// The individual movements of these tests are EBUScore's, from its
// individual movement library ISMovements.txt (the English Bridge Union's
// scoring program), as rhindonltd/bridge-box-scorer carries it:
// src/movement/ISMovements.txt, commit a04a1b72 (no licence stated; quoted,
// not committed). A block is a "[name] title" line, the header
// "3,tables,boards,boards per round,rounds,players" and a line a table of
// North, South, East, West and set for each round.

// libraryM176 is the library's "[M176] Howell. 8 Players. The two tables
// share boards." (lines 2–5), as a director would paste it: 8 players, 2
// tables, 7 rounds of 4 boards, both tables on the round's set. It is the
// schedule of traveler's own 8-player individual
// (movement.TestReadEBUScoreIndividual8), so TestAPIIndividual8's hand
// calculation holds for it, four boards a round in place of one.
const libraryM176 = "[M176] Howell. 8 Players. The two tables share boards.\r\n" +
	"3,2,28,4,7,8\r\n" +
	"8,1,5,7,1,8,2,6,1,2,8,3,7,2,3,8,4,1,3,4,8,5,2,4,5,8,6,3,5,6,8,7,4,6,7\r\n" +
	"2,6,4,3,1,3,7,5,4,2,4,1,6,5,3,5,2,7,6,4,6,3,1,7,5,7,4,2,1,6,1,5,3,2,7\r\n"

// TestAPIIndividual16 plays traveler's 16-player individual, the library's
// "[M183] Howell (SBU). 16 Players" (4 tables, 15 rounds; checked against
// the library's figures in tournament/movement TestIndividual16EBUScore),
// through the API, one board a round: 15 boards, each played once at each
// table. Table 1's North always makes 4♠ (+420 or +620), table 2's 2♠
// (+110), table 3's goes one down in 4♠ (−50 or −100), table 4's three
// down (−150 or −300): on every board table 1's NS beat the three others
// (6 of a top of 6), table 2's two (4), table 3's one (2), table 4's none
// (0); the EW the other way (0, 2, 4, 6).
//
// By hand: player 16 sits North at table 1 throughout (the library's
// "16,1,15,12,…"), 15 × 6 = 90 of 90 = 100 %. Players 1 to 15 move one
// number a round, so each sits once in each of the 15 other seats: table
// 1 South 6, East 0, West 0; table 2 North 4, South 4, East 2, West 2;
// table 3 North 2, South 2, East 4, West 4; table 4 North 0, South 0,
// East 6, West 6: 42 of 90 = 46.67 %, all equal second.
func TestAPIIndividual16(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Sixteen individual", 16)
	g := sec.Generated
	if g.Kind != "individual" || g.Players != 16 || g.Tables != 4 || len(g.Rounds) != 15 || g.Boards != 15 {
		t.Fatalf("movement: %s, %d players, %d tables, %d rounds, %d boards", g.Kind, g.Players, g.Tables, len(g.Rounds), g.Boards)
	}
	// Round 1, table 2: "6,7,9,11,3" — North 6, South 7, East 9, West 11, set 3.
	if tb := g.Rounds[0].Tables[1]; !slices.Equal(tb.Players, []int{6, 9, 7, 11}) || tb.NSPair != "6-7" || tb.EWPair != "9-11" || !slices.Equal(tb.Boards, []int{3}) {
		t.Fatalf("round 1, table 2: %+v", tb)
	}
	playIndividual(t, e, sec, func(round, table int) (string, int) {
		return [...]string{"", "4S", "2S", "4S", "4S"}[table], [...]int{0, 10, 8, 9, 7}[table]
	})
	// In 12 rounds the library's "[M182] 3/4 Howell. 16 Players"
	// (TestIndividual16In12Rounds): round 1, table 1 "7,13,1,2" — North 7,
	// South 13, East 1, West 2; 13 rounds are not published.
	var short api.SectionResponse
	e.want(201, &short, "POST", "/v1/events/"+id(sec.EventID)+"/sections", directorToken,
		map[string]any{"name": "B", "movement": map[string]any{"kind": "individual", "players": 16, "rounds": 12, "boards_per_round": 2}})
	if g := short.Generated; len(g.Rounds) != 12 || g.Boards != 24 || !slices.Equal(g.Rounds[0].Tables[0].Players, []int{7, 1, 13, 2}) {
		t.Errorf("16 players in 12 rounds: %d rounds, %d boards, round 1 table 1 %v", len(g.Rounds), g.Boards, g.Rounds[0].Tables[0].Players)
	}
	bad := e.wantError(422, "movement.rounds", "POST", "/v1/events/"+id(sec.EventID)+"/sections", directorToken,
		map[string]any{"name": "C", "movement": map[string]any{"kind": "individual", "players": 16, "rounds": 13, "boards_per_round": 2}})
	if !slices.Equal(bad.Allowed, []string{"15", "12"}) {
		t.Errorf("16 players in 13 rounds: %+v", bad)
	}
	got := standingsByPlayer(t, e, sec)
	if len(got) != 16 {
		t.Fatalf("%d standings, want the 16 players", len(got))
	}
	for p := 1; p <= 16; p++ {
		s := got[strconv.Itoa(p)]
		total, pct, place := 42.0, 46.67, "2"
		if p == 16 {
			total, pct, place = 90, 100, "1"
		}
		if s.Total != total || s.Percentage != pct || s.Place != place || s.Boards != 15 {
			t.Errorf("player %d: %+v, want total %v, %v %%, place %s, 15 boards", p, s, total, pct, place)
		}
	}
}

// TestAPIIndividual24 plays traveler's 24-player individual, the library's
// "[M186] 1/2 Howell. 24 Players" (6 tables, 12 rounds; checked against
// the library's figures in tournament/movement TestIndividual24EBUScore),
// one board a round: 12 boards, each played once at each of the 6 tables
// (a top of 10). North declares 4♠ at table 1 making 10 (+420/+620), 2♠ at
// table 2 making 8 (+110), 1♠ at table 3 making 7 (+80), 4♠ one down at
// table 4 (−50/−100), three down at table 5 (−150/−300), five down at
// table 6 (−250/−500): table t's NS get 2·(6−t) — 10, 8, 6, 4, 2, 0 — and
// its EW 10 minus that.
//
// By hand: players 1–12 move among the seats the library's round 1 gives
// them ("1,13,2,4 | 7,10,20,17 | 11,3,9,15 | 23,21,14,6 | 5,18,19,12 |
// 24,16,8,22", North, South, East, West), each once: table 1 North, East,
// West (10 + 0 + 0), table 2 North, South (8 + 8), table 3 North, South,
// East (6 + 6 + 4), table 4 West (6), table 5 North, West (2 + 8), table 6
// East (10) = 68 of 120 = 56.67 %, all equal first; players 13–24 the
// other twelve seats: table 1 South (10), table 2 East, West (2 + 2),
// table 3 West (4), table 4 North, South, East (4 + 4 + 6), table 5 South,
// East (2 + 8), table 6 North, South, West (0 + 0 + 10) = 52 = 43.33 %,
// all equal 13th. (12 × 68 + 12 × 52 = 1440 = 12 boards × 6 tables × 20.)
func TestAPIIndividual24(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Twenty-four individual", 24)
	g := sec.Generated
	if g.Players != 24 || g.Tables != 6 || len(g.Rounds) != 12 || g.Boards != 12 {
		t.Fatalf("movement: %d players, %d tables, %d rounds, %d boards", g.Players, g.Tables, len(g.Rounds), g.Boards)
	}
	playIndividual(t, e, sec, func(round, table int) (string, int) {
		return [...]string{"", "4S", "2S", "1S", "4S", "4S", "4S"}[table], [...]int{0, 10, 8, 7, 9, 7, 5}[table]
	})
	got := standingsByPlayer(t, e, sec)
	if len(got) != 24 {
		t.Fatalf("%d standings, want the 24 players", len(got))
	}
	for p := 1; p <= 24; p++ {
		s := got[strconv.Itoa(p)]
		total, pct, place := 68.0, 56.67, "1"
		if p > 12 {
			total, pct, place = 52, 43.33, "13"
		}
		if s.Total != total || s.Percentage != pct || s.Place != place || s.Boards != 12 {
			t.Errorf("player %d: %+v, want total %v, %v %%, place %s, 12 boards", p, s, total, pct, place)
		}
	}
}

// TestAPIIndividualFile: the director creates an individual from the
// library's [M176] pasted as a file ("kind": "individual", "file"), the
// players coming from its header; round 1, table 1 is "8,1,5,7" — North
// 8, South 1, East 5, West 7. Played as TestAPIIndividual8 is (eightLines
// at all four boards of a round), each player's points are four times
// that test's hand calculation, of a top of 2 on 28 boards: player 3 48 of
// 56 (85.71 %) first; 1, 5, 7 and 8 32 (57.14 %) second; 2, 4 and 6 16
// (28.57 %) sixth. A file with a player twice at a table, or players
// other than the header's, is refused naming the line, round and table,
// and nothing is stored.
func TestAPIIndividualFile(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Pasted individual", "date": "2026-11-28", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP", "published": true})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	// Round 2, table 2: "3,7,5,4" → "3,7,5,3", player 3 North and West.
	bad := strings.Replace(libraryM176, "2,6,4,3,1,3,7,5,4,2", "2,6,4,3,1,3,7,5,3,2", 1)
	got := e.wantError(422, "movement.file", "POST", path, directorToken, map[string]any{"name": "B",
		"movement": map[string]any{"kind": "individual", "boards_per_round": 4, "file": bad}})
	if !strings.Contains(got.Error, "line 4: round 2, table 2: player 3 sits twice at the table (North and West)") {
		t.Errorf("player twice at a table: %+v", got)
	}
	got = e.wantError(422, "movement.players", "POST", path, directorToken, map[string]any{"name": "B",
		"movement": map[string]any{"kind": "individual", "players": 12, "boards_per_round": 4, "file": libraryM176}})
	if !strings.Contains(got.Error, "the file's header seats 8 players") {
		t.Errorf("12 players for a file of 8: %+v", got)
	}
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "A",
		"movement": map[string]any{"kind": "individual", "boards_per_round": 4, "file": libraryM176}})
	g := sec.Generated
	if g.Kind != "individual" || g.Players != 8 || g.Tables != 2 || len(g.Rounds) != 7 || g.Boards != 28 {
		t.Fatalf("movement: %s, %d players, %d tables, %d rounds, %d boards", g.Kind, g.Players, g.Tables, len(g.Rounds), g.Boards)
	}
	if tb := g.Rounds[0].Tables[0]; !slices.Equal(tb.Players, []int{8, 5, 1, 7}) || tb.NSPair != "1-8" || tb.EWPair != "5-7" || !slices.Equal(tb.Boards, []int{1, 2, 3, 4}) {
		t.Fatalf("round 1, table 1: %+v", tb)
	}
	var sections []api.SectionResponse
	e.want(200, &sections, "GET", path, directorToken, nil)
	if len(sections) != 1 {
		t.Errorf("%d sections stored, want only A", len(sections))
	}
	// The same movement in the .ASC format's individual form
	// (pjms.nl/movementfile_standard.html: a header "players tables rounds
	// groups 1", a line a round of "N S E W group" per table) gives the same
	// section.
	asc := "8 2 7 7 1\n8 1 5 7 A 2 6 4 3 A\n8 2 6 1 B 3 7 5 4 B\n8 3 7 2 C 4 1 6 5 C\n8 4 1 3 D 5 2 7 6 D\n" +
		"8 5 2 4 E 6 3 1 7 E\n8 6 3 5 F 7 4 2 1 F\n8 7 4 6 G 1 5 3 2 G\n"
	var fromASC api.SectionResponse
	e.want(201, &fromASC, "POST", path, directorToken, map[string]any{"name": "C",
		"movement": map[string]any{"kind": "individual", "boards_per_round": 4, "file": asc}})
	if a, b := fromASC.Generated, sec.Generated; fmt.Sprint(a.Rounds) != fmt.Sprint(b.Rounds) || a.Players != 8 {
		t.Errorf("from the .ASC file: %+v\nfrom EBUScore's: %+v", a.Rounds, b.Rounds)
	}
	var in []map[string]any
	for p := 1; p <= 8; p++ {
		in = append(in, map[string]any{"number": strconv.Itoa(p), "players": []map[string]any{{"name": "Player " + strconv.Itoa(p)}}})
	}
	e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/pairs", directorToken, in)
	for _, rd := range g.Rounds {
		for _, tb := range rd.Tables {
			c, tricks := eightLines(rd.Round, tb.Table)
			for _, b := range tb.Boards {
				e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/results", directorToken, map[string]any{
					"board": b, "round": rd.Round, "table": tb.Table, "contract": c, "declarer": "N", "tricks": tricks})
			}
		}
	}
	st := standingsByPlayer(t, e, sec)
	want := map[string]struct {
		total, pct float64
		place      string
	}{
		"1": {32, 57.14, "2"}, "2": {16, 28.57, "6"}, "3": {48, 85.71, "1"}, "4": {16, 28.57, "6"},
		"5": {32, 57.14, "2"}, "6": {16, 28.57, "6"}, "7": {32, 57.14, "2"}, "8": {32, 57.14, "2"},
	}
	if len(st) != 8 {
		t.Fatalf("%d standings, want the 8 players", len(st))
	}
	for p, w := range want {
		if s := st[p]; s.Total != w.total || s.Percentage != w.pct || s.Place != w.place || s.Boards != 28 {
			t.Errorf("player %s: %+v, want total %v, %v %%, place %s, 28 boards", p, s, w.total, w.pct, w.place)
		}
	}
}
