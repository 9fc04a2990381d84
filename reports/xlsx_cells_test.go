package reports

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// excelizeRows writes rows with excelize's own StreamWriter, from row 1,
// and returns what it puts between <sheetData> and </sheetData>.
func excelizeRows(t testing.TB, rows [][]any) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, r); err != nil {
			t.Fatalf("excelize, row %d: %v", i+1, err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	c := &onePart{name: "xl/worksheets/sheet1.xml"}
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return c })
	if err := f.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(c.buf.String(), "<sheetData>")
	data, _, _ := strings.Cut(rest, "</sheetData>")
	return data
}

// ourRows encodes rows as the workbook writer does, from row 1.
func ourRows(t testing.TB, rows [][]any) string {
	t.Helper()
	b := &book{}
	var out []byte
	for i, r := range rows {
		var err error
		if out, err = b.appendRow(out, i+1, r); err != nil {
			t.Fatalf("row %d: %v", i+1, err)
		}
	}
	return string(out)
}

// TestCellsAsExcelize: the rows the workbook writer encodes are the bytes
// excelize's StreamWriter would write for them — every kind of value, the
// awkward strings of TestWorkbookGolden, and columns past Z.
func TestCellsAsExcelize(t *testing.T) {
	rows := awkwardSheet().Rows
	rows = append(rows,
		[]any{float32(1.1), float32(math.Inf(-1)), uint(1), uint16(2), uint32(3), uint64(math.MaxUint64), int8(-8), int16(-16)},
		[]any{[]byte("bytes & <b>"), struct{ A int }{4}, excelize.Cell{StyleID: 2}, &excelize.Cell{StyleID: 3, Value: "by pointer"}, (*excelize.Cell)(nil)},
		[]any{"", " ", "\n", "_", "_x", "_x00", "_x0000_", "_X0041_", "__x0041__", "_x005F_x005F_", "_x005F_", "_x005F_x12"},
		[]any{strings.Repeat("é", 20000), strings.Repeat("😀", 16384), strings.Repeat("x", 32767) + " ", strings.Repeat("\n", 40000)},
		[]any{"bad \xff utf-8", "\uFFFE\uFFFF not characters", "\x1b[0m", "tab\tinside", "a\r\nb"},
		append(make([]any, 27), "AB", nil, "AD"),
		append(make([]any, 702), "AAA"),
	)
	got, want := ourRows(t, rows), excelizeRows(t, rows)
	if got != want {
		for i := 0; i < len(got) && i < len(want); i++ {
			if got[i] != want[i] {
				lo := max(0, i-80)
				t.Fatalf("the rows differ from excelize's at byte %d:\n ours: …%s…\nexcelize: …%s…", i, got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
			}
		}
		t.Fatalf("the rows differ from excelize's in length: %d bytes, excelize %d", len(got), len(want))
	}
}

// TestCellsRefused: a formula, a time and a row past Excel's last column
// are refused rather than written in a form of their own.
func TestCellsRefused(t *testing.T) {
	b := &book{}
	for _, row := range [][]any{
		{excelize.Cell{Formula: "SUM(A1:A2)"}},
		{excelize.Cell{Value: math.Pi}, &excelize.Cell{Formula: "A1"}},
		{excelize.Cell{Value: []excelize.RichTextRun{{Text: "rich"}}}},
		make([]any, excelize.MaxColumns+1),
	} {
		if _, err := b.appendRow(nil, 1, row); err == nil {
			t.Errorf("row %v: written, want an error", row[:min(len(row), 2)])
		}
	}
}

// FuzzCellText holds a text cell to excelize's encoding of it, whatever
// the text.
func FuzzCellText(f *testing.F) {
	for _, r := range awkwardSheet().Rows {
		for _, v := range r {
			if s, ok := v.(string); ok {
				f.Add(s)
			}
		}
	}
	f.Add("_x005F_x0041_")
	f.Fuzz(func(t *testing.T, s string) {
		rows := [][]any{{s, "x" + s, s + " "}}
		if got, want := ourRows(t, rows), excelizeRows(t, rows); got != want {
			t.Fatalf("%q:\n ours: %s\nexcelize: %s", s, got, want)
		}
	})
}
