package main

import (
	"context"
	"os"
	"testing"
)

// TestMain lets this test binary stand in for traveler where serve, run in
// the test's own process, starts itself again (os.Executable) to make a
// report apart (--heavy-apart): run as `make-heavy`, it is that command,
// not the tests.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "make-heavy" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
