package heavyproc

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"
)

// TestGateGivesWay: a making waits at a yield point while a write is in
// flight — no longer than MaxGiveWay, and no longer than the write — and
// not at all when none is; only writes are counted.
func TestGateGivesWay(t *testing.T) {
	g, err := NewGate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	start := time.Now()
	g.GiveWay(ctx)
	if d := time.Since(start); d > MaxGiveWay/2 {
		t.Errorf("with no write in flight, GiveWay waited %v", d)
	}
	g.Enter()
	start = time.Now()
	g.GiveWay(ctx)
	if d := time.Since(start); d < MaxGiveWay {
		t.Errorf("with a write in flight throughout, GiveWay waited %v, want MaxGiveWay (%v)", d, MaxGiveWay)
	}
	go func() { time.Sleep(2 * time.Millisecond); g.Leave() }()
	start = time.Now()
	g.GiveWay(ctx)
	if g.n.Load() != 0 {
		t.Fatalf("after Leave the gate counts %d writes", g.n.Load())
	}
	if d := time.Since(start); d >= MaxGiveWay {
		t.Errorf("a write of 2 ms held the making %v, want it to go on when the write ended", d)
	}

	var during []int64
	h := g.Writes(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { during = append(during, g.n.Load()) }))
	for _, m := range []string{"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(m, "/v1/sections/1/results", nil))
	}
	if want := []int64{0, 0, 0, 1, 1, 1, 1}; !equal(during, want) {
		t.Errorf("writes in flight seen by GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE: %v, want %v", during, want)
	}
	var nilGate *Gate
	nilGate.GiveWay(ctx) // a making with no gate never waits
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestGateShared: a making apart sees the count of the server that
// started it (the page handed as its fourth file), and a making handed
// none has no gate.
func TestGateShared(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the gate is shared on Linux only")
	}
	g, err := NewGate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	g.Enter()
	g.Enter()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Command(exe, nil, []string{childEnv + "=gate"}, os.Stderr, g)(context.Background(), job, &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != "2" {
		t.Errorf("the making saw %q writes in flight, want the server's 2", out.String())
	}
	out.Reset()
	if err := maker(t, "gate")(context.Background(), job, &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != "no gate" {
		t.Errorf("a making handed no gate saw %q, want none", out.String())
	}
}
