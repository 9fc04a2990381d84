package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// A sheet's rows are encoded here as excelize's StreamWriter encodes them
// (SetRow, writeCell, trimCellValue and bstrMarshal of excelize v2.11.0),
// byte for byte — TestCellsAsExcelize holds them to it — but written
// straight to the workbook's zip. excelize's StreamWriter keeps every
// sheet's rows until the whole file is written, in memory up to 16 MiB a
// sheet (past that in a temporary file): the memory of a workbook grew
// with its event (BENCHMARKS.md).

// appendRow appends row number r of values, as <row r="…">…</row>.
func (b *book) appendRow(dst []byte, r int, values []any) ([]byte, error) {
	if len(values) > excelize.MaxColumns {
		return dst, fmt.Errorf("%d cells: a row holds at most %d", len(values), excelize.MaxColumns)
	}
	dst = append(dst, `<row r="`...)
	dst = strconv.AppendInt(dst, int64(r), 10)
	dst = append(dst, `">`...)
	for i, v := range values {
		if v == nil {
			continue
		}
		var err error
		if dst, err = b.appendCell(dst, i+1, r, v); err != nil {
			return dst, err
		}
	}
	return append(dst, `</row>`...), nil
}

// appendCell appends the cell of column col, row r holding v.
func (b *book) appendCell(dst []byte, col, r int, v any) ([]byte, error) {
	style := 0
	switch c := v.(type) {
	case excelize.Cell:
		style, v = c.StyleID, c.Value
		if c.Formula != "" {
			return dst, errors.New("a formula: cells here hold values only")
		}
	case *excelize.Cell:
		if c != nil {
			style, v = c.StyleID, c.Value
			if c.Formula != "" {
				return dst, errors.New("a formula: cells here hold values only")
			}
		}
	}
	var (
		typ, num string
		text     *string
	)
	switch v := v.(type) {
	case int:
		num = strconv.FormatInt(int64(v), 10)
	case int8:
		num = strconv.FormatInt(int64(v), 10)
	case int16:
		num = strconv.FormatInt(int64(v), 10)
	case int32:
		num = strconv.FormatInt(int64(v), 10)
	case int64:
		num = strconv.FormatInt(v, 10)
	case uint:
		num = strconv.FormatUint(uint64(v), 10)
	case uint8:
		num = strconv.FormatUint(uint64(v), 10)
	case uint16:
		num = strconv.FormatUint(uint64(v), 10)
	case uint32:
		num = strconv.FormatUint(uint64(v), 10)
	case uint64:
		num = strconv.FormatUint(v, 10)
	case float32:
		typ, num, text = cellFloat(float64(v), 32)
	case float64:
		typ, num, text = cellFloat(v, 64)
	case string:
		typ, text = "inlineStr", &v
	case []byte:
		s := string(v)
		typ, text = "inlineStr", &s
	case bool:
		typ, num = "b", "0"
		if v {
			num = "1"
		}
	case nil:
	case time.Time, time.Duration, []excelize.RichTextRun:
		return dst, fmt.Errorf("a %T: not a value this writer holds", v)
	default:
		s := fmt.Sprint(v)
		typ, text = "inlineStr", &s
	}
	dst = append(dst, `<c r="`...)
	dst = appendCellName(dst, col, r)
	dst = append(dst, '"')
	if style != 0 {
		dst = append(dst, ` s="`...)
		dst = strconv.AppendInt(dst, int64(style), 10)
		dst = append(dst, '"')
	}
	if typ != "" {
		dst = append(dst, ` t="`...)
		dst = append(dst, typ...)
		dst = append(dst, '"')
	}
	dst = append(dst, '>')
	if num != "" {
		dst = append(dst, `<v>`...)
		dst = append(dst, num...) // digits, '-', '.', 'e': nothing to escape
		dst = append(dst, `</v>`...)
	}
	if text != nil {
		dst = b.appendInlineText(dst, *text)
	}
	return append(dst, `</c>`...), nil
}

// cellFloat is a number cell's value, or for NaN and the infinities, which
// a number cell cannot hold, their names as text.
func cellFloat(f float64, bits int) (typ, num string, text *string) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s := fmt.Sprint(f)
		return "inlineStr", "", &s
	}
	return "", strconv.FormatFloat(f, 'f', -1, bits), nil
}

// appendCellName appends a cell's name, e.g. "AB12".
func appendCellName(dst []byte, col, r int) []byte {
	var letters [3]byte // excelize.MaxColumns is 16,384: "XFD"
	i := len(letters)
	for ; col > 0 && i > 0; col = (col - 1) / 26 {
		i--
		letters[i] = byte('A' + (col-1)%26)
	}
	dst = append(dst, letters[i:]...)
	return strconv.AppendInt(dst, int64(r), 10)
}

