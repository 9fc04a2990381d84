package movement

import (
	"slices"
	"strconv"
)

// EvenTables is how a Mitchell with an even number of tables keeps the EW
// pairs from meeting a set of boards twice.
type EvenTables uint8

// The even-table Mitchells.
const (
	EvenSkip  EvenTables = iota // the EW pairs skip a table after half the rounds
	EvenRelay                   // a bye-stand between the middle tables; the first and last tables share a set
)

// MitchellOptions are the choices of a Mitchell movement.
type MitchellOptions struct {
	Tables         int        // tables, counting a half table: 2 or more
	BoardsPerRound int        // boards in a set, played in one round: 1 or more
	Rounds         int        // rounds played; 0: all (Tables; a skip Mitchell Tables-1, as its last would be a revenge round, unless it has a half table)
	Even           EvenTables // an even number of tables: EvenSkip or EvenRelay
	SkipAfter      int        // EvenSkip: the round after which the EW pairs skip a table; 0: Tables/2
	Missing        int        // a half table: the pair that is not there (NS pairs 1..Tables, EW Tables+1..2·Tables); 0: none
	Phantom        bool       // the missing pair's tables stay in the movement (its opponents get an artificial score); else its opponents sit out
	ArrowSwitch    []int      // rounds in which every table arrow-switches (EW play the NS cards), making one winner
	Variant        string     // a named variant (mitchell_variants.go): "", VariantBarometer, VariantWeb, VariantHesitation, VariantRover, VariantTwoStanza, VariantAppendix
	Switches       []Switch   // a scrambled Mitchell: the tables that arrow-switch in chosen rounds (one winner); a hesitation Mitchell's replace its published ones
	RoverTables    []int      // VariantRover: the table the rover plays at, round by round from round 2 (or from round 1 if it lists every round); nil: the EBU's published order, or one searched
	Appendix       int        // VariantAppendix: 1, EBUScore's 1-table appendix Mitchell: table Tables+1 sharing table 1's boards, then a half table; 3 to 7 with 13 Tables, EBUScore's [M23]/[M13d]: tables 14.. sharing tables 1..'s boards
}

// Mitchell builds a Mitchell movement. NS pair t stays at table t; EW pair
// Tables+t starts at table t and moves up a table each round; set s (boards
// (s-1)·BoardsPerRound+1 to s·BoardsPerRound) starts at table s and moves down
// a table. With an even number of tables either the EW pairs skip a table after
// SkipAfter rounds, or (EvenRelay) set Tables/2+1 starts on a bye-stand
// between tables Tables/2 and Tables/2+1, set Tables/2+2.. at tables
// Tables/2+1.., and the last table shares set 1 with table 1. A half table
// makes the missing pair the movement's Phantom and drops its tables: its
// opponent sits out and the boards at that table rest (with Phantom set the
// tables stay, for an artificial score). Every round is then played (a skip Mitchell too, revenge round and
// all), so the missing pair's table holds every set once and every board is
// still played the same number of times. Without arrow
// switches NS and EW are ranked apart (two winners); with them, as one field.
// A named Variant, chosen Switches, RoverTables or Appendix tables are made
// by mitchellVariant (mitchell_variants.go).
func Mitchell(o MitchellOptions) (Movement, error) {
	if o.Variant != "" || len(o.Switches) > 0 || len(o.RoverTables) > 0 || o.Appendix != 0 {
		return mitchellVariant(o)
	}
	return plainMitchell(o)
}

