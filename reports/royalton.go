package reports

import (
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// RoyaltonReport is the Royalton test report (issue 5 §3): what the played
// results of an event add up to, the figures Hawley gave for his 72 deals.
type RoyaltonReport struct {
	Law        string // the event's law code the contracts are read under
	Results    int    // results counted: played and passed out
	LeftOut    int    // results not counted: not played, artificial or assigned adjusted scores
	Unreadable []NotCounted
	PassedOut  int // boards passed out (counted in Results, in no contract figure)
	Declared   int // played results with a contract
	Unlevelled int // Bridge declarations (no level): in the strain counts only
	Exact      Count
	Overtricks Count
	Defeated   Count
	Strains    []StrainCount // the final declaration's strain, in the code's bid order
	Royal      Outcome       // royal bids: royalton-1915's in any strain, royal-auction-1913's royal spades
	Nullo      Outcome       // nullo contracts (royal-auction-1913, royalton-1915)
	OddBid     float64       // average odd tricks bid, over contracts with a level, 2 decimals
	OddMade    float64       // average odd tricks made (tricks−6; nullo: the opponents' tricks−6), 2 decimals
	GameAt     int           // trick score of a game under the code (LAWS.md)
	Games      Outcome       // contracts whose undoubled trick score (level × value) reaches GameAt
	Slams      Outcome       // contracts of 6 or 7
	Doubled    Outcome       // doubled once
	Redoubled  Outcome       // redoubled (Bridge codes: doubled two or more times)
	Boards     []BoardContracts
}

// NotCounted is a result left out of a report, and why.
type NotCounted struct {
	Section string
	Board   int
	Round   int
	Table   int
	Reason  string
}

// Count is a number of contracts and its share of the contracts with a level, in percent to 2 decimals.
type Count struct {
	N     int
	Share float64
}

// StrainCount is how often one strain was the final declaration.
type StrainCount struct {
	Strain string // C, D, H, S, NT, NL or RS
	N      int
	Share  float64 // of the declared contracts, in percent to 2 decimals
}

// Outcome is how often a kind of contract was bid and how it ended.
type Outcome struct {
	Bid      int
	Made     int // made exactly or with overtricks
	Defeated int
}

// BoardContracts is one board's contracts across the tables.
type BoardContracts struct {
	Section   string
	SectionID int64 // the section's id (0 in a file read without one), for a link to the board's traveler
	Board     int
	Results   int             // played and passed-out results on the board
	Contracts []ContractCount // each different contract, most often first
	Same      bool            // every table reached the same contract
}

// ContractCount is one contract reached on a board: the contract as the code
// writes it and the declaring side ("" when passed out).
type ContractCount struct {
	Contract string
	Side     string
	N        int
}

// Royalton reads every played and passed-out result of the event under its
// own law code and counts them as the Royalton test report does.
func Royalton(d tournament.EventData) RoyaltonReport {
	rules := d.Event.RulesOrDefaults()
	rep := RoyaltonReport{Law: d.Event.Law.String(), GameAt: gameAt(rules.Law)}
	strains := map[scoring.Strain]int{}
	var bidSum, madeSum, levelled int
	for _, sd := range d.Sections {
		played := d.Event.InSection(&sd.Section)
		rules := played.RulesOrDefaults() // a section with a code of its own is read under it
		byBoard := map[int]*BoardContracts{}
		var order []int
		for _, r := range sd.Results {
			if r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut {
				rep.LeftOut++
				continue
			}
			c, err := rules.ParseContract(r.Contract)
			if err == nil && !c.Pass && r.Tricks < 0 {
				err = &scoring.Error{Field: "tricks", Problem: "not given"}
			}
			side := ""
			if err == nil && !c.Pass {
				var seat scoring.Seat
				if seat, err = scoring.ParseSeat("declarer", r.Declarer); err == nil {
					side = seat.Side().String()
				}
			}
			if err != nil {
				rep.Unreadable = append(rep.Unreadable, NotCounted{Section: sd.Section.Name, Board: r.Board, Round: r.Round, Table: r.Table, Reason: err.Error()})
				continue
			}
			rep.Results++
			b := byBoard[r.Board]
			if b == nil {
				b = &BoardContracts{Section: sd.Section.Name, SectionID: sd.Section.ID, Board: r.Board}
				byBoard[r.Board] = b
				order = append(order, r.Board)
			}
			b.Results++
			b.add(c.String(), side)
			if c.Pass {
				rep.PassedOut++
				continue
			}
			rep.Declared++
			strains[c.Strain]++
			switch {
			case c.Doubles == 1:
				rep.Doubled.Bid++
			case c.Doubles > 1:
				rep.Redoubled.Bid++
			}
			if c.Level == 0 {
				rep.Unlevelled++
				continue
			}
			levelled++
			goal := r.Tricks // the tricks the declarer played for
			if c.Strain == scoring.Nullo {
				goal = 13 - r.Tricks
			}
			need := 6 + int(c.Level)
			made := goal >= need
			switch {
			case goal == need:
				rep.Exact.N++
			case made:
				rep.Overtricks.N++
			default:
				rep.Defeated.N++
			}
			bidSum += int(c.Level)
			madeSum += goal - 6
			tally := func(o *Outcome) {
				o.Bid++
				if made {
					o.Made++
				} else {
					o.Defeated++
				}
			}
			if c.Doubles == 1 {
				rep.Doubled.Bid--
				tally(&rep.Doubled)
			} else if c.Doubles > 1 {
				rep.Redoubled.Bid--
				tally(&rep.Redoubled)
			}
			if c.Royal || c.Strain == scoring.RoyalSpades {
				tally(&rep.Royal)
			}
			if c.Strain == scoring.Nullo {
				tally(&rep.Nullo)
			}
			if c.Level >= 6 {
				tally(&rep.Slams)
			}
			if contractTrickScore(&rules, c) >= rep.GameAt {
				tally(&rep.Games)
			}
		}
		slices.Sort(order)
		for _, n := range order {
			b := byBoard[n]
			slices.SortStableFunc(b.Contracts, func(x, y ContractCount) int { return y.N - x.N })
			b.Same = len(b.Contracts) == 1
			rep.Boards = append(rep.Boards, *b)
		}
	}
	for _, cnt := range []*Count{&rep.Exact, &rep.Overtricks, &rep.Defeated} {
		cnt.Share = percent(cnt.N, levelled)
	}
	own := d.Event.RulesOrDefaults()
	for _, s := range own.Strains() {
		rep.Strains = append(rep.Strains, StrainCount{Strain: s.String(), N: strains[s], Share: percent(strains[s], rep.Declared)})
	}
	if levelled > 0 {
		rep.OddBid = scoring.Round2(float64(bidSum) / float64(levelled))
		rep.OddMade = scoring.Round2(float64(madeSum) / float64(levelled))
	}
	return rep
}

// add counts one more table reaching contract c by side.
func (b *BoardContracts) add(c, side string) {
	for i := range b.Contracts {
		if b.Contracts[i].Contract == c && b.Contracts[i].Side == side {
			b.Contracts[i].N++
			return
		}
	}
	b.Contracts = append(b.Contracts, ContractCount{Contract: c, Side: side, N: 1})
}

// gameAt is the trick score of a game (LAWS.md "Denominations": 30, Royalton
// 40; contract-2017 Law 77: 100).
func gameAt(l scoring.Law) int {
	switch l {
	case scoring.Royalton1915:
		return 40
	case scoring.Contract2017:
		return 100
	}
	return 30
}

// contractTrickScore is the undoubled trick score of a contract made
// exactly: level × the strain's trick value (contract-2017: the first
// no-trump trick 40).
func contractTrickScore(rules *scoring.Rules, c scoring.Contract) int {
	v := int(c.Level) * rules.TrickValue(c.Strain)
	if rules.Law == scoring.Contract2017 && c.Strain == scoring.NoTrump {
		v += 10
	}
	return v
}

// percent is n of total in percent, rounded once to 2 decimals; 0 when total is 0.
func percent(n, total int) float64 {
	if total == 0 {
		return 0
	}
	return scoring.Round2(100 * float64(n) / float64(total))
}

// String writes a count as "46 (63.89%)".
func (c Count) String() string {
	return strconv.Itoa(c.N) + " (" + strconv.FormatFloat(c.Share, 'f', 2, 64) + "%)"
}

// Sheet lays the report out as a workbook sheet: one figure a row, then
// one row a board.
func (r RoyaltonReport) Sheet() Sheet {
	s := Sheet{Name: "Royalton report", Header: []string{"Figure", "Count", "Share %", "Made", "Defeated"}}
	row := func(cells ...any) { s.Rows = append(s.Rows, cells) }
	row("Law code", r.Law)
	row("Results", r.Results)
	row("Left out (not played, adjusted)", r.LeftOut)
	row("Unreadable", len(r.Unreadable))
	row("Passed out", r.PassedOut)
	row("Contracts", r.Declared)
	row("Made exactly", r.Exact.N, r.Exact.Share)
	row("Made with overtricks", r.Overtricks.N, r.Overtricks.Share)
	row("Defeated", r.Defeated.N, r.Defeated.Share)
	for _, st := range r.Strains {
		row("Strain "+st.Strain, st.N, st.Share)
	}
	row("Average odd tricks bid", r.OddBid)
	row("Average odd tricks made", r.OddMade)
	for _, o := range []struct {
		name string
		o    Outcome
	}{{"Game contracts (trick score " + strconv.Itoa(r.GameAt) + ")", r.Games}, {"Slam contracts", r.Slams},
		{"Doubled", r.Doubled}, {"Redoubled", r.Redoubled}, {"Royal bids", r.Royal}, {"Nullos", r.Nullo}} {
		row(o.name, o.o.Bid, "", o.o.Made, o.o.Defeated)
	}
	for _, b := range r.Boards {
		same := "different contracts"
		if b.Same {
			same = "the same contract at every table"
		}
		row("Section "+b.Section+" board "+strconv.Itoa(b.Board)+": "+same, len(b.Contracts), "", b.Results)
	}
	return s
}
