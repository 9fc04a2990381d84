package reports

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/traveler-bridge/traveler/tournament"
)

// File is one of the files an event is written as: what the API and the
// pages call it and send it as, and its writer.
type File struct {
	Name      string // e.g. "report.xlsx"; downloads are named after the event and this
	MediaType string
	Write     func(io.Writer, tournament.EventData) error
	Format    string // what `traveler export` calls it, e.g. "xlsx"
	About     string // what it holds, in the command's usage
	Binary    bool   // not text: the command refuses to write it to a terminal
	// Shaped: the format cannot hold every event (one section, some
	// scoring methods), so Write's errors are about the event, not failures.
	Shaped bool
}

// Files are the files an event is written as, in the order the pages list them.
var Files = []File{
	{"report.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", WriteReport,
		"xlsx", "the workbook: standings, travelers, scorecards, frequencies, the Royalton report and the law-code comparison", true, false},
	{"standings.csv", "text/csv; charset=utf-8", WriteStandingsCSV,
		"csv-standings", "the standings as CSV, section by section", false, false},
	{"overall.csv", "text/csv; charset=utf-8", WriteOverallCSV,
		"csv-overall", "the overall standings as CSV: every session and section ranked together", false, false},
	{"travelers.csv", "text/csv; charset=utf-8", WriteTravelersCSV,
		"csv-travelers", "every traveler line as CSV", false, false},
	{"usebio.xml", "application/xml; charset=utf-8", WriteUSEBIO,
		"usebio", "a USEBIO 1.2 results file (one section; MP, MP_ACBL, BUTLER, CROSS_IMP or IMP_TEAMS)", false, true},
	{"results.pbn", "application/x-pbn; charset=utf-8", WritePBN,
		"pbn", "a PBN 2.1 file of hand records and played results", false, true},
}

// FileNamed returns the file of Files with this name, and whether there is one.
func FileNamed(name string) (File, bool) {
	for _, f := range Files {
		if f.Name == name {
			return f, true
		}
	}
	return File{}, false
}

// FileFormat returns the file of Files `traveler export` calls format, and
// whether there is one.
func FileFormat(format string) (File, bool) {
	for _, f := range Files {
		if f.Format == format {
			return f, true
		}
	}
	return File{}, false
}

// FileFormats lists the Format of every file of Files.
func FileFormats() []string {
	names := make([]string, len(Files))
	for i, f := range Files {
		names[i] = f.Format
	}
	return names
}

// WriteFile writes the file at path whole or not at all: write runs on a
// temporary file in path's folder that is renamed to path once complete, so
// a failure never leaves half a file and keeps what was at path before. A
// new file gets mode 0644, a replaced one keeps its mode. write's error is
// returned as it is; a failure of the file itself names path.
func WriteFile(path string, write func(io.Writer) error) (err error) {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		return err
	}
	for _, step := range []func() error{bw.Flush, func() error { return tmp.Chmod(mode) }, tmp.Sync, tmp.Close,
		func() error { return os.Rename(tmp.Name(), path) }} {
		if err := step(); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}
