package heavyproc

import (
	"os/exec"
	"syscall"
)

// dieWithThread has cmd killed when the thread that starts it ends: the
// making's thread (tournament's heavy reads lock it, and it ends with its
// goroutine), so that a making never outlives its server, however that
// ends.
func dieWithThread(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
