package movement

import (
	"math"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// Report is what Validate found: how often the boards are played and who is
// compared with whom.
type Report struct {
	Plays    int     // the most times any board is played (a table where the phantom sits plays nothing); every board is played this often except in a custom movement, whose boards may be played unequally, and a Mitchell playing fewer rounds than it has sets (checkPlays)
	Played   []int   // boards each pair plays, index pair-1 (against the phantom: none)
	Same     [][]int // the comparison matrix, [p-1][q-1]: boards p and q played holding the same cards at different tables whose results are compared
	Opposite [][]int // boards p and q played holding opposite cards at different tables whose results are compared
	Against  [][]int // boards p and q played against each other
	Balance  Balance // the spread of Same over the pairs ranked against each other
}

// Balance is the spread of the comparison matrix over the pairs of pairs that
// are ranked against each other: every two pairs in a one-winner movement;
// two pairs of the same direction in a two-winner movement; two pairs of the
// same direction and different teams in a teams movement. The phantom is left out.
type Balance struct {
	Pairs  int     // pairs of pairs counted
	Min    int     // fewest boards two of them are compared on
	Max    int     // most boards two of them are compared on
	Mean   float64 // the mean
	StdDev float64 // the population standard deviation
}

// Validate checks the movement holds together and reports its comparisons.
// It checks that every table, pair and board number is in range; that every
// pair is in each round exactly once, at one table or sitting out (the
// phantom may be absent); that no pair plays a board twice; that every board
// is played, and (except in a custom movement, or a Mitchell playing fewer
// rounds than it has sets) the same number of times;
// that boards on the bye-stand are not in play; in a two-winner movement, that every pair always plays the same
// direction's cards; and in a teams movement, that every match has two
// tables playing the same boards with each team's pairs in opposite
// directions. The first problem found is returned as a *scoring.Error.
func (m *Movement) Validate() (Report, error) {
	plays, err := m.checkRounds()
	if err != nil {
		return Report{}, err
	}
	if m.Kind == KindTeams {
		if err := m.checkMatches(); err != nil {
			return Report{}, err
		}
	}
	if err := m.checkPlays(plays); err != nil {
		return Report{}, err
	}
	fields, err := m.checkDirections()
	if err != nil {
		return Report{}, err
	}
	rep := m.compare()
	rep.Plays = slices.Max(plays)
	rep.Balance = m.balance(rep.Same, fields)
	return rep, nil
}

// CheckRounds checks what Validate checks before it compares boards and
// directions: the movement's own fields, its teams, and every round (numbers
// in range, each pair once a round, no pair playing a board twice). A
// movement changed during play, whose boards need not all be played the
// same number of times yet, is checked this way. The first problem found is
// returned as a *scoring.Error.
func (m *Movement) CheckRounds() error {
	_, err := m.checkRounds()
	return err
}

// checkRounds is CheckRounds, returning how many times each board is played
// (plays[board], tables with the phantom not counted).
func (m *Movement) checkRounds() ([]int, error) {
	if err := m.checkShape(); err != nil {
		return nil, err
	}
	played := make([][]bool, m.Pairs+1) // played[pair][board]
	for p := range played {
		played[p] = make([]bool, m.Boards+1)
	}
	plays := make([]int, m.Boards+1)
	for ri := range m.Rounds {
		if err := m.checkRound(ri, played, plays); err != nil {
			return nil, err
		}
	}
	return plays, nil
}

// checkShape checks the movement's own fields and its teams.
func (m *Movement) checkShape() error {
	switch {
	case m.Winners != 1 && m.Winners != 2:
		return invalid("winners", m.Winners, "not a number of winners", "1", "2")
	case m.Pairs < 2:
		return invalid("pairs", m.Pairs, "a movement needs at least 2 pairs")
	case m.Tables < 1:
		return invalid("tables", m.Tables, "a movement needs at least 1 table")
	case m.Boards < 1:
		return invalid("boards", m.Boards, "a movement needs at least 1 board")
	case m.Phantom < 0 || m.Phantom > m.Pairs:
		return invalid("phantom", m.Phantom, "no such pair: 0 (none) or 1 to "+strconv.Itoa(m.Pairs))
	case len(m.Rounds) == 0:
		return invalid("rounds", 0, "a movement needs at least 1 round")
	case m.Kind == KindTeams && len(m.Teams) < 2:
		return invalid("teams", len(m.Teams), "a teams movement needs at least 2 teams")
	case m.Kind == KindIndividual && (m.Players < 4 || m.Pairs != m.Players*(m.Players-1)/2):
		return invalid("players", m.Players, "an individual has 4 players or more, its pairs every partnership of two of them ("+strconv.Itoa(m.Players*(m.Players-1)/2)+")")
	case m.NumberedApart() && m.Pairs != 2*m.Tables:
		return invalid("pairs", m.Pairs, "NS and EW pairs are numbered apart, 1 to "+strconv.Itoa(m.Tables)+" each way: pairs 1 to "+strconv.Itoa(2*m.Tables), strconv.Itoa(2*m.Tables))
	}
	seen := make([]bool, m.Pairs+1)
	for i, t := range m.Teams {
		f := index("teams", i)
		if t.Number != i+1 {
			return invalid(f+".number", t.Number, "teams are numbered 1, 2, … in order", strconv.Itoa(i+1))
		}
		for j, p := range t.Pairs {
			if p < 1 || p > m.Pairs || seen[p] {
				return invalid(index(f+".pairs", j), p, "a pair of 1 to "+strconv.Itoa(m.Pairs)+" in no other team")
			}
			seen[p] = true
		}
	}
	return nil
}

// checkRound checks round ri and records its plays: played[pair][board] and
// plays[board] (tables with the phantom not counted).
func (m *Movement) checkRound(ri int, played [][]bool, plays []int) error {
	r := &m.Rounds[ri]
	f := index("rounds", ri)
	if r.Number != ri+1 {
		return invalid(f+".number", r.Number, "rounds are numbered 1, 2, … in order", strconv.Itoa(ri+1))
	}
	where := make([]string, m.Pairs+1) // where each pair is this round
	inPlay := make([]bool, m.Boards+1)
	tables := make([]bool, m.Tables+1)
	for ti := range r.Tables {
		t := &r.Tables[ti]
		tf := index(f+".tables", ti)
		if t.Table < 1 || t.Table > m.Tables {
			return invalid(tf+".table", t.Table, "no such table: 1 to "+strconv.Itoa(m.Tables))
		}
		if tables[t.Table] {
			return invalid(tf+".table", t.Table, "the table is listed twice in the round")
		}
		tables[t.Table] = true
		if m.Kind == KindIndividual && ti == 0 {
			if err := m.checkIndividualRound(ri); err != nil {
				return err
			}
		}
		if m.Kind == KindTeams && t.Match < 1 {
			return invalid(tf+".match", t.Match, "every table of a teams movement belongs to a match numbered from 1")
		}
		for _, s := range [2]struct {
			name string
			pair int
		}{{"ns", t.NS}, {"ew", t.EW}} {
			if err := m.place(where, tf+"."+s.name, s.pair, "table "+strconv.Itoa(t.Table)); err != nil {
				return err
			}
		}
		if len(t.Boards) == 0 {
			return invalid(tf+".boards", 0, "a table in play plays at least 1 board")
		}
		counted := t.NS != m.Phantom && t.EW != m.Phantom
		for bi, b := range t.Boards {
			bf := index(tf+".boards", bi)
			if b < 1 || b > m.Boards {
				return invalid(bf, b, "no such board: 1 to "+strconv.Itoa(m.Boards))
			}
			if slices.Contains(t.Boards[:bi], b) {
				return invalid(bf, b, "the board is listed twice at the table")
			}
			for _, p := range [2]int{t.NS, t.EW} {
				if played[p][b] {
					return invalid(bf, b, "pair "+strconv.Itoa(p)+" has played this board already; no pair plays a board twice")
				}
				played[p][b] = true
			}
			inPlay[b] = true
			if counted {
				plays[b]++
			}
		}
	}
	for i, p := range r.SitOut {
		if m.Kind == KindIndividual {
			break // an individual's sit-outs are players (checkIndividualRound)
		}
		if err := m.place(where, index(f+".sit_out", i), p, "sitting out"); err != nil {
			return err
		}
	}
	for p := 1; p <= m.Pairs && m.Kind != KindIndividual; p++ { // an individual's partnerships play only some rounds
		if where[p] == "" && p != m.Phantom {
			return invalid(f, p, "pair "+strconv.Itoa(p)+" is neither at a table nor sitting out; every pair is in every round once")
		}
	}
	for i, b := range r.ByeStand {
		bf := index(f+".bye_stand", i)
		switch {
		case b < 1 || b > m.Boards:
			return invalid(bf, b, "no such board: 1 to "+strconv.Itoa(m.Boards))
		case inPlay[b]:
			return invalid(bf, b, "the board is in play this round; the bye-stand holds boards nobody plays")
		case slices.Contains(r.ByeStand[:i], b):
			return invalid(bf, b, "the board is on the bye-stand twice")
		}
	}
	return nil
}

// place records that pair is at place this round, failing if it is out of
// range or already somewhere else.
func (m *Movement) place(where []string, field string, pair int, place string) error {
	if pair < 1 || pair > m.Pairs {
		return invalid(field, pair, "no such pair: 1 to "+strconv.Itoa(m.Pairs))
	}
	if where[pair] != "" {
		return invalid(field, pair, "the pair is already "+where[pair]+" this round; a pair plays each round at most once")
	}
	where[pair] = "at " + place
	if place == "sitting out" {
		where[pair] = place
	}
	return nil
}

// checkPlays checks every board from the lowest one played up is played
// (a schedule may start above board 1, as a session of a longer event
// does), and the same number of times, unless the movement is custom: a
// director's own schedule, or the record of a session as played, may play
// some boards less often (their results are compared by Neuberg's
// formula, as the boards of a movement played with a result missing are)
// and skip a board between two played ones (an online tournament's file
// holds the boards its tables played). In a teams movement each match
// plays its own boards, both rooms the same (see checkMatches): matches
// may play different numbers of boards (a vugraph archive holds the
// boards it showed of each match). A Mitchell playing fewer rounds than it
// has sets (shortMitchell) may play some boards less often too: where
// tables share a set, the sets that miss the shared places are played at
// fewer tables, as EBUScore's appendix Mitchells publish it.
func (m *Movement) checkPlays(plays []int) error {
	short := m.shortMitchell()
	first := 1
	for first < m.Boards && plays[first] == 0 {
		first++
	}
	last := m.Boards
	for last > first && plays[last] == 0 {
		last--
	}
	for b := first; b <= m.Boards; b++ {
		if plays[b] == 0 && (m.Kind != KindCustom || b > last) {
			return invalid("boards", b, "board "+strconv.Itoa(b)+" is never played; boards run from "+strconv.Itoa(first)+" to "+strconv.Itoa(m.Boards)+" and each is played")
		}
		if plays[b] != plays[first] && m.Kind != KindCustom && m.Kind != KindTeams && !short {
			return invalid("boards", b, "board "+strconv.Itoa(b)+" is played "+strconv.Itoa(plays[b])+
				" times but board "+strconv.Itoa(first)+" "+strconv.Itoa(plays[first])+"; every board is played the same number of times")
		}
	}
	return nil
}

// shortMitchell reports whether m is a Mitchell that plays fewer rounds
// than it has sets (boards over the boards a table plays a round), each
// pair leaving some sets unplayed: EBUScore's 12-round appendix Mitchells
// of 13 sets, its 1-table ones of 14 to 18 tables in 13 rounds.
func (m *Movement) shortMitchell() bool {
	if m.Kind != KindMitchell || len(m.Rounds) == 0 || len(m.Rounds[0].Tables) == 0 || len(m.Rounds[0].Tables[0].Boards) == 0 {
		return false
	}
	return len(m.Rounds)*len(m.Rounds[0].Tables[0].Boards) < m.Boards
}

// Field values of checkDirections: the cards a pair always plays.
const (
	fieldNone  = 0 // the pair plays no board
	fieldNS    = 1 // always the NS cards
	fieldEW    = 2 // always the EW cards
	fieldMixed = 3 // both
)

// checkDirections returns each pair's field (fieldNS, fieldEW, fieldMixed or
// fieldNone), failing a two-winner movement where a pair plays both
// directions' cards, or, its pairs numbered NS and EW apart (see
// PairLabel), where an NS pair plays the EW cards or an EW pair the NS
// cards.
func (m *Movement) checkDirections() ([]int, error) {
	fields := make([]int, m.Pairs+1)
	for ri, r := range m.Rounds {
		for _, t := range r.Tables {
			for _, p := range [2]int{t.NS, t.EW} {
				side, _ := t.CardsOf(p)
				f := fieldNS
				if side == scoring.EW {
					f = fieldEW
				}
				if m.Winners == 2 && p != m.Phantom {
					if fields[p] != fieldNone && fields[p] != f {
						return nil, invalid("winners", 2, "pair "+strconv.Itoa(p)+" changes direction in round "+strconv.Itoa(ri+1)+
							"; in a two-winner movement every pair plays one direction's cards throughout")
					}
					if number, dir := m.PairLabel(p); dir != "" && (dir == "NS") != (f == fieldNS) {
						return nil, invalid("winners", 2, "pair "+strconv.Itoa(p)+" ("+dir+" "+number+") plays the "+[2]string{"NS", "EW"}[f-1]+
							" cards at table "+strconv.Itoa(t.Table)+" in round "+strconv.Itoa(ri+1)+"; in a two-winner movement pairs 1 to "+
							strconv.Itoa(m.Tables)+" play the NS cards and pairs "+strconv.Itoa(m.Tables+1)+" to "+strconv.Itoa(m.Pairs)+" the EW cards")
					}
				}
				fields[p] |= f
			}
		}
	}
	return fields, nil
}

// checkMatches checks every match of a teams movement: two tables, the same
// boards at both, two teams each with one pair playing the NS cards and one
// the EW cards.
func (m *Movement) checkMatches() error {
	for ri, r := range m.Rounds {
		matches := map[int][]Table{}
		var order []int
		for _, t := range r.Tables {
			if _, ok := matches[t.Match]; !ok {
				order = append(order, t.Match)
			}
			matches[t.Match] = append(matches[t.Match], t)
		}
		for _, k := range order {
			ts := matches[k]
			f := index("rounds", ri) + ".match"
			if len(ts) != 2 {
				return invalid(f, k, "a match is played at 2 tables (its two rooms), not "+strconv.Itoa(len(ts)))
			}
			a, b := slices.Clone(ts[0].Boards), slices.Clone(ts[1].Boards)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				return invalid(f, k, "the two rooms of a match play the same boards")
			}
			var teams []int
			cards := map[int][2]int{} // team -> its pairs playing the NS and the EW cards
			for _, t := range ts {
				for _, side := range [2]scoring.Side{scoring.NS, scoring.EW} {
					p := t.Cards(side)
					team := m.TeamOf(p)
					if team == 0 {
						return invalid(f, k, "pair "+strconv.Itoa(p)+" belongs to no team")
					}
					if !slices.Contains(teams, team) {
						teams = append(teams, team)
					}
					c := cards[team]
					c[side]++
					cards[team] = c
				}
			}
			if len(teams) != 2 {
				return invalid(f, k, "a match is between 2 teams, not "+strconv.Itoa(len(teams)))
			}
			for _, team := range teams {
				if cards[team] != [2]int{1, 1} {
					return invalid(f, k, "team "+strconv.Itoa(team)+" must have one pair NS and one EW, in opposite rooms")
				}
			}
		}
	}
	return nil
}

