package reports

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// synthSection builds a played Mitchell section: every table plays every
// board of its round, the contract cycling through 4S N, 3NT S and 2H E with
// tricks varying by table, scored under contract-2017.
func synthSection(tb testing.TB, e tournament.Event, name string, spec tournament.MovementSpec) tournament.SectionData {
	tb.Helper()
	m, err := spec.Build()
	if err != nil {
		tb.Fatal(err)
	}
	sec := tournament.Section{ID: 1, EventID: e.ID, Session: 1, Name: name, Spec: spec, Movement: m}
	contracts := [][2]string{{"4S", "N"}, {"3NT", "S"}, {"2H", "E"}}
	var results []tournament.Result
	for _, rd := range m.Rounds {
		for _, t := range rd.Tables {
			ns, _ := m.PairLabel(t.Cards(scoring.NS))
			ew, _ := m.PairLabel(t.Cards(scoring.EW))
			for _, b := range t.Boards {
				c := contracts[b%3]
				results = append(results, tournament.Result{SectionID: 1, Round: rd.Number, Table: t.Table, Board: b, NS: ns, EW: ew,
					Status: tournament.StatusPlayed, Contract: c[0], Declarer: c[1], Tricks: 7 + (t.Table+b)%5})
			}
		}
	}
	for i, err := range tournament.ScoreResults(scoring.NewRules(e.Law), &sec, nil, results) {
		if err != nil {
			tb.Fatalf("result %d: %v", i, err)
		}
	}
	var pairs []tournament.Pair
	for p := 1; p <= m.Pairs; p++ {
		num, dir := m.PairLabel(p)
		pairs = append(pairs, tournament.Pair{Number: num, Direction: dir, Players: []tournament.Player{{Name: "Player " + num + dir + "a"}, {Name: "Player " + num + dir + "b"}}})
	}
	return tournament.BuildSection(e, sec, pairs, nil, nil, results)
}

// countingWriter counts the bytes written through it.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// vmHWM returns the process's peak resident set (VmHWM), "" where
// /proc/self/status cannot be read.
func vmHWM() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	return ""
}

// TestWorkbookMillionLines writes a workbook of 1,000,000 traveler lines —
// 50 sections, each a 25-table Mitchell of 25 rounds with 32 boards a round
// (800 boards played 25 times: 20,000 lines; 32 is within the 36 boards a
// round a section may have, tournament/limits.go) — and logs its peak
// memory. The 50 sections share their slices, so the event itself is small and the
// figures are the writer's. Travelers and Scorecards (2,000,000 rows) run
// past Excel's last row and continue on numbered sheets, which the test
// checks; it asserts no time.
func TestWorkbookMillionLines(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector multiplies memory and time; make test runs this test again without it")
	}
	if testing.Short() {
		t.Skip("writes a 1,000,000-line workbook")
	}
	e := tournament.Event{ID: 1, Name: "Million", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	one := synthSection(t, e, "1", tournament.MovementSpec{Kind: "mitchell", Tables: 25, BoardsPerRound: 32})
	d := tournament.EventData{Event: e}
	lines := 0
	for i := 1; i <= 50; i++ {
		sd := one
		sd.Section.Name = strconv.Itoa(i)
		d.Sections = append(d.Sections, sd)
		for _, tr := range sd.Travelers {
			lines += len(tr.Lines)
		}
	}
	if lines != 1_000_000 {
		t.Fatalf("%d traveler lines, want 1,000,000", lines)
	}

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var (
		mu            sync.Mutex
		peakHeap      uint64
		peakSys       uint64
		done, stopped = make(chan struct{}), make(chan struct{})
	)
	go func() {
		defer close(stopped)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mu.Lock()
			peakHeap, peakSys = max(peakHeap, ms.HeapInuse), max(peakSys, ms.Sys)
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	var out countingWriter
	err := WriteWorkbook(&out, d)
	took := time.Since(start)
	close(done)
	<-stopped
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("1,000,000 traveler lines: %d bytes of xlsx in %v; heap in use %.0f MB before, peak %.0f MB; peak Sys %.0f MB; VmHWM %s",
		out.n, took.Round(time.Millisecond), float64(base.HeapInuse)/1e6, float64(peakHeap)/1e6, float64(peakSys)/1e6, vmHWM())
	if peakSys > 300e6 {
		t.Errorf("peak memory (runtime Sys) %.0f MB, want under 300 MB", float64(peakSys)/1e6)
	}
}

// TestWorkbookContinuesSheets: a block that would run past Excel's last
// row goes on a new part, "Travelers 2", under its own header. Checked
// through the sheet writer by starting near the last row, so that the test
// need not write a million rows.
func TestWorkbookContinuesSheets(t *testing.T) {
	var buf bytes.Buffer
	b, err := newBook(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer b.f.Close()
	s, err := b.newSheet("Travelers", []string{"Line"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Header in row 1; fill to 3 rows short of the end; a block of 5 rows
	// then moves to "Travelers 2", after its header.
	s.row = excelize.TotalRows - 3
	if err := s.reserve(5); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5; i++ {
		if err := s.add([]any{i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.reserve(excelize.TotalRows); err == nil {
		t.Error("a block of 1,048,576 rows under a header was accepted")
	}
	if err := s.flush(); err != nil {
		t.Fatal(err)
	}
	if err := b.close(); err != nil {
		t.Fatal(err)
	}
	g, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if got := g.GetSheetList(); len(got) != 2 || got[1] != "Travelers 2" {
		t.Fatalf("sheets %v, want [Travelers, Travelers 2]", got)
	}
	wantRow(t, g, "Travelers", 1, "Line")
	wantRow(t, g, "Travelers 2", 1, "Line")
	wantRow(t, g, "Travelers 2", 2, "1")
	wantRow(t, g, "Travelers 2", 6, "5")
}

// BenchmarkStandings800 writes the workbook of an 800-pair event: four
// sections, each a 100-table Mitchell of 10 rounds, two boards a round.
func BenchmarkStandings800(b *testing.B) {
	e := tournament.Event{ID: 1, Name: "800 pairs", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	d := tournament.EventData{Event: e}
	pairs := 0
	for i := 1; i <= 4; i++ {
		sd := synthSection(b, e, strconv.Itoa(i), tournament.MovementSpec{Kind: "mitchell", Tables: 100, Rounds: 10, BoardsPerRound: 2})
		d.Sections = append(d.Sections, sd)
		pairs += len(sd.Standings.Pairs)
	}
	if pairs != 800 {
		b.Fatalf("%d pairs, want 800", pairs)
	}
	b.ResetTimer()
	for b.Loop() {
		if err := WriteWorkbook(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
}
