package reports

import (
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"

	"github.com/traveler-bridge/traveler/tournament"
)

// testToday is the day undated test files are given.
const testToday = "2026-11-24"

// readUSEBIOData reads a USEBIO file through ReadResults, strictly (a
// score that disagrees with its contract is an error), as the tests of
// the USEBIO reader expect.
func readUSEBIOData(r io.Reader) (tournament.EventData, error) {
	f, err := ReadResults(r, ReadOptions{Format: FormatUSEBIO, Today: testToday, Strict: true})
	if err != nil {
		return tournament.EventData{}, err
	}
	return f.Event, nil
}

// readPBNEvent reads a PBN file through ReadResults, strictly.
func readPBNEvent(r io.Reader) (tournament.EventData, error) {
	f, err := ReadResults(r, ReadOptions{Format: FormatPBN, Today: testToday, Strict: true})
	if err != nil {
		return tournament.EventData{}, err
	}
	return f.Event, nil
}

// eventFromUSEBIO converts a USEBIO file already read (and changed by a
// test), strictly.
func eventFromUSEBIO(u *USEBIO) (tournament.EventData, error) {
	rd := &reading{opt: ReadOptions{Today: testToday, Strict: true}, format: FormatUSEBIO}
	return rd.usebioEvent(u)
}

// pbnEventOf converts games already read (and changed by a test), strictly.
func pbnEventOf(games []PBNResult) (tournament.EventData, error) {
	all := make([]PBNGame, len(games))
	for i := range games {
		all[i] = *games[i].Game
	}
	rd := &reading{opt: ReadOptions{Today: testToday, Strict: true}, format: FormatPBN}
	return rd.pbnEvent(all)
}

