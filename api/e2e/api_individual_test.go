package e2e

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// individualEvent sets up, as the director, an event at matchpoints
// (EBU/WBF: 2 a score beaten, 1 a tie) with one individual section of
// players players, one board a round, and its players entered one a number.
func individualEvent(t *testing.T, e *env, name string, players int) api.SectionResponse {
	t.Helper()
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": name, "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP", "published": true})
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		map[string]any{"name": "A", "movement": map[string]any{"kind": "individual", "players": players, "boards_per_round": 1}})
	var in []map[string]any
	for p := 1; p <= players; p++ {
		in = append(in, map[string]any{"number": strconv.Itoa(p), "players": []map[string]any{{"name": "Player " + strconv.Itoa(p)}}})
	}
	e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/pairs", directorToken, in)
	return sec
}

// playIndividual enters every table of every round of an individual
// section, the NS and EW partnerships left for the server to fill in
// from the movement, the contract at each table by line(round, table).
func playIndividual(t *testing.T, e *env, sec api.SectionResponse, line func(round, table int) (contract string, tricks int)) {
	t.Helper()
	for _, rd := range sec.Generated.Rounds {
		for _, tb := range rd.Tables {
			c, tricks := line(rd.Round, tb.Table)
			e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/results", directorToken, map[string]any{
				"board": tb.Boards[0], "round": rd.Round, "table": tb.Table, "contract": c, "declarer": "N", "tricks": tricks})
		}
	}
}

// standingsByPlayer reads a section's standings, by player number.
func standingsByPlayer(t *testing.T, e *env, sec api.SectionResponse) map[string]api.StandingResponse {
	t.Helper()
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+id(sec.ID)+"/standings", directorToken, nil)
	out := map[string]api.StandingResponse{}
	for _, s := range st.Pairs {
		out[s.Number] = s
	}
	return out
}

// TestAPIIndividual8 plays the 8-player individual (2 tables, 7 rounds;
// the published schedule of thebridsk/bridgescorer
// IndividualMovement.Individual2Tables21Boards.yaml, checked line by line
// in tournament/movement) through the API, one board a round, both tables
// playing it. In odd rounds table 1's North makes 4♠ (+420 or +620) and
// table 2's North 2♠ (+110): table 1's NS get the top, 2, and table 2's EW
// 2; in even rounds the other way round. A player's matchpoints on a board
// are their side's; percentage = points / (7 boards × top 2).
//
// By hand, from the published seats (T1 N = table 1 North …), round 1 to 7:
//
//	1: T1S 2, T1W 2, T2S 0, T1E 2, T2E 2, T2W 0, T2N 0  =  8 = 57.14 %
//	2: T2N 0, T1S 0, T1W 0, T2S 2, T1E 0, T2E 0, T2W 2  =  4 = 28.57 %
//	3: T2W 2, T2N 2, T1S 2, T1W 2, T2S 0, T1E 2, T2E 2  = 12 = 85.71 %
//	4: T2E 2, T2W 0, T2N 0, T1S 0, T1W 0, T2S 2, T1E 0  =  4 = 28.57 %
//	5: T1E 0, T2E 0, T2W 2, T2N 2, T1S 2, T1W 2, T2S 0  =  8 = 57.14 %
//	6: T2S 0, T1E 2, T2E 2, T2W 0, T2N 0, T1S 0, T1W 0  =  4 = 28.57 %
//	7: T1W 0, T2S 2, T1E 0, T2E 0, T2W 2, T2N 2, T1S 2  =  8 = 57.14 %
//	8: T1N 2, T1N 0, T1N 2, T1N 0, T1N 2, T1N 0, T1N 2  =  8 = 57.14 %
//
// so player 3 first, 1, 5, 7 and 8 equal second (place 2), 2, 4 and 6 equal sixth (place 6).
// eightLines is what TestAPIIndividual8's tables make: 4S= where the
// round is odd at table 1 or even at table 2, else 2S=.
func eightLines(round, table int) (string, int) {
	if (round%2 == 1) == (table == 1) {
		return "4S", 10
	}
	return "2S", 8
}

