package reports

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/tournament"
)

// Sheet is an extra sheet of a workbook: a header row and rows of values
// (string, int, float64, bool, nil or an excelize.Cell of one), e.g. a
// comparative report.
type Sheet struct {
	Name   string
	Header []string
	Rows   [][]any
	// Each, when not nil, makes the rows instead of Rows, as the sheet is
	// written: it calls add once a row, in order, and returns add's first
	// error, so that a long sheet is never held whole.
	Each func(add func(row []any) error) error
}

// WriteWorkbook writes an event as one xlsx workbook to w: the sheets
// Standings, Travelers, Scorecards and Frequencies, Double dummy when a
// board has its analysis, Players (names and membership numbers) when a
// pair or team names its players, then each extra sheet.
// Every row goes out to w, compressed, as it is made: a sheet is one zip
// part written from its first row to its last, and nothing of a sheet is
// kept once written, so the writer's memory does not grow with the event.
// A sheet that outgrows Excel's 1,048,576 rows continues on a sheet named
// with a number ("Travelers 2"). The zip is closed only when every part is
// written: after an error what w has received is not a workbook.
func WriteWorkbook(w io.Writer, d tournament.EventData, extra ...Sheet) error {
	b, err := newBook(w)
	if err != nil {
		return err
	}
	defer b.f.Close()
	if err := writeStandings(b, &d); err != nil {
		return err
	}
	if err := writeTravelers(b, &d); err != nil {
		return err
	}
	if err := writeScorecards(b, &d); err != nil {
		return err
	}
	if err := writeFrequencies(b, &d); err != nil {
		return err
	}
	names := map[string]bool{"Standings": true, "Travelers": true, "Scorecards": true, "Frequencies": true}
	if hasAnalyses(&d) {
		if err := writeDoubleDummy(b, &d); err != nil {
			return err
		}
		names[doubleDummySheet] = true
	}
	if hasPlayers(&d) {
		if err := writePlayers(b, &d); err != nil {
			return err
		}
		names[playersSheet] = true
	}
	for i := range extra {
		x := &extra[i]
		if names[x.Name] {
			return fmt.Errorf("xlsx: extra sheet %d: name %q is already used: each sheet needs its own name", i, x.Name)
		}
		names[x.Name] = true
		if err := writeExtra(b, x); err != nil {
			return fmt.Errorf("xlsx: extra sheet %d (%q): %w", i, x.Name, err)
		}
	}
	return b.close()
}

// styles are the cell styles of a workbook.
type styles struct {
	header int // bold on a grey fill: a table's column headings
	title  int // bold: a block's title
	points int // 0.00: points and percentages
}

// newStyles adds the workbook's styles.
func newStyles(f *excelize.File) (styles, error) {
	var s styles
	var err error
	if s.header, err = f.NewStyle(&excelize.Style{
		Font:   &excelize.Font{Bold: true},
		Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9E1F2"}},
		Border: []excelize.Border{{Type: "bottom", Color: "808080", Style: 1}},
	}); err != nil {
		return s, fmt.Errorf("xlsx: header style: %w", err)
	}
	if s.title, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 12}}); err != nil {
		return s, fmt.Errorf("xlsx: title style: %w", err)
	}
	if s.points, err = f.NewStyle(&excelize.Style{NumFmt: 2}); err != nil { // built-in 2: "0.00"
		return s, fmt.Errorf("xlsx: points style: %w", err)
	}
	return s, nil
}

// book is a workbook being written to a zip, sheet after sheet. f is
// excelize's model of the workbook without its rows: the styles, the sheet
// names, and at the end every part but the sheets.
type book struct {
	zw    *zip.Writer
	f     *excelize.File
	st    styles
	parts map[string]bool // the sheet parts written, by zip name
	row   []byte          // the row being encoded
	text  bytes.Buffer    // a string being escaped
}

// newBook starts a workbook on w.
func newBook(w io.Writer) (*book, error) {
	f := excelize.NewFile()
	st, err := newStyles(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &book{zw: zip.NewWriter(w), f: f, st: st, parts: map[string]bool{}}, nil
}

// addSheet names the workbook's next sheet and returns the zip name of its
// part: excelize's xl/worksheets/sheetN.xml, N counting sheets from 1.
func (b *book) addSheet(name string) (string, error) {
	if i, _ := b.f.GetSheetIndex(name); i >= 0 && len(b.parts) > 0 {
		return "", fmt.Errorf("xlsx: sheet %q: the workbook has a sheet of that name already", name)
	}
	n := len(b.parts) + 1
	if n == 1 {
		if err := b.f.SetSheetName("Sheet1", name); err != nil {
			return "", fmt.Errorf("xlsx: sheet %q: %w", name, err)
		}
	} else if _, err := b.f.NewSheet(name); err != nil {
		return "", fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	if got := b.f.GetSheetMap()[n]; got != name {
		return "", fmt.Errorf("xlsx: sheet %q: excelize numbers it otherwise (sheet %d is %q)", name, n, got)
	}
	part := "xl/worksheets/sheet" + strconv.Itoa(n) + ".xml"
	b.parts[part] = true
	return part, nil
}

// close writes the parts excelize makes (the workbook, its relations,
// styles, theme and properties) after the sheets, then the zip's
// directory.
func (b *book) close() error {
	b.f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return &restOfBook{b} })
	if err := b.f.Write(io.Discard); err != nil {
		return fmt.Errorf("xlsx: writing the workbook: %w", err)
	}
	if err := b.zw.Close(); err != nil {
		return fmt.Errorf("xlsx: writing the workbook: %w", err)
	}
	return nil
}

