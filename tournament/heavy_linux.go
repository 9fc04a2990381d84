package tournament

import (
	"math/bits"
	"syscall"
	"unsafe"
)

// lowerThreadPriority lowers the calling thread as Lower does. On Linux a
// nice value is a thread's own (setpriority with a thread id), not the
// process's. The caller has locked its goroutine to the thread and never
// unlocks it.
func lowerThreadPriority(nice int) { Lower(syscall.Gettid(), nice) }

// schedIdle is Linux's idle scheduling class (SCHED_IDLE, sched(7)).
const schedIdle = 5

// Lower gives thread or process id the nice value nice (1–19; below 1 it
// does nothing), and with 19, the lowest, puts it in Linux's idle
// scheduling class too (SCHED_IDLE): a thread there runs only on a CPU no
// other wants — one of result entry's, waking, takes the CPU from it at
// once, and the kernel counts a CPU running only idle threads as free when
// it places one — where a nice-19 thread still has its share and is not
// always preempted: two nice-19 loops took entry p99 from 3.3 to 163 ms on
// this project's 2-CPU machine (BENCHMARKS.md). A process or thread it
// starts inherits both. Best effort: an error (a process of another user,
// without the right to lower it) changes nothing.
func Lower(id, nice int) {
	if nice < 1 {
		return
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, id, min(nice, 19)) // raising one's own nice value is always allowed
	if nice >= 19 {
		var param struct{ priority int32 } // sched_param: 0 for SCHED_IDLE
		syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(id), schedIdle, uintptr(unsafe.Pointer(&param)))
	}
}

// cpuMask is a set of CPUs as sched_setaffinity takes it.
type cpuMask [1024 / 64]uint64

// threadCPUs returns the CPUs the calling thread may run on.
func threadCPUs() (cpuMask, bool) {
	var m cpuMask
	_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m[0])))
	return m, errno == 0
}

// setCPUs keeps thread tid (0: the calling thread) to the CPUs of m.
func setCPUs(tid int, m *cpuMask) {
	syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(tid), unsafe.Sizeof(*m), uintptr(unsafe.Pointer(&m[0])))
}

// PinToLastCPUs keeps the calling thread — and every thread or process it
// starts after — to the last cores of the CPUs it may run on, leaving the
// others to the rest (result entry), unless cores is 0 or not fewer than
// those CPUs, when it does nothing. A nice value alone does not keep a
// background making from slowing entry where both of two CPUs are busy
// (BENCHMARKS.md, "Heavy reads"); a CPU left free does. Best effort: an
// error changes nothing.
func PinToLastCPUs(cores int) {
	m, ok := threadCPUs()
	if !ok || cores <= 0 {
		return
	}
	n := 0
	for _, w := range m {
		n += bits.OnesCount64(w)
	}
	if cores >= n {
		return
	}
	for i := 0; i < len(m)*64 && n > cores; i++ { // drop the first n − cores
		if m[i/64]&(1<<(i%64)) != 0 {
			m[i/64] &^= 1 << (i % 64)
			n--
		}
	}
	setCPUs(0, &m)
}

// ShareCPUs keeps process pid (single-threaded, as a PostgreSQL backend is)
// to the CPUs the calling thread may run on: a making kept to a CPU
// (PinToLastCPUs) has its database's server process work beside it, not on
// the CPU left to entry. Best effort.
func ShareCPUs(pid int) {
	if m, ok := threadCPUs(); ok {
		setCPUs(pid, &m)
	}
}
