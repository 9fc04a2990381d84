//go:build !race

package reports

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
