package movement

import (
	"slices"
	"strconv"
	"strings"
)

// IndividualOptions are the choices of an individual movement.
type IndividualOptions struct {
	Players        int // players, four a table: a published schedule must exist for the number (IndividualPlayers)
	BoardsPerRound int // boards a table plays each round
	Rounds         int // the published movement of this many rounds where there are several (IndividualRounds: 16 players in 15 or 12); 0: the first
}

// publishedIndividual is a published cyclic individual movement, as its
// source prints it: round 1's tables, the highest-numbered player sitting
// North at table 1 throughout, every other player moving on one number a
// round (player p of round 1 is player p+r−1, counted round 1..Players−1,
// in round r), and each table's board set moving on one set a round.
type publishedIndividual struct {
	source string   // where the schedule is published
	tables [][5]int // round 1, table by table: the players at N, E, S, W and the board set
}

// publishedIndividuals are the individual movements traveler plays, by
// number of players. Each is a complete individual: Players−1 rounds, every
// player partnering every other exactly once.
var publishedIndividuals = map[int]publishedIndividual{
	// 8 players, 2 tables, 7 rounds, both tables playing the round's set:
	// thebridsk/bridgescorer, server/src/main/resources/com/github/thebridsk/
	// bridge/server/backend/IndividualMovement.Individual2Tables21Boards.yaml
	// (the "simplest Individual movement of all", 8 players at two tables,
	// John Pain, EBU Club newsletter "Unusual (but useful) Movements").
	8: {source: "thebridsk/bridgescorer IndividualMovement.Individual2Tables21Boards.yaml",
		tables: [][5]int{{8, 5, 1, 7, 1}, {2, 4, 6, 3, 1}}},
	// 12 players, 3 tables, 11 rounds, each set played at the three tables:
	// admatis.com "12players-11rounds-22boards.pdf", as transcribed in
	// thebridsk/bridgescorer IndividualMovement.Individual3Tables.yaml.
	12: {source: "admatis.com 12players-11rounds-22boards.pdf (thebridsk/bridgescorer IndividualMovement.Individual3Tables.yaml)",
		tables: [][5]int{{12, 5, 1, 10, 1}, {7, 8, 11, 9, 6}, {2, 3, 4, 6, 7}}},
}

// rainbowTables are the numbers of tables traveler plays a Rainbow (prime
// number) individual at: 5 and 7, 20 and 28 players.
var rainbowTables = []int{5, 7}

// rainbowSource is where the Rainbow individual is published.
const rainbowSource = "the Rainbow movement for a prime number of tables, rec.games.bridge, kept at elsid.co.za/bridge/templates/prime_ind.html " +
	"(also John Pain, EBU Club newsletter, \"Unusual (but useful) Movements for Clubs\": \"Prime Number\" movements)"

// IndividualPlayers lists the numbers of players an individual movement is
// published for, lowest first.
func IndividualPlayers() []int {
	var out []int
	for n := range publishedIndividuals {
		out = append(out, n)
	}
	for n := range ebuscoreIndividuals {
		out = append(out, n)
	}
	for _, t := range rainbowTables {
		out = append(out, 4*t)
	}
	slices.Sort(out)
	return out
}

// IndividualRounds lists the rounds of the published individual
// movements of players, the one played by default first; none when there
// is no published movement for the number.
func IndividualRounds(players int) []int {
	switch {
	case players%4 == 0 && slices.Contains(rainbowTables, players/4):
		return []int{players / 4}
	case len(ebuscoreIndividuals[players]) > 0:
		var out []int
		for _, e := range ebuscoreIndividuals[players] {
			out = append(out, e.rounds)
		}
		return out
	}
	if _, ok := publishedIndividuals[players]; ok {
		return []int{players - 1}
	}
	return nil
}

// IndividualSource returns where the individual movements of players are
// published ("" when there is none), more than one each with its rounds.
func IndividualSource(players int) string {
	if slices.Contains(rainbowTables, players/4) && players%4 == 0 {
		return rainbowSource
	}
	if lib := ebuscoreIndividuals[players]; len(lib) > 0 {
		var out []string
		for _, e := range lib {
			out = append(out, strconv.Itoa(e.rounds)+" rounds: "+e.source)
		}
		return strings.Join(out, "; ")
	}
	return publishedIndividuals[players].source
}