// restOfBook is the zip excelize writes the workbook's own parts to: they
// go to the book's zip, except the sheets', which the book has written
// already (excelize's are empty).
type restOfBook struct{ b *book }

// Create starts a part, or skips a sheet's.
func (r *restOfBook) Create(name string) (io.Writer, error) {
	if strings.HasPrefix(name, "xl/worksheets/") {
		if !r.b.parts[name] {
			return nil, fmt.Errorf("xlsx: excelize writes %s, a sheet that was not written", name)
		}
		return io.Discard, nil
	}
	return r.b.zw.Create(name)
}

// AddFS adds the files of fsys.
func (r *restOfBook) AddFS(fsys fs.FS) error { return r.b.zw.AddFS(fsys) }

// Close does nothing: the book closes its zip once excelize is done, and
// not when excelize fails.
func (r *restOfBook) Close() error { return nil }

// sheet is one sheet being written, continued on numbered sheets when it
// reaches Excel's last row.
type sheet struct {
	b      *book
	base   string    // the first part's name
	part   int       // 1 for the first part
	header []string  // the frozen header row of every part; nil for none
	widths []float64 // column widths from column A
	w      io.Writer // the current part in the zip
	tail   string    // what closes the current part
	row    int       // the last row written or skipped
}

// newSheet opens a sheet's first part.
func (b *book) newSheet(name string, header []string, widths []float64) (*sheet, error) {
	s := &sheet{b: b, base: name, header: header, widths: widths}
	return s, s.open()
}

// name returns the current part's sheet name.
func (s *sheet) name() string {
	if s.part <= 1 {
		return s.base
	}
	return fmt.Sprintf("%s %d", s.base, s.part)
}

// open starts the next part: page set up landscape and one page wide,
// column widths, and the header row frozen (see sheetFrame).
func (s *sheet) open() error {
	s.part++
	name := s.name()
	zipName, err := s.b.addSheet(name)
	if err != nil {
		return err
	}
	fr, err := sheetFrame(zipName == "xl/worksheets/sheet1.xml", s.header != nil, s.widths)
	if err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	if s.w, err = s.b.zw.Create(zipName); err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	if _, err := io.WriteString(s.w, fr.head); err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	s.tail, s.row = fr.tail, 0
	if s.header == nil {
		return nil
	}
	return s.headerRow(s.header)
}

// reserve makes room for a block of n rows on the current part, starting
// the next part when it would run past Excel's last row.
func (s *sheet) reserve(n int) error {
	if s.row+n <= excelize.TotalRows {
		return nil
	}
	top := 0
	if s.header != nil {
		top = 1
	}
	if n+top > excelize.TotalRows {
		return fmt.Errorf("xlsx: sheet %q: a block of %d rows does not fit on one sheet: at most %d", s.base, n, excelize.TotalRows-top)
	}
	if err := s.flush(); err != nil {
		return err
	}
	return s.open()
}

// add writes the next row, its cells from column A; a nil value leaves a
// cell out.
func (s *sheet) add(values []any) error {
	s.row++
	if s.row > excelize.TotalRows {
		return fmt.Errorf("xlsx: sheet %q: row %d is past Excel's last row, %d", s.name(), s.row, excelize.TotalRows)
	}
	row, err := s.b.appendRow(s.b.row[:0], s.row, values)
	s.b.row = row
	if err != nil {
		return fmt.Errorf("xlsx: sheet %q row %d: %w", s.name(), s.row, err)
	}
	if _, err := s.w.Write(row); err != nil {
		return fmt.Errorf("xlsx: sheet %q row %d: %w", s.name(), s.row, err)
	}
	return nil
}

// headerRow writes a row of column headings in the header style.
func (s *sheet) headerRow(h []string) error {
	vals := make([]any, len(h))
	for i, v := range h {
		vals[i] = excelize.Cell{StyleID: s.b.st.header, Value: v}
	}
	return s.add(vals)
}

// titleRow writes a block's title in the title style.
func (s *sheet) titleRow(values ...any) error {
	vals := make([]any, len(values))
	for i, v := range values {
		vals[i] = excelize.Cell{StyleID: s.b.st.title, Value: v}
	}
	return s.add(vals)
}

// skip leaves a row empty.
func (s *sheet) skip() { s.row++ }

// pts is a points or percentage cell, shown with two decimals.
func (s *sheet) pts(v float64) excelize.Cell {
	return excelize.Cell{StyleID: s.b.st.points, Value: v}
}

// flush ends the current part.
func (s *sheet) flush() error {
	if _, err := io.WriteString(s.w, s.tail); err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", s.name(), err)
	}
	return nil
}

// writeExtra writes an extra sheet: its header frozen, then its rows.
func writeExtra(b *book, x *Sheet) error {
	s, err := b.newSheet(x.Name, x.Header, nil)
	if err != nil {
		return err
	}
	add := func(r []any) error {
		if err := s.reserve(1); err != nil {
			return err
		}
		return s.add(r)
	}
	if x.Each != nil {
		err = x.Each(add)
	} else {
		for _, r := range x.Rows {
			if err = add(r); err != nil {
				break
			}
		}
	}
	if err != nil {
		return err
	}
	return s.flush()
}
