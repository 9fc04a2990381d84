package reports

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// HandRecord is one board's hand record read from a file, with the line
// its game starts on, or in a file of fixed-size records (DUP, BRI) its
// record (for messages about it).
type HandRecord struct {
	Line   int
	Record int // the 1-based record of a DUP or BRI file; 0 in a text file
	Board  tournament.BoardInput
}

// unknownDeal reports whether a Deal value gives no hand ("N:- - - -").
func unknownDeal(v string) bool {
	d, err := scoring.ParseDeal("deal", v)
	return err == nil && d.Given == [4]bool{}
}

// Where says where the hand record is in its file: "line 12" or "record 3".
func (h HandRecord) Where() string {
	if h.Record > 0 {
		return "record " + strconv.Itoa(h.Record)
	}
	return "line " + strconv.Itoa(h.Line)
}

// ReadHandRecords reads the hand records of a hand-record file in any of
// HandFormats, sniffed from its content (SniffHandFormat); see
// ReadHandRecordsIn.
func ReadHandRecords(r io.Reader) ([]HandRecord, error) { return ReadHandRecordsIn(r, "") }

// ReadHandRecordsIn reads the hand records of a file in format f ("" to
// sniff it from the content): DUP, BRI, DLM and LIN as dealfiles.go
// describes them, their boards numbered as the file numbers them (the
// dealer and vulnerability follow the number unless the file gives them,
// as LIN does); or a PBN file, decoded as
// ReadResults decodes one (byte-order marks, encodings, line ends): every
// game with a Deal gives its Board, Dealer and Vulnerable (as written: the
// service checks them) and Deal (or, with no Deal or one of unknown hands,
// the deal of a LIN_DATA tag's md field, as BBO and RealBridge export
// it: linDeal); games without a Deal (a file header, a
// played result without the cards) give nothing. A game with a Deal and no
// board number, or a file without any deal, is a *FileError.
func ReadHandRecordsIn(r io.Reader, f HandFormat) ([]HandRecord, error) {
	return readHandRecords(r, f, false)
}

// ReadDeals is ReadHandRecords for reading deals alone (traveler dd): a
// game with a Deal and no Board is numbered by its place among the file's
// deals (the first 1), as a file of deals without board numbers means them.
func ReadDeals(r io.Reader) ([]HandRecord, error) { return readHandRecords(r, "", true) }

// readHandRecords reads the hand records of a file in format f ("" to
// sniff it); byPlace numbers a PBN deal without a Board by its place
// instead of refusing it.
func readHandRecords(r io.Reader, f HandFormat, byPlace bool) ([]HandRecord, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxResultsFile+1))
	if err != nil {
		return nil, err
	}
	if f == "" {
		f = SniffHandFormat(data)
	}
	if len(data) > MaxResultsFile {
		return nil, &FileError{Format: strings.ToUpper(string(f)), Expected: "a file of at most " + strconv.Itoa(MaxResultsFile>>20) + " MiB"}
	}
	if f != HandPBN {
		return readHandFile(data, f)
	}
	text, _, err := decodeText(data, FormatPBN, "")
	if err != nil {
		return nil, err
	}
	games, err := ReadPBN(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	var out []HandRecord
	for i := range games {
		g := &games[i]
		deal, ok := g.given("Deal")
		if lin, has := g.given("LIN_DATA"); has && (!ok || unknownDeal(deal.Value)) {
			// BBO's and RealBridge's exports: the deal in LIN_DATA's md
			// field, [Deal] missing or of unknown hands ("N:- - - -").
			d, md, err := linDeal(lin.Value)
			if err != nil {
				return nil, pbnErr(lin, `BBO's LIN with the deal in its md field (`+err.Error()+")")
			}
			if md {
				deal, ok = PBNTag{Line: lin.Line, Name: "LIN_DATA", Value: d.PBN()}, true
			}
		}
		if !ok {
			continue
		}
		num, given := g.Tag("Board")
		n, err := strconv.Atoi(strings.TrimSpace(num.Value))
		if byPlace && (!given || strings.TrimSpace(num.Value) == "") {
			n, err = len(out)+1, nil
		}
		if err != nil || n < 1 || n > maxBoardNumber {
			if num.Line == 0 {
				num.Line = g.Line
			}
			return nil, &FileError{Format: "PBN", Line: num.Line, Element: "[Board]", Value: num.Value, Expected: `the board number (1 to ` + strconv.Itoa(maxBoardNumber) + `) of the deal on line ` + strconv.Itoa(deal.Line) + `, e.g. [Board "1"]`}
		}
		out = append(out, HandRecord{Line: g.Line, Board: tournament.BoardInput{Number: n, Dealer: strings.TrimSpace(g.Value("Dealer")),
			Vulnerable: strings.TrimSpace(g.Value("Vulnerable")), Deal: strings.TrimSpace(deal.Value)}})
	}
	if len(out) == 0 {
		return nil, &FileError{Format: "PBN", Line: 1, Element: "[Deal]", Expected: "at least one game with a [Deal] tag: hand records are the deals"}
	}
	return out, nil
}
