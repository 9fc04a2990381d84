//go:build !unix

package db

import (
	"errors"
	"os/exec"
	"syscall"
)

// osUser is the unprivileged user a root traveler runs the cluster as (Unix only).
type osUser struct{ name string }

func clusterOwner(string) (*osUser, error) {
	return nil, errors.New("managed PostgreSQL: runs on Linux and macOS only; set DATABASE_URL to a PostgreSQL server")
}

func (u *osUser) apply(*exec.Cmd)                       {}
func (u *osUser) chown(string) error                    { return nil }
func chownTree(string, *osUser) error                   { return nil }
func processExists(int) bool                            { return false }
func makeTraversable(string, *osUser) ([]string, error) { return nil, nil }

const (
	sigFastShutdown      = syscall.SIGINT
	sigImmediateShutdown = syscall.SIGINT
	sigKill              = syscall.SIGKILL
)

func childAttr() *syscall.SysProcAttr         { return nil }
func signalProcess(int, syscall.Signal) error { return errors.New("not supported") }
