//go:build !linux

package heavyproc

import "os/exec"

// dieWithThread does nothing where the system cannot tie a process's life
// to its parent's.
func dieWithThread(*exec.Cmd) {}
