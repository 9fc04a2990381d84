package api

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
)

// TestImportFormat checks how POST /v1/events/import decides what it was
// sent: ?format= first, then the Content-Type, then the body's first
// character; anything else is a 400 naming "format".
func TestImportFormat(t *testing.T) {
	for _, tc := range []struct {
		name, param, contentType, body string
		want                           string // "" for the 400
	}{
		{"format usebio", "usebio", "text/plain", "anything", formatUSEBIO},
		{"format PBN, any case", "PBN", "application/xml", "<USEBIO/>", formatPBN},
		{"format unknown", "csv", "application/xml", "<USEBIO/>", ""},
		{"application/xml", "", "application/xml", "x", formatUSEBIO},
		{"text/xml with a charset", "", "text/xml; charset=ISO-8859-1", "x", formatUSEBIO},
		{"application/x-pbn", "", "application/x-pbn", "x", formatPBN},
		{"text/x-pbn", "", "text/x-pbn", "x", formatPBN},
		{"an XML body", "", "application/octet-stream", "\n  <?xml version=\"1.0\"?>", formatUSEBIO},
		{"a PBN tag", "", "", "[Event \"Club\"]", formatPBN},
		{"a PBN comment after a byte-order mark", "", "application/octet-stream", "\xef\xbb\xbf% PBN 2.1", formatPBN},
		{"plain text", "", "text/plain", "Board 1", ""},
		{"JSON", "", "application/json", `{"board": 1}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := importFormat(tc.param, tc.contentType, []byte(tc.body))
			if tc.want != "" {
				if err != nil || got != tc.want {
					t.Fatalf("got %q, %v; want %q", got, err, tc.want)
				}
				return
			}
			status, body, _ := Answer(err)
			if status != http.StatusBadRequest || body.Field != "format" || len(body.Allowed) != 2 {
				t.Fatalf("got %q, %d %+v; want a 400 naming format with usebio and pbn", got, status, body)
			}
		})
	}
}

// TestFileError checks that a file's error names where it is in the field
// and what was expected in the message (msg: the message's end), as a 422.
func TestFileError(t *testing.T) {
	for _, tc := range []struct {
		name       string
		err        error
		field, msg string
	}{
		{"line and element", &reports.FileError{Format: "USEBIO", Line: 12, Element: "BOARD/TRAVELLER_LINE/SCORE", Value: "431", Expected: "the score 430"},
			"file: line 12 BOARD/TRAVELLER_LINE/SCORE", `file: USEBIO line 12: BOARD/TRAVELLER_LINE/SCORE "431": expected the score 430`},
		{"a line only", &reports.FileError{Format: "PBN", Line: 3, Expected: "a tag"},
			"file: line 3", "expected a tag"},
		{"an element only", &reports.FileError{Format: "PBN", Element: "[Board]", Expected: "at least one game"},
			"file: [Board]", "[Board]: expected at least one game"},
		{"not a FileError", errors.New("the encoding \"EBCDIC\" is not one traveler reads"),
			"file", `file: not a USEBIO file traveler can read: the encoding "EBCDIC" is not one traveler reads`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, internal := Answer(fileError(formatUSEBIO, tc.err))
			if status != http.StatusUnprocessableEntity || internal || body.Field != tc.field ||
				!strings.HasPrefix(body.Error, "file: ") || !strings.HasSuffix(body.Error, tc.msg) {
				t.Errorf("got %d %+v (internal %v); want 422 field %q, error %q", status, body, internal, tc.field, tc.msg)
			}
		})
	}
}
