package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestServeHeavyApart: serve makes its reports and files in a process of
// its own (`traveler make-heavy`, --heavy-apart, the default), at the
// lowest priority, and answers with exactly what a server making them in
// itself (--heavy-apart=false) answers on the same database: every file and
// JSON report byte for byte, and a refusal with the same status and words
// (issue 24 §2: the making's garbage, collected in the server's own heap,
// held result entry back ×4 — BENCHMARKS.md "Heavy reads").
func TestServeHeavyApart(t *testing.T) {
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	env := append(freshEnv(tmp, tmp), "DATABASE_URL="+dbtest.URL(t), "TRAVELER_DIRECTOR_TOKEN="+apitest.DirectorToken)
	start := func(name string, flags ...string) *served {
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		return startServeWith(t, append(env, "TRAVELER_DATA_DIR="+dir), dir, "", func(addr string) *exec.Cmd {
			return exec.Command(bin, append([]string{"serve", "--addr", addr, "--dd-threads", "0"}, flags...)...)
		})
	}
	apartSrv, inSrv := start("apart"), start("in", "--heavy-apart=false")
	apart, in := apitest.Client{T: t, URL: apartSrv.url}, apitest.Client{T: t, URL: inSrv.url}

	f := apitest.NewMitchell(apart, "Made apart", true)
	sid := "/v1/sections/" + apitest.ID(f.Section.ID)
	for table, c := range []struct {
		contract, declarer string
		tricks             int
	}{{"4S", "N", 10}, {"3NT", "S", 8}, {"4SX", "N", 11}} {
		for _, b := range apitest.Seat(f.Section, 1, table+1).Boards {
			apart.Want(201, nil, "POST", sid+"/results", apitest.DirectorToken, f.Line(1, table+1, b, c.contract, c.declarer, c.tricks))
		}
	}
	ev := "/v1/events/" + apitest.ID(f.Event.ID) + "/"
	for _, path := range []string{"standings.csv", "travelers.csv", "results.pbn", "usebio.xml", "results",
		"reports/royalton", "reports/par", "reports/laws?to=auction-1915", "reports/laws?to=all",
		"standings.csv?section=999999"} {
		got, want := apart.Do("GET", ev+path, "", nil), in.Do("GET", ev+path, "", nil)
		if got.Status != want.Status || string(got.Body) != string(want.Body) {
			t.Errorf("GET %s made apart: %d, %d bytes %.200q; made in the server: %d, %d bytes %.200q",
				path, got.Status, len(got.Body), got.Body, want.Status, len(want.Body), want.Body)
		}
		if path == "standings.csv?section=999999" && got.Status != 404 {
			t.Errorf("GET %s: %d, want 404 (the section is not the event's)", path, got.Status)
		}
	}

	if runtime.GOOS != "linux" {
		return
	}
	// The making is seen as a child of the server: a make-heavy at nice 19,
	// in the idle scheduling class (SCHED_IDLE, 5), inherited from the
	// making's thread.
	// Each try changes the event (its name) so that the file is made anew.
	seen := func(p *served, c apitest.Client) (niceness []string) {
		for try := 0; try < 30 && len(niceness) == 0; try++ {
			c.Want(200, nil, "PATCH", "/v1/events/"+apitest.ID(f.Event.ID), apitest.DirectorToken, map[string]any{"name": "Made apart " + strconv.Itoa(try)})
			done := make(chan struct{})
			go func() { defer close(done); c.Do("GET", ev+"results.pbn", "", nil) }()
			for waiting := true; waiting; {
				select {
				case <-done:
					waiting = false
				default:
					niceness = append(niceness, makersOf(p.cmd.Process.Pid)...)
					time.Sleep(time.Millisecond)
				}
			}
		}
		return niceness
	}
	if got := seen(apartSrv, apart); len(got) == 0 || got[0] != "19/5" {
		t.Errorf("serve: the nice values/scheduling classes of its make-heavy children seen while a file was made: %v, want one at 19/5", got)
	}
	if got := seen(inSrv, in); len(got) != 0 {
		t.Errorf("serve --heavy-apart=false: make-heavy children seen %v, want none", got)
	}
}

// makersOf returns the nice value and scheduling class ("19/5") of each `traveler make-heavy` whose
// parent is pid, from /proc.
func makersOf(pid int) []string {
	var out []string
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		if _, err := strconv.Atoi(d.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: the fields after the command's name, which may hold spaces.
		i := strings.LastIndexByte(string(stat), ')')
		fields := strings.Fields(string(stat[i+1:]))
		if len(fields) < 39 || fields[1] != strconv.Itoa(pid) {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + d.Name() + "/cmdline")
		if strings.Contains(string(cmdline), "make-heavy") {
			out = append(out, fields[16]+"/"+fields[38]) // nice and policy: fields 19 and 41 of stat
		}
	}
	return out
}
