package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
)

// csvNumber prints points or a percentage with two decimals.
func csvNumber(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// WriteStandingsCSV writes every section's standings as CSV: a header row,
// then a row per pair or team, section by section, by direction and place.
// Beside the players' names, "membership_numbers" gives their numbers in the
// same order and with the same " & " between them (an empty place for a
// player without one; empty when none has one), as a club's records or a
// masterpoint return take them. The percentage is empty for methods that
// have none.
func WriteStandingsCSV(w io.Writer, d tournament.EventData) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"section", "direction", "place", "number", "name", "players", "membership_numbers", "score", "percentage", "boards"}); err != nil {
		return fmt.Errorf("csv: standings header: %w", err)
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		who := newStandingPlayers(sd)
		for _, st := range sd.Standings.Pairs {
			pct := ""
			if d.Event.Scoring.HasPercentage() {
				pct = csvNumber(st.Percentage)
			}
			names, numbers := who.columns(&st)
			row := []string{sd.Section.Name, st.Direction, strconv.Itoa(st.Place), st.Number, st.Name, names, numbers, csvNumber(st.Total), pct, strconv.Itoa(st.Boards)}
			if err := cw.Write(row); err != nil {
				return fmt.Errorf("csv: standings of section %s, pair %s: %w", sd.Section.Name, st.Number, err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("csv: standings: %w", err)
	}
	return nil
}

// WriteTravelersCSV writes every traveler line as CSV: a header row, then a
// row per line, section by section and board by board, with the board's
// dealer and vulnerability, the line's seats, contract, tricks, NS score
// (empty without one) and the points each side earned.
func WriteTravelersCSV(w io.Writer, d tournament.EventData) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"section", "board", "dealer", "vulnerability", "round", "table", "ns", "ew", "status", "contract", "declarer", "tricks", "ns_score", "ns_points", "ew_points"}); err != nil {
		return fmt.Errorf("csv: travelers header: %w", err)
	}
	for _, sd := range d.Sections {
		for _, t := range sd.Travelers {
			for _, l := range t.Lines {
				r := &l.Result
				score, tr := "", ""
				if hasScore(r) {
					score = strconv.Itoa(r.NSScore)
				}
				if v, ok := tricks(r).(int); ok {
					tr = strconv.Itoa(v)
				}
				contract := contractText(r)
				row := []string{sd.Section.Name, strconv.Itoa(t.Board.Number), t.Board.Dealer.String(), t.Board.Vulnerability.String(),
					strconv.Itoa(r.Round), strconv.Itoa(r.Table), r.NS, r.EW, string(r.Status), contract, r.Declarer, tr, score,
					csvNumber(l.NSPoints), csvNumber(l.EWPoints)}
				if err := cw.Write(row); err != nil {
					return fmt.Errorf("csv: traveler of section %s, board %d, round %d, table %d: %w", sd.Section.Name, t.Board.Number, r.Round, r.Table, err)
				}
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("csv: travelers: %w", err)
	}
	return nil
}
