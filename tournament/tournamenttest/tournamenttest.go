// Package tournamenttest builds the events and sections tests need, through
// a *tournament.Service as a director would (CreateEvent, CreateSection,
// AddPairs, PutBoards, CreateTableTokens, EnterResults), failing the test on
// any error. It is the one set-up of test events for every package's tests.
//
// It owns no store: the caller gives it a Service over any tournament.Store
// (the db package's over a test database, usually). It imports only
// tournament, scoring and the standard library, and is imported only by tests.
package tournamenttest

import (
	"context"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// DirectorToken is the configured director token of a Service made by New.
const DirectorToken = "test-director-token"

// OneSuitDeal is the hand record every board gets: each seat holds one suit
// (N the spades, E the hearts, S the diamonds, W the clubs), a valid PBN deal.
const OneSuitDeal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

// Date is the date of an event whose input leaves it out.
const Date = "2026-11-24"

// Builder builds events and sections through Svc as the director.
type Builder struct {
	T   testing.TB          // fails on any error
	Svc *tournament.Service // what everything is built through
	Ctx context.Context     // the context of every call: the test's (ends as it does)
}

// New returns a Builder over a Service over store, the Service accepting
// DirectorToken.
func New(t testing.TB, store tournament.Store) *Builder {
	return For(t, tournament.NewService(store, tournament.ServiceOptions{DirectorToken: DirectorToken}))
}

// For returns a Builder over a Service the test already has.
func For(t testing.TB, svc *tournament.Service) *Builder {
	return &Builder{T: t, Svc: svc, Ctx: t.Context()}
}

// check fails the test on err, saying what was being done.
func (b *Builder) check(what string, err error) {
	b.T.Helper()
	if err != nil {
		b.T.Fatalf("tournamenttest: %s: %v", what, err)
	}
}

// Event creates an event; what in leaves out is filled in: name "Test
// event", Date, law contract-2017, scoring MP (published as in says).
func (b *Builder) Event(in tournament.EventInput) tournament.Event {
	b.T.Helper()
	if in.Name == "" {
		in.Name = "Test event"
	}
	if in.Date == "" {
		in.Date = Date
	}
	if in.Law == "" {
		in.Law = scoring.Contract2017.String()
	}
	if in.Scoring == "" {
		in.Scoring = string(tournament.MethodMP)
	}
	e, err := b.Svc.CreateEvent(b.Ctx, tournament.Director, in)
	b.check("create event "+in.Name, err)
	return e
}

// Mitchell adds section A to the event: a Mitchell of tables tables and
// boardsPerRound boards a round, made ready to play as Section makes it.
func (b *Builder) Mitchell(eventID int64, tables, boardsPerRound int) tournament.Section {
	b.T.Helper()
	return b.Section(eventID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: tables, BoardsPerRound: boardsPerRound}})
}

// Howell adds section A to the event: a Howell of pairs pairs and
// boardsPerRound boards a round, made ready to play as Section makes it.
func (b *Builder) Howell(eventID int64, pairs, boardsPerRound int) tournament.Section {
	b.T.Helper()
	return b.Section(eventID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: pairs, BoardsPerRound: boardsPerRound}})
}

// Teams adds section A to the event: a round robin of teams teams and
// boardsPerRound boards a round, made ready to play as Section makes it.
func (b *Builder) Teams(eventID int64, teams, boardsPerRound int) tournament.Section {
	b.T.Helper()
	return b.Section(eventID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "teams", Teams: teams, BoardsPerRound: boardsPerRound}})
}

// Section creates a section as in says and makes it ready to play: every
// pair (or team) of its movement named (Pairs, Rosters), every board dealt
// OneSuitDeal, round 1 current. It returns the section as it is then.
func (b *Builder) Section(eventID int64, in tournament.SectionInput) tournament.Section {
	b.T.Helper()
	sec := b.CreateSection(eventID, in)
	if sec.Movement.Kind == movement.KindTeams {
		b.Rosters(sec)
	} else {
		b.Pairs(sec)
	}
	b.Deal(sec, OneSuitDeal)
	return b.Round(sec, 1)
}

// CreateSection creates a section and nothing else: no pairs, no hand
// records, no round started.
func (b *Builder) CreateSection(eventID int64, in tournament.SectionInput) tournament.Section {
	b.T.Helper()
	sec, err := b.Svc.CreateSection(b.Ctx, tournament.Director, eventID, in)
	b.check("create section "+in.Name, err)
	return sec
}

// Pairs adds every pair of the section's movement but its phantom, each
// with two players named after its number and seats ("North 3", "South 3";
// "East 1", "West 1"; a Howell's "Pair 5 First", "Pair 5 Second").
func (b *Builder) Pairs(sec tournament.Section) []tournament.Pair {
	b.T.Helper()
	m := &sec.Movement
	var pairs []tournament.Pair
	for p := 1; p <= m.Pairs; p++ {
		if p == m.Phantom {
			continue
		}
		number, dir := m.PairLabel(p)
		first, second := "Pair "+number+" First", "Pair "+number+" Second"
		switch dir {
		case "NS":
			first, second = "North "+number, "South "+number
		case "EW":
			first, second = "East "+number, "West "+number
		}
		pairs = append(pairs, tournament.Pair{Number: number, Direction: dir, Team: m.TeamOf(p),
			Players: []tournament.Player{{Name: first}, {Name: second}}})
	}
	out, err := b.Svc.AddPairs(b.Ctx, tournament.Director, sec.ID, pairs)
	b.check("add the pairs of section "+sec.Name, err)
	return out
}

