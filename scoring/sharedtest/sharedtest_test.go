package sharedtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// fatalTB is a testing.TB whose Fatal stops the function and keeps the
// message, to test what Dir says when it fails.
type fatalTB struct {
	testing.TB
	msg string
}

type stop struct{}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	panic(stop{})
}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(stop{})
}

// dir calls sharedtest.Dir with a fatalTB and returns its answer and its
// fatal message ("" when it did not fail).
func dir(t *testing.T) (string, string) {
	f := &fatalTB{TB: t}
	var got string
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stop); !ok {
					panic(r)
				}
			}
		}()
		got = sharedtest.Dir(f)
	}()
	return got, f.msg
}

// mkdir makes the folder elem names below root and returns it.
func mkdir(t *testing.T, root string, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{root}, elem...)...)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDirFromEnv: TRAVELER_TESTDATA may name the testdata folder itself or
// a folder holding shared/testdata; a missing folder fails the test saying
// so.
func TestDirFromEnv(t *testing.T) {
	root := t.TempDir()
	data := mkdir(t, root, "shared", "testdata")
	plain := mkdir(t, root, "elsewhere")
	missing := filepath.Join(root, "nowhere")
	for _, tc := range []struct{ env, want, fatal string }{
		{data, data, ""},
		{plain, plain, ""},
		{root, data, ""},
		{missing, "", sharedtest.Env + `="` + missing + `" is not a directory`},
	} {
		t.Setenv(sharedtest.Env, tc.env)
		got, msg := dir(t)
		if got != tc.want || !strings.Contains(msg, tc.fatal) || (tc.fatal == "") != (msg == "") {
			t.Errorf("%s=%s: Dir = %q, fatal %q; want %q, fatal %q", sharedtest.Env, tc.env, got, msg, tc.want, tc.fatal)
		}
	}
}

// TestDirWalksUp: without the variable, Dir finds shared/testdata in a
// folder above the working directory, and fails saying where it looked and
// how to set the variable when there is none.
func TestDirWalksUp(t *testing.T) {
	t.Setenv(sharedtest.Env, "")
	root := t.TempDir()
	data := mkdir(t, root, "shared", "testdata")
	t.Chdir(mkdir(t, root, "main", "reports"))
	if got, msg := dir(t); got != data || msg != "" {
		t.Errorf("Dir = %q, fatal %q; want %q", got, msg, data)
	}
	if got := sharedtest.Path(t, "usebio/mp_pairs_howell.xml"); got != filepath.Join(data, "usebio", "mp_pairs_howell.xml") {
		t.Errorf("Path = %q", got)
	}

	lost := t.TempDir()
	t.Chdir(lost)
	got, msg := dir(t)
	if msg == "" {
		t.Skipf("the temporary folder has a shared/testdata above it: %s", got)
	}
	for _, want := range []string{"shared test data not found", filepath.Join(lost, "shared", "testdata"), sharedtest.Env + "="} {
		if !strings.Contains(msg, want) {
			t.Errorf("fatal %q does not say %q", msg, want)
		}
	}
}