// rainbow is the Rainbow individual of tables tables (a prime number), as
// rainbowSource prints it: the boards stay at their table (table t plays
// set t every round); the North players (1 to tables, North n starting at
// table n) move up one table a round, the East players (tables+1 to
// 2·tables) down one, the South players (2·tables+1 …) up two and the West
// players (3·tables+1 …) down two, each round circuit. A player partners
// only the players of the line opposite (North–South, East–West), every one
// of them at most once, and meets every player of the other two lines at
// most once.
func rainbow(tables, per int) Movement {
	n := 4 * tables
	m := Movement{Name: "Rainbow individual, " + strconv.Itoa(n) + " players", Kind: KindIndividual, Winners: 1,
		Players: n, Tables: tables, Boards: tables * per, Rounds: make([]Round, tables)}
	// at returns the player of line (0 North, 1 East, 2 South, 3 West) that
	// sits at table t in round k (0-based) when the line moves step tables a round.
	at := func(line, step, t, k int) int { return line*tables + mod(t-1-step*k, tables) + 1 }
	for k := range tables {
		rd := Round{Number: k + 1}
		for t := 1; t <= tables; t++ {
			rd.Tables = append(rd.Tables, Table{Table: t, Boards: setBoards(t, per),
				Players: []int{at(0, 1, t, k), at(1, -1, t, k), at(2, 2, t, k), at(3, -2, t, k)}})
		}
		m.Rounds[k] = rd
	}
	m.SeatPartnerships()
	return m
}

