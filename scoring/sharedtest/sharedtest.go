// Package sharedtest finds the shared test data (../shared/testdata: real
// results files, hand records, published movements) for the tests of every
// package. It imports the standard library only, so that scoring's tests may
// use it too.
package sharedtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Env names the variable that points at the shared test data when it is not
// beside the repository: the shared/testdata folder itself, or a folder
// holding shared/testdata.
const Env = "TRAVELER_TESTDATA"

// Dir returns the shared/testdata folder: the one $TRAVELER_TESTDATA names
// (or the shared/testdata under it), else the first shared/testdata found
// walking up from the working directory. It fails the test, never skips it,
// when there is none, saying where it looked and how to set the variable.
func Dir(t testing.TB) string {
	t.Helper()
	if dir := os.Getenv(Env); dir != "" {
		if sub := filepath.Join(dir, "shared", "testdata"); isDir(sub) {
			return sub
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			t.Fatalf("%s=%q is not a directory (%v); set it to the shared/testdata directory", Env, dir, err)
		}
		return dir
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var looked []string
	for dir := wd; ; {
		cand := filepath.Join(dir, "shared", "testdata")
		looked = append(looked, cand)
		if isDir(cand) {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	t.Fatalf("shared test data not found: looked for shared/testdata in every directory from %s up to the root:\n  %s\n"+
		"clone the shared data beside the repository, or set %s to the shared/testdata directory, e.g.\n"+
		"  %s=/path/to/shared/testdata go test ./...",
		wd, strings.Join(looked, "\n  "), Env, Env)
	return ""
}

// Path returns the file or folder elem names below Dir (elements may hold
// slashes: "usebio/mp_pairs_howell.xml").
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	return filepath.Join(append([]string{Dir(t)}, elem...)...)
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