func TestAPIIndividual8(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Christmas individual", 8)
	if sec.Generated.Kind != "individual" || sec.Generated.Players != 8 || len(sec.Generated.Rounds) != 7 {
		t.Fatalf("movement: %+v", sec.Generated)
	}
	// Round 1, table 1: North 8, East 5, South 1, West 7 (the published table).
	if tb := sec.Generated.Rounds[0].Tables[0]; !slices.Equal(tb.Players, []int{8, 5, 1, 7}) || tb.NSPair != "1-8" || tb.EWPair != "5-7" {
		t.Fatalf("round 1 table 1: %+v", tb)
	}
	// The cards: table 1's in round 1 seats 8, 5, 1, 7; player 1's guide
	// card sends them to table 1, South, partnering 8, against 5-7.
	var mc api.CardsResponse
	e.want(200, &mc, "GET", "/v1/sections/"+id(sec.ID)+"/movement", directorToken, nil)
	if len(mc.GuideCards) != 8 || len(mc.TableCards) != 2 || !slices.Equal(mc.TableCards[0].Rounds[0].Players, []int{8, 5, 1, 7}) {
		t.Fatalf("cards: %d guide cards, %d table cards (%+v)", len(mc.GuideCards), len(mc.TableCards), mc.TableCards)
	}
	if g := mc.GuideCards[0]; g.Name != "1" || g.Rounds[0].Seat != "South" || g.Rounds[0].Partner != 8 || g.Rounds[0].OppName != "5-7" || g.Rounds[0].Table != 1 {
		t.Errorf("player 1's guide card: %+v", g)
	}
	playIndividual(t, e, sec, eightLines)
	got := standingsByPlayer(t, e, sec)
	want := map[string]struct {
		total, pct float64
		place      string
	}{
		"1": {8, 57.14, "2"}, "2": {4, 28.57, "6"}, "3": {12, 85.71, "1"}, "4": {4, 28.57, "6"},
		"5": {8, 57.14, "2"}, "6": {4, 28.57, "6"}, "7": {8, 57.14, "2"}, "8": {8, 57.14, "2"},
	}
	if len(got) != 8 {
		t.Fatalf("%d standings, want the 8 players: %+v", len(got), got)
	}
	for p, w := range want {
		s := got[p]
		if s.Total != w.total || s.Percentage != w.pct || s.Place != w.place || s.Boards != 7 || len(s.Players) != 1 || s.Players[0] != "Player "+p {
			t.Errorf("player %s: %+v, want total %v, %v %%, place %s, 7 boards", p, s, w.total, w.pct, w.place)
		}
	}
	// The workbook: the standings rank the players (player 3 at 12, 85.71);
	// the scorecards are the players', player 3's ending at 12.
	r := e.do("GET", "/v1/events/"+id(sec.EventID)+"/report.xlsx", directorToken, nil)
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if r.Status != 200 || err != nil {
		t.Fatalf("report.xlsx: %d %v", r.Status, err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Standings")
	var row3 string
	for _, row := range rows {
		if strings.Contains(strings.Join(row, "|"), "Player 3") {
			row3 = strings.Join(row, "|")
		}
	}
	if !strings.Contains(row3, "|12.00|") || !strings.Contains(row3, "85.71") {
		t.Errorf("workbook standings, player 3: %q (%v)", row3, rows)
	}
	cards, _ := f.GetRows("Scorecards")
	var title, last string
	for _, row := range cards {
		line := strings.Join(row, "|")
		switch {
		case strings.Contains(line, "player 3: Player 3"):
			title = line
		case title != "" && last == "" && line == "":
			last = "done"
		case title != "" && last == "":
			if len(row) > 0 {
				last = ""
				title += "\n" + line
			}
		}
	}
	if lines := strings.Split(title, "\n"); len(lines) != 9 || !strings.HasSuffix(lines[8], "|12.00") {
		t.Errorf("workbook scorecard of player 3 (a title, a heading, 7 boards, ending at 12): %q", lines)
	}

	// A traveler line names the partnerships: board 1, table 1 NS 1-8 (North 8, South 1).
	var tr map[string]any
	e.want(200, &tr, "GET", "/v1/sections/"+id(sec.ID)+"/travelers/1", directorToken, nil)
	if b, _ := json.Marshal(tr); !strings.Contains(string(b), `"ns":"1-8"`) {
		t.Errorf("traveler of board 1: %s", b)
	}

	// PBN 2.1: an individual's game names its players by seat, the
	// mandatory West, North, East and South tags (§3.4) and, as the
	// ScoreTable's columns for an individual, PlayerId_North …
	// PlayerId_West, with Competition "Individuals" (the values readers of
	// PBN results read an individual by: a public PBN-to-JSON reader's
	// JsonScoreTable.java takes Competition "Individuals" by PlayerId_North,
	// _South, _East, _West; the Finnish PBN reader's TotalScoreTable
	// columns are PlayerId and Name). Round 1, table 1, board 1: North 8,
	// East 5, South 1, West 7 (the published table above), 4♠ by North
	// making 10, not vulnerable (board 1): NS +420 (Law 77: 4 × 30 + 300
	// game bonus). No PairId: the partnerships are not the entrants.
	pbn := string(e.want(200, nil, "GET", "/v1/events/"+id(sec.EventID)+"/results.pbn", directorToken, nil).Body)
	var game string
	for _, g := range strings.Split(pbn, "\n\n") {
		if strings.Contains(g, "[Board \"1\"]") && strings.Contains(g, "[Round \"1\"]") && strings.Contains(g, "[Table \"1\"]") {
			game = g
		}
	}
	for _, want := range []string{
		"[West \"Player 7\"]\n[North \"Player 8\"]\n[East \"Player 5\"]\n[South \"Player 1\"]\n",
		"[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Competition \"Individuals\"]\n" +
			"[PlayerId_East \"5\"]\n[PlayerId_North \"8\"]\n[PlayerId_South \"1\"]\n[PlayerId_West \"7\"]\n[Round \"1\"]\n[Score \"NS 420\"]\n",
	} {
		if !strings.Contains(game, want) {
			t.Errorf("PBN game of board 1, round 1, table 1 lacks\n%s\ngame:\n%s", want, game)
		}
	}
	if strings.Contains(pbn, "PairId") || strings.Count(pbn, "[Competition \"Individuals\"]") != 14 {
		t.Errorf("PBN: every one of the 14 games (7 boards × 2 tables) an individual's, none with a PairId:\n%s", pbn)
	}
	// Its TotalScoreTable ranks the 8 players as the hand calculation
	// above: 3 first, 1, 5, 7, 8 second, 2, 4, 6 sixth; no membership
	// numbers were entered ("-", §5.1).
	wantTotals := `[TotalScoreTable "Rank\2R;PlayerId\4R;Name\40L;MemberID1\10R"]` + "\n" +
		`1 "3" "Player 3" -` + "\n" + `2 "1" "Player 1" -` + "\n" + `2 "5" "Player 5" -` + "\n" + `2 "7" "Player 7" -` + "\n" +
		`2 "8" "Player 8" -` + "\n" + `6 "2" "Player 2" -` + "\n" + `6 "4" "Player 4" -` + "\n" + `6 "6" "Player 6" -` + "\n"
	if strings.Count(pbn, "[TotalScoreTable") != 1 || !strings.Contains(pbn, wantTotals) {
		t.Errorf("PBN TotalScoreTable, want once\n%s\nfile:\n%s", wantTotals, pbn)
	}
	// Both exports import back (PBN through its games' PlayerId_ tags,
	// USEBIO through its lines' N_PLAYER_NUMBER …) as an individual of the
	// same 8 players ranked as above, names and all. The PBN import was
	// refused by its PlayerId_North.
	usebio := e.want(200, nil, "GET", "/v1/events/"+id(sec.EventID)+"/usebio.xml", directorToken, nil).Body
	for _, f := range []struct {
		format string
		body   []byte
	}{{"pbn", []byte(pbn)}, {"usebio", usebio}} {
		var imp api.ImportResponse
		e.want(201, &imp, "POST", "/v1/events/import?format="+f.format+"&name=Back", directorToken, f.body)
		if len(imp.Sections) != 1 {
			t.Fatalf("%s import: %d sections, want 1", f.format, len(imp.Sections))
		}
		back := standingsByPlayer(t, e, api.SectionResponse{ID: imp.Sections[0].ID})
		for p, w := range want {
			if s := back[p]; s.Total != w.total || s.Percentage != w.pct || s.Place != w.place || s.Boards != 7 || len(s.Players) != 1 || s.Players[0] != "Player "+p {
				t.Errorf("%s imported back, player %s: %+v, want total %v, %v %%, place %s, 7 boards", f.format, p, s, w.total, w.pct, w.place)
			}
		}
	}
}

// TestAPIIndividual12 plays the 12-player individual (3 tables, 11 rounds;
// admatis.com "12players-11rounds-22boards.pdf", checked line by line in
// tournament/movement), one board a round, each board played at all three
// tables in different rounds. Table 1's North always makes 4♠ (+420 or
// +620), table 2's 2♠ (+110), table 3's goes one down in 4♠ (−50 or −100):
// on every board table 1's NS beat both others (4 of a top of 4), table
// 2's NS one (2), table 3's none (0); the EW the other way (0, 2, 4).
//
// By hand: player 12 sits North at table 1 throughout, 11 × 4 = 44 of 44 =
// 100 %. Players 1 to 11 move one number a round and so sit once in each
// of the 11 other seats: table 1 South 4, East 0, West 0; table 2 North,
// South, East, West 2 each = 8; table 3 North 0, South 0, East 4, West 4:
// 20 of 44 = 45.45 %, all equal second.
func TestAPIIndividual12(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Club individual", 12)
	playIndividual(t, e, sec, func(round, table int) (string, int) {
		switch table {
		case 1:
			return "4S", 10
		case 2:
			return "2S", 8
		}
		return "4S", 9
	})
	got := standingsByPlayer(t, e, sec)
	if len(got) != 12 {
		t.Fatalf("%d standings, want the 12 players", len(got))
	}
	for p := 1; p <= 12; p++ {
		s := got[strconv.Itoa(p)]
		total, pct, place := 20.0, 45.45, "2"
		if p == 12 {
			total, pct, place = 44, 100, "1"
		}
		if s.Total != total || s.Percentage != pct || s.Place != place || s.Boards != 11 {
			t.Errorf("player %d: %+v, want total %v, %v %%, place %s, 11 boards", p, s, total, pct, place)
		}
	}
}

// TestAPIIndividualRefused: a number of players with no published
// movement, a schedule with a player twice at one table (naming the round
// and table), a pair of two players in an individual, a change of its
// movement and a USEBIO export are refused.
func TestAPIIndividualRefused(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Bad individual", "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	got := e.wantError(422, "movement.players", "POST", path, directorToken,
		map[string]any{"name": "A", "movement": map[string]any{"kind": "individual", "players": 10, "boards_per_round": 2}})
	if !strings.Contains(got.Error, "no published individual movement") || !slices.Equal(got.Allowed, []string{"8", "12", "16", "20", "24", "28"}) {
		t.Errorf("10 players: %+v", got)
	}
	twice := map[string]any{"kind": "individual", "players": 8, "schedule": []map[string]any{
		{"round": 1, "tables": []map[string]any{
			{"table": 1, "players": []int{1, 2, 3, 4}, "boards": []int{1, 2}},
			{"table": 2, "players": []int{5, 6, 7, 6}, "boards": []int{1, 2}}}}}}
	got = e.wantError(422, "movement.schedule: rounds[0].tables[1].players[3]", "POST", path, directorToken, map[string]any{"name": "B", "movement": twice})
	if !strings.Contains(got.Error, "round 1, table 2: player 6 sits twice at the table (East and West)") {
		t.Errorf("player twice at a table: %+v", got)
	}
	sec := individualEvent(t, e, "Individual pairs", 8)
	// Two players with no rounds: the second could only be a substitute
	// from a round (TestAPIIndividualSubstitute), so the field is its round.
	got = e.wantError(422, "players[1].from_round", "POST", "/v1/sections/"+id(sec.ID)+"/pairs", directorToken,
		[]map[string]any{{"number": "1", "players": []map[string]any{{"name": "Ann"}, {"name": "Bob"}}}})
	if !strings.Contains(got.Error, "in an individual each number is one player") {
		t.Errorf("two players: %+v", got)
	}
	// The individual's movement is not changed during play, and USEBIO
	// writes its individual form (players, not partnerships as pairs:
	// reports.TestUSEBIOIndividual has the figures).
	e.wantError(409, "movement.kind", "POST", "/v1/sections/"+id(sec.ID)+"/movement", directorToken,
		map[string]any{"movement": map[string]any{"kind": "howell", "pairs": 4, "boards_per_round": 2}})
	if r := e.do("GET", "/v1/events/"+id(sec.EventID)+"/usebio.xml", directorToken, nil); r.Status != 200 ||
		!strings.Contains(string(r.Body), `<EVENT EVENT_TYPE="INDIVIDUAL">`) || strings.Contains(string(r.Body), "<PAIR>") {
		t.Errorf("usebio.xml: %d, want 200 with EVENT_TYPE INDIVIDUAL and no PAIR:\n%s", r.Status, r.Body)
	}
	var sections []api.SectionResponse
	e.want(200, &sections, "GET", "/v1/events/"+id(ev.ID)+"/sections", directorToken, nil)
	if len(sections) != 0 {
		t.Errorf("a refused section was stored: %d sections", len(sections))
	}
}

// TestAPIIndividualPenalty: a procedural penalty in an individual is a
// player's — taken off that player's total alone, not off the partnerships
// they sat in. Player 3 of TestAPIIndividual8 has 12 of 14 (85.71 %); 1 mp
// off leaves 11 of 14 = 78.57 %, still first; player 8, 3's partner in
// round 1, keeps 8 (57.14 %).
func TestAPIIndividualPenalty(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Penalised individual", 8)
	playIndividual(t, e, sec, eightLines)
	e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/penalties", directorToken,
		`{"number": "3", "amount": 1, "unit": "mp", "reason": "mobile phone"}`)
	got := standingsByPlayer(t, e, sec)
	if p := got["3"]; p.Total != 11 || p.Percentage != 78.57 || p.Place != "1" || p.Penalty == nil || *p.Penalty != 1 {
		t.Errorf("player 3 after 1 mp off: %+v, want 11, 78.57 %%, 1st, 1 off", p)
	}
	if p := got["8"]; p.Total != 8 || p.Percentage != 57.14 || p.Penalty != nil {
		t.Errorf("player 8, not penalised: %+v, want 8, 57.14 %%, no penalty", p)
	}
}

// TestAPIIndividualSubstitute plays TestAPIIndividual8's individual with
// player 3 replaced from round 4 by a substitute, Sam Sub, entered as the
// entrant's second player with from_round 4 (PATCH /v1/pairs/{id}, the
// way a pair's substitute is entered). Player 3 is ranked on the rounds
// they played, as a pair is on the boards it played (the total scaled to
// the most boards played, the percentage of the boards played); their
// partners and opponents keep every board.
//
// By hand, from TestAPIIndividual8's seats: player 3 sits T2 West in
// round 1 (odd: table 2's EW get the top, 2), T2 North in round 2 (even:
// table 2's NS, 2), T1 South in round 3 (odd: table 1's NS, 2): 6 of 6 on
// 3 boards = 100 %, the total 6 × 7 / 3 = 14.00 (rounds 4 to 7, 6 more
// points, are Sam's and count for no one ranked). The others as before:
// 1, 5, 7, 8 at 8 (57.14 %), 2, 4, 6 at 4 (28.57 %), 7 boards each.
// Places: 3 first, 1, 5, 7, 8 second, 2, 4, 6 sixth. Without the
// substitute player 3 had 12 (85.71 %) on 7 boards.
func TestAPIIndividualSubstitute(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Individual with a substitute", 8)
	playIndividual(t, e, sec, eightLines)
	pairs := pairIDs(e, sec.ID)
	var p api.PairResponse
	e.want(200, &p, "PATCH", "/v1/pairs/"+id(pairs["3 "]), directorToken,
		`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 4}]}`)
	if len(p.Players) != 2 || p.Players[1].FromRound != 4 || p.Players[1].ToRound != 0 {
		t.Fatalf("patched player 3: %+v", p)
	}
	got := standingsByPlayer(t, e, sec)
	want := map[string]struct {
		total, pct    float64
		place, boards int
	}{
		"1": {8, 57.14, 2, 7}, "2": {4, 28.57, 6, 7}, "3": {14, 100, 1, 3}, "4": {4, 28.57, 6, 7},
		"5": {8, 57.14, 2, 7}, "6": {4, 28.57, 6, 7}, "7": {8, 57.14, 2, 7}, "8": {8, 57.14, 2, 7},
	}
	for n, w := range want {
		s := got[n]
		if s.Total != w.total || s.Percentage != w.pct || s.Place != strconv.Itoa(w.place) || s.Boards != w.boards {
			t.Errorf("player %s: %+v, want total %v, %v %%, place %d, %d boards", n, s, w.total, w.pct, w.place, w.boards)
		}
	}
	if s := got["3"]; !slices.Equal(s.Players, []string{"Player 3", "Sam Sub"}) {
		t.Errorf("player 3's names: %q, want Player 3 and the substitute", s.Players)
	}
	// Bad input names the field and what is allowed; nothing changes.
	for _, c := range []struct{ body, field, says string }{
		{`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 8}]}`, "players[1].from_round", "1 to 7"},
		{`{"players": [{"name": "Player 3"}, {"name": "Sam Sub"}]}`, "players[1].from_round", "a substitute sitting in its seat from a round"},
		{`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 4, "to_round": 2}]}`, "players[1].to_round", "4 to 7"},
		{`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 2}, {"name": "Al", "from_round": 4, "to_round": 5}]}`, "players[2].from_round", "round 4 has a substitute already"},
		{`{"players": [{"name": "Player 3", "from_round": 1}]}`, "players[0].from_round", "the first player is the entrant"},
	} {
		er := e.wantError(422, c.field, "PATCH", "/v1/pairs/"+id(pairs["3 "]), directorToken, c.body)
		if !strings.Contains(er.Error, c.says) {
			t.Errorf("%s: %+v, want it to say %q", c.body, er, c.says)
		}
	}
	if again := standingsByPlayer(t, e, sec); again["3"].Total != 14 {
		t.Errorf("after refused changes player 3 has %+v, want 14 still", again["3"])
	}
	// A pair's substitute is one of its players throughout: no rounds.
	f := apitest.NewMitchell(e.Client, "Pairs", true)
	er := e.wantError(422, "players[1].from_round", "PATCH", "/v1/pairs/"+id(pairIDs(e, f.Section.ID)["1 NS"]), directorToken,
		`{"players": [{"name": "Ann"}, {"name": "Sid Sub", "from_round": 2}]}`)
	if !strings.Contains(er.Error, "a pair's or team's substitute is one of its players throughout") {
		t.Errorf("a pair's substitute with rounds: %+v", er)
	}
}

// TestAPIIndividualSubstituteCards: with TestAPIIndividualSubstitute's
// substitute (Sam Sub in player 3's seat from round 4), every place that
// says who sat in a seat asks tournament.Pair.SatIn. Player 3's score card
// (the page and the workbook) lists rounds 1 to 3 only, board by board 2,
// 2, 2 (TestAPIIndividualSubstitute's hand calculation: T2 West in round
// 1, T2 North in 2, T1 South in 3, the top each time), 6 in all, and the
// total the standings rank, 6 × 7 / 3 = 14.00. PBN names Sam Sub in
// player 3's seat from round 4: round 4, table 1, West (TestAPIIndividual8's
// seats, row 3: T1W in round 4); rounds 1 to 3 name Player 3.
func TestAPIIndividualSubstituteCards(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Individual, score cards with a substitute", 8)
	playIndividual(t, e, sec, eightLines)
	pairs := pairIDs(e, sec.ID)
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(pairs["3 "]), directorToken,
		`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 4}]}`)

	page := e.do("GET", "/sections/"+id(sec.ID)+"/scorecards/3", directorToken, nil)
	html := string(page.Body)
	if page.Status != 200 {
		t.Fatalf("scorecard of player 3: %d %s", page.Status, html)
	}
	for r := 1; r <= 7; r++ {
		if has := strings.Contains(html, `data-round="`+strconv.Itoa(r)+`"`); has != (r <= 3) {
			t.Errorf("scorecard of player 3: round %d listed %v, want rounds 1 to 3 only", r, has)
		}
	}
	for _, w := range []string{`id="scorecard-total">6<`, `id="scorecard-scaled">14<`} {
		if !strings.Contains(html, w) {
			t.Errorf("scorecard of player 3 lacks %s:\n%s", w, html)
		}
	}
	// Player 4 sat with or against Sam in a round from 4 on: their card
	// names Sam there, not Player 3.
	page4 := string(e.do("GET", "/sections/"+id(sec.ID)+"/scorecards/4", directorToken, nil).Body)
	if !strings.Contains(page4, "Sam Sub") {
		t.Errorf("scorecard of player 4 never names the substitute:\n%s", page4)
	}

	r := e.do("GET", "/v1/events/"+id(sec.EventID)+"/report.xlsx", directorToken, nil)
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if r.Status != 200 || err != nil {
		t.Fatalf("report.xlsx: %d %v", r.Status, err)
	}
	defer f.Close()
	cards, _ := f.GetRows("Scorecards")
	var card []string
	for _, row := range cards {
		line := strings.Join(row, "|")
		switch {
		case strings.Contains(line, "player 3: Player 3"):
			card = []string{line}
		case card != nil && line == "":
			goto read
		case card != nil:
			card = append(card, line)
		}
	}
read:
	// A title, a heading, 3 boards (rounds 1 to 3, ending at 6), the scaled total.
	if len(card) != 6 || !strings.HasSuffix(card[4], "|6.00") || !strings.HasPrefix(card[5], "Scaled") || !strings.HasSuffix(card[5], "|14.00") {
		t.Errorf("workbook scorecard of player 3: %q", card)
	}
	for i, row := range card[2 : len(card)-1] {
		if c := strings.Split(row, "|"); len(c) < 2 || c[1] != strconv.Itoa(i+1) {
			t.Errorf("workbook scorecard of player 3, row %d: %q, want round %d", i, row, i+1)
		}
	}

	pbn := string(e.want(200, nil, "GET", "/v1/events/"+id(sec.EventID)+"/results.pbn", directorToken, nil).Body)
	for _, g := range strings.Split(pbn, "\n\n") {
		for rd := 1; rd <= 7; rd++ {
			if !strings.Contains(g, "[Round \""+strconv.Itoa(rd)+"\"]") {
				continue
			}
			if rd == 4 && strings.Contains(g, "[Table \"1\"]") && !strings.Contains(g, "[West \"Sam Sub\"]") {
				t.Errorf("PBN round 4, table 1: West is Sam Sub:\n%s", g)
			}
			if rd <= 3 && strings.Contains(g, "\"Sam Sub\"]") || rd >= 4 && strings.Contains(g, "\"Player 3\"]") {
				t.Errorf("PBN round %d: Player 3 sat in rounds 1 to 3, Sam Sub from 4:\n%s", rd, g)
			}
		}
	}
}

