//go:build race

package e2e

// raceEnabled reports whether the tests run under the race detector, which
// DDS cannot be loaded into (scoring/dds/race_on.go).
const raceEnabled = true
