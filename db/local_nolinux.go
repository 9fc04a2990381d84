//go:build unix && !linux

package db

import "syscall"

// childAttr is how the postmaster is started: in a session of its own, so
// that a terminal's signals reach traveler only (it stops the server in
// order). There is no parent-death signal outside Linux: a traveler killed
// with SIGKILL leaves its server running, and the next start adopts it.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true}
}
