//go:build linux

package db

import (
	"os"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// lowerBackend gives PostgreSQL's server process pid, serving database,
// the nice value nice (and the idle class with 19: tournament.Lower) and the CPUs this thread may run on (tournament.ShareCPUs), when it runs on this machine and this process may
// (the same user's cluster, as `traveler serve` manages it, or root):
// otherwise it does nothing. pid is taken for the server's only when
// /proc/pid/cmdline is a PostgreSQL backend's of that database ("postgres:
// [CLUSTER:] USER DATABASE HOST…"), so that a server elsewhere (whose pid means
// nothing here) never has an unrelated process of this machine lowered.
func lowerBackend(pid int, database string, nice int) {
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return
	}
	fields := strings.Fields(strings.ReplaceAll(string(cmdline), "\x00", " "))
	if len(fields) > 1 && fields[0] == "postgres:" && strings.HasSuffix(fields[1], ":") {
		fields = fields[1:] // the cluster's name (cluster_name), as Debian sets it
	}
	if len(fields) < 3 || !strings.HasSuffix(fields[0], ":") || fields[2] != database {
		return
	}
	tournament.Lower(pid, nice)
	tournament.ShareCPUs(pid)
}
