package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestImportOptions checks how POST /v1/events/import reads its query
// and Content-Type into the reader's options: ?format= first, then an XML
// or PBN Content-Type (else the reader sniffs the body); every other
// parameter checked, a bad one a 400 naming it with what is allowed.
func TestImportOptions(t *testing.T) {
	for _, tc := range []struct {
		name, query, contentType string
		want                     reports.ReadOptions
		field                    string // the 400's field; "" when accepted
	}{
		{"format usebio", "format=usebio", "text/plain", reports.ReadOptions{Format: reports.FormatUSEBIO}, ""},
		{"format PBN, any case", "format=PBN", "application/xml", reports.ReadOptions{Format: reports.FormatPBN}, ""},
		{"format unknown", "format=csv", "", reports.ReadOptions{}, "format"},
		{"application/xml", "", "application/xml", reports.ReadOptions{Format: reports.FormatUSEBIO}, ""},
		{"text/xml with a charset", "", "text/xml; charset=ISO-8859-1", reports.ReadOptions{Format: reports.FormatUSEBIO}, ""},
		{"application/x-pbn", "", "application/x-pbn", reports.ReadOptions{Format: reports.FormatPBN}, ""},
		{"octet-stream: sniffed", "", "application/octet-stream", reports.ReadOptions{}, ""},
		{"every option", "method=cross_imp&name=Club%20night&date=2026-11-24&encoding=iso-8859-2&strict=true", "",
			reports.ReadOptions{Method: tournament.MethodCrossIMP, Name: "Club night", Date: "2026-11-24", Encoding: "iso-8859-2", Strict: true}, ""},
		{"bad method", "method=HOWELL", "", reports.ReadOptions{}, "method"},
		{"bad date", "date=24/11/2026", "", reports.ReadOptions{}, "date"},
		{"bad encoding", "encoding=EBCDIC", "", reports.ReadOptions{}, "encoding"},
		{"bad strict", "strict=yes", "", reports.ReadOptions{}, "strict"},
		{"unknown parameter", "colour=red", "", reports.ReadOptions{}, "colour"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/v1/events/import?"+tc.query, strings.NewReader(""))
			if tc.contentType != "" {
				req.Header.Set(echo.HeaderContentType, tc.contentType)
			}
			got, err := readOptions(echo.New().NewContext(req, httptest.NewRecorder()))
			if tc.field == "" {
				if err != nil || got != tc.want {
					t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
				}
				return
			}
			status, body, _ := Answer(err)
			if status != http.StatusBadRequest || body.Field != tc.field || len(body.Allowed) == 0 {
				t.Fatalf("got %d %+v; want a 400 naming %s with what is allowed", status, body, tc.field)
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
			"file", `file: not a results file traveler can read: the encoding "EBCDIC" is not one traveler reads`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, internal := Answer(fileError(tc.err))
			if status != http.StatusUnprocessableEntity || internal || body.Field != tc.field ||
				!strings.HasPrefix(body.Error, "file: ") || !strings.HasSuffix(body.Error, tc.msg) {
				t.Errorf("got %d %+v (internal %v); want 422 field %q, error %q", status, body, internal, tc.field, tc.msg)
			}
		})
	}
}
