package reports

// Hand-record files of dealing machines and their programs, beside PBN:
// Duplimate's DUP, its DLM, the BRI records DUP begins with, and BBO's LIN.
// The layouts below come from these sources (cited field by field):
//
//   - [DUPDOC] Jannersten's "convert.pdf" (duplimate.com/DuplimateClub/convert.pdf),
//     as quoted in njhammond/hand_record_utility DESIGN.md (MIT): a DUP record is
//     156 bytes, a 78-byte BRI, a 68-byte DGE and 10 bytes for the machine.
//   - [BIGDEAL] Big Deal, the dealing program of international championships,
//     hansvanstaveren/BigDeal output.c (print_bri, print_dge, print_dup_common,
//     init_dlmcommon, print_dlm, fill_dlm, finish_dlm, print_lin), which writes
//     every one of these formats.
//   - [PBNJS] richardschneider/pbn lib/bri-to-pbn.js, dge-to-pbn.js,
//     dup-to-pbn.js (MIT): an independent reader of BRI, DGE and DUP.
//   - [ENDPLAY] dominicprice/endplay endplay/parsers/lin.py (MIT): an
//     independent reader of LIN's md, sv, qx and ah.
//   - [DEALHELP] pjms.nl/BALANS/dealhelp.html: a duplicating aid that reads
//     PBN, DUP (its BRI part only, as convert.pdf allows) and DLM; and the
//     ACBL's club results upload, which takes PBN, LIN, DUP ("DOS
//     version") and DLM ("Windows version") as hand records.
//
// No code was copied; each reader and writer here is written from these
// descriptions and checked against files Big Deal wrote (testdata/deals).

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// HandFormat names a hand-record file format traveler reads and writes.
type HandFormat string

// The hand-record file formats.
const (
	HandPBN HandFormat = "pbn" // Portable Bridge Notation: [Board], [Dealer], [Vulnerable], [Deal]
	HandDUP HandFormat = "dup" // Duplimate: 156-byte records, BRI + DGE + the machine's 10 bytes
	HandDLM HandFormat = "dlm" // Duplimate's newer text file: "Board NN=" lines of 26 letters and a checksum
	HandBRI HandFormat = "bri" // BRI: 128-byte records, North, East and South as card numbers 01–52
	HandLIN HandFormat = "lin" // BBO's LIN: qx|o1|md|3S…H…D…C…,…|sv|0|
)

// HandFormats lists the hand-record formats, as a format option names them.
var HandFormats = []HandFormat{HandPBN, HandDUP, HandDLM, HandBRI, HandLIN}

// MediaType is the media type a file of the format is sent as: PBN's,
// text for DLM and LIN, bytes for DUP and BRI (fixed records with NULs).
func (f HandFormat) MediaType() string {
	switch f {
	case HandPBN:
		return "application/x-pbn; charset=utf-8"
	case HandDLM, HandLIN:
		return "text/plain; charset=us-ascii"
	}
	return "application/octet-stream"
}

// ParseHandFormat reads a hand-record format's name in any case ("DUP",
// "lin"); "" stays "" (the file is sniffed).
func ParseHandFormat(s string) (HandFormat, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if v == "" {
		return "", nil
	}
	for _, f := range HandFormats {
		if v == string(f) {
			return f, nil
		}
	}
	return "", fmt.Errorf("%q: not a hand-record format (allowed: %s)", s, strings.Join(HandFormatNames(), ", "))
}

// HandFormatNames lists the names of HandFormats, as an error's allowed
// values give them.
func HandFormatNames() []string {
	names := make([]string, len(HandFormats))
	for i, f := range HandFormats {
		names[i] = string(f)
	}
	return names
}

// HandFormatOfName is the format a file's name says by its extension
// (".dup", ".DLM", ".pbn"…), "" for any other name.
func HandFormatOfName(name string) HandFormat {
	f, err := ParseHandFormat(strings.TrimPrefix(filepath.Ext(name), "."))
	if err != nil {
		return ""
	}
	return f
}

// Fixed record sizes: [DUPDOC] a DUP record is 156 bytes; [BIGDEAL]
// print_bri pads the 78 digits of a BRI record with 32 spaces and 18 NULs
// (128 bytes, as [PBNJS] reads it).
const (
	dupRecord = 156
	briRecord = 128
	briDigits = 78 // North, East and South: 13 cards each, two digits a card
	dgeLength = 68 // four hands of a suit symbol before each suit's ranks: 4 × (4 + 13)
)

