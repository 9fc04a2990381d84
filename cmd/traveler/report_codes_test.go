package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestReportCodesArgs: --with belongs to the codes report only, and names
// another event (an id of 1 or more) or a results file; each refusal names
// --with and exits 2.
func TestReportCodesArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "laws", "--from", "x.pbn", "--with", "2"}, "--with: only the codes report compares with another event"},
		{[]string{"report", "codes", "--from", "x.pbn", "--with", ""}, "--with: empty"},
		{[]string{"report", "codes", "--from", "x.pbn", "--with", "0"}, "--with 0: must be an event's id, 1 or more"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
