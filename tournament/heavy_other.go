//go:build !linux

package tournament

// lowerThreadPriority does nothing but on Linux, where a thread's nice value
// is its own: elsewhere it would be the whole process's.
func lowerThreadPriority(int) {}

// PinToLastCPUs does nothing but on Linux.
func PinToLastCPUs(cores int) {}

// ShareCPUs does nothing but on Linux.
func ShareCPUs(pid int) {}

// Lower does nothing but on Linux.
func Lower(id, nice int) {}
