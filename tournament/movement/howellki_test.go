package movement_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// kopsHowell is one movement of howellki's movements.json
// (testdata/howellki_movements.json: emkael/howellki, GPL-2.0, the Howells
// of the Polish scoring program KoPS's HOWELL.DAT, see testdata/README.md),
// as its how.php writes it: tables, rounds; sets, slot by slot, the table
// set slot+1 starts at (0: a relay stand); movement, the seats ("3N", "4E")
// the moving pairs go round, pair R first, then R−1, … 1; positions, the
// pairs at table 1 N, table 1 E, table 2 N, … in round 1.
type kopsHowell struct {
	Tables    int      `json:"tables"`
	Rounds    int      `json:"rounds"`
	Sets      []int    `json:"sets"`
	Movement  []string `json:"movement"`
	Positions []int    `json:"positions"`
}

// howellkiMovements reads testdata/howellki_movements.json: the Howells of
// T tables in R rounds, keyed "T-R" (its Mitchells "T-M" and its "13-K" are
// left out: they are not Howells).
func howellkiMovements(t *testing.T) map[string]kopsHowell {
	t.Helper()
	raw, err := os.ReadFile("testdata/howellki_movements.json")
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		t.Fatal(err)
	}
	out := map[string]kopsHowell{}
	for key, v := range all {
		_, r, _ := strings.Cut(key, "-")
		if _, err := strconv.Atoi(r); err != nil {
			continue
		}
		var k kopsHowell
		if err := json.Unmarshal(v, &k); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		out[key] = k
	}
	return out
}

// kopsPlay plays a movements.json Howell round by round as howellki's
// how.js animates it (Movement.step): after each round a pair on a seat of
// the movement goes to the next seat of it (the last to the first), every
// other pair stays, and the sets move one slot on (sets.unshift(sets.pop())).
// It returns per round, per table, the NS pair, the EW pair and the set.
func kopsPlay(k kopsHowell) [][][3]int {
	seat := map[string]int{} // "3N" → the pair sitting there
	for i, p := range k.Positions {
		seat[strconv.Itoa(i/2+1)+[]string{"N", "E"}[i%2]] = p
	}
	sets := slices.Clone(k.Sets)
	var rounds [][][3]int
	for range k.Rounds {
		row := make([][3]int, k.Tables)
		for s, p := range seat {
			tb, _ := strconv.Atoi(s[:len(s)-1])
			row[tb-1][boolInt(s[len(s)-1] == 'E')] = p
		}
		for slot, tb := range sets {
			if tb != 0 {
				row[tb-1][2] = slot + 1
			}
		}
		rounds = append(rounds, row)
		next := map[string]int{}
		for s, p := range seat {
			if i := slices.Index(k.Movement, s); i >= 0 {
				s = k.Movement[(i+1)%len(k.Movement)]
			}
			next[s] = p
		}
		seat = next
		sets = append([]int{sets[len(sets)-1]}, sets[:len(sets)-1]...)
	}
	return rounds
}

// bridgescorerSizes are the sizes whose Howell traveler takes from
// thebridsk/bridgescorer's published movements (publishedBases), which
// came first: movements.json has these sizes too, with other schedules.
var bridgescorerSizes = map[[2]int]bool{{8, 7}: true, {10, 9}: true, {12, 11}: true, {14, 13}: true}