// readNotes reads a file with the default options and returns it.
func readFile(t *testing.T, r io.Reader, opt ReadOptions) *ResultsFile {
	t.Helper()
	if opt.Today == "" {
		opt.Today = testToday
	}
	f, err := ReadResults(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReadContractForms reads the contract forms real files write: N for
// no-trump and R for a redouble (archives, BBO), beside the usual ones.
func TestReadContractForms(t *testing.T) {
	for in, want := range map[string]string{
		"1N": "1NT", "3NR": "3NTXX", "3NX": "3NTX", "4SR": "4SXX", "4sxx": "4SXX", "6NT": "6NT", "7C": "7C", "AP": "PASS", "Pass": "PASS",
	} {
		c, err := readContract(in)
		if err != nil || c.String() != want {
			t.Errorf("%q: %v, %v; want %s", in, c, err, want)
		}
	}
	for _, bad := range []string{"8N", "3R", "NR", "3NXR"} {
		if c, err := readContract(bad); err == nil {
			t.Errorf("%q read as %v, want an error", bad, c)
		}
	}
}

// TestReadHandRecords reads hand records as the API and the pages upload
// them: a header game and a game without cards give nothing, a deal gives
// its board; a deal without a board number, and a file without deals, are
// errors naming the line.
func TestReadHandRecords(t *testing.T) {
	file := "\xef\xbb\xbf% PBN 2.1\r\n[Event \"Club\"]\r\n\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n" +
		"[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n\r\n[Board \"3\"]\r\n[Contract \"4S\"]\r\n"
	hs, err := ReadHandRecords(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []HandRecord{{Line: 4, Board: tournament.BoardInput{Number: 2, Dealer: "E", Vulnerable: "NS", Deal: "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"}}}
	if !reflect.DeepEqual(hs, want) {
		t.Errorf("got %+v, want %+v", hs, want)
	}
	for _, tc := range []struct{ file, err string }{
		{"[Event \"Club\"]\n", `PBN line 1: [Deal]: expected at least one game with a [Deal] tag`},
		{"[Event \"Club\"]\n[Deal \"N:... ... ... ...\"]\n", `PBN line 1: [Board]: expected the board number (1 to 999) of the deal on line 2`},
	} {
		if _, err := ReadHandRecords(strings.NewReader(tc.file)); err == nil || !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("%q: %v, want %s", tc.file, err, tc.err)
		}
	}
}

// TestReadEncodings reads the same names written in each encoding real
// files use, with and without saying which: UTF-8 with a byte-order mark,
// UTF-16, ISO-8859-2 and Windows-1250 (Polish club programs: "Łódź,
// Świętość"), ISO-8859-1 (PBN's own: "Åström"), and a USEBIO file whose
// XML declaration names its encoding. Each must come out as the same text,
// with a note only where traveler guessed.
func TestReadEncodings(t *testing.T) {
	pbn := func(name string) string {
		return "[Event \"" + name + "\"]\r\n[Date \"2013.08.07\"]\r\n[Board \"1\"]\r\n[North \"A\"]\r\n[South \"B\"]\r\n[East \"C\"]\r\n[West \"D\"]\r\n[Contract \"1N\"]\r\n[Declarer \"N\"]\r\n[Result \"7\"]\r\n\r\n" +
			"[Event \"" + name + "\"]\r\n[Board \"1\"]\r\n[North \"E\"]\r\n[South \"F\"]\r\n[East \"G\"]\r\n[West \"H\"]\r\n[Contract \"3NR\"]\r\n[Declarer \"S\"]\r\n[Result \"9\"]\r\n"
	}
	polish, swedish := "Łódź, Świętość", "Åström"
	enc := func(cm *charmap.Charmap, s string) string {
		out, err := cm.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	utf16 := func(s string) string {
		var b []byte
		for _, r := range utf16.Encode([]rune(s)) {
			b = append(b, byte(r), byte(r>>8))
		}
		return "\xff\xfe" + string(b)
	}
	for _, tc := range []struct {
		name, file, asked, want, encoding string
		guessed                           bool
	}{
		{"UTF-8 with a BOM", "\xef\xbb\xbf" + pbn(polish), "", polish, "UTF-8", false},
		{"UTF-16", utf16(pbn(polish)), "", polish, "UTF-16", false},
		{"ISO-8859-2 guessed", enc(charmap.ISO8859_2, pbn(polish)), "", polish, "ISO-8859-2", true},
		{"Windows-1250 guessed", enc(charmap.Windows1250, pbn(polish)), "", polish, "Windows-1250", true},
		{"ISO-8859-1 guessed", enc(charmap.ISO8859_1, pbn(swedish)), "", swedish, "ISO-8859-1", true},
		{"ISO-8859-2 asked", enc(charmap.ISO8859_2, pbn(polish)), "ISO-8859-2", polish, "ISO-8859-2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := readFile(t, strings.NewReader(tc.file), ReadOptions{Encoding: tc.asked})
			if f.Event.Event.Name != tc.want || f.Encoding != tc.encoding || f.Format != FormatPBN {
				t.Errorf("read %q as %s (%s), want %q as %s", f.Event.Event.Name, f.Encoding, f.Format, tc.want, tc.encoding)
			}
			noted := len(f.Notes) > 0 && strings.HasPrefix(f.Notes[0].Text, "the file is not UTF-8: read as "+tc.encoding)
			if noted != tc.guessed {
				t.Errorf("notes %v; want a note of the guess: %v", f.Notes, tc.guessed)
			}
			// 1NT by N making 7 = 90; 3NT redoubled by S making 9 = 800 (Law 77).
			var scores []int
			for _, r := range f.Event.Sections[0].Results {
				scores = append(scores, r.NSScore)
			}
			if !slices.Equal(scores, []int{90, 800}) {
				t.Errorf("NS scores %v, want 90 (1N) and 800 (3NR)", scores)
			}
		})
	}
	xml := "<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?>\n<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"><EVENT_DESCRIPTION>" + enc(charmap.ISO8859_2, polish) +
		"</EVENT_DESCRIPTION><DATE>07/08/2013</DATE><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>" +
		"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>1N</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
	f := readFile(t, strings.NewReader(xml), ReadOptions{})
	// Its one board has one line: the notes say so (noteUncompared), none
	// is about the encoding, which the file declares.
	if f.Event.Event.Name != polish || f.Encoding != "ISO-8859-2" || f.Format != FormatUSEBIO || slices.ContainsFunc(f.Notes, func(n Note) bool { return strings.Contains(n.Text, "UTF-8") || strings.Contains(n.Text, "encoding") }) {
		t.Errorf("USEBIO declared ISO-8859-2: %q %s %s %v", f.Event.Event.Name, f.Encoding, f.Format, f.Notes)
	}
}

// TestReadDates reads the dates real files write, and what traveler
// assumes where they leave the day open (issue 12 §2).
func TestReadDates(t *testing.T) {
	for _, tc := range []struct{ written, want, note string }{
		{"2013.08.07", "2013-08-07", ""},
		{"2012.08.??", "2012-08-01", `the file's date "2012.08.??" has unknown parts: the event is dated 2012-08-01`},
		{"????.??.??", testToday, `the file's date "????.??.??" is unknown: the event is dated 2026-11-24, the day it was read`},
		{"2021-04-03 05:06", "2021-04-03", ""},
		{"", testToday, "the file gives no date: the event is dated 2026-11-24"},
	} {
		file := "[Event \"E\"]\n[Scoring \"MP\"]\n"
		if tc.written != "" {
			file += "[Date \"" + tc.written + "\"]\n"
		}
		file += "[Board \"1\"]\n[North \"A\"]\n[East \"B\"]\n[Contract \"Pass\"]\n"
		f := readFile(t, strings.NewReader(file), ReadOptions{})
		var notes []string
		for _, n := range f.Notes {
			notes = append(notes, n.Text)
		}
		wantNotes := 0
		if tc.note != "" {
			wantNotes = 1
		}
		if f.Event.Event.Date != tc.want || len(notes) != wantNotes || tc.note != "" && !strings.HasPrefix(notes[0], tc.note) {
			t.Errorf("%q: dated %s with notes %q; want %s and %q", tc.written, f.Event.Event.Date, notes, tc.want, tc.note)
		}
	}
	if _, err := ReadResults(strings.NewReader("[Date \"7 August\"]\n[Board \"1\"]\n[North \"A\"]\n[East \"B\"]\n[Contract \"Pass\"]\n"), ReadOptions{}); err == nil ||
		!strings.Contains(err.Error(), `PBN line 1: [Date] "7 August": expected a date YYYY.MM.DD`) {
		t.Errorf("a date in words: %v", err)
	}
}

// TestReadBounds: every size a file can name is bounded, each refusal
// naming the element and what is allowed, as the fuzzers found (a board
// number sizes the section, a pair number the movement, a board's lines
// the movement's rounds).
func TestReadBounds(t *testing.T) {
	game := func(tags string) string {
		return "[Event \"E\"]\n[Date \"2026.11.24\"]\n[Scoring \"MP\"]\n" + tags + "[Contract \"1C\"]\n[Declarer \"S\"]\n[Result \"7\"]\n\n"
	}
	many := ""
	for i := 1; i <= 501; i++ {
		many += game(`[Board "1"]` + "\n" + `[PairId_NS "` + strconv.Itoa(2*i-1) + `"]` + "\n" + `[PairId_EW "` + strconv.Itoa(2*i) + `"]` + "\n")
	}
	for _, tc := range []struct{ name, file, err string }{
		{"board number", game("[Board \"100000000\"]\n[PairId_NS \"1\"]\n[PairId_EW \"2\"]\n"), `[Board] "100000000": expected a board number from 1 to 999`},
		{"pair number", game("[Board \"1\"]\n[PairId_NS \"1\"]\n[PairId_EW \"100000000\"]\n"), `[PairId_EW] "100000000": expected a pair number from 1 to 9999`},
		{"pair id missing", game("[Board \"1\"]\n[PairId_NS \"1\"]\n"), `PBN line 1: [PairId_EW]: expected the pair's number`},
		{"lines of a board", many, "board 1: expected at most 500 traveler lines a board in one section"},
	} {
		_, err := ReadResults(strings.NewReader(tc.file), ReadOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.err)
		}
	}
}
