package reports

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// usebioEdgeCases are small USEBIO files at the edges of what the reader
// takes: encodings, nesting, the largest numbers and one past them. The
// inputs that found bugs are in testdata/fuzz/FuzzReadUSEBIO and
// testdata/fuzz/FuzzReadResultsUSEBIO.
var usebioEdgeCases = []string{
	"",
	"<USEBIO/>",
	`<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>A6040</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>`,
	"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><USEBIO><CLUB><CLUB_NAME>Caf\xe9</CLUB_NAME></CLUB><EVENT/></USEBIO>",
	"<?xml version=\"1.0\" encoding=\"windows-1252\"?><USEBIO><EVENT><EVENT_DESCRIPTION>\x80 \x93Pairs\x94</EVENT_DESCRIPTION></EVENT></USEBIO>",
	strings.Repeat(`<?xml version="1.0" encoding="latin1"?>`, 2) + "<USEBIO>\xe9</USEBIO>",
	`<?xml version="1.0" encoding="EBCDIC"?><USEBIO/>`,
	`<USEBIO/><?xml version="1.0"?>`,
	`<!DOCTYPE USEBIO [<!ELEMENT USEBIO ANY>]><USEBIO><EVENT/></USEBIO>`,
	`<USEBIO/><USEBIO/>`,
	`<USEBIO><EVENT>`,
	strings.Repeat("<A>", maxXMLDepth) + strings.Repeat("</A>", maxXMLDepth),
	strings.Repeat("<A>", maxXMLDepth+1),
	usebioLineEvent(maxBoardNumber, "1", strconv.Itoa(maxPairNumber)),
	usebioLineEvent(maxBoardNumber+1, "1", "2"),
	usebioLineEvent(1, "+"+strconv.Itoa(maxPairNumber+1), "2"),
	usebioLineEvent(1, "1NS", "1EW"),
	`<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS><PAIR><PAIR_NUMBER>10000</PAIR_NUMBER></PAIR></PARTICIPANTS></EVENT></USEBIO>`,
	`<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"/><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
		`<HAND><DIRECTION>North</DIRECTION><SPADES>AKQ</SPADES><SPADES>J</SPADES><HEARTS>-</HEARTS><DIAMONDS>AKQJT98</DIAMONDS><CLUBS>32</CLUBS></HAND>` +
		`</BOARD></HANDSET></USEBIO>`,
}

// usebioLineEvent is a matchpoint event of one traveler line: board, NS and
// EW as given.
func usebioLineEvent(board int, ns, ew string) string {
	return `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>` + strconv.Itoa(board) + `</BOARD_NUMBER>` +
		`<TRAVELLER_LINE><NS_PAIR_NUMBER>` + ns + `</NS_PAIR_NUMBER><EW_PAIR_NUMBER>` + ew + `</EW_PAIR_NUMBER>` +
		`<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>`
}

// addUSEBIOSeeds seeds a USEBIO fuzz test: pieces of the real and golden
// files (see usebioPieces) and the edge cases.
func addUSEBIOSeeds(f *testing.F) {
	for _, file := range sortedValues(realFiles(f, "usebio", ".xml")) {
		for _, p := range usebioPieces(file) {
			f.Add(p)
		}
	}
	for _, s := range usebioEdgeCases {
		f.Add(s)
	}
	// The forms federations' programs write (testdata/usebio: cross-IMPs,
	// 1NS/1EW, A6060) and a team event, several sections and an assigned
	// score's comment, as traveler writes and reads them.
	for _, name := range []string{"cross_imp_howell.xml", "mp_pairs_mitchell_03.xml"} {
		if data, err := os.ReadFile(filepath.Join("testdata", "usebio", name)); err == nil {
			f.Add(string(data))
		}
	}
	f.Add(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="A"><PLAYER><PLAYER_NAME>P</PLAYER_NAME></PLAYER></TEAM><TEAM TEAM_ID="2" TEAM_NAME="B"/></PARTICIPANTS>` +
		`<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
		`<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>` +
		`<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>170</SCORE></TRAVELLER_LINE>` +
		`</BOARD></MATCH><MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>2</TEAM></MATCH></EVENT></USEBIO>`)
	f.Add(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><SESSION SESSION_ID="1">` +
		`<SECTION SECTION_ID="A"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
		`<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><!-- traveler assigned adjusted score, weight*NS score: NS 0.6*420 0.4*-50; EW 1*450 --></TRAVELLER_LINE>` +
		`<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>A6060</SCORE></TRAVELLER_LINE></BOARD></SECTION>` +
		`<SECTION SECTION_ID="B"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>90</SCORE></TRAVELLER_LINE></BOARD></SECTION>` +
		`</SESSION></EVENT></USEBIO>`)
}

// FuzzReadUSEBIO feeds ReadUSEBIO arbitrary bytes (see checkReadUSEBIO).
func FuzzReadUSEBIO(f *testing.F) {
	boundMinimizing(f)
	addUSEBIOSeeds(f)
	f.Fuzz(checkReadUSEBIO)
}

// checkReadUSEBIO reads doc with ReadUSEBIO. It must answer a file or a
// *FileError saying where and what, never panic; the same again for the
// same bytes; and a file that holds only what the reader allows (see
// checkUSEBIOLimits).
func checkReadUSEBIO(t *testing.T, doc string) {
	u, err := ReadUSEBIO(strings.NewReader(doc))
	again, errAgain := ReadUSEBIO(strings.NewReader(doc))
	if err != nil {
		if u != nil {
			t.Fatalf("a file and an error: %v", err)
		}
		checkFileError(t, err, "USEBIO")
		sameError(t, err, errAgain)
		return
	}
	if u == nil {
		t.Fatal("neither a file nor an error")
	}
	if errAgain != nil || !reflect.DeepEqual(u, again) {
		t.Fatalf("read again: %v\n%+v\nwant\n%+v", errAgain, again, u)
	}
	checkUSEBIOLimits(t, u)
}

// checkUSEBIOLimits fails the test unless a file read holds what the
// reader allows: boards numbered 1 to maxBoardNumber once each, pair
// numbers up to maxPairNumber, lines with both pairs and tricks 0 to 13,
// and every element's line.
func checkUSEBIOLimits(t *testing.T, u *USEBIO) {
	t.Helper()
	ev := &u.Event
	if ev.Line < 1 || ev.WinnerType < 0 || ev.WinnerType > 2 {
		t.Fatalf("EVENT at line %d, winner type %d", ev.Line, ev.WinnerType)
	}
	for _, p := range ev.Pairs {
		if p.Line < 1 || p.Number == "" || pairNumberTooBig(p.Number) || len(p.Players) != len(p.PlayerNumbers) {
			t.Fatalf("pair %+v", p)
		}
		if p.Direction != "" && p.Direction != "NS" && p.Direction != "EW" {
			t.Fatalf("pair %s: direction %q", p.Number, p.Direction)
		}
	}
	seen := map[int]bool{}
	for _, b := range ev.Boards {
		if b.Line < 1 || b.Number < 1 || b.Number > maxBoardNumber || seen[b.Number] {
			t.Fatalf("board %d at line %d (seen before: %t)", b.Number, b.Line, seen[b.Number])
		}
		seen[b.Number] = true
		for _, l := range b.Lines {
			if l.Line < 1 || l.NS == "" || l.EW == "" || pairNumberTooBig(l.NS) || pairNumberTooBig(l.EW) {
				t.Fatalf("board %d: line %+v", b.Number, l)
			}
			if l.Tricks < 0 || l.Tricks > 13 || (!l.HasTricks && l.Tricks != 0) || l.HasContract != (l.ContractText != "") {
				t.Fatalf("board %d line %d: %+v", b.Number, l.Line, l)
			}
			if l.Points == PointsNone && (l.NSPoints.Given() || l.EWPoints.Given()) || int(l.Points) >= len(pointsElements) {
				t.Fatalf("board %d line %d: points %d with %+v %+v", b.Number, l.Line, l.Points, l.NSPoints, l.EWPoints)
			}
		}
	}
}

// FuzzReadResultsUSEBIO feeds arbitrary bytes to ReadResults as a USEBIO
// file (see checkReadResultsUSEBIO).
func FuzzReadResultsUSEBIO(f *testing.F) {
	boundMinimizing(f)
	addUSEBIOSeeds(f)
	f.Fuzz(checkReadResultsUSEBIO)
}

// checkReadResultsUSEBIO reads doc with ReadResults as a USEBIO file: the
// decoding, the reader and the conversion to an event (movement, scores,
// comparisons, standings). It must answer an event or a *FileError, never
// panic nor run on; the same for the same bytes; and an event that holds
// together (see checkEventData) with a result for every traveler line.
func checkReadResultsUSEBIO(t *testing.T, doc string) {
	rf, err := readResults(doc, FormatUSEBIO)
	again, errAgain := readResults(doc, FormatUSEBIO)
	if err != nil {
		checkFileError(t, err, "USEBIO")
		sameError(t, err, errAgain)
		return
	}
	if errAgain != nil {
		t.Fatalf("read again: %v", errAgain)
	}
	checkResultsFile(t, rf, FormatUSEBIO)
	sameResultsFile(t, rf, again)
	text, _, err := decodeText([]byte(doc), FormatUSEBIO, "")
	if err != nil {
		t.Fatalf("an event from a file decodeText refuses: %v", err)
	}
	u, err := ReadUSEBIO(strings.NewReader(string(text)))
	if err != nil {
		t.Fatalf("an event from a file ReadUSEBIO refuses: %v", err)
	}
	lines := 0
	for _, b := range u.Event.Boards {
		lines += len(b.Lines)
	}
	results := 0
	for _, sd := range rf.Event.Sections {
		results += len(sd.Results)
	}
	if results != lines {
		t.Fatalf("%d results from %d traveler lines", results, lines)
	}
}
