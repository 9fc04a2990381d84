package reports

import (
	"errors"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// linRanks are the ranks in the order PBN writes a suit's cards.
const linRanks = "AKQJT98765432"

// linDeal reads the deal of a LIN_DATA tag, the board as BBO's and
// RealBridge's exports give it in BBO's LIN: the md field, "md|3S358TH28…,
// S6QH7J…,SAH35T…,|" — the dealer's digit (1 South, 2 West, 3 North, 4
// East), then the hands of South, West, North and East separated by commas,
// each "S…H…D…C…" with its ranks in any order (10 as T). A hand left out
// (BBO leaves out the last) holds the cards the others do not. ok is false
// when the tag has no md field; an md field that cannot be read is an error
// saying why.
func linDeal(lin string) (d scoring.Deal, ok bool, err error) {
	d, _, ok, err = linBoard(lin)
	return d, ok, err
}

// linDealers are the seats of the md field's dealer digit, 1 to 4.
var linDealers = [4]scoring.Seat{scoring.South, scoring.West, scoring.North, scoring.East}

// linBoard is linDeal with the dealer the md field names (ok false for
// dealer when it names none).
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
	v := strings.TrimSpace(fields[md])
	if len(v) > 0 && v[0] >= '1' && v[0] <= '4' {
		seat := linDealers[v[0]-'1']
		dealer, v = &seat, v[1:]
	}
	hands := strings.Split(v, ",")
	if len(hands) > 4 {
		return d, nil, true, errors.New("md gives " + strconv.Itoa(len(hands)) + " hands, at most 4")
	}
	var suits [4][4]string // by hand (S, W, N, E), by suit (S, H, D, C): ranks in PBN order
	var seen [4]map[byte]bool
	for s := range seen {
		seen[s] = map[byte]bool{}
	}
	given := [4]bool{}
	for h, hand := range hands {
		hand = strings.ToUpper(strings.TrimSpace(hand))
		if hand == "" {
			continue
		}
		suit := -1
		var cards [4][]byte
		n := 0
		for i := 0; i < len(hand); i++ {
			c := hand[i]
			if k := strings.IndexByte("SHDC", c); k >= 0 {
				suit = k
				continue
			}
			if c == '1' && i+1 < len(hand) && hand[i+1] == '0' {
				c, i = 'T', i+1
			}
			if suit < 0 || strings.IndexByte(linRanks, c) < 0 || seen[suit][c] {
				return d, nil, true, errors.New("hand " + strconv.Itoa(h+1) + " " + strconv.Quote(hand) + ": cards S…H…D…C…, ranks AKQJT98765432, each card once")
			}
			seen[suit][c] = true
			cards[suit] = append(cards[suit], c)
			n++
		}
		if n != 13 {
			return d, nil, true, errors.New("hand " + strconv.Itoa(h+1) + " " + strconv.Quote(hand) + " holds " + strconv.Itoa(n) + " cards, not 13")
		}
		for s := range 4 {
			suits[h][s] = sortedRanks(cards[s])
		}
		given[h] = true
	}
	missing := -1
	for h := range 4 {
		if !given[h] {
			if missing >= 0 {
				missing = -2 // two or more: the rest cannot be told
				break
			}
			missing = h
		}
	}
	if missing >= 0 {
		for s := range 4 {
			var rest []byte
			for i := 0; i < len(linRanks); i++ {
				if !seen[s][linRanks[i]] {
					rest = append(rest, linRanks[i])
				}
			}
			suits[missing][s] = string(rest)
		}
		given[missing] = true
	}
	var pbn [4]string
	for h := range 4 {
		if !given[h] {
			pbn[h] = "-"
			continue
		}
		pbn[h] = strings.Join(suits[h][:], ".")
	}
	d, err = scoring.ParseDeal("LIN_DATA", "S:"+strings.Join(pbn[:], " "))
	if err != nil {
		return d, nil, true, err
	}
	return d, dealer, true, nil
}

// sortedRanks writes a suit's ranks in PBN order, highest first.
func sortedRanks(cards []byte) string {
	var b strings.Builder
	for i := 0; i < len(linRanks); i++ {
		if strings.IndexByte(string(cards), linRanks[i]) >= 0 {
			b.WriteByte(linRanks[i])
		}
	}
	return b.String()
}