// play is one table's result on a board, as the comparison sees it.
type play struct {
	ns, ew int    // the pairs playing the NS and EW cards
	table  [2]int // the round and the table: one sitting
	group  [2]int // results compare only within a group: every result, or in a teams movement the round and match
}

// compare counts the boards each pair plays and builds the Same, Opposite and
// Against matrices, leaving out the tables where the phantom sits.
func (m *Movement) compare() Report {
	n := m.Pairs
	rep := Report{Played: make([]int, n), Same: square(n), Opposite: square(n), Against: square(n)}
	byBoard := make([][]play, m.Boards+1)
	for ri, r := range m.Rounds {
		for _, t := range r.Tables {
			if t.NS == m.Phantom || t.EW == m.Phantom {
				continue
			}
			var g [2]int
			if m.Kind == KindTeams {
				g = [2]int{ri, t.Match}
			}
			pl := play{ns: t.Cards(scoring.NS), ew: t.Cards(scoring.EW), table: [2]int{ri, t.Table}, group: g}
			rep.Played[t.NS-1] += len(t.Boards)
			rep.Played[t.EW-1] += len(t.Boards)
			for _, b := range t.Boards {
				byBoard[b] = append(byBoard[b], pl)
				rep.Against[pl.ns-1][pl.ew-1]++
				rep.Against[pl.ew-1][pl.ns-1]++
			}
		}
	}
	for _, ps := range byBoard {
		for i, a := range ps {
			for _, b := range ps[i+1:] {
				if a.group != b.group || a.table == b.table {
					continue
				}
				add(rep.Same, a.ns, b.ns)
				add(rep.Same, a.ew, b.ew)
				add(rep.Opposite, a.ns, b.ew)
				add(rep.Opposite, a.ew, b.ns)
			}
		}
	}
	return rep
}

