//go:build race

package dds

// raceDetector is true in a binary built with the race detector, which DDS
// cannot be loaded into: its threads (libgomp's, boost's) crash the
// detector when the process exits.
const raceDetector = true
