package tournament

import "syscall"

// lowerThreadPriority sets the calling thread's nice value to nice (1–19),
// unless nice is below 1. On Linux a nice value is a thread's own
// (setpriority with a thread id), not the process's. The caller has locked
// its goroutine to the thread and never unlocks it.
func lowerThreadPriority(nice int) {
	if nice < 1 {
		return
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), min(nice, 19)) // raising one's own nice value is always allowed
}