// dlmMaxBoard is the highest board a DLM file holds: [BIGDEAL] fill_dlm
// and finish_dlm write boards 1 to 99, always ("a DLM file always
// contains exactly 99 hands"); of_high_board is 99 for DUP and DLM.
const dlmMaxBoard = 99

// SniffHandFormat says which hand-record format data is in: a DLM file
// begins "[Document]"; DUP and BRI records begin with 78 digits (a DUP
// record's DGE part follows them: a suit symbol, byte 6, or for a board
// not shown 68 spaces and the machine's "Y"/"N"); LIN is two-letter keys
// and values between pipes ("qx|o1|md|…|", "pn|…|"); anything else is
// read as PBN.
func SniffHandFormat(data []byte) HandFormat {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	head := bytes.TrimLeft(data, " \t\r\n")
	switch {
	case bytes.HasPrefix(head, []byte("[Document]")):
		return HandDLM
	case len(data) >= briDigits && allDigits(string(data[:briDigits])):
		if len(data) > briDigits && data[briDigits] == dgeSuits[0] ||
			len(data) >= dupRecord && data[briDigits] == ' ' && (data[146] == 'Y' || data[146] == 'N') {
			return HandDUP // a DGE part follows, or a hidden one and the machine's Y/N
		}
		return HandBRI
	case len(head) >= 3 && isLetter(head[0]) && isLetter(head[1]) && head[2] == '|':
		return HandLIN
	}
	return HandPBN
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// cardOfNumber is the card a BRI number stands for: [DUPDOC] and [PBNJS]
// "01" the ace of spades, "02" the king … "13" the two, then hearts 14–26,
// diamonds 27–39, clubs 40–52.
func cardOfNumber(n int) scoring.Hand {
	suit, fromAce := (n-1)/13, (n-1)%13
	return scoring.Hand(1) << (13*uint(suit) + uint(12-fromAce))
}

// numberOfCard is cardOfNumber's inverse for the card of bit i of a Hand.
func numberOfCard(bit int) int { return 13*(bit/13) + (12 - bit%13) + 1 }

// fourthHand gives West what North, East and South leave: [BIGDEAL]
// out_bri "West just gets what is left over".
func fourthHand(h [4]scoring.Hand) [4]scoring.Hand {
	h[scoring.West] = ^(h[0] | h[1] | h[2]) & (1<<52 - 1)
	return h
}

// dealOf writes four hands as a PBN Deal from North.
func dealOf(h [4]scoring.Hand) string {
	return scoring.Deal{Hands: h, Given: [4]bool{true, true, true, true}, First: scoring.North}.String()
}

// readBRIDigits reads the 78 digits of a BRI record: North's 13 card
// numbers, then East's, then South's, each 01 to 52 and none twice.
func readBRIDigits(format string, rec int, where string, b []byte) ([4]scoring.Hand, error) {
	var h [4]scoring.Hand
	var seen scoring.Hand
	for k := 0; k < briDigits; k += 2 {
		seat := k / 26
		n, err := strconv.Atoi(string(b[k : k+2]))
		elem := "record " + strconv.Itoa(rec) + " (" + where + "), " + seatName[seat] + "'s card " + strconv.Itoa(k%26/2+1)
		if err != nil || n < 1 || n > 52 {
			return h, &FileError{Format: format, Element: elem, Value: string(b[k : k+2]),
				Expected: "a card number 01 (ace of spades) to 52 (two of clubs): 78 digits, North's 13 cards, East's, South's"}
		}
		c := cardOfNumber(n)
		if seen&c != 0 {
			return h, &FileError{Format: format, Element: elem, Value: string(b[k : k+2]),
				Expected: "each card once: card " + string(b[k:k+2]) + " is given twice"}
		}
		seen |= c
		h[seat] |= c
	}
	return fourthHand(h), nil
}

// bytesAt says where a record lies in its file, e.g. "bytes 157–312".
func bytesAt(rec, size int) string {
	return "bytes " + strconv.Itoa((rec-1)*size+1) + "–" + strconv.Itoa(rec*size)
}

// readBRI reads a BRI file: [BIGDEAL] print_bri, [PBNJS] bri-to-pbn.js —
// 128-byte records of 78 digits and padding, boards numbered from 1 in
// the order of the records (the file holds no board numbers).
func readBRI(data []byte) ([]HandRecord, error) {
	if len(data) == 0 || len(data)%briRecord != 0 {
		return nil, &FileError{Format: "BRI", Element: "file size", Value: strconv.Itoa(len(data)) + " bytes",
			Expected: "whole 128-byte records (78 digits for North, East and South, then 50 bytes of padding), one a board"}
	}
	if n := len(data) / briRecord; n > maxBoardNumber {
		return nil, &FileError{Format: "BRI", Element: "file size", Value: strconv.Itoa(len(data)) + " bytes",
			Expected: "at most " + strconv.Itoa(maxBoardNumber) + " records (boards 1 to " + strconv.Itoa(maxBoardNumber) + "), not " + strconv.Itoa(n)}
	}
	var out []HandRecord
	for rec := 1; rec*briRecord <= len(data); rec++ {
		b := data[(rec-1)*briRecord : rec*briRecord]
		h, err := readBRIDigits("BRI", rec, bytesAt(rec, briRecord), b[:briDigits])
		if err != nil {
			return nil, err
		}
		out = append(out, HandRecord{Record: rec, Board: tournament.BoardInput{Number: rec, Deal: dealOf(h)}})
	}
	return out, nil
}

// DGE suit symbols: [BIGDEAL] "The suit symbols in the DOS character
// set": spade 6, heart 3, diamond 4, club 5.
var dgeSuits = [4]byte{6, 3, 4, 5}

// readDGE reads the 68 bytes of a DGE hand record (North, East, South,
// West; each a suit symbol before each suit's ranks AKQJT98765432), or
// reports false when it is not one.
func readDGE(b []byte) ([4]scoring.Hand, bool) {
	var h [4]scoring.Hand
	seat, suit := -1, -1
	for _, c := range b {
		if i := bytes.IndexByte(dgeSuits[:], c); i >= 0 {
			if i == 0 {
				seat++
			}
			if seat < 0 || seat > 3 {
				return h, false
			}
			suit = i
			continue
		}
		r := strings.IndexByte("23456789TJQKA", c)
		if r < 0 || suit < 0 {
			return h, false
		}
		h[seat] |= scoring.Hand(1) << (13*uint(suit) + uint(r))
	}
	return h, seat == 3
}

// readDUP reads a DUP file: [DUPDOC] 156-byte records, bytes 1–78 the
// BRI hands, 79–146 the DGE hands (the same deal for the machine's
// screen; spaces where [BIGDEAL]'s "dupblind" hides board 1), 147 "random
// hands?" Y/N, 148 "backwards counting" Y/N, 149–151 the lowest board of
// the set, 152–153 copies of each board, 154–156 the highest board. The
// records are the boards from the lowest on. A DGE part that gives other
// cards than the BRI part is refused, naming the record and the seat.
func readDUP(data []byte) ([]HandRecord, error) {
	if len(data) == 0 || len(data)%dupRecord != 0 {
		return nil, &FileError{Format: "DUP", Element: "file size", Value: strconv.Itoa(len(data)) + " bytes",
			Expected: "whole 156-byte records (78 digits of BRI, 68 bytes of DGE, 10 for the machine), one a board"}
	}
	first := 1
	if low := strings.TrimSpace(string(data[148:151])); low != "" {
		n, err := strconv.Atoi(low)
		if err != nil || n < 1 || n > maxBoardNumber {
			return nil, &FileError{Format: "DUP", Element: "record 1, bytes 149–151 (lowest board in set)", Value: string(data[148:151]),
				Expected: "the number of the set's first board, 1 to " + strconv.Itoa(maxBoardNumber) + ", left-aligned and padded with spaces"}
		}
		first = n
	}
	var out []HandRecord
	for rec := 1; rec*dupRecord <= len(data); rec++ {
		b := data[(rec-1)*dupRecord : rec*dupRecord]
		where := bytesAt(rec, dupRecord)
		h, err := readBRIDigits("DUP", rec, where, b[:briDigits])
		if err != nil {
			return nil, err
		}
		dge := b[briDigits : briDigits+dgeLength]
		if len(bytes.Trim(dge, " \x00")) > 0 { // blank: the board is not shown on the machine's screen
			g, ok := readDGE(dge)
			if !ok {
				return nil, &FileError{Format: "DUP", Element: "record " + strconv.Itoa(rec) + " (" + where + "), bytes 79–146 (DGE)", Value: string(dge),
					Expected: "the four hands North, East, South, West, each suit after its symbol (bytes 6, 3, 4, 5) with ranks AKQJT98765432, or 68 spaces"}
			}
			for s := range g {
				if g[s] != h[s] {
					return nil, &FileError{Format: "DUP", Element: "record " + strconv.Itoa(rec) + " (" + where + "), " + seatName[s] + "'s hand",
						Value: "BRI " + handPBN(h[s]) + ", DGE " + handPBN(g[s]), Expected: "the same cards in the BRI part (bytes 1–78) and the DGE part (bytes 79–146)"}
				}
			}
		}
		n := first + rec - 1
		if n > maxBoardNumber {
			return nil, &FileError{Format: "DUP", Element: "record " + strconv.Itoa(rec) + " (" + where + ")", Value: "board " + strconv.Itoa(n),
				Expected: "boards numbered at most " + strconv.Itoa(maxBoardNumber)}
		}
		out = append(out, HandRecord{Record: rec, Board: tournament.BoardInput{Number: n, Deal: dealOf(h)}})
	}
	return out, nil
}

// handPBN writes one hand as PBN does, spades.hearts.diamonds.clubs.
func handPBN(h scoring.Hand) string {
	s := scoring.Deal{Hands: [4]scoring.Hand{h}, Given: [4]bool{true}}.String()
	return strings.Fields(strings.TrimPrefix(s, "N:"))[0]
}

// readDLM reads a DLM file ([BIGDEAL] init_dlmcommon, print_dlm): a
// "[Document]" section of Key=Value lines; "From board" and "To board" the
// set; each "Board NN=" 26 lowercase letters and a three-digit checksum.
// Letter k holds the seats of cards 2k and 2k+1 in the order AS, KS … 2S,
// AH … 2C as 'a' + 4×seat(2k) + seat(2k+1), seats N 0, E 1, S 2, W 3; the
// checksum is the board number XOR every letter's code. The boards outside
// From–To are the filler every DLM file carries up to 99 and are not read.
func readDLM(data []byte) ([]HandRecord, error) {
	text := strings.TrimPrefix(string(data), "\xef\xbb\xbf")
	lines := strings.Split(text, "\n")
	keys := map[string]int{} // key → line
	values := map[string]string{}
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			continue // a blank line, or a section's name: [Document]
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			return nil, &FileError{Format: "DLM", Line: i + 1, Value: l, Expected: `a "Key=Value" line of the [Document] section, e.g. "Board 01=…"`}
		}
		keys[strings.ToLower(strings.TrimSpace(k))] = i + 1
		values[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	bound := func(key string) (int, error) {
		v, ok := values[key]
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 1 || n > dlmMaxBoard {
			return 0, &FileError{Format: "DLM", Line: max(keys[key], 1), Element: key, Value: v, Expected: "a board number 1 to 99 (DLM holds boards 1–99)"}
		}
		return n, nil
	}
	from, err := bound("from board")
	if err != nil {
		return nil, err
	}
	to, err := bound("to board")
	if err != nil {
		return nil, err
	}
	if to < from {
		return nil, &FileError{Format: "DLM", Line: keys["to board"], Element: "To board", Value: strconv.Itoa(to),
			Expected: "at least From board (" + strconv.Itoa(from) + ")"}
	}
	var out []HandRecord
	for n := from; n <= to; n++ {
		key := fmt.Sprintf("board %02d", n)
		v, ok := values[key]
		line := keys[key]
		if !ok {
			return nil, &FileError{Format: "DLM", Line: keys["to board"], Element: fmt.Sprintf("Board %02d", n),
				Expected: fmt.Sprintf("a line \"Board %02d=\" for every board From board %d To board %d", n, from, to)}
		}
		h, err := dlmDeal(n, v)
		if err != nil {
			return nil, &FileError{Format: "DLM", Line: line, Element: fmt.Sprintf("Board %02d", n), Value: v, Expected: err.Error()}
		}
		out = append(out, HandRecord{Line: line, Board: tournament.BoardInput{Number: n, Deal: dealOf(h)}})
	}
	return out, nil
}

// dlmDeal reads one DLM board value: 26 letters a–p and the checksum.
func dlmDeal(board int, v string) ([4]scoring.Hand, error) {
	var h [4]scoring.Hand
	if len(v) != 29 {
		return h, fmt.Errorf("26 letters a to p and a three-digit checksum (29 characters), not %d", len(v))
	}
	sum := board
	for k := 0; k < 26; k++ {
		c := v[k]
		if c < 'a' || c > 'p' {
			return h, fmt.Errorf("letters a to p (each the seats of two cards): character %d is %q", k+1, c)
		}
		sum ^= int(c)
		for j, seat := range [2]int{int(c-'a') >> 2, int(c-'a') & 3} {
			h[seat] |= cardOfNumber(2*k + j + 1)
		}
	}
	want, err := strconv.Atoi(v[26:])
	if err != nil || want != sum {
		return h, fmt.Errorf("the checksum %03d (the board number XOR each letter), not %s: the line is damaged", sum, v[26:])
	}
	for s, x := range h {
		if x.Count() != 13 {
			return h, fmt.Errorf("13 cards for each seat: %s has %d", scoring.Seat(s), x.Count())
		}
	}
	return h, nil
}

// linSeats are the seats of md's hands in order: [ENDPLAY] and
// [BIGDEAL] print_lin — South, West, North, East.
var linSeats = [4]scoring.Seat{scoring.South, scoring.West, scoring.North, scoring.East}

// linDealer is md's leading digit: 1 South, 2 West, 3 North, 4 East
// ([BIGDEAL] print_lin writes (board+1)%4+1 for the board's dealer).
var linDealer = map[byte]string{'1': "S", '2': "W", '3': "N", '4': "E"}

// linVulnerable is sv's value ([BIGDEAL] lin_vulnrep "0", "n", "e", "b";
// BBO writes "o" for none too, [ENDPLAY]).
var linVulnerable = map[string]string{"0": "None", "o": "None", "n": "NS", "e": "EW", "b": "All"}

// linPart is one key|value| pair of a LIN file and the line it is on.
type linPart struct {
	key, value string
	line       int
}

// readLIN reads the boards of a LIN file: each "qx" (o12: open room,
// board 12; c12 the closed room) or "md" begins a board; md gives the
// dealer and the hands South, West, North, East (S…H…D…C…, the last may
// be left out: it holds what the others do not); "sv" the vulnerability;
// "ah|Board 12|" the number where no qx gave it; a board without either
// is numbered by its place. A board played in both rooms is one hand
// record (the same deal twice); two deals under one number are refused.
func readLIN(data []byte) ([]HandRecord, error) {
	text := strings.TrimPrefix(string(data), "\xef\xbb\xbf")
	var parts []linPart
	line := 1
	for pos := 0; pos < len(text); {
		k := strings.IndexByte(text[pos:], '|')
		if k < 0 {
			break
		}
		before := text[pos : pos+k]
		key := strings.TrimSpace(before)
		keyLine := line + strings.Count(before[:len(before)-len(strings.TrimLeft(before, " \t\r\n"))], "\n")
		line += strings.Count(before, "\n")
		rest := text[pos+k+1:]
		e := strings.IndexByte(rest, '|')
		if e < 0 {
			e = len(rest)
		}
		value := rest[:e]
		line += strings.Count(value, "\n")
		parts = append(parts, linPart{strings.ToLower(key), value, keyLine})
		pos += k + 1 + e + 1
	}
	type board struct {
		HandRecord
		hasDeal bool
	}
	var boards []board
	cur := -1
	start := func(l int) {
		boards = append(boards, board{HandRecord: HandRecord{Line: l}})
		cur = len(boards) - 1
	}
	for _, p := range parts {
		switch p.key {
		case "qx":
			start(p.line)
			n, err := strconv.Atoi(strings.TrimLeft(strings.TrimSpace(p.value), "oOcC"))
			if err != nil || n < 1 || n > maxBoardNumber {
				return nil, &FileError{Format: "LIN", Line: p.line, Element: "qx", Value: p.value,
					Expected: "the room and board number, e.g. o12 (open room, board 12) or c12 (closed), board 1 to " + strconv.Itoa(maxBoardNumber)}
			}
			boards[cur].Board.Number = n
		case "md":
			if cur < 0 || boards[cur].hasDeal {
				start(p.line)
			}
			dealer, deal, err := linMD(p.value)
			if err != nil {
				return nil, &FileError{Format: "LIN", Line: p.line, Element: "md", Value: p.value, Expected: err.Error()}
			}
			boards[cur].Board.Dealer, boards[cur].Board.Deal, boards[cur].hasDeal = dealer, deal, true
		case "sv":
			v, ok := linVulnerable[strings.ToLower(strings.TrimSpace(p.value))]
			if !ok {
				return nil, &FileError{Format: "LIN", Line: p.line, Element: "sv", Value: p.value, Expected: "the vulnerability: 0 or o (none), n (NS), e (EW), b (both)"}
			}
			if cur >= 0 {
				boards[cur].Board.Vulnerable = v
			}
		case "ah":
			if cur >= 0 && boards[cur].Board.Number == 0 {
				if f := strings.Fields(p.value); len(f) == 2 && strings.EqualFold(f[0], "board") {
					if n, err := strconv.Atoi(f[1]); err == nil && n >= 1 && n <= maxBoardNumber {
						boards[cur].Board.Number = n
					}
				}
			}
		}
	}
	var out []HandRecord
	byNumber := map[int]int{}
	for _, b := range boards {
		if !b.hasDeal {
			continue
		}
		if b.Board.Number == 0 {
			b.Board.Number = len(out) + 1
		}
		if i, ok := byNumber[b.Board.Number]; ok {
			if out[i].Board.Deal != b.Board.Deal {
				return nil, &FileError{Format: "LIN", Line: b.Line, Element: "md", Value: b.Board.Deal,
					Expected: "the deal of board " + strconv.Itoa(b.Board.Number) + " as given on line " + strconv.Itoa(out[i].Line) + " (" + out[i].Board.Deal + "): one deal a board"}
			}
			continue
		}
		byNumber[b.Board.Number] = len(out)
		out = append(out, b.HandRecord)
	}
	if len(out) == 0 {
		return nil, &FileError{Format: "LIN", Line: 1, Element: "md", Expected: "at least one board with md|…| (the dealer and the hands): hand records are the deals"}
	}
	return out, nil
}

// linMD reads md's value (the one reader of it: LIN files here, PBN's
// LIN_DATA through linBoard): the dealer digit, then the hands of South,
// West, North and East separated by commas, each "S" ranks "H" ranks "D"
// ranks "C" ranks (a suit letter may be left out when the suit is void);
// one hand may be empty (the cards left over). It returns the dealer and
// the deal as PBN from North.
func linMD(v string) (string, string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", "", fmt.Errorf("the dealer (1 South, 2 West, 3 North, 4 East) and the hands")
	}
	dealer, ok := linDealer[v[0]]
	if !ok {
		return "", "", fmt.Errorf("a first digit 1 to 4, the dealer (1 South, 2 West, 3 North, 4 East), not %q", v[:1])
	}
	hands := strings.Split(v[1:], ",")
	if len(hands) < 3 || len(hands) > 4 {
		return "", "", fmt.Errorf("the hands of South, West, North and East separated by commas (East may be left out), not %d hands", len(hands))
	}
	var h [4]scoring.Hand
	var seen scoring.Hand
	missing := -1
	for i := 0; i < 4; i++ {
		seat := linSeats[i]
		s := ""
		if i < len(hands) {
			s = strings.ToUpper(strings.TrimSpace(hands[i]))
		}
		if s == "" {
			if missing >= 0 {
				return "", "", fmt.Errorf("at least three hands: %s and %s are both empty", linSeats[missing], seat)
			}
			missing = i
			continue
		}
		suit := -1
		for j := 0; j < len(s); j++ {
			if k := strings.IndexByte("SHDC", s[j]); k >= 0 {
				suit = k
				continue
			}
			r := strings.IndexByte("23456789TJQKA", s[j])
			if s[j] == '1' && j+1 < len(s) && s[j+1] == '0' {
				r, j = 8, j+1
			}
			if r < 0 || suit < 0 {
				return "", "", fmt.Errorf("%s's hand as suit letters S, H, D, C each before its ranks AKQJT98765432: %q has %q", seat, s, s[j:j+1])
			}
			c := scoring.Hand(1) << (13*uint(suit) + uint(r))
			if seen&c != 0 {
				return "", "", fmt.Errorf("each card once: %s%s is given twice", "SHDC"[suit:suit+1], "23456789TJQKA"[r:r+1])
			}
			seen |= c
			h[seat] |= c
		}
		if h[seat].Count() != 13 {
			return "", "", fmt.Errorf("13 cards in each hand: %s has %d", seat, h[seat].Count())
		}
	}
	if missing >= 0 {
		h[linSeats[missing]] = ^seen & (1<<52 - 1)
	}
	return dealer, dealOf(h), nil
}

