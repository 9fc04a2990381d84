//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// endWithGoRun makes the process receive SIGTERM when its parent ends,
// when that parent is the go command (`go run ./cmd/traveler serve`): the
// go command does not pass SIGTERM (nor a hang-up's SIGHUP) on to the
// program it runs, and dies of it, which would leave the server and its
// PostgreSQL running with nobody to stop them. Under any other parent (a
// shell, nohup, systemd) nothing changes. Call it after the signals are
// being caught.
func endWithGoRun() {
	ppid := os.Getppid()
	exe, err := os.Readlink("/proc/" + strconv.Itoa(ppid) + "/exe")
	if err != nil || filepath.Base(exe) != "go" {
		return
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_PDEATHSIG, uintptr(syscall.SIGTERM), 0); errno != 0 {
		return
	}
	if os.Getppid() != ppid { // it ended before the signal was set
		_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
	}
}
