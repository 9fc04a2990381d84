package reports

import (
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// linDeal reads the deal of a LIN_DATA tag, the board as BBO's and
// RealBridge's exports give it in BBO's LIN: the md field, "md|3S358TH28…,
// S6QH7J…,SAH35T…,|", read by linMD (the one reader of md, LIN files
// too). ok is false when the tag has no md field; an md field that cannot
// be read is an error saying why.
func linDeal(lin string) (d scoring.Deal, ok bool, err error) {
	d, _, ok, err = linBoard(lin)
	return d, ok, err
}

// linBoard is linDeal with the dealer the md field names (its digit: 1
// South, 2 West, 3 North, 4 East).
func linBoard(lin string) (d scoring.Deal, dealer *scoring.Seat, ok bool, err error) {
	fields := strings.Split(lin, "|")
	md := -1
	for i := 0; i+1 < len(fields); i += 2 {
		if strings.EqualFold(strings.TrimSpace(fields[i]), "md") {
			md = i + 1
			break
		}
	}
	if md < 0 {
		return d, nil, false, nil
	}
	seat, deal, err := linMD(fields[md])
	if err != nil {
		return d, nil, true, err
	}
	if d, err = scoring.ParseDeal("LIN_DATA", deal); err != nil {
		return d, nil, true, err
	}
	s, err := scoring.ParseSeat("LIN_DATA", seat)
	if err != nil {
		return d, nil, true, err
	}
	return d, &s, true, nil
}
