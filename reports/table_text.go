package reports

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/xuri/excelize/v2"
)

// TextPart is a piece of a report printed as text: lines, then a table when
// Table is set, then more lines. The table is the workbook's model, a
// Sheet (a header and rows of cells; its Name is not printed), so that a
// report is laid out as cells once and printed as a sheet or as text.
type TextPart struct {
	Lines []string // printed before the table, one a line ("" an empty line)
	Table *Sheet   // the header (none when empty) and the rows (Rows, or those Each makes)
	Right bool     // the table's columns aligned right, every cell closed (a column rule at the end of each row)
	After []string // printed after the table, one a line
}

// WriteText prints a report's parts as text: the lines as they are, a
// table's columns two spaces apart (text/tabwriter), each cell as
// TextCell writes it.
func WriteText(w io.Writer, parts []TextPart) error {
	bw := bufio.NewWriter(w)
	for _, p := range parts {
		writeLines(bw, p.Lines)
		if p.Table != nil {
			if err := writeTextTable(bw, p.Table, p.Right); err != nil {
				return err
			}
		}
		writeLines(bw, p.After)
	}
	return bw.Flush()
}

// writeLines writes each line and a newline.
func writeLines(w *bufio.Writer, lines []string) {
	for _, l := range lines {
		w.WriteString(l)
		w.WriteByte('\n')
	}
}

// writeTextTable writes a sheet's header and rows in aligned columns.
func writeTextTable(w io.Writer, s *Sheet, right bool) error {
	flags := uint(0)
	if right {
		flags = tabwriter.AlignRight
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', flags)
	row := func(cells []string) {
		line := strings.Join(cells, "\t")
		if right {
			line += "\t"
		}
		io.WriteString(tw, line+"\n")
	}
	if len(s.Header) > 0 {
		row(s.Header)
	}
	cells := []string{}
	add := func(r []any) error {
		cells = cells[:0]
		for _, c := range r {
			cells = append(cells, TextCell(c))
		}
		row(cells)
		return nil
	}
	if s.Each != nil {
		if err := s.Each(add); err != nil {
			return err
		}
	} else {
		for _, r := range s.Rows {
			add(r)
		}
	}
	return tw.Flush()
}

// TextCell writes a sheet's cell as text: a string as it is, an integer in
// decimal, a float64 rounded to 2 decimals without trailing zeros (RoundTo),
// a bool as yes or no, nil as nothing, an excelize.Cell as its value.
func TextCell(v any) string {
	switch c := v.(type) {
	case nil:
		return ""
	case string:
		return c
	case int:
		return strconv.Itoa(c)
	case int64:
		return strconv.FormatInt(c, 10)
	case float64:
		return strconv.FormatFloat(RoundTo(c, 2), 'f', -1, 64)
	case bool:
		if c {
			return "yes"
		}
		return "no"
	case excelize.Cell:
		return TextCell(c.Value)
	case fmt.Stringer:
		return c.String()
	}
	return fmt.Sprint(v)
}