// TestPublishedHowellsKoPS: for every Howell of howellki's movements.json
// of up to 16 tables (58 of its 62 Howells of 4 to 16 tables; the 4
// complete ones of 8, 10, 12 and 14 pairs are bridgescorer's in traveler,
// TestKoPSHowellsOfBridgescorerSizes)
// traveler's Howell of that many pairs and rounds is the published one
// exactly: round by round, table by table, the same NS pair, EW pair and set
// (kopsPlay replays the file as howellki's own viewer does), every set on
// a relay stand when not at a table. Each passes Validate and CheckBalanced
// (no two pairs meet twice, every set at each table once), every pair is in
// every round once, and its table and guide cards say what the schedule
// says; the same with one pair fewer (the highest-numbered, stationary,
// missing: its opponent sits out).
func TestPublishedHowellsKoPS(t *testing.T) {
	all := howellkiMovements(t)
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range all {
			if !yield(k) {
				return
			}
		}
	})
	tried := 0
	for _, key := range keys {
		k := all[key]
		pairs := 2 * k.Tables
		if pairs > 32 || bridgescorerSizes[[2]int{pairs, k.Rounds}] {
			continue
		}
		tried++
		t.Run(key, func(t *testing.T) {
			if len(k.Sets) != k.Rounds || len(k.Movement) != k.Rounds || len(k.Positions) != pairs {
				t.Fatalf("%d sets, %d seats in the movement, %d positions; want %d, %d, %d", len(k.Sets), len(k.Movement), len(k.Positions), k.Rounds, k.Rounds, pairs)
			}
			want := kopsPlay(k)
			for _, played := range []int{pairs, pairs - 1} {
				m, err := movement.Howell(movement.HowellOptions{Pairs: played, BoardsPerRound: 2, Rounds: k.Rounds})
				if err != nil {
					t.Fatalf("%d pairs: %v", played, err)
				}
				checkKoPS(t, &m, want, played)
			}
		})
	}
	if tried != 58 {
		t.Errorf("%d Howells of 2 to 16 tables tried, want 58", tried)
	}
}

// checkKoPS checks m, the Howell of played pairs, is the published schedule
// want (kopsPlay, or ebuscoreRounds) at 2 boards a set, its phantom (with
// an odd number of pairs) the highest-numbered pair; a table card names the
// tables playing the same set in that round (none in KoPS's).
func checkKoPS(t *testing.T, m *movement.Movement, want [][][3]int, played int) {
	t.Helper()
	if len(m.Rounds) != len(want) || m.Boards != 2*len(want) {
		t.Fatalf("%d pairs: %d rounds, %d boards; want %d, %d", played, len(m.Rounds), m.Boards, len(want), 2*len(want))
	}
	cards, guides := m.TableCards(), m.GuideCards()
	if len(cards) != len(want[0]) || len(guides) != played {
		t.Errorf("%d pairs: %d table cards, %d guide cards; want %d, %d", played, len(cards), len(guides), len(want[0]), played)
	}
	for ri, row := range want {
		r := &m.Rounds[ri]
		atTables := map[int]bool{}
		for ti, w := range row {
			boards := []int{2*w[2] - 1, 2 * w[2]}
			atTables[w[2]] = true
			got, in := r.Table(ti + 1)
			if w[0] > played || w[1] > played {
				sits := w[0] + w[1] - played - 1
				if in || !slices.Equal(r.SitOut, []int{sits}) {
					t.Errorf("%d pairs, round %d: table %d in play %v, sitting out %v; want empty, pair %d sitting out", played, ri+1, ti+1, in, r.SitOut, sits)
				}
				continue
			}
			if !in || got.NS != w[0] || got.EW != w[1] || !slices.Equal(got.Boards, boards) {
				t.Errorf("%d pairs, round %d, table %d: %+v; want %d v %d on set %d (boards %v)", played, ri+1, ti+1, got, w[0], w[1], w[2], boards)
				continue
			}
			var shares []int // the other tables in play on the same set
			for tj, x := range row {
				if tj != ti && x[2] == w[2] && x[0] <= played && x[1] <= played {
					shares = append(shares, tj+1)
				}
			}
			c := cards[ti].Rounds[ri]
			if !c.InPlay || c.NS != w[0] || c.EW != w[1] || !slices.Equal(c.Boards, boards) || fmt.Sprint(c.SharesWith) != fmt.Sprint(shares) {
				t.Errorf("%d pairs, round %d: table card %d says %+v", played, ri+1, ti+1, c)
			}
			for _, p := range w[:2] {
				g := guides[p-1].Rounds[ri]
				if g.SitsOut || g.Table != ti+1 || g.Opponent != w[0]+w[1]-p || !slices.Equal(g.Boards, boards) {
					t.Errorf("%d pairs, round %d: pair %d's guide card says %+v; want table %d", played, ri+1, p, g, ti+1)
				}
			}
		}
		var relay []int
		for s := 1; s <= len(want); s++ {
			if !atTables[s] {
				relay = append(relay, 2*s-1, 2*s)
			}
		}
		if fmt.Sprint(r.ByeStand) != fmt.Sprint(relay) {
			t.Errorf("%d pairs, round %d: bye-stand %v, want %v", played, ri+1, r.ByeStand, relay)
		}
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatalf("%d pairs: Validate: %v", played, err)
	}
	if err := m.CheckBalanced(); err != nil {
		t.Errorf("%d pairs: CheckBalanced: %v", played, err)
	}
	checkEachRoundOnce(t, m)
	if tables := len(want[0]) - played%2; rep.Plays != tables {
		t.Errorf("%d pairs: each board played at %d tables, want %d", played, rep.Plays, tables)
	}
}

