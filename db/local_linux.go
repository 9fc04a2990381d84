//go:build linux

package db

import "syscall"

// childAttr is how the postmaster is started: in a session of its own, so
// that a terminal's signals reach traveler only (it stops the server in
// order), and told to shut down fast (SIGINT) when the thread that started
// it ends, which the goroutine that waits for it makes the end of
// traveler: killed, crashed or exited, it takes its PostgreSQL with it.
// (Go sets the parent-death signal after changing to the server's user,
// which would otherwise clear it.)
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Pdeathsig: sigFastShutdown}
}