// readHandFile reads data in a format other than PBN.
func readHandFile(data []byte, f HandFormat) ([]HandRecord, error) {
	switch f {
	case HandDUP:
		return readDUP(data)
	case HandBRI:
		return readBRI(data)
	case HandDLM:
		return readDLM(data)
	case HandLIN:
		return readLIN(data)
	}
	return nil, fmt.Errorf("%q: not a hand-record format (allowed: %s)", f, strings.Join(HandFormatNames(), ", "))
}

// WriteHandRecords writes boards as a hand-record file of format f, in
// board order. Every board needs its whole deal. DUP and BRI number their
// records from the set's first board (BRI from board 1 only: it has no
// field for another), so the boards must run without a gap; DUP and DLM
// hold boards 1 to 99 ([BIGDEAL] of_high_board). PBN is written as
// WritePBN writes a section's hand records.
func WriteHandRecords(w io.Writer, f HandFormat, boards []tournament.Board) error {
	bs := slices.Clone(boards)
	slices.SortFunc(bs, func(a, b tournament.Board) int { return a.Number - b.Number })
	if len(bs) == 0 {
		return tournament.Invalidf("boards", "no boards to write")
	}
	hands := make([][4]scoring.Hand, len(bs))
	for i, b := range bs {
		h, ok := b.Deal.Complete()
		if !ok || b.Deal.Empty() {
			return tournament.Invalidf("boards", "board "+strconv.Itoa(b.Number)+" has no deal: a "+strings.ToUpper(string(f))+" file gives every board's four hands (store or deal its hand record first)")
		}
		hands[i] = h
		if i > 0 && b.Number == bs[i-1].Number {
			return tournament.Invalidf("boards", "board "+strconv.Itoa(b.Number)+" is given twice")
		}
	}
	first, last := bs[0].Number, bs[len(bs)-1].Number
	run := func(what string) error {
		if last-first+1 != len(bs) {
			return tournament.Invalidf("boards", "boards "+boardNumbers(bs)+" have a gap: a "+what+" file numbers its records one after another")
		}
		return nil
	}
	switch f {
	case HandPBN:
		sec := tournament.SectionData{Boards: bs}
		for _, b := range bs {
			sec.Travelers = append(sec.Travelers, tournament.Traveler{Board: b})
		}
		return WritePBN(w, tournament.EventData{Event: tournament.Event{Name: "Hand records"}, Sections: []tournament.SectionData{sec}})
	case HandBRI:
		if err := run("BRI"); err != nil {
			return err
		}
		if first != 1 {
			return tournament.Invalidf("boards", "the boards start at "+strconv.Itoa(first)+": a BRI file has no board numbers, its records are boards 1, 2, …; write DUP, DLM, LIN or PBN")
		}
		for _, h := range hands {
			rec := append(appendBRI(nil, h), bytes.Repeat([]byte{' '}, 32)...)
			if _, err := w.Write(append(rec, make([]byte, 18)...)); err != nil {
				return err
			}
		}
		return nil
	case HandDUP:
		if err := run("DUP"); err != nil {
			return err
		}
		if last > dlmMaxBoard {
			return tournament.Invalidf("boards", "board "+strconv.Itoa(last)+": a DUP file holds boards 1 to 99")
		}
		for _, h := range hands {
			rec := appendDGE(appendBRI(nil, h), h)
			// [DUPDOC]: Y random hands, N not backwards, lowest board, copies, highest board.
			rec = append(rec, fmt.Sprintf("YN%-3d0 %-3d", first, last)...)
			if _, err := w.Write(rec); err != nil {
				return err
			}
		}
		return nil
	case HandDLM:
		if last > dlmMaxBoard {
			return tournament.Invalidf("boards", "board "+strconv.Itoa(last)+": a DLM file holds boards 1 to 99")
		}
		return writeDLM(w, bs, hands)
	case HandLIN:
		return writeLIN(w, bs, hands)
	}
	return tournament.Invalidf("format", string(f)+" is not a hand-record format", HandFormatNames()...)
}

