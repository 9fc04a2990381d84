package movement

import (
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// Custom makes the movement of a schedule given table by table:
// pairs, tables and boards are the highest numbers it uses. A schedule
// whose tables name matches is a teams movement. With Winners 2 it is a
// two-winner movement numbered as a Mitchell is (see PairLabel): Tables
// pairs each way, NS pair n being movement pair n and EW pair n movement
// pair Tables+n, its tables numbered 1 to Tables; Validate then checks
// that the NS pairs play the NS cards and the EW pairs the EW cards.
func Custom(schedule []Round, winners, tables int) (Movement, error) {
	if len(schedule) == 0 {
		return Movement{}, refuse("schedule", "required for a custom movement: the rounds, table by table")
	}
	switch winners {
	case 0, 1:
	case 2:
		if tables < 1 {
			return Movement{}, refuse("tables", strconv.Itoa(tables)+": a two-winner custom movement needs its tables, 1 or more: NS pairs and EW pairs are each numbered 1 to tables")
		}
	default:
		return Movement{}, refuse("winners", strconv.Itoa(winners)+": not a number of winners", "1", "2")
	}
	m := Movement{Name: "Custom movement", Kind: KindCustom, Winners: 1, Rounds: make([]Round, len(schedule))}
	for i, r := range schedule {
		if r.Number != 0 && r.Number != i+1 {
			return Movement{}, refuse("schedule["+strconv.Itoa(i)+"].round", strconv.Itoa(r.Number)+": rounds are listed in order from 1; expected "+strconv.Itoa(i+1))
		}
		r.Number = i + 1
		r.Tables = slices.Clone(r.Tables)
		for _, t := range r.Tables {
			m.Tables = max(m.Tables, t.Table)
			m.Pairs = max(m.Pairs, t.NS, t.EW)
			for _, b := range t.Boards {
				m.Boards = max(m.Boards, b)
			}
		}
		for _, p := range r.SitOut {
			m.Pairs = max(m.Pairs, p)
		}
		for _, b := range r.ByeStand {
			m.Boards = max(m.Boards, b)
		}
		m.Rounds[i] = r
	}
	m.Name = "Custom movement, " + strconv.Itoa(m.Pairs) + " pairs, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	if winners == 2 {
		return twoWinnerCustom(m, tables)
	}
	if hasMatches(m.Rounds) {
		// A schedule of matches is a teams movement: team k fields pairs
		// 2k−1 and 2k, as TeamsRoundRobin numbers them.
		m.Kind = KindTeams
		for k := 1; 2*k <= m.Pairs; k++ {
			m.Teams = append(m.Teams, Team{Number: k, Pairs: [2]int{2*k - 1, 2 * k}})
		}
		m.Name = "Custom teams movement, " + strconv.Itoa(len(m.Teams)) + " teams, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	}
	return m, nil
}

// twoWinnerCustom makes m, a custom movement as its schedule gives it, a
// two-winner movement of tables pairs each way and tables 1 to tables.
func twoWinnerCustom(m Movement, tables int) (Movement, error) {
	n := strconv.Itoa(tables)
	why := ": a two-winner custom movement of " + n + " tables has tables 1 to " + n + " and pairs 1 to " + strconv.Itoa(2*tables) +
		" (NS pair n is pair n, EW pair n is pair " + n + "+n)"
	switch {
	case hasMatches(m.Rounds):
		return Movement{}, refuse("winners", "2: a schedule of team matches has one winner", "1")
	case m.Tables > tables:
		return Movement{}, refuse("schedule", "table "+strconv.Itoa(m.Tables)+why)
	case m.Pairs > 2*tables:
		return Movement{}, refuse("schedule", "pair "+strconv.Itoa(m.Pairs)+why)
	}
	m.Winners, m.Tables, m.Pairs = 2, tables, 2*tables
	m.Name = "Custom two-winner movement, " + n + " pairs each way, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	return m, nil
}

// hasMatches reports whether any table of the schedule belongs to a match.
func hasMatches(rounds []Round) bool {
	for _, r := range rounds {
		for _, t := range r.Tables {
			if t.Match > 0 {
				return true
			}
		}
	}
	return false
}

// refuse is a refusal whose message is given whole (no value quoted before it).
func refuse(field, message string, allowed ...string) *scoring.Error {
	return &scoring.Error{Field: field, Problem: message, Allowed: allowed}
}

// balancedAllowed is what CheckBalanced allows, given with each refusal.
var balancedAllowed = []string{"two pairs meeting once (over two rounds at the same table, as the 4-pair Howell)",
	"every board played equally often", `"unbalanced": true on the movement, the director accepting it`}

// CheckBalanced checks what a published movement holds to and a custom
// schedule need not (Validate lets a custom movement, a director's own or a
// session as played, do both): two pairs meet at most once — a meeting may
// run over two rounds at the same table, as the 4-pair Howell's does — and
// every board from the first played to the last is played at the same
// number of tables. ReadASC refuses a movement file by the same check,
// naming the file's line and board groups. A teams or individual movement
// is not checked here (its matches and partnerships are checked by
// Validate). The first problem is returned as a *scoring.Error naming the
// schedule's round and table.
func (m *Movement) CheckBalanced() error {
	f, ok := m.imbalance()
	if !ok {
		return nil
	}
	if f.again {
		return refuse(index("schedule", f.round)+index(".tables", f.table), f.where(m)+
			"pairs "+strconv.Itoa(f.ns)+" and "+strconv.Itoa(f.ew)+" meet again (they met in round "+strconv.Itoa(f.metRound)+
			" at table "+strconv.Itoa(f.metTable)+"); two pairs meet once", balancedAllowed...)
	}
	field := "schedule"
	if f.round >= 0 {
		field = index("schedule", f.round) + index(".tables", f.table) + index(".boards", f.boardAt)
	}
	return refuse(field, f.where(m)+"board "+strconv.Itoa(f.board)+" is played at "+tablesText(f.plays)+" and board "+strconv.Itoa(f.first)+
		" at "+strconv.Itoa(f.firstPlays)+"; the movement does not balance (every board is played equally often)", balancedAllowed...)
}

// balanceFault is the first thing imbalance finds: two pairs meeting again,
// or a board played at another number of tables than the first board.
type balanceFault struct {
	round, table int // where it is found: indexes into Rounds and that round's Tables; round -1: a board played nowhere
	again        bool
	// again: the pairs at the table, and where they met before (round number, table number)
	ns, ew, metRound, metTable int
	// not again: board is played at plays tables (first at boardAt of the table's boards), board first at firstPlays
	board, boardAt, plays, first, firstPlays int
}

// where is "round r, table t: ", or "" for a board played nowhere.
func (f balanceFault) where(m *Movement) string {
	if f.round < 0 {
		return ""
	}
	return "round " + strconv.Itoa(f.round+1) + ", table " + strconv.Itoa(m.Rounds[f.round].Tables[f.table].Table) + ": "
}

// imbalance is the check of CheckBalanced: its first fault, and whether
// there is one.
func (m *Movement) imbalance() (balanceFault, bool) {
	if m.Kind == KindTeams || m.Kind == KindIndividual {
		return balanceFault{}, false
	}
	type seat struct{ round, table int }
	met := map[[2]int]seat{}
	plays := make([]int, m.Boards+1)
	at := make([][3]int, m.Boards+1) // where each board is first played: round, table, board indexes
	for ri, r := range m.Rounds {
		for ti, t := range r.Tables {
			if t.NS == m.Phantom || t.EW == m.Phantom {
				continue
			}
			key := [2]int{min(t.NS, t.EW), max(t.NS, t.EW)}
			if last, ok := met[key]; ok && (last.round != ri || last.table != t.Table) {
				return balanceFault{round: ri, table: ti, again: true, ns: t.NS, ew: t.EW, metRound: last.round, metTable: last.table}, true
			}
			met[key] = seat{ri + 1, t.Table}
			for bi, b := range t.Boards {
				if b >= 1 && b <= m.Boards {
					if plays[b] == 0 {
						at[b] = [3]int{ri, ti, bi}
					}
					plays[b]++
				}
			}
		}
	}
	first, last := 1, m.Boards
	for first < last && plays[first] == 0 {
		first++
	}
	for last > first && plays[last] == 0 {
		last--
	}
	for b := first + 1; b <= last; b++ {
		if plays[b] == plays[first] {
			continue
		}
		f := balanceFault{round: -1, board: b, plays: plays[b], first: first, firstPlays: plays[first]}
		if plays[b] > 0 {
			f.round, f.table, f.boardAt = at[b][0], at[b][1], at[b][2]
		}
		return f, true
	}
	return balanceFault{}, false
}

// tablesText is "1 table" or "n tables".
func tablesText(n int) string {
	if n == 1 {
		return "1 table"
	}
	return strconv.Itoa(n) + " tables"
}