// TestKoPSHowellsOfBridgescorerSizes compares the four Howells
// movements.json has of the sizes traveler takes from thebridsk/bridgescorer
// (bridgescorerSizes) with traveler's, which are bridgescorer's
// (compareMovements): KoPS's 7-13 (14 pairs) is identical to it, table by
// table; its 4-7 and 5-9 (8 and 10 pairs) are the same meetings on the same
// boards after renumbering, some pairs the other way round at their table.
// (6-11, 12 pairs, is a different schedule: no renumbering turns one into
// the other — found by exhausting compareMovements, too slow for a test at
// some 15 s.)
func TestKoPSHowellsOfBridgescorerSizes(t *testing.T) {
	all := howellkiMovements(t)
	for key, want := range map[string]sameness{"4-7": sameMeetings, "5-9": sameMeetings, "7-13": identical} {
		k := all[key]
		var sched []movement.Round
		for ri, row := range kopsPlay(k) {
			r := movement.Round{Number: ri + 1}
			for ti, w := range row {
				r.Tables = append(r.Tables, movement.Table{Table: ti + 1, NS: w[0], EW: w[1], Boards: []int{2*w[2] - 1, 2 * w[2]}})
			}
			sched = append(sched, r)
		}
		published, err := movement.Custom(sched, 1, 0)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		gen, err := movement.Howell(movement.HowellOptions{Pairs: 2 * k.Tables, BoardsPerRound: 2})
		if err != nil {
			t.Fatal(err)
		}
		if got := compareMovements(&published, &gen); got != want {
			t.Errorf("KoPS's %s and traveler's (bridgescorer's): %v, want %v", key, got, want)
		}
	}
}

// TestKoPSThreeQuarterHowellBalance: the balance report of KoPS's ¾ Howell
// of 16 pairs (8-12, 12 rounds), as published, has pairs never compared.
// Its stationary pairs, 13 to 16 (12 rounds: pairs 1 to 12 move), keep
// their round-1 seats — "positions" 16 at 1N, 15 at 2N, 14 at 3E, 13 at
// 6E — so 15 and 16 play every board NS and 13 and 14 every board EW:
// each of 13 and 14 and each of 15 and 16 is never on the same side of a
// board, 0 comparisons, the four pairs of pairs Validate reports at 0 and
// no others. (Traveler's searched ¾ Howells change a stationary pair's
// seats halfway, TestHowellStationaryPairsChangeSeatsHalfway; the
// published one is played as published.)
func TestKoPSThreeQuarterHowellBalance(t *testing.T) {
	m, err := movement.ThreeQuarterHowell(16, 2)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	var never []string
	for p := range rep.Same {
		for q := p + 1; q < len(rep.Same); q++ {
			if rep.Same[p][q] == 0 {
				never = append(never, fmt.Sprintf("%d-%d", p+1, q+1))
			}
		}
	}
	if got := strings.Join(never, " "); got != "13-15 13-16 14-15 14-16" || rep.Balance.Min != 0 {
		t.Errorf("pairs never compared: %s, balance min %d; want 13-15 13-16 14-15 14-16, 0", got, rep.Balance.Min)
	}
}