// boardNumbers writes the boards' numbers as ranges.
func boardNumbers(bs []tournament.Board) string {
	ns := make([]int, len(bs))
	for i, b := range bs {
		ns[i] = b.Number
	}
	return tournament.NumberRanges(ns)
}

// appendBRI appends the 78 digits of North's, East's and South's cards,
// each hand's from the ace of spades down ([BIGDEAL] out_bri).
func appendBRI(b []byte, h [4]scoring.Hand) []byte {
	for seat := 0; seat < 3; seat++ {
		var ns []int
		for bit := 0; bit < 52; bit++ {
			if h[seat]&(1<<uint(bit)) != 0 {
				ns = append(ns, numberOfCard(bit))
			}
		}
		slices.Sort(ns)
		for _, n := range ns {
			b = append(b, fmt.Sprintf("%02d", n)...)
		}
	}
	return b
}

// appendDGE appends the 68 bytes of the four hands, each suit after its
// DOS symbol, ranks from the ace down ([BIGDEAL] out_dge).
func appendDGE(b []byte, h [4]scoring.Hand) []byte {
	for seat := 0; seat < 4; seat++ {
		for suit := 0; suit < 4; suit++ {
			b = append(b, dgeSuits[suit])
			for r := 12; r >= 0; r-- {
				if h[seat]&(1<<uint(13*suit+r)) != 0 {
					b = append(b, "23456789TJQKA"[r])
				}
			}
		}
	}
	return b
}

