//go:build unix

package db

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// osUser is the unprivileged user a root traveler runs the cluster as.
type osUser struct {
	name   string
	uid    uint32
	gid    uint32
	groups map[uint32]bool // its primary and supplementary groups
}

// clusterOwner returns the user to run the cluster as: nil unless traveler
// runs as root; then the owner of an existing cluster (unless that is
// root), else "postgres" if that user exists, else "nobody".
func clusterOwner(pgdata string) (*osUser, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	if fi, err := os.Stat(pgdata); err == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Uid != 0 {
			if u, err := user.LookupId(strconv.FormatUint(uint64(st.Uid), 10)); err == nil {
				return fromUser(u)
			}
			return &osUser{name: "uid " + strconv.FormatUint(uint64(st.Uid), 10), uid: st.Uid, gid: st.Gid, groups: map[uint32]bool{st.Gid: true}}, nil
		}
	}
	var errs []error
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		return fromUser(u)
	}
	return nil, fmt.Errorf("managed PostgreSQL: traveler runs as root, and PostgreSQL refuses to; no unprivileged user to run it as (%v): create the user postgres, run traveler as another user, or set DATABASE_URL", errors.Join(errs...))
}

func fromUser(u *user.User) (*osUser, error) {
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("managed PostgreSQL: user %s: uid %q", u.Username, u.Uid)
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("managed PostgreSQL: user %s: gid %q", u.Username, u.Gid)
	}
	o := &osUser{name: u.Username, uid: uint32(uid), gid: uint32(gid), groups: map[uint32]bool{uint32(gid): true}}
	if ids, err := u.GroupIds(); err == nil {
		for _, id := range ids {
			if g, err := strconv.ParseUint(id, 10, 32); err == nil {
				o.groups[uint32(g)] = true
			}
		}
	}
	return o, nil
}

// apply makes cmd run as the user, with no supplementary groups.
func (u *osUser) apply(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: u.uid, Gid: u.gid}
}

// chown gives one file to the user.
func (u *osUser) chown(path string) error {
	return os.Lchown(path, int(u.uid), int(u.gid))
}

// chownTree gives dir and everything in it to the user.
func chownTree(dir string, u *osUser) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Uid == u.uid && st.Gid == u.gid {
			return nil
		}
		return u.chown(path)
	})
}

// makeTraversable makes dir and each directory above it searchable by the
// user, adding the search (x) bit only where it lacks it, and returns the
// directories it changed.
func makeTraversable(dir string, u *osUser) ([]string, error) {
	var changed []string
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return changed, err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return changed, nil
		}
		perm := fi.Mode().Perm()
		var bit fs.FileMode
		switch {
		case st.Uid == u.uid:
			bit = 0o100
		case u.groups[st.Gid]:
			bit = 0o010
		default:
			bit = 0o001
		}
		if perm&bit == 0 {
			if err := os.Chmod(d, fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)|bit); err != nil {
				return changed, err
			}
			changed = append(changed, d)
		}
		if parent := filepath.Dir(d); parent == d {
			return changed, nil
		}
	}
}

// processExists reports whether a process with this number exists.
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// The signals a postmaster takes: a fast shutdown (sessions ended, a
// checkpoint), an immediate one (crash recovery at the next start), and
// the end.
const (
	sigFastShutdown      = syscall.SIGINT
	sigImmediateShutdown = syscall.SIGQUIT
	sigKill              = syscall.SIGKILL
)

// signalProcess sends sig to the process pid.
func signalProcess(pid int, sig syscall.Signal) error {
	return syscall.Kill(pid, sig)
}
