package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestMovementCommand reads the .ASC format's own example
// (http://www.pjms.nl/movementfile_standard.html: 14 pairs, 7 tables, 6
// rounds; its second line's table 6 "1-10 F", group F being boards 11-12 at
// 2 a group) and refuses a file where pairs 1 and 2 meet again, naming the
// line, round and table, exit status 1.
func TestMovementCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"movement", "../../tournament/movement/testdata/pjms_example.asc"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"14 pairs at 7 tables play 12 boards in 6 rounds", "T6 1-10 b11-12", "each board played 7 times"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	errb.Reset()
	bad := strings.NewReader("4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n")
	if code := run(context.Background(), []string{"movement", "-"}, bad, &out, &errb); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if want := "movement.file: line 4: round 3, table 1: pairs 2 and 1 meet again"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q lacks %q", errb.String(), want)
	}
}
