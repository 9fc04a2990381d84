package movement

import (
	"slices"
	"strconv"
	"strings"
)

// The named Mitchell variants (MitchellOptions.Variant).
const (
	VariantBarometer  = "barometer"  // every table plays the same set each round (set r in round r)
	VariantWeb        = "web"        // an even number of tables in two groups, each with its own copy of the boards, EW moving through both
	VariantHesitation = "hesitation" // an odd number of tables, one round more: the moving pairs play NS for a round at the last table
	VariantRover      = "rover"      // one extra pair, the rover, plays NS at a table a round while that table's NS pair sits out
	VariantTwoStanza  = "two-stanza" // an even number of tables, half of them odd: two halves of the session, each with its own boards, two copies
	VariantAppendix   = "appendix"   // EBUScore's appendix Mitchells: 1 table sharing table 1's boards and a half table, the EW pairs going round all of them; or 3 to 7 tables on 13, a "dual carriageway" ([M23], [M13d])
)

// Variants lists the named variants a Mitchell may be given.
var Variants = []string{VariantBarometer, VariantWeb, VariantHesitation, VariantRover, VariantTwoStanza, VariantAppendix}

// Switch is an arrow switch at chosen tables in one round: the EW pair
// plays the NS cards there (a scrambled Mitchell).
type Switch struct {
	Round  int   // the round, from 1
	Tables []int // the tables that switch; each in play in that round
}

// mitchellVariant builds a named variant, then applies the chosen switches.
func mitchellVariant(o MitchellOptions) (Movement, error) {
	if o.Variant != VariantRover && len(o.RoverTables) > 0 {
		return Movement{}, invalid("rover_tables", len(o.RoverTables), "only a rover Mitchell has a rover", "variant: rover")
	}
	if o.Variant != VariantAppendix && o.Appendix != 0 {
		return Movement{}, invalid("appendix", o.Appendix, "only an appendix Mitchell has appendix tables", "variant: appendix")
	}
	if o.Variant != "" && o.Missing != 0 {
		return Movement{}, invalid("missing", o.Missing, "a "+o.Variant+" Mitchell is for full tables: it has no half table", "0")
	}
	var m Movement
	var err error
	switch o.Variant {
	case "":
		m, err = plainMitchell(o)
	case VariantBarometer:
		m, err = barometerMitchell(o)
	case VariantWeb:
		m, err = webMitchell(o)
	case VariantHesitation:
		m, err = hesitationMitchell(o)
	case VariantRover:
		m, err = roverMitchell(o)
	case VariantTwoStanza:
		m, err = twoStanzaMitchell(o)
	case VariantAppendix:
		m, err = appendixMitchell(o)
	default:
		return Movement{}, refuse("variant", strconv.Quote(o.Variant)+": not a Mitchell variant", Variants...)
	}
	if err != nil {
		return Movement{}, err
	}
	if o.Variant == VariantHesitation && len(o.Switches) > 0 {
		for ri := range m.Rounds {
			for ti := range m.Rounds[ri].Tables {
				m.Rounds[ri].Tables[ti].ArrowSwitch = false
			}
		}
	}
	if err := applySwitches(&m, o.Switches); err != nil {
		return Movement{}, err
	}
	return m, nil
}

// applySwitches arrow-switches the chosen tables of the chosen rounds; any
// switch makes the movement one-winner.
func applySwitches(m *Movement, switches []Switch) error {
	done := map[[2]int]bool{}
	for i, s := range switches {
		f := index("switches", i)
		r, ok := m.Round(s.Round)
		if !ok {
			return invalid(f+".round", s.Round, "no such round: the movement has rounds 1 to "+strconv.Itoa(len(m.Rounds)))
		}
		if len(s.Tables) == 0 {
			return invalid(f+".tables", 0, "name the tables that switch in round "+strconv.Itoa(s.Round)+", at least 1")
		}
		for j, t := range s.Tables {
			tab, ok := r.Table(t)
			if !ok {
				return invalid(index(f+".tables", j), t, "table "+strconv.Itoa(t)+" is not in play in round "+strconv.Itoa(s.Round), inPlay(r)...)
			}
			if done[[2]int{s.Round, t}] {
				return invalid(index(f+".tables", j), t, "table "+strconv.Itoa(t)+" is switched twice in round "+strconv.Itoa(s.Round)+"; name each table of a round once")
			}
			done[[2]int{s.Round, t}] = true
			tab.ArrowSwitch = true
		}
	}
	if len(switches) > 0 {
		m.Winners = 1
		if !strings.Contains(m.Name, "switched") {
			m.Name += ", scrambled"
		}
	}
	return nil
}