// plainMitchell is Mitchell without a named variant or chosen switches.
func plainMitchell(o MitchellOptions) (Movement, error) {
	n := o.Tables
	if n < 2 {
		return Movement{}, invalid("tables", n, "a Mitchell needs at least 2 tables")
	}
	if o.BoardsPerRound < 1 {
		return Movement{}, invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	even := n%2 == 0
	relay := even && o.Even == EvenRelay
	if o.Even != EvenSkip && o.Even != EvenRelay {
		return Movement{}, invalid("even", int(o.Even), "not an even-table Mitchell", "0 (skip)", "1 (relay)")
	}
	if o.Missing < 0 || o.Missing > 2*n {
		return Movement{}, invalid("missing", o.Missing, "no such pair: 0 (none) or 1 to "+strconv.Itoa(2*n))
	}
	rounds := o.Rounds
	switch {
	case o.Missing != 0 && rounds != 0 && rounds != n:
		return Movement{}, invalid("rounds", rounds, "a half-table Mitchell plays all its rounds, so the missing pair's boards rest as often as each other",
			strconv.Itoa(n))
	case rounds == 0 && even && !relay && o.Missing == 0:
		rounds = n - 1
	case rounds == 0:
		rounds = n
	case relay && rounds != n:
		return Movement{}, invalid("rounds", rounds, "a relay Mitchell plays all its rounds: the bye-stand and the shared set even out only then",
			strconv.Itoa(n))
	case rounds < 1 || rounds > n:
		return Movement{}, invalid("rounds", rounds, "a Mitchell of "+strconv.Itoa(n)+" tables plays 1 to "+strconv.Itoa(n)+" rounds")
	}
	skip := rounds // no skip
	if o.SkipAfter != 0 && (!even || relay) {
		return Movement{}, invalid("skip_after", o.SkipAfter, "only a skip Mitchell (an even number of tables, even: skip) skips a table", "0")
	}
	if even && !relay {
		skip = o.SkipAfter
		if skip == 0 {
			skip = n / 2
		}
		lo := max(1, rounds-n/2)
		if skip < lo || skip > n/2 {
			return Movement{}, invalid("skip_after", o.SkipAfter, "the EW pairs must skip after a round from "+strconv.Itoa(lo)+" to "+strconv.Itoa(n/2)+
				" or they meet a set twice")
		}
	}
	if o.Phantom && o.Missing == 0 {
		return Movement{}, invalid("missing", 0, "a phantom needs the missing pair named")
	}
	switched := make([]bool, rounds+1)
	for i, r := range o.ArrowSwitch {
		if r < 1 || r > rounds || switched[r] {
			return Movement{}, invalid(index("arrow_switch", i), r, "a round from 1 to "+strconv.Itoa(rounds)+", each once")
		}
		switched[r] = true
	}
	m := Movement{Name: mitchellName(o, relay), Kind: KindMitchell, Winners: 2, Pairs: 2 * n, Tables: n, Boards: n * o.BoardsPerRound}
	if len(o.ArrowSwitch) > 0 {
		m.Winners = 1
	}
	m.Phantom = o.Missing
	for r := 1; r <= rounds; r++ {
		round := Round{Number: r}
		for t := 1; t <= n; t++ {
			e := t - (r - 1) // the EW pair's starting table
			if r > skip {
				e--
			}
			ew := n + mod(e-1, n) + 1
			tab := Table{Table: t, NS: t, EW: ew, Boards: setBoards(mitchellSet(n, t, r, relay), o.BoardsPerRound), ArrowSwitch: switched[r]}
			if !o.Phantom && (t == o.Missing || ew == o.Missing) {
				round.SitOut = append(round.SitOut, tab.Opponent(o.Missing))
				continue
			}
			round.Tables = append(round.Tables, tab)
		}
		if relay {
			round.ByeStand = setBoards(mitchellSet(n, 0, r, true), o.BoardsPerRound)
		}
		slices.Sort(round.SitOut)
		m.Rounds = append(m.Rounds, round)
	}
	return m, nil
}

// mitchellSet returns the set (1-based) at table t in round r; in a relay
// Mitchell table 0 is the bye-stand. Boards move down a table a round. In a
// relay Mitchell they move round the cycle of n places
// [table 1 and table n, table n-1, …, table n/2+1, bye-stand, table n/2, …, table 2],
// and the set at place p in round r is r-p (mod n).
func mitchellSet(n, t, r int, relay bool) int {
	if !relay {
		return mod(t-1+r-1, n) + 1
	}
	var p int
	switch {
	case t == 0:
		p = n / 2
	case t == 1 || t == n:
		p = 0
	case t > n/2:
		p = n - t
	default:
		p = n - t + 1
	}
	return mod(r-1-p, n) + 1
}

// mitchellName names the movement for a director: "Relay Mitchell 8½ tables".
func mitchellName(o MitchellOptions, relay bool) string {
	name := "Mitchell "
	switch {
	case o.Tables%2 == 1:
	case relay:
		name = "Relay Mitchell "
	default:
		name = "Skip Mitchell "
	}
	if o.Missing != 0 {
		name += strconv.Itoa(o.Tables-1) + "½ tables"
	} else {
		name += strconv.Itoa(o.Tables) + " tables"
	}
	if len(o.ArrowSwitch) > 0 {
		name += ", arrow-switched"
	}
	return name
}
