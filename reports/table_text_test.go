package reports

import (
	"strings"
	"testing"
)

// TestWriteText prints a part of each kind: lines, a table aligned left
// (the last column unpadded), a table aligned right (every cell closed),
// lines after; cells as TextCell writes them.
func TestWriteText(t *testing.T) {
	var b strings.Builder
	err := WriteText(&b, []TextPart{
		{Lines: []string{"Title", ""}, Table: &Sheet{Header: []string{"Name", "N", "Points"}, Rows: [][]any{{"Ann", 12, 3.456}, {"Bob", nil, -0.5}}}},
		{Lines: []string{""}, Table: &Sheet{Header: []string{"a", "bb"}, Rows: [][]any{{true, int64(100)}}}, Right: true, After: []string{"end"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "Title\n\n" +
		"Name  N   Points\n" +
		"Ann   12  3.46\n" +
		"Bob       -0.5\n" +
		"\n" +
		"    a   bb\n" +
		"  yes  100\n" +
		"end\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if got := TextCell(Count{N: 3, Share: 12.5}); got != "3 (12.50%)" {
		t.Errorf("TextCell(Count) = %q, want its String", got)
	}
	// A sheet whose rows Each makes prints as the same rows in Rows.
	rows := [][]any{{"x", 1}, {"yy", 22.5}}
	var fromRows, fromEach strings.Builder
	WriteText(&fromRows, []TextPart{{Table: &Sheet{Header: []string{"A", "B"}, Rows: rows}}})
	WriteText(&fromEach, []TextPart{{Table: &Sheet{Header: []string{"A", "B"}, Each: func(add func([]any) error) error {
		for _, r := range rows {
			if err := add(r); err != nil {
				return err
			}
		}
		return nil
	}}}})
	if fromRows.String() != fromEach.String() || fromRows.String() != "A   B\nx   1\nyy  22.5\n" {
		t.Errorf("Rows printed %q, Each %q", fromRows.String(), fromEach.String())
	}
}