// Rosters adds every team of a teams section, team n named "Team n" with
// four players ("Team n North", "South", "East", "West").
func (b *Builder) Rosters(sec tournament.Section) []tournament.Roster {
	b.T.Helper()
	var teams []tournament.Roster
	for _, tm := range sec.Movement.Teams {
		name := "Team " + strconv.Itoa(tm.Number)
		var players []tournament.Player
		for _, seat := range []string{"North", "South", "East", "West"} {
			players = append(players, tournament.Player{Name: name + " " + seat})
		}
		teams = append(teams, tournament.Roster{Number: tm.Number, Name: name, Players: players})
	}
	out, err := b.Svc.AddTeams(b.Ctx, tournament.Director, sec.ID, teams)
	b.check("add the teams of section "+sec.Name, err)
	return out
}

// Deal gives every board of the section's movement the deal as its hand
// record (dealer and vulnerability from the board number).
func (b *Builder) Deal(sec tournament.Section, deal string) []tournament.Board {
	b.T.Helper()
	in := make([]tournament.BoardInput, sec.Movement.Boards)
	for i := range in {
		in[i] = tournament.BoardInput{Number: i + 1, Deal: deal}
	}
	out, err := b.Svc.PutBoards(b.Ctx, tournament.Director, sec.ID, in)
	b.check("put the boards of section "+sec.Name, err)
	return out
}

// Round makes round the section's current round and returns the section.
func (b *Builder) Round(sec tournament.Section, round int) tournament.Section {
	b.T.Helper()
	out, err := b.Svc.SetCurrentRound(b.Ctx, tournament.Director, sec.ID, round)
	b.check("set round "+strconv.Itoa(round)+" of section "+sec.Name, err)
	return out
}

// Tokens issues a token for each table of the section (every table when
// none is named) and returns their secrets by table.
func (b *Builder) Tokens(sec tournament.Section, tables ...int) map[int]string {
	b.T.Helper()
	issued, err := b.Svc.CreateTableTokens(b.Ctx, tournament.Director, sec.ID, tournament.TableTokensInput{Tables: tables})
	b.check("issue table tokens of section "+sec.Name, err)
	out := make(map[int]string, len(issued))
	for _, x := range issued {
		out[x.Token.Table] = x.Secret
	}
	return out
}

// Table is the actor table n of the section acts as, as Authenticate
// returns it for the table's token but for the token's id.
func Table(sec tournament.Section, n int) tournament.Actor {
	return tournament.Actor{Role: tournament.RoleTable, Name: "table " + strconv.Itoa(n) + " " + sec.Name, SectionID: sec.ID, Table: n}
}

// Line is a played result at round, table and board of the section, its
// pairs those the movement seats there (who hold the NS and EW cards).
func Line(sec tournament.Section, round, table, board int, contract, declarer string, tricks int) tournament.Result {
	r := tournament.Result{Board: board, Round: round, Table: table, Status: tournament.StatusPlayed,
		Contract: contract, Declarer: declarer, Tricks: tricks}
	if rd, ok := sec.Movement.Round(round); ok {
		if t, ok := rd.Table(table); ok {
			r.NS, _ = sec.Movement.PairLabel(t.Cards(scoring.NS))
			r.EW, _ = sec.Movement.PairLabel(t.Cards(scoring.EW))
		}
	}
	return r
}

// Enter enters results as a and returns them as stored.
func (b *Builder) Enter(a tournament.Actor, sec tournament.Section, results ...tournament.Result) []tournament.Result {
	b.T.Helper()
	out, _, err := b.Svc.EnterResults(b.Ctx, a, sec.ID, results, nil)
	b.check("enter results in section "+sec.Name+" as "+a.Name, err)
	return out
}

// Play enters one line at round, table and board as that table (Line,
// Table) and returns it as stored.
func (b *Builder) Play(sec tournament.Section, round, table, board int, contract, declarer string, tricks int) tournament.Result {
	b.T.Helper()
	return b.Enter(Table(sec, table), sec, Line(sec, round, table, board, contract, declarer, tricks))[0]
}

// Boards returns the boards table plays in round of the section's movement.
func Boards(t testing.TB, sec tournament.Section, round, table int) []int {
	t.Helper()
	rd, ok := sec.Movement.Round(round)
	if !ok {
		t.Fatalf("tournamenttest: section %s has no round %d", sec.Name, round)
	}
	tb, ok := rd.Table(table)
	if !ok {
		t.Fatalf("tournamenttest: table %d has no play in round %d", table, round)
	}
	return tb.Boards
}

// NamingDDS is a double-dummy solver for tests that answers issue 28's
// trick table for every deal — at no-trump North 6, East 7, South 7, West
// 6 tricks, no suit making for anyone — and, as DDS's own par, the side's
// better seat: NS +90, 1NT by South (40 + 50, Law 77). Under the
// contract-2017 option par_first_to_name East names no-trump first and
// par is EW +90, 1NT by East (scoring's TestParFirstToNameTheStrain).
type NamingDDS struct{}

// Tables gives every deal the trick table above.
func (NamingDDS) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	out := make([]scoring.TrickTable, len(deals))
	for i := range deals {
		out[i][scoring.North][scoring.NoTrump] = 6
		out[i][scoring.East][scoring.NoTrump] = 7
		out[i][scoring.South][scoring.NoTrump] = 7
		out[i][scoring.West][scoring.NoTrump] = 6
	}
	return out, nil
}

// DealerPar gives DDS's par of that table: NS +90, 1NT by South.
func (NamingDDS) DealerPar(scoring.TrickTable, scoring.Seat, scoring.Vulnerability) (scoring.Par, error) {
	return scoring.Par{NSScore: 90, Contracts: []scoring.ParContract{{Contract: scoring.Contract{Level: 1, Strain: scoring.NoTrump}, Side: scoring.NS, OneSeat: true, Seat: scoring.South}}}, nil
}