// Individual returns the published individual movement of o.Players
// players in o.Rounds rounds (IndividualRounds): four players a table, the
// partnerships numbered as Partnership numbers them. For 8 and 12 players
// a complete individual (publishedIndividuals), every player partnering
// every other once; for 16 and 24 EBUScore's (ebuscoreIndividuals: a
// complete individual of 16 or, in 12 rounds, ¾ of one; half a Howell of
// 24); for 20 and 28 the Rainbow of 5 and 7 tables (rainbow).
func Individual(o IndividualOptions) (Movement, error) {
	published := IndividualRounds(o.Players)
	if len(published) == 0 {
		var allowed []string
		for _, n := range IndividualPlayers() {
			allowed = append(allowed, strconv.Itoa(n))
		}
		return Movement{}, invalid("players", o.Players, "no published individual movement for this number of players", allowed...)
	}
	if o.BoardsPerRound < 1 {
		return Movement{}, invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	if o.Rounds != 0 && !slices.Contains(published, o.Rounds) {
		var allowed []string
		for _, n := range published {
			allowed = append(allowed, strconv.Itoa(n))
		}
		return Movement{}, invalid("rounds", o.Rounds, "no published individual movement of "+strconv.Itoa(o.Players)+" players in this number of rounds", allowed...)
	}
	if o.Players%4 == 0 && slices.Contains(rainbowTables, o.Players/4) {
		return rainbow(o.Players/4, o.BoardsPerRound), nil
	}
	for i, e := range ebuscoreIndividuals[o.Players] {
		if o.Rounds == e.rounds || (o.Rounds == 0 && i == 0) {
			m, err := readEBUScoreIndividual(e.text, 0, o.BoardsPerRound)
			m.Name = "Individual, " + strconv.Itoa(o.Players) + " players"
			if i > 0 {
				m.Name += ", " + strconv.Itoa(e.rounds) + " rounds"
			}
			return m, err
		}
	}
	pub := publishedIndividuals[o.Players]
	n := o.Players
	rounds := n - 1
	move := func(p, r int) int { // player p of round 1 in round r
		if p == n {
			return n
		}
		return mod(p-1+r-1, n-1) + 1
	}
	m := Movement{Name: "Individual, " + strconv.Itoa(n) + " players", Kind: KindIndividual, Winners: 1,
		Players: n, Tables: len(pub.tables), Boards: rounds * o.BoardsPerRound, Rounds: make([]Round, rounds)}
	for r := 1; r <= rounds; r++ {
		rd := Round{Number: r}
		for ti, base := range pub.tables {
			t := Table{Table: ti + 1, Players: make([]int, 4),
				Boards: setBoards(mod(base[4]-1+r-1, rounds)+1, o.BoardsPerRound)}
			for s := range 4 {
				t.Players[s] = move(base[s], r)
			}
			rd.Tables = append(rd.Tables, t)
		}
		m.Rounds[r-1] = rd
	}
	m.SeatPartnerships()
	return m, nil
}

// SeatPartnerships sets an individual movement's pairs from its players:
// Pairs to every partnership of Players players, and at every table NS to
// the partnership of North and South and EW to that of East and West
// (Partnership; 0 where a seat is not a player).
func (m *Movement) SeatPartnerships() {
	m.Pairs = m.Players * (m.Players - 1) / 2
	for ri := range m.Rounds {
		for ti := range m.Rounds[ri].Tables {
			t := &m.Rounds[ri].Tables[ti]
			if len(t.Players) != 4 {
				continue
			}
			t.NS = Partnership(t.Players[0], t.Players[2])
			t.EW = Partnership(t.Players[1], t.Players[3])
		}
	}
}

// Partnership returns the number of the partnership of players a and b in
// an individual movement: the partnerships are numbered in the order
// 1–2, 1–3, 2–3, 1–4, 2–4, 3–4, …, so the partnership of a < b is
// (b−1)(b−2)/2 + a. It returns 0 when a or b is not a player number or a
// equals b.
func Partnership(a, b int) int {
	if a > b {
		a, b = b, a
	}
	if a < 1 || a == b {
		return 0
	}
	return (b-1)*(b-2)/2 + a
}

// Partners returns the two players (lower number first) of partnership p,
// as Partnership numbers them; 0, 0 for p < 1.
func Partners(p int) (a, b int) {
	if p < 1 {
		return 0, 0
	}
	b = 2
	for b*(b-1)/2 < p {
		b++
	}
	return p - (b-1)*(b-2)/2, b
}

// partnershipLabel is how players call partnership p: "3-7".
func partnershipLabel(p int) string {
	a, b := Partners(p)
	return strconv.Itoa(a) + "-" + strconv.Itoa(b)
}

// seatNames are the seats of an individual's table, in Table.Players order.
var seatNames = [4]string{"North", "East", "South", "West"}

// SeatName returns the name of seat s (0 North … 3 West).
func SeatName(s int) string {
	if s < 0 || s > 3 {
		return ""
	}
	return seatNames[s]
}

// checkIndividualRound checks the players of round ri of an individual
// movement: four players at every table, each a player of 1..Players, none
// twice at a table or twice in the round, every player at a table or
// sitting out (SitOut lists players), and NS and EW the partnerships the
// players make (SeatPartnerships).
func (m *Movement) checkIndividualRound(ri int) error {
	r := &m.Rounds[ri]
	f := index("rounds", ri)
	where := make([]string, m.Players+1)
	at := "round " + strconv.Itoa(r.Number) + ", table "
	for ti := range r.Tables {
		t := &r.Tables[ti]
		tf := index(f+".tables", ti) + ".players"
		if len(t.Players) != 4 {
			return invalid(tf, len(t.Players), at+strconv.Itoa(t.Table)+": an individual's table seats 4 players, North, East, South and West")
		}
		for s, p := range t.Players {
			sf := index(tf, s)
			if p < 1 || p > m.Players {
				return invalid(sf, p, at+strconv.Itoa(t.Table)+", "+seatNames[s]+": no such player: 1 to "+strconv.Itoa(m.Players))
			}
			if o := slices.Index(t.Players[:s], p); o >= 0 {
				return invalid(sf, p, at+strconv.Itoa(t.Table)+": player "+strconv.Itoa(p)+" sits twice at the table ("+seatNames[o]+" and "+seatNames[s]+"); four different players sit at a table")
			}
			if where[p] != "" {
				return invalid(sf, p, at+strconv.Itoa(t.Table)+": player "+strconv.Itoa(p)+" is already "+where[p]+" in round "+strconv.Itoa(r.Number)+"; a player plays each round at most once")
			}
			where[p] = "at table " + strconv.Itoa(t.Table)
		}
		if t.NS != Partnership(t.Players[0], t.Players[2]) || t.EW != Partnership(t.Players[1], t.Players[3]) {
			return invalid(index(f+".tables", ti)+".ns", t.NS, at+strconv.Itoa(t.Table)+": NS and EW are the partnerships North–South and East–West")
		}
	}
	for i, p := range r.SitOut {
		sf := index(f+".sit_out", i)
		if p < 1 || p > m.Players {
			return invalid(sf, p, "round "+strconv.Itoa(r.Number)+": no such player: 1 to "+strconv.Itoa(m.Players))
		}
		if where[p] != "" {
			return invalid(sf, p, "round "+strconv.Itoa(r.Number)+": player "+strconv.Itoa(p)+" is already "+where[p]+"; a player plays each round at most once")
		}
		where[p] = "sitting out"
	}
	var missing []string
	for p := 1; p <= m.Players; p++ {
		if where[p] == "" {
			missing = append(missing, strconv.Itoa(p))
		}
	}
	if len(missing) > 0 {
		return invalid(f, r.Number, "round "+strconv.Itoa(r.Number)+": player "+strings.Join(missing, ", ")+" neither at a table nor sitting out; every player is in every round once")
	}
	return nil
}
