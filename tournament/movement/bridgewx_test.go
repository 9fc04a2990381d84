package movement_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// wxSchema is one movement ("schema") of BridgeWx's table
// (testdata/bridgewx_newschemadata.cpp, see testdata/README.md), as the
// file gives it.
type wxSchema struct {
	name                        string
	pairs, tables, rounds, sets int
	individual                  bool
	table                       [][][4]int // per round, per table: NS pair, EW pair, set, the table the set is shared from (0: its own)
}

// wxHeader and wxRound match a schema's first line and its rounds' lines:
//
//	{ 18 /*pairs*/, 9 /*tables*/, 6 /*rounds*/, 6 /*sets*/, 0 /*schema type: …*/, "6howel18.1-3" /*schemaName*/,
//	, {/*r1 */ {/*dummy table 0*/}, { 1, 2, 1, 0}, { 3, 4, 2, 0}, …   }
var (
	wxHeader = regexp.MustCompile(`\{ *(\d+) /\*pairs\*/, *(\d+) /\*tables\*/, *(\d+) /\*rounds\*/, *(\d+) /\*sets\*/, *(\d) /\*schema type[^/]*/, *"([^"]+)"`)
	wxRound  = regexp.MustCompile(`^\s*, \{/\*r\s*\d+\s*\*/ \{/\*dummy table 0\*/\}`)
	wxTable  = regexp.MustCompile(`\{\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)\}`)
)

