package reports

import (
	"io"
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
