package movement

import (
	"slices"

	"github.com/traveler-bridge/traveler/scoring"
)

// TableCard is the card left on a table: who sits there and what they play,
// round by round.
type TableCard struct {
	Table  int              // the table number
	Rounds []TableCardRound // every round of the movement, in order
}

// TableCardRound is one round on a table card.
type TableCardRound struct {
	Round       int   // the round number
	InPlay      bool  // the table is in play this round; when false the rest is empty
	NS, EW      int   // the pairs at the North-South and East-West seats
	Boards      []int // the boards they play
	ArrowSwitch bool  // the EW pair plays the NS cards
	SharesWith  []int // other tables playing some of the same boards this round (a relay, or the other room)
	Match       int   // teams: the match this table belongs to
	Players     []int // an individual: the players at North, East, South and West (NS and EW their partnerships)
}

// GuideCard is a pair's own card: where it goes and what it plays, round by
// round; in an individual a player's.
type GuideCard struct {
	Pair   int          // the pair number; in an individual the player's
	Team   int          // teams: the pair's team; 0 otherwise
	Rounds []GuideRound // every round of the movement, in order
}

// GuideRound is one round on a guide card.
type GuideRound struct {
	Round     int          // the round number
	SitsOut   bool         // the pair plays nothing this round; when true the rest is empty
	Table     int          // the table it goes to
	Direction scoring.Side // the seats it takes
	Cards     scoring.Side // the cards it plays: Direction, or the other side's in an arrow-switch round
	Opponent  int          // the pair it plays against; in an individual the opponents' partnership
	Boards    []int        // the boards it plays
	Seat      int          // an individual: the seat taken, 0 North, 1 East, 2 South, 3 West (SeatName)
	Partner   int          // an individual: the partner; 0 otherwise
}

// TableCards returns a card for every table 1..Tables.
func (m *Movement) TableCards() []TableCard {
	cards := make([]TableCard, m.Tables)
	for i := range cards {
		cards[i] = TableCard{Table: i + 1, Rounds: make([]TableCardRound, len(m.Rounds))}
		for ri := range m.Rounds {
			r := &m.Rounds[ri]
			row := TableCardRound{Round: r.Number}
			if t, ok := r.Table(i + 1); ok {
				row = TableCardRound{Round: r.Number, InPlay: true, NS: t.NS, EW: t.EW, Boards: slices.Clone(t.Boards),
					ArrowSwitch: t.ArrowSwitch, SharesWith: r.SharesWith(t.Table), Match: t.Match, Players: slices.Clone(t.Players)}
			}
			cards[i].Rounds[ri] = row
		}
	}
	return cards
}

// GuideCards returns a card for every pair 1..Pairs but the phantom; in an
// individual for every player 1..Players (individualGuideCards).
func (m *Movement) GuideCards() []GuideCard {
	if m.Kind == KindIndividual {
		return m.individualGuideCards()
	}
	var cards []GuideCard
	for p := 1; p <= m.Pairs; p++ {
		if p == m.Phantom {
			continue
		}
		c := GuideCard{Pair: p, Team: m.TeamOf(p), Rounds: make([]GuideRound, len(m.Rounds))}
		for ri := range m.Rounds {
			r := &m.Rounds[ri]
			row := GuideRound{Round: r.Number, SitsOut: true}
			if t, ok := r.Seating(p); ok {
				seat, _ := t.Seat(p)
				cardsOf, _ := t.CardsOf(p)
				row = GuideRound{Round: r.Number, Table: t.Table, Direction: seat, Cards: cardsOf,
					Opponent: t.Opponent(p), Boards: slices.Clone(t.Boards)}
			}
			c.Rounds[ri] = row
		}
		cards = append(cards, c)
	}
	return cards
}

// individualGuideCards is GuideCards of an individual: a card for every
// player, round by round the table, the seat, the partner, the opponents'
// partnership and the boards.
func (m *Movement) individualGuideCards() []GuideCard {
	cards := make([]GuideCard, m.Players)
	for p := 1; p <= m.Players; p++ {
		c := GuideCard{Pair: p, Rounds: make([]GuideRound, len(m.Rounds))}
		for ri := range m.Rounds {
			r := &m.Rounds[ri]
			row := GuideRound{Round: r.Number, SitsOut: true}
			if t, seat, ok := r.SeatingPlayer(p); ok {
				side, opp := scoring.NS, t.EW
				if seat%2 == 1 {
					side, opp = scoring.EW, t.NS
				}
				row = GuideRound{Round: r.Number, Table: t.Table, Direction: side, Cards: side, Opponent: opp,
					Boards: slices.Clone(t.Boards), Seat: seat, Partner: t.Players[(seat+2)%4]}
			}
			c.Rounds[ri] = row
		}
		cards[p-1] = c
	}
	return cards
}
