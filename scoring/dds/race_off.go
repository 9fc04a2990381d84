//go:build !race

package dds

// raceDetector is true in a binary built with the race detector (see
// race_on.go).
const raceDetector = false