// inPlay lists the tables of a round, as the allowed values of a switch.
func inPlay(r *Round) []string {
	out := make([]string, len(r.Tables))
	for i, t := range r.Tables {
		out[i] = strconv.Itoa(t.Table)
	}
	return out
}

// variantBase checks what every variant needs: tables, boards a round, and
// no arrow switch of every table mixed with a variant that sets its own.
func variantBase(o MitchellOptions, least int) error {
	if o.Tables < least {
		return invalid("tables", o.Tables, "a "+o.Variant+" Mitchell needs at least "+strconv.Itoa(least)+" tables")
	}
	if o.BoardsPerRound < 1 {
		return invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	if o.SkipAfter != 0 {
		return invalid("skip_after", o.SkipAfter, "a "+o.Variant+" Mitchell does not skip", "0")
	}
	return nil
}

// arrowRounds marks the rounds in which every table switches, checking each
// is a round from 1 to rounds, given once.
func arrowRounds(o MitchellOptions, rounds int) ([]bool, error) {
	switched := make([]bool, rounds+1)
	for i, r := range o.ArrowSwitch {
		if r < 1 || r > rounds || switched[r] {
			return nil, invalid(index("arrow_switch", i), r, "a round from 1 to "+strconv.Itoa(rounds)+", each once")
		}
		switched[r] = true
	}
	return switched, nil
}

// withArrows marks the tables of every round the options arrow-switch, making
// the movement one-winner.
func withArrows(m *Movement, o MitchellOptions) error {
	switched, err := arrowRounds(o, len(m.Rounds))
	if err != nil {
		return err
	}
	for ri := range m.Rounds {
		for ti := range m.Rounds[ri].Tables {
			if switched[ri+1] {
				m.Rounds[ri].Tables[ti].ArrowSwitch = true
			}
		}
	}
	if len(o.ArrowSwitch) > 0 {
		m.Winners = 1
		m.Name += ", arrow-switched"
	}
	return nil
}

// barometerMitchell: NS pair t stays at table t, EW pair Tables+t starts
// at table t and moves up one table a round, and every table plays set r
// in round r, so every result of a round can be compared as soon as the
// round ends (bridgecentral.com, "Barometers for few tables": all tables
// share the round's set, EW up one table). Up to Tables rounds (EW meets
// each NS pair once; the page plays on, meeting pairs again).
func barometerMitchell(o MitchellOptions) (Movement, error) {
	if err := variantBase(o, 2); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	rounds := o.Rounds
	if rounds == 0 {
		rounds = n
	}
	if rounds < 1 || rounds > n {
		return Movement{}, invalid("rounds", rounds, "a barometer Mitchell of "+strconv.Itoa(n)+" tables plays 1 to "+strconv.Itoa(n)+" rounds: the EW pairs meet each NS pair once")
	}
	m := Movement{Name: "Barometer Mitchell " + strconv.Itoa(n) + " tables", Kind: KindMitchell, Winners: 2, Pairs: 2 * n, Tables: n, Boards: rounds * o.BoardsPerRound}
	for r := 1; r <= rounds; r++ {
		round := Round{Number: r}
		for t := 1; t <= n; t++ {
			round.Tables = append(round.Tables, Table{Table: t, NS: t, EW: n + mod(t-r, n) + 1, Boards: setBoards(r, o.BoardsPerRound)})
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, withArrows(&m, o)
}

// webMitchell is John Harris's web Mitchell (bridgecentral.com, "Web
// Mitchell"): an even number of tables split into two groups of Tables/2,
// each with its own copy of the boards; S sets, S odd, at least
// Tables/2 and below Tables (Rounds; 0: 13, the EBU's 26 boards in
// 2-board rounds, or the nearest the tables allow). In the first
// group set s starts at table s, the sets above Tables/2 on a relay after
// the last table; in the second group table Tables/2+j starts with set
// Tables/2−j (mod S), the rest on its relay. Boards move down a table (and
// through the relay) within their group; the EW pairs move up one table
// through both groups, never skipping. Every pair plays every set; an EW
// pair meets S of the NS pairs.
func webMitchell(o MitchellOptions) (Movement, error) {
	if err := variantBase(o, 4); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	if n%2 != 0 {
		return Movement{}, invalid("tables", n, "a web Mitchell needs an even number of tables (two equal groups); an odd number plays a plain Mitchell", strconv.Itoa(n-1), strconv.Itoa(n+1))
	}
	g := n / 2
	lo := g | 1
	sets := o.Rounds
	if sets == 0 {
		sets = min(max(lo, 13), n-1) // the EBU's web Mitchells play 13 sets (26 boards) from 14 to 26 tables
	}
	if sets < lo || sets > n-1 || sets%2 == 0 {
		return Movement{}, invalid("rounds", sets, "a web Mitchell of "+strconv.Itoa(n)+" tables plays an odd number of rounds (one set each) from "+
			strconv.Itoa(lo)+" to "+strconv.Itoa(n-1)+": fewer and a group's tables outnumber its sets, more and an EW pair meets an NS pair twice")
	}
	m := Movement{Name: "Web Mitchell " + strconv.Itoa(n) + " tables", Kind: KindMitchell, Winners: 2, Pairs: 2 * n, Tables: n, Boards: sets * o.BoardsPerRound}
	for r := 1; r <= sets; r++ {
		round := Round{Number: r}
		used := make([]bool, sets+1)
		for t := 1; t <= n; t++ {
			s := mod(t-1+r-1, sets) + 1 // first group: place t-1 of the cycle, boards moving down
			if t > g {
				s = mod(g-(t-g)-1-(r-1), sets) + 1 // second group: table g+j, descending
			}
			used[s] = true
			round.Tables = append(round.Tables, Table{Table: t, NS: t, EW: n + mod(t-r, n) + 1, Boards: setBoards(s, o.BoardsPerRound)})
		}
		for s := 1; s <= sets; s++ {
			if !used[s] {
				round.ByeStand = append(round.ByeStand, setBoards(s, o.BoardsPerRound)...)
			}
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, withArrows(&m, o)
}

// hesitationMitchell is E. E. Blandon's hesitation Mitchell (EBU, "Unusual
// Movements for Clubs – 1", John Pain; bridgecentral.com, "Hesitation
// Mitchell"): N tables, N+1 rounds and N+1 sets. NS pairs 1..N−1 stay at
// their tables; the other N+1 pairs (NS N, EW 1..N) move EW1 → EW2 → … →
// EWN → NS at table N → EW1, one place a round. With N odd set s starts at
// table s for tables up to (N−1)/2, set (N+1)/2 on a relay after table
// (N−1)/2, set s+1 at table s above. With N even (bridgewebs.com/exeter,
// the club's 8- and 12-table hesitations: "2 relays between 4 & 5, tables 8
// & 1 share") sets 1..N/2 start at tables 1..N/2, the next two on two
// relays, the rest at tables N/2+1..N−1, and table N shares table 1's set.
// The boards move down a place. It is one-winner: unless switches are
// chosen every table but the last arrow-switches in the last round, as the
// EBU's 7-table and Exeter's 8-table examples have it.
func hesitationMitchell(o MitchellOptions) (Movement, error) {
	if err := variantBase(o, 3); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	if o.Rounds != 0 && o.Rounds != n+1 {
		return Movement{}, invalid("rounds", o.Rounds, "a hesitation Mitchell plays one round more than its tables: every set once", strconv.Itoa(n+1))
	}
	if len(o.ArrowSwitch) > 0 {
		return Movement{}, invalid("arrow_switch", o.ArrowSwitch[0], "a hesitation Mitchell's switches are chosen table by table (switches): its hesitation table never switches")
	}
	h := n / 2
	relays := []int{h}         // the relays' places in the boards' cycle
	place := func(t int) int { // the table's place in the boards' cycle
		if t <= h {
			return t - 1
		}
		return t
	}
	if n%2 == 0 {
		relays = []int{h, h + 1}
		place = func(t int) int {
			switch {
			case t == n:
				return 0 // shares with table 1
			case t <= h:
				return t - 1
			}
			return t + 1
		}
	}
	m := Movement{Name: "Hesitation Mitchell " + strconv.Itoa(n) + " tables", Kind: KindMitchell, Winners: 1, Pairs: 2 * n, Tables: n, Boards: (n + 1) * o.BoardsPerRound}
	for r := 1; r <= n+1; r++ {
		at := func(pos int) int { // the moving pair at position pos (EW at table pos+1; pos n: NS at table n)
			p0 := mod(pos-(r-1), n+1)
			if p0 == n {
				return n
			}
			return n + p0 + 1
		}
		round := Round{Number: r}
		for _, q := range relays {
			round.ByeStand = append(round.ByeStand, setBoards(mod(q+r-1, n+1)+1, o.BoardsPerRound)...)
		}
		for t := 1; t <= n; t++ {
			ns := t
			if t == n {
				ns = at(n)
			}
			round.Tables = append(round.Tables, Table{Table: t, NS: ns, EW: at(t - 1), Boards: setBoards(mod(place(t)+r-1, n+1)+1, o.BoardsPerRound),
				ArrowSwitch: r == n+1 && t != n})
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, nil
}

// twoStanzaMitchell is the two-stanza Mitchell (a session in two halves
// with a break between them; as in jfklorenz/Bridge-Package's
// mitchell_twostanza.js): 2K tables, K odd, 2K rounds and 2K sets, two
// copies of each. NS pair t stays, EW pair 2K+t starts at table t and
// moves up one table a round; in round r of the first stanza (r ≤ K) table t
// plays set (t+r−2 mod K)+1, in the second set K+(t+r−2 mod K)+1: tables t
// and t+K play the same set, and each stanza's K sets are played by every
// pair. Every EW pair meets every NS pair.
func twoStanzaMitchell(o MitchellOptions) (Movement, error) {
	if err := variantBase(o, 2); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	k := n / 2
	if n%2 != 0 || k%2 == 0 {
		return Movement{}, invalid("tables", n, "a two-stanza Mitchell needs an even number of tables whose half is odd, so that each stanza's sets reach every EW pair once",
			"2", "6", "10", "14", "18", "22", "26")
	}
	if o.Rounds != 0 && o.Rounds != n {
		return Movement{}, invalid("rounds", o.Rounds, "a two-stanza Mitchell plays both stanzas whole", strconv.Itoa(n))
	}
	m := Movement{Name: "Two-stanza Mitchell " + strconv.Itoa(n) + " tables", Kind: KindMitchell, Winners: 2, Pairs: 2 * n, Tables: n, Boards: n * o.BoardsPerRound}
	for r := 1; r <= n; r++ {
		round := Round{Number: r}
		first := 0
		if r > k {
			first = k
		}
		for t := 1; t <= n; t++ {
			round.Tables = append(round.Tables, Table{Table: t, NS: t, EW: n + mod(t-r, n) + 1, Boards: setBoards(first+mod(t+r-2, k)+1, o.BoardsPerRound)})
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, withArrows(&m, o)
}

// roverPublished is the EBU's rover order (EBUScore Pairs movement manual,
// [M6] "Rover Mitchell"): the tables the rover plays at from round 2, by
// tables; at 9 and 15 tables the rover meets one EW pair twice.
var roverPublished = map[int][]int{
	6:  {1, 3, 5, 2, 4},
	7:  {1, 3, 5, 7, 2, 4},
	8:  {1, 6, 2, 7, 3, 8, 4},
	9:  {1, 5, 9, 2, 4, 7, 3, 6},
	10: {1, 7, 2, 8, 3, 9, 4, 10, 5},
	11: {1, 3, 5, 7, 9, 11, 2, 4, 6, 8},
	12: {3, 9, 4, 10, 5, 11, 6, 12, 7, 1, 8},
	13: {1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10},
	14: {1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7},
	15: {1, 3, 5, 7, 9, 12, 14, 2, 4, 6, 8, 10, 11, 13},
}

// roverMitchell is the rover Mitchell (EBUScore Pairs movement manual,
// [M6]): a Mitchell of Tables tables (an even number as a relay Mitchell,
// so every round is played) and one pair more, the rover, which plays NS
// at a table in each round it plays, the table's NS pair sitting out. The
// rover is NS pair Tables+1 at table Tables+1, a table never in play whose
// EW pair is the phantom; the EW pairs are numbered 1..Tables as in the
// Mitchell. RoverTables gives the rover's tables from round 2 (a pair
// arriving late), or from round 1 if it names every round; nil takes the
// EBU's published order, or, for other sizes, the first order found in
// which the rover plays no board twice, displaces no NS pair twice and
// meets as few EW pairs twice as can be.
func roverMitchell(o MitchellOptions) (Movement, error) {
	if err := variantBase(o, 3); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	base := o
	base.Variant, base.RoverTables, base.Switches, base.ArrowSwitch = "", nil, nil, nil
	if n%2 == 0 {
		base.Even = EvenRelay
	}
	if o.Rounds != 0 && o.Rounds != n {
		return Movement{}, invalid("rounds", o.Rounds, "a rover Mitchell plays every round of the Mitchell", strconv.Itoa(n))
	}
	b, err := plainMitchell(base)
	if err != nil {
		return Movement{}, err
	}
	order := o.RoverTables
	first := 2
	switch {
	case len(order) == n:
		first = 1
	case len(order) == n-1:
	case len(order) != 0:
		return Movement{}, invalid("rover_tables", len(order), "the rover's table for each round from round 2 ("+strconv.Itoa(n-1)+" tables) or from round 1 ("+strconv.Itoa(n)+")",
			strconv.Itoa(n-1), strconv.Itoa(n))
	case roverPublished[n] != nil && (n%2 == 1 || base.Even == EvenRelay):
		order = roverPublished[n]
	default:
		order = searchRover(&b, first)
		if order == nil {
			return Movement{}, invalid("tables", n, "no rover order found for "+strconv.Itoa(n)+" tables; give rover_tables")
		}
	}
	m := Movement{Name: "Rover Mitchell " + strconv.Itoa(n) + " tables", Kind: KindMitchell, Winners: 2, Pairs: 2 * (n + 1), Tables: n + 1, Boards: b.Boards, Phantom: 2 * (n + 1)}
	rover := n + 1
	seen := make([]bool, n+1)
	playedIn := make([]int, b.Boards+1) // the round the rover played each board
	for ri, r := range b.Rounds {
		round := Round{Number: r.Number, ByeStand: r.ByeStand}
		at := 0
		if i := ri + 1 - first; i >= 0 {
			at = order[i]
			f := index("rover_tables", i)
			if at < 1 || at > n {
				return Movement{}, invalid(f, at, "no such table: 1 to "+strconv.Itoa(n))
			}
			if seen[at] {
				return Movement{}, invalid(f, at, "the rover is at table "+strconv.Itoa(at)+" twice; its NS pair would sit out twice")
			}
			seen[at] = true
			tab, _ := r.Table(at)
			if was := playedIn[tab.Boards[0]]; was != 0 {
				return Movement{}, invalid(f, at, "at table "+strconv.Itoa(at)+" in round "+strconv.Itoa(r.Number)+" the rover would play board "+
					strconv.Itoa(tab.Boards[0])+" again (it played it in round "+strconv.Itoa(was)+"); no pair plays a board twice")
			}
			for _, x := range tab.Boards {
				playedIn[x] = r.Number
			}
		} else {
			round.SitOut = append(round.SitOut, rover)
		}
		for _, t := range r.Tables {
			t.EW++ // EW pair e: movement pair Tables+e, one table more now
			t.Boards = slices.Clone(t.Boards)
			if t.Table == at {
				round.SitOut = append(round.SitOut, t.NS)
				t.NS = rover
			}
			round.Tables = append(round.Tables, t)
		}
		slices.Sort(round.SitOut)
		m.Rounds = append(m.Rounds, round)
	}
	if len(o.RoverTables) > 0 {
		if err := roverRepeats(&b, o.RoverTables, first, n, base.Even); err != nil {
			return Movement{}, err
		}
	}
	return m, withArrows(&m, o)
}

// roverRepeats refuses a given rover order that meets EW pairs again more
// often than the EBU's order, or the one searched, does.
func roverRepeats(b *Movement, order []int, first, n int, even EvenTables) error {
	best := roverPublished[n]
	if best == nil || (n%2 == 0 && even != EvenRelay) || first == 1 {
		best = searchRover(b, first)
	}
	given := repeatsOf(b, order, first)
	if best != nil && given > repeatsOf(b, best, first) {
		more := "none"
		if k := repeatsOf(b, best, first); k > 0 {
			more = strconv.Itoa(k) + " time"
		}
		return invalid("rover_tables", len(order), "the rover meets an EW pair again "+strconv.Itoa(given)+" times; the EBU's order or one found meets "+more+" again")
	}
	return nil
}

// repeatsOf counts the rover's meetings with an EW pair it has met before,
// for an order from round first; tables out of range are left to the caller.
func repeatsOf(b *Movement, order []int, first int) int {
	met := map[int]bool{}
	k := 0
	for i, t := range order {
		if first-1+i >= len(b.Rounds) {
			break
		}
		tab, ok := b.Rounds[first-1+i].Table(t)
		if !ok {
			continue
		}
		if met[tab.EW] {
			k++
		}
		met[tab.EW] = true
	}
	return k
}

// searchRover finds the rover's tables from round first: no table twice,
// no set twice, and the fewest EW pairs met twice (none, else one), or nil.
func searchRover(b *Movement, first int) []int {
	n := b.Tables
	rounds := b.Rounds[first-1:]
	for repeats := 0; repeats <= 1; repeats++ {
		order := make([]int, len(rounds))
		usedT := make([]bool, n+1)
		usedB := make([]bool, b.Boards+1)
		met := make([]int, b.Pairs+1)
		budget := 200000
		var try func(i, rep int) bool
		try = func(i, rep int) bool {
			if i == len(rounds) {
				return true
			}
			if budget--; budget < 0 {
				return false
			}
			for t := 1; t <= n; t++ {
				tab, ok := rounds[i].Table(t)
				if usedT[t] || !ok || usedB[tab.Boards[0]] {
					continue
				}
				extra := 0
				if met[tab.EW] > 0 {
					extra = 1
				}
				if rep+extra > repeats {
					continue
				}
				usedT[t] = true
				for _, x := range tab.Boards {
					usedB[x] = true
				}
				met[tab.EW]++
				order[i] = t
				if try(i+1, rep+extra) {
					return true
				}
				usedT[t] = false
				for _, x := range tab.Boards {
					usedB[x] = false
				}
				met[tab.EW]--
			}
			return false
		}
		if try(0, 0) {
			return order
		}
	}
	return nil
}

// appendixMitchell is EBUScore's "1-Table Appendix Mitchell" (the EBU's
// scoring program's movement library, PSMovements.txt: [M20] for an odd
// number of tables, [M18] for an even one; TestAppendixMitchellEBUScore):
// the sets of a Mitchell of n = Tables tables go round those n tables, down
// a table a round; appendix table n+1 shares table 1's set every round; the
// EW pairs go up a table a round round all n+2 tables, table n+2 a half
// table whose NS pair (n+2, the file's missing pair, the Phantom) is not
// there, so the EW pair that reaches it sits out. With an even number of
// tables the EW pairs skip a table after n/2 rounds. NS pair t sits at
// table t; EW pair n+2+e starts at table e. Every set is played at n+1
// tables. Rounds: all n, or fewer (EBUScore plays 13 of 14 to 18). With
// 3 to 7 appendix tables on 13 it is EBUScore's [M23] or [M13d]
// (dualAppendixMitchell); other numbers are refused, naming what is published.
func appendixMitchell(o MitchellOptions) (Movement, error) {
	const appendixLeast = 3 // tables of the Mitchell the appendix is added to
	if err := variantBase(o, appendixLeast); err != nil {
		return Movement{}, err
	}
	n := o.Tables
	switch {
	case o.Appendix == 1:
	case n != dualCore:
		return Movement{}, invalid("appendix", o.Appendix, "on "+strconv.Itoa(n)+" tables the published appendix Mitchell (EBUScore's) appends one table, sharing table 1's boards, and a half table; "+
			strconv.Itoa(dualLeast)+" to "+strconv.Itoa(dualMost)+" appendix tables are published on a "+strconv.Itoa(dualCore)+"-table Mitchell only (EBUScore's [M23] and [M13d], "+
			strconv.Itoa(dualCore+dualLeast)+" to "+strconv.Itoa(dualCore+dualMost)+" tables)", "1")
	case o.Appendix < dualLeast || o.Appendix > dualMost:
		allowed := []string{"1"}
		for a := dualLeast; a <= dualMost; a++ {
			allowed = append(allowed, strconv.Itoa(a))
		}
		return Movement{}, invalid("appendix", o.Appendix, "EBUScore publishes a "+strconv.Itoa(dualCore)+"-table appendix Mitchell with 1 appendix table (and a half table), or with "+
			strconv.Itoa(dualLeast)+" to "+strconv.Itoa(dualMost)+" ([M23], [M13d]: "+strconv.Itoa(dualCore+dualLeast)+" to "+strconv.Itoa(dualCore+dualMost)+" tables)", allowed...)
	default:
		return dualAppendixMitchell(o)
	}
	if n%2 == 0 && o.Even != EvenSkip {
		return Movement{}, invalid("even", int(o.Even), "the published appendix Mitchell of an even number of tables (EBUScore's) skips a table after half the rounds", "0 (skip)")
	}
	rounds := o.Rounds
	if rounds == 0 {
		rounds = n
	}
	if rounds < 1 || rounds > n {
		return Movement{}, invalid("rounds", o.Rounds, "an appendix Mitchell of "+strconv.Itoa(n)+" tables plays 1 to "+strconv.Itoa(n)+" rounds (0: all)")
	}
	skip := rounds
	if n%2 == 0 {
		skip = n / 2
	}
	all := n + 2
	m := Movement{Name: "Appendix Mitchell " + strconv.Itoa(n+1) + "½ tables (tables 1 and " + strconv.Itoa(n+1) + " share)",
		Kind: KindMitchell, Winners: 2, Pairs: 2 * all, Tables: all, Boards: n * o.BoardsPerRound, Phantom: all}
	for r := 1; r <= rounds; r++ {
		round := Round{Number: r}
		for t := 1; t <= all; t++ {
			e := t - (r - 1) // the EW pair's starting table
			if r > skip {
				e--
			}
			ew := all + mod(e-1, all) + 1
			if t == all {
				round.SitOut = append(round.SitOut, ew)
				continue
			}
			boardsOf := t // the table whose set it plays: the appendix table, table 1's
			if t == n+1 {
				boardsOf = 1
			}
			round.Tables = append(round.Tables, Table{Table: t, NS: t, EW: ew, Boards: setBoards(mitchellSet(n, boardsOf, r, false), o.BoardsPerRound)})
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, withArrows(&m, o)
}

// The appendix Mitchells of several appendix tables EBUScore publishes: on
// a core of dualCore tables, dualLeast to dualMost appendix tables.
const (
	dualCore  = 13
	dualLeast = 3
	dualMost  = 7
)

// dualAppendixMitchell is EBUScore's appendix Mitchell of a = Appendix
// tables on 13 (PSMovements.txt: "[M23] 16 table Appendix Mitchell" for a
// = 3, "[M13d] 17 table Appendix Mitchell" to 20 tables for 4 to 7, each
// with two winners and with one; TestAppendixMitchellsEBUScore). Its
// manual on [M13d]: "a core circuit of 13 tables … part of the 13-table
// circuit [turned] into a 'dual carriageway'. 13 NS pairs and 13 EW pairs
// circulate in opposite directions, keeping to the left when they reach
// the dual section. The other pairs are stationary along the dual
// section. Boards are shared across the two carriageways." The circuit
// has 13 places; places 1..a are the dual section, place q its tables q
// (the EW carriageway) and 13+q (the NS one), places a+1..13 the single
// tables of those numbers. NS pairs 1..a stay at tables 1..a, EW pairs
// 14..13+a at tables 14..13+a. The moving NS pairs a+1..13+a (pair 13+q
// starting at table 13+q) go up a place a round, at the NS tables; the
// moving EW pairs 1..13 go down two places a round, at tables 1..13; the
// sets go down a place a round, set s starting at place s. Rounds: 12 as
// published (1 to 12), so every pair plays 12 of the 13 sets and meets no
// pair twice; each set misses one place, and the sets missing a dual place
// (13 and 1 to a−1) are played at one table fewer than the others — the
// published movement does not balance its boards (CheckBalanced), and is
// played as it is. With arrow_switch [12] it is the one-winner entry.
func dualAppendixMitchell(o MitchellOptions) (Movement, error) {
	a := o.Appendix
	n := dualCore + a
	cite := "[M13d]"
	if a == 3 {
		cite = "[M23]"
	}
	rounds := o.Rounds
	if rounds == 0 {
		rounds = dualCore - 1
	}
	if rounds < 1 || rounds > dualCore-1 {
		return Movement{}, invalid("rounds", rounds, "EBUScore's appendix Mitchell of "+strconv.Itoa(n)+" tables ("+cite+") plays "+strconv.Itoa(dualCore-1)+
			" rounds of its "+strconv.Itoa(dualCore)+" sets: 1 to "+strconv.Itoa(dualCore-1)+" (0: "+strconv.Itoa(dualCore-1)+")")
	}
	place := func(q int) int { return mod(q-1, dualCore) + 1 }
	m := Movement{Name: "Appendix Mitchell " + strconv.Itoa(n) + " tables, 13 and " + strconv.Itoa(a) + " appendix tables (EBUScore's " + cite + ": tables 1–" +
		strconv.Itoa(a) + " and 14–" + strconv.Itoa(n) + " share)", Kind: KindMitchell, Winners: 2, Pairs: 2 * n, Tables: n, Boards: dualCore * o.BoardsPerRound}
	for r := 1; r <= rounds; r++ {
		round := Round{Number: r}
		for t := 1; t <= n; t++ {
			q := t // the table's place
			if t > dualCore {
				q = t - dualCore
			}
			ns, ew := t, t // the stationary pairs: NS at tables 1..a, EW at 14..n
			if t > a {
				ns = place(q - (r - 1)) // the moving NS pair's place in round 1
				if ns <= a {
					ns += dualCore
				}
			}
			if t <= dualCore {
				ew = place(t + 2*(r-1))
			}
			round.Tables = append(round.Tables, Table{Table: t, NS: ns, EW: n + ew, Boards: setBoards(place(q+r-1), o.BoardsPerRound)})
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, withArrows(&m, o)
}
