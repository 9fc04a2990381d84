package movement

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// KoPS's Howells: the Howell movements of HOWELL.DAT, the movement file of
// KoPS, the scoring program of Polish clubs, as emkael/howellki
// (https://github.com/emkael/howellki, GPL-2.0, Michał Klichowicz) gives
// them in its movements.json (how.php: HOWELL.DAT read into JSON), read
// here as it is committed: testdata/howellki_movements.json (source and
// licence in testdata/README.md). Each is a cyclic Howell of T tables in R
// rounds: the pairs 1..R move, each to the seat the pair numbered one
// below sat at, pair 1 to pair R's; the pairs above R stay; the sets move
// one slot on each round, R slots, T of them tables and the others relay
// stands. So each is a cyclicBase (kopsBase), and TestPublishedHowellsKoPS
// checks what Howell makes of every one against the file, replayed as
// howellki's own viewer (how.js) plays it.

//go:embed testdata/howellki_movements.json
var howellkiJSON []byte

// kopsMovement is one movement of movements.json as how.php writes it.
type kopsMovement struct {
	Tables    int      `json:"tables"`
	Rounds    int      `json:"rounds"`
	Sets      []int    `json:"sets"`      // slot by slot, the table set slot+1 starts at (0: a relay stand)
	Movement  []string `json:"movement"`  // the seats ("3N", "4E") the moving pairs go round, pair R's first
	Positions []int    `json:"positions"` // the pairs at table 1 N, table 1 E, table 2 N, … in round 1
}

// kopsHowells are KoPS's Howells of 2 to 16 tables (4 to 32 pairs) keyed by
// pairs (2T) and rounds R, read from the embedded movements.json once.
var kopsHowells = sync.OnceValue(func() map[[2]int]cyclicBase {
	m, err := readKoPS(howellkiJSON)
	if err != nil {
		panic("movement: testdata/howellki_movements.json: " + err.Error())
	}
	return m
})

// readKoPS reads movements.json: its Howells ("T-R", R a number; its
// Mitchells "T-M" and "13-K" are not Howells) of up to 16 tables, each as
// the cyclicBase it is, keyed by pairs and rounds.
func readKoPS(raw []byte) (map[[2]int]cyclicBase, error) {
	var all map[string]kopsMovement
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, err
	}
	out := map[[2]int]cyclicBase{}
	for key, k := range all {
		_, r, _ := strings.Cut(key, "-")
		if _, err := strconv.Atoi(r); err != nil || k.Tables > 16 {
			continue
		}
		b, err := kopsBase(k)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		out[[2]int{2 * k.Tables, k.Rounds}] = b
	}
	return out, nil
}

// kopsBase is a movements.json Howell as a cyclicBase: table t's pairs in
// round 1 and set slot+1, where t is the table of the slot. It refuses a
// movement the rotation would not play as the file says: the moving seats
// must be those of pairs R, R−1, … 1 in round 1 (so each pair takes the
// seat of the pair numbered one below), each table must start with one set.
func kopsBase(k kopsMovement) (cyclicBase, error) {
	if k.Tables < 2 || k.Rounds < 1 || len(k.Positions) != 2*k.Tables || len(k.Sets) != k.Rounds || len(k.Movement) != k.Rounds {
		return cyclicBase{}, fmt.Errorf("%d tables, %d rounds: %d positions, %d sets, %d moving seats", k.Tables, k.Rounds, len(k.Positions), len(k.Sets), len(k.Movement))
	}
	seat := map[int]string{}
	for i, p := range k.Positions {
		if p < 1 || p > 2*k.Tables || seat[p] != "" {
			return cyclicBase{}, fmt.Errorf("positions: pair %d; each of pairs 1 to %d sits once", p, 2*k.Tables)
		}
		seat[p] = strconv.Itoa(i/2+1) + []string{"N", "E"}[i%2]
	}
	for i, s := range k.Movement {
		if p := k.Rounds - i; seat[p] != s {
			return cyclicBase{}, fmt.Errorf("moving seat %d is %s, pair %d sits at %s", i+1, s, p, seat[p])
		}
	}
	b := cyclicBase{rounds: k.Rounds, families: 1, tables: make([]baseTable, k.Tables)}
	for i := range b.tables {
		b.tables[i] = baseTable{ns: k.Positions[2*i], ew: k.Positions[2*i+1]}
	}
	for slot, t := range k.Sets {
		if t < 0 || t > k.Tables || t > 0 && b.tables[t-1].units != nil {
			return cyclicBase{}, fmt.Errorf("set %d starts at table %d: each of tables 1 to %d starts with one set", slot+1, t, k.Tables)
		}
		if t != 0 {
			b.tables[t-1].units = set(slot)
		}
	}
	if slices.ContainsFunc(b.tables, func(t baseTable) bool { return t.units == nil }) {
		return cyclicBase{}, fmt.Errorf("a table starts with no set")
	}
	return b, nil
}