// balance measures the spread of same over the pairs ranked against each other.
func (m *Movement) balance(same [][]int, fields []int) Balance {
	var vals []float64
	bal := Balance{Min: math.MaxInt}
	for p := 1; p <= m.Pairs; p++ {
		for q := p + 1; q <= m.Pairs; q++ {
			if p == m.Phantom || q == m.Phantom || fields[p] == fieldNone || fields[q] == fieldNone {
				continue
			}
			if (m.Winners == 2 || m.Kind == KindTeams) && fields[p] != fields[q] {
				continue
			}
			if m.Kind == KindTeams && m.TeamOf(p) == m.TeamOf(q) {
				continue
			}
			v := same[p-1][q-1]
			bal.Min, bal.Max = min(bal.Min, v), max(bal.Max, v)
			vals = append(vals, float64(v))
		}
	}
	if len(vals) == 0 {
		return Balance{}
	}
	bal.Pairs = len(vals)
	for _, v := range vals {
		bal.Mean += v
	}
	bal.Mean /= float64(len(vals))
	for _, v := range vals {
		bal.StdDev += (v - bal.Mean) * (v - bal.Mean)
	}
	bal.StdDev = math.Sqrt(bal.StdDev / float64(len(vals)))
	return bal
}

// square returns an n×n matrix of zeros.
func square(n int) [][]int {
	cells := make([]int, n*n)
	rows := make([][]int, n)
	for i := range rows {
		rows[i] = cells[i*n : (i+1)*n : (i+1)*n]
	}
	return rows
}

// add counts one more board for pairs p and q (1-based) in both cells.
func add(mat [][]int, p, q int) {
	mat[p-1][q-1]++
	mat[q-1][p-1]++
}