// TestAPIIndividualSubstituteReadsBack: TestAPIIndividualSubstitute's
// individual (Sam Sub in player 3's seat from round 4) exported as PBN and
// as USEBIO and imported back through the API reads to the same
// standings: player 3 ranked on rounds 1 to 3, 6 × 7 / 3 = 14.00 scaled,
// 100 %, first; every other player as before (the hand table of
// TestAPIIndividual8 with player 3's rounds 4 to 7 taken out). Before,
// both imports ranked player 3 on all 7 rounds (12.00, 85.71 %): PBN's
// seat tags named Sam Sub from round 4 but the reader took a player's
// first name only, and USEBIO had no word of the substitute. PBN names
// who sat in a seat game by game (PBN 2.1 §3.4.4–§3.4.7); USEBIO names a
// line's players by number only, and traveler writes the substitute in a
// comment of the line (reports/substitutes.go).
func TestAPIIndividualSubstituteReadsBack(t *testing.T) {
	e := newEnv(t)
	sec := individualEvent(t, e, "Individual with a substitute, exported", 8)
	playIndividual(t, e, sec, eightLines)
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(pairIDs(e, sec.ID)["3 "]), directorToken,
		`{"players": [{"name": "Player 3"}, {"name": "Sam Sub", "from_round": 4}]}`)
	want := standingsByPlayer(t, e, sec)
	if s := want["3"]; s.Total != 14 || s.Percentage != 100 || s.Place != "1" || s.Boards != 3 {
		t.Fatalf("player 3 before export: %+v, want 14.00, 100 %%, first, 3 boards", s)
	}
	for _, f := range []struct{ format, path string }{{"pbn", "results.pbn"}, {"usebio", "usebio.xml"}} {
		body := e.want(200, nil, "GET", "/v1/events/"+id(sec.EventID)+"/"+f.path, directorToken, nil).Body
		var imp api.ImportResponse
		e.want(201, &imp, "POST", "/v1/events/import?format="+f.format+"&name=Back+"+f.format, directorToken, body)
		if len(imp.Sections) != 1 {
			t.Fatalf("%s import: %d sections, want 1", f.format, len(imp.Sections))
		}
		if len(imp.File.Differences) != 0 {
			t.Errorf("%s import: the file's own figures differ from traveler's: %+v", f.format, imp.File.Differences)
		}
		back := standingsByPlayer(t, e, api.SectionResponse{ID: imp.Sections[0].ID})
		for n, w := range want {
			b := back[n]
			if b.Total != w.Total || b.Percentage != w.Percentage || b.Place != w.Place || b.Boards != w.Boards || !slices.Equal(b.Players, w.Players) {
				t.Errorf("%s imported back, player %s: %+v, want %+v", f.format, n, b, w)
			}
		}
		var pairs []api.PairResponse
		e.want(200, &pairs, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/pairs", directorToken, nil)
		var p api.PairResponse
		for _, q := range pairs {
			if q.Number == "3" {
				p = q
			}
		}
		if len(p.Players) != 2 || p.Players[1].Name != "Sam Sub" || p.Players[1].FromRound != 4 || p.Players[1].ToRound != 0 {
			t.Errorf("%s imported back, player 3's entry: %+v, want Player 3 and Sam Sub from round 4", f.format, p)
		}
	}
}

