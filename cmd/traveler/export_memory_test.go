package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestExportWorkbookMemory is issue 15 §2's 16,000-result workbook, through
// the product's two ways to it: `traveler export xlsx --event ID` and GET
// /v1/events/{id}/report.xlsx of a `traveler serve`, both built from this
// tree and run as their own processes on a database holding the load test's
// event (32 sections, each a 13-table Mitchell of 13 rounds with 3 boards a
// round: 16,224 results, the contracts of contractsForLoad). It logs each
// process's peak resident memory (VmHWM: the command's as it runs, the
// server's before and after the download) and checks that both give
// the same workbook, part for part, and that it opens. It asserts no memory
// figure (BENCHMARKS.md has them).
func TestExportWorkbookMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds traveler and a 16,224-result event")
	}
	ctx := context.Background()
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	dbURL := dbtest.URL(t)
	id := importLoadEvent(ctx, t, dbURL, 32, 13, 3)
	env := append(freshEnv(tmp, tmp), "DATABASE_URL="+dbURL, "TRAVELER_DIRECTOR_TOKEN="+apitest.DirectorToken)

	// The command's peak is its VmHWM, read while it runs: getrusage's
	// maxrss would count the test process too, whose memory the child
	// shares until it execs.
	cliFile := filepath.Join(tmp, "cli.xlsx")
	cmd := exec.Command(bin, "export", "xlsx", "--event", strconv.FormatInt(id, 10), "-o", cliFile)
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited, peak := make(chan struct{}), make(chan string)
	go func() {
		last := "n/a"
		for {
			if v := vmHWM(cmd.Process.Pid); v != "n/a" {
				last = v
			}
			select {
			case <-exited:
				peak <- last
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	close(exited)
	if err != nil {
		t.Fatalf("traveler export xlsx: %v\n%s", err, out.Bytes())
	}
	t.Logf("traveler export xlsx --event %d: %v (%v of CPU); VmHWM %s", id, time.Since(start).Round(time.Millisecond),
		(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Millisecond), <-peak)
	cli, err := os.ReadFile(cliFile)
	if err != nil {
		t.Fatal(err)
	}

	dir := filepath.Join(tmp, "serve")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := startServe(t, bin, append(env, "TRAVELER_DATA_DIR="+dir), dir)
	before := vmHWM(p.cmd.Process.Pid)
	req, _ := http.NewRequest("GET", p.url+"/v1/events/"+strconv.FormatInt(id, 10)+"/report.xlsx", nil)
	req.Header.Set("Authorization", "Bearer "+apitest.DirectorToken)
	start = time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	api, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET report.xlsx: %d, %v: %.300s", res.StatusCode, err, api)
	}
	t.Logf("GET report.xlsx (%s, Content-Length %d): %d bytes in %v; traveler serve's VmHWM %s before, %s after",
		res.Proto, res.ContentLength, len(api), time.Since(start).Round(time.Millisecond), before, vmHWM(p.cmd.Process.Pid))

	if a, b := zipParts(t, cli), zipParts(t, api); a != b {
		t.Errorf("the command's and the API's workbooks differ:\n%s\n%s", a, b)
	}
	f, err := excelize.OpenReader(bytes.NewReader(api))
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	defer f.Close()
	if got := strings.Join(f.GetSheetList(), ", "); got != "Standings, Travelers, Scorecards, Frequencies, Overall, Royalton report, Law comparison pairs, Law comparison boards" {
		t.Errorf("sheets %s", got)
	}
}

// contractsForLoad are the results cmd/traveler-load's tables enter, in
// turn (its own list of the same name, copied: a command's package main
// cannot be imported).
var contractsForLoad = []struct {
	contract, declarer string
	tricks             int
}{{"4S", "N", 10}, {"3NT", "S", 9}, {"2H", "E", 8}, {"4S", "N", 9}, {"1NT", "W", 7}, {"5DX", "S", 10}, {"3C", "N", 10}, {"6NT", "S", 12}}

// importLoadEvent stores the event `traveler-load` (cmd/traveler-load) plays: sections
// Mitchells of tables tables and boards boards a round, every table
// entering contractsForLoad in turn; it returns the event's id.
func importLoadEvent(ctx context.Context, t *testing.T, dbURL string, sections, tables, boards int) int64 {
	t.Helper()
	store, err := db.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	svc := tournament.NewService(store, tournament.ServiceOptions{})
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: tables, BoardsPerRound: boards}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.EventData{Event: tournament.Event{Name: "Load test", Date: "2026-11-24", Law: scoring.Contract2017, Scoring: tournament.MethodMP}}
	for s := 1; s <= sections; s++ {
		sd := tournament.SectionData{Section: tournament.Section{Name: "S" + strconv.Itoa(s), Spec: spec, Movement: m}}
		for _, rd := range m.Rounds {
			for _, tb := range rd.Tables {
				for i, b := range tb.Boards {
					c := contractsForLoad[((rd.Number-1)*len(tb.Boards)+i)%len(contractsForLoad)] // a table's n-th entry, as traveler-load enters them
					sd.Results = append(sd.Results, tournament.Result{Board: b, Round: rd.Number, Table: tb.Table,
						Contract: c.contract, Declarer: c.declarer, Tricks: c.tricks})
				}
			}
		}
		e.Sections = append(e.Sections, sd)
	}
	start := time.Now()
	d, err := svc.ImportEvent(ctx, tournament.Director, e)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sd := range d.Sections {
		n += len(sd.Results)
	}
	t.Logf("event %d: %d sections, %d results, stored in %v", d.Event.ID, len(d.Sections), n, time.Since(start).Round(time.Millisecond))
	return d.Event.ID
}

// vmHWM is a process's peak resident memory as /proc says it ("n/a" where
// there is no /proc).
func vmHWM(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return "n/a"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "n/a"
}

// zipParts lists a zip's parts with their sizes and sha-256, by name.
func zipParts(t *testing.T, data []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	var parts []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		n, err := io.Copy(h, rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, f.Name+" "+strconv.FormatInt(n, 10)+" "+hex.EncodeToString(h.Sum(nil))+"\n")
	}
	slices.Sort(parts)
	return strings.Join(parts, "")
}
