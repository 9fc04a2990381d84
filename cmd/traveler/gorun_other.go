//go:build !linux

package main

// endWithGoRun does nothing outside Linux (no parent-death signal): stop
// `go run` with ^C, which reaches the program too.
func endWithGoRun() {}