// TestAPIPairSubstituteReadsBack: a pair's substitute is one of its
// players throughout, so its standings do not change; what the exports
// must carry is the player. The 3-table Mitchell of apitest.NewMitchell
// played in full (table 1's North makes 4♠, the others' 2♠, every board)
// with NS 1 entered as Ann North, Bob South and Sid Sub, exported as PBN
// and USEBIO and imported back, has NS 1's three players and the same
// standings. PBN lists them in its TotalScoreTable's Names, USEBIO writes
// the PAIR's two PLAYERs (the EBU's importer refuses any other count,
// marcshearer/ImportUsebio Validation.swift) and Sid Sub in a comment
// of the PAIR. Before, PBN read NS 1 back as its two seat names only.
func TestAPIPairSubstituteReadsBack(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Pairs with a substitute, exported", true)
	for _, rd := range f.Section.Generated.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				c, tricks := "2S", 8
				if tb.Table == 1 {
					c, tricks = "4S", 10
				}
				e.want(201, nil, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", directorToken, map[string]any{
					"board": b, "round": rd.Round, "table": tb.Table, "contract": c, "declarer": "N", "tricks": tricks})
			}
		}
	}
	e.want(200, nil, "PATCH", "/v1/pairs/"+id(pairIDs(e, f.Section.ID)["1 NS"]), directorToken,
		`{"players": [{"name": "Ann North"}, {"name": "Bob South"}, {"name": "Sid Sub", "number": "301"}]}`)
	var want api.StandingsResponse
	e.want(200, &want, "GET", "/v1/sections/"+id(f.Section.ID)+"/standings", directorToken, nil)
	for _, x := range []struct{ format, path string }{{"pbn", "results.pbn"}, {"usebio", "usebio.xml"}} {
		body := e.want(200, nil, "GET", "/v1/events/"+id(f.Event.ID)+"/"+x.path, directorToken, nil).Body
		var imp api.ImportResponse
		e.want(201, &imp, "POST", "/v1/events/import?format="+x.format+"&name=Back+"+x.format, directorToken, body)
		if len(imp.Sections) != 1 {
			t.Fatalf("%s import: %d sections, want 1", x.format, len(imp.Sections))
		}
		var back api.StandingsResponse
		e.want(200, &back, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/standings", directorToken, nil)
		if len(back.Pairs) != len(want.Pairs) {
			t.Fatalf("%s: %d standings back, want %d", x.format, len(back.Pairs), len(want.Pairs))
		}
		for i, w := range want.Pairs {
			b := back.Pairs[i]
			if b.Number != w.Number || b.Direction != w.Direction || b.Total != w.Total || b.Percentage != w.Percentage || b.Place != w.Place || !slices.Equal(b.Players, w.Players) {
				t.Errorf("%s imported back, standing %d: %+v, want %+v", x.format, i, b, w)
			}
		}
		var pairs []api.PairResponse
		e.want(200, &pairs, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/pairs", directorToken, nil)
		for _, p := range pairs {
			if p.Number == "1" && p.Direction == "NS" && (len(p.Players) != 3 || p.Players[2].Name != "Sid Sub") {
				t.Errorf("%s imported back, NS 1: %+v, want Ann North, Bob South and Sid Sub", x.format, p.Players)
			}
		}
	}
}
