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
}