// appendInlineText appends a text cell's <is><t>…</t></is>: cut to Excel's
// 32,767 characters (UTF-16 units), xml:space="preserve" when it starts or
// ends with a space, tab or line break, escaped for XML (line breaks kept
// as they are), and then OOXML's own escape of what reads as _xHHHH_.
func (b *book) appendInlineText(dst []byte, s string) []byte {
	if len(s) > excelize.TotalCellChars { // a UTF-16 unit takes at least a byte of UTF-8
		s = cutUTF16(s, excelize.TotalCellChars)
	}
	dst = append(dst, `<is><t`...)
	if s != "" && (isXMLSpace(s[0]) || isXMLSpace(s[len(s)-1])) {
		dst = append(dst, ` xml:space="preserve"`...)
	}
	dst = append(dst, '>')
	if plainText(s) {
		dst = append(dst, s...)
	} else {
		b.text.Reset()
		_ = xml.EscapeText(&b.text, []byte(s)) // a bytes.Buffer does not fail
		esc := strings.ReplaceAll(b.text.String(), "&#xA;", "\n")
		dst = append(dst, ooxmlEscape(esc)...)
	}
	return append(dst, `</t></is>`...)
}

// isXMLSpace reports whether c is a space, tab, line feed or carriage
// return.
func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// plainText reports whether s is printable ASCII with nothing to escape in
// XML or OOXML (no '&', '<', '>', quotes or '_').
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f:
			return false
		case c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' || c == '_':
			return false
		}
	}
	return true
}

// cutUTF16 cuts s to at most n UTF-16 units, at a character's start.
func cutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		if units += utf16.RuneLen(r); units > n {
			return s[:i]
		}
	}
	return s
}

var (
	// ooxmlHex is a character written as OOXML's _xHHHH_.
	ooxmlHex = regexp.MustCompile(`_x[a-fA-F\d]{4}_`)
	// ooxmlHexTail is what follows the _ of an escaped "_x005F_".
	ooxmlHexTail = regexp.MustCompile(`x[a-fA-F\d]{4}_`)
)

// ooxmlEscape escapes text that a reader would take for OOXML's _xHHHH_
// (a character by its code), as excelize's bstrMarshal does: "_x0041_"
// is kept as text by writing its underscore as _x005F_.
func ooxmlEscape(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var out strings.Builder
	cursor := 0
	for _, m := range ooxmlHex.FindAllStringIndex(s, -1) {
		out.WriteString(s[cursor:m[0]])
		sub := s[m[0]:m[1]]
		if sub == "_x005F_" {
			cursor = m[1]
			if m[1]+6 <= len(s) && ooxmlHexTail.MatchString(s[m[1]:m[1]+6]) {
				if _, err := strconv.Unquote(`"\u` + s[m[1]+1:m[1]+5] + `"`); err == nil {
					out.WriteString(sub + "x005F" + sub)
					continue
				}
			}
			out.WriteString(sub + "x005F_")
			continue
		}
		cursor = m[1]
		if _, err := strconv.Unquote(`"\u` + s[m[0]+2:m[1]-1] + `"`); err == nil {
			out.WriteString("_x005F" + sub)
		}
	}
	if cursor < len(s) {
		out.WriteString(s[cursor:])
	}
	return out.String()
}

// frame is the XML of a sheet part around its rows.
type frame struct{ head, tail string }

// frames are the frames sheetFrame has made, by frameKey.
var frames sync.Map

// sheetFrame returns the XML excelize's StreamWriter writes around a
// sheet's rows — the worksheet's namespaces, page set up landscape and one
// page wide, the header row frozen when frozen, the column widths — for the
// workbook's first sheet (the one selected) or another. It is excelize's
// own, taken from an empty sheet it writes.
func sheetFrame(first, frozen bool, widths []float64) (frame, error) {
	key := fmt.Sprint(first, frozen, widths)
	if fr, ok := frames.Load(key); ok {
		return fr.(frame), nil
	}
	f := excelize.NewFile()
	defer f.Close()
	name, part := "Sheet1", "xl/worksheets/sheet1.xml"
	if !first {
		name, part = "Sheet2", "xl/worksheets/sheet2.xml"
		if _, err := f.NewSheet(name); err != nil {
			return frame{}, err
		}
	}
	landscape, wide, tall, fit := "landscape", 1, 0, true
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Orientation: &landscape, FitToWidth: &wide, FitToHeight: &tall}); err != nil {
		return frame{}, fmt.Errorf("page layout: %w", err)
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return frame{}, fmt.Errorf("fit to page: %w", err)
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return frame{}, err
	}
	for i, w := range widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return frame{}, fmt.Errorf("column %d width: %w", i+1, err)
		}
	}
	if frozen {
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return frame{}, fmt.Errorf("freezing the header: %w", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return frame{}, err
	}
	c := &onePart{name: part}
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return c })
	if err := f.Write(io.Discard); err != nil {
		return frame{}, err
	}
	head, tail, ok := strings.Cut(c.buf.String(), "<sheetData></sheetData>")
	if !ok {
		return frame{}, fmt.Errorf("excelize's empty sheet %s has no <sheetData></sheetData>", part)
	}
	fr := frame{head: head + "<sheetData>", tail: "</sheetData>" + tail}
	frames.Store(key, fr)
	return fr, nil
}

// onePart is a zip that keeps one part and drops the rest.
type onePart struct {
	name string
	buf  bytes.Buffer
}

// Create keeps the part named name.
func (o *onePart) Create(name string) (io.Writer, error) {
	if name == o.name {
		return &o.buf, nil
	}
	return io.Discard, nil
}

// AddFS drops the files.
func (o *onePart) AddFS(fs.FS) error { return nil }

// Close does nothing.
func (o *onePart) Close() error { return nil }