// bridgeWxSchemas reads every schema of BridgeWx's table, by name.
func bridgeWxSchemas(t *testing.T) map[string]*wxSchema {
	t.Helper()
	f, err := os.Open("testdata/bridgewx_newschemadata.cpp")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	all := map[string]*wxSchema{}
	var cur *wxSchema
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if h := wxHeader.FindStringSubmatch(line); h != nil {
			cur = &wxSchema{name: h[6], pairs: atoi(h[1]), tables: atoi(h[2]), rounds: atoi(h[3]), sets: atoi(h[4]), individual: h[5] == "1"}
			all[cur.name] = cur
			continue
		}
		if cur == nil || !wxRound.MatchString(line) {
			continue
		}
		var row [][4]int
		for _, m := range wxTable.FindAllStringSubmatch(line, -1) {
			row = append(row, [4]int{atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4])})
		}
		cur.table = append(cur.table, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

// wxASC writes schemas, played one after the other, as one .ASC movement
// file: a schema's sets numbered on from the sets of those before it (as
// the sessions of one event, each with its own boards), an empty table
// (NS and EW 0: a set put out but not played there) three zeros.
func wxASC(t *testing.T, schemas ...*wxSchema) string {
	t.Helper()
	first := schemas[0]
	rounds, sets := 0, 0
	for _, s := range schemas {
		if s.pairs != first.pairs || s.tables != first.tables || s.individual || len(s.table) != s.rounds {
			t.Fatalf("%s: %d pairs, %d tables, %d of %d rounds read; want a pairs schema of %d pairs and %d tables",
				s.name, s.pairs, s.tables, len(s.table), s.rounds, first.pairs, first.tables)
		}
		rounds += s.rounds
		sets += s.sets
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d %d %d 0\n", first.pairs, first.tables, rounds, sets)
	offset := 0
	for _, s := range schemas {
		for ri, row := range s.table {
			if len(row) != s.tables {
				t.Fatalf("%s round %d: %d tables, want %d", s.name, ri+1, len(row), s.tables)
			}
			for _, tb := range row {
				if tb[0] == 0 && tb[1] == 0 {
					b.WriteString(" 0-0 0")
					continue
				}
				fmt.Fprintf(&b, " %d-%d %d", tb[0], tb[1], offset+tb[2])
			}
			fmt.Fprintf(&b, " # %s round %d\n", s.name, ri+1)
		}
		offset += s.sets
	}
	return b.String()
}

// TestPublishedHowellsBridgeWx reads the Howells of more than 7 tables in
// BridgeWx's table of movements (testdata/bridgewx_newschemadata.cpp,
// BusyHarry/BridgeWx, MIT) — the published tables of 8 and 9 tables found
// — and plays them: each written as an .ASC file and read by ReadASC, then
// made a movement by Custom, is exactly the file's (every round, table, NS
// pair, EW pair and set), passes Validate and CheckBalanced (no two pairs
// meet twice, every set is played at the same number of tables), and each
// set is played at tables × rounds ÷ sets tables (the header's figures: 8
// for the 16-pair ones, 9 for the 18-pair ones).
//
// Their tables share sets, which the cyclic Howells traveler makes by
// default (8 to 15 rounds for 16 pairs, 9 to 17 for 18) do not, so
// without ShareBoards traveler refuses their round counts; with it, it
// makes 7howel16, 5howel16.1-3 and the 18-pair parts
// (TestSharedHowellsBridgeWx). Any of them can also be played from a
// file, as here.
func TestPublishedHowellsBridgeWx(t *testing.T) {
	all := bridgeWxSchemas(t)
	for _, c := range []struct {
		name         string
		pairs, plays int
		refused      string // what traveler's Howell says to the size
	}{
		{"7howel16", 16, 8, `rounds "7": a Howell for 16 pairs plays 8 to 15 rounds (0: all)`},
		{"5howel16.1-3", 16, 8, `rounds "5": a Howell for 16 pairs plays 8 to 15 rounds (0: all)`},
		{"5howel16.2-3", 16, 8, `rounds "5": a Howell for 16 pairs plays 8 to 15 rounds (0: all)`},
		{"5howel16.3-3", 16, 8, `rounds "5": a Howell for 16 pairs plays 8 to 15 rounds (0: all)`},
		{"6howel18.1-3", 18, 9, `rounds "6": a Howell for 18 pairs plays 9 to 17 rounds (0: all)`},
		{"6howel18.2-3", 18, 9, `rounds "6": a Howell for 18 pairs plays 9 to 17 rounds (0: all)`},
		{"5howel18.3-3", 18, 9, `rounds "5": a Howell for 18 pairs plays 9 to 17 rounds (0: all)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, ok := all[c.name]
			if !ok {
				t.Fatalf("%s not in BridgeWx's table", c.name)
			}
			if s.pairs != c.pairs || s.tables*s.rounds/s.sets != c.plays || s.tables*s.rounds%s.sets != 0 {
				t.Fatalf("%d pairs, %d tables × %d rounds over %d sets; want %d pairs, each set at %d tables", s.pairs, s.tables, s.rounds, s.sets, c.pairs, c.plays)
			}
			m := readWx(t, 2, s)
			rep, err := m.Validate()
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if err := m.CheckBalanced(); err != nil {
				t.Errorf("CheckBalanced: %v", err)
			}
			if rep.Plays != c.plays {
				t.Errorf("each board played at %d tables, want %d", rep.Plays, c.plays)
			}
			checkEachRoundOnce(t, &m)
			_, err = movement.Howell(movement.HowellOptions{Pairs: s.pairs, BoardsPerRound: 2, Rounds: s.rounds})
			if err == nil || err.Error() != c.refused {
				t.Errorf("traveler's Howell of %d pairs in %d rounds: %v, want %s", s.pairs, s.rounds, err, c.refused)
			}
		})
	}
}

// readWx writes schemas as one .ASC file (wxASC), reads it with ReadASC at
// per boards a set, and checks the movement made of it is the schemas'
// exactly: round by round, table by table, the same NS and EW pairs and
// the set's boards; an empty table of the file at no table in play.
func readWx(t *testing.T, per int, schemas ...*wxSchema) movement.Movement {
	t.Helper()
	text := wxASC(t, schemas...)
	sched, err := movement.ReadASC(text, per, false)
	if err != nil {
		t.Fatalf("ReadASC: %v\n%s", err, text)
	}
	m, err := movement.Custom(sched, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	ri, offset := 0, 0
	for _, s := range schemas {
		for _, row := range s.table {
			r := m.Rounds[ri]
			for ti, tb := range row {
				got, in := r.Table(ti + 1)
				if tb[0] == 0 && tb[1] == 0 {
					if in {
						t.Errorf("%s round %d: empty table %d is in play: %+v", s.name, ri+1, ti+1, *got)
					}
					continue
				}
				first := (offset+tb[2]-1)*per + 1
				var boards []int
				for b := first; b < first+per; b++ {
					boards = append(boards, b)
				}
				if !in || got.NS != tb[0] || got.EW != tb[1] || fmt.Sprint(got.Boards) != fmt.Sprint(boards) {
					t.Errorf("%s round %d table %d: %+v, want %d v %d on set %d (boards from %d)", s.name, ri+1, ti+1, got, tb[0], tb[1], offset+tb[2], first)
				}
			}
			ri++
		}
		offset += s.sets
	}
	if ri != len(m.Rounds) {
		t.Errorf("%d rounds read, want %d", len(m.Rounds), ri)
	}
	return m
}

// TestPublishedHowell18Sessions: BridgeWx's 6howel18.1-3, 6howel18.2-3 and
// 5howel18.3-3, played one after the other (each session its own sets), are
// a complete Howell of 18 pairs at 9 tables in 17 rounds: all 153 pairs of
// pairs (18·17/2) meet, each once (CheckBalanced), and each of the 17 sets
// is played at all 9 tables — as traveler's default 18-pair Howell (KoPS's
// 9-17, TestPublishedHowellsKoPS) does. The two are different schedules:
// in every round the BridgeWx one's 9 tables share the session's 6 or 5
// sets, where KoPS's gives each table its own set, so no renumbering of
// pairs, tables, rounds and boards turns one into the other.
// (compareMovements, which would search for one, takes too long at 17
// rounds of 9 tables.) Traveler makes the BridgeWx one with ShareBoards
// (TestSharedHowellsBridgeWx).
func TestPublishedHowell18Sessions(t *testing.T) {
	all := bridgeWxSchemas(t)
	m := readWx(t, 2, all["6howel18.1-3"], all["6howel18.2-3"], all["5howel18.3-3"])
	rep, err := m.Validate()
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if err := m.CheckBalanced(); err != nil {
		t.Fatalf("CheckBalanced: %v", err)
	}
	met := map[[2]int]int{}
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			met[[2]int{min(tb.NS, tb.EW), max(tb.NS, tb.EW)}]++
		}
	}
	if len(m.Rounds) != 17 || len(met) != 153 || rep.Plays != 9 || m.Boards != 34 {
		t.Errorf("%d rounds, %d pairs of pairs meet, boards played at %d tables, %d boards; want 17, 153, 9, 34", len(m.Rounds), len(met), rep.Plays, m.Boards)
	}
	checkComparisonSum(t, &m, rep)
	gen, err := movement.Howell(movement.HowellOptions{Pairs: 18, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Sets in play a round: a count no renumbering changes.
	if got, want := setsInPlay(&m), "[6 6 6 6 6 6 6 6 6 6 6 6 5 5 5 5 5]"; got != want {
		t.Errorf("published: sets in play by round %s, want %s (each session's sets)", got, want)
	}
	if got, want := setsInPlay(&gen), "[9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9]"; got != want {
		t.Errorf("traveler's: sets in play by round %s, want %s (a set a table)", got, want)
	}
	// The comparison matrix as Validate measures the two (both sum to
	// boards·plays·(plays−1), mean 16): the published sessions' pairs of
	// pairs are compared on 8 to 24 boards, traveler's on 14 to 18.
	if rep.Balance.Min != 8 || rep.Balance.Max != 24 {
		t.Errorf("published: comparisons %d–%d, want 8–24", rep.Balance.Min, rep.Balance.Max)
	}
	if got := balanceOf(t, &gen); got != "14–18 (mean 16.00)" {
		t.Errorf("traveler's: comparisons %s, want 14–18 (mean 16.00)", got)
	}
}

// setsInPlay lists, round by round, how many different board sets the
// tables in play hold (a set: the boards of one table, as a list).
func setsInPlay(m *movement.Movement) string {
	var n []int
	for _, r := range m.Rounds {
		sets := map[string]bool{}
		for _, tb := range r.Tables {
			sets[fmt.Sprint(tb.Boards)] = true
		}
		n = append(n, len(sets))
	}
	return fmt.Sprint(n)
}

// balanceOf is Validate's balance of m, as "min–max".
func balanceOf(t *testing.T, m *movement.Movement) string {
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d–%d (mean %.2f)", rep.Balance.Min, rep.Balance.Max, rep.Balance.Mean)
}

// TestSharedHowellsBridgeWx: traveler's Howell with ShareBoards, for 16
// pairs in 5 or 7 rounds and 18 pairs in 6, 12 or 17, is BridgeWx's
// published Howell whose tables share sets (testdata/bridgewx_newschemadata.cpp,
// BusyHarry/BridgeWx, MIT): 7howel16; 5howel16.1-3; 6howel18.1-3, then
// 6howel18.2-3, then 5howel18.3-3 played one after the other —
// round by round, table by table the same NS pair, EW pair and set (readWx
// reads the file; identity compares). Its table cards name the table a
// shared set is shared with (the file's "SetFromTable"), and a pair's guide
// card its table, opponent and boards. With one pair fewer (15, 17) the
// highest-numbered pair is missing: its opponent sits out, and every other
// table is the file's.
func TestSharedHowellsBridgeWx(t *testing.T) {
	all := bridgeWxSchemas(t)
	for _, c := range []struct {
		schemas       []string
		pairs, rounds int
	}{
		{[]string{"7howel16"}, 16, 7},
		{[]string{"5howel16.1-3"}, 16, 5},
		{[]string{"6howel18.1-3"}, 18, 6},
		{[]string{"6howel18.1-3", "6howel18.2-3"}, 18, 12},
		{[]string{"6howel18.1-3", "6howel18.2-3", "5howel18.3-3"}, 18, 17},
	} {
		t.Run(strings.Join(c.schemas, "+"), func(t *testing.T) {
			var schemas []*wxSchema
			for _, name := range c.schemas {
				schemas = append(schemas, all[name])
			}
			pub := readWx(t, 2, schemas...)
			rounds := c.rounds
			if rounds == c.pairs-1 {
				rounds = 0 // the complete Howell
			}
			for _, played := range []int{c.pairs, c.pairs - 1} {
				gen, err := movement.Howell(movement.HowellOptions{Pairs: played, BoardsPerRound: 2, Rounds: rounds, ShareBoards: true})
				if err != nil {
					t.Fatalf("%d pairs: %v", played, err)
				}
				want := pub
				if played < c.pairs {
					want = withoutPair(pub, c.pairs)
				}
				if got, w := fmt.Sprint(identity(&gen)), fmt.Sprint(identity(&want)); got != w {
					t.Fatalf("%d pairs: traveler's\n%s\nwant BridgeWx's\n%s", played, got, w)
				}
				rep, err := gen.Validate()
				if err != nil {
					t.Fatalf("%d pairs: Validate: %v", played, err)
				}
				if err := gen.CheckBalanced(); err != nil {
					t.Errorf("%d pairs: CheckBalanced: %v", played, err)
				}
				checkEachRoundOnce(t, &gen)
				if played == c.pairs && rep.Plays != c.pairs/2 {
					t.Errorf("each board played at %d tables, want %d", rep.Plays, c.pairs/2)
				}
				checkSharedCards(t, &gen, schemas, played)
			}
		})
	}
}

// withoutPair is m with pair p missing: its table out of play, its
// opponent sitting out.
func withoutPair(m movement.Movement, p int) movement.Movement {
	out := m
	out.Pairs = p - 1
	out.Rounds = nil
	for _, r := range m.Rounds {
		nr := movement.Round{Number: r.Number}
		for _, tb := range r.Tables {
			if tb.NS == p || tb.EW == p {
				nr.SitOut = append(nr.SitOut, tb.NS+tb.EW-p)
				continue
			}
			nr.Tables = append(nr.Tables, tb)
		}
		out.Rounds = append(out.Rounds, nr)
	}
	return out
}

// checkSharedCards checks m's table cards against the file's schemas
// played one after the other: a table in play whose set the file shares
// from another table (its fourth figure) names that table among those it
// shares with, a table with its own set names none but tables in play
// sharing it; and every pair's guide card names its table, opponent and
// boards as the round does.
func checkSharedCards(t *testing.T, m *movement.Movement, schemas []*wxSchema, played int) {
	t.Helper()
	cards, guides := m.TableCards(), m.GuideCards()
	ri := 0
	for _, s := range schemas {
		for _, row := range s.table {
			r := &m.Rounds[ri]
			for ti, tb := range row {
				c := cards[ti].Rounds[ri]
				if tb[0] > played || tb[1] > played {
					if c.InPlay {
						t.Errorf("%d pairs, round %d: table %d, the missing pair's, is in play", played, ri+1, ti+1)
					}
					continue
				}
				from := tb[3]
				if from != 0 && row[from-1][0] <= played && row[from-1][1] <= played && !slices.Contains(c.SharesWith, from) {
					t.Errorf("%d pairs, round %d: table %d's card shares with %v, want table %d among them", played, ri+1, ti+1, c.SharesWith, from)
				}
				for _, other := range c.SharesWith {
					if o := row[other-1]; o[2] != tb[2] {
						t.Errorf("%d pairs, round %d: table %d's card shares with table %d, which plays set %d, not %d", played, ri+1, ti+1, other, o[2], tb[2])
					}
				}
				for _, p := range tb[:2] {
					g := guides[p-1].Rounds[ri]
					if want, _ := r.Table(ti + 1); g.SitsOut || g.Table != ti+1 || g.Opponent != tb[0]+tb[1]-p || !slices.Equal(g.Boards, want.Boards) {
						t.Errorf("%d pairs, round %d: pair %d's guide card %+v, want table %d", played, ri+1, p, g, ti+1)
					}
				}
			}
			ri++
		}
	}
}

// TestBridgeWx16PartsAreNotOneHowell: BridgeWx's three 5-round Howells of
// 16 pairs, 5howel16.1-3, .2-3 and .3-3, played one after the other are not
// one complete Howell as its 18-pair parts are (TestPublishedHowell18Sessions):
// of the 120 pairs of pairs (16·15/2) 89 meet, 31 of them twice or more —
// so traveler makes only the first as the shared-boards Howell of 16 pairs
// in 5 rounds, and KoPS's (TestPublishedHowellsKoPS) as the complete one.
func TestBridgeWx16PartsAreNotOneHowell(t *testing.T) {
	all := bridgeWxSchemas(t)
	met := map[[2]int]int{}
	for _, name := range []string{"5howel16.1-3", "5howel16.2-3", "5howel16.3-3"} {
		for _, row := range all[name].table {
			for _, tb := range row {
				met[[2]int{min(tb[0], tb[1]), max(tb[0], tb[1])}]++
			}
		}
	}
	again := 0
	for _, n := range met {
		if n > 1 {
			again++
		}
	}
	if len(met) != 89 || again != 31 {
		t.Errorf("%d pairs of pairs meet, %d more than once; want 89, 31", len(met), again)
	}
}