// writeDLM writes a DLM file as [BIGDEAL] init_dlmcommon, print_dlm and
// finish_dlm do: the header (shown on the machine's screen, no
// duplicates made yet, its checksum Duplicates XOR From XOR To XOR 1 for
// "Show"), then boards 1 to 99, those outside the set the filler deal
// with checksum number XOR 14; lines end CR LF as Windows programs write.
func writeDLM(w io.Writer, bs []tournament.Board, hands [][4]scoring.Hand) error {
	first, last := bs[0].Number, bs[len(bs)-1].Number
	var b strings.Builder
	line := func(s string) { b.WriteString(s); b.WriteString("\r\n") }
	line("[Document]")
	line("Headline=Hand records written by traveler")
	line("Status=Show")
	line("Duplicates=0")
	line("From board=" + strconv.Itoa(first))
	line("To board=" + strconv.Itoa(last))
	line("Next board to duplimate=0")
	line("PrintOuts=0")
	line("Crypto key=0")
	line("Checksum=" + strconv.Itoa(0^first^last^1))
	byNumber := map[int][4]scoring.Hand{}
	for i, bd := range bs {
		byNumber[bd.Number] = hands[i]
	}
	for n := 1; n <= dlmMaxBoard; n++ {
		line(fmt.Sprintf("Duplicates %02d=0", n))
		h, ok := byNumber[n]
		if !ok || n < first || n > last {
			if ok || n >= first && n <= last {
				return tournament.Invalidf("boards", "boards "+boardNumbers(bs)+" have a gap: a DLM file gives every board From board "+strconv.Itoa(first)+" To board "+strconv.Itoa(last))
			}
			line(fmt.Sprintf("Board %02d=aaaaaabffffffkkkkkklpppppp%03d", n, n^14))
			continue
		}
		var seat [52]int
		for s := 0; s < 4; s++ {
			for bit := 0; bit < 52; bit++ {
				if h[s]&(1<<uint(bit)) != 0 {
					seat[numberOfCard(bit)-1] = s
				}
			}
		}
		letters := make([]byte, 26)
		sum := n
		for k := range letters {
			letters[k] = byte('a' + seat[2*k]<<2 + seat[2*k+1])
			sum ^= int(letters[k])
		}
		line(fmt.Sprintf("Board %02d=%s%03d", n, letters, sum))
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return nil
}

// writeLIN writes one line a board, as [BIGDEAL] print_lin does, with all
// four hands: qx|o1|md|3<South>,<West>,<North>,<East>|rh||ah|Board 1|sv|0|pg||
func writeLIN(w io.Writer, bs []tournament.Board, hands [][4]scoring.Hand) error {
	dealerDigit := map[scoring.Seat]byte{scoring.South: '1', scoring.West: '2', scoring.North: '3', scoring.East: '4'}
	vul := map[scoring.Vulnerability]string{}
	for k, v := range map[string]string{"0": "None", "n": "NS", "e": "EW", "b": "All"} {
		pv, _ := scoring.ParseVulnerability("sv", v)
		vul[pv] = k
	}
	var b strings.Builder
	for i, bd := range bs {
		fmt.Fprintf(&b, "qx|o%d|md|%c", bd.Number, dealerDigit[bd.Dealer])
		for j, seat := range linSeats {
			if j > 0 {
				b.WriteByte(',')
			}
			for suit := 0; suit < 4; suit++ {
				b.WriteByte("SHDC"[suit])
				for r := 12; r >= 0; r-- {
					if hands[i][seat]&(1<<uint(13*suit+r)) != 0 {
						b.WriteByte("23456789TJQKA"[r])
					}
				}
			}
		}
		fmt.Fprintf(&b, "|rh||ah|Board %d|sv|%s|pg||\r\n", bd.Number, vul[bd.Vulnerability])
	}
	_, err := io.WriteString(w, b.String())
	return err
}
