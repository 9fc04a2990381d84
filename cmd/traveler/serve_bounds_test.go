package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// dialFrom connects to addr from the loopback address ip (Linux routes all
// of 127.0.0.0/8 to lo): a client address of its own to the server.
func dialFrom(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// healthz asks for /healthz over c, keeping it open, and returns the
// status, or the error of a connection the server closed; it waits at most
// 10 s, so that a server that neither answers nor closes fails the test.
func healthz(c net.Conn) (int, error) {
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: traveler\r\n\r\n"); err != nil {
		return 0, err
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, nil
}

// TestServeBoundsPerClient is issue 24 §3 against `traveler serve` as
// built: with TRAVELER_CONNECTIONS_PER_ADDRESS=3 a fourth connection from
// one address is closed unanswered (one address held 15,000) while another
// address is served, and with TRAVELER_BODY_TIMEOUT=1s a body trickled a
// byte each 100 ms is answered 408 and logged at INFO (it was held for the
// server's 60 s ReadTimeout and answered 500 at ERROR).
func TestServeBoundsPerClient(t *testing.T) {
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "traveler")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	env := append(freshEnv(tmp, tmp), "DATABASE_URL="+dbtest.URL(t), "TRAVELER_DIRECTOR_TOKEN="+apitest.DirectorToken,
		"TRAVELER_DATA_DIR="+tmp, "TRAVELER_CONNECTIONS_PER_ADDRESS=3", "TRAVELER_BODY_TIMEOUT=1s")
	p := startServe(t, bin, env, tmp)
	addr := strings.TrimPrefix(p.url, "http://")

	for i := 1; i <= 3; i++ {
		if st, err := healthz(dialFrom(t, "127.0.0.2", addr)); st != 200 {
			t.Fatalf("connection %d from 127.0.0.2: %d %v", i, st, err)
		}
	}
	st, err := healthz(dialFrom(t, "127.0.0.2", addr))
	if ne, ok := err.(net.Error); st != 0 || err == nil || (ok && ne.Timeout()) {
		t.Fatalf("a fourth connection from 127.0.0.2: %d %v; want it closed unanswered", st, err)
	}
	if st, err := healthz(dialFrom(t, "127.0.0.3", addr)); st != 200 {
		t.Fatalf("another address while 127.0.0.2 holds its bound: %d %v", st, err)
	}

	c := dialFrom(t, "127.0.0.4", addr)
	if _, err := io.WriteString(c, "POST /v1/events HTTP/1.1\r\nHost: traveler\r\nAuthorization: Bearer "+apitest.DirectorToken+
		"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range 98 {
			time.Sleep(100 * time.Millisecond)
			if _, err := c.Write([]byte(" ")); err != nil {
				return
			}
		}
	}()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("a trickled body: no answer within 10 s: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 408 {
		t.Fatalf("a trickled body: %d, want 408", res.StatusCode)
	}
	p.terminate() // fails on a line logged at ERROR
	out := p.stderr()
	if !strings.Contains(out, `"level":"INFO","msg":"request","method":"POST","path":"/v1/events","status":408`) {
		t.Errorf("no INFO request line with status 408:\n%s", out)
	}
	if !strings.Contains(out, `"level":"INFO","msg":"connections refused: too many open from one address","refused":1,"last":"addr 127.0.0.2","at_most":3`) {
		t.Errorf("the refused connection is not logged:\n%s", out)
	}
}
