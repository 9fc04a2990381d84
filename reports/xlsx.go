package reports

import (
	"archive/zip"
	"fmt"
	"io"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/tournament"
)

// Sheet is an extra sheet of a workbook: a header row and rows of values
// (string, int, float64, bool or nil), e.g. a comparative report.
type Sheet struct {
	Name   string
	Header []string
	Rows   [][]any
}

// WriteWorkbook writes an event as one xlsx workbook to w: the sheets
// Standings, Travelers, Scorecards and Frequencies, then each extra sheet.
// Every sheet is streamed, so a large event is never held as cells in
// memory; a sheet that outgrows Excel's 1,048,576 rows continues on a
// sheet named with a number ("Travelers 2").
func WriteWorkbook(w io.Writer, d tournament.EventData, extra ...Sheet) (err error) {
	f := excelize.NewFile()
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("xlsx: closing the workbook: %w", cerr)
		}
	}()
	st, err := newStyles(f)
	if err != nil {
		return err
	}
	b := &book{f: f, st: st, first: true}
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
	for i, x := range extra {
		if names[x.Name] {
			return fmt.Errorf("xlsx: extra sheet %d: name %q is already used: each sheet needs its own name", i, x.Name)
		}
		names[x.Name] = true
		if err := writeExtra(b, &x); err != nil {
			return fmt.Errorf("xlsx: extra sheet %d (%q): %w", i, x.Name, err)
		}
	}
	// The zip is written straight to w rather than built in memory first.
	zw := zip.NewWriter(w)
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zw })
	if err := f.Write(io.Discard); err != nil {
		return fmt.Errorf("xlsx: writing the workbook: %w", err)
	}
	return nil
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

// book is a workbook being written, sheet after sheet.
type book struct {
	f     *excelize.File
	st    styles
	first bool // the next sheet takes over the new file's "Sheet1"
}

// sheet is one streamed sheet, continued on numbered sheets when it
// reaches Excel's last row.
type sheet struct {
	b      *book
	base   string    // the first part's name
	part   int       // 1 for the first part
	header []string  // the frozen header row of every part; nil for none
	widths []float64 // column widths from column A
	sw     *excelize.StreamWriter
	row    int // the last row written or skipped
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
// column widths, and the header row frozen.
func (s *sheet) open() error {
	s.part++
	name := s.name()
	f := s.b.f
	if s.b.first {
		if err := f.SetSheetName("Sheet1", name); err != nil {
			return fmt.Errorf("xlsx: sheet %q: %w", name, err)
		}
		s.b.first = false
	} else if _, err := f.NewSheet(name); err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	landscape, wide, tall, fit := "landscape", 1, 0, true
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Orientation: &landscape, FitToWidth: &wide, FitToHeight: &tall}); err != nil {
		return fmt.Errorf("xlsx: sheet %q: page layout: %w", name, err)
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return fmt.Errorf("xlsx: sheet %q: fit to page: %w", name, err)
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("xlsx: sheet %q: %w", name, err)
	}
	s.sw, s.row = sw, 0
	for i, w := range s.widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return fmt.Errorf("xlsx: sheet %q: column %d width: %w", name, i+1, err)
		}
	}
	if s.header == nil {
		return nil
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return fmt.Errorf("xlsx: sheet %q: freezing the header: %w", name, err)
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

// add writes the next row.
func (s *sheet) add(values []any, opts ...excelize.RowOpts) error {
	s.row++
	cell, err := excelize.CoordinatesToCellName(1, s.row)
	if err != nil {
		return fmt.Errorf("xlsx: sheet %q row %d: %w", s.name(), s.row, err)
	}
	if err := s.sw.SetRow(cell, values, opts...); err != nil {
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
	if err := s.sw.Flush(); err != nil {
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
	for _, r := range x.Rows {
		if err := s.reserve(1); err != nil {
			return err
		}
		if err := s.add(r); err != nil {
			return err
		}
	}
	return s.flush()
}
