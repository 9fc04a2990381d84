//go:build !linux

package db

// lowerBackend does nothing where a process's nice value cannot be set by
// its id.
func lowerBackend(pid int, database string, nice int) {}
