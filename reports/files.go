package reports

import (
	"io"

	"github.com/traveler-bridge/traveler/tournament"
)

// File is one of the files an event is written as: what the API and the
// pages call it and send it as, and its writer.
type File struct {
	Name      string // e.g. "report.xlsx"; downloads are named after the event and this
	MediaType string
	Write     func(io.Writer, tournament.EventData) error
}

// Files are the files an event is written as, in the order the pages list them.
var Files = []File{
	{"report.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", WriteReport},
	{"standings.csv", "text/csv; charset=utf-8", WriteStandingsCSV},
	{"travelers.csv", "text/csv; charset=utf-8", WriteTravelersCSV},
	{"usebio.xml", "application/xml; charset=utf-8", WriteUSEBIO},
	{"results.pbn", "application/x-pbn; charset=utf-8", WritePBN},
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
