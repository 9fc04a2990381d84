package reports

import (
	"io"
	"reflect"
	"strings"
	"testing"

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
		{"[Event \"Club\"]\n[Deal \"N:... ... ... ...\"]\n", `PBN line 1: [Board]: expected the board number of the deal on line 2`},
	} {
		if _, err := ReadHandRecords(strings.NewReader(tc.file)); err == nil || !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("%q: %v, want %s", tc.file, err, tc.err)
		}
	}
}
